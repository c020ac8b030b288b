"""Phrasebook in real headless Chromium against the freshly built server: create a Welsh
phrasebook, add pairs, search without accents, see every translation of a word, revise."""
import json
import time
import urllib.parse
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import wait_for


def create_welsh(browser, server):
    browser.get(server.base + "/phrasebook")
    form = wait_for(browser, lambda d: d.find_element(By.ID, "new-book-form"))
    form.find_element(By.NAME, "name").send_keys("Cymraeg")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for(browser, lambda d: d.find_elements(By.ID, "pair-form"))


def add_pair(browser, one, two, area=None, context="", tags=""):
    form = browser.find_element(By.ID, "pair-form")
    form.find_element(By.NAME, "wordOne").send_keys(one)
    form.find_element(By.NAME, "wordTwo").send_keys(two)
    form.find_element(By.NAME, "context").send_keys(context)
    if area:
        form.find_element(By.CSS_SELECTOR, f"input[name=area][value={area}]").click()
    form.find_element(By.NAME, "tags").send_keys(tags)
    status = browser.find_element(By.ID, "pair-status")
    browser.execute_script("arguments[0].textContent = ''", status)  # so the wait sees this save's answer
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for(browser, lambda d: f"{one} – {two}" in status.text)
    return status.text


def test_a_welsh_phrasebook_search_and_word_links(browser, server):
    create_welsh(browser, server)
    assert browser.find_element(By.CSS_SELECTOR, "input[name=area][value=Both]").is_selected(), "Both by default"
    assert add_pair(browser, "water", "dŵr", tags="nature, drinks").startswith("Added")
    add_pair(browser, "now", "rŵan", area="North", tags="time")
    add_pair(browser, "now", "nawr", area="South", context="at this moment")
    assert add_pair(browser, "now", "nawr", area="South", context="at this moment").startswith("Updated")
    rows = browser.find_elements(By.CSS_SELECTOR, "#pairs li.pair-row")
    assert [r.find_element(By.CSS_SELECTOR, ".word").text for r in rows] == ["now", "water"]
    now_row = rows[0].text
    assert "nawr" in now_row and "rŵan" in now_row and "(at this moment)" in now_row
    browser.find_element(By.ID, "search").send_keys("dwr")
    wait_for(browser, lambda d: d.find_element(By.ID, "count").text == "1 pair")
    assert "dŵr" in browser.find_element(By.ID, "pairs").text
    blank = browser.find_element(By.ID, "pair-form")
    blank.find_element(By.NAME, "wordOne").send_keys("cheese")
    blank.find_element(By.NAME, "wordTwo").send_keys("   ")
    blank.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    error = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, "input[name=wordTwo] + .field-error"))
    assert "the second word is blank" in error.text
    url = blank.find_element(By.NAME, "imageURL")
    blank.find_element(By.NAME, "wordTwo").send_keys("caws")
    url.send_keys("ftp://example.org/caws.jpg")
    blank.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    error = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, "input[name=imageURL] + .field-error"))
    assert "http" in error.text and not browser.find_elements(By.CSS_SELECTOR, "input[name=wordTwo] + .field-error")


def test_hostile_text_is_shown_as_text(browser, server):
    create_welsh(browser, server)
    add_pair(browser, "<img src=x onerror=alert(1)>", "<b>bold</b>")
    row = browser.find_element(By.CSS_SELECTOR, "#pairs li.pair-row")
    assert "<img src=x onerror=alert(1)>" in row.text and "<b>bold</b>" in row.text
    assert not browser.find_elements(By.CSS_SELECTOR, "#pairs img, #pairs b")


def test_a_revision_session_rates_cards_and_a_reload_keeps_the_schedule(browser, server):
    create_welsh(browser, server)
    add_pair(browser, "water", "dŵr")
    add_pair(browser, "bread", "bara")
    browser.get(server.base + "/phrasebook/revision?book=Cymraeg")
    browser.find_element(By.CSS_SELECTOR, "select[name=direction] option[value=forward]").click()
    browser.find_element(By.CSS_SELECTOR, "#revision-options button[type=submit]").click()
    card = wait_for(browser, lambda d: d.find_element(By.ID, "card") if d.find_element(By.ID, "card").is_displayed() else None)
    assert "2 new" in card.find_element(By.ID, "counts").text
    for _ in range(2):
        prompt = card.find_element(By.ID, "prompt").text
        assert prompt in ("water", "bread")
        card.find_element(By.ID, "show").send_keys(Keys.SPACE)
        answer = card.find_element(By.ID, "answer-word")
        wait_for(browser, lambda d: answer.is_displayed())
        assert answer.text == {"water": "dŵr", "bread": "bara"}[prompt]
        browser.find_element(By.TAG_NAME, "body").send_keys("4")  # Easy: graduates to days
        wait_for(browser, lambda d: d.find_element(By.ID, "next").is_displayed())
        browser.find_element(By.ID, "next").click()
    summary = browser.find_element(By.ID, "summary")
    wait_for(browser, lambda d: summary.is_displayed())
    assert "2 cards, 2 recalled (100% accuracy)" in summary.text
    browser.refresh()
    browser.find_element(By.CSS_SELECTOR, "select[name=direction] option[value=forward]").click()
    browser.find_element(By.CSS_SELECTOR, "#revision-options button[type=submit]").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "summary").is_displayed())
    assert "Nothing is due" in browser.find_element(By.ID, "summary").text
    due = json.loads(urllib.request.urlopen(server.base + "/api/phrasebook/due").read())
    assert due == [{"direction": "forward", "due": 0, "new": 0}, {"direction": "reverse", "due": 0, "new": 2}]


def post_json(server, path, body):
    request = urllib.request.Request(
        server.base + path, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "Origin": server.base})
    return json.loads(urllib.request.urlopen(request).read())


def letter_is_used(browser, letter):
    """True once hangman's key for `letter` is disabled (read in the page: the keys are re-rendered)."""
    return browser.execute_script(
        "return [...document.querySelectorAll('#letters button')].find(b => b.textContent === arguments[0])?.disabled === true",
        letter)


def import_pairs(server, pairs, book="Cymraeg"):
    request = urllib.request.Request(
        f"{server.base}/api/phrasebook/import?format=json&book={book}", data=json.dumps(pairs).encode(), method="POST",
        headers={"Content-Type": "application/json", "Origin": server.base})
    return json.loads(urllib.request.urlopen(request).read())


def test_the_tagged_view_groups_pairs_under_each_tag(browser, server):
    create_welsh(browser, server)
    import_pairs(server, [
        {"wordone": "water", "wordtwo": "dŵr", "tags": ["nature", "drinks"]},
        {"wordone": "milk", "wordtwo": "llaeth", "tags": ["drinks"]},
        {"wordone": "now", "wordtwo": "rŵan"},
    ])
    browser.get(server.base + "/phrasebook/tagged?book=Cymraeg")
    groups = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "details.tag-group"))
    summaries = [g.find_element(By.TAG_NAME, "summary").text for g in groups]
    assert summaries == ["drinks (2)", "nature (1)", "No tag (1)"]
    assert "water – dŵr" in groups[0].text and "water – dŵr" in groups[1].text
    assert len(groups[0].find_elements(By.CSS_SELECTOR, "button.speaker[data-side=two]")) == 2, "hear each pair"
    groups[0].find_element(By.TAG_NAME, "summary").click()
    assert not groups[0].find_element(By.CSS_SELECTOR, "ul").is_displayed(), "groups collapse"
    # Each pair leads to its detail.
    groups[1].find_element(By.LINK_TEXT, "water – dŵr").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "detail-title").text == "water – dŵr")


def test_editing_a_pair_renames_it_and_removes_a_tag(browser, server):
    """The edit form saves the pair it was filled with: a corrected word renames it (one pair,
    same id) and a tag taken out of the field is gone; renaming onto another pair is refused."""
    create_welsh(browser, server)
    add_pair(browser, "scool", "ysgol", tags="places, school")
    add_pair(browser, "ladder", "ysgol")
    pair_id = next(entry["pair"]["id"] for entry in server.get_json("/api/phrasebook/pairs?book=Cymraeg")["pairs"]
                   if entry["pair"]["wordOne"] == "scool")
    browser.get(f"{server.base}/phrasebook?book=Cymraeg&edit={pair_id}")
    form = browser.find_element(By.ID, "pair-form")
    wait_for(browser, lambda d: form.find_element(By.NAME, "wordOne").get_attribute("value") == "scool")
    form.find_element(By.NAME, "wordOne").clear()
    form.find_element(By.NAME, "wordOne").send_keys("school")
    form.find_element(By.NAME, "tags").clear()
    form.find_element(By.NAME, "tags").send_keys("school")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for(browser, lambda d: "Updated school – ysgol" in d.find_element(By.ID, "pair-status").text)
    pairs = server.get_json("/api/phrasebook/pairs?book=Cymraeg")["pairs"]
    assert sorted(entry["pair"]["wordOne"] for entry in pairs) == ["ladder", "school"]
    school = next(entry for entry in pairs if entry["pair"]["wordOne"] == "school")
    assert school["pair"]["id"] == pair_id and school["tags"] == ["school"]

    browser.get(f"{server.base}/phrasebook?book=Cymraeg&edit={pair_id}")
    wait_for(browser, lambda d: d.find_element(By.ID, "pair-form").find_element(By.NAME, "wordOne").get_attribute("value")
             == "school")
    form = browser.find_element(By.ID, "pair-form")
    form.find_element(By.NAME, "wordOne").clear()
    form.find_element(By.NAME, "wordOne").send_keys("ladder")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    error = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#pair-form .field-error"))
    assert "ladder" in error.text and "already" in error.text
    assert len(server.get_json("/api/phrasebook/pairs?book=Cymraeg")["pairs"]) == 2


def test_choosing_a_pair_to_edit_brings_the_form_into_view_at_once_when_motion_is_reduced(browser, server):
    """A reader whose system asks for reduced motion (the test browser asks) gets the edit form in
    view at once, not by a smooth scroll that keeps moving its buttons for a quarter second."""
    create_welsh(browser, server)
    add_pair(browser, "scool", "ysgol", tags="places, school")
    add_pair(browser, "ladder", "ysgol")
    browser.get(f"{server.base}/phrasebook?book=Cymraeg")
    choose = wait_for(browser, lambda d: d.find_element(
        By.XPATH, "//li[contains(@class, 'pair-row')][a[text()='scool']]//button[contains(@class, 'link')]"))
    browser.execute_script("window.scrollTo(0, 0)")
    choose.click()
    place = "return [window.scrollY, document.querySelector('#pair-form [name=wordOne]').value]"
    at_once = browser.execute_script(place)
    time.sleep(0.4)
    assert at_once[1] == "scool" and at_once[0] > 0
    assert browser.execute_script(place) == at_once


def test_a_whole_translation_game_and_hangman(browser, server):
    create_welsh(browser, server)
    import_pairs(server, [{"wordone": one, "wordtwo": two} for one, two in [
        ("dog", "ci"), ("cat", "cath"), ("house", "tŷ"), ("water", "dŵr"), ("bread", "bara"), ("milk", "llaeth"),
        ("big", "mawr"), ("small", "bach"), ("run", "rhedeg"), ("eat", "bwyta"), ("drink", "yfed")]])
    answers = {"dog": "ci", "cat": "cath", "house": "tŷ", "water": "dŵr", "bread": "bara", "milk": "llaeth",
               "big": "mawr", "small": "bach", "run": "rhedeg", "eat": "bwyta", "drink": "yfed"}
    browser.get(server.base + "/phrasebook/games?book=Cymraeg")
    browser.find_element(By.ID, "start-translation").click()
    asked = []
    for number in range(10):
        question = wait_for(browser, lambda d: d.find_element(By.ID, "question").text or None)
        asked.append(question)
        assert f"Question {number + 1} of 10" in browser.find_element(By.ID, "progress").text
        choices = browser.find_elements(By.CSS_SELECTOR, "#choices button")
        assert len(choices) == 4
        wanted = answers[question] if number < 8 else next(c.text for c in choices if c.text != answers[question])
        next(c for c in choices if c.text == wanted).click()
        wait_for(browser, lambda d: d.find_element(By.ID, "next-question").is_displayed())
        browser.find_element(By.ID, "next-question").click()
    assert len(set(asked)) == 10, "no question twice with ten pairs or more"
    result = wait_for(browser, lambda d: d.find_element(By.ID, "translation-result") if d.find_element(By.ID, "translation-result").is_displayed() else None)
    assert "Score: 8 of 10" in result.text and len(result.find_elements(By.CSS_SELECTOR, "ul.mistakes li")) == 2

    other = server.base + "/api/phrasebook/pairs"
    for entry in json.loads(urllib.request.urlopen(other).read())["pairs"]:
        if entry["pair"]["wordTwo"] != "dŵr":
            urllib.request.urlopen(urllib.request.Request(
                f"{other}/{entry['pair']['id']}", method="DELETE", headers={"Origin": server.base}))
    browser.refresh()
    browser.find_element(By.ID, "start-hangman").click()
    word = wait_for(browser, lambda d: d.find_element(By.ID, "hidden-word").text or None)
    assert word == "_ _ _" and browser.find_element(By.ID, "clue").text == "water"
    keys = {b.text: b for b in browser.find_elements(By.CSS_SELECTOR, "#letters button")}
    assert "ŵ" in keys, "Welsh accented letters on the keyboard"
    keys["z"].click()
    wait_for(browser, lambda d: "6 lives left" in d.find_element(By.ID, "lives").text)
    assert browser.find_element(By.ID, "gallows").text.strip() != ""
    browser.find_element(By.XPATH, "//div[@id='letters']/button[text()='w']").click()
    wait_for(browser, lambda d: letter_is_used(d, "w"))
    for letter in ["d", "R"]:  # the physical keyboard plays too, either case
        browser.find_element(By.TAG_NAME, "body").send_keys(letter)
        wait_for(browser, lambda d: letter_is_used(d, letter.lower()))
    assert "You won: dŵr" in browser.find_element(By.ID, "hangman-result").text


class SlowHandler:
    """Serves /words.json at once and /slow.json one byte every 50 ms (so it can be cancelled)."""

    @staticmethod
    def serve(body):
        import http.server
        import threading
        import time

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    if self.path.startswith("/slow"):
                        for byte in body:
                            self.wfile.write(bytes([byte]))
                            self.wfile.flush()
                            time.sleep(0.05)
                    else:
                        self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args):
                pass

        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        return httpd


def test_import_from_a_url_with_progress_and_cancel_then_from_a_file(browser, server, tmp_path):
    create_welsh(browser, server)
    body = json.dumps([{"wordone": "water", "wordtwo": "dŵr"}, {"wordone": "", "wordtwo": "gwag"}]).encode()
    httpd = SlowHandler.serve(body)
    try:
        base = f"http://127.0.0.1:{httpd.server_address[1]}"
        browser.get(server.base + "/phrasebook/import?book=Cymraeg")
        url = browser.find_element(By.CSS_SELECTOR, "#url-import input[name=url]")
        url.send_keys(base + "/words.json")
        browser.find_element(By.CSS_SELECTOR, "#url-import button[type=submit]").click()
        error = browser.find_element(By.ID, "import-error")
        wait_for(browser, lambda d: error.is_displayed() and "refused unless you allow the host" in error.text)
        # The test site is on loopback: the user allows it on the same page.
        browser.find_element(By.CSS_SELECTOR, "#allowed-hosts input[name=host]").send_keys("127.0.0.1")
        browser.find_element(By.CSS_SELECTOR, "#allowed-hosts button[type=submit]").click()
        wait_for(browser, lambda d: d.find_element(By.ID, "allowed-list").text.startswith("127.0.0.1"))
        assert json.loads(urllib.request.urlopen(server.base + "/api/phrasebook/settings").read()) == {
            "allowedHosts": ["127.0.0.1"], "newCardsPerDay": 20}
        browser.find_element(By.CSS_SELECTOR, "#url-import button[type=submit]").click()
        report = wait_for(browser, lambda d: d.find_element(By.ID, "report") if d.find_element(By.ID, "report").is_displayed() else None)
        assert "1 added" in report.text and "Row 2: wordone is blank" in report.text
        url.clear()
        url.send_keys(base + "/slow.json")
        browser.find_element(By.CSS_SELECTOR, "#url-import button[type=submit]").click()
        wait_for(browser, lambda d: d.find_element(By.ID, "url-cancel").is_displayed())
        wait_for(browser, lambda d: d.execute_script("return document.getElementById('url-progress').value > 0"))
        browser.find_element(By.ID, "url-cancel").click()
        error = browser.find_element(By.ID, "import-error")
        wait_for(browser, lambda d: error.is_displayed() and "Cancelled" in error.text)
    finally:
        httpd.shutdown()
        httpd.server_close()
    csv_file = tmp_path / "words.csv"
    csv_file.write_text("wordone,wordtwo,tags\ncat,cath,animals\nnow,,\n", encoding="utf-8")
    browser.find_element(By.CSS_SELECTOR, "#file-import input[type=file]").send_keys(str(csv_file))
    browser.find_element(By.CSS_SELECTOR, "#file-import button[type=submit]").click()
    wait_for(browser, lambda d: "cat – cath" in d.find_element(By.ID, "report").text)
    assert "Row 3: wordtwo is blank" in browser.find_element(By.ID, "report").text
    pairs = json.loads(urllib.request.urlopen(server.base + "/api/phrasebook/pairs").read())
    assert sorted(p["pair"]["wordOne"] for p in pairs["pairs"]) == ["cat", "water"], "the cancelled import wrote nothing"
    href = browser.find_element(By.ID, "export-csv").get_attribute("href")
    assert "cat,cath" in urllib.request.urlopen(href).read().decode()
    browser.find_element(By.CSS_SELECTOR, "#allowed-list button[data-host='127.0.0.1']").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "allowed-list").text == "")
    assert json.loads(urllib.request.urlopen(server.base + "/api/phrasebook/settings").read()) == {"allowedHosts": [], "newCardsPerDay": 20}


def test_word_link_detail_image_and_delete_on_a_phone(browser, server, tmp_path):
    import base64

    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True})
    create_welsh(browser, server)
    import_pairs(server, [
        {"wordone": "now", "wordtwo": "rŵan", "area": "North", "note": "informal", "type": "adverb",
         "imagecredit": "A. Artist", "imagelicense": "CC BY 4.0", "tags": ["time"]},
        {"wordone": "now", "wordtwo": "nawr", "area": "South", "context": "at this moment"},
    ])
    browser.refresh()
    assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scrolling"
    link = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#pairs a.word"))
    link.click()
    links = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#links li"))
    assert [l.text for l in links] == ["nawr (at this moment) · South", "rŵan North · informal"]
    links[1].find_element(By.TAG_NAME, "button").click()
    detail = browser.find_element(By.ID, "detail")
    wait_for(browser, lambda d: detail.is_displayed())
    assert "adverb" in detail.text and "informal" in detail.text and "time" in detail.text
    png = tmp_path / "dwr.png"
    png.write_bytes(base64.b64decode(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="))
    browser.find_element(By.ID, "upload").send_keys(str(png))
    image = browser.find_element(By.ID, "image")
    wait_for(browser, lambda d: (image.get_attribute("src") or "").startswith(server.base + "/api/phrasebook/media/")
             and d.execute_script("return arguments[0].complete && arguments[0].naturalWidth === 1", image))
    assert browser.find_element(By.ID, "credit").text == "A. Artist · CC BY 4.0"
    bad = tmp_path / "not.png"
    bad.write_text("hello")
    browser.find_element(By.ID, "upload").send_keys(str(bad))
    error = browser.find_element(By.ID, "detail-error")
    wait_for(browser, lambda d: error.is_displayed() and "PNG, JPEG, GIF or WebP" in error.text)
    browser.find_element(By.ID, "delete").click()
    browser.switch_to.alert.dismiss()
    assert len(json.loads(urllib.request.urlopen(server.base + "/api/phrasebook/pairs").read())["pairs"]) == 2
    browser.find_element(By.ID, "delete").click()
    browser.switch_to.alert.accept()
    wait_for(browser, lambda d: d.find_elements(By.ID, "pair-form"))
    remaining = json.loads(urllib.request.urlopen(server.base + "/api/phrasebook/pairs").read())["pairs"]
    assert [p["pair"]["wordTwo"] for p in remaining] == ["nawr"]


def test_the_letter_index_jumps_through_a_long_welsh_list(browser, server):
    post_json(server, "/api/phrasebook/books", {"name": "Geiriau", "languages": "cy:Welsh,en:English"})
    words = [f"{start}{n:03d}" for start in ["ab", "ch", "dd", "ll", "lo", "rh", "y"] for n in range(60)]
    import_pairs(server, [{"wordone": word, "wordtwo": word.upper()} for word in words], book="Geiriau")
    browser.get(server.base + "/phrasebook?book=Geiriau")
    index = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#letter-index button"))
    assert [b.text for b in index][:5] == ["A", "B", "C", "CH", "D"]
    next(b for b in index if b.text == "LL").click()
    first_word = "return document.querySelector('#pairs a.word')?.textContent"
    wait_for(browser, lambda d: d.execute_script(first_word) == "ll000")
    next(b for b in index if b.text == "L").click()
    wait_for(browser, lambda d: d.execute_script(first_word) == "lo000")
    wait_for(browser, lambda d: d.execute_script(LIST_COMPLETE))
    shown = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#pairs a.word")]
    assert shown[59:61] == ["lo059", "ll000"], "in Welsh, l comes before ll"


# The list is busy while rows below the fold are still being added.
LIST_COMPLETE = "return !document.getElementById('pairs').hasAttribute('aria-busy')"


def test_a_search_draws_a_screenful_in_its_frame_then_the_rest_and_more_keeps_the_place(browser, server):
    post_json(server, "/api/phrasebook/books", {"name": "Tai", "languages": "cy:Welsh,en:English"})
    import_pairs(server, [{"wordone": f"tŷ{n:03d}", "wordtwo": f"house {n}"} for n in range(130)], book="Tai")
    for width, height in ((1280, 900), (360, 740)):
        browser.set_window_size(width, height)
        browser.get(server.base + "/phrasebook?book=Tai")
        wait_for(browser, lambda d: d.execute_script(LIST_COMPLETE) and d.find_elements(By.CSS_SELECTOR, "#pairs a.word"))
        # The list as the search's answer first puts it in the page, before the next frame.
        first = browser.execute_async_script("""
            const done = arguments[0];
            const list = document.getElementById("pairs"), search = document.getElementById("search");
            new MutationObserver((changes, observer) => {
              if (list.dataset.query !== "ty") return;
              observer.disconnect();
              done({drawn: list.children.length, busy: list.getAttribute("aria-busy"),
                    bottom: list.lastElementChild.getBoundingClientRect().bottom, screen: innerHeight});
            }).observe(list, { attributes: true, attributeFilter: ["data-query"] });
            search.value = "ty"; search.dispatchEvent(new Event("input"));
        """)
        assert first["busy"] == "true" and first["drawn"] < 50, first
        assert first["bottom"] >= first["screen"], f"the rows drawn first fill the screen: {first}"
        wait_for(browser, lambda d: d.execute_script(LIST_COMPLETE))
        words = [a.get_attribute("textContent") for a in browser.find_elements(By.CSS_SELECTOR, "#pairs a.word")]
        assert words == [f"tŷ{n:03d}" for n in range(50)], "every row of the page, in order, once"
    more = browser.find_element(By.ID, "more")
    browser.execute_script("arguments[0].scrollIntoView({block: 'end'})", more)
    place = browser.execute_script("return scrollY")
    # Every count of rows the list goes through while the next page comes in.
    browser.execute_script("""
        const list = document.getElementById("pairs");
        window.rowCounts = [];
        new MutationObserver(() => rowCounts.push(list.children.length)).observe(list, { childList: true });
    """)
    more.click()
    wait_for(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#pairs a.word")) == 100)
    assert browser.execute_script(LIST_COMPLETE)
    assert min(browser.execute_script("return rowCounts")) >= 50, "the next page comes whole: no row shown leaves"
    assert browser.execute_script("return document.querySelectorAll('#pairs li.on-screen').length") == 0, \
        "a list grown by a page leaves its rows below the screen to be laid out when scrolled to"
    assert browser.execute_script("return scrollY") >= place, "the reader stays where they were"


# Holds the server's answers to searches until `releaseSearches()`, counting them, so a test sees
# what the page draws before they come.
HOLD_SEARCHES = """
    window.searchesAsked = 0;
    let release;
    const released = new Promise((resolve) => { release = resolve; });
    window.releaseSearches = release;
    const fetchNow = window.fetch;
    window.fetch = async (path, options) => {
      if (String(path).startsWith("/api/phrasebook/pairs?") && String(path).includes("&q=")) {
        searchesAsked += 1;
        await released;
      }
      return fetchNow(path, options);
    };
"""


def ahead_of(browser, query):
    """Waits until the page has drawn everything and read the search ahead of `query`."""
    wait_for(browser, lambda d: d.execute_script(
        "const list = document.getElementById('pairs');"
        "return !list.hasAttribute('aria-busy') && list.dataset.ahead === arguments[0]", query))


def test_a_key_typed_after_a_pause_shows_its_results_before_the_server_answers(browser, server):
    post_json(server, "/api/phrasebook/books", {"name": "Anifeiliaid", "languages": "cy:Welsh,en:English"})
    words = [("cath", "cat"), ("ci", "dog"), ("cwm", "valley"), ("dŵr", "water")]
    import_pairs(server, [{"wordone": one, "wordtwo": two} for one, two in words]
                 + [{"wordone": f"ceffyl{n:02d}", "wordtwo": f"horse {n}"} for n in range(40)], book="Anifeiliaid")
    browser.set_window_size(360, 740)
    browser.get(server.base + "/phrasebook?book=Anifeiliaid")
    wait_for(browser, lambda d: d.execute_script(LIST_COMPLETE) and d.find_elements(By.CSS_SELECTOR, "#pairs a.word"))
    time.sleep(0.3)
    assert browser.execute_script("return document.getElementById('pairs').dataset.ahead") is None, \
        "no search ahead for a reader of the list"
    search = browser.find_element(By.ID, "search")
    search.click()  # about to type
    ahead_of(browser, "")
    browser.execute_script(HOLD_SEARCHES)
    browser.execute_script("""
        const list = document.getElementById("pairs");
        new MutationObserver((changes, observer) => {
          observer.disconnect();
          window.firstDrawn = {query: list.dataset.query, busy: list.getAttribute("aria-busy"), asked: searchesAsked,
                               count: document.getElementById("count").textContent,
                               words: [...list.querySelectorAll("a.word")].map((word) => word.textContent)};
        }).observe(list, { attributes: true, attributeFilter: ["data-query"] });
    """)
    search.send_keys("C")  # either case: the search ignores it
    drawn = browser.execute_script("return firstDrawn")
    # Drawn within the key's input event, before the server is asked; it is asked once they are painted.
    assert drawn["query"] == "C" and drawn["busy"] == "true" and drawn["asked"] == 0, drawn
    assert drawn["count"] == "43 pairs", drawn
    assert drawn["words"][:3] == ["cath", "ceffyl00", "ceffyl01"] and 10 <= len(drawn["words"]) < 43, drawn
    wait_for(browser, lambda d: d.execute_script("return searchesAsked") == 1)
    browser.execute_script("releaseSearches()")
    ahead_of(browser, "C")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#pairs a.word")) == 43

    # Another device adds a pair the search ahead has not seen: its rows are shown at once, then
    # the server's answer puts the new pair in.
    post_json(server, "/api/phrasebook/pairs?book=Anifeiliaid", {"wordOne": "cwch", "wordTwo": "boat"})
    browser.execute_script(HOLD_SEARCHES)
    search.send_keys("w")
    foreseen = browser.execute_script(
        "return [...document.querySelectorAll('#pairs a.word')].map((word) => word.textContent)")
    assert foreseen == ["cwm"], foreseen
    browser.execute_script("releaseSearches()")
    ahead_of(browser, "Cw")
    assert [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#pairs a.word")] == ["cwch", "cwm"]
    assert browser.find_element(By.ID, "count").text == "2 pairs"

    # A key no word goes on with, and a pasted search, are asked of the server.
    browser.execute_script(HOLD_SEARCHES)
    search.send_keys("z")
    assert browser.execute_script("return document.getElementById('pairs').dataset.query") == "Cw"
    browser.execute_script("releaseSearches()")
    wait_for(browser, lambda d: d.find_element(By.ID, "count").text == "0 pairs")

    # A pair saved here is found by the next key at once: the search ahead is read again ("ci" is
    # "dog").
    search.send_keys(Keys.BACKSPACE * 3)
    ahead_of(browser, "")
    add_pair(browser, "dafad", "sheep")
    time.sleep(0.3)
    assert browser.execute_script("return document.getElementById('pairs').dataset.ahead") is None, \
        "none while adding pairs with the form"
    search.click()
    ahead_of(browser, "")
    browser.execute_script(HOLD_SEARCHES)
    search.send_keys("d")
    shown = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#pairs a.word")]
    assert shown == ["ci", "dafad", "dŵr"], (shown, browser.execute_script("return [document.getElementById('pairs').dataset.query, searchesAsked]"))
    browser.execute_script("releaseSearches()")
    ahead_of(browser, "d")

    # A search ahead still on its way when a key comes is cancelled: on a slow link it would hold
    # up that key's own answer.
    browser.execute_script("""
        window.aheadSignals = [];
        const fetchBefore = window.fetch;
        window.fetch = (path, options) => {
          if (!String(path).startsWith("/api/phrasebook/search-ahead?")) return fetchBefore(path, options);
          aheadSignals.push(options.signal);
          return new Promise((resolve, reject) => options.signal.addEventListener(
            "abort", () => reject(new DOMException("cancelled", "AbortError"))));
        };
    """)
    search.send_keys("a")
    wait_for(browser, lambda d: d.execute_script("return aheadSignals.length") == 1)
    assert not browser.execute_script("return aheadSignals[0].aborted")
    search.send_keys("f")
    assert browser.execute_script("return aheadSignals[0].aborted")
    wait_for(browser, lambda d: d.find_element(By.ID, "count").text == "1 pair")


PAYLOAD = '<img src=x onerror="document.title=\'pwned\'"><script>document.title="pwned"</script>'


def test_payloads_in_every_text_field_render_as_text_on_every_screen(browser, server):
    create_welsh(browser, server)
    fields = {name: f"{name} {PAYLOAD}" for name in ["wordone", "wordtwo", "type", "context", "note",
                                                      "imagecredit", "imagelicense"]}
    import_pairs(server, [dict(fields, tags=[f"tag {PAYLOAD}"])] + [
        {"wordone": w, "wordtwo": w.upper()} for w in ["a1", "b2", "c3"]])
    word = fields["wordone"]
    pages = ["/phrasebook", "/phrasebook/tagged", f"/phrasebook/word?w={urllib.parse.quote(word)}"]
    for page in pages:
        browser.get(server.base + page + ("&" if "?" in page else "?") + "book=Cymraeg")
        wait_for(browser, lambda d: PAYLOAD in d.find_element(By.TAG_NAME, "main").text)
        assert browser.title != "pwned" and not browser.find_elements(By.CSS_SELECTOR, "main img[src=x], main script:not([src]):not([type])")
    browser.find_element(By.CSS_SELECTOR, "#links button").click()
    wait_for(browser, lambda d: f"note {PAYLOAD}" in d.find_element(By.ID, "detail").text)
    browser.get(server.base + "/phrasebook/revision?book=Cymraeg")
    browser.find_element(By.CSS_SELECTOR, "#revision-options button[type=submit]").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "card").is_displayed())
    for _ in range(8):
        wait_for(browser, lambda d: d.find_element(By.ID, "show").is_displayed())
        browser.find_element(By.ID, "show").click()
        if PAYLOAD in browser.find_element(By.ID, "card").text:
            break
        browser.find_element(By.CSS_SELECTOR, "#ratings button[data-rating=good]").click()
        wait_for(browser, lambda d: d.find_element(By.ID, "next").is_displayed())  # once the rating is saved
        browser.find_element(By.ID, "next").click()
    assert PAYLOAD in browser.find_element(By.ID, "card").text and browser.title != "pwned"


def test_hangman_lost_and_a_broken_url_and_export_import_round_trip(browser, server, tmp_path):
    create_welsh(browser, server)
    import_pairs(server, [{"wordone": "water", "wordtwo": "dŵr", "tags": ["nature"]}])
    browser.get(server.base + "/phrasebook/games?book=Cymraeg")
    browser.find_element(By.ID, "start-hangman").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "hidden-word").text == "_ _ _")
    for letter in "abcefg":
        browser.find_element(By.XPATH, f"//div[@id='letters']/button[text()='{letter}']").click()
        wait_for(browser, lambda d: letter_is_used(d, letter))
    browser.find_element(By.XPATH, "//div[@id='letters']/button[text()='h']").click()
    wait_for(browser, lambda d: "You lost" in d.find_element(By.ID, "hangman-result").text)
    assert "The word was dŵr" in browser.find_element(By.ID, "hangman-result").text
    assert browser.find_element(By.ID, "hidden-word").text == "d ŵ r", "the word is revealed"
    assert all(not b.is_enabled() for b in browser.find_elements(By.CSS_SELECTOR, "#letters button"))

    browser.get(server.base + "/phrasebook/import?book=Cymraeg")
    url = browser.find_element(By.CSS_SELECTOR, "#url-import input[name=url]")
    url.send_keys("http://127.0.0.1:9/words.json")
    browser.find_element(By.CSS_SELECTOR, "#url-import button[type=submit]").click()
    error = browser.find_element(By.ID, "import-error")
    wait_for(browser, lambda d: error.is_displayed() and "127.0.0.1 is a loopback address" in error.text)

    exported = urllib.request.urlopen(browser.find_element(By.ID, "export-json").get_attribute("href")).read()
    post_json(server, "/api/phrasebook/books", {"name": "Copy", "languages": "en:English,cy:Welsh"})
    copy = tmp_path / "Cymraeg.json"
    copy.write_bytes(exported)
    browser.get(server.base + "/phrasebook/import?book=Copy")
    browser.find_element(By.CSS_SELECTOR, "#file-import input[type=file]").send_keys(str(copy))
    browser.find_element(By.CSS_SELECTOR, "#file-import button[type=submit]").click()
    wait_for(browser, lambda d: "1 added" in d.find_element(By.ID, "report").text)
    pairs = json.loads(urllib.request.urlopen(server.base + "/api/phrasebook/pairs?book=Copy").read())["pairs"]
    assert [(p["pair"]["wordTwo"], p["tags"]) for p in pairs] == [("dŵr", ["nature"])]


def test_a_360px_screenshot_of_every_screen(browser, server):
    from conftest import ARTIFACTS

    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True})
    browser.get(server.base + "/phrasebook")
    ARTIFACTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "phrasebook-360-new.png"))
    create_welsh(browser, server)
    import_pairs(server, [{"wordone": w, "wordtwo": t, "tags": ["t"]} for w, t in
                          [("dog", "ci"), ("cat", "cath"), ("house", "tŷ"), ("water", "dŵr")]])
    for name in ["", "/tagged", "/revision", "/games", "/import", "/word?w=dog"]:
        browser.get(f"{server.base}/phrasebook{name}{'&' if '?' in name else '?'}book=Cymraeg")
        wait_for(browser, lambda d: d.execute_script("return document.readyState") == "complete")
        assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), name
        browser.save_screenshot(str(ARTIFACTS / f"phrasebook-360{name.split('?')[0].replace('/', '-') or '-list'}.png"))
