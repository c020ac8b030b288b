// The presenter's notes pages (seed A.3.4): whole lines only, none twice, none skipped, in any
// script and at any size. Every element in the notes has the same whole-pixel line height
// (sharesynch.css), the visible box is a whole number of lines, a spacer after the notes lets the
// last page scroll as far as any other, and pages are cut where the browser really put the lines
// (the client rects of the text), so a line that sits off the grid starts a page instead of
// being cut in two.
import { scrollMotion } from "/static/api.js";
import { notesNodes } from "/static/sharesynch-live.js";

/** The line height for a notes font size, in whole pixels. */
export const lineHeightFor = (size) => Math.round(size * 1.5);

/** The lines of text in `box`, each `{ top, bottom }` in the box's content coordinates (0 is the
 * top of the notes, whatever the scroll), in order. */
export function textLines(box) {
  const origin = box.getBoundingClientRect().top + box.clientTop - box.scrollTop;
  const spans = [];
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.data.trim()) continue;
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width > 0 && rect.height > 0) spans.push({ top: rect.top - origin, bottom: rect.bottom - origin });
    }
  }
  spans.sort((a, b) => a.top - b.top);
  const lines = [];
  for (const span of spans) {
    const last = lines.at(-1);
    if (last && (span.top + span.bottom) / 2 < last.bottom) { // the same line, another run of text
      last.top = Math.min(last.top, span.top);
      last.bottom = Math.max(last.bottom, span.bottom);
    } else {
      lines.push({ ...span });
    }
  }
  return lines;
}

/** Cuts `lines` into pages at most `page` px high: `{ start, height, first }` (scroll offset,
 * visible height, index of the page's first line). A page holds every line that fits whole; the
 * next starts at the first line that does not, and no page shows any part of another page's
 * lines. A line taller than the page gets a page of its own. */
export function paginate(lines, page, line) {
  if (!lines.length) return [{ start: 0, height: page, first: 0 }];
  const pages = [];
  let floor = 0;
  for (let first = 0; first < lines.length;) {
    const top = lines[first];
    const leading = Math.max(0, (line - (top.bottom - top.top)) / 2);
    const start = Math.min(Math.floor(top.top), Math.max(floor, Math.round(top.top - leading)));
    let after = first + 1;
    while (after < lines.length && lines[after].bottom <= start + page + 0.5) after += 1;
    const end = after < lines.length ? Math.min(start + page, Math.floor(lines[after].top)) : start + page;
    pages.push({ start, height: Math.max(end - start, Math.ceil(lines[after - 1].bottom - start)), first });
    floor = Math.ceil(lines[after - 1].bottom);
    first = after;
  }
  return pages;
}

/** The notes box of the presenter: `frame` is the space the layout gives the notes, `box` the
 * scrolling element inside it. Calls `onLayout()` whenever the pages may have changed (a new
 * size of the frame, of the font, or fonts loaded). */
export function notesPager(frame, box, { size, onLayout }) {
  let line = lineHeightFor(size);
  let page = line;
  let lines = [];
  let pages = paginate([], page, line);

  /** Sets a style only when it changes: a change of a variable on the body restyles the page. */
  const setStyle = (element, name, value) => {
    if (element.style.getPropertyValue(name) !== value) element.style.setProperty(name, value);
  };

  function measure() {
    page = Math.max(1, Math.floor(frame.clientHeight / line)) * line;
    setStyle(document.body, "--notes-page", `${page}px`);
    setStyle(box, "height", `${page}px`);
    lines = textLines(box);
    pages = paginate(lines, page, line);
  }

  function setSize(px) {
    size = px;
    line = lineHeightFor(px);
    setStyle(document.body, "--notes-size", `${px}px`);
    setStyle(document.body, "--notes-line", `${line}px`);
  }
  setSize(size);

  new ResizeObserver(() => {
    measure();
    onLayout();
  }).observe(frame);
  document.fonts?.addEventListener("loadingdone", () => {
    measure();
    onLayout();
  });

  return {
    /** True when the notes are laid out on screen (not hidden by mirroring). */
    get visible() { return frame.clientHeight > 0; },
    get size() { return size; },
    /** The current notes' pages. */
    get count() { return pages.length; },
    /** Sets the font size and lays the notes out again. */
    resize(px) {
      setSize(px);
      measure();
      onLayout();
    },
    /** Shows a slide's notes (HTML already sanitised by the server). */
    show(html) {
      box.replaceChildren(...notesNodes(html));
      box.scrollTop = 0;
      measure();
    },
    /** Shows page `index` (clamped), scrolling smoothly (unless the reader asks for reduced motion) or at once. */
    turnTo(index, smooth) {
      const target = pages[Math.max(0, Math.min(index, pages.length - 1))];
      setStyle(box, "height", `${target.height}px`);
      if (Math.abs(box.scrollTop - target.start) > 0.5) box.scrollTo({ top: target.start, behavior: smooth ? scrollMotion() : "instant" });
    },
    /** This window's page for another presenter's page `step` of `steps`: the page holding the
     * line at the same share of the text (the first page for the first, the last for the last). */
    follow(step, steps) {
      if (step === 0) return 0;
      if (step + 1 >= steps) return pages.length - 1;
      const wanted = Math.floor((step / steps) * lines.length);
      const found = pages.findLastIndex((candidate) => candidate.first <= wanted);
      return Math.max(0, found);
    },
    /** How many pages `html` needs in this box at the current size (laid out in a hidden copy). */
    countPages(htmls) {
      const probe = document.createElement("div");
      probe.className = "notes notes-probe";
      probe.dir = "auto";
      probe.style.width = `${box.clientWidth}px`;
      probe.style.height = `${page}px`;
      frame.append(probe);
      const counts = htmls.map((html) => {
        probe.replaceChildren(...notesNodes(html));
        return paginate(textLines(probe), page, line).length;
      });
      probe.remove();
      return counts;
    },
  };
}
