"""Lexikon in real headless Chromium against the built server and the installed FreeDict
dictionaries: look words up (inflected and mutated ones too), switch direction, filter, page and
edit the cache, refresh, reload to the same state, add a result to a phrasebook, add a StarDict
dictionary, and keep working from the cache when the DICT server is unreachable."""
import json
import subprocess
import urllib.parse
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import BINARY, Server, free_port, wait_for
from lexikon_files import write_stardict


def open_lexikon(browser, server):
    browser.get(server.base + "/lexikon")
    wait_for(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")


def look_up(browser, word):
    field = browser.find_element(By.ID, "word")
    field.clear()
    field.send_keys(word, Keys.ENTER)
    wait_for(browser, lambda d: d.find_element(By.ID, "result").is_displayed()
             and word.lower() in d.find_element(By.ID, "entries").text.lower())
    return browser.find_element(By.ID, "entries").text


def cached_words(browser):
    """The cached words listed, read in one go (the list re-renders as the filter changes)."""
    return browser.execute_script(
        "return [...document.querySelectorAll('#cached-words .cached-word')].map(b => b.textContent)")


def click_cached(browser, word):
    browser.find_element(By.XPATH, f"//ul[@id='cached-words']//button[text()='{word}']").click()


def wait_for_cache(browser, expected):
    wait_for(browser, lambda d: cached_words(d) == expected)


def type_filter(browser, text):
    """Replaces the search field's text as a user would (each key fires `input`)."""
    field = browser.find_element(By.ID, "word")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    field.send_keys(text)


def test_look_up_switch_direction_filter_refresh_delete_and_reload(browser, server):
    open_lexikon(browser, server)
    assert Select(browser.find_element(By.ID, "direction")).first_selected_option.get_attribute("value") == "swe-eng"
    assert browser.find_element(By.ID, "swap").text == "sv→en"
    text = look_up(browser, "hund")
    assert "dog" in text and "/hˈɵnd/" in text
    assert "Fetched" in browser.find_element(By.ID, "result-meta").text
    look_up(browser, "katt")
    look_up(browser, "häst")
    wait_for_cache(browser, ["häst"])  # the list is filtered by the search field
    type_filter(browser, "")
    wait_for_cache(browser, ["hund", "häst", "katt"])  # Swedish order: ä after z

    type_filter(browser, "HA")  # no case, no diacritics: finds häst
    wait_for_cache(browser, ["häst"])
    type_filter(browser, "h")
    wait_for_cache(browser, ["hund", "häst"])

    click_cached(browser, "hund")
    wait_for(browser, lambda d: "From the cache" in d.find_element(By.ID, "result-meta").text
             and "dog" in d.find_element(By.ID, "entries").text)
    browser.find_element(By.ID, "refresh").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "result-meta").text.startswith("Fetched"))
    assert "looked up 3×" in browser.find_element(By.ID, "result-meta").text

    browser.find_element(By.ID, "swap").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "swap").text == "en→sv")
    wait_for_cache(browser, [])
    assert "hund" in look_up(browser, "dog")
    wait_for_cache(browser, ["dog"])
    type_filter(browser, "h")
    wait_for_cache(browser, [])
    browser.find_element(By.ID, "swap").click()
    type_filter(browser, "")
    wait_for_cache(browser, ["hund", "häst", "katt"])  # Swedish order: ä after z

    browser.find_element(By.ID, "edit-cache").click()
    browser.find_element(By.CSS_SELECTOR, "button[aria-label='Delete katt']").click()
    wait_for_cache(browser, ["hund", "häst"])
    browser.find_element(By.ID, "edit-cache").click()
    assert not browser.find_elements(By.CSS_SELECTOR, "#cached-words .forget:not([hidden])")

    look_up(browser, "hund")
    type_filter(browser, "hu")
    wait_for_cache(browser, ["hund"])
    wait_for(browser, lambda d: server.get_json("/api/lexikon/state")["query"] == "hu")
    browser.refresh()
    wait_for(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    assert browser.find_element(By.ID, "word").get_attribute("value") == "hu"
    wait_for(browser, lambda d: "dog" in d.find_element(By.ID, "entries").text)
    wait_for_cache(browser, ["hund"])
    cli = [BINARY, "lexikon", "cache", "--json", "--data", str(server.data)]
    assert [w["word"] for w in json.loads(subprocess.run(cli, capture_output=True, check=True).stdout)["words"]] \
        == ["hund", "häst"]


def test_a_slow_answer_to_an_earlier_lookup_does_not_replace_the_later_word(browser, server):
    """A word looked up while the answer for the one before is still on its way (a slow link, a
    second Enter) keeps its own result when that earlier answer comes in late."""
    import time
    open_lexikon(browser, server)
    look_up(browser, "katt")  # both words cached, so only the held-back answer is slow
    look_up(browser, "hund")
    browser.execute_script("""
        const send = window.fetch;
        window.fetch = (url, init) => init?.body?.includes('"katt"')
          ? new Promise((done) => setTimeout(done, 1500)).then(() => send(url, init)) : send(url, init);""")
    field = browser.find_element(By.ID, "word")
    for word in ("katt", "hund"):
        field.send_keys(Keys.CONTROL, "a", Keys.BACKSPACE)
        field.send_keys(word, Keys.ENTER)
    wait_for(browser, lambda d: "dog" in d.find_element(By.ID, "entries").text)
    time.sleep(2.5)  # the answer for "katt" has come by now
    entries = browser.find_element(By.ID, "entries").text
    assert "dog" in entries and "cat" not in entries
    assert browser.find_element(By.ID, "word").get_attribute("value") == "hund"


def test_welsh_lookup_added_to_a_phrasebook(browser, server):
    request = urllib.request.Request(
        server.base + "/api/phrasebook/books", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({"name": "Cymraeg", "languages": "en:English,cy:Welsh"}).encode())
    urllib.request.urlopen(request).read()
    open_lexikon(browser, server)
    Select(browser.find_element(By.ID, "direction")).select_by_value("cym-eng")
    wait_for(browser, lambda d: d.find_element(By.ID, "swap").text == "cy→en")
    text = look_up(browser, "dŵr")
    assert "water" in text and "n, s, m" in text
    browser.find_element(By.CSS_SELECTOR, "#add-to-phrasebook summary").click()
    assert browser.find_element(By.ID, "pair-one").get_attribute("value") == "water"  # English is the book's first
    assert browser.find_element(By.ID, "pair-two").get_attribute("value") == "dŵr"
    browser.find_element(By.CSS_SELECTOR, "#pair-form button[type=submit]").click()
    wait_for(browser, lambda d: "Added to Cymraeg" in d.find_element(By.ID, "pair-status").text)
    pairs = server.get_json("/api/phrasebook/pairs?book=Cymraeg")["pairs"]
    assert [(p["pair"]["wordOne"], p["pair"]["wordTwo"]) for p in pairs] == [("water", "dŵr")]
    assert pairs[0]["pair"]["type"] == "n, s, m" and pairs[0]["pair"]["note"].startswith("/")  # pronunciation

    # A word as a sentence has it ("fy nghath", my cat) finds the word it comes from.
    text = look_up(browser, "nghath")
    assert "nghath → cath (nasal mutation)" in text and "cat" in text


def test_an_unreachable_server_leaves_the_cache_working(browser, tmp_path):
    data = tmp_path / "data"
    subprocess.run([BINARY, "lexikon", "lookup", "hund", "--data", str(data)], check=True, capture_output=True)
    offline = Server(data, "--dict-server", f"127.0.0.1:{free_port()}").start()
    try:
        open_lexikon(browser, offline)
        problem = browser.find_element(By.ID, "source-problem")
        assert problem.is_displayed() and "unreachable" in problem.text
        wait_for_cache(browser, ["hund"])
        click_cached(browser, "hund")
        wait_for(browser, lambda d: "dog" in d.find_element(By.ID, "entries").text)
        field = browser.find_element(By.ID, "word")
        field.clear()
        field.send_keys("katt", Keys.ENTER)
        error = browser.find_element(By.ID, "lexikon-error")
        wait_for(browser, lambda d: error.is_displayed() and "unreachable" in error.text)
        assert "dog" in browser.find_element(By.ID, "entries").text, "the shown result stays"
    finally:
        offline.stop()


def test_inflected_words_search_fetches_and_the_list_is_alphabetical_with_letters(browser, server):
    open_lexikon(browser, server)
    text = look_up(browser, "hundar")
    assert "hundar → hund (plural)" in text and "dog" in text
    assert "Fetched" in browser.find_element(By.ID, "result-meta").text
    look_up(browser, "hund")
    assert "Fetched" in browser.find_element(By.ID, "result-meta").text, "searching fetches again"
    # The speaker says the word in Swedish: the page asks for espeak-ng's audio of it.
    speaker = browser.find_element(By.CSS_SELECTOR, "#entries button.speaker")
    assert speaker.get_attribute("aria-label") == "Hear hund"
    heard = browser.execute_async_script("""
        const done = arguments[0];
        fetch("/api/lexikon/audio?direction=swe-eng&word=hund")
          .then(async (r) => done([r.status, r.headers.get("content-type"), (await r.arrayBuffer()).byteLength]));""")
    assert heard[0] == 200 and heard[1] == "audio/wav" and heard[2] > 1000
    for word in ["öl", "zon", "åka", "bil"]:
        look_up(browser, word)
    type_filter(browser, "")
    wait_for_cache(browser, ["bil", "hund", "zon", "åka", "öl"])
    letters = lambda d: [b.text for b in d.find_elements(By.CSS_SELECTOR, "#cache-letters .letter")]
    wait_for(browser, lambda d: letters(d) == ["B", "H", "Z", "Å", "Ö"])
    browser.find_element(By.XPATH, "//nav[@id='cache-letters']/button[text()='Å']").click()
    wait_for_cache(browser, ["åka", "öl"])
    click_cached(browser, "åka")
    wait_for(browser, lambda d: "From the cache" in d.find_element(By.ID, "result-meta").text)


def test_the_cached_list_is_paged(browser, server):
    words = server.get_json("/api/lexikon/match?direction=swe-eng&prefix=s&limit=130")
    for word in words:
        request = urllib.request.Request(
            server.base + "/api/lexikon/lookup", method="POST", headers={"Content-Type": "application/json"},
            data=json.dumps({"direction": "swe-eng", "word": word}).encode())
        urllib.request.urlopen(request).read()
    open_lexikon(browser, server)
    wait_for(browser, lambda d: len(cached_words(d)) == 100)
    browser.find_element(By.ID, "cache-more").click()
    wait_for(browser, lambda d: len(cached_words(d)) == len(set(w.lower() for w in words)))
    assert not browser.find_element(By.ID, "cache-more").is_displayed()


def test_a_stardict_dictionary_is_added_on_the_screen(browser, server, tmp_path):
    paths = write_stardict(tmp_path, "tiny-cym-eng", {"o'r": "of the", "yr": "the"}, bookname="Tiny Welsh")
    open_lexikon(browser, server)
    browser.find_element(By.CSS_SELECTOR, "#add-dictionary summary").click()
    browser.find_element(By.ID, "dictionary-files").send_keys("\n".join(str(p) for p in paths))
    wait_for(browser, lambda d: "tiny-cym-eng: ready" in d.find_element(By.ID, "dictionary-status").text)
    assert (server.data / "dictionaries" / "tiny-cym-eng.idx").exists()
    Select(browser.find_element(By.ID, "direction")).select_by_value("cym-eng")
    assert "of the" in look_up(browser, "o'r")
    bad = tmp_path / "bad-cym-eng.ifo"
    bad.write_text("#!/bin/sh\n")
    browser.find_element(By.ID, "dictionary-files").send_keys(str(bad))
    error = browser.find_element(By.ID, "dictionary-error")
    wait_for(browser, lambda d: error.is_displayed() and "not a .ifo file" in error.text)
    assert not (server.data / "dictionaries" / "bad-cym-eng.ifo").exists()
