#!/usr/bin/env python3
"""Takes the README's screenshots: one 1280x800 PNG per app, written to docs/screenshots/.

    .venv/bin/python scripts/screenshots.py .build/debug/scriptorium [--out docs/screenshots] [--port 8899]

It makes a fresh data folder in a temporary directory, fills it through the command line (the
WEB's Ruth, 1 John and 3 John for Key It; a small English-Welsh phrasebook; a few Swedish words
looked up in Lexikon, which needs the FreeDict dictionaries that scripts/setup.sh installs), starts
`BINARY serve` on that folder, opens each app's page in headless Chromium (selenium with Debian's
chromium and chromium-driver, like e2e/conftest.py) and saves the pictures. ShareSynch shows its
demo series, which `serve` installs on a fresh data folder. The binary finds its resource bundles
(Scriptorium_WebApp.resources, …) next to itself, so copy them along if you copy it.
"""
import argparse
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parent.parent
USFM = REPO / "Tests/Fixtures/usfm"
WIDTH, HEIGHT = 1280, 800

WELSH_PAIRS = [
    ("now", "rŵan", ["--area", "North", "--tag", "time"]),
    ("now", "nawr", ["--area", "South", "--tag", "time"]),
    ("water", "dŵr", ["--type", "noun", "--context", "to drink", "--area", "Both", "--tag", "nature",
                      "--tag", "drinks"]),
    ("milk", "llaeth", ["--type", "noun", "--area", "South", "--tag", "drinks"]),
    ("milk", "llefrith", ["--type", "noun", "--area", "North", "--tag", "drinks"]),
    ("good morning", "bore da", ["--type", "phrase", "--tag", "greetings"]),
    ("thank you", "diolch", ["--type", "phrase", "--tag", "greetings"]),
    ("church", "eglwys", ["--type", "noun", "--tag", "places"]),
    ("mountain", "mynydd", ["--type", "noun", "--tag", "nature"]),
    ("house", "tŷ", ["--type", "noun", "--tag", "places"]),
    ("bread", "bara", ["--type", "noun", "--tag", "food"]),
    ("cheese", "caws", ["--type", "noun", "--tag", "food"]),
    ("to go", "mynd", ["--type", "verb"]),
    ("to speak", "siarad", ["--type", "verb", "--note", "Dw i'n siarad Cymraeg"]),
    ("sea", "môr", ["--type", "noun", "--tag", "nature"]),
    ("Wales", "Cymru", ["--type", "noun", "--tag", "places"]),
    ("tree", "coeden", ["--type", "noun", "--tag", "nature"]),
]
SWEDISH_WORDS = ["katt", "hus", "vatten", "bok", "hund", "år", "äpple", "öga"]


def run(binary, data, *args):
    result = subprocess.run([binary, *args, "--data", str(data)], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"scriptorium {' '.join(args)} failed: {result.stderr.strip()}")
    return result.stdout


def fill(binary, data):
    """Puts realistic data in through the command line."""
    run(binary, data, "keyit", "init", "--name", "World English Bible")
    run(binary, data, "keyit", "import", *map(str, sorted(USFM.glob("*.usfm"))))
    run(binary, data, "phrasebook", "new", "Cymraeg", "--languages", "en:English,cy:Welsh")
    for one, two, options in WELSH_PAIRS:
        run(binary, data, "phrasebook", "add", one, two, *options)
    for word in SWEDISH_WORDS:
        run(binary, data, "lexikon", "lookup", word, "--from", "sv", "--to", "en")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(binary, data, port):
    process = subprocess.Popen([binary, "serve", "--port", str(port), "--data", str(data)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            if urllib.request.urlopen(base + "/healthz", timeout=1).read() == b"ok":
                return process, base
        except OSError:
            time.sleep(0.1)
    process.terminate()
    sys.exit("the server did not start")


def chromium():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                     f"--window-size={WIDTH},{HEIGHT}", "--force-device-scale-factor=1",
                     "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                     "--disable-backgrounding-occluded-windows"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    return driver


def viewport(driver):
    """Makes the page exactly WIDTH x HEIGHT CSS pixels (the window's frame would take some)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False})


def wait_for(driver, condition, timeout=15):
    return WebDriverWait(driver, timeout).until(lambda d: condition(d))


def settle(driver):
    """Waits for fonts and pictures, then a frame."""
    driver.execute_async_script("""
const done = arguments[arguments.length - 1];
const pictures = [...document.images].filter(i => !i.complete)
  .map(i => new Promise(r => { i.onload = i.onerror = r; }));
Promise.all([document.fonts.ready, ...pictures]).then(() => requestAnimationFrame(() => setTimeout(done, 300)));
""")


def shoot(driver, path):
    settle(driver)
    driver.execute_script("document.activeElement && document.activeElement.blur && "
                          "document.activeElement !== document.body && document.activeElement.blur()")
    driver.save_screenshot(str(path))
    print(f"{path} ({path.stat().st_size // 1024} KB)")


def key_it(driver, base, out):
    """Key It's edit screen in Tok Pisin (the interface language; the book names stay English)."""
    driver.get(base + "/healthz")
    driver.add_cookie({"name": "scriptorium_lang", "value": "tpi"})
    driver.get(base + "/keyit/books/RUT/1")
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "textarea, input[type=text]"))
    driver.execute_script("window.scrollTo(0, 0)")
    shoot(driver, out / "keyit.png")
    driver.delete_cookie("scriptorium_lang")


def phrasebook(driver, base, out):
    driver.get(base + "/phrasebook")
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#pairs li")) >= 10)
    shoot(driver, out / "phrasebook.png")


def lexikon(driver, base, out):
    driver.get(base + "/lexikon")
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#cached-words .cached-word")) == len(SWEDISH_WORDS))
    # An inflected word as text has it finds its lemma (Hunspell); the search field is cleared
    # afterwards so that the whole alphabetical list shows with its letter index.
    field = driver.find_element(By.ID, "word")
    field.send_keys("hundar", Keys.ENTER)
    wait_for(driver, lambda d: "hundar → hund (plural)" in d.find_element(By.ID, "entries").text)
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#cached-words .cached-word")) == len(SWEDISH_WORDS))
    shoot(driver, out / "lexikon.png")


def share_synch(driver, base, out):
    """The presenter view of the demo sermon on its second slide, with a display connected in a
    window of its own (so the presenter shows no 'no display' warning)."""
    presenter = driver.current_window_handle
    driver.get(base + "/sharesynch/present?series=demo&sermon=welcome")
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-live") == "1")
    driver.switch_to.new_window("window")
    driver.get(base + "/sharesynch/display")
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-live") == "1")
    display = driver.current_window_handle
    driver.switch_to.window(presenter)
    viewport(driver)
    wait_for(driver, lambda d: not d.find_element(By.ID, "display-alert").is_displayed())
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    wait_for(driver, lambda d: d.find_element(By.ID, "counter").text.startswith("2/"))
    time.sleep(1)  # the previews' fade
    shoot(driver, out / "sharesynch.png")
    driver.switch_to.window(display)
    driver.close()
    driver.switch_to.window(presenter)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?", default=str(REPO / ".build/debug/scriptorium"),
                        help="the scriptorium executable (default: .build/debug/scriptorium)")
    parser.add_argument("--out", default=str(REPO / "docs/screenshots"), help="where the PNG files go")
    parser.add_argument("--port", type=int, default=0, help="port for the server (default: a free one)")
    arguments = parser.parse_args()
    binary = str(Path(arguments.binary).resolve())
    out = Path(arguments.out)
    out.mkdir(parents=True, exist_ok=True)

    with tempfile.TemporaryDirectory(prefix="scriptorium-shots-") as folder:
        data = Path(folder) / "data"
        fill(binary, data)
        server, base = serve(binary, data, arguments.port or free_port())
        driver = chromium()
        try:
            viewport(driver)
            key_it(driver, base, out)
            phrasebook(driver, base, out)
            lexikon(driver, base, out)
            share_synch(driver, base, out)
        finally:
            driver.quit()
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
