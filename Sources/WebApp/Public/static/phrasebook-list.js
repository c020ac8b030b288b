// Phrasebook's alphabetical list: search as you type (accents optional), each word with all its
// translations, pages of 100 loaded on demand, and the add/edit form.
import { $, api, el, scrollMotion, showError, t } from "/static/api.js";
import { book, bookQuery } from "/static/phrasebook-settings.js";
import { speaker } from "/static/phrasebook-speech.js";

const list = $("pairs");
const count = $("count");
const more = $("more");
const search = $("search");
const form = $("pair-form");
const pageSize = 100;
/** Search results come 50 at a time: a screenful and more, drawn in the frame after the key. */
const searchPageSize = 50;
const textFields = ["wordOne", "wordTwo", "type", "context", "note", "imageURL", "imageCredit", "imageLicence"];
let start = 0;
let shown = [];
let query = "";
let generation = 0;
/** The first results of each key that may be typed next, read while the user reads these:
 * `{ query, next: Map(key → page) }` (`/api/phrasebook/search-ahead`), or null. */
let ahead = null;
/** The most results per key a search ahead gives (the server's limit). */
const aheadLimit = 30;
/** Cancels the search ahead on its way, when a key comes first: on a slow link it would hold up
 * that key's own answer. */
let aheadCancel = null;

/** Loads the first page (or the next one) for the current query; stale answers are dropped. */
async function load(append = false) {
  const mine = ++generation;
  const offset = (query ? 0 : start) + (append ? shown.length : 0);
  const limit = query ? searchPageSize : pageSize;
  const page = await api("GET", `/api/phrasebook/pairs?${bookQuery}&q=${encodeURIComponent(query)}&offset=${offset}&limit=${limit}`);
  if (mine !== generation) return;
  shown = append ? shown.concat(page.pairs) : page.pairs;
  render(page.total, page.capped, page.pairs.length === limit, append);
}

/**
 * One row per first word, listing every translation (the Welsh seed's custom cell). `capped` when
 * a search counted `total` matches and stopped there: more match, and the next page is offered
 * while the last one came full. The rows that fill the screen are drawn in the frame after the
 * key; the others, below the fold, are added once that frame is painted and the page is idle
 * (all at once when the list grows by a page: the reader is at its end). Then the next keys'
 * results are asked for. `foreseen` when the rows came from a search ahead: the server's own
 * answer is on its way, and the list stays busy until it is drawn.
 */
function render(total, capped = false, lastPageFull = false, whole = false, foreseen = false) {
  const rows = [];
  for (const entry of shown) {
    const last = rows[rows.length - 1];
    if (last && last.word === entry.pair.wordOne) last.entries.push(entry);
    else rows.push({ word: entry.pair.wordOne, entries: [entry] });
  }
  const first = whole || foreseen ? rows.length : screenful();  // a search ahead's rows are a screenful
  // A whole list (grown by a page: its reader is at its end) keeps its rows below the screen unlaid.
  list.replaceChildren(...rows.slice(0, first).map((row) => rowNode(row, !whole)));
  count.textContent = capped ? moreThan(total) : t("phrasebook.js.pairs", { count: total });
  more.hidden = capped ? !lastPageFull : (query ? 0 : start) + shown.length >= total;
  list.dataset.query = query;  // what is on screen, for tests and the benchmark
  if (!performance.getEntriesByName("phrasebook-rendered").length) performance.mark("phrasebook-rendered");
  const mine = generation;
  if (foreseen) {
    more.hidden = true;
    list.setAttribute("aria-busy", "true");  // until the server's answer is drawn
    return;
  }
  list.removeAttribute("aria-busy");
  if (rows.length > first) list.setAttribute("aria-busy", "true");  // until every row is in
  afterNextPaint(() => {
    if (mine !== generation) return;
    if (rows.length > first) {
      list.append(...rows.slice(first).map((row) => rowNode(row)));
      list.removeAttribute("aria-busy");
    }
    lookAheadIfTyping(mine);
  });
}

/** Asks for the next keys' results while the search field has the focus (a key may come): not for
 * a reader of the list, nor after each pair added with the form. A miss only costs the next key a
 * round trip. */
function lookAheadIfTyping(mine) {
  if (document.activeElement === search && ahead?.query !== query) lookAhead(mine).catch(() => {});
}

/** Asks for the results of each key that may follow the query on screen. */
async function lookAhead(mine) {
  const limit = Math.min(screenful(), aheadLimit);
  const cancel = new AbortController();
  aheadCancel?.abort();
  aheadCancel = cancel;
  const answer = await api("GET", `/api/phrasebook/search-ahead?${bookQuery}&q=${encodeURIComponent(query)}&limit=${limit}`,
    undefined, { signal: cancel.signal });
  if (aheadCancel === cancel) aheadCancel = null;
  if (mine !== generation) return;
  ahead = { query: answer.query, next: new Map(answer.next.map((entry) => [entry.key, entry.page])) };
  list.dataset.ahead = answer.query;  // for tests and the benchmark
}

/** The search ahead's page for the field's text `typed`: when it is the text looked ahead from
 * and one more character (in either case: the search ignores case), or null. */
function foreseen(typed) {
  if (!ahead) return null;
  const characters = [...typed];
  const key = characters.pop();
  if (key === undefined || characters.join("") !== ahead.query) return null;
  return ahead.next.get(key.toLowerCase()) ?? null;
}

/** Runs `work` once the next frame is painted and the page is idle, so that rows below the fold
 * take no time from drawing the screenful nor from the next key's search (Safari, which has no
 * idle callbacks, runs it in the first task after that frame). */
function afterNextPaint(work) {
  requestAnimationFrame(() => window.requestIdleCallback
    ? requestIdleCallback(work, { timeout: 250 })
    : setTimeout(work, 0));
}

/** How many rows the screen shows below the list's top, and one more: at least ten. A row is
 * never drawn lower than its `contain-intrinsic-size` (2.6rem); 2.5rem is taken to be sure. */
function screenful() {
  const top = Math.max(0, list.getBoundingClientRect().top);
  const rowMinHeight = 2.5 * parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Math.max(10, Math.ceil((window.innerHeight - top) / rowMinHeight) + 1);
}

/** A row of the list; `onScreen` for the rows drawn in the frame after a key, laid out at once
 * (the others are laid out when scrolled to). */
function rowNode(row, onScreen = false) {
  return el("li", { class: onScreen ? "pair-row on-screen" : "pair-row" },
    el("a", { class: "word", dir: "auto", lang: book.languageOneCode, href: `/phrasebook/word?${bookQuery}&w=${encodeURIComponent(row.word)}` }, row.word),
    speaker(row.entries[0].pair.id, "one", row.word),
    el("ul", { class: "translations" }, ...row.entries.map(translation)));
}

/** "More than 1,000 pairs" in the page's language (the layout puts the message on #count). */
function moreThan(total) {
  return count.dataset.moreThan.replace("{count}", new Intl.NumberFormat(document.documentElement.lang).format(total));
}

// The letter index: the language's alphabet (Welsh digraphs are letters); a letter jumps the list
// to the first word at or after it.
$("letter-index").replaceChildren(...book.alphabet.map((letter) =>
  el("button", { type: "button", class: "secondary letter", onclick: () => jump(letter) }, letter.toUpperCase())));

async function jump(letter) {
  search.value = "";
  query = "";
  start = (await api("GET", `/api/phrasebook/index?${bookQuery}&letter=${encodeURIComponent(letter)}`)).offset;
  await load();
  window.scrollTo({ top: 0, behavior: scrollMotion() });
}

function translation(entry) {
  const pair = entry.pair;
  const details = [pair.context && `(${pair.context})`, pair.area && pair.area !== book.defaultArea && pair.area, pair.type]
    .filter(Boolean).join(" · ");
  return el("li", {},
    el("button", { type: "button", class: "link", dir: "auto", lang: book.languageTwoCode, onclick: () => edit(entry) }, pair.wordTwo),
    speaker(pair.id, "two", pair.wordTwo),
    details ? el("span", { class: "hint", dir: "auto" }, ` ${details}`) : "",
    ...entry.tags.map((tag) => el("span", { class: "tag", dir: "auto" }, tag)));
}

/** The pair the form edits (saving renames it and sets its tags), or null for a new one. */
let editingID = null;

/** Fills the form with a pair so saving updates it: its words too, and exactly its tags. */
function edit(entry) {
  const pair = entry.pair;
  editingID = pair.id;
  $("pair-status").textContent = t("phrasebook.js.editing", { pair: `${pair.wordOne} – ${pair.wordTwo}` });
  for (const name of textFields) form.elements[name].value = pair[name];
  if (form.elements.area) form.elements.area.value = pair.area;
  form.elements.tags.value = entry.tags.join(", ");
  form.scrollIntoView({ behavior: scrollMotion() });
  form.elements.type.focus();
}

async function loadTags() {
  const tags = await api("GET", `/api/phrasebook/tags?${bookQuery}`);
  $("tag-list").replaceChildren(...tags.map((tag) => el("option", { value: tag.name })));
}

search.addEventListener("input", () => {
  aheadCancel?.abort();
  query = search.value;
  const page = foreseen(query);
  if (!page) {
    load().catch(showLoadError);
    return;
  }
  const mine = ++generation;
  shown = page.pairs;
  render(page.total, page.capped, false, false, true);
  // The server's own answer once the rows are painted, so that drawing it takes nothing from
  // that frame.
  requestAnimationFrame(() => setTimeout(() => {
    if (mine === generation) load().catch(showLoadError);
  }, 0));
});
search.addEventListener("focus", () => lookAheadIfTyping(generation));
more.addEventListener("click", () => load(true).catch(showLoadError));

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = $("pair-error");
  const status = $("pair-status");
  error.hidden = true;
  form.querySelectorAll(".field-error").forEach((node) => node.remove());
  const value = (name) => form.elements[name]?.value ?? "";
  try {
    const input = {
      wordOne: value("wordOne"), wordTwo: value("wordTwo"), type: value("type"), context: value("context"),
      area: value("area") || undefined, note: value("note"), imageURL: value("imageURL"),
      imageCredit: value("imageCredit"), imageLicence: value("imageLicence"),
      tags: [value("tags")],  // the server splits at commas and semicolons
    };
    const saved = editingID
      ? { created: false, pair: await api("PUT", `/api/phrasebook/pairs/${editingID}?${bookQuery}`, input) }
      : await api("POST", `/api/phrasebook/pairs?${bookQuery}`, input);
    editingID = null;
    status.textContent = t(saved.created ? "phrasebook.js.pairAdded" : "phrasebook.js.pairUpdated",
      { pair: `${saved.pair.pair.wordOne} – ${saved.pair.pair.wordTwo}` });
    for (const name of [...textFields, "tags"]) form.elements[name].value = "";
    form.elements.wordOne.focus();
    forgetAhead();
    await Promise.all([load(), loadTags()]);
  } catch (problem) {
    const input = problem.field && (form.elements[problem.field]?.length ? form.querySelector("fieldset.areas") : form.elements[problem.field]);
    if (input) {
      input.insertAdjacentElement("afterend", el("span", { class: "error field-error", role: "alert", dir: "auto" }, problem.message));
      (input.focus ? input : input.querySelector("input"))?.focus();
    } else {
      showError(error, problem);
    }
  }
});

/** Drops the search ahead's results once the pairs have changed. */
function forgetAhead() {
  ahead = null;
  delete list.dataset.ahead;
}

function showLoadError(problem) {
  count.textContent = t("phrasebook.js.loadFailed", { problem: problem.message });
}

load().catch(showLoadError);
loadTags().catch(() => {});
const editing = new URLSearchParams(location.search).get("edit");
if (editing) api("GET", `/api/phrasebook/pairs/${editing}?${bookQuery}`).then(edit).catch(showLoadError);
