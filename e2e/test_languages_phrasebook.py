"""Phrasebook's main workflow in every shipped interface language and in the pseudo-locale, in
real Chromium at 360 px: create a phrasebook, add pairs, see them by tag and by word, revise with a
typed answer, play both games, import a file with a bad row. On every screen no English text of
the catalog is left, nothing is wider than the phone and (in the pseudo-locale) no English word is
left outside the catalog but proper names and the user's own text. The command line speaks the
language of `--lang` or the environment."""
import os
import subprocess

import pytest
from selenium.webdriver.common.by import By

import test_languages_browser
from conftest import BINARY, wait_for
from test_languages_browser import PROPER, SHIPPED, catalog, check_page, on_phone

# Besides the proper names every app keeps: the file formats and the address placeholder.
PHRASEBOOK_PROPER = PROPER | {"Anki", "JSON", "apkg", "https"}

# Short words, so that none reads as an English word of four letters or more in the pseudo-locale.
PAIRS = [("one", "un"), ("two", "dau"), ("dog", "ci"), ("sea", "môr"), ("tea", "te")]


def add_pair(browser, one, two):
    form = browser.find_element(By.ID, "pair-form")
    form.find_element(By.NAME, "wordOne").send_keys(one)
    form.find_element(By.NAME, "wordTwo").send_keys(two)
    status = browser.find_element(By.ID, "pair-status")
    browser.execute_script("arguments[0].textContent = ''", status)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for(browser, lambda d: f"{one} – {two}" in status.text)


def open_page(browser, page):
    """Follows the Phrasebook bar's link to a page (the sticky header may cover the bar)."""
    browser.get(browser.find_element(By.CSS_SELECTOR, f".phrasebook-bar a[href^='/phrasebook/{page}']").get_attribute("href"))


def walk(browser, server, language, tmp_path):
    browser.get(server.base + "/phrasebook")
    check_page(browser, language, "first phrasebook")
    form = browser.find_element(By.ID, "new-book-form")
    form.find_element(By.NAME, "name").send_keys("Cy")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for(browser, lambda d: d.find_elements(By.ID, "pair-form"))
    for one, two in PAIRS:
        add_pair(browser, one, two)
    blank = browser.find_element(By.ID, "pair-form")
    blank.find_element(By.NAME, "wordOne").send_keys("cow")
    blank.find_element(By.NAME, "wordTwo").send_keys("   ")
    blank.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    error = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, "input[name=wordTwo] + .field-error"))
    if language in SHIPPED:
        field = catalog(language)["phrasebook.field.wordTwo"][0]
        assert error.text == catalog(language)["phrasebook.error.blank"][0].replace("{field}", field), error.text
    wait_for(browser, lambda d: d.find_element(By.ID, "count").text)
    check_page(browser, language, "list")

    open_page(browser, "tagged")
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#groups details"))
    check_page(browser, language, "tagged")

    browser.find_element(By.CSS_SELECTOR, "#groups a").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "detail").is_displayed())
    check_page(browser, language, "word")

    open_page(browser, "revision")
    options = wait_for(browser, lambda d: d.find_element(By.ID, "revision-options"))
    options.find_element(By.CSS_SELECTOR, "select[name=direction] option[value=forward]").click()
    browser.find_element(By.ID, "type-answers").click()
    options.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    typed = wait_for(browser, lambda d: d.find_element(By.ID, "typed") if d.find_element(By.ID, "typed").is_displayed() else None)
    typed.send_keys("zz")
    browser.find_element(By.CSS_SELECTOR, "#typed-form button[type=submit]").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "verdict").is_displayed())
    check_page(browser, language, "revision")

    open_page(browser, "games")
    browser.find_element(By.ID, "start-translation").click()
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#choices button"))
    browser.find_element(By.CSS_SELECTOR, "#choices button").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "verdict").text)
    check_page(browser, language, "translation game")
    browser.find_element(By.ID, "start-hangman").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "lives").text)
    check_page(browser, language, "hangman")

    open_page(browser, "import")
    upload = tmp_path / f"pairs-{language}.csv"
    upload.write_text("wordone,wordtwo\ncat,cath\n,llaeth\n", encoding="utf-8")
    browser.find_element(By.CSS_SELECTOR, "#file-import input[type=file]").send_keys(str(upload))
    browser.find_element(By.CSS_SELECTOR, "#file-import button[type=submit]").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "report").is_displayed())
    check_page(browser, language, "import")


@pytest.mark.parametrize("language", SHIPPED)
def test_phrasebook_speaks_the_chosen_language_everywhere(browser, server, language, tmp_path):
    on_phone(browser)
    browser.get(server.base + "/")
    browser.add_cookie({"name": "scriptorium_lang", "value": language})
    walk(browser, server, language, tmp_path)


def test_the_pseudo_locale_finds_no_phrasebook_text_outside_the_catalog(browser, server, tmp_path, monkeypatch):
    monkeypatch.setattr(test_languages_browser, "PROPER", PHRASEBOOK_PROPER)
    on_phone(browser)
    browser.get(server.base + "/")
    browser.add_cookie({"name": "scriptorium_lang", "value": "en-XA"})
    walk(browser, server, "en-XA", tmp_path)


def phrasebook(data, *args, lang=None, env=None):
    result = subprocess.run([BINARY, "phrasebook", *args, "--data", str(data), *(["--lang", lang] if lang else [])],
                            capture_output=True, text=True,
                            env={**os.environ, "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8", **(env or {})})
    return result


def test_the_phrasebook_command_line_speaks_the_chosen_language(tmp_path):
    data = tmp_path / "data"
    missing = phrasebook(data, "list", lang="cy")
    assert missing.returncode != 0 and "does dim llyfr ymadroddion eto" in missing.stderr, missing.stderr
    created = phrasebook(data, "new", "Cy", "--languages", "en:English,cy:Welsh", env={"LANG": "fr_FR.UTF-8"}).stdout
    assert created.startswith("Cy créé\u202f: English – Welsh (régions\u202f: North, South, Both)"), created
    assert phrasebook(data, "add", "cat", "cath", lang="sw").stdout == "cat – cath imeongezwa\n"
    blank = phrasebook(data, "add", "dog", " ", lang="sv")
    assert blank.returncode != 0 and "andra ordet saknas" in blank.stderr, blank.stderr
    checked = phrasebook(data, "check", "cat", "cath", "cth", lang="cy").stdout
    assert checked == "gwall teipio (llythyren ar goll): cath\nsgôr a gynigir: hard\n", checked
    assert phrasebook(data, "new-per-day", lang="tpi").stdout == "20 nupela kat long wanpela de\n"
    rows = tmp_path / "rows.csv"
    rows.write_text("wordone,wordtwo\nmilk,llaeth\n,dŵr\n", encoding="utf-8")
    report = phrasebook(data, "import", str(rows), env={"LC_ALL": "cy_GB.UTF-8"}).stdout
    assert report == ("1 wedi'i ychwanegu, 0 wedi'u diweddaru, 0 heb newid, 1 wedi'i wrthod\n"
                      "  Rhes 3: mae wordone yn wag\n"), report
    assert phrasebook(data, "search", "zzz").stdout == "Nothing found.\n", "English without a language"
