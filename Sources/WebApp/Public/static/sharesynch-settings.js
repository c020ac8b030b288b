// ShareSynch settings (seed A.3.6): storage per series and in all (deleting a series asks first),
// the way to advance on a touch screen, the catalog address and activation code, the timer log.
import { $, api, el, failInto, t } from "/static/api.js";
import { formatTime } from "/static/sharesynch-live.js";

const megabytes = (bytes) => t("sharesynch.js.megabytes", { size: Math.round(bytes / 1e5) / 10 });

const fail = failInto("settings-error");

function render(settings) {
  $("storage").replaceChildren(...settings.storage.map((series) => {
    const remove = el("button", { type: "button", class: "danger", dataset: { series: series.id } }, t("sharesynch.js.delete"));
    remove.addEventListener("click", async () => {
      if (!confirm(t("sharesynch.js.deleteSeries", { name: series.name }))) return;
      try {
        await api("DELETE", `/api/sharesynch/series/${encodeURIComponent(series.id)}`);
        render(await api("GET", "/api/sharesynch/settings"));
      } catch (error) {
        fail(error);
      }
    });
    return el("tr", { dataset: { series: series.id } }, el("td", { dir: "auto" }, series.name), el("td", {}, megabytes(series.bytes)), el("td", {}, remove));
  }));
  $("storage-total").textContent = (settings.freeBytes != null ? t("sharesynch.js.inAllFree", { total: megabytes(settings.totalBytes), free: megabytes(settings.freeBytes) })
    : t("sharesynch.js.inAll", { total: megabytes(settings.totalBytes) }));
  $("advance").value = settings.advance;
  $("end-of-sermon").value = settings.endOfSermon;
  $("slide-width").value = String(settings.slideWidth);
  $("catalog-url").value = settings.catalogURL ?? "";
  $("activation").value = settings.activation ?? "";
  $("timer-log").replaceChildren(...settings.timerLog.map((run) => el("tr", {},
    el("td", { dir: "auto" }, run.sermon), el("td", { dir: "auto" }, run.series),
    el("td", {}, new Date(run.start).toLocaleString(document.documentElement.lang)), el("td", {}, formatTime(run.duration)))));
  if (!settings.timerLog.length) $("timer-log").replaceChildren(el("tr", {}, el("td", {}, t("sharesynch.js.noTimerLog"))));
}

async function save(body) {
  try {
    render(await api("PUT", "/api/sharesynch/settings", body));
    $("settings-status").textContent = t("sharesynch.js.saved");
    if (body.activation !== undefined || body.catalogURL !== undefined) showUnlocks();
  } catch (error) {
    fail(error);
  }
}

async function showUnlocks() {
  try {
    const catalog = await api("GET", "/api/sharesynch/catalog");
    $("unlocks").textContent = catalog.activation ? t("sharesynch.js.unlocks", { what: catalog.activation }) : t("sharesynch.js.noActivation");
  } catch {
    $("unlocks").textContent = "";
  }
}

$("advance").addEventListener("change", () => save({ advance: $("advance").value }));
$("end-of-sermon").addEventListener("change", () => save({ endOfSermon: $("end-of-sermon").value }));
$("slide-width").addEventListener("change", () => save({ slideWidth: Number($("slide-width").value) }));
$("settings-form").addEventListener("submit", (event) => {
  event.preventDefault();
  save({ catalogURL: $("catalog-url").value, activation: $("activation").value });
});

api("GET", "/api/sharesynch/settings").then((settings) => {
  render(settings);
  if (settings.catalogURL) showUnlocks();
}).catch(fail);
