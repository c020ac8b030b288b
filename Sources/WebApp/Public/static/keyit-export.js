// Key It's export screen: preview and download USFM or USX; import USFM files with a report.
import { $, api, el, getText, showError, t } from "/static/api.js";

const form = $("export-form");
const book = $("export-book");
const chapterField = $("export-chapter");
const download = $("download");
const preview = $("usfm-preview");
const problem = $("export-error");
const bibleAPI = `/api/keyit/bibles/${form.dataset.bible}`;

const params = new URLSearchParams(location.search);
if (params.get("book")) book.value = params.get("book");
if (params.get("chapter")) chapterField.value = params.get("chapter");
if (params.get("book") && !params.get("chapter")) form.scope.value = "book";
if (params.get("format")) form.format.value = params.get("format");

function exportQuery() {
  const scope = form.scope.value;
  const query = new URLSearchParams();
  if (scope !== "bible") query.set("book", book.value);
  if (scope === "chapter") query.set("chapter", chapterField.value);
  if (form.format.value !== "usfm") query.set("format", form.format.value);
  return query;
}

function update() {
  const scope = form.scope.value;
  chapterField.closest("label").hidden = scope !== "chapter";
  book.closest("label").hidden = scope === "bible";
  const query = exportQuery();
  query.set("download", "1");
  download.href = `${bibleAPI}/export?${query}`;
  download.textContent = scope === "bible" ? t("keyit.js.downloadZip") : t("keyit.js.downloadFormat", { format: form.format.value });
}

form.addEventListener("change", update);
form.addEventListener("input", update);
update();

$("preview").addEventListener("click", async () => {
  problem.hidden = true;
  if (form.scope.value === "bible") {
    preview.hidden = false;
    preview.textContent = t("keyit.js.bibleIsZip", { format: form.format.value });
    return;
  }
  try {
    preview.textContent = await getText(`${bibleAPI}/export?${exportQuery()}`);
    preview.hidden = false;
  } catch (error) {
    showError(problem, error);
    preview.hidden = true;
  }
});

// One tap copies the chapter's (or book's) USFM or USX, to paste into Paratext or a message.
// Where the clipboard is not offered (plain http on the LAN), the text is shown selected to copy
// by hand.
$("copy").addEventListener("click", async () => {
  problem.hidden = true;
  const status = $("copy-status");
  if (form.scope.value === "bible") {
    status.textContent = t("keyit.js.bibleNoCopy");
    return;
  }
  try {
    const text = await getText(`${bibleAPI}/export?${exportQuery()}`);
    preview.textContent = text;
    preview.hidden = false;
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      status.textContent = t("keyit.js.copied");
    } else {
      getSelection().selectAllChildren(preview);
      status.textContent = t("keyit.js.selected");
    }
  } catch (error) {
    showError(problem, error);
  }
});

$("import-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const report = $("import-report");
  const chosen = [...$("import-files").files];
  if (chosen.length === 0) {
    report.replaceChildren(el("p", { class: "error", textContent: t("keyit.js.chooseFiles") }));
    return;
  }
  try {
    const files = await Promise.all(chosen.map(async (file) => ({ name: file.name, text: await file.text() })));
    const results = await api("POST", `${bibleAPI}/import`, { files });
    report.replaceChildren(el("ul", {}, ...results.map((result) => {
      const line = el("li", {},
        t("keyit.js.imported", {
          file: result.file, book: result.book, chapters: result.chapters.join(", "), count: result.versesWithText,
        }));
      for (const note of result.normalised) line.append(el("div", { class: "hint", textContent: note }));
      if (result.nameInFile) {
        // The file's name for the book is offered, never applied by the import itself.
        const offer = el("div", { class: "name-offer" },
          el("span", { dir: "auto", textContent: `${t("keyit.js.nameInFile", { name: result.nameInFile })} ` }),
          el("button", {
            type: "button", class: "secondary", textContent: t("keyit.js.useName"),
            onclick: async () => {
              try {
                await api("PUT", `${bibleAPI}/books/${result.book}/name`, { name: result.nameInFile });
                offer.replaceChildren(el("span", { dir: "auto", textContent: t("keyit.js.renamed", { name: result.nameInFile }) }));
              } catch (error) {
                offer.append(el("span", { class: "error", textContent: error.message }));
              }
            },
          }));
        line.append(offer);
      }
      return line;
    })));
  } catch (error) {
    report.replaceChildren(el("p", { class: "error", textContent: t("keyit.js.nothingImported", { reason: error.message }) }));
  }
});
