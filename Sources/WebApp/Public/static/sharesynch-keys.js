// The keys of a keyboard or a presentation clicker, the same in every ShareSynch window
// (presenter, display, remote) whatever has focus — a select chosen with the mouse, a button —
// except a text field. They are read before any control sees them (capture phase) and their
// default is prevented, so PageDown never changes a select, Space never presses a button and a
// clicker's F5 never reloads the page. docs/sharesynch.md lists them.

/** How long typed digits wait for Enter. */
const typingTimeout = 2000;

const advanceKeys = new Set(["ArrowRight", "ArrowDown", "PageDown", " ", "Enter", "n", "N"]);
const backKeys = new Set(["ArrowLeft", "ArrowUp", "PageUp", "Backspace", "p", "P"]);
const blackKeys = new Set([".", "/", "b", "B"]);
const whiteKeys = new Set([",", "w", "W"]);

/** True when keys typed into `target` are text. */
const isTextField = (target) => !!(target?.isContentEditable || target?.closest?.("input, textarea"));

/** Listens for presentation keys on the whole window. `send(intent)` sends an intent; `total()`
 * is the number of visible slides (for End); `onTyped(digits)` shows the digits typed so far
 * ("" when they are used, cleared with Escape or forgotten after `typingTimeout`). */
export function listenForKeys({ send, total, onTyped = () => {} }) {
  let typed = "";
  let forget = null;
  const setTyped = (digits) => {
    typed = digits;
    clearTimeout(forget);
    if (digits) forget = setTimeout(() => setTyped(""), typingTimeout);
    onTyped(digits);
  };

  function act(event) {
    const key = event.key;
    if (/^[0-9]$/.test(key)) {
      setTyped((typed + key).slice(-4));
    } else if (key === "Enter" && typed) {
      const number = Number(typed);
      setTyped("");
      if (number >= 1 && number <= total()) send({ intent: "jump", number });
    } else if (advanceKeys.has(key)) {
      send({ intent: "advance" });
    } else if (backKeys.has(key)) {
      send({ intent: "back" });
    } else if (key === "Home") {
      send({ intent: "jump", number: 1 });
    } else if (key === "End") {
      if (total() > 0) send({ intent: "jump", number: total() });
    } else if (blackKeys.has(key)) {
      send({ intent: "black" });
    } else if (whiteKeys.has(key)) {
      send({ intent: "white" });
    } else if (key === "f" || key === "F") {
      toggleFullscreen();
    } else if (key === "F5") { // a clicker's start button (F5, Shift+F5): full screen, never a reload
      enterFullscreen();
    } else if (key === "Escape") { // a clicker's stop button: leaves full screen, nothing else
      setTyped("");
      if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    } else {
      return false;
    }
    return true;
  }

  window.addEventListener("keydown", (event) => {
    if (isTextField(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (!act(event)) return;
    event.preventDefault();
    event.stopPropagation();
  }, true);
  // A focused button is pressed by Space on key up: the key went to the presentation instead.
  window.addEventListener("keyup", (event) => {
    if (isTextField(event.target) || !(event.key === " " || event.key === "Enter")) return;
    event.preventDefault();
    event.stopPropagation();
  }, true);
}

function enterFullscreen() {
  if (!document.fullscreenElement) document.documentElement.requestFullscreen?.().catch(() => {});
}

/** Full screen on or off. */
export function toggleFullscreen() {
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  else enterFullscreen();
}
