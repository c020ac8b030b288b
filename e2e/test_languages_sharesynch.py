"""ShareSynch's screens in every shipped interface language and in the pseudo-locale, in real
Chromium at 360 px: the menu with the demo series, the presenter, the display, the stage view, the
remote, the editor, the settings and the downloads (with its error), checked as Key It's are
(`test_languages_browser.check_page`): no English catalog text left, nothing wider than the
phone, no English word outside the catalog in the pseudo-locale. The slides and notes are the
speaker's (shown with dir="auto"), so only the interface around them is checked. Then the
command line's ShareSynch and hub words."""
import os
import subprocess

import pytest
from selenium.webdriver.common.by import By

import test_languages_browser as base
from conftest import BINARY, wait_for

# Besides the user's text: addresses and commands (written the same in every language), the
# names of the parts made by others, and lists of the series' own names and languages.
DATA = base.DATA + (", #display-url, #connect-command, code, .connect-address, #licences li:not(:last-child),"
                    " #slide-language, #note-language, #new-variation-from, #appeal-song, #new-sermon-song,"
                    " #import-sermon, #import-into, #catalog-url, #version")


@pytest.fixture
def checks(monkeypatch):
    monkeypatch.setattr(base, "DATA", DATA)


def ready(browser, address, condition):
    browser.get(address)
    wait_for(browser, condition, timeout=15)


def walk(browser, server, language):
    """Open the demo series, present its first sermon and advance, look at the other screens,
    open the editor, the settings and the downloads."""
    ready(browser, server.base + "/sharesynch", lambda d: d.find_element(By.ID, "load-sermon").is_displayed())
    browser.find_element(By.ID, "load-sermon").click()
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#sermons .sermon .present"))
    browser.find_element(By.ID, "new-series-open").click()
    base.check_page(browser, language, "menu")
    present = browser.find_element(By.CSS_SELECTOR, "#sermons .sermon .present").get_attribute("href")
    browser.get(present)
    wait_for(browser, lambda d: d.execute_script("return document.body.dataset.live === '1'"), timeout=15)
    browser.find_element(By.ID, "next").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "counter").text.startswith("2/"))
    browser.find_element(By.ID, "connect-panel").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "connect-counts").text)
    base.check_page(browser, language, "presenter")
    for screen, live in [("display", "body[data-live='1']"), ("stage", "body[data-live='1']"),
                         ("remote", "body[data-live='1']")]:
        ready(browser, f"{server.base}/sharesynch/{screen}", lambda d: d.find_elements(By.CSS_SELECTOR, live))
        base.check_page(browser, language, screen)
    ready(browser, server.base + "/sharesynch/edit?series=demo&sermon=welcome",
          lambda d: d.find_element(By.ID, "need-variation").is_displayed())
    base.check_page(browser, language, "edit: the original")
    browser.find_element(By.CSS_SELECTOR, "#variation-form button[type=submit]").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "edit-position").text)
    base.check_page(browser, language, "edit")
    ready(browser, server.base + "/sharesynch/settings", lambda d: d.find_element(By.ID, "timer-log").text)
    base.check_page(browser, language, "settings")
    ready(browser, server.base + "/sharesynch/downloads", lambda d: d.find_element(By.ID, "downloads-error").text)
    error = " ".join(browser.find_element(By.ID, "downloads-error").text.split())
    if language in base.SHIPPED:
        assert error == " ".join(base.catalog(language)["sharesynch.error.noCatalogAddress"][0].split()), error
    base.check_page(browser, language, "downloads")


@pytest.mark.parametrize("language", base.SHIPPED)
def test_share_synch_speaks_the_chosen_language_on_every_screen(browser, server, checks, language):
    base.on_phone(browser)
    browser.get(server.base + "/")
    browser.add_cookie({"name": "scriptorium_lang", "value": language})
    walk(browser, server, language)


def test_the_pseudo_locale_finds_no_share_synch_text_outside_the_catalog(browser, server, checks):
    base.on_phone(browser)
    browser.get(server.base + "/")
    browser.add_cookie({"name": "scriptorium_lang", "value": "en-XA"})
    walk(browser, server, "en-XA")


def run(*args, lang):
    return subprocess.run([BINARY, *map(str, args)], capture_output=True, text=True,
                          env={**os.environ, "LC_ALL": "", "LC_MESSAGES": "", "LANG": lang})


def test_the_share_synch_and_hub_commands_speak_the_language(tmp_path):
    data = tmp_path / "data"
    created = run("sharesynch", "create", "Injili", "--slides", "sw", "--data", data, lang="sw_TZ.UTF-8")
    assert created.returncode == 0 and "umeundwa (Injili)" in created.stdout, created
    listed = run("sharesynch", "series", "--data", data, "--lang", "cy", lang="C.UTF-8").stdout
    assert "sleidiau: sw" in listed and "slides:" not in listed, listed
    unknown = run("sharesynch", "sermons", "nowhere", "--data", data, lang="fr_FR.UTF-8")
    assert unknown.returncode != 0 and "aucune série" in unknown.stderr, unknown.stderr
    series = next(line for line in listed.splitlines() if "\tInjili\t" in line).split("\t")[0]
    variations = run("sharesynch", "variation", "list", series, "--data", data, "--lang", "tpi", lang="C.UTF-8").stdout
    assert "(namba wan)" in variations, variations
    inbox = data / "inbox"
    inbox.mkdir(exist_ok=True)
    (inbox / "bad.sspkg").write_bytes(b"junk")
    os.utime(inbox / "bad.sspkg", (0, 0))  # long settled
    refused = run("sharesynch", "inbox", "--data", data, lang="fr_FR.UTF-8").stdout
    assert "bad.sspkg refusé" in refused and "n’est pas un paquet de série" in refused, refused
    hub = tmp_path / "hub"
    assert run("hub", "invite", "keyit:1", "--member", "Ana", "--data", hub, lang="C.UTF-8").returncode == 0
    revoked = run("hub", "revoke", "keyit:1", "--member", "Ana", "--data", hub, lang="sv_SE.UTF-8")
    assert revoked.stdout.strip() == "1 token för Ana drogs tillbaka från keyit:1", revoked
