// The presenter view (seed A.3.4): previews of the previous, current and next slides, the notes
// paginated at the chosen font size, the counter, the timer, the toolbar and a thumbnail strip.
// The page measures how many notes pages each slide needs and tells the server, then sends
// intents (keys, a clicker, buttons, touches and a remote's clicks all end up as the same
// intents) and shows the states the server pushes back. With two presenter windows of different
// sizes, the one that last moved the presentation counts the pages (the server ignores the
// other's counts); the other shows its own page at the same place in the notes.
import { $, api, el, failInto, t } from "/static/api.js";
import { listenForKeys, toggleFullscreen } from "/static/sharesynch-keys.js";
import { connectLive, isVideo, renderSlide, slideLoader } from "/static/sharesynch-live.js";
import { videoControls } from "/static/sharesynch-video.js";
import { notesPager } from "/static/sharesynch-pages.js";
import { presentationClock, showClock, tapOrHold } from "/static/sharesynch-timer.js";
import { buttonCounts, touchAdvance } from "/static/sharesynch-touch.js";

const params = new URLSearchParams(location.search);
const series = params.get("series");
const sermonID = params.get("sermon");
const sizeKey = "sharesynch.notesSize";
const advanceMode = document.body.dataset.advance; // from settings, as the server rendered the page
let sermon = null;
let state = null;
let shownSlide = null;
let shownAppeal = null; // the appeal resource the previews and thumbnails were drawn with
const reportedPages = new Map(); // slide id → the page count the server was last told
let claimUntil = 0; // until then, states follow this window's own move: its page count should count
let hadDisplay = false;
let typedDigits = "";

const fail = failInto("present-error");
const showVideo = videoControls((intent) => live?.send(intent));
const pager = notesPager($("notes-frame"), $("notes"), {
  size: Number(localStorage.getItem(sizeKey)) || 24,
  onLayout() {
    measureAllPages();
    if (state) placeNotes(false);
  },
});

// ----- Starting -----

const clock = presentationClock();
const drawClock = showClock($("timer"), clock);
const token = document.body.dataset.token;
const displayURL = `${location.origin}/sharesynch/display${token ? `?token=${encodeURIComponent(token)}` : ""}`;
$("display-url").href = displayURL;
$("display-url").textContent = displayURL;

let live = null;
const opening = new AbortController();
const loading = setTimeout(() => { $("loading").hidden = false; }, 500); // seed A.3.4: a slow sermon shows progress
$("loading-cancel").addEventListener("click", () => {
  opening.abort();
  location.href = "/sharesynch";
});
start().catch((error) => {
  clearTimeout(loading);
  $("loading").hidden = true;
  fail(error);
});

async function start() {
  if (!series || !sermonID) throw new Error(t("sharesynch.js.noSermon"));
  const { signal } = opening;
  const [details] = await Promise.all([
    api("GET", `/api/sharesynch/series/${encodeURIComponent(series)}`, undefined, { signal }),
    api("POST", "/api/sharesynch/live", { series, sermon: sermonID, restart: params.get("start") === "1" }, { signal }),
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
    fail(new Error(t("sharesynch.js.anotherSermon")));
    return;
  }
  state = next;
  clock.sync(next);
  drawClock();
  const loaded = await loadSlides(next);
  if (state !== next) return;
  clearTimeout(loading);
  $("loading").hidden = true;
  if (loaded !== sermon) {
    sermon = loaded;
    shownSlide = null;
    shownAppeal = next.appealResource;
    renderThumbs();
    measureAllPages();
  }
  const slide = sermon.byID.get(next.slide);
  if (!typedDigits) $("counter").textContent = next.counter;
  const newSlide = next.slide !== shownSlide;
  const newAppeal = next.appealResource !== shownAppeal;
  const appealSlide = slide?.kind === "appeal";
  $("appeal-now").hidden = !appealSlide; // above the notes: set before they are measured
  $("appeal-now").textContent = appealSlide ? t("sharesynch.js.onScreen", { text: next.appealText ?? t("sharesynch.js.noText") }) : "";
  if (newSlide || newAppeal) {
    shownAppeal = next.appealResource;
    renderPreviews();
    renderMirror(slide);
  }
  if (newAppeal) redrawAppealThumbs();
  if (newSlide) {
    shownSlide = next.slide;
    pager.show(slide?.notes ?? "");
  }
  showVideo(next, isVideo(slide?.kind === "appeal" ? next.appealResource : slide?.resource));
  syncPages(slide);
  placeNotes(true);
  const appeal = next.pendingAppeal ?? next.appeal;
  $("appeal-type").value = appeal.type;
  if (appeal.song) $("appeal-song").value = appeal.song;
  $("black").setAttribute("aria-pressed", String(next.black));
  $("white").setAttribute("aria-pressed", String(next.white));
  renderDisplayAlert(next.displays);
  markThumb(next.slide);
  $("edit").href = `/sharesynch/edit?series=${encodeURIComponent(series)}&sermon=${encodeURIComponent(sermonID)}&slide=${next.slide ?? ""}`;
  Object.assign(document.body.dataset, { live: "1", slide: String(next.slide ?? ""), step: String(next.step) });
}

const loadSlides = slideLoader();

function renderPreviews() {
  const index = state.index;
  const total = sermon.visible.length;
  const previews = [["preview-prev", state.previous, index - 1], ["preview-current", state.slide, index], ["preview-next", state.next, index + 1]];
  for (const [id, slideID, position] of previews) {
    const figure = $(id);
    const shown = sermon.byID.get(slideID);
    figure.dataset.slide = shown ? String(shown.id) : "";
    figure.querySelector(".frame").replaceChildren(...(shown ? [preview(shown)] : []));
    figure.querySelector(".position").textContent = shown ? `${position + 1}/${total}` : "";
  }
}

/** A preview of a slide, reused while the slides and the appeal shown stay the same. */
const previewCache = new Map();
function preview(slide) {
  const key = `${sermon.key}|${slide.id}|${slide.kind === "appeal" ? state.appealResource : ""}`;
  if (!previewCache.has(key)) {
    if (previewCache.size > 30) previewCache.clear();
    previewCache.set(key, renderSlide(slide, series, { appealResource: state.appealResource }));
  }
  return previewCache.get(key);
}

/** The slide itself in the presenter window, while mirroring. */
function renderMirror(slide) {
  const mirroring = document.body.classList.contains("mirroring");
  $("mirror").replaceChildren(...(slide && mirroring ? [renderSlide(slide, series, { appealResource: state.appealResource })] : []));
}

function renderThumbs() {
  $("thumbs").replaceChildren(...sermon.visible.map((slide, index) => {
    const caption = slide.title ? `${index + 1} ${slide.title}` : String(index + 1); // an imported slide's title
    const thumb = el("button", { type: "button", class: "thumb", title: t("sharesynch.js.slide", { caption }), dataset: { number: String(index + 1), slide: String(slide.id) } },
      thumbPicture(slide), el("span", { class: "number", dir: "auto" }, caption));
    thumb.addEventListener("click", () => move({ intent: "show", slide: slide.id }));
    return thumb;
  }));
  currentThumb = null;
}

const thumbPicture = (slide) => renderSlide(slide, series, { appealResource: state.appealResource });

/** The appeal slides' thumbnails, after the appeal's type or song changed. */
function redrawAppealThumbs() {
  for (const slide of sermon.visible.filter((candidate) => candidate.kind === "appeal")) {
    $("thumbs").querySelector(`.thumb[data-slide="${slide.id}"] .slide`)?.replaceWith(thumbPicture(slide));
  }
}

let currentThumb = null;
/** Marks the current slide's thumbnail and keeps it in view (after this frame's updates). */
function markThumb(slideID) {
  const thumb = $("thumbs").querySelector(`.thumb[data-slide="${slideID}"]`);
  if (thumb === currentThumb) return;
  currentThumb?.classList.remove("current");
  currentThumb = thumb;
  if (!thumb) return;
  thumb.classList.add("current");
  requestAnimationFrame(() => showThumb(thumb));
}

/** Turns the strip a page when the current thumbnail has left it: past the right edge, the
 * thumbnail comes to the left edge (and back past the left edge, to the right), so the next
 * advances need no scrolling. Scrolling the strip by a thumbnail on every advance, as keeping it
 * just in view did, was half the presenter's work per advance (the strip is drawn again at every
 * step of a scroll); the turn is instant, since a smooth one kept the strip moving through a run
 * of quick advances. */
function showThumb(thumb) {
  const thumbs = $("thumbs");
  const strip = thumbs.getBoundingClientRect();
  const { left, right } = thumb.getBoundingClientRect();
  if (left >= strip.left && right <= strip.right) return;
  // Past the right edge it goes to the left edge, and the other way round, whichever way the
  // strip runs; its `start` is the left edge only when it runs left to right.
  const toLeftEdge = right > strip.right;
  const leftIsStart = getComputedStyle(thumbs).direction !== "rtl";
  thumb.scrollIntoView({ block: "nearest", inline: toLeftEdge === leftIsStart ? "start" : "end", behavior: "instant" });
}

function renderDisplayAlert(displays) {
  const alert = $("display-alert");
  alert.hidden = displays > 0;
  if (displays === 0) $("display-alert-text").textContent = hadDisplay ? t("sharesynch.js.displayGone") : t("sharesynch.js.noDisplay");
  hadDisplay = displays > 0 || hadDisplay;
}

// ----- Notes pages -----

/** Shows the notes page for the state's step: this window's own page when its count is the
 * server's (it leads), else the page at the same place as the leader's (it follows). On an
 * appeal slide the steps are the appeal's chunks or the notes pages, whichever are more. */
function placeNotes(smooth) {
  const slide = sermon?.byID.get(state.slide);
  if (!slide) return;
  const appealSlide = slide.kind === "appeal";
  const mine = pager.count;
  const leading = state.steps === mine;
  const page = appealSlide || leading ? Math.min(state.step, mine - 1) : pager.follow(state.step, state.steps);
  pager.turnTo(page, smooth && !appealSlide);
  const [shown, of] = appealSlide || leading ? [state.step, state.steps] : [page, mine];
  $("notes-page").textContent = t(appealSlide ? "sharesynch.js.appealPage" : "sharesynch.js.notesPage", { page: shown + 1, pages: of });
  $("notes-more").hidden = !(shown + 1 < of);
}

/** Tells the server this window's page count for every slide that changed, measured in a hidden
 * copy of the notes box (the server keeps a count only from the presenter that leads). */
function measureAllPages() {
  if (!sermon || !live || !pager.visible) return;
  const counts = pager.countPages(sermon.visible.map((slide) => slide.notes));
  sermon.visible.forEach((slide, index) => report(slide.id, counts[index]));
}

function report(slideID, count, again = false) {
  if (!again && (reportedPages.get(slideID) ?? 1) === count) return;
  reportedPages.set(slideID, count);
  live.send({ intent: "pages", slide: slideID, count });
}

/** When the server's steps for the current slide are not this window's pages: right after this
 * window moved the presentation it leads, so its count replaces the one another presenter gave;
 * otherwise it offers its count once (taken when no other presenter leads, as after a reload). */
function syncPages(slide) {
  if (!slide || !pager.visible) return;
  const mine = pager.count;
  if (slide.kind === "appeal" ? state.steps >= mine : state.steps === mine) return;
  if (performance.now() < claimUntil || reportedPages.get(slide.id) !== mine) report(slide.id, mine, true);
}

function setNotesSize(size) {
  const clamped = Math.min(64, Math.max(12, size));
  localStorage.setItem(sizeKey, String(clamped));
  pager.resize(clamped);
}

// ----- Controls -----

/** Sends an intent that moves the presentation: this window now counts the notes pages, from the
 * slide it is on (the server takes the intents in order) to the states that follow. */
function move(intent) {
  if (!live) return;
  live.send(intent);
  claimUntil = performance.now() + 1500;
  if (state && sermon) syncPages(sermon.byID.get(state.slide));
}

const send = (intent) => (["advance", "back", "jump", "show"].includes(intent.intent) ? move(intent) : live?.send(intent));
listenForKeys({
  send,
  total: () => state?.total ?? 0,
  onTyped(digits) {
    typedDigits = digits;
    $("counter").textContent = digits ? `→ ${digits}` : state?.counter ?? "–/–";
  },
});
$("next").addEventListener("click", (event) => { if (buttonCounts(event, advanceMode)) move({ intent: "advance" }); });
$("prev").addEventListener("click", (event) => { if (buttonCounts(event, advanceMode)) move({ intent: "back" }); });
touchAdvance(document.querySelector(".presenter-main"), advanceMode, {
  advance: () => move({ intent: "advance" }),
  back: () => move({ intent: "back" }),
});
$("black").addEventListener("click", () => live?.send({ intent: "black" }));
$("white").addEventListener("click", () => live?.send({ intent: "white" }));
tapOrHold($("timer"), {
  tap: () => live?.send({ intent: "timer", action: "toggle" }),
  hold: () => live?.send({ intent: "timer", action: "reset" }),
});
$("font-larger").addEventListener("click", () => setNotesSize(pager.size + 4));
$("font-smaller").addEventListener("click", () => setNotesSize(pager.size - 4));
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
