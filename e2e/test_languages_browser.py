"""Key It's and Lexikon's main workflows in every shipped interface language and in the
pseudo-locale, in real Chromium at 360 px: no English text of the catalog is left on a page,
nothing is wider than the phone, and (in the pseudo-locale, where every catalog text is between
⟦ ⟧) no English word is left outside the catalog but proper names and the user's own text."""
import re
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import wait_for

LOCALES = Path(__file__).resolve().parent.parent / "Sources/Localization/locales"
SHIPPED = ["fr", "sw", "tpi", "cy", "sv"]
# Names that stay as they are in every language (docs/translating.md), and the languages' own
# names in the switcher.
PROPER = {"Scriptorium", "Key", "Phrasebook", "Lexikon", "ShareSynch", "USFM", "Paratext", "Adapt", "Burrito",
          "Scripture", "King", "James", "English", "Français", "Kiswahili", "Tok", "Pisin", "Cymraeg", "Svenska"}
# What is the user's or a dictionary's text, not the interface's: user text is shown with
# dir="auto" (the project's rule); these also hold book names or dictionary data.
DATA = "[dir=auto], select[name=book], #entries, #direction, #swap, #pair-book, script, textarea"


def catalog(language):
    """id -> list of texts, read from a .po file (single-line strings, as the catalogs are written)."""
    messages, current = {}, None
    for line in (LOCALES / f"{language}.po").read_text(encoding="utf-8").splitlines():
        if line.startswith("msgid "):
            current = line[7:-1]
        elif line.startswith("msgstr") and current:
            text = line.split(" ", 1)[1][1:-1].replace('\\"', '"')
            messages.setdefault(current, []).append(text)
    return messages


ENGLISH = catalog("en")


def english_left(page_text, language):
    """The English catalog texts still on the page: each text's literal pieces of 8 letters or
    more (whole words), for ids whose translation differs from the English."""
    translated = catalog(language) if language in SHIPPED else {}
    left = []
    for id, texts in ENGLISH.items():
        if translated.get(id) == texts:
            continue
        for text in texts:
            for piece in re.split(r"\{\w+\}", text):
                piece = piece.strip(" .:;,—()")
                if len(piece) >= 8 and " " in piece and re.search(rf"(?<!\w){re.escape(piece)}(?!\w)", page_text):
                    left.append(f"{id}: {piece}")
    return left


def page_text(browser):
    """What a user reads or hears, the user's and dictionaries' own text left out: the text
    (hidden parts too), titles, labels, placeholders and the document's title."""
    return browser.execute_script("""
        const page = document.body.cloneNode(true);
        for (const node of page.querySelectorAll(arguments[0])) node.remove();
        for (const node of page.querySelectorAll('option, li, p, h1, h2, label, button, a')) node.append(' ');
        const parts = [document.title, page.textContent];
        for (const node of page.querySelectorAll('[title], [aria-label], [placeholder]'))
          parts.push(node.getAttribute('title') || '', node.getAttribute('aria-label') || '',
                     node.getAttribute('placeholder') || '');
        return parts.join('\\n');""", DATA)


def check_page(browser, language, where):
    assert browser.execute_script("return document.documentElement.lang") == language, where
    text = page_text(browser)
    assert not english_left(text, language), (where, english_left(text, language))
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 360, where
    if language == "en-XA":
        outside = re.sub(r"⟦[^⟧]*⟧", " ", text)
        words = set(re.findall(r"\b[A-Za-z]{4,}\b", outside)) - PROPER
        assert not words, (where, sorted(words))


def walk(browser, server, language):
    """Create a Bible, open Ruth 1, type verse 1, export it: every page checked on the way."""
    browser.get(server.base + "/keyit")
    check_page(browser, language, "setup")
    form = browser.find_element(By.ID, "new-bible-form")
    form.find_element(By.NAME, "name").send_keys("Good News")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for(browser, lambda d: d.current_url.endswith("/books"))
    check_page(browser, language, "books")
    browser.find_element(By.CSS_SELECTOR, "a.book[data-code=RUT]").click()
    wait_for(browser, lambda d: "/books/RUT" in d.current_url)
    check_page(browser, language, "chapters")
    browser.find_element(By.CSS_SELECTOR, "a.chapter").click()
    wait_for(browser, lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    saved = browser.find_element(By.ID, "save-status").text
    box = browser.find_element(By.CSS_SELECTOR, "#items li.type-Verse textarea")
    box.click()
    box.send_keys("Naomi")
    wait_for(browser, lambda d: d.find_element(By.ID, "save-status").text == saved, timeout=10)
    check_page(browser, language, "edit")
    browser.find_element(By.CSS_SELECTOR, ".edit-bar a[href*=export]").click()
    browser.find_element(By.ID, "preview").click()
    wait_for(browser, lambda d: "Naomi" in d.find_element(By.ID, "usfm-preview").text)
    browser.find_element(By.CSS_SELECTOR, "input[name=scope][value=bible]").click()
    check_page(browser, language, "export")


def walk_lexikon(browser, server, language):
    """Look up an inflected Swedish word and another, jump by the letter index, open the cache's
    edit mode."""
    browser.get(server.base + "/lexikon")
    wait_for(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    field = browser.find_element(By.ID, "word")
    field.send_keys("hundar", Keys.ENTER)
    wait_for(browser, lambda d: d.find_element(By.ID, "result").is_displayed())
    found_as = browser.find_element(By.CSS_SELECTOR, "#entries .found-as").text
    if language in SHIPPED:
        assert found_as == f"hundar → hund ({catalog(language)['lexikon.js.form.plural'][0]})", found_as
    field.clear()
    field.send_keys("bil", Keys.ENTER)
    wait_for(browser, lambda d: "bil" in d.find_element(By.ID, "entries").text)
    field.clear()
    letters = lambda d: [b.text for b in d.find_elements(By.CSS_SELECTOR, "#cache-letters .letter")]
    wait_for(browser, lambda d: letters(d) == ["B", "H"])
    browser.find_element(By.XPATH, "//nav[@id='cache-letters']/button[text()='H']").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "cached-words").text.split()[:1] == ["hund"])
    browser.find_element(By.ID, "edit-cache").click()
    check_page(browser, language, "lexikon")


def on_phone(browser):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True})


@pytest.mark.parametrize("language", SHIPPED)
def test_the_switcher_sets_the_language_and_key_it_speaks_it_everywhere(browser, server, language):
    on_phone(browser)
    browser.get(server.base + "/")
    assert browser.execute_script("return document.documentElement.lang") == "en"
    browser.find_element(By.CSS_SELECTOR, f"#language option[value={language}]").click()
    wait_for(browser, lambda d: d.execute_script("return document.documentElement.lang") == language)
    check_page(browser, language, "home")
    walk(browser, server, language)
    walk_lexikon(browser, server, language)


def test_the_pseudo_locale_finds_no_text_outside_the_catalog(browser, server):
    on_phone(browser)
    browser.get(server.base + "/")
    browser.add_cookie({"name": "scriptorium_lang", "value": "en-XA"})
    browser.get(server.base + "/")
    check_page(browser, "en-XA", "home")
    walk(browser, server, "en-XA")
    walk_lexikon(browser, server, "en-XA")


def test_an_error_page_is_in_the_language_and_right_to_left_follows_the_catalog(browser, server):
    browser.get(server.base + "/")
    browser.add_cookie({"name": "scriptorium_lang", "value": "cy"})
    browser.get(server.base + "/keyit/bibles/999/books")
    assert "Mae rhywbeth o'i le (404)" in browser.find_element(By.TAG_NAME, "h1").text
    browser.add_cookie({"name": "scriptorium_lang", "value": "ar-XB"})
    browser.get(server.base + "/")
    assert browser.execute_script("return document.documentElement.dir") == "rtl"
    brand = browser.find_element(By.CSS_SELECTOR, "header .brand").rect
    switcher = browser.find_element(By.ID, "language-form").rect
    assert brand["x"] > switcher["x"], "in right-to-left the brand is on the right"
