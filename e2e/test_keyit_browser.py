"""Key It in real headless Chromium against the freshly built server: the workflows a new user
goes through, on a desktop and a 360 px phone."""
import json
import time
import urllib.request

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from usfm_grammar import USFMParser

from conftest import FIXTURES, wait_for


def create_bible(browser, server, name="Good News", versification=None):
    browser.get(server.base + "/keyit")
    assert browser.current_url.endswith("/keyit/setup")
    form = browser.find_element(By.ID, "new-bible-form")
    form.find_element(By.NAME, "name").send_keys(name)
    if versification:
        form.find_element(By.CSS_SELECTOR, f"input[name=versification][value={versification}]").click()
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for(browser, lambda d: d.current_url.endswith("/books"))


def open_chapter(browser, server, code, number):
    browser.get(f"{server.base}/keyit/books/{code}/{number}")
    wait_for(browser, lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))


def row(browser, kind, verse=None, nth=0):
    """The nth item row of a type (and verse label) on the edit screen."""
    rows = browser.find_elements(By.CSS_SELECTOR, f"#items li.type-{kind}")
    if verse is not None:
        rows = [r for r in rows if r.find_element(By.CSS_SELECTOR, ".label").text.startswith(f"Verse {verse}")
                or r.find_element(By.CSS_SELECTOR, ".label").text.startswith(f"Verses {verse}–")]
    return rows[nth]


def field(browser, kind, verse=None):
    return row(browser, kind, verse).find_element(By.TAG_NAME, "textarea")


def wait_saved(browser):
    wait_for(browser, lambda d: d.find_element(By.ID, "save-status").text == "Saved")


def type_into(browser, kind, verse, text):
    box = field(browser, kind, verse)
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(text)
    wait_for(browser, lambda d: d.find_element(By.ID, "save-status").text == "Saved", timeout=10)


def actions_of(browser, item_row):
    label = item_row.find_element(By.CSS_SELECTOR, ".label")
    # Clear of the sticky header, as a user would scroll it.
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", label)
    label.click()
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#popover button[data-action]"))
    ids = [b.get_attribute("data-action") for b in browser.find_elements(By.CSS_SELECTOR, "#popover button[data-action]")]
    return ids


def act(browser, item_row, action):
    actions_of(browser, item_row)
    count = len(browser.find_elements(By.CSS_SELECTOR, "#items li"))
    browser.find_element(By.CSS_SELECTOR, f"#popover button[data-action={action}]").click()
    return count


def answer_split(browser, position):
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#popover button[data-answer=split]"))
    copy = browser.find_element(By.CSS_SELECTOR, "#popover textarea")
    browser.execute_script("arguments[0].setSelectionRange(arguments[1], arguments[1])", copy, position)
    browser.find_element(By.CSS_SELECTOR, "#popover button[data-answer=split]").click()


def wait_items(browser, count):
    wait_for(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#items li")) == count)


def test_first_start_type_verses_and_they_survive_a_reload(browser, server):
    create_bible(browser, server)
    browser.find_element(By.CSS_SELECTOR, "a.book[data-code=RUT]").click()
    wait_for(browser, lambda d: d.current_url.endswith("/books/RUT"))
    assert len(browser.find_elements(By.CSS_SELECTOR, "a.chapter[data-status=empty]")) == 4
    browser.find_element(By.CSS_SELECTOR, "a.chapter[href$='/RUT/1']").click()
    wait_for(browser, lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    first = field(browser, "Verse", 1)
    first.send_keys("In the days when the judges judged, Naomi’s ŵ", Keys.ENTER)
    assert browser.switch_to.active_element == field(browser, "Verse", 2)
    browser.switch_to.active_element.send_keys("The name of the man was Elimelech", Keys.TAB)
    assert browser.switch_to.active_element == field(browser, "Verse", 3)
    wait_saved(browser)
    browser.refresh()
    wait_for(browser, lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    assert field(browser, "Verse", 1).get_attribute("value") == "In the days when the judges judged, Naomi’s ŵ"
    assert field(browser, "Verse", 2).get_attribute("value") == "The name of the man was Elimelech"
    browser.get(server.base + "/keyit/books/RUT")
    assert browser.find_element(By.CSS_SELECTOR, "a.chapter.current").get_attribute("data-status") == "started"


def test_resume_lands_on_the_last_item_unless_setup_is_wanted(browser, server):
    create_bible(browser, server)
    open_chapter(browser, server, "RUT", 2)
    type_into(browser, "Verse", 5, "Then Boaz said")
    open_chapter(browser, server, "RUT", 1)
    browser.get(server.base + "/keyit")
    wait_for(browser, lambda d: d.current_url.endswith("/books/RUT/1"))
    open_chapter(browser, server, "RUT", 2)
    browser.get(server.base + "/keyit")
    wait_for(browser, lambda d: d.current_url.endswith("/books/RUT/2"))
    wait_for(browser, lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    assert browser.switch_to.active_element == field(browser, "Verse", 5)
    browser.get(server.base + "/keyit/setup")
    browser.find_element(By.NAME, "goStraight").click()
    browser.find_element(By.ID, "go").click()
    wait_for(browser, lambda d: d.current_url.endswith("/books/RUT/2"))
    browser.get(server.base + "/keyit")
    assert browser.current_url.endswith("/keyit/setup")


def test_headings_and_paragraphs_make_valid_usfm(browser, server):
    create_bible(browser, server)
    open_chapter(browser, server, "RUT", 1)
    type_into(browser, "Verse", 6, "Then she arose with her daughters-in-law.")
    type_into(browser, "Verse", 9, "May Yahweh grant you rest. Then she kissed them.")
    count = act(browser, row(browser, "Verse", 6), "insertHeadingBefore")
    wait_items(browser, count + 1)
    assert browser.switch_to.active_element == field(browser, "Heading")
    browser.switch_to.active_element.send_keys("Naomi returns")
    wait_saved(browser)
    count = act(browser, row(browser, "Verse", 6), "insertParagraphBefore")
    wait_items(browser, count + 1)
    count = act(browser, row(browser, "Verse", 9), "insertParagraphIn")
    answer_split(browser, len("May Yahweh grant you rest. "))
    wait_items(browser, count + 2)
    assert field(browser, "Verse", 9).get_attribute("value") == "May Yahweh grant you rest."
    assert field(browser, "VerseCont").get_attribute("value") == "Then she kissed them."
    assert row(browser, "VerseCont").find_element(By.CSS_SELECTOR, ".label").text.startswith("Verse 9 (continued)")
    usfm = server.get("/api/keyit/bibles/1/export?book=RUT&chapter=1").decode()
    assert "\\s1 Naomi returns\n\\p\n\\v 6 Then she arose" in usfm
    assert "\\v 9 May Yahweh grant you rest.\n\\p Then she kissed them.\n" in usfm
    assert USFMParser(usfm).errors == []


def test_bridge_and_unbridge(browser, server):
    create_bible(browser, server)
    open_chapter(browser, server, "RUT", 1)
    type_into(browser, "Verse", 3, "Elimelech died;")
    type_into(browser, "Verse", 4, "they took wives.")
    count = act(browser, row(browser, "Verse", 3), "bridgeNext")
    wait_items(browser, count - 1)
    bridge = row(browser, "Verse", 3)
    assert bridge.find_element(By.CSS_SELECTOR, ".label").text.startswith("Verses 3–4")
    assert bridge.find_element(By.TAG_NAME, "textarea").get_attribute("value") == "Elimelech died; they took wives."
    assert "insertParagraphIn" not in actions_of(browser, bridge)
    browser.find_element(By.CSS_SELECTOR, "#popover button[data-action=unbridge]").click()
    wait_items(browser, count)
    assert field(browser, "Verse", 4).get_attribute("value") == "they took wives."
    assert field(browser, "Verse", 3).get_attribute("value") == "Elimelech died;"


def test_unbridging_edited_text_asks_where_the_verse_starts(browser, server):
    create_bible(browser, server)
    open_chapter(browser, server, "RUT", 1)
    type_into(browser, "Verse", 3, "three")
    count = act(browser, row(browser, "Verse", 3), "bridgeNext")
    wait_items(browser, count - 1)
    type_into(browser, "Verse", 3, "three and four")
    act(browser, row(browser, "Verse", 3), "unbridge")
    answer_split(browser, len("three and "))
    wait_items(browser, count)
    assert field(browser, "Verse", 3).get_attribute("value") == "three and"
    assert field(browser, "Verse", 4).get_attribute("value") == "four"


def test_only_allowed_actions_appear(browser, server):
    create_bible(browser, server)
    open_chapter(browser, server, "RUT", 1)
    first = actions_of(browser, row(browser, "Verse", 1))
    assert "insertTitle" in first and "delete" not in first
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    second = actions_of(browser, row(browser, "Verse", 2))
    assert "insertTitle" not in second and "delete" not in second
    browser.find_element(By.CSS_SELECTOR, "#popover button[data-action=insertHeadingBefore]").click()
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#items li.type-Heading"))
    heading = actions_of(browser, row(browser, "Heading"))
    assert set(heading) == {"insertParallelRef", "insertParagraphBefore", "delete"}


def test_downloaded_usfm_equals_the_command_line_export(browser, server):
    create_bible(browser, server)
    open_chapter(browser, server, "RUT", 2)
    type_into(browser, "Verse", 1, "Naomi had a relative")
    browser.get(server.base + "/keyit/export?book=RUT")
    wait_for(browser, lambda d: "download=1" in d.find_element(By.ID, "download").get_attribute("href"))
    browser.find_element(By.ID, "preview").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "usfm-preview").is_displayed())
    href = browser.find_element(By.ID, "download").get_attribute("href")
    with urllib.request.urlopen(href) as response:
        downloaded = response.read().decode()
        assert "08RUTGoodNews.usfm" in response.headers["Content-Disposition"]
    assert downloaded == server.cli.run("export", "RUT").stdout
    assert browser.find_element(By.ID, "usfm-preview").text.startswith("\\id RUT Good News")


def test_usx_is_a_choice_beside_usfm_and_downloads_what_the_command_line_writes(browser, server):
    create_bible(browser, server)
    open_chapter(browser, server, "RUT", 1)
    type_into(browser, "Verse", 1, "Tom & Jerry <3")
    browser.get(server.base + "/keyit/export?book=RUT&chapter=1")
    browser.find_element(By.CSS_SELECTOR, "input[name=format][value=usx]").click()
    wait_for(browser, lambda d: "format=usx" in d.find_element(By.ID, "download").get_attribute("href"))
    assert browser.find_element(By.ID, "download").text == "Download .usx"
    browser.find_element(By.ID, "preview").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "usfm-preview").text.startswith("<?xml"))
    with urllib.request.urlopen(browser.find_element(By.ID, "download").get_attribute("href")) as response:
        downloaded = response.read().decode()
        assert "08RUTGoodNews-1.usx" in response.headers["Content-Disposition"]
    assert downloaded == server.cli.run("export", "RUT", "1", "--format", "usx").stdout
    assert "Tom &amp; Jerry &lt;3" in downloaded


def test_phone_sized_screens_fit_and_the_grid_has_five_columns(browser, server):
    create_bible(browser, server)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True})
    for path in ("/keyit/setup", "/keyit/books", "/keyit/books/PSA", "/keyit/export"):
        browser.get(server.base + path)
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 360, path
    open_chapter(browser, server, "PSA", 119)
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 360
    browser.get(server.base + "/keyit/books/PSA")
    assert "Psalm" in browser.find_element(By.TAG_NAME, "h1").text
    lefts = [c.rect["x"] for c in browser.find_elements(By.CSS_SELECTOR, "a.chapter")[:11]]
    assert lefts[5] == lefts[0] and len(set(lefts[:5])) == 5
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    browser.refresh()
    lefts = [c.rect["x"] for c in browser.find_elements(By.CSS_SELECTOR, "a.chapter")[:11]]
    assert lefts[10] == lefts[0] and len(set(lefts[:10])) == 10


def test_markup_in_text_is_shown_as_text_and_never_runs(browser, server):
    create_bible(browser, server, name="<b>x</b>")
    open_chapter(browser, server, "RUT", 1)
    hostile = "<script>alert(1)</script> \"><img src=x onerror=alert(1)>"
    type_into(browser, "Verse", 1, hostile)
    count = act(browser, row(browser, "Verse", 2), "insertHeadingBefore")
    wait_items(browser, count + 1)
    browser.switch_to.active_element.send_keys("</textarea><img src=x onerror=alert(2)>")
    wait_saved(browser)
    for path in ("/keyit/books/RUT/1", "/keyit/books", "/keyit/setup"):
        browser.get(server.base + path)
        time.sleep(0.3)
        try:
            browser.switch_to.alert
            raise AssertionError(f"an alert ran on {path}")
        except NoAlertPresentException:
            pass
        assert browser.execute_script("return document.querySelectorAll('img').length") == 0
    browser.get(server.base + "/keyit/books/RUT/1")
    wait_for(browser, lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    assert field(browser, "Verse", 1).get_attribute("value") == hostile
    browser.get(server.base + "/keyit/books")
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("<b>x</b>")


def test_autosave_survives_the_server_going_away(browser, server):
    create_bible(browser, server)
    open_chapter(browser, server, "RUT", 1)
    server.stop()
    box = field(browser, "Verse", 7)
    box.send_keys("typed while the server was down")
    wait_for(browser, lambda d: d.find_element(By.ID, "save-status").text.startswith("Not saved"), timeout=10)
    assert box.get_attribute("value") == "typed while the server was down"
    server.start()
    wait_saved(browser)
    chapter = server.get_json("/api/keyit/bibles/1/books/RUT/chapters/1")
    assert chapter["items"][6]["text"] == "typed while the server was down"


def test_import_reports_what_it_did_or_why_not(browser, server, tmp_path):
    create_bible(browser, server)
    browser.get(server.base + "/keyit/export")
    browser.find_element(By.ID, "import-files").send_keys(str(FIXTURES / "94-3JNeng-web.usfm"))
    browser.find_element(By.CSS_SELECTOR, "#import-form button[type=submit]").click()
    wait_for(browser, lambda d: "3JN" in d.find_element(By.ID, "import-report").text)
    assert "14 verses with text" in browser.find_element(By.ID, "import-report").text
    bad = tmp_path / "bad.usfm"
    bad.write_text("\\id XYZ\n", encoding="utf-8")
    browser.find_element(By.ID, "import-files").clear()
    browser.find_element(By.ID, "import-files").send_keys(str(bad))
    browser.find_element(By.CSS_SELECTOR, "#import-form button[type=submit]").click()
    wait_for(browser, lambda d: "Nothing was imported" in d.find_element(By.ID, "import-report").text)
    assert "bad.usfm:1:1: unknown book code" in browser.find_element(By.ID, "import-report").text


def test_a_bible_numbered_like_its_printed_page(browser, server):
    """A Bible made with the Original (Hebrew) numbering: Psalm 3's title is verse 1 and the
    psalm has 9 verses, as in a French Bible; the export numbers them so."""
    create_bible(browser, server, "Segond", versification="org")
    open_chapter(browser, server, "PSA", 3)
    labels = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#items li .label")]
    assert labels[0].startswith("Verse 1") and labels[-1].startswith("Verse 9") and len(labels) == 9
    type_into(browser, "Verse", 1, "Psaume de David. A l'occasion de sa fuite devant Absalom, son fils.")
    type_into(browser, "Verse", 9, "Le salut est auprès de l'Éternel.")
    # Verse 2 printed as two poetry lines: split it, and make the second line indented.
    type_into(browser, "Verse", 2, "Éternel, que mes ennemis sont nombreux! Quelle multitude se lève contre moi!")
    count = act(browser, row(browser, "Verse", 2), "insertParagraphIn")
    answer_split(browser, len("Éternel, que mes ennemis sont nombreux! "))
    wait_items(browser, count + 2)
    count = act(browser, row(browser, "ParaCont"), "stylePoetry2")
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "li.type-VerseCont.style-q2"))
    usfm = server.get("/api/keyit/bibles/1/export?book=PSA&chapter=3").decode()
    assert "\\v 1 Psaume de David." in usfm and "\\v 9 Le salut" in usfm and "\\d" not in usfm
    assert "\\v 2 Éternel, que mes ennemis sont nombreux!\n\\q2 Quelle multitude se lève contre moi!" in usfm
    assert USFMParser(usfm).errors == []


def test_renumbering_a_bible_moves_its_text_and_a_heading_goes_above_a_psalm_title(browser, server):
    """A Bible begun in Original numbering is renumbered as English Bibles print it: Psalm 3's
    verse 1 becomes its title and every verse moves down one; a heading printed above the title
    is then added from the title's menu, and the export puts it before \\d."""
    create_bible(browser, server, "Segond", versification="org")
    open_chapter(browser, server, "PSA", 3)
    type_into(browser, "Verse", 1, "Psaume de David.")
    type_into(browser, "Verse", 9, "Le salut est auprès de l'Éternel.")

    browser.get(server.base + "/keyit/setup")
    renumber = browser.find_element(By.ID, "versification-form")
    renumber.find_element(By.CSS_SELECTOR, "select[name=versification] option[value=eng]").click()
    renumber.find_element(By.ID, "renumber").click()
    notice = wait_for(browser, lambda d: d.find_elements(By.ID, "notice"))[0].text
    assert "numbered as in English" in notice and "PSA 3:1 → PSA 3:0" in notice and "PSA 3:9 → PSA 3:8" in notice

    open_chapter(browser, server, "PSA", 3)
    assert field(browser, "Ascription").get_attribute("value") == "Psaume de David."
    assert field(browser, "Verse", 8).get_attribute("value") == "Le salut est auprès de l'Éternel."
    count = act(browser, row(browser, "Ascription"), "insertHeadingAboveTitle")
    wait_items(browser, count + 1)
    kinds = [e.get_attribute("class").split()[1] for e in browser.find_elements(By.CSS_SELECTOR, "#items li")[:3]]
    assert kinds == ["type-Heading", "type-Ascription", "type-Verse"]
    type_into(browser, "Heading", None, "Prière du matin")
    usfm = server.get("/api/keyit/bibles/1/export?book=PSA&chapter=3").decode()
    assert "\\s1 Prière du matin\n\\d Psaume de David.\n" in usfm and "\\v 8 Le salut" in usfm
    assert USFMParser(usfm).errors == []


def send(server, method, path, body):
    """A JSON call as another device would make it."""
    request = urllib.request.Request(server.base + path, data=json.dumps(body).encode(), method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null")


def chapter_items(server):
    return server.get_json("/api/keyit/bibles/1/books/RUT/chapters/1")["items"]


def test_text_changed_on_another_device_is_never_overwritten_silently(browser, server):
    """Another device saves verse 1 while this page still holds an older text: this page's next
    save is refused, both texts are shown, and the one the user keeps is saved."""
    create_bible(browser, server)
    open_chapter(browser, server, "RUT", 1)
    type_into(browser, "Verse", 1, "In the days")
    verse = chapter_items(server)[0]
    send(server, "PUT", f"/api/keyit/bibles/1/items/{verse['id']}/text",
         {"text": "From the laptop", "revision": verse["revision"]})
    box = field(browser, "Verse", 1)
    box.send_keys(" when the judges judged")
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "li .conflict"), timeout=10)
    assert browser.find_element(By.CSS_SELECTOR, "li .conflict .theirs").text == "From the laptop"
    assert chapter_items(server)[0]["text"] == "From the laptop", "the refused save changed nothing"
    browser.find_element(By.CSS_SELECTOR, "li .conflict button[data-keep=mine]").click()
    wait_saved(browser)
    assert chapter_items(server)[0]["text"] == "In the days when the judges judged"


def test_text_for_a_verse_joined_elsewhere_can_go_into_the_bridge(browser, server):
    """Another tab bridges verses 3 and 4 while this page still shows verse 4: text typed there is
    not retried for ever; the page says where verse 4 went and adds the text to the bridge."""
    create_bible(browser, server)
    open_chapter(browser, server, "RUT", 1)
    type_into(browser, "Verse", 3, "Elimelech died")
    three = chapter_items(server)[2]
    send(server, "POST", f"/api/keyit/bibles/1/items/{three['id']}/actions/bridgeNext", {})
    field(browser, "Verse", 4).send_keys("and she was left")
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".conflict.moved"), timeout=10)
    notice = browser.find_element(By.CSS_SELECTOR, ".conflict.moved")
    assert "Verse 4 was joined into Verses 3–4" in notice.text
    notice.find_element(By.CSS_SELECTOR, "button[data-keep=add]").click()
    wait_saved(browser)
    assert chapter_items(server)[2]["text"] == "Elimelech died and she was left"


def test_unsaved_text_survives_the_tab_and_the_server_going_away(browser, server):
    """Typed while the server is gone, the tab then closed: the text is kept in the browser and
    saved when the chapter is opened again."""
    create_bible(browser, server)
    open_chapter(browser, server, "RUT", 1)
    server.stop()
    field(browser, "Verse", 2).send_keys("typed with no server")
    wait_for(browser, lambda d: d.find_element(By.ID, "save-status").text.startswith("Not saved"), timeout=10)
    browser.execute_script("window.onbeforeunload = null")
    browser.get("about:blank")
    server.start()
    open_chapter(browser, server, "RUT", 1)
    wait_saved(browser)
    assert chapter_items(server)[1]["text"] == "typed with no server"


def test_a_long_chapter_and_its_script_reach_a_phone_gzipped(browser, server):
    """Psalm 119's edit page (the chapter in it) and its scripts travel gzipped to Chromium, which
    inflates them (resource timing: bytes on the wire against bytes decoded)."""
    create_bible(browser, server)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True})
    open_chapter(browser, server, "PSA", 119)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#items li.type-Verse")) == 176
    page = browser.execute_script("""
        const e = performance.getEntriesByType('navigation')[0]; return [e.encodedBodySize, e.decodedBodySize];""")
    assert page[0] * 5 < page[1], page
    sizes = browser.execute_script("""
        return performance.getEntriesByType('resource').map(e => [e.name, e.encodedBodySize, e.decodedBodySize]);""")
    by_name = {name.split("?")[0]: (encoded, decoded) for name, encoded, decoded in sizes}
    script = next(v for k, v in by_name.items() if k.endswith("/static/keyit-edit.js"))
    assert script[0] * 2 < script[1], script
