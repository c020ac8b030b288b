// The stage view, for a pulpit tablet or a second monitor facing the speaker: the current and the
// next slide, the notes page the speaker is on, the wall clock, the time the sermon has run and a
// countdown to the sermon's target length (amber in the last five minutes, red once over). It
// follows the presentation's state and sends the same intents as the presenter's keys.
import { $, t } from "/static/api.js";
import { listenForKeys } from "/static/sharesynch-keys.js";
import { connectLive, formatTime, notesNodes, renderSlide, slideLoader } from "/static/sharesynch-live.js";

/** The countdown turns amber this many seconds before the target. */
const warnBefore = 5 * 60;
const notes = $("stage-notes");
const loadSlides = slideLoader();
let latest = null;
const shown = { current: null, next: null, notes: null };
/** The notes page shown: the speaker's, or the first on an appeal slide (its steps are chunks). */
let page = { step: 0, steps: 1 };
/** The timer as the last state gave it, and when that state arrived (to count on locally). */
let timing = null;

const live = connectLive("stage", {
  onConnection(open) {
    if (!open) delete document.body.dataset.live;
  },
  async onState(state) {
    latest = state;
    timing = { elapsed: state.elapsed, running: state.timerRunning, target: state.target, at: performance.now() };
    const sermon = await loadSlides(state);
    if (state !== latest) return; // a newer state arrived while the slides loaded
    render(state, sermon);
    tick(); // the clocks after the slide: it is what the speaker waits for
  },
});

function render(state, sermon) {
  const slide = sermon.byID.get(state.slide);
  const next = sermon.byID.get(state.next);
  const version = `${sermon.key}|${state.appealResource ?? ""}`;
  showSlide("stage-current-slide", slide, state, `${version}|${slide?.id}`, "current");
  showSlide("stage-next-slide", next, state, `${version}|${next?.id}`, "next");
  if (shown.notes !== `${sermon.key}|${slide?.id}`) {
    shown.notes = `${sermon.key}|${slide?.id}`;
    notes.replaceChildren(...notesNodes(slide?.notes ?? ""));
  }
  const appeal = slide?.kind === "appeal";
  page = appeal ? { step: 0, steps: 1 } : { step: state.step, steps: state.steps };
  $("stage-page").textContent = state.steps > 1 ? t(appeal ? "sharesynch.js.appealPage" : "sharesynch.js.notesPage", { page: state.step + 1, pages: state.steps }) : "";
  $("stage-more").hidden = !(state.step + 1 < state.steps);
  $("stage-appeal").hidden = !appeal;
  $("stage-appeal").textContent = appeal ? t("sharesynch.js.onScreen", { text: state.appealText ?? t("sharesynch.js.noText") }) : "";
  $("stage-counter").textContent = state.counter;
  $("stage-blank").hidden = !(state.black || state.white);
  $("stage-blank").textContent = state.black ? t("sharesynch.js.blackScreen") : state.white ? t("sharesynch.js.whiteScreen") : "";
  Object.assign(document.body.dataset, {
    live: "1", slide: String(state.slide ?? ""), next: String(state.next ?? ""), step: String(state.step),
  });
  turnNotesAtNextFrame();
}

let turnPending = false;
/** Turns the notes to the speaker's page at the next frame, before it is drawn. Measuring the notes
 * there, once every write of the state is made, costs the one layout the frame needs anyway; a
 * measure between the writes cost a second layout on every advance. */
function turnNotesAtNextFrame() {
  if (turnPending) return;
  turnPending = true;
  requestAnimationFrame(() => {
    turnPending = false;
    showNotesPage();
  });
}

/** Puts a slide in one of the two frames, unless it is there already. On an advance the new
 * current slide is the one the next frame shows: it is moved across, not drawn again. */
function showSlide(id, slide, state, key, which) {
  if (shown[which] === key) return;
  const frame = $(id);
  if (which === "current" && shown.next === key) {
    frame.replaceChildren(...$("stage-next-slide").childNodes);
    shown.next = null;
  } else {
    frame.replaceChildren(...(slide ? [renderSlide(slide, state.series, { appealResource: state.appealResource })] : []));
  }
  shown[which] = key;
  frame.dataset.slide = slide ? String(slide.id) : "";
}

/** Scrolls the notes to the speaker's page. The presenter measured its pages at its own size;
 * here the same share of the notes is on each page, so page `step` of `steps` begins that share
 * of the way down (at a line's start). */
function showNotesPage() {
  const line = parseFloat(getComputedStyle(notes).lineHeight) || 24;
  const top = Math.floor((notes.scrollHeight * page.step) / Math.max(1, page.steps) / line) * line;
  notes.scrollTo({ top, behavior: "instant" });
  notes.dataset.page = String(page.step);
}
window.addEventListener("resize", showNotesPage);

/** The wall clock's format, made once (making one costs more than formatting with it). */
const wallClock = new Intl.DateTimeFormat([], { hour: "2-digit", minute: "2-digit" });

/** The wall clock, the time the sermon has run (counting on from the last state while the timer
 * runs) and the countdown to the target. */
function tick() {
  $("wall-clock").textContent = wallClock.format(new Date());
  if (!timing) return;
  const elapsed = timing.elapsed + (timing.running ? (performance.now() - timing.at) / 1000 : 0);
  $("stage-elapsed").textContent = formatTime(Math.floor(elapsed));
  $("stage-paused").hidden = timing.running;
  const box = $("countdown-box");
  box.hidden = timing.target == null;
  if (timing.target == null) return;
  const left = timing.target - elapsed;
  box.dataset.state = left < 0 ? "over" : left <= warnBefore ? "near" : "ok";
  $("countdown-label").textContent = left < 0 ? t("sharesynch.js.overBy") : t("sharesynch.js.left");
  $("countdown").textContent = formatTime(left < 0 ? Math.floor(-left) : Math.ceil(left));
}
tick();
setInterval(tick, 250);

// ----- Moving the presentation -----

const advance = () => live.send({ intent: "advance" });
const back = () => live.send({ intent: "back" });
$("stage-advance").addEventListener("click", advance);
$("stage-back").addEventListener("click", back);
// Every clicker key, as in the other windows (docs/sharesynch.md lists them).
listenForKeys({ send: (intent) => live.send(intent), total: () => latest?.total ?? 0 });
