// Phrasebook's speaker buttons: a word's sound is its recording, else espeak-ng's voice (the
// server makes it once and caches it). A language espeak-ng has no voice for gets no button,
// unless the word has a recording.
import { el, t } from "/static/api.js";
import { book } from "/static/phrasebook-settings.js";

let playing = null;

/** Plays one word of a pair ("one" or "two"); resolves once it starts (rejects if it cannot). */
export function play(pairID, side) {
  playing?.pause();
  playing = new Audio(`/api/phrasebook/pairs/${pairID}/audio/${side}?v=${Date.now()}`);
  return playing.play();
}

/** A speaker button for one word of a pair, or "" when there is nothing to hear. */
export function speaker(pairID, side, word, recorded = false) {
  const voice = side === "one" ? book.voiceOne : book.voiceTwo;
  if (!voice && !recorded) return "";
  return el("button", {
    type: "button", class: "secondary speaker", title: t("phrasebook.js.hear", { word }), "aria-label": t("phrasebook.js.hear", { word }),
    dataset: { pair: pairID, side },
    onclick: (event) => { event.stopPropagation(); play(pairID, side).catch(() => {}); },
  }, "🔊");
}
