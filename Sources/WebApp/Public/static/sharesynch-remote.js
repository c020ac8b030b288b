// The phone remote: large back and next buttons, the counter and the current notes. It sends
// intents; the server moves the presenter and every display.
import { $ } from "/static/api.js";
import { connectLive, notesNodes, slideLoader } from "/static/sharesynch-live.js";

const counter = $("counter");
const notes = $("notes");
const loadSlides = slideLoader();
let latest = null;

const live = connectLive("remote", {
  onConnection(open) {
    if (!open) delete document.body.dataset.live;
  },
  async onState(state) {
    latest = state;
    const sermon = await loadSlides(state);
    if (state !== latest) return;
    counter.textContent = state.counter;
    const slide = sermon.byID.get(state.slide);
    notes.replaceChildren(...notesNodes(slide?.notes ?? ""));
    Object.assign(document.body.dataset, { live: "1", slide: String(state.slide ?? ""), step: String(state.step) });
  },
});
$("prev").addEventListener("click", () => live.send({ intent: "back" }));
$("next").addEventListener("click", () => live.send({ intent: "advance" }));
