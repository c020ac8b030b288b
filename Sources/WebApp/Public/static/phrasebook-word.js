// Phrasebook word link: a word with every translation (either direction) and its context, area
// and note; choosing one shows its full detail with the picture, and edit and delete.
import { api, el } from "/static/api.js";
import { bookQuery } from "/static/phrasebook-settings.js";

const word = new URLSearchParams(location.search).get("w") ?? "";
const detail = document.getElementById("detail");
const error = document.getElementById("detail-error");
let current = null;
document.getElementById("word").textContent = word;

const link = await api("GET", `/api/phrasebook/links?${bookQuery}&word=${encodeURIComponent(word)}`);
document.getElementById("links").replaceChildren(...link.translations.map((translation) =>
  el("li", {},
    el("button", { type: "button", class: "link", dir: "auto", onclick: () => open(translation.pairID) }, translation.word),
    el("span", { class: "hint", dir: "auto" },
      ` ${[translation.context && `(${translation.context})`, translation.area, translation.note].filter(Boolean).join(" · ")}`))));
if (link.translations.length === 1) open(link.translations[0].pairID);

async function open(id) {
  const tagged = await api("GET", `/api/phrasebook/pairs/${id}?${bookQuery}`);
  show(tagged);
}

function show(tagged) {
  current = tagged;
  const pair = tagged.pair;
  document.getElementById("detail-title").textContent = `${pair.wordOne} – ${pair.wordTwo}`;
  const rows = [["Type", pair.type], ["Context", pair.context], ["Area", pair.area], ["Note", pair.note], ["Tags", tagged.tags.join(", ")]]
    .filter(([, value]) => value);
  document.getElementById("detail-fields").replaceChildren(...rows.flatMap(([name, value]) =>
    [el("dt", {}, name), el("dd", { dir: "auto" }, value)]));
  const source = pair.image ? `/api/phrasebook/media/${encodeURIComponent(pair.image)}` : pair.imageURL;
  const figure = document.getElementById("figure");
  figure.hidden = !source;
  if (source) document.getElementById("image").src = source;
  document.getElementById("image").alt = pair.wordOne;
  document.getElementById("credit").textContent = [pair.imageCredit, pair.imageLicence].filter(Boolean).join(" · ");
  document.getElementById("edit").href = `/phrasebook?${bookQuery}&edit=${pair.id}`;
  detail.hidden = false;
}

document.getElementById("delete").addEventListener("click", async () => {
  if (!current || !confirm(`Delete ${current.pair.wordOne} – ${current.pair.wordTwo}?`)) return;
  await api("DELETE", `/api/phrasebook/pairs/${current.pair.id}?${bookQuery}`);
  location.href = `/phrasebook?${bookQuery}`;
});

document.getElementById("upload").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file || !current) return;
  error.hidden = true;
  const response = await fetch(`/api/phrasebook/pairs/${current.pair.id}/image?${bookQuery}`, { method: "POST", body: file });
  const body = await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }));
  if (!response.ok) {
    error.textContent = body.error;
    error.hidden = false;
    return;
  }
  show(body);
});
