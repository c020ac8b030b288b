// Phrasebook revision: due cards first, then new ones in a random order (the server decides); the
// prompt, "Show" (Space) for the answer with its details, a rating (1–4), then "Next" when ready.
// With "Type the answers" the learner types instead of "Show": the server grades the answer and
// proposes a rating, which is focused (Enter takes it) but any other may be chosen. A card in a
// learning step (rated Again, or new and not yet graduated) comes back in the session when its
// step is over, or at once when nothing else is left, as in Anki.
import { $, api, failInto, t } from "/static/api.js";
import { book, bookQuery } from "/static/phrasebook-settings.js";
import { speaker } from "/static/phrasebook-speech.js";

const options = $("revision-options");
const card = $("card");
const show = $("show");
const ratings = $("ratings");
const next = $("next");
let queue = [];
let position = 0;
let learning = []; // { card, due } of cards that come back, due in milliseconds
let current;
let cardsSeen = new Set();
let results = [];
let rated = false;
const fail = failInto("revision-error");
const typedForm = $("typed-form");
const typing = () => $("type-answers").checked;
const verdictWords = {
  exact: () => t("phrasebook.js.right"),
  accents: (check) => t("phrasebook.js.verdict.accents", check),
  typo: (check) => t("phrasebook.js.verdict.typo", check),
  mutation: (check) => t("phrasebook.js.verdict.mutation", check),
  inflection: (check) => t("phrasebook.js.verdict.inflection", check),
  wrong: (check) => t("phrasebook.js.verdict.wrong", check),
};

api("GET", `/api/phrasebook/tags?${bookQuery}`).then((tags) => {
  const select = $("tag-filter");
  for (const tag of tags) select.append(new Option(`${tag.name} (${tag.pairs})`, tag.name));
}).catch(() => {});

const limit = $("new-per-day");
api("GET", "/api/phrasebook/settings").then((settings) => { limit.value = settings.newCardsPerDay; }).catch(() => {});
limit.addEventListener("change", async () => {
  try {
    limit.value = (await api("PUT", "/api/phrasebook/settings", { newCardsPerDay: Number(limit.value) })).newCardsPerDay;
  } catch (problem) {
    fail(problem);
  }
});

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
  learning = [];
  cardsSeen = new Set();
  $("summary").hidden = true;
  if (queue.length === 0) return finish();
  card.hidden = false;
  advance();
});

/// The next card: a learning card whose step is over, else the next of the session, else the
/// learning card due first (shown early: nothing else is left).
function pick() {
  learning.sort((one, two) => one.due - two.due);
  if (learning.length && (learning[0].due <= Date.now() || position >= queue.length)) return learning.shift().card;
  return position < queue.length ? queue[position++] : null;
}

function present() {
  const waiting = [current, ...queue.slice(position)].filter((item) => !item.learning);
  const due = waiting.filter((item) => item.schedule).length;
  const learningCount = learning.length + (current.learning ? 1 : 0);
  $("counts").textContent = t("phrasebook.js.counts",
    { due, new: waiting.length - due, learning: learningCount, done: results.length });
  const prompt = $("prompt");
  prompt.textContent = current.direction === "forward" ? current.pair.pair.wordOne : current.pair.pair.wordTwo;
  prompt.lang = current.direction === "forward" ? book.languageOneCode : book.languageTwoCode;
  $("answer").hidden = true;
  $("verdict").hidden = true;
  for (const button of ratings.querySelectorAll("button")) button.classList.remove("proposed");
  ratings.hidden = true;
  next.hidden = true;
  rated = false;
  show.hidden = typing();
  typedForm.hidden = !typing();
  if (typing()) {
    $("typed").value = "";
    $("typed").lang = current.direction === "forward" ? book.languageTwoCode : book.languageOneCode;
    $("typed").focus();
  } else show.focus();
}

async function check(event) {
  event.preventDefault();
  let verdict;
  try {
    verdict = await api("POST", `/api/phrasebook/pairs/${current.pair.pair.id}/check`,
      { direction: current.direction, answer: $("typed").value });
  } catch (problem) {
    return fail(problem);
  }
  typedForm.hidden = true;
  const line = $("verdict");
  line.textContent = verdictWords[verdict.verdict](verdict);
  line.dataset.verdict = verdict.verdict;
  line.hidden = false;
  reveal();
  const proposed = ratings.querySelector(`[data-rating="${verdict.rating}"]`);
  proposed.classList.add("proposed");
  proposed.focus();
}

function reveal() {
  const pair = current.pair.pair;
  $("answer-word").textContent = current.direction === "forward" ? pair.wordTwo : pair.wordOne;
  $("answer-speaker").replaceChildren(
    speaker(pair.id, current.direction === "forward" ? "two" : "one", $("answer-word").textContent));
  const accuracy = current.reviews
    ? t("phrasebook.js.recalled", { percent: Math.round((100 * current.recalled) / current.reviews), count: current.reviews })
    : t("phrasebook.js.new");
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
  let record;
  try {
    record = await api("POST", `/api/phrasebook/pairs/${current.pair.pair.id}/reviews`, { direction: current.direction, rating });
  } catch (problem) {
    return fail(problem);
  }
  rated = true;
  results.push(rating !== "again");
  cardsSeen.add(`${current.pair.pair.id}/${current.direction}`);
  if (record.comesBack) {
    learning.push({ card: { ...current, schedule: record.after, learning: true }, due: Date.parse(record.after.due) });
  }
  ratings.hidden = true;
  next.hidden = false;
  next.focus();
}

function advance() {
  current = pick();
  if (current) present();
  else finish();
}

function finish() {
  card.hidden = true;
  const summary = $("summary");
  const recalled = results.filter(Boolean).length;
  const percent = Math.round((100 * recalled) / results.length);
  summary.textContent = results.length === 0 ? t("phrasebook.js.nothingDue")
    : cardsSeen.size < results.length
      ? t("phrasebook.js.doneInAnswers", { cards: cardsSeen.size, count: results.length, recalled, percent })
      : t("phrasebook.js.done", { count: cardsSeen.size, recalled, percent });
  summary.hidden = false;
}

show.addEventListener("click", reveal);
typedForm.addEventListener("submit", check);
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
