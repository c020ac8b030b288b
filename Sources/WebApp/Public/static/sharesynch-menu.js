// ShareSynch's main menu (seed A.3.3): load the last used sermon, or choose a series, set its
// slide and note languages and variation, and open one of its sermons in presentation mode.
import { $, api, el, failInto, t } from "/static/api.js";
import { mediaURL } from "/static/sharesynch-live.js";
import { renderAuthoring, sermonControls, setupAuthoring } from "/static/sharesynch-author.js";

// From the menu a sermon opens at slide 1 (`start=1`), even when it is being presented already.
const presentURL = (series, sermon) => `/sharesynch/present?series=${encodeURIComponent(series)}&sermon=${encodeURIComponent(sermon)}&start=1`;
let currentSeries = null;

/** A variation's name; the original's (which cannot be renamed) in the interface language. */
const variationName = (variation) => (variation.isOriginal ? t("sharesynch.js.originalVariation") : variation.name);

const fail = failInto("menu-error"); // a cancelled load (AbortError) shows nothing

/** Runs a load; after half a second a progress line with Cancel appears. */
async function withProgress(load) {
  const controller = new AbortController();
  const timer = setTimeout(() => { $("loading").hidden = false; }, 500);
  $("loading-cancel").onclick = () => controller.abort();
  try {
    return await load(controller.signal);
  } finally {
    clearTimeout(timer);
    $("loading").hidden = true;
  }
}

$("load-last").addEventListener("click", async () => {
  try {
    const last = await api("GET", "/api/sharesynch/last");
    location.href = presentURL(last.series, last.sermon);
  } catch (error) {
    fail(error);
  }
});

$("load-sermon").addEventListener("click", () => showSeriesList().catch(fail));

async function showSeriesList() {
  const all = await withProgress((signal) => api("GET", "/api/sharesynch/series", undefined, { signal }));
  $("series-section").hidden = false;
  $("series-list").replaceChildren(...all.map((series) => {
    const button = el("button", { type: "button", class: "series secondary", dir: "auto", dataset: { series: series.id } }, series.name);
    button.addEventListener("click", () => showSeries(series.id).catch(fail));
    return button;
  }));
  if (all.length === 1) await showSeries(all[0].id);
}

async function showSeries(id) {
  const details = await withProgress((signal) => api("GET", `/api/sharesynch/series/${encodeURIComponent(id)}`, undefined, { signal }));
  currentSeries = id;
  renderDetails(details);
}

function renderDetails(details) {
  $("series-details").hidden = false;
  $("series-name").textContent = details.series.name;
  const options = (values, selected, label = (value) => value) => values.map((value) =>
    el("option", { value: String(value), selected: String(value) === String(selected) }, label(value)));
  $("slide-language").replaceChildren(...options(details.slideLanguages, details.series.slideLanguage));
  $("note-language").replaceChildren(...options(details.noteLanguages, details.series.noteLanguage));
  $("variation").replaceChildren(...details.variations.map((variation) =>
    el("option", { value: String(variation.id), selected: variation.id === details.series.currentVariationID }, variationName(variation))));
  const controls = { show: (id) => showSeriesList().then(() => showSeries(id)), fail };
  $("sermons").replaceChildren(...details.sermons.map((sermon, index) => el("article", { class: "sermon", dataset: { sermon: sermon.id } },
    sermon.thumbnail ? el("img", { src: mediaURL(details.series.id, sermon.thumbnail), alt: "" }) : el("img", { alt: "" }),
    el("h3", { dir: "auto" }, sermon.title),
    el("p", { class: "meta" }, t("sharesynch.js.slideCount", { count: sermon.slides })),
    el("a", { class: "present button", href: presentURL(details.series.id, sermon.id) }, t("sharesynch.js.present")), " ",
    el("a", { class: "handout button secondary", href: `/api/sharesynch/series/${encodeURIComponent(details.series.id)}/sermons/${encodeURIComponent(sermon.id)}/handout.pdf`, download: `${sermon.id}.pdf` }, t("sharesynch.js.handout")),
    sermonControls(details.series.id, sermon, index, details.sermons.length, controls))));
  renderAuthoring(details);
  $("new-variation-from").replaceChildren(...details.variations.map((variation) =>
    el("option", { value: String(variation.id), selected: variation.id === details.series.currentVariationID }, variationName(variation))));
  $("variation-list").replaceChildren(...details.variations.map((variation) => {
    const item = el("li", { dataset: { variation: String(variation.id) } }, el("span", { dir: "auto" }, variationName(variation)));
    if (variation.isOriginal) {
      item.append(el("span", { class: "hint" }, ` ${t("sharesynch.js.original")}`));
    } else {
      const remove = el("button", { type: "button", class: "secondary delete-variation" }, t("sharesynch.js.delete"));
      remove.addEventListener("click", () => deleteVariation(variation).catch(fail));
      item.append(" ", remove);
    }
    return item;
  }));
}

async function deleteVariation(variation) {
  if (!confirm(t("sharesynch.js.deleteVariation", { name: variationName(variation) }))) return;
  await api("DELETE", `/api/sharesynch/series/${encodeURIComponent(currentSeries)}/variations/${variation.id}`);
  await showSeries(currentSeries);
}

$("new-variation").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    await api("POST", `/api/sharesynch/series/${encodeURIComponent(currentSeries)}/variations`,
      { name: $("new-variation-name").value, from: Number($("new-variation-from").value) });
    $("new-variation-name").value = "";
    await showSeries(currentSeries);
  } catch (error) {
    fail(error);
  }
});

async function setLanguages() {
  await api("PUT", `/api/sharesynch/series/${encodeURIComponent(currentSeries)}/languages`,
    { slides: $("slide-language").value, notes: $("note-language").value });
  await showSeries(currentSeries);
}
$("slide-language").addEventListener("change", () => setLanguages().catch(fail));
$("note-language").addEventListener("change", () => setLanguages().catch(fail));
$("variation").addEventListener("change", async () => {
  try {
    renderDetails(await api("PUT", `/api/sharesynch/series/${encodeURIComponent(currentSeries)}/variation`, { id: Number($("variation").value) }));
  } catch (error) {
    fail(error);
  }
});

setupAuthoring({ current: () => currentSeries, show: (id) => showSeriesList().then(() => showSeries(id)), fail });

api("GET", "/api/sharesynch/last").then((last) => {
  $("last-hint").textContent = t("sharesynch.js.lastUsed", { series: last.series, sermon: last.sermon });
  $("last-hint").hidden = false;
}).catch(() => { $("load-last").disabled = true; });
