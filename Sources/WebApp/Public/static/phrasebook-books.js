// Phrasebook: the switcher between phrasebooks and the "new phrasebook" form.
import { $, api, el, showError } from "/static/api.js";

const switcher = $("book-switcher");
const newBook = $("new-book");
switcher?.addEventListener("change", () => {
  if (switcher.value === "") {
    newBook.hidden = false;
    newBook.querySelector("input")?.focus();
  } else {
    location.href = `${location.pathname}?book=${encodeURIComponent(switcher.value)}`;
  }
});

// The language pickers: a searchable list of ICU's languages, each "Name — Native (code)", the name
// in the interface's language.
const form = $("new-book-form");
let languages = [];
const label = (language) =>
  language.native === language.name ? `${language.name} (${language.code})`
    : `${language.name} — ${language.native} (${language.code})`;
if (form) {
  api("GET", "/api/phrasebook/languages").then((list) => {
    languages = list;
    // Language names are proper names, some in right-to-left scripts.
    $("language-list").replaceChildren(...list.map((language) =>
      el("option", { value: label(language), dir: "auto" }, label(language))));
  }).catch(() => {});
}

/// "code:Name" for what was typed or picked: a label from the list, a name in English or in the
/// language, or a BCP 47 tag (the server names it and refuses what is not one).
function language(typed) {
  const text = typed.trim();
  const lower = text.toLowerCase();
  const known = languages.find((language) => label(language) === text
    || [language.name, language.english, language.native, language.code].some((name) => name.toLowerCase() === lower));
  if (known) return `${known.code}:${known.english}`;
  const code = text.match(/\(([A-Za-z0-9-]+)\)$/)?.[1];
  return code ? `${code}:${text.replace(/\s*\([^)]*\)$/, "").split(" — ")[0]}` : text;
}

form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const book = await api("POST", "/api/phrasebook/books", {
      name: form.elements.name.value,
      languages: `${language(form.elements.languageOne.value)},${language(form.elements.languageTwo.value)}`,
    });
    location.href = `/phrasebook?book=${encodeURIComponent(book.name)}`;
  } catch (problem) {
    showError("new-book-error", problem);
  }
});
