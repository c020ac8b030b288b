// The phone remote: large back and next buttons, the counter, how long the sermon has run, the
// notes page the presenter is on and the current notes. It sends intents; the server moves the
// presenter and every display. A keyboard or clicker works here as in the presenter.
import { $, t } from "/static/api.js";
import { listenForKeys } from "/static/sharesynch-keys.js";
import { connectLive, notesNodes, slideLoader } from "/static/sharesynch-live.js";
import { presentationClock, showClock } from "/static/sharesynch-timer.js";

const counter = $("counter");
const notes = $("notes");
const loadSlides = slideLoader();
const clock = presentationClock();
const drawClock = showClock($("timer"), clock);
let latest = null;
let typedDigits = "";

const live = connectLive("remote", {
  onConnection(open) {
    if (!open) delete document.body.dataset.live;
  },
  async onState(state) {
    latest = state;
    clock.sync(state);
    drawClock();
    const sermon = await loadSlides(state);
    if (state !== latest) return;
    if (!typedDigits) counter.textContent = state.counter;
    const slide = sermon.byID.get(state.slide);
    $("page").textContent = t(slide?.kind === "appeal" ? "sharesynch.js.remote.appealPage" : "sharesynch.js.remote.page", { page: state.step + 1, pages: state.steps });
    notes.replaceChildren(...notesNodes(slide?.notes ?? ""));
    Object.assign(document.body.dataset, { live: "1", slide: String(state.slide ?? ""), step: String(state.step) });
  },
});
$("prev").addEventListener("click", () => live.send({ intent: "back" }));
$("next").addEventListener("click", () => live.send({ intent: "advance" }));
listenForKeys({
  send: (intent) => live.send(intent),
  total: () => latest?.total ?? 0,
  onTyped(digits) {
    typedDigits = digits;
    counter.textContent = digits ? `→ ${digits}` : latest?.counter ?? "–/–";
  },
});
