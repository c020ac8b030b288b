// The current slide's video across windows: the presenter asks (play, pause, restart, volume,
// unmute) through the presentation state; the display does it and reports what really happens
// (the browser made it start muted; the seconds left), which the presenter shows (seed A.3.4.25).
import { $, el, t } from "/static/api.js";
import { formatTime } from "/static/sharesynch-live.js";

/**
 * On the display: makes `video` follow `state.video`, and reports its playback through `send`.
 * Call on every state; `video` is the current slide's video element (or null).
 */
export function followVideo(video, state, send) {
  if (!video) return;
  const wish = state.video;
  const seen = video.__seen ?? { restarts: 0, unmutes: 0 };
  if (wish.restarts > seen.restarts) video.currentTime = 0;
  if (wish.unmutes > seen.unmutes) video.muted = false;
  video.__seen = { restarts: wish.restarts, unmutes: wish.unmutes };
  video.volume = wish.volume;
  if (wish.playing && video.paused) {
    video.play().catch(() => {
      video.muted = true; // the browser's autoplay rule: play muted, and say so
      video.play().catch(() => {});
    });
  } else if (!wish.playing && !video.paused) {
    video.pause();
  }
  if (!video.__reporting) {
    video.__reporting = true;
    let last = "";
    const report = () => {
      const left = Number.isFinite(video.duration) ? Math.max(0, Math.round(video.duration - video.currentTime)) : null;
      const now = `${video.muted}|${left}`;
      if (now === last) return; // one message per second at most
      last = now;
      send({ intent: "videoReport", muted: video.muted, ...(left === null ? {} : { secondsLeft: left }) });
    };
    for (const event of ["timeupdate", "volumechange", "loadedmetadata", "play"]) video.addEventListener(event, report);
  }
}

/**
 * On the presenter: the video controls above the notes, shown while the slide is a video, with
 * the time left as the display plays it. `send(intent)` sends an intent. Returns
 * `update(state, isVideoSlide)` to call on every state.
 */
export function videoControls(send) {
  const box = $("video-controls");
  const toggle = el("button", { type: "button", class: "secondary", id: "video-toggle" }, t("sharesynch.js.pause"));
  const restart = el("button", { type: "button", class: "secondary", id: "video-restart" }, t("sharesynch.js.restart"));
  const volume = el("input", { type: "range", min: "0", max: "1", step: "0.05", id: "video-volume", "aria-label": t("sharesynch.js.volume") });
  const left = $("video-remaining");
  const muted = el("span", { id: "video-muted", class: "notice", hidden: true },
    `${t("sharesynch.js.startedMuted")} `);
  const unmute = el("button", { type: "button", id: "video-unmute" }, t("sharesynch.js.unmute"));
  muted.append(unmute);
  box.replaceChildren(toggle, restart, el("label", {}, `${t("sharesynch.js.volume")} `, volume), muted);
  let playing = true;
  toggle.addEventListener("click", () => send({ intent: "video", action: playing ? "pause" : "play" }));
  restart.addEventListener("click", () => send({ intent: "video", action: "restart" }));
  volume.addEventListener("change", () => send({ intent: "video", action: "volume", level: Number(volume.value) }));
  unmute.addEventListener("click", () => send({ intent: "video", action: "unmute" }));
  return (state, isVideoSlide) => {
    box.hidden = !isVideoSlide;
    const seconds = isVideoSlide ? state.video.secondsLeft : null;
    left.hidden = seconds === undefined || seconds === null; // only the display knows: no display, no time
    left.textContent = left.hidden ? "" : t("sharesynch.js.videoLeft", { left: formatTime(seconds) });
    if (!isVideoSlide) return;
    playing = state.video.playing;
    toggle.textContent = playing ? t("sharesynch.js.pause") : t("sharesynch.js.play");
    if (document.activeElement !== volume) volume.value = String(state.video.volume);
    muted.hidden = !state.video.muted;
  };
}
