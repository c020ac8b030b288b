"""Phrasebook for learners in real headless Chromium: typed answers graded (a Welsh mutation,
letter case) with a proposed rating the learner can change, in revision and in the translation
game."""
import json
import urllib.error
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import wait_for
from test_phrasebook_browser import create_welsh, import_pairs

ANSWERS = {"dog": "ci", "cat": "cath", "house": "tŷ", "water": "dŵr", "bread": "bara", "milk": "llaeth"}


def start_revision(browser, server, typing=True):
    browser.get(server.base + "/phrasebook/revision?book=Cymraeg")
    browser.find_element(By.CSS_SELECTOR, "select[name=direction] option[value=forward]").click()
    if typing:
        browser.find_element(By.ID, "type-answers").click()
    browser.find_element(By.CSS_SELECTOR, "#revision-options button[type=submit]").click()
    shown = lambda d: next((e for e in [d.find_element(By.ID, "card"), d.find_element(By.ID, "summary")] if e.is_displayed()), None)
    return wait_for(browser, shown)


def type_answer(browser, text):
    field = wait_for(browser, lambda d: d.find_element(By.ID, "typed") if d.find_element(By.ID, "typed").is_displayed() else None)
    field.send_keys(text, Keys.ENTER)
    return wait_for(browser, lambda d: d.find_element(By.ID, "verdict") if d.find_element(By.ID, "verdict").is_displayed() else None)


def next_card(browser):
    wait_for(browser, lambda d: d.find_element(By.ID, "next").is_displayed())
    browser.find_element(By.ID, "next").click()


def summary_or_prompt(browser):
    summary = browser.find_element(By.ID, "summary")
    if summary.is_displayed():
        return None
    return browser.find_element(By.ID, "prompt").text


def test_typed_answers_get_a_verdict_and_a_rating_the_learner_may_change(browser, server):
    create_welsh(browser, server)
    import_pairs(server, [{"wordone": "cat", "wordtwo": "cath"}, {"wordone": "milk", "wordtwo": "llaeth"}])
    card = start_revision(browser, server)
    assert not card.find_element(By.ID, "show").is_displayed(), "typing replaces Show"
    seen = []
    while (prompt := summary_or_prompt(browser)) is not None:
        seen.append(prompt)
        if prompt == "cat" and seen.count("cat") == 1:
            verdict = type_answer(browser, "gath")
            assert "mutated (soft mutation)" in verdict.text and "cath" in verdict.text
            proposed = browser.switch_to.active_element
            assert proposed.get_attribute("data-rating") == "hard" and "proposed" in proposed.get_attribute("class")
            proposed.send_keys(Keys.ENTER)  # takes the proposal: Hard keeps a new card in its learning step
        else:
            verdict = type_answer(browser, ANSWERS[prompt])
            assert verdict.text == "Right!"
            assert browser.switch_to.active_element.get_attribute("data-rating") == "good"
            card.find_element(By.CSS_SELECTOR, "[data-rating=easy]").click()  # the learner knows better
        assert card.find_element(By.ID, "answer-word").is_displayed()
        assert card.find_element(By.CSS_SELECTOR, "#answer-speaker button.speaker").get_attribute("data-side") == "two"
        next_card(browser)
        assert len(seen) <= 3
    assert sorted(seen) == ["cat", "cat", "milk"], "the card rated Hard came back after its step"
    assert "2 cards in 3 answers, 3 recalled" in browser.find_element(By.ID, "summary").text


def test_a_card_rated_again_comes_back_after_the_others_and_new_cards_keep_to_the_daily_limit(browser, server):
    create_welsh(browser, server)
    import_pairs(server, [{"wordone": one, "wordtwo": two} for one, two in ANSWERS.items()])
    start_revision(browser, server, typing=False)
    limit = browser.find_element(By.ID, "new-per-day")
    assert limit.get_attribute("value") == "20"
    limit.clear()
    limit.send_keys("3", Keys.TAB)
    wait_for(browser, lambda d: settings(server)["newCardsPerDay"] == 3)
    card = start_revision(browser, server, typing=False)
    assert "3 new" in card.find_element(By.ID, "counts").text, "the limit leaves 3 new cards"
    seen = []
    while (prompt := summary_or_prompt(browser)) is not None:
        seen.append(prompt)
        card.find_element(By.ID, "show").send_keys(Keys.SPACE)
        wait_for(browser, lambda d: d.find_element(By.ID, "answer-word").is_displayed())
        browser.find_element(By.TAG_NAME, "body").send_keys("1" if len(seen) == 1 else "4")
        next_card(browser)
        assert len(seen) <= 4
    assert len(seen) == 4 and seen[3] == seen[0] and len(set(seen[:3])) == 3, seen
    assert "3 cards in 4 answers, 3 recalled (75% accuracy)" in browser.find_element(By.ID, "summary").text
    assert "Nothing is due" in start_revision(browser, server, typing=False).text, "today's 3 new cards are used up"


def settings(server):
    return json.loads(urllib.request.urlopen(server.base + "/api/phrasebook/settings").read())


def test_the_translation_game_can_be_played_by_typing(browser, server):
    create_welsh(browser, server)
    import_pairs(server, [{"wordone": one, "wordtwo": two} for one, two in ANSWERS.items()])
    browser.get(server.base + "/phrasebook/games?book=Cymraeg")
    browser.find_element(By.ID, "type-answers").click()
    browser.find_element(By.ID, "start-translation").click()
    for number in range(10):
        question = wait_for(browser, lambda d: d.find_element(By.ID, "question").text or None)
        assert not browser.find_elements(By.CSS_SELECTOR, "#choices button"), "no choices to pick from"
        field = wait_for(browser, lambda d: d.find_element(By.ID, "typed") if d.find_element(By.ID, "typed").is_displayed() else None)
        typed = ANSWERS[question].upper() if number == 0 else "nonsense" if number == 1 else ANSWERS[question]
        field.send_keys(typed, Keys.ENTER)
        verdict = wait_for(browser, lambda d: d.find_element(By.ID, "verdict").text or None)
        expected = {0: "Nearly right (letter case only)", 1: "No — it is"}.get(number, "Right!")
        assert verdict.startswith(expected), verdict
        browser.find_element(By.ID, "next-question").click()
    result = wait_for(browser, lambda d: d.find_element(By.ID, "translation-result") if d.find_element(By.ID, "translation-result").is_displayed() else None)
    assert "Score: 9 of 10" in result.text and "(you answered nonsense)" in result.text


def get(server, path):
    try:
        return urllib.request.urlopen(server.base + path)
    except urllib.error.HTTPError as error:
        raise AssertionError(f"{path}: {error.code} {error.read()}") from None


def test_speaker_buttons_play_espeak_audio_made_once_and_a_recording_is_preferred(browser, server):
    create_welsh(browser, server)
    import_pairs(server, [{"wordone": "cat", "wordtwo": "cath"}])
    browser.get(server.base + "/phrasebook?book=Cymraeg")
    speakers = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#pairs button.speaker") or None)
    assert [s.get_attribute("data-side") for s in speakers] == ["one", "two"]
    pair_id = speakers[1].get_attribute("data-pair")
    speakers[1].click()
    audio = f"/api/phrasebook/pairs/{pair_id}/audio/two"
    answer = get(server, audio)
    assert answer.headers["Content-Type"] == "audio/wav" and answer.read(4) == b"RIFF"
    cache = server.data / "media" / "phrasebook" / "speech"
    wait_for(browser, lambda d: len(list(cache.glob("*.wav"))) >= 1)
    before = sorted(cache.glob("*.wav"))
    get(server, audio).read()
    assert sorted(cache.glob("*.wav")) == before, "made once, then cached"
    webm = b"\x1a\x45\xdf\xa3" + bytes(200)
    request = urllib.request.Request(server.base + audio, data=webm, method="PUT",
                                     headers={"Content-Type": "audio/webm;codecs=opus", "Origin": server.base})
    urllib.request.urlopen(request)
    answer = get(server, audio)
    assert answer.headers["Content-Type"] == "audio/webm" and answer.read() == webm
    refused = urllib.request.Request(server.base + audio, data=b"<html>", method="PUT",
                                     headers={"Content-Type": "audio/webm", "Origin": server.base})
    try:
        urllib.request.urlopen(refused)
        raise AssertionError("not audio, yet stored")
    except urllib.error.HTTPError as error:
        assert error.code == 422 and "not WebM" in json.loads(error.read())["error"]
    browser.get(server.base + f"/phrasebook/word?book=Cymraeg&w=cat&pair={pair_id}")
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-unrecord=two]") or None)
    browser.find_element(By.CSS_SELECTOR, "[data-unrecord=two]").click()
    wait_for(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "[data-unrecord=two]"))
    assert get(server, audio).headers["Content-Type"] == "audio/wav", "the synthetic voice again"


def test_a_new_phrasebook_picks_its_languages_by_name_and_a_language_without_a_voice_has_no_speaker(browser, server):
    browser.get(server.base + "/phrasebook")
    form = wait_for(browser, lambda d: d.find_element(By.ID, "new-book-form"))
    wait_for(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#language-list option")) > 100)
    options = [o.get_attribute("value") for o in browser.find_elements(By.CSS_SELECTOR, "#language-list option")]
    assert "Welsh — Cymraeg (cy)" in options and "Swedish — svenska (sv)" in options
    form.find_element(By.NAME, "name").send_keys("Tok Pisin")
    second = form.find_element(By.NAME, "languageTwo")
    second.clear()
    second.send_keys("tpi")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for(browser, lambda d: d.find_elements(By.ID, "pair-form"))
    books = json.loads(get(server, "/api/phrasebook/books").read())
    assert [(b["languageOneCode"], b["languageTwoCode"], b["languageTwoName"]) for b in books] == [("en", "tpi", "Tok Pisin")]
    import_pairs(server, [{"wordone": "dog", "wordtwo": "dok"}], book="Tok%20Pisin")
    browser.get(server.base + "/phrasebook?book=Tok%20Pisin")
    speakers = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#pairs button.speaker") or None)
    assert [s.get_attribute("data-side") for s in speakers] == ["one"], "English has a voice, Tok Pisin none"
    browser.get(server.base + "/phrasebook?book=Tok%20Pisin")
    form = browser.find_element(By.ID, "new-book-form")
    browser.execute_script("document.getElementById('new-book').hidden = false")
    form.find_element(By.NAME, "name").send_keys("Svenska")
    second = form.find_element(By.NAME, "languageTwo")
    second.clear()
    second.send_keys("svenska")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for(browser, lambda d: "Svenska" in d.title)
    books = json.loads(get(server, "/api/phrasebook/books").read())
    assert ("sv", "Swedish") in [(b["languageTwoCode"], b["languageTwoName"]) for b in books]
