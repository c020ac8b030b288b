// Key It's edit screen: the chapter's items in printed order, autosaved as the user types, with a
// popover of the actions the server allows on each item.
import { $, api, autosave, el, saveKeepalive, t } from "/static/api.js";

const list = $("items");
const popover = $("popover");
const statusLabel = $("save-status");
const retryButton = $("retry");
let chapter = JSON.parse($("chapter-data").textContent);
// Every call names the Bible this page shows, whatever another tab has chosen since.
const bibleAPI = `/api/keyit/bibles/${chapter.bible}`;
// Opening the chapter is where the user is now; the page is ready once that is recorded.
const positioned = api("POST", `${bibleAPI}/position`, { book: chapter.book.code, chapter: chapter.number },
  { keepalive: true }).catch(() => {});

// Items in a team conflict get a badge that opens the book's conflicts.
let conflictItems = new Set(JSON.parse($("conflict-items").textContent));
const conflictWords = $("conflict-words").dataset;

const carets = new Map(); // item id -> caret position (UTF-16) when the field was left
let currentItem = chapter.currentItem;
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Letters (grapheme clusters) before a UTF-16 position: the offsets the server counts in. */
function letterOffset(text, position) {
  return [...graphemes.segment(text.slice(0, position))].length;
}

function showStatus(state) {
  const words = { saved: t("keyit.js.saved"), saving: t("keyit.js.saving"), failed: t("keyit.js.failed") };
  statusLabel.textContent = words[state];
  statusLabel.className = `save-status ${state}`;
  retryButton.hidden = state !== "failed";
}

/** A save the server refused: retrying cannot help, the page asks the user instead. */
const isRefusal = (error) => error.status === 409 || error.status === 404;

function showFailed(error) {
  if (isRefusal(error)) return;  // refusedSave shows what happened
  showStatus("failed");
  statusLabel.title = error.message;
}

/** Revisions known from an earlier answer are dropped once the chapter is read again (an
 * action's answer, say), except for text still waiting to be saved. */
function forgetRevisions() {
  for (const id of [...typedOn.keys()]) if (!unsaved.has(id)) typedOn.delete(id);
}

const itemOf = (id) => chapter.items.find((candidate) => candidate.id === id);

// The revision of the text each field's typing started from: a save sends it, and the server
// refuses it when the text was changed elsewhere since (another tab, another device).
const typedOn = new Map(); // item id -> revision
const revisionFor = (id) => typedOn.get(id) ?? itemOf(id)?.revision;

// Drafts: text typed and not yet acknowledged, kept in the browser's storage (per Bible) so it
// survives the tab being discarded or the phone losing the server; sent again when the chapter
// is opened again.
const draftsKey = `keyit-drafts:${chapter.bible}`;
function drafts() {
  try { return JSON.parse(localStorage.getItem(draftsKey)) ?? {}; } catch { return {}; }
}
function keepDraft(id, text) {
  const all = drafts();
  if (text === undefined) delete all[id]; else all[id] = { text, revision: revisionFor(id) };
  try { localStorage.setItem(draftsKey, JSON.stringify(all)); } catch { /* storage full or off */ }
}

// Text typed but not yet saved, by item id: one save of an item at a time, 0.6 s after the last
// keystroke, retried every 3 s while the server cannot be reached, sent with keepalive when the
// page goes away. A save the server refuses (changed elsewhere, or the item is gone) is not
// retried: the page shows what happened and lets the user choose.
const unsaved = autosave({
  save: (id, text) => api("PUT", `${bibleAPI}/items/${id}/text`, { text, revision: revisionFor(id) }),
  keepalive: (id, text) => saveKeepalive("PUT", `${bibleAPI}/items/${id}/text`, { text, revision: revisionFor(id) }),
  delay: 600,
  retryDelay: 3000,
  maxRetryDelay: 3000,
  refused: isRefusal,
  onSaving: () => showStatus("saving"),
  onSaved: (id, saved, text) => {
    const item = itemOf(id);
    if (item) Object.assign(item, { text: saved.text, revision: saved.revision });
    typedOn.set(id, saved.revision);
    if (drafts()[id]?.text === text) keepDraft(id, undefined);
    currentItem = id;
    if (unsaved.size === 0) showStatus("saved");
  },
  onError: showFailed,
  onRefused: (id, text, error) => refusedSave(id, error).catch(showFailed),
});

/** The chapter as the server has it now. */
function fetchChapter() {
  return api("GET", `${bibleAPI}/books/${chapter.book.code}/chapters/${chapter.number}`);
}

/** A save was refused: the text changed elsewhere (both are shown, the user keeps one), or the
 * item is gone (another tab bridged or deleted it, an import replaced the chapter: the page says
 * where its verse went and offers to add the typed text there). */
async function refusedSave(id, error) {
  const row = list.querySelector(`li[data-id="${id}"]`);
  const mine = row?.querySelector("textarea")?.value ?? drafts()[id]?.text ?? "";
  unsaved.discard(id);
  const fresh = await fetchChapter();
  const theirs = fresh.items.find((candidate) => candidate.id === id);
  if (error.status === 409 && theirs && row) {
    showStatus(unsaved.size === 0 ? "saved" : "saving");
    row.querySelector(".conflict")?.remove();
    const choice = el("div", { class: "conflict", role: "alert" },
      el("p", { textContent: t("keyit.js.conflict") }),
      el("p", { class: "theirs", dir: "auto", textContent: theirs.text }),
      el("button", {
        type: "button", class: "secondary", dataset: { keep: "theirs" }, textContent: t("keyit.js.keepTheirs"),
        onclick: () => {
          Object.assign(itemOf(id), { text: theirs.text, revision: theirs.revision });
          typedOn.set(id, theirs.revision);
          row.querySelector("textarea").value = theirs.text;
          keepDraft(id, undefined);
          choice.remove();
        },
      }),
      el("button", {
        type: "button", dataset: { keep: "mine" }, textContent: t("keyit.js.keepMine"),
        onclick: () => {
          typedOn.set(id, theirs.revision);
          unsaved.set(id, row.querySelector("textarea").value);
          showStatus("saving");
          unsaved.flush(id).catch(showFailed);
          choice.remove();
        },
      }));
    row.append(choice);
    return;
  }
  // The item is gone: where did its verse go?
  const old = itemOf(id);
  chapter = fresh;
  forgetRevisions();
  render(currentItem);
  showStatus(unsaved.size === 0 ? "saved" : "saving");
  if (!mine) return keepDraft(id, undefined);
  const home = old && chapter.items.find((item) =>
    item.type === "Verse" && item.verse <= old.verse && old.verse <= item.lastVerse);
  const notice = el("div", { class: "conflict moved", role: "alert" },
    el("p", { textContent: home
      ? t("keyit.js.joined", { item: old.label, into: home.label })
      : t("keyit.js.removed", { item: old?.label ?? t("keyit.js.thisItem") }) }),
    el("p", { class: "mine", dir: "auto", textContent: mine }));
  if (home) {
    notice.append(el("button", {
      type: "button", dataset: { keep: "add" }, textContent: t("keyit.js.addTo", { item: home.label }),
      onclick: () => {
        const field = list.querySelector(`li[data-id="${home.id}"] textarea`);
        field.value = field.value ? `${field.value} ${mine}` : mine;
        unsaved.set(home.id, field.value);
        keepDraft(home.id, field.value);
        showStatus("saving");
        unsaved.flush(home.id).catch(showFailed);
        keepDraft(id, undefined);
        notice.remove();
      },
    }));
  }
  notice.append(el("button", {
    type: "button", class: "secondary", dataset: { keep: "discard" }, textContent: t("keyit.js.discard"),
    onclick: () => { keepDraft(id, undefined); notice.remove(); },
  }));
  list.before(notice);
}

async function saveAll() {
  await unsaved.flush().catch(showFailed);
  if (unsaved.size > 0) throw new Error(t("keyit.js.notSavedYet"));
}

function fitHeight(field) {
  field.style.height = "auto";
  field.style.height = `${field.scrollHeight + 2}px`;
}

function fields() {
  return [...list.querySelectorAll("textarea")];
}

function moveToNextField(field) {
  const all = fields();
  const next = all[all.indexOf(field) + 1];
  if (next) {
    next.focus();
    next.setSelectionRange(next.value.length, next.value.length);
  }
}

function itemElement(item) {
  const label = el("button", {
    type: "button", class: "label", textContent: item.label, "aria-haspopup": "dialog",
    onclick: () => openActions(item, label),
  });
  const row = el("li", {
    class: `item type-${item.type}${item.marker ? ` style-${item.marker}` : ""}`, dataset: { id: item.id },
  }, label);
  if (conflictItems.has(item.id)) {
    row.classList.add("in-conflict");
    row.append(el("a", { class: "badge conflict-badge", href: conflictWords.href, textContent: `⚠ ${conflictWords.badge}` }));
  }
  if (!item.hasText) return row;
  const field = el("textarea", {
    rows: 1, dir: "auto", spellcheck: false, "aria-label": item.label,  // no dictionary knows the language
    value: unsaved.has(item.id) ? unsaved.get(item.id) : item.text,
    oninput: () => {
      if (!unsaved.has(item.id) && !typedOn.has(item.id)) typedOn.set(item.id, itemOf(item.id)?.revision);
      unsaved.set(item.id, field.value);
      keepDraft(item.id, field.value);
      fitHeight(field);
      showStatus("saving");
    },
    onfocus: () => {
      list.querySelectorAll("li.current").forEach((node) => node.classList.remove("current"));
      row.classList.add("current");
      if (currentItem !== item.id) {
        currentItem = item.id;
        api("POST", `${bibleAPI}/items/${item.id}/current`).catch(() => {});
      }
    },
    onblur: () => {
      carets.set(item.id, field.selectionStart);
      if (unsaved.has(item.id)) unsaved.flush(item.id).catch(showFailed);
    },
    onkeydown: (event) => {
      if ((event.key === "Enter" || event.key === "Tab") && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        moveToNextField(field);
      }
    },
  });
  row.append(field);
  return row;
}

/** Draws the chapter's items (nothing is focused or scrolled). */
function drawItems() {
  list.replaceChildren(...chapter.items.map(itemElement));
  // A line's text is shown indented as its break's style says (a poetry line, an indented paragraph).
  let style = null;
  chapter.items.forEach((item, index) => {
    if (item.type === "Para" || item.type === "ParaCont") style = item.marker;
    else if (item.type !== "Verse" && item.type !== "VerseCont") style = null;
    else if (style) list.children[index].classList.add(`style-${style}`);
  });
  fields().forEach(fitHeight);
}

function render(focusId) {
  drawItems();
  const row = list.querySelector(`li[data-id="${focusId}"]`) || list.querySelector("li");
  if (!row) return;
  row.scrollIntoView({ block: "center" });
  // A paragraph break has no text: the caret goes on to the next text field, so a phone's
  // keyboard stays open (the label is focused only when no field follows).
  let target = row;
  while (target && !target.querySelector("textarea")) target = target.nextElementSibling;
  const field = target?.querySelector("textarea");
  if (field) {
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  } else {
    row.querySelector(".label").focus();
  }
}

function closePopover() {
  popover.hidden = true;
  popover.replaceChildren();
}

function placePopover(anchor) {
  const box = anchor.getBoundingClientRect();
  popover.style.top = `${window.scrollY + box.bottom + 4}px`;
  popover.style.left = `${Math.max(8, Math.min(window.scrollX + box.left, window.innerWidth - popover.offsetWidth - 8))}px`;
}

async function openActions(item, anchor) {
  closePopover();
  popover.hidden = false;
  popover.append(el("p", { class: "hint", textContent: "…" }));
  placePopover(anchor);
  try {
    await saveAll();
    const actions = await api("GET", `${bibleAPI}/items/${item.id}/actions`);
    popover.replaceChildren(
      ...actions.map((action) =>
        el("button", {
          type: "button", class: "secondary", textContent: action.label, dataset: { action: action.id },
          onclick: () => (action.question ? askWhere(item, action) : perform(item, action, undefined)),
        })),
      el("button", { type: "button", class: "secondary", textContent: t("keyit.js.cancel"), onclick: closePopover }));
    if (actions.length === 0) popover.prepend(el("p", { class: "hint", textContent: t("keyit.js.nothingToDo") }));
    placePopover(anchor);
    popover.querySelector("button").focus();
  } catch (error) {
    popover.replaceChildren(el("p", { class: "error", textContent: error.message }));
  }
}

/** Asks inside the popover where to split the text: the user puts the cursor there. */
function askWhere(item, action) {
  const current = chapter.items.find((candidate) => candidate.id === item.id);
  const text = current ? current.text : item.text;
  const copy = el("textarea", { readOnly: true, dir: "auto", value: text, "aria-label": action.question });
  popover.replaceChildren(
    el("p", { class: "question", textContent: action.question }),
    copy,
    el("button", {
      type: "button", textContent: t("keyit.js.splitHere"), dataset: { answer: "split" },
      onclick: () => perform(item, action, letterOffset(text, copy.selectionStart)),
    }),
    el("button", { type: "button", class: "secondary", textContent: t("keyit.js.cancel"), onclick: closePopover }));
  copy.focus();
  const caret = carets.get(item.id) ?? text.length;
  copy.setSelectionRange(caret, caret);
}

async function perform(item, action, offset) {
  try {
    chapter = await api("POST", `${bibleAPI}/items/${item.id}/actions/${action.id}`, offset === undefined ? {} : { offset });
    forgetRevisions();
    closePopover();
    currentItem = chapter.currentItem;
    render(chapter.currentItem);
  } catch (error) {
    popover.replaceChildren(el("p", { class: "error", textContent: error.message }),
      el("button", { type: "button", class: "secondary", textContent: t("keyit.js.close"), onclick: closePopover }));
  }
}

/** What a structural change alters: which items there are, in which order, as what. */
const shapeOf = (items) => items.map((item) => `${item.id} ${item.type} ${item.verse}-${item.lastVerse} ${item.marker}`).join("|");

/** The ids of `items` in a conflict waiting, as the server has them now (those known so far when
 * it cannot say). */
async function conflictsAmong(items) {
  const conflicts = await api("GET", `${bibleAPI}/conflicts`).catch(() => null);
  if (!conflicts) return conflictItems;
  const here = new Set(conflicts.filter((found) => found.book === chapter.book.code && found.chapter === chapter.number)
    .map((found) => found.conflict.itemUID));
  return new Set(items.filter((item) => here.has(item.uid)).map((item) => item.id));
}

/** Another device bridged, unbridged, inserted or deleted items, or a conflict came or went: the
 * chapter is drawn again as the server has it. Text still waiting to be saved stays in its field
 * (an item gone meets the save's refusal, which says where its verse went); the field being typed
 * in keeps the focus and its caret; nothing scrolls. */
function redrawSynced(fresh) {
  const active = document.activeElement;
  const focusedId = Number(active?.closest?.("li[data-id]")?.dataset.id);
  const caret = active?.tagName === "TEXTAREA" ? active.selectionStart : null;
  for (const item of fresh.items) if (typedOn.has(item.id) && !unsaved.has(item.id)) typedOn.set(item.id, item.revision);
  chapter = { ...fresh, currentItem: chapter.currentItem };
  drawItems();
  const field = list.querySelector(`li[data-id="${focusedId}"] textarea`);
  if (field && caret !== null) {
    field.focus({ preventScroll: true });
    field.setSelectionRange(caret, caret);
  }
}

/** A team sync finished (keyit-team.js says so): the fields whose text another device changed take
 * it, unless the user is typing in them (a save then meets the new revision and asks); the caret of
 * a focused field stays where it was. A change of the chapter's items or conflicts redraws it. */
async function takeSyncedText() {
  // A word being composed (a phone's keyboard, an input method) is not interrupted: the sync's
  // text is taken when it ends.
  if (composing) { syncWaiting = true; return; }
  const fresh = await fetchChapter().catch(() => null);
  if (!fresh) return;
  const conflicted = await conflictsAmong(fresh.items);
  const sameConflicts = conflicted.size === conflictItems.size && [...conflicted].every((id) => conflictItems.has(id));
  if (shapeOf(fresh.items) !== shapeOf(chapter.items) || !sameConflicts) {
    conflictItems = conflicted;
    redrawSynced(fresh);
    return;
  }
  for (const item of fresh.items) {
    const known = itemOf(item.id);
    if (!known || known.revision === item.revision || unsaved.has(item.id)) continue;
    Object.assign(known, { text: item.text, revision: item.revision });
    if (typedOn.has(item.id)) typedOn.set(item.id, item.revision);
    const box = list.querySelector(`li[data-id="${item.id}"] textarea`);
    if (!box) continue;
    const caret = box.selectionStart;
    box.value = item.text;
    if (box === document.activeElement) box.setSelectionRange(caret, caret);
    fitHeight(box);
  }
}
let composing = false;
let syncWaiting = false;
document.addEventListener("compositionstart", () => { composing = true; });
document.addEventListener("compositionend", () => {
  composing = false;
  if (syncWaiting) { syncWaiting = false; takeSyncedText(); }
});
document.addEventListener("keyit:synced", () => { takeSyncedText(); });

retryButton.addEventListener("click", () => unsaved.flush().catch(showFailed));
document.addEventListener("keydown", (event) => { if (event.key === "Escape") closePopover(); });
document.addEventListener("click", (event) => {
  // composedPath is fixed when the click starts, so it still holds the popover after a button
  // inside it has replaced the popover's content.
  const path = event.composedPath();
  if (!popover.hidden && !path.includes(popover) && !event.target.classList.contains("label")) closePopover();
});
// Leaving with text not saved yet asks first; what is queued is sent as the page goes (pagehide).
window.addEventListener("beforeunload", (event) => {
  if (unsaved.size > 0) event.preventDefault();
});

// Drafts this chapter's items still hold from an earlier visit go back in their fields and are
// saved again (with the revision they were typed on).
for (const [key, draft] of Object.entries(drafts())) {
  const id = Number(key);
  const item = itemOf(id);
  if (!item || !item.hasText) continue;
  if (draft.text === item.text) { keepDraft(id, undefined); continue; }
  typedOn.set(id, draft.revision);
  unsaved.set(id, draft.text);
  showStatus("saving");
}

render(chapter.currentItem);
performance.mark("keyit-rendered");
positioned.then(() => { document.body.dataset.ready = "true"; });
