// Phrasebook import (from a URL, fetched by the server, or from a file) and its row-by-row report.
import { $, api, el, failInto, t, upload } from "/static/api.js";
import { bookQuery } from "/static/phrasebook-settings.js";

const error = $("import-error");
const report = $("report");
const progress = $("url-progress");
const cancel = $("url-cancel");

function showReport(result) {
  // Each line is counted in words; the rows themselves are the user's text.
  const line = (id, rows, listed = true) => el("li", {}, t(id, { count: rows.length }), rows.length && listed
    ? el("span", { class: "hint", dir: "auto" }, `: ${rows.slice(0, 20).map((row) => `${row.wordOne} – ${row.wordTwo}`).join(", ")}${rows.length > 20 ? "…" : ""}`) : "");
  report.replaceChildren(
    el("h2", {}, t("phrasebook.js.report")),
    el("ul", { class: "report" }, line("phrasebook.js.report.added", result.added),
      line("phrasebook.js.report.updated", result.updated), line("phrasebook.js.report.unchanged", result.unchanged),
      line("phrasebook.js.report.rejected", result.rejected, false)),
    ...(result.rejected.length ? [el("ul", { class: "rejected" }, ...result.rejected.map((row) =>
      el("li", { dir: "auto" }, t("phrasebook.js.report.row", { number: row.number, reason: row.reason }))))] : []));
  report.hidden = false;
}

const fail = failInto(error);

let job = null;
$("url-import").addEventListener("submit", async (event) => {
  event.preventDefault();
  error.hidden = true;
  report.hidden = true;
  try {
    job = (await api("POST", `/api/phrasebook/import-url?${bookQuery}`, { url: event.target.elements.url.value })).id;
  } catch (problem) {
    return fail(problem);
  }
  progress.hidden = false;
  progress.removeAttribute("value");
  cancel.hidden = false;
  const mine = job;
  while (mine === job) {
    const status = await api("GET", `/api/phrasebook/import-url/${mine}`).catch((problem) => ({ state: "failed", error: problem.message }));
    if (status.total) { progress.max = status.total; progress.value = status.received; }
    if (status.state === "done") showReport(status.report);
    else if (status.state === "failed") fail(new Error(status.error));
    else if (status.state === "cancelled") fail(new Error(t("phrasebook.js.cancelled")));
    if (!["downloading", "importing"].includes(status.state)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  progress.hidden = true;
  cancel.hidden = true;
});
cancel.addEventListener("click", () => { if (job) api("DELETE", `/api/phrasebook/import-url/${job}`).catch(fail); });

$("file-import").addEventListener("submit", async (event) => {
  event.preventDefault();
  const file = event.target.elements.file.files[0];
  error.hidden = true;
  report.hidden = true;
  try {
    showReport(await upload(`/api/phrasebook/import?${bookQuery}&name=${encodeURIComponent(file.name)}`, file));
  } catch (problem) {
    fail(problem);
  }
});

// The hosts on the user's own network that URL imports may reach (the server refuses the rest).
const allowedForm = $("allowed-hosts");
const allowedList = $("allowed-list");

function showAllowed(settings) {
  allowedList.replaceChildren(...settings.allowedHosts.map((host) => el("li", {}, el("span", { dir: "ltr" }, host), " ",
    el("button", { type: "button", class: "secondary", "data-host": host }, t("phrasebook.js.remove")))));
}

async function saveAllowed(hosts) {
  error.hidden = true;
  try {
    showAllowed(await api("PUT", "/api/phrasebook/settings", { allowedHosts: hosts }));
  } catch (problem) {
    fail(problem);
  }
}

const currentAllowed = () => [...allowedList.querySelectorAll("[data-host]")].map((button) => button.dataset.host);
allowedForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  await saveAllowed([...currentAllowed(), allowedForm.elements.host.value.trim()]);
  if (error.hidden) allowedForm.reset();
});
allowedList.addEventListener("click", (event) => {
  const host = event.target.dataset?.host;
  if (host) saveAllowed(currentAllowed().filter((other) => other !== host));
});
api("GET", "/api/phrasebook/settings").then(showAllowed, fail);
