// Phrasebook word link: a word with every translation (either direction) and its context, area
// and note; choosing one shows its full detail with the picture, and edit and delete.
import { $, api, el, showError, t, upload } from "/static/api.js";
import { book, bookQuery } from "/static/phrasebook-settings.js";
import { speaker } from "/static/phrasebook-speech.js";

const word = new URLSearchParams(location.search).get("w") ?? "";
const detail = $("detail");
const error = $("detail-error");
let current = null;
$("word").textContent = word;

const link = await api("GET", `/api/phrasebook/links?${bookQuery}&word=${encodeURIComponent(word)}`);
$("links").replaceChildren(...link.translations.map((translation) =>
  el("li", {},
    el("button", { type: "button", class: "link", dir: "auto", onclick: () => open(translation.pairID) }, translation.word),
    el("span", { class: "hint", dir: "auto" },
      ` ${[translation.context && `(${translation.context})`, translation.area, translation.note].filter(Boolean).join(" · ")}`))));
const asked = Number(new URLSearchParams(location.search).get("pair"));
if (asked) open(asked);
else if (link.translations.length === 1) open(link.translations[0].pairID);

async function open(id) {
  const tagged = await api("GET", `/api/phrasebook/pairs/${id}?${bookQuery}`);
  show(tagged);
}

function show(tagged) {
  current = tagged;
  const pair = tagged.pair;
  $("detail-title").textContent = `${pair.wordOne} – ${pair.wordTwo}`;
  const recorded = tagged.recorded ?? [];
  $("speakers").replaceChildren(
    speaker(pair.id, "one", pair.wordOne, recorded.includes("one")), " ",
    speaker(pair.id, "two", pair.wordTwo, recorded.includes("two")));
  showRecorder(pair, recorded);
  const rows = [["phrasebook.js.type", pair.type], ["phrasebook.js.context", pair.context], ["phrasebook.js.area", pair.area],
    ["phrasebook.js.note", pair.note], ["phrasebook.js.tags", tagged.tags.join(", ")]]
    .filter(([, value]) => value);
  $("detail-fields").replaceChildren(...rows.flatMap(([name, value]) =>
    [el("dt", {}, t(name)), el("dd", { dir: "auto" }, value)]));
  const source = pair.image ? `/api/phrasebook/media/${encodeURIComponent(pair.image)}` : pair.imageURL;
  const figure = $("figure");
  figure.hidden = !source;
  // A picture file that is missing falls back to the picture's address (the seed's sample rows).
  $("image").onerror = () => {
    if (pair.imageURL && $("image").getAttribute("src") !== pair.imageURL) $("image").src = pair.imageURL;
    else figure.hidden = true;
  };
  if (source) $("image").src = source;
  $("image").alt = pair.wordOne;
  $("credit").textContent = [pair.imageCredit, pair.imageLicence].filter(Boolean).join(" · ");
  $("edit").href = `/phrasebook?${bookQuery}&edit=${pair.id}`;
  detail.hidden = false;
}

$("delete").addEventListener("click", async () => {
  if (!current || !confirm(t("phrasebook.js.confirmDelete", { pair: `${current.pair.wordOne} – ${current.pair.wordTwo}` }))) return;
  await api("DELETE", `/api/phrasebook/pairs/${current.pair.id}?${bookQuery}`);
  location.href = `/phrasebook?${bookQuery}`;
});

$("upload").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file || !current) return;
  error.hidden = true;
  try {
    show(await upload(`/api/phrasebook/pairs/${current.pair.id}/image?${bookQuery}`, file));
  } catch (problem) {
    showError(error, problem);
  }
});

// Recording one's own voice (MediaRecorder): Record, then Stop uploads it for that word; a
// recording is heard instead of espeak-ng's voice until it is deleted.
let recorder = null;
function showRecorder(pair, recorded) {
  const buttons = [];
  for (const [side, word, language] of [["one", pair.wordOne, book.languageOneName], ["two", pair.wordTwo, book.languageTwoName]]) {
    buttons.push(el("button", { type: "button", class: "secondary", dataset: { record: side },
      onclick: (event) => toggleRecording(pair, side, event.target) }, t("phrasebook.js.record", { word, language })));
    if (recorded.includes(side)) {
      buttons.push(el("button", { type: "button", class: "secondary", dataset: { unrecord: side },
        onclick: async () => {
          await api("DELETE", `/api/phrasebook/pairs/${pair.id}/audio/${side}?${bookQuery}`).catch((problem) => showError(error, problem));
          open(pair.id);
        } }, t("phrasebook.js.deleteRecording", { word })));
    }
  }
  $("record-buttons").replaceChildren(...buttons);
  $("recorder").hidden = !window.MediaRecorder || !navigator.mediaDevices?.getUserMedia;
}

async function toggleRecording(pair, side, button) {
  const status = $("record-status");
  if (recorder) { recorder.stop(); return; }
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (problem) {
    return showError(error, t("phrasebook.js.microphone", { problem: problem.message }));
  }
  const chunks = [];
  recorder = new MediaRecorder(stream);
  recorder.addEventListener("dataavailable", (event) => chunks.push(event.data));
  recorder.addEventListener("stop", async () => {
    stream.getTracks().forEach((track) => track.stop());
    const type = recorder.mimeType || "audio/webm";
    recorder = null;
    status.textContent = t("phrasebook.js.saving");
    try {
      await upload(`/api/phrasebook/pairs/${pair.id}/audio/${side}?${bookQuery}`, new Blob(chunks, { type }), { method: "PUT" });
      status.textContent = t("phrasebook.js.saved");
      open(pair.id);
    } catch (problem) {
      status.textContent = "";
      showError(error, problem);
    }
  });
  recorder.start();
  button.textContent = t("phrasebook.js.stop");
  status.textContent = t("phrasebook.js.recording");
}
