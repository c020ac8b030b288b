// Phrasebook revision: due cards first, then new ones in a random order (the server decides); the
// prompt, "Show" (Space) for the answer with its details, a rating (1–4), then "Next" when ready.
import { $, api, failInto } from "/static/api.js";
import { book, bookQuery } from "/static/phrasebook-settings.js";

const options = $("revision-options");
const card = $("card");
const show = $("show");
const ratings = $("ratings");
const next = $("next");
let queue = [];
let position = 0;
let results = [];
let rated = false;
const fail = failInto("revision-error");

api("GET", `/api/phrasebook/tags?${bookQuery}`).then((tags) => {
  const select = $("tag-filter");
  for (const tag of tags) select.append(new Option(`${tag.name} (${tag.pairs})`, tag.name));
}).catch(() => {});

options.addEventListener("submit", async (event) => {
  event.preventDefault();
  const filter = new URLSearchParams(new FormData(options));
  try {
    queue = await api("GET", `/api/phrasebook/revision?${bookQuery}&${filter}`);
  } catch (problem) {
    return fail(problem);
  }
  position = 0;
  results = [];
  $("summary").hidden = true;
  if (queue.length === 0) return finish();
  card.hidden = false;
  present();
});

function present() {
  const current = queue[position];
  const due = queue.slice(position).filter((item) => item.schedule).length;
  const fresh = queue.length - position - due;
  $("counts").textContent = `${due} due · ${fresh} new · ${position} done`;
  const prompt = $("prompt");
  prompt.textContent = current.direction === "forward" ? current.pair.pair.wordOne : current.pair.pair.wordTwo;
  prompt.lang = current.direction === "forward" ? book.languageOneCode : book.languageTwoCode;
  $("answer").hidden = true;
  show.hidden = false;
  ratings.hidden = true;
  next.hidden = true;
  rated = false;
  show.focus();
}

function reveal() {
  const current = queue[position];
  const pair = current.pair.pair;
  $("answer-word").textContent = current.direction === "forward" ? pair.wordTwo : pair.wordOne;
  const accuracy = current.reviews ? `${Math.round((100 * current.recalled) / current.reviews)}% recalled in ${current.reviews}` : "new";
  $("answer-details").textContent =
    [pair.type, pair.context && `(${pair.context})`, pair.area, pair.note, accuracy].filter(Boolean).join(" · ");
  const source = pair.image ? `/api/phrasebook/media/${encodeURIComponent(pair.image)}` : pair.imageURL;
  const image = $("answer-image");
  image.hidden = !source;
  if (source) { image.src = source; image.alt = pair.wordOne; }
  $("answer").hidden = false;
  show.hidden = true;
  ratings.hidden = false;
}

async function rate(rating) {
  if (rated) return;
  const current = queue[position];
  try {
    await api("POST", `/api/phrasebook/pairs/${current.pair.pair.id}/reviews`, { direction: current.direction, rating });
  } catch (problem) {
    return fail(problem);
  }
  rated = true;
  results.push(rating !== "again");
  ratings.hidden = true;
  next.hidden = false;
  next.focus();
}

function advance() {
  position += 1;
  if (position < queue.length) present();
  else finish();
}

function finish() {
  card.hidden = true;
  const summary = $("summary");
  const recalled = results.filter(Boolean).length;
  summary.textContent = results.length === 0
    ? "Nothing is due and there are no new cards here."
    : `Done: ${results.length} cards, ${recalled} recalled (${Math.round((100 * recalled) / results.length)}% accuracy).`;
  summary.hidden = false;
}

show.addEventListener("click", reveal);
next.addEventListener("click", advance);
ratings.addEventListener("click", (event) => {
  const rating = event.target.closest("button")?.dataset.rating;
  if (rating) rate(rating);
});
document.addEventListener("keydown", (event) => {
  if (card.hidden || event.target.matches("input, select, textarea")) return;
  if (event.key === " " && !show.hidden) { event.preventDefault(); reveal(); }
  else if (!ratings.hidden && "1234".includes(event.key) && event.key.length === 1) {
    rate(["again", "hard", "good", "easy"][Number(event.key) - 1]);
  }
});
