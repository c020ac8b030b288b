// Phrasebook: the switcher between phrasebooks and the "new phrasebook" form.
import { api } from "/static/api.js";

const switcher = document.getElementById("book-switcher");
const newBook = document.getElementById("new-book");
switcher?.addEventListener("change", () => {
  if (switcher.value === "") {
    newBook.hidden = false;
    newBook.querySelector("input")?.focus();
  } else {
    location.href = `${location.pathname}?book=${encodeURIComponent(switcher.value)}`;
  }
});

const form = document.getElementById("new-book-form");
form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = document.getElementById("new-book-error");
  try {
    const book = await api("POST", "/api/phrasebook/books", {
      name: form.elements.name.value, languages: form.elements.languages.value,
    });
    location.href = `/phrasebook?book=${encodeURIComponent(book.name)}`;
  } catch (problem) {
    error.textContent = problem.message;
    error.hidden = false;
  }
});
