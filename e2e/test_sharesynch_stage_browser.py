"""What a speaker in a hall needs besides the presenter and the display, in real headless Chromium:
the stage view following the presenter (slides, notes page, clocks, the countdown to the sermon's
target turning amber then red, its own keys), at 360 px and at 1920×1080; the presenter's panel of
addresses for other devices (the loopback warning, and on the LAN the addresses with QR codes that
zbar reads back, as the browser draws them, as the token-carrying links); and the wake-lock note
where the browser refuses."""
import base64
import json
import subprocess
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ARTIFACTS, Server, wait_for
from test_sharesynch_browser import (  # noqa: F401 (fixtures: the unthrottled two-window browser)
    STATE_READERS, Screens, browser, demo_on_two_screens, font_until_pages, live, notes_pages, screens,
    single_blank_window, two_window_driver, wait_for_live)

STATE_READERS["stage"] = """
const text = s => { const e = document.querySelector(s); return e ? e.textContent.trim() : null; };
const frame = id => document.getElementById(id);
const box = document.querySelector('#countdown-box');
const notes = document.querySelector('#stage-notes');
const note = document.querySelector('.wake-note');
return {live: document.body.dataset.live, slide: document.body.dataset.slide, step: document.body.dataset.step,
  counter: text('#stage-counter'), current: frame('stage-current-slide').dataset.slide || '',
  next: frame('stage-next-slide').dataset.slide || '',
  pictures: [...document.querySelectorAll('.stage-frame .slide img')].map(i => i.complete && i.naturalWidth > 0),
  notes: notes.innerText.trim(), notesTurnedTo: notes.dataset.page ?? null, notesScroll: notes.scrollTop, overflows: notes.scrollHeight > notes.clientHeight + 1,
  notesPage: text('#stage-page'), elapsed: text('#stage-elapsed'), clock: text('#wall-clock'),
  countdown: box.hidden ? null : box.dataset.state, countdownText: text('#countdown'),
  countdownColour: getComputedStyle(box).backgroundColor,
  wake: document.body.dataset.wakeLock || null, wakeNote: note && !note.hidden ? note.textContent : null};
"""

PANEL_STATE = """
const text = s => { const e = document.querySelector(s); return e ? e.textContent.trim() : null; };
const loopback = document.querySelector('#connect-loopback');
return {open: document.querySelector('#connect-panel').open, loopback: !loopback.hidden,
  warning: loopback.innerText, command: text('#connect-command'), summary: text('#connect-summary'),
  counts: text('#connect-counts'),
  local: ['display', 'stage', 'remote'].map(s => document.querySelector('#connect-local-' + s).href),
  addresses: [...document.querySelectorAll('.connect-address')].map(li => ({address: li.dataset.address,
    codes: [...li.querySelectorAll('.connect-code')].map(f => ({screen: f.dataset.screen,
      href: f.querySelector('a').href, qr: f.querySelector('img').src,
      loaded: f.querySelector('img').complete && f.querySelector('img').naturalWidth > 0}))}))};
"""

TOKEN = "stage-e2e-token"


def set_target(server, seconds):
    request = urllib.request.Request(
        f"{server.base}/api/sharesynch/series/demo/sermons/welcome/target", method="PUT",
        data=json.dumps({"seconds": seconds}).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def intent(server, body):
    request = urllib.request.Request(f"{server.base}/api/sharesynch/live/intent", method="POST",
                                     data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def stage_keys(screens, *keys):
    driver = screens.use("stage")
    driver.execute_script("document.activeElement && document.activeElement.blur && document.activeElement.blur()")
    ActionChains(driver).send_keys(*keys).perform()


def emulate(driver, width, height, mobile):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    wait_for(driver, lambda d: d.execute_script("return window.innerWidth") == width)


# ---------------------------------------------------------------------------------------------
# The stage view

def test_the_stage_follows_the_presenter_and_moves_it_with_its_keys(screens, server):
    """The stage shows the current and next slides' pictures and the current notes; it follows an
    advance on the presenter, turns to the speaker's notes page when the notes need several, and
    its own arrow, Page and Space keys move every screen."""
    demo = demo_on_two_screens(screens)
    screens.open("stage", "/sharesynch/stage")
    screens.wait("stage", counter="1/8", current=demo.id(1), next=demo.id(2),
                 pictures=lambda shown: shown == [True, True], notes=lambda n: "Welcome" in n)
    assert live(server)["stages"] == 1

    screens.press(Keys.ARROW_RIGHT)
    screens.shows_slide(demo, 2)
    screens.wait("stage", counter="2/8", current=demo.id(2), next=demo.id(3), notes=lambda n: "Point 1" in n)

    # The speaker's notes need three pages or more; the stage is a phone, so its notes overflow.
    total = notes_pages(font_until_pages(screens, "#font-larger", lambda pages: pages >= 3))[1]
    emulate(screens.use("stage"), 360, 740, True)
    screens.wait("stage", notesPage=f"Notes 1/{total}", step="0", notesTurnedTo="0", notesScroll=0)
    screens.press(Keys.ARROW_RIGHT)
    screens.wait("presenter", step="1")
    stage = screens.wait("stage", current=demo.id(2), step="1", notesPage=f"Notes 2/{total}", notesTurnedTo="1")
    assert not stage["overflows"] or stage["notesScroll"] > 0, "the stage turned to the second page"

    for key, forward in ((Keys.PAGE_UP, False), (Keys.ARROW_LEFT, False), (Keys.SPACE, True),
                         (Keys.ARROW_RIGHT, True), (Keys.PAGE_DOWN, True), (Keys.ARROW_UP, False)):
        before = live(server)
        stage_keys(screens, key)
        moved = wait_for_live(server, f"{key!r} pressed on the stage", lambda s, b=before, f=forward:
                              ((s["index"], s["step"]) > (b["index"], b["step"])) == f
                              and (s["index"], s["step"]) != (b["index"], b["step"]))
        screens.wait("stage", counter=moved["counter"], step=str(moved["step"]))
        screens.wait("presenter", counter=moved["counter"], step=str(moved["step"]))
    assert live(server)["stages"] == 1


def test_the_countdown_turns_amber_then_red_and_the_presenter_sets_the_target(screens, server):
    """With an hour's target the countdown is plain; a target a few seconds long is amber at once
    (inside the last five minutes) and red once the sermon runs past it. The presenter's field
    sets the target in minutes."""
    demo_on_two_screens(screens)
    screens.open("stage", "/sharesynch/stage")
    screens.wait("stage", countdown=None, elapsed=lambda text: text is not None and ":" in text)

    field = screens.use("presenter").find_element(By.ID, "target-minutes")
    field.clear()
    field.send_keys("60", Keys.TAB)
    wait_for_live(server, "an hour's target", lambda s: s.get("target") == 3600)
    plain = screens.wait("stage", countdown="ok", countdownText=lambda text: text.startswith("59:") or text == "60:00")

    intent(server, {"intent": "timer", "action": "reset"})
    assert set_target(server, 4) == {"seconds": 4}
    amber = screens.wait("stage", countdown="near", countdownText=lambda text: text in ("0:04", "0:03", "0:02"))
    red = screens.wait("stage", countdown="over", timeout=10)
    assert len({plain["countdownColour"], amber["countdownColour"], red["countdownColour"]}) == 3

    screens.use("presenter").refresh()
    wait_for(screens.driver, lambda d: d.find_element(By.ID, "target-minutes").get_attribute("value") == "0.07")
    field = screens.driver.find_element(By.ID, "target-minutes")
    field.clear()
    field.send_keys(Keys.TAB)
    wait_for_live(server, "the target cleared", lambda s: s.get("target") is None)
    screens.wait("stage", countdown=None)


def test_the_stage_fits_a_phone_and_a_full_hd_monitor(screens, server):
    """At 360 px nothing scrolls sideways and the clocks, both slides and the notes are in view;
    at 1920×1080 the current slide is large. Screenshots go to e2e/artifacts/."""
    demo_on_two_screens(screens)
    set_target(server, 30 * 60)
    stage = screens.open("stage", "/sharesynch/stage")
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height, mobile in ((360, 740, True), (1920, 1080, False)):
        emulate(stage, width, height, mobile)
        screens.wait("stage", countdown="ok", pictures=lambda shown: shown == [True, True])
        assert stage.execute_script("return document.documentElement.scrollWidth") <= width, "no sideways scrolling"
        for part in ("#wall-clock", "#stage-elapsed", "#countdown", "#stage-current-slide .slide",
                     "#stage-next-slide .slide", "#stage-notes", "#stage-advance"):
            box = stage.execute_script(
                "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                "return [r.left, r.top, r.right, r.bottom]", part)
            assert box[2] > box[0] and box[3] > box[1] and box[2] <= width + 1 and box[3] <= height + 1, (width, part, box)
        stage.save_screenshot(str(ARTIFACTS / f"sharesynch-stage-{width}.png"))
    current = stage.execute_script(
        "return document.querySelector('#stage-current-slide .slide').getBoundingClientRect().width")
    assert current >= 640, f"on a monitor the current slide is large, not {current} px wide"


# ---------------------------------------------------------------------------------------------
# Getting a second device on

def test_on_loopback_the_presenter_says_how_to_open_the_server_to_the_lan(screens, server):
    """The default server listens on 127.0.0.1: the panel says so (in its summary too), gives the
    command with this server's port, lists no network address, and links this computer's screens."""
    screens.present()
    driver = screens.use("presenter")
    wait_for(driver, lambda d: d.execute_script(PANEL_STATE)["summary"] == "(this computer only)")
    driver.find_element(By.CSS_SELECTOR, "#connect-panel summary").click()
    panel = driver.execute_script(PANEL_STATE)
    assert panel["open"] and panel["loopback"] and panel["addresses"] == []
    assert panel["command"] == f"scriptorium serve --host 0.0.0.0 --port {server.port}"
    assert "this computer only" in panel["warning"] and "access token" in panel["warning"]
    assert panel["local"] == [f"{server.base}/sharesynch/{s}" for s in ("display", "stage", "remote")]
    screens.show_display()
    screens.use("presenter")
    wait_for(driver, lambda d: (d.execute_script(PANEL_STATE)["counts"] or "").startswith("Connected now: 1 display"))


class LANServer(Server):
    """`serve --host 0.0.0.0` with an access token, which its own requests carry."""

    def __init__(self, data):
        super().__init__(data, "--host", "0.0.0.0", "--token", TOKEN)

    def get(self, path, timeout=None):
        request = urllib.request.Request(self.base + path, headers={"Authorization": f"Bearer {TOKEN}"})
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.read()


@pytest.fixture
def lan_server(tmp_path):
    running = LANServer(tmp_path / "data").start()
    yield running
    running.stop()


@pytest.fixture
def lan_screens(browser, lan_server):
    yield Screens(browser, lan_server)
    single_blank_window(browser)


def zbar(driver, screen, folder):
    """The text zbar reads from a screen's QR code as the browser draws it (copied to a canvas at
    twice its size, exported as PNG)."""
    data = driver.execute_script("""
        const img = document.querySelector(`.connect-code[data-screen="${arguments[0]}"] img`);
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 2 * img.naturalWidth;
        const context = canvas.getContext('2d');
        context.imageSmoothingEnabled = false;
        context.drawImage(img, 0, 0, canvas.width, canvas.height);
        return canvas.toDataURL('image/png');""", screen)
    path = folder / f"{screen}.png"
    path.write_bytes(base64.b64decode(data.split(",", 1)[1]))
    return subprocess.run(["zbarimg", "--quiet", "--raw", str(path)], capture_output=True, text=True,
                          check=True).stdout.strip()


def test_on_the_lan_the_presenter_lists_addresses_with_qr_codes_and_plain_http_refuses_the_wake_lock(
        lan_screens, lan_server, tmp_path):
    """Bound to 0.0.0.0 with a token: the panel gives no warning and lists the machine's network
    addresses, each with the display's, stage's and remote's links carrying the token and QR codes
    that read back as those links. Opened at such an address over plain http, the stage view is
    no secure context: its wake-lock note says so."""
    addresses = [a["address"] for a in json.loads(lan_server.get("/api/sharesynch/connect"))["addresses"]]
    if not addresses:
        pytest.skip("this machine has no network address besides loopback")
    driver = lan_screens.use("presenter")
    driver.get(f"{lan_server.base}/?token={TOKEN}")  # the token link sets the cookie
    lan_screens.present()
    driver.find_element(By.CSS_SELECTOR, "#connect-panel summary").click()
    wait_for(driver, lambda d: all(c["loaded"] for a in d.execute_script(PANEL_STATE)["addresses"] for c in a["codes"])
             and d.execute_script(PANEL_STATE)["addresses"])
    panel = driver.execute_script(PANEL_STATE)
    ARTIFACTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / "sharesynch-connect-panel.png"))
    assert not panel["loopback"] and panel["summary"] == ""
    assert [a["address"] for a in panel["addresses"]] == addresses
    for listed in panel["addresses"]:
        assert [c["screen"] for c in listed["codes"]] == ["display", "stage", "remote"]
        for code in listed["codes"]:
            assert code["href"] == f"http://{listed['address']}:{lan_server.port}/sharesynch/{code['screen']}?token={TOKEN}"
    for code in panel["addresses"][0]["codes"]:
        assert zbar(driver, code["screen"], tmp_path) == code["href"], "a phone's camera reads the link"

    address = addresses[0]
    stage_link = panel["addresses"][0]["codes"][1]["href"]
    driver.switch_to.new_window("window")
    lan_screens.windows["stage"] = driver.current_window_handle
    driver.get(stage_link)
    stage = lan_screens.wait("stage", live="1", wake="refused", wakeNote=lambda text: text is not None)
    assert "plain http" in stage["wakeNote"] and "screen timeout" in stage["wakeNote"]
    assert driver.execute_script("return window.isSecureContext") is False
    assert driver.current_url == f"http://{address}:{lan_server.port}/sharesynch/stage", "the token left the address"
