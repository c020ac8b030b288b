// What ShareSynch's presenter, display and remote share: the live socket (intents out, numbered
// states in, reconnecting with back-off), the sermon's slides, slide rendering with overlays
// scaled with the picture, and notes rebuilt from the allowed tags only.
import { api, el, t } from "/static/api.js";

/** Opens the presentation's socket as `role`; calls `onState(state)` for each newer state and
 * `onConnection(open)` when the connection opens or drops. Returns `{ send(intent) }`. */
export function connectLive(role, { onState, onConnection = () => {} }) {
  let socket;
  let lastSeq = -1;
  let delay = 250;
  const queue = [];
  function open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/api/sharesynch/live/socket?role=${role}`);
    socket.onopen = () => {
      delay = 250;
      lastSeq = -1; // the server sends its current state at once, whatever its number
      onConnection(true);
      while (queue.length) socket.send(queue.shift());
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.state && message.seq >= lastSeq) {
        lastSeq = message.seq;
        onState(message.state);
      } else if (message.error) {
        console.warn("presentation:", message.error);
      }
    };
    socket.onclose = () => {
      onConnection(false);
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 5000);
    };
  }
  open();
  return {
    send(intent) {
      const text = JSON.stringify(intent);
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
      else queue.push(text);
    },
  };
}

/** The sermon's slides (current variation and languages), cached per slides version. */
export function slideLoader() {
  let key = null;
  let loaded = null;
  return async (state) => {
    const wanted = `${state.series}/${state.sermon}/${state.slidesVersion}`;
    if (wanted !== key) {
      loaded = await api("GET", `/api/sharesynch/series/${encodeURIComponent(state.series)}/sermons/${encodeURIComponent(state.sermon)}/slides`);
      loaded.visible = loaded.slides.filter((slide) => !slide.hidden);
      loaded.byID = new Map(loaded.slides.map((slide) => [slide.id, slide]));
      loaded.key = wanted;
      key = wanted;
    }
    return loaded;
  };
}

/** The address of a file of an installed series. */
export function mediaURL(series, path) {
  return `/sharesynch/media/${encodeURIComponent(series)}/${path.split("/").map(encodeURIComponent).join("/")}`;
}

const videoPattern = /\.(mp4|m4v|webm|ogv|mov)$/i;

/** True when the path is a video file. */
export function isVideo(path) {
  return !!path && videoPattern.test(path);
}

/** A slide as an element: its picture (overlay text over it, placed and sized in the picture's
 * own pixels, so it scales with the picture on every screen) or its video. `appealResource`
 * replaces an appeal slide's resource (the display follows the appeal being shown). Options:
 * `video: "play" | "preview"`. */
export function renderSlide(slide, series, { appealResource, video = "preview" } = {}) {
  const resource = slide.kind === "appeal" ? appealResource ?? slide.resource : slide.resource;
  const frame = el("div", { class: `slide kind-${slide.kind}`, dataset: { slide: String(slide.id), kind: slide.kind } });
  if (!resource) {
    frame.append(el("span", { class: "placeholder" }, slide.kind === "appeal" ? t("sharesynch.js.appeal") : "—"));
    return frame;
  }
  if (isVideo(resource)) {
    if (video === "play") {
      frame.append(el("video", { src: mediaURL(series, resource), preload: "auto", playsInline: true }));
    } else {
      const label = el("span", { class: "video-label" }, t("sharesynch.js.video"));
      const probe = el("video", { src: mediaURL(series, resource), preload: "metadata", muted: true });
      probe.addEventListener("loadedmetadata", () => label.append(` ${formatTime(probe.duration)}`));
      frame.append(probe, label);
    }
    return frame;
  }
  const picture = el("img", { src: mediaURL(series, resource), alt: "", decoding: "async" });
  frame.append(picture);
  const overlay = slide.overlay ? el("div", { class: "overlay", dir: "auto" }, slide.overlay.text) : null;
  if (overlay) {
    overlay.style.color = slide.overlay.color; // properties, not style text: a value cannot add rules
    overlay.style.fontFamily = `"${slide.overlay.font.replace(/["\\]/g, "")}", sans-serif`;
    frame.append(overlay);
  }
  const place = () => {
    const width = picture.naturalWidth || 16;
    const height = picture.naturalHeight || 9;
    frame.style.setProperty("--ratio", `${width / height}`);
    if (!overlay) return;
    const { x, y, width: boxWidth, height: boxHeight, size } = slide.overlay;
    Object.assign(overlay.style, {
      left: `${(x / width) * 100}%`, top: `${(y / height) * 100}%`,
      width: `${(boxWidth / width) * 100}%`, height: `${(boxHeight / height) * 100}%`,
      fontSize: `${(size / width) * 100}cqw`,
    });
  };
  if (picture.complete && picture.naturalWidth) place();
  else picture.addEventListener("load", place);
  return frame;
}

/** Notes HTML (already sanitised by the server) rebuilt from the allowed tags only, as nodes. */
export function notesNodes(html) {
  const allowed = new Set(["B", "I", "U", "S", "UL", "LI", "P", "BR"]);
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html").body;
  const copy = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return [document.createTextNode(node.textContent)];
    if (node.nodeType !== Node.ELEMENT_NODE) return [];
    const children = [...node.childNodes].flatMap(copy);
    if (!allowed.has(node.tagName)) return children;
    const element = document.createElement(node.tagName.toLowerCase());
    element.append(...children);
    return [element];
  };
  return [...parsed.childNodes].flatMap(copy);
}

/** Seconds as m:ss. */
export function formatTime(seconds) {
  if (!Number.isFinite(seconds)) return "";
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
