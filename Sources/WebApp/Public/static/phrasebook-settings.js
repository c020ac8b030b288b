// The phrasebook a Phrasebook page shows (embedded by the server) and the query naming it.
export const book = JSON.parse(document.getElementById("phrasebook-settings").textContent);
export const bookQuery = `book=${encodeURIComponent(book.name)}`;
