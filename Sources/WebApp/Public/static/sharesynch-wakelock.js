// Keeps the screen of a display, stage view or remote awake while it is open (the Screen Wake
// Lock, taken again whenever the page becomes visible: the browser lets it go when the page is
// hidden). When the browser refuses, a small note says so and why, for half a minute (it may be on
// the audience's screen); a tap hides it sooner.
import { el, t } from "/static/api.js";

const note = el("p", { class: "wake-note", role: "status", hidden: true, title: t("sharesynch.js.tapToHide") });
note.addEventListener("click", () => { note.hidden = true; });
document.body.append(note);
let lock = null;
let hiding = null;

/** Shows why the screen may go dark. */
function refused(reason) {
  note.textContent = t("sharesynch.js.mayGoDark", { reason });
  note.hidden = false;
  document.body.dataset.wakeLock = "refused";
  clearTimeout(hiding);
  hiding = setTimeout(() => { note.hidden = true; }, 30000);
}

async function keepAwake() {
  if (lock || document.visibilityState !== "visible") return;
  if (!("wakeLock" in navigator)) {
    refused(window.isSecureContext
      ? t("sharesynch.js.cannotKeepAwake")
      : t("sharesynch.js.httpsOnly"));
    return;
  }
  try {
    lock = await navigator.wakeLock.request("screen");
    lock.addEventListener("release", () => { lock = null; });
    note.hidden = true;
    document.body.dataset.wakeLock = "held";
  } catch (error) {
    refused(t("sharesynch.js.refusedAwake", { error: error.message }));
  }
}

document.addEventListener("visibilitychange", keepAwake);
keepAwake();
