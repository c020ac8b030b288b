// Key It's chapters screen: opening a book is where the user is now (what /keyit/go resumes).
import { api } from "/static/api.js";

const { bible, book } = document.getElementById("position").dataset;
api("POST", `/api/keyit/bibles/${bible}/position`, { book }, { keepalive: true }).catch(() => {});
