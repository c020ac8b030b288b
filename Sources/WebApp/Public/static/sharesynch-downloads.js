// Download Sermon Series (seed A.3.2): the catalog from settings with sizes and availability,
// free space and a warning before a download that would not fit, downloads with progress, speed
// and time left that can be paused, resumed and cancelled; installing a package file or the inbox.
import { $, api, el, failInto, t, upload } from "/static/api.js";
import { formatTime } from "/static/sharesynch-live.js";

let view = null;
let progress = new Map();

const megabytes = (bytes) => t("sharesynch.js.megabytes", { size: bytes < 1e7 ? Math.round(bytes / 1e5) / 10 : Math.round(bytes / 1e6) });

const fail = failInto("downloads-error");

async function load() {
  try {
    view = await api("GET", "/api/sharesynch/catalog");
  } catch (error) {
    fail(error);
    return;
  }
  $("catalog-source").textContent = t("sharesynch.js.catalog", { url: view.url });
  $("free-space").textContent = t("sharesynch.js.freeSpace", { size: megabytes(view.freeBytes) });
  $("activation-line").hidden = !view.activation;
  $("activation-line").textContent = view.activation ? t("sharesynch.js.activation", { what: view.activation }) : "";
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
    if (job.state === "failed") return t("sharesynch.js.failed", { error: job.error });
    if (job.state === "installed") return t("sharesynch.js.installed");
    if (job.state === "cancelled") return t("sharesynch.js.cancelled");
    const total = job.total ?? offer.size;
    const sizes = { received: megabytes(job.received), total: megabytes(total) };
    if (job.state === "paused") return t("sharesynch.js.paused", sizes);
    if (job.state === "installing") return t("sharesynch.js.installing", sizes);
    const speed = { ...sizes, speed: Math.round(job.bytesPerSecond / 1e3) };
    return job.secondsLeft != null ? t("sharesynch.js.downloadingLeft", { ...speed, left: formatTime(job.secondsLeft) })
      : t("sharesynch.js.downloading", speed);
  }
  if (offer.installed) return t("sharesynch.js.installed");
  if (!offer.available) return t("sharesynch.js.needsActivation");
  return fits ? t("sharesynch.js.available") : t("sharesynch.js.noSpace");
}

function actions(offer, job, fits) {
  const button = (label, action, className = "secondary") => {
    const node = el("button", { type: "button", class: className, dataset: { action } }, label);
    node.addEventListener("click", () => control(offer, action).catch(fail));
    return node;
  };
  if (job && ["running", "installing"].includes(job.state)) return [button(t("sharesynch.js.pause"), "pause"), button(t("sharesynch.js.cancel"), "cancel")];
  if (job && job.state === "paused") return [button(t("sharesynch.js.resume"), "resume", ""), button(t("sharesynch.js.cancel"), "cancel")];
  if (offer.installed || (job && job.state === "installed") || !offer.available) return [];
  return [button(t("sharesynch.js.download"), "start", fits ? "" : "secondary")];
}

async function control(offer, action) {
  if (action === "start" && offer.size * 2 >= view.freeBytes
    && !confirm(t("sharesynch.js.tryAnyway", { name: offer.name, needed: megabytes(offer.size * 2), free: megabytes(view.freeBytes) }))) return;
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
  $("install-report").textContent = t("sharesynch.js.installingFile");
  try {
    const series = await upload("/api/sharesynch/install", file);
    $("install-report").textContent = t("sharesynch.js.installedName", { name: series.name });
    load();
  } catch (error) {
    $("install-report").textContent = t("sharesynch.js.notInstalled", { error: error.message });
  }
});
$("check-inbox").addEventListener("click", async () => {
  try {
    const results = await api("POST", "/api/sharesynch/inbox");
    $("install-report").textContent = results.length
      ? results.map((result) => result.series ? t("sharesynch.js.inboxInstalled", { file: result.file, series: result.series }) : t("sharesynch.js.inboxRefused", { file: result.file, reason: result.reason })).join("; ")
      : t("sharesynch.js.inboxEmpty");
    load();
  } catch (error) {
    fail(error);
  }
});

load();
setInterval(poll, 500);
