"""ShareSynch's editing and management screens in real headless Chromium (issue 9): edit mode
(rich-text notes, rearranging by dragging, hiding several, inserting an uploaded picture,
duplicating, undo/redo limited to 10 steps, reset), variations from the menu, Download Sermon
Series from a throttled local catalog with pause and resume and a corrupted package refused, the
PDF handout downloaded and read back with pdftotext, pasted markup that must never run, and the
whole "adapt a sermon" flow on a tablet-sized window.

The demo series (installed on a fresh data folder) is edited; its original variation is
read-only, so every editing test first saves its changes as a variation."""
import base64
import hashlib
import json
import re
import subprocess
import time
import urllib.request
import struct
import zlib

import pytest
from selenium.common.exceptions import (ElementClickInterceptedException, NoSuchElementException,
                                        StaleElementReferenceException, TimeoutException)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from conftest import ARTIFACTS, UNTHROTTLED, PackageSite, chromium, wait_for
from test_sharesynch_browser import Screens, set_end_of_sermon, sharesynch, single_blank_window, solid_png, wait_moved

SLIDES_API = "/api/sharesynch/series/demo/sermons/welcome/slides"
EDIT_PAGE = "/sharesynch/edit?series=demo&sermon=welcome"
DEMO_MEDIA = "media/sharesynch/series/demo/media"


# ---------------------------------------------------------------------------------------------
# The browser: one unthrottled Chromium for this module that saves downloads in a known folder.

# Counts the answers to edit requests, so a test can wait for the change it made to be answered
# (the page's own "Saved" state may still show the previous change's).
COUNT_EDITS = """
(() => {
  window.__edits = 0;
  const original = window.fetch;
  window.fetch = function (...args) {
    const address = String((args[0] && args[0].url) || args[0]);
    const answer = original.apply(this, args);
    if (address.includes('/edit/')) answer.then(() => { window.__edits++; }, () => { window.__edits++; });
    return answer;
  };
})();
"""


@pytest.fixture(scope="module")
def download_folder(tmp_path_factory):
    return tmp_path_factory.mktemp("chrome-downloads")


@pytest.fixture(scope="module")
def edit_driver(download_folder):
    prefs = {"download.default_directory": str(download_folder), "download.prompt_for_download": False,
             "download.directory_upgrade": True, "safebrowsing.enabled": True}
    chrome = chromium(*UNTHROTTLED, configure=lambda options: options.add_experimental_option("prefs", prefs))
    yield chrome
    chrome.quit()


@pytest.fixture
def browser(edit_driver, server):
    """Overrides conftest's `browser` (a failure still leaves a screenshot): this module's
    browser, down to one blank desktop-sized window, counting edit answers on every page. It
    depends on `server` so that its pages are left before the server stops."""
    single_blank_window(edit_driver)
    script = edit_driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_EDITS})
    yield edit_driver
    try:
        dismiss_alerts(edit_driver)
        single_blank_window(edit_driver)  # leaves the pages (and their sockets) before the server stops
    finally:
        edit_driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


def dismiss_alerts(driver):
    try:
        driver.switch_to.alert.dismiss()
    except Exception:
        pass


def tablet(driver):
    """A 1024×768 tablet-sized window."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1024, "height": 768, "deviceScaleFactor": 1, "mobile": False})
    driver.get("about:blank")
    wait_for(driver, lambda d: d.execute_script("return window.innerWidth") == 1024)


def fits_the_width(driver):
    return driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


# ---------------------------------------------------------------------------------------------
# The sermon as the server has it.

def slides(server):
    """The demo sermon's slides in the current variation, as GET …/slides answers them."""
    return server.get_json(SLIDES_API)["slides"]


def shape(slide_list):
    """What a sermon's slides look like, ids left out (a variation's rows have ids of their own)."""
    return [(s["kind"], s.get("resource"), s["hidden"], s["notes"]) for s in slide_list]


def by_id(slide_list, slide_id):
    return next(s for s in slide_list if str(s["id"]) == str(slide_id))


def variations(server):
    return server.get_json("/api/sharesynch/series/demo")["variations"]


def current_variation(server):
    details = server.get_json("/api/sharesynch/series/demo")
    return next(v for v in details["variations"] if v["id"] == details["series"]["currentVariationID"])


def write_png(path, rgb, size=(320, 180)):
    path.write_bytes(solid_png(*size, rgb))
    return path


# ---------------------------------------------------------------------------------------------
# The edit page and what it shows, read in one go.

EDIT_STATE = """
const text = s => { const e = document.querySelector(s); return e ? e.textContent.trim() : null; };
const shown = s => { const e = document.querySelector(s); return e ? !e.hidden : null; };
const editor = document.querySelector('#notes-editor');
const preview = document.querySelector('#edit-preview img, #edit-preview video');
return {single: shown('#single'), grid: shown('#grid'), needVariation: shown('#need-variation'),
  position: text('#edit-position'), slide: editor ? (editor.dataset.slide || null) : null,
  notes: editor ? editor.innerHTML : null, toggle: text('#toggle-hidden'),
  save: document.querySelector('#save-state').dataset.state || null, saveText: text('#save-state'),
  canUndo: !document.querySelector('#undo').disabled, canRedo: !document.querySelector('#redo').disabled,
  error: shown('#edit-error') ? text('#edit-error') : null, edits: window.__edits,
  preview: preview ? (preview.currentSrc || preview.src || '') : null,
  tiles: [...document.querySelectorAll('#slide-grid .tile')].map(t => ({slide: t.dataset.slide,
    position: t.dataset.position, hidden: t.classList.contains('hidden-slide'),
    selected: t.classList.contains('selected'), number: t.querySelector('.number') ? t.querySelector('.number').textContent.trim() : null}))};
"""

SELECT_TEXT = """
const [needle, collapseToEnd] = arguments;
const editor = document.querySelector('#notes-editor');
editor.focus();
const selection = getSelection();
const range = document.createRange();
if (needle === null) {
  range.selectNodeContents(editor);
  range.collapse(false);
} else {
  const walker = document.createTreeWalker(editor, NodeFilter.SHOW_TEXT);
  let found = false;
  for (let node; (node = walker.nextNode());) {
    const at = node.textContent.indexOf(needle);
    if (at >= 0) { range.setStart(node, at); range.setEnd(node, at + needle.length); found = true; break; }
  }
  if (!found) return false;
  if (collapseToEnd) range.collapse(false);
}
selection.removeAllRanges();
selection.addRange(range);
return true;
"""


class Editor:
    """The demo sermon's edit page in the browser."""

    def __init__(self, driver, server):
        self.driver, self.server = driver, server

    def open(self, slide=""):
        self.driver.get(f"{self.server.base}{EDIT_PAGE}&slide={slide}")
        return self.wait_until("the editor or the variation form",
                               lambda s: (s["single"] and s["slide"]) or s["needVariation"])

    def state(self):
        return self.driver.execute_script(EDIT_STATE)

    def wait_until(self, what, predicate, timeout=10):
        last = {}

        def matches(driver):
            nonlocal last
            last = driver.execute_script(EDIT_STATE)
            return predicate(last)
        try:
            wait_for(self.driver, matches, timeout)
        except TimeoutException:
            shown = {key: value for key, value in last.items() if key != "tiles" or value}
            raise AssertionError(f"the edit page never showed {what}; it shows {shown}") from None
        return last

    def wait(self, timeout=10, **expected):
        return self.wait_until(expected, lambda state: all(
            want(state.get(key)) if callable(want) else state.get(key) == want for key, want in expected.items()),
            timeout)

    def save_as_variation(self, name):
        """On the read-only original: names the variation and creates it; the editor opens."""
        state = self.wait(needVariation=True)
        assert not state["single"], "the editor stays closed on the original"
        field = self.driver.find_element(By.ID, "variation-name")
        assert field.get_attribute("value") == "My version"
        field.clear()
        field.send_keys(name)
        self.driver.find_element(By.CSS_SELECTOR, "#variation-form [type=submit], #variation-form button").click()
        state = self.wait(needVariation=False, single=True, slide=lambda s: bool(s))
        assert current_variation(self.server)["name"] == name
        return state

    def find(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def change(self, action, what="the change", **expected):
        """Does `action` (a change sent to the server), waits until the server answered it and the
        page says Saved (and shows `expected`); returns the page's state."""
        before = self.driver.execute_script("return window.__edits")
        action()
        return self.wait_until(f"{what} saved{' with ' + str(expected) if expected else ''}", lambda s: (
            s["edits"] > before and s["save"] == "saved" and s["saveText"] == "Saved" and all(
                want(s.get(key)) if callable(want) else s.get(key) == want for key, want in expected.items())))

    def click(self, selector):
        self.find(selector).click()

    def select_text(self, text):
        assert self.driver.execute_script(SELECT_TEXT, text, False), f"{text!r} is not in the notes editor"

    def caret_at_end(self):
        self.driver.execute_script(SELECT_TEXT, None, True)

    def type_at_end(self, *keys):
        """Types at the end of the current notes, as a speaker clicking after the last word does."""
        self.caret_at_end()
        ActionChains(self.driver).send_keys(*keys).perform()

    def format(self, text, command):
        self.select_text(text)
        self.click(f".format-bar button[data-command='{command}']")

    def shortcut(self, text, key, shift=False):
        self.select_text(text)
        chain = ActionChains(self.driver).key_down(Keys.CONTROL)
        if shift:
            chain = chain.key_down(Keys.SHIFT)
        chain = chain.send_keys(key)
        if shift:
            chain = chain.key_up(Keys.SHIFT)
        chain.key_up(Keys.CONTROL).perform()

    def go_to(self, number):
        """Steps with ◀ ▶ until the position reads `number of N`."""
        for _ in range(30):
            current = int(self.state()["position"].split(" of ")[0])
            if current == number:
                return self.state()
            self.click("#edit-next" if current < number else "#edit-prev")
            self.wait(position=lambda p, c=current: p is not None and not p.startswith(f"{c} of"))
        raise AssertionError(f"never reached slide {number}")

    def upload(self, input_id, path):
        """Chooses a file in the (hidden) file input of an Insert button."""
        field = self.find(f"#{input_id}")
        self.driver.execute_script("arguments[0].hidden = false; arguments[0].style.display = 'block'", field)
        field.send_keys(str(path))

    def rearrange(self, on=True):
        self.click("#rearrange")
        return self.wait(grid=on, single=not on,
                         tiles=(lambda tiles: len(tiles) > 0) if on else (lambda tiles: True))

    def tile(self, position):
        return self.find(f"#slide-grid .tile[data-position='{position}']")

    def drag(self, source_position, target_position):
        """Drags a tile onto another with the mouse (pointer events), as a speaker does."""
        source, target = self.tile(source_position), self.tile(target_position)
        ActionChains(self.driver).click_and_hold(source).move_by_offset(10, 10).pause(0.1) \
            .move_to_element(target).pause(0.1).release().perform()

    def undo_key(self, redo=False):
        chain = ActionChains(self.driver).key_down(Keys.CONTROL)
        if redo:
            chain = chain.key_down(Keys.SHIFT)
        chain = chain.send_keys("z")
        if redo:
            chain = chain.key_up(Keys.SHIFT)
        chain.key_up(Keys.CONTROL).perform()


@pytest.fixture
def editor(browser, server):
    return Editor(browser, server)


@pytest.fixture
def variation_editor(editor):
    """The editor open at slide 1 after saving the original as the variation 'Mine'."""
    editor.open()
    editor.save_as_variation("Mine")
    editor.wait(position="1 of 9")
    return editor


def presenter_order(browser, server):
    """Opens the presenter on the demo and answers its thumbnails' slide ids, in counter order."""
    screens = Screens(browser, server)
    screens.present()
    state = screens.wait_until("presenter", "its thumbnails", lambda s: len(s["thumbs"]) > 0)
    numbers = [number for number, _ in state["thumbs"]]
    assert numbers == [str(n) for n in range(1, len(numbers) + 1)], f"thumbnails numbered in order: {numbers}"
    return screens, [slide for _, slide in state["thumbs"]], state


def visible_ids(slide_list):
    return [str(s["id"]) for s in slide_list if not s["hidden"]]


# ---------------------------------------------------------------------------------------------
# Notes.

def test_notes_in_every_format_from_the_buttons_survive_a_reload(variation_editor, server):
    """On slide 3 the speaker adds a line after the notes and makes one word bold, one italic,
    one underlined and one struck through with the format bar, then starts a bulleted list of two
    points; after the page saves (without leaving the slide) and is reloaded, the editor shows
    every format again and the slides API has them as the allowed tags."""
    editor = variation_editor
    editor.go_to(3)
    slide = editor.state()["slide"]
    editor.type_at_end(Keys.ENTER, "Bold Italic Underline Strike plain")
    for word, command in [("Bold", "bold"), ("Italic", "italic"), ("Underline", "underline"),
                          ("Strike", "strikeThrough")]:
        editor.format(word, command)
    editor.caret_at_end()
    ActionChains(editor.driver).send_keys(Keys.ENTER).perform()
    editor.click(".format-bar button[data-command='insertUnorderedList']")
    ActionChains(editor.driver).send_keys("Point one", Keys.ENTER, "Point two").perform()
    saved_notes(editor, server, slide, "Point two")

    editor.open(slide)
    state = editor.wait(position="3 of 9", slide=slide)
    api_notes = by_id(slides(server), slide)["notes"]
    for html in (state["notes"], api_notes):
        assert "Read the verse aloud, slowly." in html
        for fragment in ("<b>Bold</b>", "<i>Italic</i>", "<u>Underline</u>", "<s>Strike</s>",
                         "<ul><li>Point one</li><li>Point two</li></ul>"):
            assert fragment in html, f"{fragment} in {html}"
    assert by_id(slides(server), slide)["notesEdited"] is True


def test_a_list_started_on_a_new_line_is_saved_as_well_formed_html(variation_editor, server):
    """Starting a bulleted list on a new line of the notes (Enter, then the list button) makes
    Chromium's editor put the list inside the new paragraph; the saved notes must still be
    well-formed (no list inside a <p>), so that a reload shows exactly what was saved instead of
    adding empty paragraphs around the list."""
    editor = variation_editor
    slide = editor.state()["slide"]
    editor.type_at_end(Keys.ENTER)
    editor.click(".format-bar button[data-command='insertUnorderedList']")
    ActionChains(editor.driver).send_keys("Point one", Keys.ENTER, "Point two").perform()
    typed = editor.state()["notes"]
    saved = saved_notes(editor, server, slide, "Point two")
    editor.open(slide)
    reloaded = editor.wait(slide=slide)["notes"]
    assert "<p><ul>" not in saved and reloaded == saved, (
        f"the editor held {typed!r}; the server saved {saved!r}; after a reload the editor shows {reloaded!r}")


def saved_notes(editor, server, slide, text, timeout=10):
    """Waits until the page says Saved and the server's notes of `slide` contain `text`."""
    def done(_):
        state = editor.state()
        return state["save"] == "saved" and text in by_id(slides(server), slide)["notes"]
    try:
        wait_for(editor.driver, done, timeout)
    except TimeoutException:
        raise AssertionError(f"{text!r} was never saved in slide {slide}'s notes: the page shows "
                             f"{editor.state()['saveText']!r}, the server has "
                             f"{by_id(slides(server), slide)['notes']!r}") from None
    return by_id(slides(server), slide)["notes"]


def test_notes_formatted_with_keyboard_shortcuts_survive_a_reload(variation_editor, server):
    """On slide 6 the speaker formats words with Ctrl+B, Ctrl+I, Ctrl+U and Ctrl+Shift+X, and
    makes a line a bulleted list with Ctrl+Shift+8; reloaded, the formatting is there."""
    editor = variation_editor
    editor.go_to(6)
    slide = editor.state()["slide"]
    editor.type_at_end(Keys.ENTER, "Strong slanted lined crossed plain")
    editor.shortcut("Strong", "b")
    editor.shortcut("slanted", "i")
    editor.shortcut("lined", "u")
    editor.shortcut("crossed", "x", shift=True)
    editor.type_at_end(Keys.ENTER, "A listed point")
    editor.shortcut("A listed point", "8", shift=True)
    notes = saved_notes(editor, server, slide, "A listed point")
    notes = saved_notes(editor, server, slide, "<ul>") if "<ul>" not in notes else notes

    editor.open(slide)
    state = editor.wait(slide=slide)
    for html in (state["notes"], by_id(slides(server), slide)["notes"]):
        for fragment in ("<b>Strong</b>", "<i>slanted</i>", "<u>lined</u>", "<s>crossed</s>",
                         "<ul><li>A listed point</li></ul>"):
            assert fragment in html, f"{fragment} in {html}"


def test_notes_are_saved_on_slide_switch_on_done_and_when_the_tab_closes(variation_editor, server):
    """Notes typed and left at once are not lost: switching slides straight after typing saves
    them, so does Done (which opens the presenter, showing them), and so does closing the page
    before the save delay has passed."""
    editor = variation_editor
    first = editor.state()["slide"]
    editor.type_at_end(" Switched away quickly.")
    editor.click("#edit-next")
    editor.wait(position="2 of 9")
    assert "Switched away quickly." in by_id(slides(server), first)["notes"], "saved before the switch"

    second = editor.state()["slide"]
    editor.type_at_end(Keys.ENTER, "Done right away.")
    editor.click("#done")
    wait_for(editor.driver, lambda d: "/sharesynch/present" in d.current_url, 10)
    assert "Done right away." in by_id(slides(server), second)["notes"]

    editor.open(first)
    editor.type_at_end(" Tab closed.")
    editor.driver.get("about:blank")  # leaves the page before the 0.7 s save delay
    wait_for(editor.driver, lambda _: "Tab closed." in by_id(slides(server), first)["notes"], 5)


def test_a_failed_save_is_shown(variation_editor, server):
    """When the server is gone, a change the speaker types shows "Not saved: …" (state failed)
    instead of Saved."""
    editor = variation_editor
    server.stop()
    editor.type_at_end(" Lost?")
    state = editor.wait_until("the failed state", lambda s: s["save"] == "failed")
    assert state["saveText"].startswith("Not saved"), state["saveText"]


def test_pasted_script_and_onerror_markup_never_runs(variation_editor, server, browser):
    """Notes pasted from a web page that carry a <script>, an <img onerror=…>, an <svg onload=…>
    and an inline handler keep only their text and allowed formatting: nothing in them runs in
    the editor, after saving, after a reload, or in the presenter."""
    editor = variation_editor
    slide = editor.state()["slide"]
    payload = ('<p>Pasted <b>bold</b> text</p>'
               '<script>window.__pwned = "script"</script>'
               '<img src="/nonexistent.png" onerror="window.__pwned = \'img\'">'
               '<svg onload="window.__pwned = \'svg\'"><circle r="1"></circle></svg>'
               '<p onclick="window.__pwned = \'click\'" style="color:red">Second <a href="javascript:window.__pwned=1">link</a></p>'
               '<iframe srcdoc="<script>parent.__pwned = \'iframe\'</script>"></iframe>')
    editor.caret_at_end()
    browser.execute_script("""
        const data = new DataTransfer();
        data.setData('text/html', arguments[0]);
        data.setData('text/plain', 'Pasted bold text');
        document.querySelector('#notes-editor').dispatchEvent(
          new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));""", payload)
    notes = saved_notes(editor, server, slide, "Second")
    time.sleep(0.5)  # an image error or an iframe would have fired by now
    assert browser.execute_script("return window.__pwned") is None
    editor_html = editor.state()["notes"]
    assert "Pasted <b>bold</b> text" in notes and "link" in notes
    for forbidden in ("<script", "<img", "<svg", "<iframe", "onerror", "onload", "onclick", "style=", "href"):
        assert forbidden not in notes.lower(), f"{forbidden} saved in {notes}"
        assert forbidden not in editor_html.lower(), f"{forbidden} in the editor: {editor_html}"
    editor.open(slide)
    time.sleep(0.5)
    assert browser.execute_script("return window.__pwned") is None, "nothing runs after a reload"
    screens = Screens(browser, server)
    screens.present()
    screens.wait("presenter", notes=lambda n: n is not None and "Pasted bold text" in n)
    time.sleep(0.5)
    assert browser.execute_script("return window.__pwned") is None, "nothing runs in the presenter"


# ---------------------------------------------------------------------------------------------
# Rearranging and hiding.

def test_dragging_a_slide_to_a_new_place_changes_the_presenter_order(variation_editor, server, browser):
    """In rearrange mode every slide is a numbered tile; dragging the first tile onto the fourth
    moves it there (numbers follow), and the presenter's thumbnails and counter show the new
    order: the former first slide is now 4/8."""
    editor = variation_editor
    before = slides(server)
    state = editor.rearrange()
    assert [t["slide"] for t in state["tiles"]] == [str(s["id"]) for s in before]
    assert [t["number"] for t in state["tiles"]] == [str(n) for n in range(1, 10)]
    assert [t["hidden"] for t in state["tiles"]] == [s["hidden"] for s in before], "hidden slides look hidden"
    number = browser.execute_script("""const t = document.querySelector('#slide-grid .tile'), n = t.querySelector('.number');
        const a = t.getBoundingClientRect(), b = n.getBoundingClientRect();
        return [b.right > a.left + a.width / 2, b.bottom > a.top + a.height / 2]""")
    assert number == [True, True], "the number sits in the lower right corner"

    moved = str(before[0]["id"])
    editor.change(lambda: editor.drag(0, 3), "the move",
                  tiles=lambda tiles: [t["slide"] for t in tiles][3] == moved)
    expected = [str(s["id"]) for s in before[1:4]] + [moved] + [str(s["id"]) for s in before[4:]]
    state = editor.state()
    assert [t["slide"] for t in state["tiles"]] == expected
    assert [t["number"] for t in state["tiles"]] == [str(n) for n in range(1, 10)]
    assert [str(s["id"]) for s in slides(server)] == expected

    screens, order, presenter = presenter_order(browser, server)
    assert order == visible_ids(slides(server))
    assert order.index(moved) == 3
    screens.jump(4)
    screens.wait("presenter", counter="4/8", slide=moved)


def test_hiding_several_slides_skips_them_in_the_presenter(variation_editor, server, browser):
    """In rearrange mode the speaker taps two tiles to select them and hides them: they look
    hidden; the presenter counts six slides and advancing through the whole sermon (wrapping to
    the start, as chosen in the settings) never shows them (nor the demo's own hidden slide).
    Showing one again brings it back."""
    editor = variation_editor
    before = slides(server)
    editor.rearrange()
    chosen = [str(before[1]["id"]), str(before[3]["id"])]
    for position in (1, 3):
        editor.tile(position).click()
    state = editor.wait(tiles=lambda tiles: [t["slide"] for t in tiles if t["selected"]] == chosen)
    editor.change(lambda: editor.click("#hide-selected"), "hiding",
                  tiles=lambda tiles: all(t["hidden"] for t in tiles if t["slide"] in chosen))
    now = slides(server)
    assert {str(s["id"]) for s in now if s["hidden"]} == set(chosen) | {str(s["id"]) for s in before if s["hidden"]}

    set_end_of_sermon(server, "wrap")
    screens, order, _ = presenter_order(browser, server)
    assert order == visible_ids(now) and len(order) == 6
    assert not set(chosen) & set(order)
    state = screens.wait("presenter", counter="1/6")
    seen, position = [state["slide"]], (state["slide"], state["step"])
    for _ in range(40):
        screens.press(Keys.SPACE)
        state = wait_moved(screens, position)
        position = (state["slide"], state["step"])
        if state["step"] == "0":
            seen.append(state["slide"])
        if state["counter"] == "1/6":
            break
    else:
        raise AssertionError("40 advances never wrapped to 1/6")
    assert seen == order + [order[0]], "advancing visits the visible slides only, in order"

    editor.open()
    editor.rearrange()
    editor.tile(1).click()
    editor.wait(tiles=lambda tiles: [t["slide"] for t in tiles if t["selected"]] == [chosen[0]])
    editor.change(lambda: editor.click("#show-selected"), "showing",
                  tiles=lambda tiles: not by_pos(tiles, 1)["hidden"])
    assert visible_ids(slides(server)) == [s for s in visible_ids(before) if s != chosen[1]]


def by_pos(tiles, position):
    return next(t for t in tiles if t["position"] == str(position))


# ---------------------------------------------------------------------------------------------
# Inserting and duplicating.

def test_inserting_an_uploaded_picture_as_a_slide(variation_editor, server, browser, tmp_path):
    """The speaker inserts a photo after slide 1: the editor moves to the new slide 2 showing the
    picture, the server serves exactly the uploaded file, and the presenter shows it as 2/9.
    A second photo inserted before it becomes slide 2 and pushes the first to 3."""
    editor = variation_editor
    photo = write_png(tmp_path / "photo.png", (200, 30, 30))
    first = str(slides(server)[0]["id"])
    editor.change(lambda: editor.upload("insert-after", photo), "the inserted picture")
    state = editor.wait(position="2 of 10")
    added = by_id(slides(server), state["slide"])
    assert added["kind"] == "image" and added["custom"] is True and not added["hidden"]
    assert [str(s["id"]) for s in slides(server)][:2] == [first, state["slide"]]
    assert state["preview"] and state["preview"].endswith(added["resource"].split("/")[-1])
    assert server.get(f"/sharesynch/media/demo/{added['resource']}") == photo.read_bytes()

    other = write_png(tmp_path / "other.png", (30, 30, 200))
    editor.change(lambda: editor.upload("insert-before", other), "the second picture")
    state = editor.wait(position="2 of 11")
    order = [str(s["id"]) for s in slides(server)]
    assert order[:3] == [first, state["slide"], str(added["id"])]

    screens, shown, _ = presenter_order(browser, server)
    assert shown == visible_ids(slides(server)) and len(shown) == 10
    screens.jump(3)
    screens.wait("presenter", counter="3/10", slide=str(added["id"]))


def test_duplicating_a_slide(variation_editor, server, browser):
    """Duplicating slide 4 (the list of three points) puts a copy with the same picture and notes
    right after it; the editor stays on the original; the presenter counts nine."""
    editor = variation_editor
    editor.go_to(4)
    original = by_id(slides(server), editor.state()["slide"])
    state = editor.change(lambda: editor.click("#duplicate"), "the copy", position="4 of 10")
    assert state["slide"] == str(original["id"])
    now = slides(server)
    copy = now[4]
    assert str(copy["id"]) != str(original["id"])
    assert (copy["kind"], copy["resource"], copy["notes"], copy["hidden"]) == \
        (original["kind"], original["resource"], original["notes"], False)
    editor.click("#edit-next")
    state = editor.wait(position="5 of 10", slide=str(copy["id"]))
    assert "<li><b>Given</b>, not earned</li>" in state["notes"]

    screens, shown, _ = presenter_order(browser, server)
    assert len(shown) == 9 and shown[3:5] == [str(original["id"]), str(copy["id"])]


# ---------------------------------------------------------------------------------------------
# Undo, redo, reset.

def test_undo_and_redo_across_kinds_of_change_and_no_eleventh_undo(variation_editor, server, tmp_path):
    """Twelve changes of every kind — notes, hide, show, duplicate, insert, move by dragging,
    hide several — each undone in turn with the button or Ctrl+Z brings back exactly the sermon
    before it; after ten undos the button is disabled and Ctrl+Z changes nothing (the 11th undo
    is impossible). Redo (button and Shift+Ctrl+Z) replays them."""
    editor = variation_editor
    photo = write_png(tmp_path / "undo.png", (10, 160, 10))
    history = [shape(slides(server))]
    state = editor.state()
    assert not state["canUndo"] and not state["canRedo"]

    def record(action, what, **expected):
        editor.change(action, what, **expected)
        history.append(shape(slides(server)))
        assert history[-1] != history[-2], f"{what} changed the sermon"

    def notes(text):
        def action():
            editor.type_at_end(text)
        return action

    record(notes(" First."), "notes 1")
    record(notes(" Second."), "notes 2")
    record(lambda: editor.click("#toggle-hidden"), "hide", toggle="Show", position="1 of 9 (hidden)")
    record(lambda: editor.click("#toggle-hidden"), "show", toggle="Hide", position="1 of 9")
    record(lambda: editor.click("#duplicate"), "duplicate", position="1 of 10")
    record(lambda: editor.upload("insert-after", photo), "insert")
    editor.wait(position="2 of 11")
    record(notes(" On the photo."), "notes on the photo")
    editor.rearrange()
    record(lambda: editor.drag(0, 5), "move")
    record(lambda: editor.drag(5, 0), "move back")
    for position in (2, 3):
        editor.tile(position).click()
    editor.wait(tiles=lambda tiles: sum(t["selected"] for t in tiles) == 2)
    record(lambda: editor.click("#hide-selected"), "hide several")
    record(lambda: editor.click("#show-selected"), "show several")
    record(lambda: editor.drag(1, 2), "move 3")
    editor.rearrange(on=False)
    assert len(history) == 13

    for step in range(1, 11):
        use_key = step % 2 == 0
        state = editor.change((lambda: editor.undo_key()) if use_key else (lambda: editor.click("#undo")),
                              f"undo {step}")
        assert shape(slides(server)) == history[12 - step], f"undo {step} brings back the sermon before change {13 - step}"
        assert state["canRedo"]
    state = editor.wait(canUndo=False)
    assert not editor.find("#undo").is_enabled(), "the 11th undo is impossible"
    editor.undo_key()
    time.sleep(1)
    assert shape(slides(server)) == history[2], "Ctrl+Z after ten undos changes nothing"
    assert not editor.state()["canUndo"]

    editor.change(lambda: editor.undo_key(redo=True), "redo 1")
    assert shape(slides(server)) == history[3]
    for step in range(2, 11):
        editor.change(lambda: editor.click("#redo"), f"redo {step}")
        assert shape(slides(server)) == history[2 + step]
    editor.wait(canRedo=False, canUndo=True)
    assert shape(slides(server)) == history[12]


def test_reset_asks_first_and_restores_the_sermon(variation_editor, server, tmp_path):
    """After notes, hiding, moving, inserting a photo and deleting a slide, Reset asks first:
    declining keeps everything; accepting brings back the series' own order, notes and
    visibility, and the added slide is gone."""
    editor = variation_editor
    original = shape(slides(server))
    editor.type_at_end(" Edited before reset.")
    saved_notes(editor, server, editor.state()["slide"], "Edited before reset.")
    editor.change(lambda: editor.upload("insert-after", write_png(tmp_path / "r.png", (90, 90, 0))), "insert")
    editor.go_to(4)
    editor.change(lambda: editor.click("#toggle-hidden"), "hide", toggle="Show")
    editor.change(lambda: editor.click("#delete-slide"), "delete", position=lambda p: " of 9" in p)
    editor.rearrange()
    editor.change(lambda: editor.drag(0, 2), "move")
    editor.rearrange(on=False)
    edited = shape(slides(server))
    assert edited != original

    editor.click("#reset")
    alert = wait_for(editor.driver, lambda d: d.switch_to.alert)
    assert "Reset" in alert.text
    alert.dismiss()
    time.sleep(0.5)
    assert shape(slides(server)) == edited, "declining the question changes nothing"

    def accept():
        editor.click("#reset")
        wait_for(editor.driver, lambda d: d.switch_to.alert).accept()
    state = editor.change(accept, "the reset", position=lambda p: p is not None and p.endswith("of 9"))
    assert shape(slides(server)) == original
    assert not any(s["custom"] or s["notesEdited"] for s in slides(server))
    assert "Edited before reset." not in state["notes"]


def test_restore_notes_brings_back_the_series_notes(variation_editor, server):
    """The speaker rewrites slide 1's notes, then presses Restore notes: the editor and the server
    have the series' own notes again, no longer marked edited."""
    editor = variation_editor
    slide = editor.state()["slide"]
    original = by_id(slides(server), slide)["notes"]
    editor.type_at_end(" Rewritten.")
    saved_notes(editor, server, slide, "Rewritten.")
    assert by_id(slides(server), slide)["notesEdited"] is True
    state = editor.change(lambda: editor.click("#restore-notes"), "the restored notes",
                          notes=lambda html: "Rewritten." not in html)
    assert state["notes"] == original == by_id(slides(server), slide)["notes"]
    assert by_id(slides(server), slide)["notesEdited"] is False


# ---------------------------------------------------------------------------------------------
# Variations from the menu.

def open_series(browser, server):
    """The ShareSynch menu, Load Sermon: the only series opens by itself."""
    browser.get(server.base + "/sharesynch")
    browser.find_element(By.ID, "load-sermon").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "series-details").is_displayed()
             and d.find_elements(By.CSS_SELECTOR, "#sermons .sermon[data-sermon='welcome'] a.present"))


def variation_names(browser):
    """The Manage variations list, {id: text}, read in one go (the list is redrawn)."""
    return browser.execute_script("""return Object.fromEntries([...document.querySelectorAll(
        '#variation-list li[data-variation]')].map(li => [li.dataset.variation, li.textContent.trim()]))""")


def selected_variation(browser):
    return browser.execute_script("""const s = document.querySelector('#variation');
        return s && s.selectedIndex >= 0 ? s.options[s.selectedIndex].textContent.trim() : null""")


def create_variation(browser, name, source):
    if not browser.find_element(By.ID, "new-variation-name").is_displayed():
        browser.find_element(By.CSS_SELECTOR, "details#variations summary").click()
    browser.find_element(By.ID, "new-variation-name").send_keys(name)
    Select(browser.find_element(By.ID, "new-variation-from")).select_by_visible_text(source)
    browser.find_element(By.CSS_SELECTOR, "#new-variation button[type=submit], #new-variation button").click()
    wait_for(browser, lambda d: any(name in text for text in variation_names(d).values())
             and selected_variation(d) == name)


def first_notes(server):
    return slides(server)[0]["notes"]


def test_variations_are_created_switched_and_deleted_with_their_own_notes(browser, server, editor):
    """From the series details the speaker creates 'Short' from the original and rewrites slide 1's
    notes in it, then 'Long' from the original with other notes. Switching the variation select
    changes the notes the presenter shows; deleting 'Short' (after a question) removes it, and the
    original never has a delete button."""
    original_notes = first_notes(server)
    open_series(browser, server)
    assert selected_variation(browser) == "Original"
    create_variation(browser, "Short", "Original")
    assert current_variation(server)["name"] == "Short"
    editor.open()
    editor.wait(single=True, needVariation=False)
    editor.type_at_end(" Short version.")
    saved_notes(editor, server, editor.state()["slide"], "Short version.")
    editor.click("#done")
    wait_for(browser, lambda d: "/sharesynch/present" in d.current_url)

    open_series(browser, server)
    assert selected_variation(browser) == "Short"
    create_variation(browser, "Long", "Original")
    editor.open()
    editor.type_at_end(" Long version.")
    saved_notes(editor, server, editor.state()["slide"], "Long version.")
    editor.click("#done")
    wait_for(browser, lambda d: "/sharesynch/present" in d.current_url)
    assert "Short version." not in first_notes(server), "Long was made from the original"

    expected = {"Short": "Short version.", "Long": "Long version.", "Original": None}
    for name, text in expected.items():
        open_series(browser, server)
        Select(browser.find_element(By.ID, "variation")).select_by_visible_text(name)
        wait_for(browser, lambda d: current_variation(server)["name"] == name)
        notes = first_notes(server)
        if text:
            assert text in notes and all(other not in notes for other in expected.values() if other and other != text)
        else:
            assert notes == original_notes
        screens = Screens(browser, server)
        screens.present()
        screens.wait("presenter", notes=lambda n: n is not None and "Welcome." in n
                     and (text is None or text in n) and all(o not in n for o in expected.values() if o and o != text))

    open_series(browser, server)
    browser.find_element(By.CSS_SELECTOR, "details#variations summary").click()
    names = variation_names(browser)
    original_id = next(i for i, t in names.items() if t.startswith("Original"))
    short_id = next(i for i, t in names.items() if t.startswith("Short"))
    assert not browser.find_elements(By.CSS_SELECTOR, f"#variation-list li[data-variation='{original_id}'] button.delete-variation")
    browser.find_element(By.CSS_SELECTOR, f"#variation-list li[data-variation='{short_id}'] button.delete-variation").click()
    alert = wait_for(browser, lambda d: d.switch_to.alert)
    assert "Short" in alert.text
    alert.accept()
    wait_for(browser, lambda d: short_id not in variation_names(d))
    assert sorted(v["name"] for v in variations(server)) == ["Long", "Original"]
    assert "Short" not in [o.text for o in Select(browser.find_element(By.ID, "variation")).options]


def test_editing_from_the_presenter_opens_the_slide_being_presented(browser, server, editor):
    """The speaker presents the original, goes to slide 3 and presses Edit: after saving as a
    variation the editor shows slide 3 (the one being presented), not slide 1."""
    screens = Screens(browser, server)
    screens.present()
    screens.jump(3)
    screens.wait("presenter", counter="3/8")
    browser.find_element(By.ID, "edit").click()
    wait_for(browser, lambda d: "/sharesynch/edit" in d.current_url)
    editor.save_as_variation("From the presenter")
    state = editor.wait_until("a slide", lambda s: s["position"])
    assert state["position"] == "3 of 9", f"Edit on presented slide 3 opened {state['position']}"


# ---------------------------------------------------------------------------------------------
# The PDF handout.

def download_handout(browser, server, folder):
    """Clicks the sermon's PDF handout link in the series details and waits for the file."""
    for old in folder.iterdir():
        old.unlink()
    open_series(browser, server)
    link = browser.find_element(By.CSS_SELECTOR, "#sermons .sermon[data-sermon='welcome'] a.handout")
    assert link.get_attribute("href").endswith("/api/sharesynch/series/demo/sermons/welcome/handout.pdf")
    assert link.get_attribute("download")
    link.click()

    def finished(_):
        done = [f for f in folder.iterdir() if not f.name.endswith(".crdownload")]
        return done if done and not any(f.name.endswith(".crdownload") for f in folder.iterdir()) else None
    try:
        files = wait_for(browser, finished, 20)
    except TimeoutException:
        raise AssertionError(f"no PDF arrived in {folder}: {list(folder.iterdir())}") from None
    assert len(files) == 1 and files[0].suffix == ".pdf", f"one PDF downloaded, not {files}"
    return files[0]


def pdf_text(path):
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def test_the_pdf_handout_downloads_with_the_edited_notes(variation_editor, server, browser, download_folder):
    """After rewriting slide 1's notes (bold words included), the speaker downloads the handout
    from the series details: a PDF arrives in the browser's download folder whose text has the
    sermon's title, the edited notes and the other slides' notes, but not the hidden slide's."""
    editor = variation_editor
    editor.type_at_end(Keys.ENTER, "Bring a friend next week")
    editor.format("friend", "bold")
    saved_notes(editor, server, editor.state()["slide"], "<b>friend</b>")
    editor.click("#done")
    wait_for(browser, lambda d: "/sharesynch/present" in d.current_url)

    pdf = download_handout(browser, server, download_folder)
    assert pdf.read_bytes().startswith(b"%PDF")
    text = " ".join(pdf_text(pdf).split())
    for expected in ("Grace upon grace", "Welcome.", "Bring a friend next week", "Read the verse aloud, slowly."):
        assert expected in text, f"{expected!r} in the handout: {text[:600]}"
    assert "An optional illustration" not in text, "the hidden slide is not in the handout"


# ---------------------------------------------------------------------------------------------
# Downloads from a catalog.

def noise_png(width, height, seed=7):
    """A PNG of pseudo-random pixels: it does not compress, so it makes a package big."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    import random
    rng = random.Random(seed)
    rows = b"".join(b"\x00" + rng.randbytes(width * 3) for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b""))


def make_package(tmp_path, series_id, name, picture):
    folder = tmp_path / "src" / series_id
    (folder / "media").mkdir(parents=True)
    (folder / "media" / "picture.png").write_bytes(picture)
    series = {"id": series_id, "name": name, "slideLanguages": ["en"], "noteLanguages": ["en"], "songs": [],
              "sermons": [{"id": "one", "title": {"en": f"{name} sermon"}, "appeal": {"type": "text"},
                           "slides": [{"id": "a", "kind": "image", "resource": "media/picture.png",
                                       "notes": {"en": f"<p>{name} notes</p>"}}]}]}
    (folder / "series.json").write_text(json.dumps(series))
    package = tmp_path / "site" / f"{series_id}.sspkg"
    package.parent.mkdir(exist_ok=True)
    sharesynch(tmp_path / "pack-data", "pack", folder, "-o", package)
    return package


@pytest.fixture
def catalog_site(tmp_path):
    """A catalog with 'psalms' (about 2 MB, free), 'broken' (free, served corrupted) and 'locked'
    (needs an activation code)."""
    psalms = make_package(tmp_path, "psalms", "Psalms", noise_png(820, 820))
    broken = make_package(tmp_path, "broken", "Broken", solid_png(64, 64, (1, 2, 3)))
    site_folder = psalms.parent
    entries = []
    for package, series_id, name, free in [(psalms, "psalms", "Psalms", True), (broken, "broken", "Broken", True),
                                           (psalms, "locked", "Locked sermons", False)]:
        data = package.read_bytes()
        entries.append({"id": series_id, "name": name, "size": len(data), "sha256": hashlib.sha256(data).hexdigest(),
                        "url": package.name, "free": free})
    publisher = Ed25519PrivateKey.generate()
    public_key = publisher.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    (site_folder / "catalog.json").write_text(json.dumps(
        {"publisherKey": base64.b64encode(public_key).decode(), "series": entries}))
    site = PackageSite(site_folder, chunk=64 * 1024, delay=0.08, corrupted={"broken.sspkg"})
    site.psalms = psalms.read_bytes()
    site.publisher = publisher
    yield site
    site.stop()


OFFERS = """
return [...document.querySelectorAll('#offers tr.offer')].map(row => ({series: row.dataset.series,
  unavailable: row.classList.contains('unavailable'), status: row.querySelector('.status').textContent.trim(),
  actions: [...row.querySelectorAll('button[data-action]')].map(b => b.dataset.action)}));
"""


def offers(driver):
    return {offer["series"]: offer for offer in driver.execute_script(OFFERS)}


def wait_offer(driver, series, what, predicate, timeout=15):
    last = {}

    def matches(d):
        nonlocal last
        last = offers(d).get(series)
        return last is not None and predicate(last)
    try:
        wait_for(driver, matches, timeout)
    except TimeoutException:
        raise AssertionError(f"{series} never showed {what}; its row shows {last}") from None
    return last


def press_offer(driver, series, action):
    """Clicks a row's button (the page redraws the table every half second)."""
    for _ in range(20):
        try:
            driver.find_element(By.CSS_SELECTOR, f"#offers tr[data-series='{series}'] button[data-action='{action}']").click()
            return
        except (StaleElementReferenceException, NoSuchElementException, ElementClickInterceptedException) as error:
            last = error
            time.sleep(0.05)
    raise AssertionError(f"could not press {action} on {series}: {last}")


def download_job(server, series):
    return next((job for job in server.get_json("/api/sharesynch/downloads") if job["id"] == series), None)


def set_catalog_in_settings(browser, server, address):
    browser.get(server.base + "/sharesynch/settings")
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#storage tr[data-series='demo']"))
    field = browser.find_element(By.ID, "catalog-url")
    field.clear()
    field.send_keys(address)
    browser.find_element(By.CSS_SELECTOR, "#settings-form button[type=submit], #settings-form button").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "settings-status").text == "Saved")
    assert server.get_json("/api/sharesynch/settings")["catalogURL"] == address


def activation_code(publisher, user, series):
    """An activation code as a publisher issues it (SSA1.payload.signature, base64url, Ed25519
    over the payload's JSON), made here with the `cryptography` package, not the app's code."""
    def b64url(data):
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
    payload = json.dumps({"series": series, "user": user}, separators=(",", ":")).encode()
    return f"SSA1.{b64url(payload)}.{b64url(publisher.sign(payload))}"


def test_an_activation_code_from_the_publisher_unlocks_a_series(browser, server, catalog_site):
    """The speaker pastes the activation code the publisher sent into Settings: the page says what
    it unlocks, and on Download Sermon Series the locked series is no longer greyed out and can be
    downloaded. A code signed by another key unlocks nothing."""
    set_catalog_in_settings(browser, server, catalog_site.base + "/catalog.json")
    forged = activation_code(Ed25519PrivateKey.generate(), "Mallory", ["locked"])
    for code, unlocked in [(forged, False), (activation_code(catalog_site.publisher, "Ana", ["locked"]), True)]:
        browser.get(server.base + "/sharesynch/settings")
        field = wait_for(browser, lambda d: d.find_element(By.ID, "activation"))
        field.clear()
        field.send_keys(code)
        wait_for(browser, lambda d: d.execute_script("return document.getElementById('unlocks').textContent"))
        browser.execute_script("document.getElementById('unlocks').textContent = ''")  # to see this save's answer
        browser.find_element(By.CSS_SELECTOR, "#settings-form button").click()
        wait_for(browser, lambda d: d.find_element(By.ID, "unlocks").text)
        unlocks = browser.find_element(By.ID, "unlocks").text
        assert ("Ana: locked" in unlocks) == unlocked, unlocks
        browser.get(server.base + "/sharesynch/downloads")
        if unlocked:
            row = wait_offer(browser, "locked", "available", lambda o: not o["unavailable"])
            assert row["actions"] == ["start"]
        else:
            row = wait_offer(browser, "locked", "greyed out", lambda o: o["unavailable"])
            assert row["status"] == "Needs an activation code"


def test_downloading_a_series_with_a_pause_and_a_corrupted_one_refused(browser, server, catalog_site):
    """On a tablet-sized window the speaker sets the catalog address in Settings and opens
    Download Sermon Series: the offers with sizes and free space, the locked one greyed out. The
    2 MB 'psalms' starts downloading with progress, is paused halfway (the partial file stays
    and stops growing, and is the package's beginning), and resumed (an HTTP Range request for the
    rest); it completes with the catalog's SHA-256, is installed and appears in the series list.
    'broken', served with a byte flipped, fails and is not installed."""
    tablet(browser)
    set_catalog_in_settings(browser, server, catalog_site.base + "/catalog.json")
    browser.get(server.base + "/sharesynch/downloads")
    wait_offer(browser, "psalms", "Available", lambda o: o["status"] == "Available" and o["actions"] == ["start"])
    rows = offers(browser)
    assert rows["locked"]["unavailable"] and rows["locked"]["status"] == "Needs an activation code"
    assert rows["locked"]["actions"] == [] and not rows["psalms"]["unavailable"]
    assert re.fullmatch(r"Free space in the data folder: [\d.,]+ MB", browser.find_element(By.ID, "free-space").text)
    Select(browser.find_element(By.ID, "sort")).select_by_value("available")
    wait_for(browser, lambda d: list(offers(d))[-1] == "locked")
    Select(browser.find_element(By.ID, "sort")).select_by_value("name")
    wait_for(browser, lambda d: list(offers(d)) == ["broken", "locked", "psalms"])
    assert fits_the_width(browser)

    size = len(catalog_site.psalms)
    assert size > 1_900_000
    partial = server.data / "downloads" / "psalms.sspkg"
    press_offer(browser, "psalms", "start")
    wait_offer(browser, "psalms", "download progress", lambda o: re.fullmatch(
        r"Downloading [\d.,]+ MB of [\d.,]+ MB, [\d,]+ kB/s(, \d+:\d\d left)?", o["status"]) is not None
        and "pause" in o["actions"] and "cancel" in o["actions"])
    wait_for(browser, lambda _: (download_job(server, "psalms") or {}).get("received", 0) >= 400_000, 20)
    press_offer(browser, "psalms", "pause")
    row = wait_offer(browser, "psalms", "Paused", lambda o: o["status"].startswith("Paused") and "resume" in o["actions"])
    assert download_job(server, "psalms")["state"] == "paused"
    time.sleep(1.0)
    kept = partial.read_bytes()
    time.sleep(1.0)
    assert partial.stat().st_size == len(kept), "a paused download stops growing"
    assert 0 < len(kept) < size, f"paused halfway: {len(kept)} of {size} bytes kept"
    assert kept == catalog_site.psalms[:len(kept)], "the partial file is the package's beginning"
    assert "psalms" not in [s["id"] for s in server.get_json("/api/sharesynch/series")]
    print(f"\npaused at {len(kept)} of {size} bytes; row showed {row['status']!r}")

    press_offer(browser, "psalms", "resume")
    wait_offer(browser, "psalms", "Installed", lambda o: o["status"] == "Installed", timeout=60)
    requests = catalog_site.package_requests("psalms.sspkg")
    ranges = [wanted for _, wanted, _ in requests]
    assert ranges[0] is None and ranges[-1] == f"bytes={len(kept)}-", f"resumed with a Range request: {requests}"
    assert sum(sent for _, _, sent in requests[1:]) <= size - len(kept), "only the rest was fetched again"
    assert "psalms" in [s["id"] for s in server.get_json("/api/sharesynch/series")]
    assert not partial.exists(), "the package is deleted once installed"
    installed = server.get("/sharesynch/media/psalms/media/picture.png")
    assert hashlib.sha256(installed).hexdigest() == hashlib.sha256(noise_png(820, 820)).hexdigest()

    press_offer(browser, "broken", "start")
    row = wait_offer(browser, "broken", "a failure", lambda o: o["status"].startswith("Failed:"), timeout=20)
    print(f"corrupted download: {row['status']!r}")
    assert "broken" not in [s["id"] for s in server.get_json("/api/sharesynch/series")]
    assert not (server.data / "downloads" / "broken.sspkg").exists(), "a refused download is deleted"
    assert not (server.data / DEMO_MEDIA).parent.parent.joinpath("broken").exists()


# ---------------------------------------------------------------------------------------------
# The whole flow on a tablet.

def test_a_speaker_adapts_the_sermon_on_a_tablet(browser, server, editor, download_folder, tmp_path):
    """On a 1024×768 window: from the menu the speaker presents the demo, presses Edit, saves the
    changes as the variation 'Sunday', rewrites slide 1's notes with bold and bullets, drags
    slide 1 to third place, hides two slides, adds a photo, deletes a slide by mistake and undoes
    it, and presses Done. The presenter shows the new order and notes; the menu lists 'Sunday' as
    the current variation; the handout has the new notes; a new edit session starts with nothing
    to undo."""
    tablet(browser)
    open_series(browser, server)
    assert fits_the_width(browser)
    browser.find_element(By.CSS_SELECTOR, "#sermons .sermon[data-sermon='welcome'] a.present").click()
    wait_for(browser, lambda d: "/sharesynch/present" in d.current_url
             and d.find_element(By.TAG_NAME, "body").get_attribute("data-live") == "1")
    browser.find_element(By.ID, "edit").click()
    wait_for(browser, lambda d: "/sharesynch/edit" in d.current_url)
    editor.save_as_variation("Sunday")
    state = editor.wait(position="1 of 9")
    assert fits_the_width(browser), "no sideways scrolling in the editor"
    for control in ("#notes-editor", "#undo", "#redo", "#done", "#rearrange", "#edit-next", "#duplicate"):
        assert editor.find(control).is_displayed(), control

    welcome = state["slide"]
    editor.type_at_end(Keys.ENTER, "Thank the choir today")
    editor.format("choir", "bold")
    editor.caret_at_end()
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    editor.click(".format-bar button[data-command='insertUnorderedList']")
    ActionChains(browser).send_keys("Announcements", Keys.ENTER, "Prayer requests").perform()
    notes = saved_notes(editor, server, welcome, "Prayer requests")
    assert "<b>choir</b>" in notes and "<ul><li>Announcements</li><li>Prayer requests</li></ul>" in notes

    before = slides(server)
    editor.rearrange()
    assert fits_the_width(browser), "no sideways scrolling in rearrange mode"
    editor.change(lambda: editor.drag(0, 2), "the move", tiles=lambda t: by_pos(t, 2)["slide"] == welcome)
    hidden_now = [str(before[3]["id"]), str(before[5]["id"])]  # now at positions 3 and 5
    for position in (3, 5):
        editor.tile(position).click()
    editor.wait(tiles=lambda tiles: sorted(t["slide"] for t in tiles if t["selected"]) == sorted(hidden_now))
    editor.change(lambda: editor.click("#hide-selected"), "hiding two",
                  tiles=lambda tiles: all(t["hidden"] for t in tiles if t["slide"] in hidden_now))
    editor.rearrange(on=False)

    editor.go_to(1)
    photo = write_png(tmp_path / "church.png", (250, 200, 120))
    editor.change(lambda: editor.upload("insert-after", photo), "the photo")
    photo_slide = editor.wait(position="2 of 10")["slide"]
    editor.go_to(4)
    victim = editor.state()["slide"]
    editor.change(lambda: editor.click("#delete-slide"), "the mistaken delete", position=lambda p: " of 9" in p)
    assert victim not in [str(s["id"]) for s in slides(server)]
    editor.change(lambda: editor.click("#undo"), "the undo", position=lambda p: " of 10" in p)
    assert victim in [str(s["id"]) for s in slides(server)], "undo brings the slide back"
    final = slides(server)

    editor.click("#done")
    wait_for(browser, lambda d: "/sharesynch/present" in d.current_url)
    screens, order, _ = presenter_order(browser, server)
    assert order == visible_ids(final) and len(order) == 7
    assert order[1] == photo_slide and order.index(welcome) == 3 and not set(hidden_now) & set(order)
    screens.jump(4)
    state = screens.wait("presenter", counter="4/7", slide=welcome,
                         notes=lambda n: n is not None and "Thank the choir" in n)
    assert browser.execute_script("return document.querySelector('#notes').innerHTML").count("<b>choir</b>") == 1

    pdf = download_handout(browser, server, download_folder)
    text = " ".join(pdf_text(pdf).split())
    assert "Thank the choir" in text and "Prayer requests" in text
    assert selected_variation(browser) == "Sunday"

    state = editor.open()
    assert state["single"] and not state["canUndo"] and not state["canRedo"], "Done forgot the undo history"
    ARTIFACTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "sharesynch-edit-tablet.png"))


def two_sermon_package(folder):
    """A series 'pair' of two sermons, 'first' (3 slides) and 'second' (2 slides)."""
    (folder / "media").mkdir(parents=True)
    sermons = []
    for sermon, count in (("first", 3), ("second", 2)):
        slide_list = []
        for n in range(1, count + 1):
            name = f"{sermon}{n}"
            (folder / "media" / f"{name}.png").write_bytes(solid_png(160, 90, (n * 60, 40, 200)))
            slide_list.append({"id": name, "kind": "image", "resource": f"media/{name}.png",
                               "notes": {"en": f"<p>{name}</p>"}})
        sermons.append({"id": sermon, "title": {"en": sermon.title()}, "appeal": {"type": "text"}, "slides": slide_list})
    (folder / "series.json").write_text(json.dumps({
        "id": "pair", "name": "Pair", "slideLanguages": ["en"], "noteLanguages": ["en"], "songs": [],
        "sermons": sermons}))
    package = folder.parent / "pair.sspkg"
    sharesynch(folder.parent / "pack-data", "pack", folder, "-o", package)
    return package


def test_a_slide_of_another_sermon_goes_before_or_after_the_current_one(browser, server, tmp_path):
    """Edit mode imports a slide from another sermon of the series, before or after the slide
    being edited, as the user chooses (seed A.3.5)."""
    sharesynch(server.data, "install", two_sermon_package(tmp_path / "pair"))
    api = "/api/sharesynch/series/pair"
    urllib.request.urlopen(urllib.request.Request(
        server.base + f"{api}/variations", method="POST", data=json.dumps({"name": "Mine"}).encode(),
        headers={"Content-Type": "application/json"})).read()
    first = server.get_json(f"{api}/sermons/first/slides")["slides"]
    second = server.get_json(f"{api}/sermons/second/slides")["slides"]
    browser.get(f"{server.base}/sharesynch/edit?series=pair&sermon=first&slide={first[1]['id']}")
    options = wait_for(browser, lambda d: [o.get_attribute("value") for o in
                                           d.find_elements(By.CSS_SELECTOR, "#import-sermon option")][1:] or None)
    assert options == ["second"]
    browser.find_element(By.CSS_SELECTOR, "#import summary").click()

    def import_slide(where, index):
        Select(browser.find_element(By.ID, "import-where")).select_by_value(where)
        Select(browser.find_element(By.ID, "import-sermon")).select_by_value("second")
        thumbs = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#import-slides button.thumb"))
        before = len(server.get_json(f"{api}/sermons/first/slides")["slides"])
        thumbs[index].click()
        wait_for(browser, lambda d: len(server.get_json(f"{api}/sermons/first/slides")["slides"]) == before + 1)
        return [slide["notes"] for slide in server.get_json(f"{api}/sermons/first/slides")["slides"]]

    notes = import_slide("before", 0)
    assert notes[:3] == ["<p>first1</p>", "<p>second1</p>", "<p>first2</p>"], "before the slide being edited"
    notes = import_slide("after", 1)
    position = notes.index("<p>second2</p>")
    assert notes[position - 1] in ("<p>first2</p>", "<p>second1</p>") and len(notes) == 5
