// Phrasebook: the switcher between phrasebooks and the "new phrasebook" form.
import { $, api, showError } from "/static/api.js";

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

const form = $("new-book-form");
form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const book = await api("POST", "/api/phrasebook/books", {
      name: form.elements.name.value, languages: form.elements.languages.value,
    });
    location.href = `/phrasebook?book=${encodeURIComponent(book.name)}`;
  } catch (problem) {
    showError("new-book-error", problem);
  }
});
