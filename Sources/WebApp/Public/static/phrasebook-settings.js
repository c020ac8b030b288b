// The phrasebook a Phrasebook page shows (embedded by the server) and the query naming it.
import { $ } from "/static/api.js";

export const book = JSON.parse($("phrasebook-settings").textContent);
export const bookQuery = `book=${encodeURIComponent(book.name)}`;
