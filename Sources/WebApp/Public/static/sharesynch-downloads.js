// Download Sermon Series (seed A.3.2): the catalog from settings with sizes and availability,
// free space and a warning before a download that would not fit, downloads with progress, speed
// and time left that can be paused, resumed and cancelled; installing a package file or the inbox.
import { $, api, el, failInto, upload } from "/static/api.js";
import { formatTime } from "/static/sharesynch-live.js";

let view = null;
let progress = new Map();

const megabytes = (bytes) => `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;

const fail = failInto("downloads-error");

async function load() {
  try {
    view = await api("GET", "/api/sharesynch/catalog");
  } catch (error) {
    fail(error);
    return;
  }
  $("catalog-source").textContent = `Catalog: ${view.url}`;
  $("free-space").textContent = `Free space in the data folder: ${megabytes(view.freeBytes)}`;
  $("activation-line").hidden = !view.activation;
  $("activation-line").textContent = view.activation ? `Activation: ${view.activation}` : "";
  render();
}

function render() {
  if (!view) return;
  const offers = [...view.offers].sort((a, b) => $("sort").value === "available"
    ? Number(b.available) - Number(a.available) || a.name.localeCompare(b.name)
    : a.name.localeCompare(b.name));
  $("offers").replaceChildren(...offers.map((offer) => {
    const job = progress.get(offer.id);
    const fits = offer.size * 2 < view.freeBytes;
    const row = el("tr", { class: offer.available ? "offer" : "offer unavailable", dataset: { series: offer.id } },
      el("td", { dir: "auto" }, offer.name), el("td", {}, megabytes(offer.size)),
      el("td", { class: "status" }, statusText(offer, job, fits)), el("td", { class: "actions" }, ...actions(offer, job, fits)));
    return row;
  }));
}

function statusText(offer, job, fits) {
  if (job) {
    if (job.state === "failed") return `Failed: ${job.error}`;
    if (job.state === "installed") return "Installed";
    if (job.state === "cancelled") return "Cancelled";
    const total = job.total ?? offer.size;
    const left = job.secondsLeft != null ? `, ${formatTime(job.secondsLeft)} left` : "";
    const speed = job.state === "running" ? `, ${(job.bytesPerSecond / 1e3).toFixed(0)} kB/s${left}` : "";
    return `${job.state === "paused" ? "Paused" : job.state === "installing" ? "Installing" : "Downloading"} ${megabytes(job.received)} of ${megabytes(total)}${speed}`;
  }
  if (offer.installed) return "Installed";
  if (!offer.available) return "Needs an activation code";
  return fits ? "Available" : "Not enough space";
}

function actions(offer, job, fits) {
  const button = (label, action, className = "secondary") => {
    const node = el("button", { type: "button", class: className, dataset: { action } }, label);
    node.addEventListener("click", () => control(offer, action).catch(fail));
    return node;
  };
  if (job && ["running", "installing"].includes(job.state)) return [button("Pause", "pause"), button("Cancel", "cancel")];
  if (job && job.state === "paused") return [button("Resume", "resume", ""), button("Cancel", "cancel")];
  if (offer.installed || (job && job.state === "installed") || !offer.available) return [];
  return [button("Download", "start", fits ? "" : "secondary")];
}

async function control(offer, action) {
  if (action === "start" && offer.size * 2 >= view.freeBytes
    && !confirm(`${offer.name} needs ${megabytes(offer.size * 2)}, more than the ${megabytes(view.freeBytes)} free. Try anyway?`)) return;
  const job = action === "start"
    ? await api("POST", `/api/sharesynch/downloads/${encodeURIComponent(offer.id)}`)
    : await api("POST", `/api/sharesynch/downloads/${encodeURIComponent(offer.id)}/${action}`);
  progress.set(job.id, job);
  render();
}

async function poll() {
  try {
    const jobs = await api("GET", "/api/sharesynch/downloads");
    const finished = jobs.some((job) => job.state === "installed" && progress.get(job.id)?.state !== "installed");
    progress = new Map(jobs.map((job) => [job.id, job]));
    if (finished) await load(); else render();
  } catch {
    // the next poll tries again
  }
}

$("sort").addEventListener("change", render);
$("upload-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const file = $("package-file").files[0];
  if (!file) return;
  $("install-report").textContent = "Installing…";
  try {
    const series = await upload("/api/sharesynch/install", file);
    $("install-report").textContent = `Installed ${series.name}.`;
    load();
  } catch (error) {
    $("install-report").textContent = `Not installed: ${error.message}`;
  }
});
$("check-inbox").addEventListener("click", async () => {
  try {
    const results = await api("POST", "/api/sharesynch/inbox");
    $("install-report").textContent = results.length
      ? results.map((result) => result.series ? `${result.file}: installed ${result.series}` : `${result.file}: refused, ${result.reason}`).join("; ")
      : "The inbox is empty.";
    load();
  } catch (error) {
    fail(error);
  }
});

load();
setInterval(poll, 500);
