// The audience display: the current slide full screen, fading from one to the next; overlay text
// drawn over pictures; videos play here; appeal text over the appeal video; black screen. It
// follows the server's presentation state and never decides anything itself.
import { connectLive, renderSlide, slideLoader } from "/static/sharesynch-live.js";

const stage = document.getElementById("stage");
const appealText = document.getElementById("appeal-text");
const sound = document.getElementById("sound");
const loadSlides = slideLoader();
const rendered = new Map(); // "id|resource" → element, so returning to a slide reuses it
let shown = null;
let latest = null;

connectLive("display", {
  onConnection(open) {
    if (!open) delete document.body.dataset.live;
  },
  async onState(state) {
    latest = state;
    const sermon = await loadSlides(state);
    if (state !== latest) return; // a newer state arrived while the slides loaded
    show(sermon.byID.get(state.slide), state);
    appealText.textContent = state.appealText ?? "";
    document.body.classList.toggle("black", state.black);
    Object.assign(document.body.dataset, {
      live: "1", slide: String(state.slide ?? ""), step: String(state.step), counter: state.counter,
    });
  },
});

function show(slide, state) {
  const key = slide ? `${slide.id}|${slide.kind === "appeal" ? state.appealResource : slide.resource}` : "";
  if (key === shown) return;
  const previous = stage.querySelector(".slide.current");
  if (previous) {
    previous.classList.remove("current");
    previous.querySelector("video")?.pause();
  }
  shown = key;
  if (!slide) return;
  let element = rendered.get(key);
  if (!element) {
    element = renderSlide(slide, state.series, { appealResource: state.appealResource, video: "play" });
    rendered.set(key, element);
    stage.append(element);
  }
  element.classList.add("current");
  const video = element.querySelector("video");
  if (video) play(video);
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
document.addEventListener("keydown", (event) => {
  if (event.key === "f") document.documentElement.requestFullscreen?.().catch(() => {});
});
