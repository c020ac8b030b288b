"""ShareSynch in a hall, in real headless Chromium (issue 18): notes pages that show whole lines
only in any script and at any size, two presenter windows of different sizes, the keys of a
clicker whatever has focus in the presenter, the display and the remote, the presentation's
timer, the white screen, the display and thumbnails after a language or appeal change, the touch
setting honoured exactly, and the loading indicator."""
import json
import re
import time
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import UNTHROTTLED, Server, chromium, wait_for
from test_sharesynch_browser import (  # noqa: F401 (fixtures)
    PRESENTER_STATE, STATE_READERS, Screens, Sermon, browser, demo_on_two_screens, fullscreen, live, notes_pages,
    screens, sharesynch, single_blank_window, solid_png, two_window_driver, wait_for_live, wait_until_paginated)

STATE_READERS.setdefault("tablet", PRESENTER_STATE)  # a second presenter window, read as the first

LATIN = ("The steadfast love of the Lord never ceases; his mercies never come to an end; they are new every "
         "morning; great is your faithfulness. ")
DEVANAGARI = "यहोवा की करुणा कभी समाप्त नहीं होती, उसकी दया कभी कम नहीं होती; वह हर सुबह नई होती है। "
ARABIC = "إن محبة الرب الثابتة لا تنقطع أبدا، ومراحمه لا تنتهي؛ إنها جديدة كل صباح، عظيمة أمانتك. "
EMOJI = "Hope 🙏 joy 😀 peace 🕊️ light 🌅 love ❤️ "
NOTES = (f"<p>{LATIN * 8}</p><p>{DEVANAGARI * 10}</p><p>{ARABIC * 10}</p><p>{EMOJI * 14}</p>"
         f"<ul><li><b>{LATIN}</b> {DEVANAGARI}</li><li>{ARABIC} {EMOJI}</li></ul><p>{LATIN * 6}</p>")


def send(server, method, path, body):
    """A JSON call as another device would make it."""
    request = urllib.request.Request(server.base + path, data=json.dumps(body).encode(), method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null")


@pytest.fixture(scope="module")
def hall_package(tmp_path_factory):
    """The 'hall' series: one sermon, 'scripts', whose first slide has long notes in Latin,
    Devanagari and Arabic script and emoji; the second has one line."""
    folder = tmp_path_factory.mktemp("hall") / "hall"
    (folder / "media").mkdir(parents=True)
    (folder / "media" / "a.png").write_bytes(solid_png(160, 90, (20, 60, 120)))
    slides = [{"id": "many", "kind": "image", "resource": "media/a.png", "notes": {"en": NOTES}},
              {"id": "short", "kind": "image", "resource": "media/a.png", "notes": {"en": "<p>Amen.</p>"}}]
    series = {"id": "hall", "name": "Hall", "slideLanguages": ["en"], "noteLanguages": ["en"], "songs": [],
              "sermons": [{"id": "scripts", "title": {"en": "Scripts"}, "appeal": {"type": "text"}, "slides": slides}]}
    (folder / "series.json").write_text(json.dumps(series))
    package = folder.parent / "hall.sspkg"
    sharesynch(folder.parent / "pack-data", "pack", folder, "-o", package)
    return package


@pytest.fixture
def hall_server(tmp_path, hall_package):
    data = tmp_path / "data"
    sharesynch(data, "install", hall_package)
    running = Server(data).start()
    yield running
    running.stop()


@pytest.fixture
def hall_screens(browser, hall_server):
    yield Screens(browser, hall_server)
    single_blank_window(browser)


# Every line of text in the notes (one entry per line of each text node, named by the node and its
# place in the notes) and whether the visible box shows it whole, cuts it, or not at all.
NOTES_LINES = """
const box = document.querySelector('#notes'), frame = document.querySelector('#notes-frame');
const b = box.getBoundingClientRect(), f = frame.getBoundingClientRect();
const top = Math.max(b.top, f.top), bottom = Math.min(b.bottom, f.bottom);
const origin = b.top - box.scrollTop;
const lines = [], walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT), range = document.createRange();
let n = 0;
for (let node = walker.nextNode(); node; node = walker.nextNode(), n++) {
  if (!node.data.trim()) continue;
  range.selectNodeContents(node);
  for (const r of range.getClientRects()) {
    if (!r.width || !r.height) continue;
    const whole = r.top >= top - 0.5 && r.bottom <= bottom + 0.5;
    lines.push({id: n + '@' + Math.round(r.top - origin), whole, cut: !whole && r.bottom > top + 0.5 && r.top < bottom - 0.5,
                text: node.data.slice(0, 16)});
  }
}
return {lines, scroll: box.scrollTop, step: document.body.dataset.step, page: document.querySelector('#notes-page').textContent};
"""


def settled_lines(driver, step):
    """The notes' lines once the window is at `step` and its smooth scroll has stopped."""
    last = [None]

    def still(d):
        now = d.execute_script(NOTES_LINES)
        done = now["step"] == str(step) and last[0] is not None and now["scroll"] == last[0]["scroll"]
        last[0] = now
        if not done:
            time.sleep(0.1)
        return done
    wait_for(driver, still)
    return last[0]


def walk_pages(screens, window, total, press_window=None):
    """Turns every notes page of the current slide in `window` (pressing → in `press_window`),
    checking that no page cuts a line; returns each line's pages."""
    pages_of = {}
    for page in range(total):
        shown = settled_lines(screens.use(window), page)
        cut = [line for line in shown["lines"] if line["cut"]]
        assert not cut, f"page {page + 1}/{total} cuts lines {cut[:3]} (scrollTop {shown['scroll']})"
        for line in shown["lines"]:
            pages_of.setdefault(line["id"], [])
            if line["whole"] and page not in pages_of[line["id"]]:  # a line may hold several runs of a node
                pages_of[line["id"]].append(page)
        if page + 1 < total:
            press(screens, press_window or window, Keys.PAGE_DOWN)
    return pages_of


def press(screens, window, *keys, focus=None):
    """Keys as a keyboard or clicker sends them to `window`, with `focus` (a selector, or "body"
    for nothing) focused."""
    driver = screens.use(window)
    if focus == "body":
        driver.execute_script("document.activeElement && document.activeElement.blur && document.activeElement.blur()")
    elif focus:
        driver.execute_script("document.querySelector(arguments[0]).focus()", focus)
    ActionChains(driver).send_keys(*keys).perform()


def test_notes_pages_show_whole_lines_in_every_script_at_every_size(hall_screens, hall_server):
    """Notes in Latin, Devanagari and Arabic script with emoji, at 17, 28 and 45 px: every line is
    shown whole on exactly one page — none cut at a page's bottom or top, none twice, none
    skipped, the last page included. When the red 'no display' line goes away the box grows and
    the pages are measured again, still whole lines."""
    screens = hall_screens
    sermon = Sermon(hall_server, "hall", "scripts")
    presenter = screens.present(sermon)
    for size in (17, 28, 45):
        presenter.execute_script("localStorage.setItem('sharesynch.notesSize', arguments[0])", str(size))
        screens.present(sermon)
        press(screens, "presenter", Keys.HOME)
        wait_for_live(hall_server, "slide 1", lambda s: s["index"] == 0 and s["step"] == 0)
        total = notes_pages(wait_until_paginated(screens))[1]
        assert total >= 3, f"the notes need several pages at {size}px, not {total}"
        pages_of = walk_pages(screens, "presenter", total)
        wrong = {line: pages for line, pages in pages_of.items() if len(pages) != 1}
        assert not wrong, f"at {size}px these lines are not on exactly one page: {list(wrong.items())[:5]}"

    # The box grows when the alert goes: the pages are cut again for its new height, still whole
    # lines (pages cut for the old height would now cut or skip lines). At the smallest size the
    # alert's height is worth at least one more line.
    presenter.execute_script("localStorage.setItem('sharesynch.notesSize', '17')")
    screens.present(sermon)
    press(screens, "presenter", Keys.HOME)
    wait_until_paginated(screens)
    assert screens.state("presenter")["alert"], "no display yet"
    height = "return document.getElementById('notes').getBoundingClientRect().height"
    before = screens.use("presenter").execute_script(height)
    screens.show_display()
    screens.wait("presenter", alert=False)
    wait_for(screens.use("presenter"), lambda d: d.execute_script(height) > before)
    press(screens, "presenter", Keys.HOME)
    wait_for_live(hall_server, "slide 1", lambda s: s["index"] == 0 and s["step"] == 0)
    total = notes_pages(wait_until_paginated(screens))[1]
    pages_of = walk_pages(screens, "presenter", total)
    wrong = {line: pages for line, pages in pages_of.items() if len(pages) != 1}
    assert not wrong, f"in the taller box these lines are not on exactly one page: {list(wrong.items())[:5]}"


def test_two_presenters_of_different_sizes(hall_screens, hall_server):
    """A laptop and a smaller pulpit tablet present the same sermon. The laptop advances, so its
    page count is the presentation's; the tablet never changes it and shows its own page at the
    same place (first with first, last with last), whole lines only. When the tablet advances, its
    count takes over and the laptop follows."""
    screens = hall_screens
    sermon = Sermon(hall_server, "hall", "scripts")
    laptop = screens.present(sermon)
    laptop.execute_script("localStorage.setItem('sharesynch.notesSize', '24')")
    screens.present(sermon)
    tablet = screens.open("tablet", f"/sharesynch/present?series=hall&sermon=scripts")
    tablet.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 900, "height": 520, "deviceScaleFactor": 1, "mobile": False})
    wait_for(tablet, lambda d: d.execute_script("return window.innerHeight") == 520)

    press(screens, "presenter", Keys.HOME)
    laptop_total = notes_pages(wait_until_paginated(screens))[1]
    tablet_state = screens.wait("tablet", notesPage=lambda text: bool(text) and text.startswith("Notes 1/"))
    tablet_total = notes_pages({"notesPage": tablet_state["notesPage"]})[1]
    assert tablet_total > laptop_total >= 2, (laptop_total, tablet_total)

    tablet_pages = []
    for page in range(laptop_total):
        screens.wait("presenter", step=str(page))
        state = screens.wait("tablet", step=str(page), notesPage=lambda text: text.endswith(f"/{tablet_total}"))
        shown = settled_lines(tablet, page)
        assert not [line for line in shown["lines"] if line["cut"]], "the tablet shows whole lines"
        tablet_pages.append(notes_pages(state)[0])
        assert live(hall_server)["steps"] == laptop_total, "the tablet's count never replaces the laptop's"
        if page + 1 < laptop_total:
            press(screens, "presenter", Keys.PAGE_DOWN)
    assert tablet_pages[0] == 1 and tablet_pages[-1] == tablet_total
    assert tablet_pages == sorted(tablet_pages)

    press(screens, "tablet", Keys.HOME)
    wait_for_live(hall_server, "the tablet's count", lambda s: s["steps"] == tablet_total and s["step"] == 0)
    press(screens, "tablet", Keys.PAGE_DOWN)
    screens.wait("tablet", step="1", notesPage=f"Notes 2/{tablet_total}")
    screens.wait("presenter", step="1", notesPage=lambda text: text.endswith(f"/{laptop_total}"))
    screens.close("tablet")


ADVANCE_KEYS = [Keys.ARROW_RIGHT, Keys.ARROW_DOWN, Keys.PAGE_DOWN, Keys.SPACE, Keys.ENTER, "n"]
BACK_KEYS = [Keys.ARROW_LEFT, Keys.ARROW_UP, Keys.PAGE_UP, "p", Keys.BACKSPACE, "P"]
PRESENTER_CONTROLS = ["#appeal-song", "body", "#appeal-type", "#black", "#font-larger", "#font-smaller", "#timer",
                      "#next", "#prev", "#fullscreen", "#edit", "#thumbs button.thumb", "#projection"]

# What the presenter's controls hold, to check that no key reached them.
CONTROLS_STATE = """
return {song: document.querySelector('#appeal-song').value, type: document.querySelector('#appeal-type').value,
        font: getComputedStyle(document.querySelector('#notes')).fontSize, url: location.href,
        mirroring: document.body.classList.contains('mirroring'), marker: window.__stayed === true};
"""


def at(server, index, **more):
    return wait_for_live(server, f"slide {index + 1} {more}", lambda s: s["index"] == index and s["step"] == 0
                         and all(s[key] == value for key, value in more.items()))


def test_clicker_keys_work_whatever_has_focus_in_the_presenter(screens, server):
    """After the appeal song is chosen with the mouse, and with focus on every other control of
    the toolbar and the strip, each key a clicker sends moves the presentation by exactly one
    step and none reaches the control: the select keeps its value, Space and Enter press no
    button, the font size stays, Enter follows no link, the page never reloads."""
    demo = demo_on_two_screens(screens)
    presenter = screens.use("presenter")
    presenter.execute_script("localStorage.setItem('sharesynch.notesSize', '12')")
    screens.present()
    presenter.execute_script("window.__stayed = true")
    song = presenter.find_element(By.ID, "appeal-song")
    presenter.execute_script("arguments[0].focus()", song)  # chosen with the mouse: the select keeps the focus
    Select(song).select_by_value("hymn")
    assert presenter.execute_script("return document.activeElement.id") == "appeal-song"
    press(screens, "presenter", "3", Keys.ENTER)
    at(server, 2)
    controls = presenter.execute_script(CONTROLS_STATE)
    for control in PRESENTER_CONTROLS:
        for forward, backward in zip(ADVANCE_KEYS, BACK_KEYS):
            press(screens, "presenter", forward, focus=None if control == "#appeal-song" else control)
            at(server, 3)
            press(screens, "presenter", backward, focus=None if control == "#appeal-song" else control)
            at(server, 2)
        assert presenter.execute_script(CONTROLS_STATE) == controls, f"a key reached {control}"
    snapshot = live(server)
    assert snapshot["timerRunning"] and not snapshot["black"] and not fullscreen(presenter)
    assert demo.total == 8


def test_the_other_clicker_keys_in_the_presenter(screens, server):
    """With the appeal select focused: Home and End go to the first and last slide; B, '.' and '/'
    black the screen and W whitens it (the next advance clears either); F5 and Shift+F5 (a
    clicker's start button) go full screen without reloading and Esc only leaves it; typed digits
    are forgotten after two seconds ('1', wait, '5' Enter jumps to 5, not 15); a slide that does
    not exist leaves the counter as it was."""
    demo_on_two_screens(screens)
    presenter = screens.use("presenter")
    presenter.execute_script("window.__stayed = true")
    focus = "#appeal-type"
    press(screens, "presenter", Keys.END, focus=focus)
    at(server, 7)
    press(screens, "presenter", Keys.HOME, focus=focus)
    at(server, 0)
    for key, black in (("b", True), (".", False), ("/", True), ("B", False)):
        press(screens, "presenter", key, focus=focus)
        at(server, 0, black=black, white=False)
    press(screens, "presenter", "w", focus=focus)
    at(server, 0, white=True)
    press(screens, "presenter", Keys.ARROW_RIGHT, focus=focus)
    at(server, 0, white=False)

    for keys in ((Keys.F5,), (Keys.SHIFT, Keys.F5)):
        press(screens, "presenter", *keys, focus=focus)
        wait_for(presenter, fullscreen)
        assert presenter.execute_script("return window.__stayed === true"), "F5 did not reload the page"
        press(screens, "presenter", Keys.ESCAPE, focus=focus)
        wait_for(presenter, lambda d: not fullscreen(d))
        assert live(server)["index"] == 0 and not live(server)["black"]

    press(screens, "presenter", "1", focus=focus)
    screens.wait("presenter", counter="→ 1")
    screens.wait("presenter", counter="1/8", timeout=4)
    press(screens, "presenter", "5", Keys.ENTER, focus=focus)
    at(server, 4)
    screens.wait("presenter", counter="5/8")
    press(screens, "presenter", "9", "9", Keys.ENTER, focus=focus)
    screens.wait("presenter", counter="5/8")
    assert live(server)["index"] == 4
    assert presenter.execute_script("return window.__stayed === true")


def test_clicker_keys_in_the_display_and_the_remote(screens, server):
    """The focus is often left in the display window (after F for full screen) or on the phone:
    the clicker's keys work there too."""
    demo_on_two_screens(screens)
    screens.show_remote()
    for window in ("display", "remote"):
        press(screens, window, Keys.PAGE_DOWN)
        at(server, 1)
        press(screens, window, Keys.PAGE_UP)
        at(server, 0)
        press(screens, window, Keys.END)
        at(server, 7)
        press(screens, window, Keys.HOME)
        at(server, 0)
        press(screens, window, "b")
        at(server, 0, black=True)
        press(screens, window, "w")
        at(server, 0, white=True, black=False)
        press(screens, window, Keys.SPACE)
        at(server, 0, white=False)
        press(screens, window, "3", Keys.ENTER)
        at(server, 2)
        press(screens, window, Keys.HOME)
        at(server, 0)
    display = screens.use("display")
    press(screens, "display", "f")
    wait_for(display, fullscreen)
    press(screens, "display", Keys.ESCAPE)
    wait_for(display, lambda d: not fullscreen(d))


# ---------------------------------------------------------------------------------------------
# The timer, the white screen, the display after changes.

def timer_seconds(driver):
    minutes, seconds = driver.find_element(By.ID, "timer").text.split(":")
    return int(minutes) * 60 + int(seconds)


def test_the_timer_belongs_to_the_presentation(screens, server):
    """The timer keeps counting through a reload of the presenter (as F5 from a clicker or Edit →
    Done would do); a tap pauses and resumes it, a press of more than 600 ms resets it; the remote
    shows the same time and the notes page the presentation is on."""
    demo_on_two_screens(screens)
    wait_for_live(server, "3 s of presenting", lambda s: s["elapsed"] >= 3)
    presenter = screens.present()
    assert timer_seconds(presenter) >= 3, "a reload does not restart the timer"

    timer = presenter.find_element(By.ID, "timer")
    timer.click()
    wait_for_live(server, "a paused timer", lambda s: not s["timerRunning"])
    # The page counts on by itself until the paused state comes back to it: read it after that.
    wait_for(presenter, lambda d: "paused" in d.find_element(By.ID, "timer").get_attribute("class"))
    paused = timer_seconds(presenter)
    time.sleep(1.5)
    assert timer_seconds(presenter) == paused and "paused" in timer.get_attribute("class")
    remote = screens.show_remote()
    screens.wait("remote", counter="1/8")
    assert timer_seconds(remote) == paused
    timer = screens.use("presenter").find_element(By.ID, "timer")
    timer.click()
    wait_for_live(server, "a running timer", lambda s: s["timerRunning"])

    ActionChains(presenter).click_and_hold(timer).pause(0.9).release().perform()
    snapshot = wait_for_live(server, "a reset timer", lambda s: s["elapsed"] <= 1)
    assert snapshot["timerRunning"]
    assert timer_seconds(presenter) <= 1

    press(screens, "presenter", Keys.ARROW_RIGHT)
    total = notes_pages(wait_until_paginated(screens))[1]
    screens.use("remote")
    wait_for(remote, lambda d: d.find_element(By.ID, "page").text == f"page 1/{total}")
    assert timer_seconds(remote) <= 3


def test_white_screen_language_change_and_appeal_thumbnail(screens, server):
    """W whitens the display (and the next advance clears it); after the slide language changes
    the display shows the overlay in the new language; after the appeal type changes the appeal
    slide's thumbnail shows the new appeal (the song's picture for a text-only appeal)."""
    demo = demo_on_two_screens(screens)
    press(screens, "presenter", "w")
    wait_for(screens.use("display"), lambda d: d.execute_script(
        "return document.body.classList.contains('white') && "
        "getComputedStyle(document.querySelector('#blackout')).backgroundColor === 'rgb(255, 255, 255)'"))
    press(screens, "presenter", Keys.ARROW_RIGHT)
    at(server, 0, white=False)
    wait_for(screens.use("display"), lambda d: not d.execute_script("return document.body.classList.contains('white')"))

    screens.jump(3)
    screens.shows_slide(demo, 3, overlay="Grace upon grace")
    send(server, "PUT", "/api/sharesynch/series/demo/languages", {"slides": "es"})
    screens.wait("display", overlay="Gracia sobre gracia")
    send(server, "PUT", "/api/sharesynch/series/demo/languages", {"slides": "en"})
    screens.wait("display", overlay="Grace upon grace")

    presenter = screens.use("presenter")
    appeal_thumb = "#thumbs button.thumb[data-number='7'] .slide"
    media = f"const m = document.querySelector(\"{appeal_thumb}\").querySelector('img, video'); return m && m.src;"
    assert presenter.execute_script(media).endswith("demo-hymn-vocal.webm")
    Select(presenter.find_element(By.ID, "appeal-type")).select_by_value("text")
    wait_for(presenter, lambda d: (d.execute_script(media) or "").endswith("media/slide7.png"))


def test_the_video_countdown_shows_and_the_notes_fit_beside_it(screens, server):
    """On the video slide the presenter shows the video's remaining time above the notes; the
    notes box shrinks to whole lines within the smaller space (it is measured again when the
    countdown appears)."""
    demo = demo_on_two_screens(screens)
    screens.jump(6)
    screens.shows_slide(demo, 6, kind="video")
    presenter = screens.use("presenter")
    wait_for(presenter, lambda d: re.fullmatch(r"Video: \d+:\d\d left", d.find_element(By.ID, "video-remaining").text))
    fits = """const box = document.querySelector('#notes').getBoundingClientRect();
              const frame = document.querySelector('#notes-frame').getBoundingClientRect();
              const line = parseFloat(getComputedStyle(document.querySelector('#notes')).lineHeight);
              return box.bottom <= frame.bottom + 0.5 && frame.bottom - box.bottom < line;"""
    wait_for(presenter, lambda d: d.execute_script(fits))
    shown = settled_lines(presenter, 0)
    assert not [line for line in shown["lines"] if line["cut"]]


def test_the_presenter_controls_the_displays_video_and_hears_how_it_plays(screens, server):
    """On the video slide the presenter pauses, restarts and sets the volume of the video playing
    on the display; the time left is the display's own; when the display had to mute the video,
    the presenter is told and one button turns the sound on there."""
    demo_on_two_screens(screens)
    screens.jump(6)
    video = "return document.querySelector('.slide.current video')"
    # One driver, two windows: `screens.use` switches to the window named before each look.
    presenter = lambda: screens.use("presenter")  # noqa: E731
    display = lambda: screens.use("display")  # noqa: E731
    wait_for(display(), lambda d: (d.execute_script(video + "?.readyState") or 0) >= 2)
    wait_for(presenter(), lambda d: d.find_element(By.ID, "video-controls").is_displayed())
    wait_for(presenter(), lambda d: re.fullmatch(r"Video: \d+:\d\d left", d.find_element(By.ID, "video-remaining").text))

    presenter().find_element(By.ID, "video-toggle").click()
    wait_for(display(), lambda d: d.execute_script(video + ".paused"))
    wait_for(presenter(), lambda d: d.find_element(By.ID, "video-toggle").text == "Play")
    display().execute_script("document.querySelector('.slide.current video').currentTime = 1.5")
    presenter().find_element(By.ID, "video-restart").click()
    wait_for(display(), lambda d: not d.execute_script(video + ".paused") and d.execute_script(video + ".currentTime") < 1.4)
    presenter().execute_script("const v = document.getElementById('video-volume'); v.value = '0.25';"
                               "v.dispatchEvent(new Event('change'))")
    wait_for(display(), lambda d: abs(d.execute_script(video + ".volume") - 0.25) < 0.01)

    # The browser made the display play it muted: the presenter says so and turns the sound on.
    display().execute_script("document.querySelector('.slide.current video').muted = true")
    wait_for(presenter(), lambda d: d.find_element(By.ID, "video-muted").is_displayed())
    presenter().find_element(By.ID, "video-unmute").click()
    wait_for(display(), lambda d: d.execute_script(video + ".muted") is False)
    wait_for(presenter(), lambda d: not d.find_element(By.ID, "video-muted").is_displayed())

    screens.jump(1)
    wait_for(presenter(), lambda d: not d.find_element(By.ID, "video-controls").is_displayed())


# ---------------------------------------------------------------------------------------------
# Touch.

def touch(driver, kind, x, y):
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": x, "y": y}]})


def swipe(driver, x, y, dx):
    touch(driver, "touchStart", x, y)
    for step in range(1, 6):
        touch(driver, "touchMove", x + dx * step / 5, y)
        time.sleep(0.02)
    touch(driver, "touchEnd", x + dx, y)


def tap(driver, x, y):
    touch(driver, "touchStart", x, y)
    touch(driver, "touchEnd", x, y)


def centre(driver, selector):
    return driver.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                                 "return [r.left + r.width / 2, r.top + r.height / 2]", selector)


def stays(server, index, seconds=0.6):
    time.sleep(seconds)
    assert live(server)["index"] == index


@pytest.mark.parametrize("mode", ["buttons", "swipe", "sides"])
def test_touch_advances_only_as_the_settings_say(screens, server, mode):
    """With each touch setting, only that way advances with a finger: a swipe, a tap on the
    screen's right or left third, or the ◀ ▶ buttons. A mouse drag across the notes never moves
    the presentation; the buttons still work with a mouse."""
    send(server, "PUT", "/api/sharesynch/settings", {"advance": mode})
    demo_on_two_screens(screens)
    presenter = screens.use("presenter")
    presenter.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    press(screens, "presenter", "3", Keys.ENTER)
    at(server, 2)
    width = presenter.execute_script("return innerWidth")
    notes_x, notes_y = centre(presenter, "#notes")

    ActionChains(presenter).move_to_element(presenter.find_element(By.ID, "notes")) \
        .click_and_hold().move_by_offset(-250, 0).release().perform()
    stays(server, 2)

    swipe(presenter, notes_x + 100, notes_y, -250)
    if mode == "swipe":
        at(server, 3)
        swipe(presenter, notes_x - 100, notes_y, 250)
        at(server, 2)
    else:
        stays(server, 2)

    tap(presenter, width - 20, notes_y)
    if mode == "sides":
        at(server, 3)
        tap(presenter, 20, notes_y)
        at(server, 2)
    else:
        stays(server, 2)

    if mode == "buttons":
        tap(presenter, *centre(presenter, "#next"))
        at(server, 3)
        tap(presenter, *centre(presenter, "#prev"))
        at(server, 2)
    elif presenter.find_element(By.ID, "next").is_displayed():  # hidden where the pointer is a finger
        tap(presenter, *centre(presenter, "#next"))
        stays(server, 2)

    presenter.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    presenter.find_element(By.ID, "next").click()
    at(server, 3)


# ---------------------------------------------------------------------------------------------
# Opening a sermon.

def test_a_slow_opening_shows_progress_with_cancel(screens, server):
    """When opening a sermon takes more than half a second (a slow network here), the presenter
    shows a loading indicator; Cancel goes back to the ShareSynch menu."""
    driver = screens.use("presenter")
    driver.get(server.base + "/sharesynch")
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 2500, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        driver.get(server.base + "/sharesynch/present?series=demo&sermon=welcome")
        wait_for(driver, lambda d: d.find_element(By.ID, "loading").is_displayed(), 15)
        assert not driver.find_element(By.TAG_NAME, "body").get_attribute("data-live")
        driver.find_element(By.ID, "loading-cancel").click()
        wait_for(driver, lambda d: d.current_url.rstrip("/").endswith("/sharesynch"), 15)
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        driver.execute_cdp_cmd("Network.disable", {})


def test_presenter_and_display_in_two_browsers_stay_together(screens, server):
    """As in a hall, the display is another browser (another process, as on the projector's
    computer): it follows every key of the presenter, black and white, and the presenter sees it
    connected; closing it brings the presenter's 'no display' line back."""
    demo_on_two_screens(screens)  # the presenter here; this browser's own display window closes below
    screens.close("display")
    projector = chromium(*UNTHROTTLED, "--autoplay-policy=no-user-gesture-required")
    try:
        projector.get(server.base + "/sharesynch/display")
        shown = "return [document.body.dataset.counter, document.body.classList.contains('black'), " \
                "document.body.classList.contains('white')]"
        wait_for(projector, lambda d: d.execute_script(shown)[0] == "1/8")
        seen = []
        for key in (Keys.ARROW_RIGHT, Keys.PAGE_DOWN, Keys.PAGE_DOWN, "b", Keys.SPACE, "w", Keys.PAGE_UP, Keys.ARROW_LEFT):
            position = lambda state: (state["counter"], state["step"], state["black"], state["white"])  # noqa: E731
            before = position(live(server))
            screens.press(key)
            wait_for_live(server, f"the state after {key!r}", lambda state: position(state) != before)
            now = live(server)
            expected = [now["counter"], now["black"], now["white"]]
            wait_for(projector, lambda d: d.execute_script(shown) == expected)
            seen.append(expected)
        assert [black for _, black, _ in seen][3:5] == [True, False], "B blacks, the next key clears it"
        assert [white for _, _, white in seen][5:7] == [True, False], "W whitens, the next key clears it"
        assert seen[0][0] != "1/8", "the projector moved with the presenter"
    finally:
        projector.quit()
    wait_for(screens.use("presenter"), lambda d: d.find_element(By.ID, "display-alert").is_displayed())
