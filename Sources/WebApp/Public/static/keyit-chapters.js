// Key It's chapters screen: opening a book is where the user is now (what /keyit/go resumes).
import { $, saveKeepalive } from "/static/api.js";

const { bible, book } = $("position").dataset;
saveKeepalive("POST", `/api/keyit/bibles/${bible}/position`, { book });
