"""A speaker with a PowerPoint file and a browser only (issue 19): makes a series on the series
screen, drops a .pptx made here with python-pptx on it, watches the pages converted of the total,
and presents the new sermon on two screens with its notes; sermons are then added, moved, given a
target length and deleted there."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import wait_for
from test_decks import make_pptx
from test_sharesynch_browser import (  # noqa: F401 (fixtures)
    Sermon, Screens, browser, screens, single_blank_window, two_window_driver)

WATCH_PROGRESS = """
window.__progress = [];
new MutationObserver(() => window.__progress.push(document.querySelector('#import-text').textContent))
  .observe(document.querySelector('#import-text'), {childList: true, characterData: true, subtree: true});
"""

DROP = """
const [input, zone] = arguments;
const data = new DataTransfer();
for (const file of input.files) data.items.add(file);
zone.dispatchEvent(new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));
"""


@pytest.fixture(scope="module")
def twelve_slides(tmp_path_factory):
    return make_pptx(tmp_path_factory.mktemp("deck") / "Living hope.pptx", 12)


def drop_files(driver, paths):
    """Drops files on the import zone as a file manager would (a DragEvent carrying them)."""
    input_box = driver.execute_script(
        "const i = document.createElement('input'); i.type = 'file'; i.multiple = true; i.id = 'test-drop-source';"
        "document.body.append(i); return i;")
    input_box.send_keys("\n".join(str(path) for path in paths))
    driver.execute_script(DROP, input_box, driver.find_element(By.ID, "import-zone"))


def create_series(driver, server, name, languages):
    """Makes a series with the series screen's New Series form and waits for its details."""
    driver.get(server.base + "/sharesynch")
    driver.find_element(By.ID, "new-series-open").click()
    driver.find_element(By.ID, "new-series-name").send_keys(name)
    driver.find_element(By.ID, "new-series-slides").clear()
    driver.find_element(By.ID, "new-series-slides").send_keys(languages)
    driver.find_element(By.CSS_SELECTOR, "#new-series button[type=submit]").click()
    wait_for(driver, lambda d: d.find_element(By.ID, "series-name").text == name)


def test_a_dropped_pptx_becomes_a_sermon_presented_on_two_screens(screens, server, twelve_slides):
    driver = screens.use("presenter")
    create_series(driver, server, "Hope", "en")

    driver.execute_script(WATCH_PROGRESS)
    drop_files(driver, [twelve_slides])
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "article.sermon[data-sermon='living-hope']"), 180)
    seen = driver.execute_script("return window.__progress")
    assert any("converting with LibreOffice" in text for text in seen), seen
    # Drawing 12 pages takes pdftocairo a fraction of a second, often less than one poll of the
    # page: what it shows of that stage (if anything) counts against the whole deck.
    pages = [text for text in seen if "drawing pages" in text]
    assert all(text.endswith("/12 pages") for text in pages), seen
    assert "Imported 12 slides." in seen[-1], seen
    card = driver.find_element(By.CSS_SELECTOR, "article.sermon[data-sermon='living-hope']")
    assert card.find_element(By.CSS_SELECTOR, ".meta").text == "11 slides", "the hidden slide is not counted"

    sermon = Sermon(server, "hope", "living-hope")
    assert sermon.total == 11 and len(sermon.hidden) == 1
    card.find_element(By.CSS_SELECTOR, "a.present").click()
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-live") == "1")
    screens.show_display()
    state = screens.shows_slide(sermon, 1)
    assert state["slide"] == sermon.id(1)
    presenter = screens.wait("presenter", notes=lambda notes: bool(notes) and notes.startswith("Bold italic"))
    assert "first point" in presenter["notes"]
    captions = driver.execute_script("return [...document.querySelectorAll('#thumbs .thumb .number')].map(n => n.textContent)")
    assert captions[:3] == ["1 Living hope", "2", "3 जीवित आशा"], "the slides' titles caption their thumbnails"

    screens.press(Keys.ARROW_RIGHT)
    screens.shows_slide(sermon, 2)


def test_sermons_are_added_moved_timed_and_deleted_on_the_series_screen(browser, server):
    driver = browser
    create_series(driver, server, "Acts", "en, sw")

    for english, swahili in [("Pentecost", "Pentekoste"), ("Stephen", "")]:
        driver.execute_script("document.getElementById('new-sermon-box').open = true")
        titles = driver.find_elements(By.CSS_SELECTOR, "#new-sermon-titles input")
        titles[0].send_keys(english)
        titles[1].send_keys(swahili)
        Select(driver.find_element(By.ID, "new-sermon-appeal")).select_by_value("text")
        driver.find_element(By.CSS_SELECTOR, "#new-sermon button[type=submit]").click()
        wait_for(driver, lambda d, e=english: e in d.execute_script(
            "return [...document.querySelectorAll('article.sermon h3')].map(h => h.textContent)"))

    def order():  # read in one go: the cards are drawn again after every change
        return driver.execute_script("return [...document.querySelectorAll('article.sermon')].map(a => a.dataset.sermon)")

    assert order() == ["pentecost", "stephen"]
    driver.find_element(By.CSS_SELECTOR, "article.sermon[data-sermon='stephen'] .move-up").click()
    wait_for(driver, lambda d: order() == ["stephen", "pentecost"])

    minutes = driver.find_element(By.CSS_SELECTOR, "article.sermon[data-sermon='pentecost'] .target-minutes")
    minutes.send_keys("25", Keys.TAB)
    # Until the save lands the sermon has no target, and its answer has no "seconds" at all.
    wait_for(driver, lambda d: server.get_json("/api/sharesynch/series/acts/sermons/pentecost/target").get("seconds") == 1500)

    driver.find_element(By.CSS_SELECTOR, "article.sermon[data-sermon='stephen'] .delete-sermon").click()
    driver.switch_to.alert.accept()
    wait_for(driver, lambda d: order() == ["pentecost"])


def test_the_width_slides_are_drawn_at_is_a_setting(browser, server):
    browser.get(server.base + "/sharesynch/settings")
    width = browser.find_element(By.ID, "slide-width")
    wait_for(browser, lambda d: width.get_attribute("value") == "1920")
    width.clear()
    width.send_keys("1280", Keys.TAB)
    wait_for(browser, lambda d: server.get_json("/api/sharesynch/settings")["slideWidth"] == 1280)
    width.clear()
    width.send_keys("99999", Keys.TAB)
    wait_for(browser, lambda d: "pixels wide: give 320 to 7680" in d.find_element(By.CSS_SELECTOR, "[role=alert]").text)
    assert server.get_json("/api/sharesynch/settings")["slideWidth"] == 1280
