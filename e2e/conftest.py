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
from selenium.common.exceptions import StaleElementReferenceException
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
                if self.get("/healthz", timeout=1) == b"ok":
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def get(self, path, timeout=None):
        with urllib.request.urlopen(self.base + path, timeout=timeout) as response:
            return response.read()

    def get_json(self, path):
        return json.loads(self.get(path))


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path / "data").start()
    yield running
    running.stop()


# Windows that keep running timers and rendering when another window is in front.
UNTHROTTLED = ("--disable-background-timer-throttling", "--disable-renderer-backgrounding",
               "--disable-backgrounding-occluded-windows")


def chromium(*arguments, configure=None):
    """Debian's Chromium, headless, with the arguments every test uses and `arguments`;
    `configure` may set more options before it starts. It asks pages for reduced motion, as a
    reader may: a smooth scroll still moving a button when the test clicks it sends the click
    elsewhere (a CI run failed so)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
                     "--force-prefers-reduced-motion", *arguments):
        options.add_argument(argument)
    if configure:
        configure(options)
    return webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))


@pytest.fixture(scope="session")
def driver():
    chrome = chromium()
    yield chrome
    chrome.quit()


@pytest.fixture
def browser(driver):
    """The shared browser, reset to a desktop-sized window for each test."""
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.delete_all_cookies()
    yield driver


def wait_for(driver, condition, timeout=10):
    """Waits until `condition` holds; an element the page redrew while it was read counts as "not yet"."""
    return WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: condition(d))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    chrome = item.funcargs.get("browser")
    if report.when == "call" and report.failed and chrome is not None:
        ARTIFACTS.mkdir(exist_ok=True)
        chrome.save_screenshot(str(ARTIFACTS / f"{item.name}.png"))
        (ARTIFACTS / f"{item.name}.html").write_text(chrome.page_source)


class PackageSite:
    """A local HTTP server for a catalog and its packages, like a publisher's site: it honours
    `Range`, sends `chunk` bytes at a time with `delay` seconds after each package chunk (so a
    download can be paused halfway), serves the files named in `corrupted` with a byte flipped
    halfway, and with `break_first` cuts each package's first transfer off halfway (a dropped
    connection). Every request is recorded as [path, Range header, bytes sent]."""

    def __init__(self, folder, chunk=1 << 20, delay=0.0, corrupted=(), break_first=False):
        import http.server
        import threading
        self.requests = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                path = folder / self.path.lstrip("/").split("?")[0]
                if not path.is_file():
                    self.send_error(404)
                    return
                data = path.read_bytes()
                if path.name in corrupted:
                    middle = len(data) // 2
                    data = data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1:]
                wanted = self.headers.get("Range")
                record = [self.path, wanted, 0]
                outer.requests.append(record)
                start = int(wanted.split("=")[1].split("-")[0]) if wanted else 0
                if wanted:
                    self.send_response(206)
                    self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
                else:
                    self.send_response(200)
                self.send_header("Accept-Ranges", "bytes")
                body = data[start:]
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                package = path.suffix == ".sspkg"
                if package and break_first and len(outer.package_requests(path.name)) == 1:
                    body = body[: len(body) // 2]
                try:
                    for at in range(0, len(body), chunk):
                        self.wfile.write(body[at:at + chunk])
                        self.wfile.flush()
                        record[2] += len(body[at:at + chunk])
                        if package and delay:
                            time.sleep(delay)
                except (BrokenPipeError, ConnectionResetError):
                    return
                if record[2] < len(data) - start:
                    self.connection.shutdown(2)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def package_requests(self, name):
        """The requests for the package file `name`."""
        return [r for r in self.requests if r[0] == f"/{name}"]

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
