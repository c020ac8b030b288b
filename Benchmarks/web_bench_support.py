"""What the web benchmarks share: the release server on a free loopback port, and headless Chromium."""
import contextlib
import socket
import subprocess
import time
import urllib.request
from pathlib import Path


def machine_jiffies():
    """Every core's time so far from /proc/stat, as (busy, total, steal): busy counts the host's
    steal (time the hypervisor gave to other machines while this one had work, which stretches
    every timing and no load average shows)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().splitlines()[0].split()[1:9]]
    idle = fields[3] + fields[4]  # idle and iowait
    return sum(fields) - idle, sum(fields), fields[7]


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def running_server(binary, data):
    """`scriptorium serve` on a free port with the data folder `data`; yields its base URL."""
    port = free_port()
    server = subprocess.Popen([binary, "serve", "--port", str(port), "--data", data],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/healthz").read()
                break
            except OSError:
                time.sleep(0.05)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


@contextlib.contextmanager
def headless_chromium():
    """Debian's Chromium through chromedriver, desktop-sized, closed afterwards."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    try:
        yield driver
    finally:
        driver.quit()


def print_goal(work, ours, peer, ratio, goal, met):
    """One goal row for scripts/bench_report.py, which gathers them into docs/benchmarks.md's summary."""
    print("GOAL|" + "|".join([work, ours, peer, ratio, goal, "" if met is None else ("yes" if met else "no")]))
