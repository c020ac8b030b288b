// Edit mode (seed A.3.5): the current slide beside its notes in a small rich-text editor, slide
// actions, rearrange mode with drag and drop and multiple selection, undo and redo. Every change
// is saved as it is made; the server keeps only the allowed formatting and the undo history.
import { $, api, autosave, el, failInto, saveKeepalive, t } from "/static/api.js";
import { notesNodes, renderSlide } from "/static/sharesynch-live.js";

const params = new URLSearchParams(location.search);
const series = params.get("series");
const sermonID = params.get("sermon");
const base = `/api/sharesynch/series/${encodeURIComponent(series)}/sermons/${encodeURIComponent(sermonID)}/edit`;
const editor = $("notes-editor");
let slides = [];
let index = 0;
let selected = new Set();
let wantedPosition = 0; // the place of the slide asked for, when its id belongs to another variation

const showError = failInto("edit-error");

function fail(error) {
  showError(error);
  setSaveState("failed", t("sharesynch.js.notSaved", { error: error.message ?? error }));
}

function setSaveState(state, text) {
  $("save-state").dataset.state = state;
  $("save-state").textContent = text;
}

/** Sends one change; the answer carries the slides and what undo and redo can do. */
async function change(path, body) {
  setSaveState("saving", t("sharesynch.js.saving"));
  const answer = await api("POST", `${base}/${path}`, body ?? {});
  slides = answer.slides;
  $("undo").disabled = !answer.status.canUndo;
  $("redo").disabled = !answer.status.canRedo;
  $("edit-error").hidden = true;
  setSaveState("saved", t("sharesynch.js.saved"));
  return answer;
}

/** Runs a change after saving notes still waiting, then shows the result. */
async function act(path, body, options) {
  try {
    await unsavedNotes.flush();
    const keep = slides[index]?.id;
    await change(path, body);
    const found = slides.findIndex((slide) => slide.id === (options?.focus ?? keep));
    index = found >= 0 ? found : Math.min(index, slides.length - 1);
    render();
  } catch (error) {
    fail(error);
  }
}

// ----- Start -----

start().catch(fail);

async function start() {
  const details = await api("GET", `/api/sharesynch/series/${encodeURIComponent(series)}`);
  const variation = details.variations.find((v) => v.id === details.series.currentVariationID);
  const sermon = details.sermons.find((s) => s.id === sermonID);
  $("edit-title").textContent = t("sharesynch.js.editTitle", { title: sermon?.title ?? sermonID });
  $("done").href = `/sharesynch/present?series=${encodeURIComponent(series)}&sermon=${encodeURIComponent(sermonID)}`;
  $("import-sermon").replaceChildren(el("option", { value: "" }, t("sharesynch.js.chooseSermon")),
    ...details.sermons.filter((s) => s.id !== sermonID).map((s) => el("option", { value: s.id }, s.title)));
  if (variation?.isOriginal) {
    // A new variation's slides get new ids: remember where the wanted slide is to find it there.
    const original = await api("GET", `/api/sharesynch/series/${encodeURIComponent(series)}/sermons/${encodeURIComponent(sermonID)}/slides`);
    wantedPosition = original.slides.findIndex((slide) => slide.id === Number(params.get("slide")));
    $("need-variation").hidden = false;
    return;
  }
  await change("begin");
  const wanted = slides.findIndex((slide) => slide.id === Number(params.get("slide")));
  index = Math.max(0, wanted >= 0 ? wanted : wantedPosition);
  $("single").hidden = false;
  render();
}

$("variation-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    await api("POST", `/api/sharesynch/series/${encodeURIComponent(series)}/variations`, { name: $("variation-name").value });
    $("need-variation").hidden = true;
    await start();
  } catch (error) {
    fail(error);
  }
});

// ----- Rendering -----

function render() {
  const slide = slides[index];
  if (!slide) return;
  $("edit-preview").replaceChildren(renderSlide(slide, series));
  $("edit-position").textContent = t(slide.hidden ? "sharesynch.js.positionHidden" : "sharesynch.js.position", { number: index + 1, total: slides.length });
  $("toggle-hidden").textContent = slide.hidden ? t("sharesynch.js.show") : t("sharesynch.js.hide");
  renderAppeal(slide);
  if (!unsavedNotes.has(slide.id)) editor.replaceChildren(...notesNodes(slide.notes));
  editor.dataset.slide = String(slide.id);
  renderGrid();
}

/** An appeal slide's audience text as the server read it from the saved notes. */
function renderAppeal(slide) {
  $("appeal-help").hidden = slide.kind !== "appeal";
  if (!slide.appeal) return;
  const steps = slide.appeal.chunks.map((chunk) => el("li", { dir: "auto" }, `“${chunk}”`));
  if (slide.appeal.removesText) steps.push(el("li", { class: "hint" }, t("sharesynch.js.textRemoved")));
  $("appeal-preview").replaceChildren(...steps);
}

function renderGrid() {
  $("slide-grid").replaceChildren(...slides.map((slide, position) => {
    const tile = el("div", { class: `tile${slide.hidden ? " hidden-slide" : ""}${selected.has(slide.id) ? " selected" : ""}`,
      dataset: { slide: String(slide.id), position: String(position) } },
    renderSlide(slide, series), el("span", { class: "number" }, String(position + 1)));
    return tile;
  }));
}

// ----- Notes -----

// Notes typed but not yet saved, by slide: saved 0.7 s after the last change, before any other
// change (switching slides, leaving), and sent with keepalive when the page goes away. A failed
// save is shown and stays queued for the next change.
const unsavedNotes = autosave({
  save: (slide, html) => change("notes", { slide, html }),
  keepalive: (slide, html) => saveKeepalive("POST", `${base}/notes`, { slide, html }),
  delay: 700,
  onSaved: (slide) => {
    const saved = slides.find((candidate) => candidate.id === slide);
    if (saved && saved.id === slides[index]?.id) renderAppeal(saved);
  },
  onError: fail,
});

editor.addEventListener("input", () => {
  unsavedNotes.set(slides[index].id, editor.innerHTML);
  setSaveState("saving", t("sharesynch.js.saving"));
});


// Pasted and dropped HTML keeps only the allowed formatting; nothing from it runs.
editor.addEventListener("paste", (event) => {
  event.preventDefault();
  const html = event.clipboardData.getData("text/html");
  const nodes = html ? notesNodes(html) : [document.createTextNode(event.clipboardData.getData("text/plain"))];
  const range = getSelection().rangeCount ? getSelection().getRangeAt(0) : null;
  if (!range) return;
  range.deleteContents();
  const fragment = document.createDocumentFragment();
  fragment.append(...nodes);
  range.insertNode(fragment);
  range.collapse(false);
  editor.dispatchEvent(new Event("input"));
});
editor.addEventListener("drop", (event) => event.preventDefault());

for (const button of document.querySelectorAll(".format-bar button")) {
  button.addEventListener("mousedown", (event) => event.preventDefault()); // keep the selection
  button.addEventListener("click", () => format(button.dataset.command));
}

function format(command) {
  editor.focus();
  document.execCommand(command);
  editor.dispatchEvent(new Event("input"));
}

document.addEventListener("keydown", (event) => {
  const mod = event.ctrlKey || event.metaKey;
  if (!mod) return;
  const key = event.key.toLowerCase();
  if (key === "z") {
    event.preventDefault();
    act(event.shiftKey ? "redo" : "undo");
  } else if (key === "y") {
    event.preventDefault();
    act("redo");
  } else if (event.shiftKey && key === "x" && editor.contains(document.activeElement)) {
    event.preventDefault();
    format("strikeThrough");
  } else if (event.shiftKey && (key === "8" || key === "*") && editor.contains(document.activeElement)) {
    event.preventDefault();
    format("insertUnorderedList");
  }
});

// ----- Slide actions -----

$("edit-prev").addEventListener("click", () => go(index - 1));
$("edit-next").addEventListener("click", () => go(index + 1));

async function go(target) {
  try {
    await unsavedNotes.flush();
  } catch (error) {
    fail(error);
    return;
  }
  index = Math.max(0, Math.min(slides.length - 1, target));
  render();
}

$("undo").addEventListener("click", () => act("undo"));
$("redo").addEventListener("click", () => act("redo"));
$("duplicate").addEventListener("click", () => act("duplicate", { slide: slides[index].id }));
$("toggle-hidden").addEventListener("click", () => act("visibility", { slides: [slides[index].id], hidden: !slides[index].hidden }));
$("delete-slide").addEventListener("click", () => act("delete", { slide: slides[index].id }));
$("restore-notes").addEventListener("click", async () => {
  const slide = slides[index].id;
  unsavedNotes.discard(slide);
  await act("notes", { slide });
  editor.replaceChildren(...notesNodes(slides[index].notes));
});
$("reset").addEventListener("click", () => {
  if (confirm(t("sharesynch.js.confirmReset"))) {
    unsavedNotes.discard();
    act("reset").then(() => editor.replaceChildren(...notesNodes(slides[index]?.notes ?? "")));
  }
});
for (const [id, after] of [["insert-before", false], ["insert-after", true]]) {
  $(id).addEventListener("change", async () => {
    const file = $(id).files[0];
    $(id).value = "";
    if (!file) return;
    const next = slides[index].id;
    const before = new Set(slides.map((slide) => slide.id));
    await act(`insert?next=${next}&after=${after ? 1 : 0}`, file);
    const added = slides.findIndex((slide) => !before.has(slide.id));
    if (added >= 0) go(added);
  });
}
$("import-sermon").addEventListener("change", async () => {
  const other = $("import-sermon").value;
  if (!other) return;
  try {
    const answer = await api("GET", `/api/sharesynch/series/${encodeURIComponent(series)}/sermons/${encodeURIComponent(other)}/slides`);
    $("import-slides").replaceChildren(...answer.slides.map((slide) => {
      const button = el("button", { type: "button", class: "thumb", dataset: { slide: String(slide.id) } }, renderSlide(slide, series));
      button.addEventListener("click", () =>
        act("import", { slide: slide.id, at: $("import-where").value === "before" ? index : index + 1 }));
      return button;
    }));
  } catch (error) {
    fail(error);
  }
});
$("done").addEventListener("click", async (event) => {
  event.preventDefault();
  try {
    await unsavedNotes.flush();
    await api("POST", `${base}/end`);
    location.href = $("done").href;
  } catch (error) {
    fail(error);
  }
});

// ----- Rearrange mode -----

$("rearrange").addEventListener("click", async () => {
  await unsavedNotes.flush().catch(fail);
  const on = $("grid").hidden;
  $("grid").hidden = !on;
  $("single").hidden = on;
  $("rearrange").setAttribute("aria-pressed", String(on));
  selected = new Set();
  renderGrid();
});
$("hide-selected").addEventListener("click", () => act("visibility", { slides: [...selected], hidden: true }));
$("show-selected").addEventListener("click", () => act("visibility", { slides: [...selected], hidden: false }));

// Dragging works with a mouse, a pen or a finger (pointer events): a tile follows the pointer
// and is dropped where the pointer is released; a tap without moving selects or deselects.
let drag = null;
$("slide-grid").addEventListener("pointerdown", (event) => {
  const tile = event.target.closest(".tile");
  if (!tile) return;
  event.preventDefault();
  drag = { tile, x: event.clientX, y: event.clientY, moved: false };
  tile.setPointerCapture(event.pointerId);
});
$("slide-grid").addEventListener("pointermove", (event) => {
  if (!drag) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.moved && Math.hypot(dx, dy) < 8) return;
  drag.moved = true;
  drag.tile.classList.add("dragging");
  drag.tile.style.transform = `translate(${dx}px, ${dy}px)`;
});
$("slide-grid").addEventListener("pointerup", (event) => {
  if (!drag) return;
  const { tile, moved } = drag;
  drag = null;
  tile.classList.remove("dragging");
  tile.style.transform = "";
  const id = Number(tile.dataset.slide);
  if (!moved) {
    if (selected.has(id)) selected.delete(id); else selected.add(id);
    tile.classList.toggle("selected", selected.has(id));
    return;
  }
  tile.style.visibility = "hidden";
  const target = document.elementFromPoint(event.clientX, event.clientY)?.closest(".tile");
  tile.style.visibility = "";
  if (target && target !== tile) act("move", { slide: id, to: Number(target.dataset.position) }, { focus: id });
});
