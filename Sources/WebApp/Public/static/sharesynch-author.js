// Making sermons on the series screen: a new series, a new sermon (title per slide language,
// appeal type and song), a sermon moved, deleted or given a target length, and slides imported
// from dropped or chosen files as a job with its progress and Cancel.
import { $, api, el, t, upload } from "/static/api.js";

const seriesPath = (series) => `/api/sharesynch/series/${encodeURIComponent(series)}`;

/** Wires the forms; `show(seriesID)` reloads the series screen, `fail(error)` shows an error. */
export function setupAuthoring({ current, show, fail }) {
  $("new-series-open").addEventListener("click", () => { $("new-series").hidden = !$("new-series").hidden; });
  const codes = (text) => text.split(/[\s,]+/).filter(Boolean);
  $("new-series").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const slides = codes($("new-series-slides").value);
      const notes = codes($("new-series-notes").value);
      const series = await api("POST", "/api/sharesynch/series",
        { name: $("new-series-name").value, slideLanguages: slides, noteLanguages: notes.length ? notes : slides });
      $("new-series").hidden = true;
      $("new-series-name").value = "";
      await show(series.id);
    } catch (error) { fail(error); }
  });
  $("new-sermon").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const title = Object.fromEntries([...$("new-sermon-titles").querySelectorAll("input")]
        .filter((input) => input.value.trim()).map((input) => [input.dataset.language, input.value]));
      const song = $("new-sermon-song").value || null;
      await api("POST", `${seriesPath(current())}/sermons`, { title, appeal: { type: $("new-sermon-appeal").value, song } });
      await show(current());
    } catch (error) { fail(error); }
  });
  const zone = $("import-zone");
  zone.addEventListener("dragover", (event) => { event.preventDefault(); zone.classList.add("dropping"); });
  zone.addEventListener("dragleave", () => zone.classList.remove("dropping"));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    zone.classList.remove("dropping");
    importFiles([...event.dataTransfer.files], { current, show, fail });
  });
  $("import-files").addEventListener("change", () => {
    importFiles([...$("import-files").files], { current, show, fail });
    $("import-files").value = "";
  });
}

/** Fills the series screen's authoring parts for `details` (GET /api/sharesynch/series/ID). */
export function renderAuthoring(details) {
  $("new-sermon-titles").replaceChildren(...details.slideLanguages.map((language, index) =>
    el("label", {}, `${t("sharesynch.js.titleIn", { language })} `,
      el("input", { dir: "auto", required: index === 0, dataset: { language }, class: "new-sermon-title" }))));
  $("new-sermon-song").replaceChildren(el("option", { value: "" }, t("sharesynch.js.none")),
    ...details.songs.map((song) => el("option", { value: song.id }, song.name)));
  $("import-into").dataset.titleLanguage = details.slideLanguages[0];
  $("import-into").replaceChildren(el("option", { value: "" }, t("sharesynch.js.newSermon")),
    ...details.sermons.map((sermon) => el("option", { value: sermon.id }, sermon.title)));
  const packagePath = `${seriesPath(details.series.id)}/package`;
  $("export-package").href = packagePath;
  $("export-variation").href = `${packagePath}?variation=${details.series.currentVariationID}`;
  $("import-slide-language").value = details.series.slideLanguage;
  $("import-language").value = details.series.noteLanguage;
}

/** The move, delete and target-length controls of one sermon's card. */
export function sermonControls(series, sermon, index, count, { show, fail }) {
  const path = `${seriesPath(series)}/sermons/${encodeURIComponent(sermon.id)}`;
  const act = (work) => async () => { try { await work(); await show(series); } catch (error) { fail(error); } };
  const up = el("button", { type: "button", class: "secondary move-up", disabled: index === 0, title: t("sharesynch.js.moveUp") }, "↑");
  up.addEventListener("click", act(() => api("PUT", path, { position: index - 1 })));
  const down = el("button", { type: "button", class: "secondary move-down", disabled: index === count - 1, title: t("sharesynch.js.moveDown") }, "↓");
  down.addEventListener("click", act(() => api("PUT", path, { position: index + 1 })));
  const remove = el("button", { type: "button", class: "secondary delete-sermon" }, t("sharesynch.js.delete"));
  remove.addEventListener("click", async () => {
    if (confirm(t("sharesynch.js.deleteSermon", { title: sermon.title }))) await act(() => api("DELETE", path))();
  });
  const minutes = el("input", { type: "number", min: "1", max: "600", step: "any", class: "target-minutes", placeholder: t("sharesynch.js.minutes"), size: 4 });
  api("GET", `${path}/target`).then((target) => { if (target.seconds) minutes.value = String(target.seconds / 60); }).catch(() => {});
  minutes.addEventListener("change", async () => {
    try {
      await api("PUT", `${path}/target`, { seconds: minutes.value ? Math.round(Number(minutes.value) * 60) : null });
    } catch (error) { fail(error); }
  });
  return el("div", { class: "sermon-controls" }, up, down, remove, el("label", {}, ` ${t("sharesynch.js.target")} `, minutes));
}

let running = null;

/** Uploads the files in order, starts the import job and follows it to its end. */
async function importFiles(files, { current, show, fail }) {
  if (!files.length || running) return;
  const series = current();
  const status = (text, done = 0, total = 0) => {
    $("import-status").hidden = false;
    $("import-text").textContent = text;
    $("import-progress").max = Math.max(total, 1);
    $("import-progress").value = done;
  };
  $("import-report").replaceChildren();
  running = { cancelled: false };
  $("import-cancel").onclick = async () => {
    running.cancelled = true;
    if (running.job) await api("POST", `/api/sharesynch/imports/${running.job}/cancel`).catch(fail);
  };
  try {
    const uploads = [];
    for (const [index, file] of files.entries()) {
      if (running.cancelled) throw new Error(t("sharesynch.js.importCancelled"));
      status(t("sharesynch.js.uploading", { file: file.name, number: index + 1, total: files.length }), index, files.length);
      uploads.push((await upload(`/api/sharesynch/uploads?name=${encodeURIComponent(file.name)}`, file)).upload);
    }
    const into = $("import-into").value;
    const title = files[0].name.replace(/\.[^.]+$/, "");
    const slideLanguage = $("import-slide-language").value.trim() || undefined;
    let job = await api("POST", `${seriesPath(series)}/imports`, {
      uploads, noteLanguage: $("import-language").value.trim() || undefined, slideLanguage,
      ...(into
        ? { sermon: into, addLanguage: $("import-add-language").checked }
        : { title: { [slideLanguage ?? $("import-into").dataset.titleLanguage]: title } }),
    });
    running.job = job.id;
    while (job.state === "running") {
      const progress = job.progress;
      if (progress) {
        const words = { file: progress.file, done: progress.done, total: progress.total || "?" };
        const text = progress.stage === "converting" ? t("sharesynch.js.import.converting", words)
          : progress.stage === "saving" ? t("sharesynch.js.import.saving", words) : t("sharesynch.js.import.drawing", words);
        status(text, progress.done, progress.total);
      } else {
        status(t("sharesynch.js.import.starting"));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      job = await api("GET", `/api/sharesynch/imports/${job.id}`);
    }
    if (job.state === "failed") throw new Error(job.error);
    if (job.state === "cancelled") throw new Error(t("sharesynch.js.importCancelledNothing"));
    status(job.result.keptAs === undefined && into && $("import-add-language").checked
      ? t("sharesynch.js.addedLanguages", { count: job.result.slides }) : t("sharesynch.js.imported", { count: job.result.slides }), 1, 1);
    $("import-report").replaceChildren(...job.report.map((line) => el("li", { dir: "auto" }, line)));
    await show(series);
  } catch (error) {
    $("import-status").hidden = true;
    fail(error);
  } finally {
    running = null;
  }
}
