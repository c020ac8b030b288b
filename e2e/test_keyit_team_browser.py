"""Key It for teams in two real browsers: a hub and two `serve` processes, each with its own data
folder and port. Device A creates a Bible and joins; device B joins by the Bible's id and gets it;
an edit on A reaches B while both are online; with the hub stopped both edit the same words of
one verse, and when it is back both show the same conflict; A resolves it and B sees it resolved."""
import subprocess
import time
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import BINARY, Server, chromium, free_port, wait_for
from test_keyit_browser import act, create_bible, field, open_chapter, row, wait_items


class Hub:
    """`scriptorium hub serve` on a fixed port, stopped and started again over the same data."""

    def __init__(self, data, postgres=None):
        self.data = str(data)
        self.store = ["--data", self.data] + (["--postgres", postgres] if postgres else [])
        self.port = free_port()
        self.address = f"http://127.0.0.1:{self.port}"
        self.process = None

    def invite(self, project, member):
        return subprocess.run([BINARY, "hub", "invite", project, "--member", member, *self.store],
                              capture_output=True, text=True, check=True).stdout.strip()

    def start(self):
        self.process = subprocess.Popen([BINARY, "hub", "serve", "--port", str(self.port), *self.store],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        while True:
            try:
                urllib.request.urlopen(self.address + "/healthz", timeout=1)
                return
            except OSError:
                assert time.time() < deadline and self.process.poll() is None, "the hub did not start"
                time.sleep(0.1)

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture
def team(tmp_path):
    hub = Hub(tmp_path / "hub")
    a = Server(tmp_path / "a", "--sync-interval", "1")
    b = Server(tmp_path / "b", "--sync-interval", "1")
    browsers = []
    try:
        a.start()
        b.start()
        browsers = [chromium(), chromium()]
        yield hub, a, b, browsers[0], browsers[1]
    finally:
        for browser in browsers:
            browser.quit()
        for process in (a, b, hub):
            process.stop()


def join(browser, server, hub, token, uid=None):
    browser.get(server.base + "/keyit/setup")
    form = browser.find_element(By.ID, "join-form")
    form.find_element(By.NAME, "hub").send_keys(hub.address)
    form.find_element(By.NAME, "token").send_keys(token)
    if uid:
        form.find_element(By.NAME, "bibleUID").send_keys(uid)
    form.find_element(By.ID, "join-team").click()
    wait_for(browser, lambda d: d.find_elements(By.ID, "team-hub"))
    assert browser.find_element(By.ID, "team-hub").text == hub.address
    assert token not in browser.page_source  # the token is never shown back


def status(browser):
    line = browser.find_element(By.ID, "team-status")
    return line.get_attribute("data-reachable"), line.get_attribute("data-conflicts"), line.get_attribute("data-unsent")


def verse_text(browser, server, code, chapter, verse):
    open_chapter(browser, server, code, chapter)
    return field(browser, "Verse", verse).get_attribute("value")


def type_verse(browser, verse, text):
    box = field(browser, "Verse", verse)
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(text)
    wait_for(browser, lambda d: d.find_element(By.ID, "save-status").text == "Saved")


def eventually_shows(browser, server, verse, text, timeout=20):
    """Opens the chapter again until the verse shows `text`."""
    deadline = time.time() + timeout
    while verse_text(browser, server, "RUT", 1, verse) != text:
        assert time.time() < deadline, f"verse {verse} never showed {text!r}"
        time.sleep(0.3)


def open_conflicts(browser, server):
    browser.get(f"{server.base}/keyit/bibles/1/conflicts?book=RUT")
    return browser.find_elements(By.CSS_SELECTOR, "li.conflict:not(.resolved)")


def share(hub, a, b, browser_a, browser_b):
    """A creates a Bible and both devices join its team (the hub started); returns its text id."""
    create_bible(browser_a, a, name="Ruth Team")
    browser_a.get(a.base + "/keyit/setup")
    uid = browser_a.find_element(By.ID, "bible-uid").text
    project = f"keyit:{uid}"
    token_a, token_b = hub.invite(project, "Ana"), hub.invite(project, "Ben")
    hub.start()
    join(browser_a, a, hub, token_a)
    join(browser_b, b, hub, token_b, uid=uid)
    return uid


def test_two_devices_share_a_bible_and_settle_a_conflict(team):
    hub, a, b, browser_a, browser_b = team
    uid = share(hub, a, b, browser_a, browser_b)
    assert browser_b.find_element(By.ID, "bible-uid").text == uid

    # Both online: A's edit reaches B's open chapter without anyone pressing anything.
    open_chapter(browser_b, b, "RUT", 1)
    open_chapter(browser_a, a, "RUT", 1)
    type_verse(browser_a, 2, "The name of the man was Elimelech")
    wait_for(browser_b, lambda d: field(d, "Verse", 2).get_attribute("value") == "The name of the man was Elimelech",
             timeout=20)
    wait_for(browser_a, lambda d: status(d)[0] == "true" and status(d)[2] == "0")
    assert "Hub reachable" in browser_a.find_element(By.ID, "team-status").text

    # The hub goes away: both say so, and both keep saving.
    hub.stop()
    open_chapter(browser_b, b, "RUT", 1)
    wait_for(browser_a, lambda d: status(d)[0] == "false", timeout=20)
    wait_for(browser_b, lambda d: status(d)[0] == "false", timeout=20)
    type_verse(browser_a, 2, "The name of the man was Elimelek")
    type_verse(browser_b, 2, "The name of the man was Abimelech")

    # Back online: the same conflict on both devices, badges where the verse is.
    hub.start()
    for browser, server in ((browser_a, a), (browser_b, b)):
        wait_for(browser, lambda d: (len(open_conflicts(d, server)) == 1) or time.sleep(0.3), timeout=30)
    ids = [open_conflicts(browser, server)[0].get_attribute("data-conflict")
           for browser, server in ((browser_a, a), (browser_b, b))]
    assert ids[0] == ids[1]
    conflict = browser_a.find_element(By.CSS_SELECTOR, "li.conflict")
    assert conflict.find_element(By.CSS_SELECTOR, ".side.base").text == "The name of the man was Elimelech"
    assert conflict.find_element(By.CSS_SELECTOR, ".side.mine mark").text == "Elimelek"
    assert conflict.find_element(By.CSS_SELECTOR, ".side.theirs mark").text == "Abimelech"
    wait_for(browser_a, lambda d: status(d)[1] == "1")
    # On a 360 px phone the conflict, the setup page's team section and the status line fit.
    browser_b.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True})
    for path in ("/keyit/bibles/1/conflicts?book=RUT", "/keyit/setup", "/keyit/bibles/1/books/RUT/1"):
        browser_b.get(b.base + path)
        assert browser_b.execute_script("return document.documentElement.scrollWidth") <= 360, path
    browser_b.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    browser_a.get(f"{a.base}/keyit/bibles/1/books/RUT")
    assert browser_a.find_elements(By.CSS_SELECTOR, "a.chapter .conflict-badge")
    open_chapter(browser_a, a, "RUT", 1)
    assert browser_a.find_elements(By.CSS_SELECTOR, "#items li.in-conflict .conflict-badge")

    # A writes a merge; B sees the conflict settled and the merged text.
    open_conflicts(browser_a, a)
    browser_a.find_element(By.CSS_SELECTOR, "li.conflict details.merge summary").click()
    merge = browser_a.find_element(By.CSS_SELECTOR, "li.conflict textarea.merge-text")
    assert merge.get_attribute("value") == "The name of the man was Elimelek"
    merge.clear()
    merge.send_keys("The name of the man was Elimelech (Abimelech)")
    browser_a.find_element(By.CSS_SELECTOR, "li.conflict button.save-merge").click()
    wait_for(browser_a, lambda d: d.find_elements(By.ID, "no-conflicts"))
    wait_for(browser_b, lambda d: (not open_conflicts(d, b)) or time.sleep(0.3), timeout=30)
    assert browser_b.find_elements(By.ID, "no-conflicts")
    assert browser_b.find_elements(By.CSS_SELECTOR, "li.conflict.resolved button.undo")
    eventually_shows(browser_b, b, 2, "The name of the man was Elimelech (Abimelech)")


def test_an_open_chapter_redraws_what_another_device_bridged_and_typing_goes_on(team):
    hub, a, b, browser_a, browser_b = team
    share(hub, a, b, browser_a, browser_b)
    open_chapter(browser_a, a, "RUT", 1)
    type_verse(browser_a, 3, "Elimelech died;")
    type_verse(browser_a, 4, "they took wives.")
    open_chapter(browser_b, b, "RUT", 1)
    wait_for(browser_b, lambda d: field(d, "Verse", 4).get_attribute("value") == "they took wives.", timeout=20)
    browser_b.execute_script("window.notReloaded = true")
    # B is typing in verse 10 while A bridges verses 3 and 4 and puts a heading before verse 6.
    box = field(browser_b, "Verse", 10)
    box.click()
    box.send_keys("And they said")
    count = act(browser_a, row(browser_a, "Verse", 3), "bridgeNext")
    wait_items(browser_a, count - 1)
    count = act(browser_a, row(browser_a, "Verse", 6), "insertHeadingBefore")
    wait_items(browser_a, count + 1)

    def redrawn(d):
        labels = [label.text for label in d.find_elements(By.CSS_SELECTOR, "#items li .label")]
        return any(text.startswith("Verses 3–4") for text in labels) and d.find_elements(
            By.CSS_SELECTOR, "#items li.type-Heading")
    wait_for(browser_b, redrawn, timeout=30)
    assert browser_b.execute_script("return window.notReloaded === true")
    assert field(browser_b, "Verse", 3).get_attribute("value") == "Elimelech died; they took wives."
    # The field being typed in keeps the focus and what was typed, and typing goes on into it.
    focused = browser_b.switch_to.active_element
    assert focused.get_attribute("value") == "And they said"
    focused.send_keys(" to her")
    wait_for(browser_b, lambda d: d.find_element(By.ID, "save-status").text == "Saved")
    eventually_shows(browser_a, a, 10, "And they said to her")
