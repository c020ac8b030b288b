// The presentation's timer as the presenter and the remote show it: the server owns it (a reload
// or a second window never restarts it) and sends `elapsed` and `timerRunning` in every state;
// between states the page counts on by itself. A tap on the presenter's timer pauses or resumes
// it, a tap-and-hold resets it (seed A.4.3–4).

/** How long a press on the timer must last to reset it. */
const holdToReset = 600;

/** The timer as of the last state: `sync(state)` on each state, `seconds()` now. */
export function presentationClock() {
  let elapsed = 0;
  let running = false;
  let syncedAt = performance.now();
  return {
    sync(state) {
      elapsed = state.elapsed;
      running = state.timerRunning;
      syncedAt = performance.now();
    },
    get running() { return running; },
    seconds: () => elapsed + (running ? (performance.now() - syncedAt) / 1000 : 0),
  };
}

/** Seconds as mm:ss (whole seconds, rounded down, so the shown time never steps back). */
export function clockText(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, "0")}:${String(whole % 60).padStart(2, "0")}`;
}

/** Shows `clock` in `element` every quarter second, marking it paused. */
export function showClock(element, clock) {
  const draw = () => {
    element.textContent = clockText(clock.seconds());
    element.classList.toggle("paused", !clock.running);
  };
  draw();
  setInterval(draw, 250);
  return draw;
}

/** A tap on `element` calls `tap()`, a press of `holdToReset` ms or more `hold()` (once, while
 * still pressed, so the speaker sees it reset). */
export function tapOrHold(element, { tap, hold }) {
  let timer = null;
  let held = false;
  element.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    held = false;
    clearTimeout(timer);
    timer = setTimeout(() => {
      held = true;
      timer = null;
      hold();
    }, holdToReset);
  });
  element.addEventListener("pointerup", () => {
    if (timer === null) return;
    clearTimeout(timer);
    timer = null;
    if (!held) tap();
  });
  for (const name of ["pointercancel", "pointerleave"]) {
    element.addEventListener(name, () => {
      clearTimeout(timer);
      timer = null;
    });
  }
  element.addEventListener("contextmenu", (event) => event.preventDefault()); // a long touch is a hold
}
