// Phrasebook's Tagged view: every tag with its pairs (collapsible, with counts), then "No tag".
import { $, api, el, t } from "/static/api.js";
import { book, bookQuery } from "/static/phrasebook-settings.js";
import { speaker } from "/static/phrasebook-speech.js";

const page = await api("GET", `/api/phrasebook/pairs?${bookQuery}`);
const groups = new Map();
for (const entry of page.pairs) {
  for (const tag of entry.tags.length ? entry.tags : [null]) {
    if (!groups.has(tag)) groups.set(tag, []);
    groups.get(tag).push(entry);
  }
}
const collator = new Intl.Collator(book.languageOneCode);
const names = [...groups.keys()].filter((name) => name !== null).sort(collator.compare);
if (groups.has(null)) names.push(null);
$("groups").replaceChildren(...names.map((name) => {
  const entries = groups.get(name);
  return el("details", { class: "card tag-group", open: true, dataset: { tag: name ?? "" } },
    el("summary", {}, name === null ? el("span", {}, t("phrasebook.js.noTag")) : el("span", { dir: "auto" }, name), el("span", { class: "hint" }, ` (${entries.length})`)),
    el("ul", { class: "tagged-pairs" }, ...entries.map((entry) => el("li", { dir: "auto" },
      // Each pair leads to its detail.
      el("a", { href: `/phrasebook/word?${bookQuery}&w=${encodeURIComponent(entry.pair.wordOne)}&pair=${entry.pair.id}` },
        el("span", { lang: book.languageOneCode }, entry.pair.wordOne), " – ",
        el("span", { lang: book.languageTwoCode }, entry.pair.wordTwo)),
      speaker(entry.pair.id, "two", entry.pair.wordTwo)))));
}));
