"""Shared fixtures for Scriptorium's end-to-end tests: the built binary, its command line, a live
server on a free port with its own data folder, and headless Chromium. A failing test leaves a
screenshot and the page source in e2e/artifacts/."""
import json
import os
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parent.parent
BINARY = os.environ.get("SCRIPTORIUM_BIN", str(REPO / ".build/debug/scriptorium"))
FIXTURES = REPO / "Tests/Fixtures/usfm"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


class CLI:
    """Runs `scriptorium keyit …` against one data folder."""

    def __init__(self, data):
        self.data = str(data)

    def run(self, *args, check=True):
        result = subprocess.run([BINARY, "keyit", *map(str, args), "--data", self.data],
                                capture_output=True, text=True)
        if check and result.returncode != 0:
            raise AssertionError(f"keyit {' '.join(map(str, args))} failed: {result.stderr}")
        return result

    def json(self, *args):
        return json.loads(self.run(*args, "--json").stdout)


@pytest.fixture
def cli(tmp_path):
    return CLI(tmp_path / "data")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """`scriptorium serve` on a free loopback port with its own data folder."""

    def __init__(self, data, *options):
        self.data = data
        self.options = [str(option) for option in options]
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.cli = CLI(data)
        self.process = None

    def start(self):
        self.process = subprocess.Popen([BINARY, "serve", "--port", str(self.port), "--data", str(self.data), *self.options],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                if urllib.request.urlopen(f"{self.base}/healthz", timeout=1).read() == b"ok":
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def get(self, path):
        with urllib.request.urlopen(self.base + path) as response:
            return response.read()

    def get_json(self, path):
        return json.loads(self.get(path))


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path / "data").start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(argument)
    chrome = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    yield chrome
    chrome.quit()


@pytest.fixture
def browser(driver):
    """The shared browser, reset to a desktop-sized window for each test."""
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.delete_all_cookies()
    yield driver


def wait_for(driver, condition, timeout=10):
    return WebDriverWait(driver, timeout).until(lambda d: condition(d))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    chrome = item.funcargs.get("browser")
    if report.when == "call" and report.failed and chrome is not None:
        ARTIFACTS.mkdir(exist_ok=True)
        chrome.save_screenshot(str(ARTIFACTS / f"{item.name}.png"))
        (ARTIFACTS / f"{item.name}.html").write_text(chrome.page_source)
