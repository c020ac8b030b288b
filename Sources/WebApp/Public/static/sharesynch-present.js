// The presenter view (seed A.3.4): previews of the previous, current and next slides, the notes
// paginated at the chosen font size, the counter, the toolbar and a thumbnail strip. The page
// measures how many notes pages each slide needs and tells the server, then sends intents (keys,
// buttons, swipes, a remote's clicks all end up as the same intents) and shows the states the
// server pushes back.
import { $, api, el, failInto } from "/static/api.js";
import { connectLive, formatTime, isVideo, notesNodes, renderSlide, slideLoader } from "/static/sharesynch-live.js";

const params = new URLSearchParams(location.search);
const series = params.get("series");
const sermonID = params.get("sermon");
const notes = $("notes");
const loadSlides = slideLoader();
const sizeKey = "sharesynch.notesSize";
let notesSize = Number(localStorage.getItem(sizeKey)) || 24;
let sermon = null;
let state = null;
let shownSlide = null;
const reportedPages = new Map(); // slide id → the page count the server was last told
let hadDisplay = false;
let typed = "";
let videoEnds = null;

const fail = failInto("present-error");

// ----- Starting -----

const started = Date.now();
setInterval(() => { $("timer").textContent = formatTime((Date.now() - started) / 1000).padStart(5, "0"); }, 1000);
const token = document.body.dataset.token;
const displayURL = `${location.origin}/sharesynch/display${token ? `?token=${encodeURIComponent(token)}` : ""}`;
$("display-url").href = displayURL;
$("display-url").textContent = displayURL;
notes.style.setProperty("--notes-size", `${notesSize}px`);

let live = null;
start().catch(fail);

async function start() {
  if (!series || !sermonID) throw new Error("No sermon chosen: open one from the ShareSynch menu.");
  const [details] = await Promise.all([
    api("GET", `/api/sharesynch/series/${encodeURIComponent(series)}`),
    api("POST", "/api/sharesynch/live", { series, sermon: sermonID, restart: params.get("start") === "1" }),
  ]);
  if (params.has("start")) { // a reload joins the presentation where it is
    params.delete("start");
    history.replaceState(null, "", `${location.pathname}?${params}`);
  }
  $("appeal-song").replaceChildren(...details.songs.map((song) => el("option", { value: song.id }, song.name)));
  live = connectLive("presenter", {
    onConnection(open) {
      if (!open) delete document.body.dataset.live;
    },
    onState: schedule,
  });
}

// ----- Rendering a state -----

// States are drawn at the next frame, the newest only: the display (often a window of the same
// browser, sharing its main thread) handles the same state first, which is what the audience sees.
let queued = null;
function schedule(next) {
  const idle = queued === null;
  queued = next;
  if (!idle) return;
  const run = () => {
    const state = queued;
    queued = null;
    render(state).catch(fail);
  };
  if (document.hidden) run();
  else requestAnimationFrame(run);
}

async function render(next) {
  if (next.series !== series || next.sermon !== sermonID) {
    fail(new Error("Another sermon is being presented now; reopen this one from the menu to take over."));
    return;
  }
  state = next;
  const loaded = await loadSlides(next);
  if (state !== next) return;
  if (loaded !== sermon) {
    sermon = loaded;
    shownSlide = null;
    renderThumbs();
    measureAllPages();
  }
  const slide = sermon.byID.get(next.slide);
  $("counter").textContent = next.counter;
  if (next.slide !== shownSlide) {
    shownSlide = next.slide;
    showSlide(slide);
  }
  scrollNotes(next.step, slide?.kind !== "appeal");
  const appealSlide = slide?.kind === "appeal";
  $("notes-page").textContent = appealSlide ? `Appeal ${next.step + 1}/${next.steps}` : `Notes ${next.step + 1}/${next.steps}`;
  $("notes-more").hidden = !(next.step + 1 < next.steps);
  $("appeal-now").hidden = !appealSlide;
  $("appeal-now").textContent = appealSlide ? `On screen: ${next.appealText ?? "(no text)"}` : "";
  const appeal = next.pendingAppeal ?? next.appeal;
  $("appeal-type").value = appeal.type;
  if (appeal.song) $("appeal-song").value = appeal.song;
  $("black").setAttribute("aria-pressed", String(next.black));
  renderDisplayAlert(next.displays);
  markThumb(next.slide);
  $("edit").href = `/sharesynch/edit?series=${encodeURIComponent(series)}&sermon=${encodeURIComponent(sermonID)}&slide=${next.slide ?? ""}`;
  Object.assign(document.body.dataset, { live: "1", slide: String(next.slide ?? ""), step: String(next.step) });
}

function showSlide(slide) {
  const index = state.index;
  const visible = sermon.visible;
  const previews = [["preview-prev", state.previous, index - 1], ["preview-current", state.slide, index], ["preview-next", state.next, index + 1]];
  for (const [id, slideID, position] of previews) {
    const figure = $(id);
    const shown = sermon.byID.get(slideID);
    figure.dataset.slide = shown ? String(shown.id) : "";
    figure.querySelector(".frame").replaceChildren(...(shown ? [preview(shown)] : []));
    figure.querySelector(".position").textContent = shown ? `${position + 1}/${visible.length}` : "";
  }
  notes.replaceChildren(...notesNodes(slide?.notes ?? ""));
  notes.scrollTop = pageHeight() * state.step;
  renderMirror(slide);
  startVideoCountdown(slide);
}

/** A preview of a slide, reused while the slides and the appeal shown stay the same. */
const previews = new Map();
function preview(slide) {
  const key = `${sermon.key}|${slide.id}|${slide.kind === "appeal" ? state.appealResource : ""}`;
  if (!previews.has(key)) {
    if (previews.size > 30) previews.clear();
    previews.set(key, renderSlide(slide, series, { appealResource: state.appealResource }));
  }
  return previews.get(key);
}

/** The slide itself in the presenter window, while mirroring. */
function renderMirror(slide) {
  const mirroring = document.body.classList.contains("mirroring");
  $("mirror").replaceChildren(...(slide && mirroring ? [renderSlide(slide, series, { appealResource: state.appealResource })] : []));
}

function scrollNotes(step, smooth) {
  const top = pageHeight() * step;
  if (Math.abs(notes.scrollTop - top) > 1) notes.scrollTo({ top, behavior: smooth ? "smooth" : "instant" });
}

function renderThumbs() {
  $("thumbs").replaceChildren(...sermon.visible.map((slide, index) => {
    const thumb = el("button", { type: "button", class: "thumb", title: `Slide ${index + 1}`, dataset: { number: String(index + 1), slide: String(slide.id) } },
      renderSlide(slide, series, { appealResource: state.appealResource }), el("span", { class: "number" }, String(index + 1)));
    thumb.addEventListener("click", () => live.send({ intent: "show", slide: slide.id }));
    return thumb;
  }));
}

let currentThumb = null;
/** Marks the current slide's thumbnail and scrolls it into view (after this frame's updates). */
function markThumb(slideID) {
  const thumb = $("thumbs").querySelector(`.thumb[data-slide="${slideID}"]`);
  if (thumb === currentThumb) return;
  currentThumb?.classList.remove("current");
  currentThumb = thumb;
  if (!thumb) return;
  thumb.classList.add("current");
  requestAnimationFrame(() => thumb.scrollIntoView({ block: "nearest", inline: "nearest" }));
}

function renderDisplayAlert(displays) {
  const alert = $("display-alert");
  alert.hidden = displays > 0;
  if (displays === 0) $("display-alert-text").textContent = hadDisplay ? "The display disconnected." : "No display is connected.";
  hadDisplay = displays > 0 || hadDisplay;
}

// ----- Notes pages -----

/** The notes area's page: a whole number of lines, so no line is cut between pages. */
function pageHeight() {
  const line = parseFloat(getComputedStyle(notes).lineHeight) || notesSize * 1.5;
  return Math.max(line, Math.floor(notes.clientHeight / line) * line);
}

/** Measures every slide's notes at the current size and width (in a hidden copy of the notes
 * area) and tells the server each count that changed. */
function measureAllPages() {
  if (!sermon) return;
  const page = pageHeight();
  const probe = el("div", { class: "notes", dir: "auto" });
  Object.assign(probe.style, { position: "absolute", visibility: "hidden", left: "-10000px", top: "0",
    width: `${notes.clientWidth}px`, height: `${page}px` });
  probe.style.setProperty("--notes-size", `${notesSize}px`);
  document.body.append(probe);
  for (const slide of sermon.visible) {
    if (slide.kind === "appeal") continue; // an appeal's steps are its text chunks
    probe.replaceChildren(...notesNodes(slide.notes));
    const pages = Math.max(1, Math.ceil((probe.scrollHeight - 1) / page));
    if ((reportedPages.get(slide.id) ?? 1) !== pages) {
      reportedPages.set(slide.id, pages);
      live.send({ intent: "pages", slide: slide.id, count: pages });
    }
  }
  probe.remove();
}

function setNotesSize(size) {
  notesSize = Math.min(64, Math.max(12, size));
  localStorage.setItem(sizeKey, String(notesSize));
  notes.style.setProperty("--notes-size", `${notesSize}px`);
  measureAllPages();
  if (state) scrollNotes(state.step, false);
}

let resizeTimer = null;
window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(measureAllPages, 150);
});

// ----- Video countdown (presenter only) -----

function startVideoCountdown(slide) {
  videoEnds = null;
  $("video-remaining").hidden = true;
  const resource = slide?.kind === "appeal" ? state.appealResource : slide?.resource;
  if (!isVideo(resource)) return;
  const probe = $("preview-current").querySelector("video");
  const begin = Date.now();
  const arm = () => { videoEnds = begin + probe.duration * 1000; };
  if (probe?.readyState >= 1) arm();
  else probe?.addEventListener("loadedmetadata", arm, { once: true });
}
setInterval(() => {
  const box = $("video-remaining");
  if (!videoEnds) return;
  const left = (videoEnds - Date.now()) / 1000;
  box.hidden = left <= 0;
  box.textContent = `Video: ${formatTime(left)} left`;
  if (left <= 0) videoEnds = null;
}, 250);

// ----- Controls -----

const advance = () => live?.send({ intent: "advance" });
const back = () => live?.send({ intent: "back" });
$("next").addEventListener("click", advance);
$("prev").addEventListener("click", back);
$("black").addEventListener("click", () => live?.send({ intent: "black" }));
$("font-larger").addEventListener("click", () => setNotesSize(notesSize + 4));
$("font-smaller").addEventListener("click", () => setNotesSize(notesSize - 4));
$("fullscreen").addEventListener("click", toggleFullscreen);
$("projection").addEventListener("click", () => {
  const mirroring = document.body.classList.toggle("mirroring");
  $("projection").setAttribute("aria-pressed", String(mirroring));
  $("mirror").hidden = !mirroring;
  if (state && sermon) renderMirror(sermon.byID.get(state.slide));
});
for (const id of ["appeal-type", "appeal-song"]) {
  $(id).addEventListener("change", () => live?.send({ intent: "appeal", type: $("appeal-type").value, song: $("appeal-song").value || null }));
}

function toggleFullscreen() {
  if (document.fullscreenElement) document.exitFullscreen();
  else document.documentElement.requestFullscreen?.().catch(() => {});
}

document.addEventListener("keydown", (event) => {
  if (event.target.closest?.("select, input, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key;
  if (/^[0-9]$/.test(key)) {
    typed += key;
    $("counter").textContent = `→ ${typed}`;
  } else if (key === "Enter" && typed) {
    live?.send({ intent: "jump", number: Number(typed) });
    typed = "";
  } else if (["ArrowRight", "PageDown", " ", "ArrowDown"].includes(key)) {
    advance();
  } else if (["ArrowLeft", "PageUp", "ArrowUp"].includes(key)) {
    back();
  } else if (key === "b" || key === "B" || key === ".") {
    live?.send({ intent: "black" });
  } else if (key === "f" || key === "F") {
    toggleFullscreen();
  } else if (key === "Escape" && typed) {
    typed = "";
    if (state) $("counter").textContent = state.counter;
  } else {
    return;
  }
  event.preventDefault();
});

// Touch: swipe left to advance and right to go back; with "screen sides" chosen in settings, a
// tap on the left or right third does the same.
const advanceMode = $("advance-mode").dataset.mode;  // from settings, as the server rendered the page
let touchStart = null;
const main = document.querySelector(".presenter-main");
main.addEventListener("pointerdown", (event) => { touchStart = { x: event.clientX, y: event.clientY }; });
main.addEventListener("pointerup", (event) => {
  if (!touchStart) return;
  const dx = event.clientX - touchStart.x;
  const dy = event.clientY - touchStart.y;
  touchStart = null;
  if (Math.abs(dx) > 60 && Math.abs(dx) > Math.abs(dy)) {
    if (dx < 0) advance(); else back();
  } else if (Math.abs(dx) < 10 && advanceMode === "sides") {
    const third = innerWidth / 3;
    if (event.clientX < third) back(); else if (event.clientX > 2 * third) advance();
  }
});
