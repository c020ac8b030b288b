// Advancing on a touch screen (seed A.3.4), exactly as chosen in the settings: the on-screen
// buttons, a swipe, or a tap on the screen's left or right third. Only touches count: a mouse
// drag or click on the slides never moves the presentation.

/** Listens on `area` for the chosen `mode` ("buttons" | "swipe" | "sides"); the buttons
 * themselves are wired by the page. */
export function touchAdvance(area, mode, { advance, back }) {
  let start = null;
  area.addEventListener("pointerdown", (event) => {
    start = event.pointerType === "touch" && event.isPrimary ? { id: event.pointerId, x: event.clientX, y: event.clientY } : null;
  });
  area.addEventListener("pointercancel", () => { start = null; });
  area.addEventListener("pointerup", (event) => {
    if (!start || event.pointerId !== start.id) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start = null;
    if (mode === "swipe" && Math.abs(dx) > 60 && Math.abs(dx) > 1.5 * Math.abs(dy)) {
      if (dx < 0) advance(); else back();
    } else if (mode === "sides" && Math.hypot(dx, dy) < 12 && !event.target.closest("button, a, select")) {
      const third = innerWidth / 3;
      if (event.clientX < third) back(); else if (event.clientX > 2 * third) advance();
    }
  });
}

/** True when a click on an on-screen ◀ ▶ button should move the presentation: always with a
 * mouse or a key, with a finger only when the buttons are the chosen way to advance. */
export const buttonCounts = (event, mode) => event.pointerType !== "touch" || mode === "buttons";
