// The audience display: the current slide full screen, fading from one to the next; overlay text
// drawn over pictures; videos play here; appeal text over the appeal video; black or white
// screen. It follows the server's presentation state and never decides anything itself; the
// keys of a keyboard or clicker work here as in the presenter (the focus is often left here
// after pressing F).
import { $ } from "/static/api.js";
import { listenForKeys } from "/static/sharesynch-keys.js";
import { connectLive, renderSlide, slideLoader } from "/static/sharesynch-live.js";
import { followVideo } from "/static/sharesynch-video.js";

const stage = $("stage");
const appealText = $("appeal-text");
const sound = $("sound");
const loadSlides = slideLoader();
const rendered = new Map(); // keyOf(slide) → its element in the stage
let shown = null;
let latest = null;
let latestSlides = null;

const live = connectLive("display", {
  onConnection(open) {
    if (!open) delete document.body.dataset.live;
  },
  async onState(state) {
    latest = state;
    const sermon = await loadSlides(state);
    if (state !== latest) return; // a newer state arrived while the slides loaded
    latestSlides = sermon;
    show(sermon.byID.get(state.slide), state);
    const video = stage.querySelector(".slide.current video");
    followVideo(video, state, (intent) => live.send(intent));
    if (video && !video.muted) sound.hidden = true;
    appealText.textContent = state.appealText ?? "";
    document.body.classList.toggle("black", state.black);
    document.body.classList.toggle("white", state.white);
    Object.assign(document.body.dataset, {
      live: "1", slide: String(state.slide ?? ""), step: String(state.step), counter: state.counter,
    });
  },
});

function show(slide, state) {
  const key = slide ? keyOf(slide, state) : "";
  if (key === shown) return;
  const previous = stage.querySelector(".slide.current");
  if (previous) {
    previous.classList.remove("current");
    previous.querySelector("video")?.pause();
  }
  shown = key;
  if (slide) {
    const current = element(slide, state);
    current.classList.add("current");
    const video = current.querySelector("video");
    if (video) play(video);
  }
  const next = latestSlides?.byID.get(state.next);
  if (next) element(next, state); // ready before it is needed
  prune(state);
}

/** What a slide's element shows: a change (another language's overlay text, another appeal song)
 * makes a new element. */
const keyOf = (slide, state) =>
  JSON.stringify([slide.id, slide.kind === "appeal" ? state.appealResource : slide.resource, slide.overlay ?? null]);

/** The slide's element in the stage, made on first use. */
function element(slide, state) {
  const key = keyOf(slide, state);
  let found = rendered.get(key);
  if (!found) {
    found = renderSlide(slide, state.series, { appealResource: state.appealResource, video: "play" });
    rendered.set(key, found);
    stage.append(found);
  }
  return found;
}

/** Keeps the stage small: the current slide, the next, and the one fading out. */
function prune(state) {
  const keep = new Set([shown]);
  const next = latestSlides?.byID.get(state.next);
  if (next) keep.add(keyOf(next, state));
  for (const [key, node] of rendered) {
    if (keep.has(key)) continue;
    rendered.delete(key);
    setTimeout(() => node.remove(), 400); // after the fade
  }
}

/** Plays from the start with sound when the browser allows it, else muted with a button for sound. */
function play(video) {
  video.currentTime = 0;
  video.muted = false;
  video.play().catch(() => {
    video.muted = true;
    sound.hidden = false;
    video.play().catch(() => {});
  });
}

sound.addEventListener("click", () => {
  sound.hidden = true;
  stage.querySelectorAll("video").forEach((video) => { video.muted = false; });
});
listenForKeys({ send: (intent) => live.send(intent), total: () => latest?.total ?? 0 });
