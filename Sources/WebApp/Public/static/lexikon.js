// Lexikon's screen: searching a word fetches it (and updates the cache), switch direction, and work
// from the cache of earlier lookups: tapping a cached word shows its cached result; the list is in
// the language's alphabetical order, paged, with a letter index, and filtered as the search field
// changes. The screen's state is saved and restored on the next visit.
import { $, api, autosave, el, failInto, showError, t, upload } from "/static/api.js";

const word = $("word");
const direction = $("direction");
let dictionaries = [];
let shown = null; // the LookupResult on screen
let editing = false;
let filterRequest = 0;
let lookupRequest = 0; // the latest lookup: an answer to an earlier one is dropped
let listed = 0; // cached words shown in the list
const pageSize = 100;
let voiced = []; // source languages espeak-ng speaks (three-letter codes)
let playing = null;
api("GET", "/api/lexikon/voices").then((codes) => { voiced = codes; }).catch(() => {});

const fail = failInto("lexikon-error");

function directionLabel(code) {
  const known = dictionaries.find((d) => d.direction === code);
  return known ? `${known.label} · ${known.description}` : code;
}

function currentDictionary() {
  return dictionaries.find((d) => d.direction === direction.value);
}

function reverseOf(code) {
  const [from, to] = code.split("-");
  return to ? `${to}-${from}` : null;
}

function updateSwap() {
  const dictionary = currentDictionary();
  const reverse = reverseOf(direction.value);
  const available = [...direction.options].some((o) => o.value === reverse);
  $("swap").textContent = dictionary ? dictionary.label : direction.value;
  $("swap").disabled = !available;
  $("swap").title = available ? t("lexikon.js.switch") : t("lexikon.js.noReverse");
}

// --- state ------------------------------------------------------------------------------------

// The screen's state, saved 0.15 s after the last change; a failed save is left for the next one.
const screenState = autosave({ save: (_, body) => api("PUT", "/api/lexikon/state", body), delay: 150 });
function saveState() {
  screenState.set("state", { direction: direction.value || null, query: word.value, word: shown?.word ?? null });
}

// --- lookups --------------------------------------------------------------------------------

function renderEntry(entry) {
  const head = el("p", { class: "entry-head" }, el("strong", { dir: "auto" }, entry.headword));
  if (entry.pronunciation) head.append(" ", el("span", { class: "pron" }, `/${entry.pronunciation}/`));
  if (entry.partOfSpeech) head.append(" ", el("span", { class: "pos" }, entry.partOfSpeech));
  const senses = el("ol", { class: "senses" });
  for (const sense of entry.senses) {
    const item = el("li", { dir: "auto" }, sense.text);
    if (sense.number) item.value = sense.number;
    if (sense.partOfSpeech) item.append(" ", el("span", { class: "pos" }, sense.partOfSpeech));
    senses.append(item);
  }
  return el("article", { class: "entry" }, head, senses, el("details", { class: "raw" }, el("summary", {}, t("lexikon.js.raw")),
    el("pre", { dir: "auto" }, entry.raw)));
}

// How a word as typed differs from the word found ("plural", "definite, genitive", "soft
// mutation"), as the core names it in English: each named part in the interface's language
// (`lexikon.js.form.*`), a part the catalogs do not have as it is.
function formWords(how) {
  return how.split(", ").map((part) => {
    const id = `lexikon.js.form.${part.replace(/^-/, "").replace(/ (\w)/g, (_, letter) => letter.toUpperCase())}`;
    const words = t(id);
    return words === id ? part : words;
  }).join(", ");
}

/** A button that says the word in its language (espeak-ng, made once on the server), or null when
 * espeak-ng has no voice for the direction's source language. */
function speakerFor(result) {
  if (!voiced.includes(result.direction.split("-")[0])) return null;
  const query = new URLSearchParams({ direction: result.direction, word: result.word });
  return el("button", {
    type: "button", class: "secondary speaker", title: t("lexikon.js.hear", { word: result.word }),
    "aria-label": t("lexikon.js.hear", { word: result.word }),
    onclick: () => {
      playing?.pause();
      playing = new Audio(`/api/lexikon/audio?${query}`);
      playing.play().catch(() => {});
    },
  }, "🔊");
}

function showResult(result) {
  shown = result;
  $("result").hidden = false;
  const entries = $("entries");
  entries.replaceChildren();
  if (result.entries.length === 0) {
    entries.append(el("p", {}, t("lexikon.js.noEntry", { word: result.word })));
    if (result.suggestions.length) {
      const list = el("p", { class: "suggestions" }, `${t("lexikon.js.didYouMean")} `);
      result.suggestions.forEach((s, i) => {
        if (i) list.append(", ");
        list.append(el("a", { href: "#", dir: "auto", onclick: (e) => { e.preventDefault(); lookup(s, true); } }, s));
      });
      entries.append(list);
    }
    $("result-meta").textContent = "";
    $("refresh").hidden = true;
    $("add-to-phrasebook").hidden = true;
  } else {
    if (result.foundAs) {
      // A word as text has it (Welsh mutation, inflection): the entries are for the word it comes from.
      entries.append(el("p", { class: "found-as", dir: "auto" },
        `${result.foundAs.asked} → ${result.word} (${formWords(result.foundAs.how)})`));
    }
    const speaker = speakerFor(result);
    if (speaker) entries.append(speaker);
    entries.append(...result.entries.map(renderEntry));
    const when = new Date(result.fetchedAt).toLocaleString(document.documentElement.lang);
    $("result-meta").textContent = t(result.fromCache ? "lexikon.js.fromCache" : "lexikon.js.fetched",
      { when, count: result.lookupCount })
      + (result.problem ? ` · ${t("lexikon.js.notRefreshed", { problem: result.problem })}` : "");
    $("refresh").hidden = false;
    $("add-to-phrasebook").hidden = false;
    preparePair(result);
  }
  saveState();
}

// Looks a word up; an answer (or error) that comes after a later lookup began is dropped, so a
// slow answer never replaces the word asked for since.
async function lookup(text, fresh = false) {
  const asked = (text ?? word.value).trim();
  if (!asked || !direction.value) return;
  const request = ++lookupRequest;
  showError("lexikon-error", null);
  try {
    const result = await api("POST", "/api/lexikon/lookup", { direction: direction.value, word: asked, fresh });
    if (request !== lookupRequest) return;
    showResult(result);
    refreshCache({ letters: true });
  } catch (error) {
    if (request === lookupRequest) fail(error);
  }
}

// --- the cache list -----------------------------------------------------------------------------

function cachedItem(cached) {
  return el("li", { "data-letter": cached.letter ?? "" },
    el("button", { type: "button", class: "link cached-word", dir: "auto", onclick: () => lookup(cached.word) }, cached.word),
    el("span", { class: "hint" }, ` ${cached.lookupCount}×`),
    el("button", { type: "button", class: "danger forget", hidden: !editing, title: t("lexikon.js.delete", { word: cached.word }),
      "aria-label": t("lexikon.js.delete", { word: cached.word }), onclick: () => forget(cached.word) }, "✕"));
}

// Loads the list from `offset` (a letter's first word, or 0), or, with `more`, the next page after
// the words shown; with `letters`, the letter index too (when the cached words changed).
async function refreshCache({ offset = 0, more = false, letters: withLetters = false } = {}) {
  if (!direction.value) return;
  const request = ++filterRequest;
  const from = more ? listed : offset;
  const query = new URLSearchParams({ direction: direction.value, filter: word.value, limit: String(pageSize), offset: String(from) });
  try {
    const [page, letters] = await Promise.all([
      api("GET", `/api/lexikon/cache?${query}`),
      withLetters ? api("GET", `/api/lexikon/letters?${new URLSearchParams({ direction: direction.value })}`) : null,
    ]);
    if (request !== filterRequest) return; // a later keystroke already asked again
    const list = $("cached-words");
    if (more) list.append(...page.words.map(cachedItem)); else list.replaceChildren(...page.words.map(cachedItem));
    listed = from + page.words.length;
    $("cache-more").hidden = !page.more;
    if (letters) showLetters(letters);
    const total = letters ? letters.reduce((sum, letter) => sum + letter.words, 0) : null;
    if (total !== null) $("cache-count").textContent = total ? `(${total})` : "";
    $("cache-empty").hidden = listed > 0 || word.value !== "" || from > 0;
  } catch (error) {
    fail(error);
  }
}

// The letter index: each letter jumps the unfiltered list to its first word.
function showLetters(letters) {
  $("cache-letters").replaceChildren(...letters.map((letter) => el("button", {
    type: "button", class: "link letter", dir: "auto", title: `${letter.letter}: ${letter.words}`,
    onclick: () => {
      if (word.value) { word.value = ""; saveState(); }
      refreshCache({ offset: letter.offset });
    },
  }, letter.letter)));
  $("cache-letters").hidden = letters.length < 2;
}

async function forget(cachedWord) {
  try {
    await api("DELETE", `/api/lexikon/cache?${new URLSearchParams({ direction: direction.value, word: cachedWord })}`);
    if (shown && shown.word === cachedWord) { shown = null; $("result").hidden = true; saveState(); }
    refreshCache({ letters: true });
  } catch (error) {
    fail(error);
  }
}

function setEditing(on) {
  editing = on;
  $("edit-cache").setAttribute("aria-pressed", String(on));
  $("edit-cache").textContent = on ? t("lexikon.js.done") : $("edit-cache").dataset.edit;
  $("clear-cache").hidden = !on;
  document.querySelectorAll("#cached-words .forget").forEach((button) => { button.hidden = !on; });
}

// --- add to phrasebook -------------------------------------------------------------------------

let phrasebooks = [];

function preparePair(result) {
  const first = result.entries[0];
  const translation = first.senses[0]?.translations[0] ?? first.senses[0]?.text ?? "";
  const partOfSpeech = first.partOfSpeech ?? first.senses.find((sense) => sense.partOfSpeech)?.partOfSpeech ?? "";
  const book = phrasebooks.find((b) => b.name === $("pair-book").value);
  const from = currentDictionary()?.fromShortCode;
  const reversed = book && book.languageTwoCode === from && book.languageOneCode !== from;
  $("pair-one").value = reversed ? translation : first.headword;
  $("pair-two").value = reversed ? first.headword : translation;
  $("pair-type").value = partOfSpeech;
  // Phrasebook pairs have no pronunciation field yet: it goes in the note.
  $("pair-note").value = first.pronunciation ? `/${first.pronunciation}/` : "";
  $("word-one-label").textContent = book ? book.languageOneName : t("lexikon.js.word");
  $("word-two-label").textContent = book ? book.languageTwoName : t("lexikon.js.translation");
  $("pair-status").textContent = "";
  $("pair-error").hidden = true;
}

async function loadPhrasebooks() {
  try {
    phrasebooks = await api("GET", "/api/phrasebook/books");
  } catch {
    phrasebooks = [];
  }
  $("pair-book").replaceChildren(...phrasebooks.map((b) => el("option", { value: b.name, dir: "auto" }, b.name)));
  $("no-phrasebook").hidden = phrasebooks.length > 0;
  $("pair-book").closest("label").hidden = phrasebooks.length === 0;
}

async function addPair(event) {
  event.preventDefault();
  $("pair-error").hidden = true;
  const book = $("pair-book").value;
  if (!book) return;
  try {
    const saved = await api("POST", `/api/phrasebook/pairs?${new URLSearchParams({ book })}`, {
      wordOne: $("pair-one").value, wordTwo: $("pair-two").value, type: $("pair-type").value || null,
      note: $("pair-note").value || null,
    });
    $("pair-status").textContent = t(saved.created ? "lexikon.js.added" : "lexikon.js.updated",
      { book, one: saved.pair.pair.wordOne, two: saved.pair.pair.wordTwo });
  } catch (error) {
    showError("pair-error", error);
  }
}

// --- add a dictionary ----------------------------------------------------------------------------

// Uploads each chosen file (StarDict .ifo/.idx/.dict[.dz], dictd .index/.dict[.dz]); the server
// checks every file and the whole dictionary once its files are all there.
async function addDictionaryFiles() {
  const files = [...$("dictionary-files").files];
  showError("dictionary-error", null);
  const lines = [];
  try {
    for (const file of files) {
      const added = await upload(`/api/lexikon/dictionaries?${new URLSearchParams({ file: file.name })}`, file);
      lines.push(added.missing.length
        ? t("lexikon.js.stillNeeds", { name: added.name, files: added.missing.join(", ") })
        : t("lexikon.js.ready", { name: added.name }));
    }
    const directory = await api("GET", "/api/lexikon/dictionaries");
    dictionaries = directory.dictionaries;
    fillDirections(dictionaries, directory.cached, direction.value);
    updateSwap();
  } catch (error) {
    showError("dictionary-error", error);
  }
  $("dictionary-status").textContent = lines.join(" · ");
  $("dictionary-files").value = "";
}

// --- start --------------------------------------------------------------------------------------

function fillDirections(list, cached, chosen) {
  const codes = [...new Set([...list.map((d) => d.direction), ...Object.keys(cached)])];
  direction.replaceChildren(...codes.map((code) => el("option", { value: code }, directionLabel(code))));
  if (codes.includes(chosen)) direction.value = chosen;
}

async function start() {
  const [directory, state] = await Promise.all([api("GET", "/api/lexikon/dictionaries"), api("GET", "/api/lexikon/state")]);
  dictionaries = directory.dictionaries;
  if (directory.problem) {
    $("source-problem").textContent = directory.problem;
    $("source-problem").hidden = false;
  }
  fillDirections(dictionaries, directory.cached, state.direction ?? directory.defaultDirection);
  updateSwap();
  word.value = state.query ?? "";
  await loadPhrasebooks();
  if (state.word && state.direction === direction.value) {
    try {
      showResult(await api("GET", `/api/lexikon/cached?${new URLSearchParams({ direction: direction.value, word: state.word })}`));
    } catch { /* forgotten since: nothing to restore */ }
  }
  await refreshCache({ letters: true });
  document.body.dataset.ready = "true";
}

// Searching fetches the word again (as the seed's search does); tapping a cached word does not.
$("lookup-form").addEventListener("submit", (event) => { event.preventDefault(); lookup(undefined, true); });
$("cache-more").addEventListener("click", () => refreshCache({ more: true }));
$("dictionary-files").addEventListener("change", addDictionaryFiles);
word.addEventListener("input", () => { refreshCache(); saveState(); });
direction.addEventListener("change", () => {
  shown = null;
  $("result").hidden = true;
  updateSwap();
  refreshCache({ letters: true });
  saveState();
});
$("swap").addEventListener("click", () => {
  const reverse = reverseOf(direction.value);
  if (![...direction.options].some((o) => o.value === reverse)) return;
  direction.value = reverse;
  direction.dispatchEvent(new Event("change"));
});
$("refresh").addEventListener("click", () => shown && lookup(shown.word, true));
$("edit-cache").addEventListener("click", () => setEditing(!editing));
$("clear-cache").addEventListener("click", async () => {
  if (!confirm(t("lexikon.js.clearConfirm", { dictionary: directionLabel(direction.value) }))) return;
  try {
    await api("DELETE", `/api/lexikon/cache?${new URLSearchParams({ direction: direction.value, all: "1" })}`);
    shown = null;
    $("result").hidden = true;
    saveState();
    refreshCache({ letters: true });
  } catch (error) {
    fail(error);
  }
});
$("pair-book").addEventListener("change", () => shown && shown.entries.length && preparePair(shown));
$("pair-form").addEventListener("submit", addPair);
start().catch(fail);
