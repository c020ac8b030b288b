"""ShareSynch's "application boot": `scriptorium serve` from start to listening, with a 300-slide
series installed and a package waiting in the inbox (the seed's limit: 2 s). The inbox must be
installed in the background, after the server listens; the time until it is installed is shown
beside.

Usage: sharesynch_start_bench.py BINARY [RUNS]   (make bench passes the release binary)
"""
import json
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from web_bench_support import free_port

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))
from test_sharesynch_browser import solid_png  # noqa: E402  (the e2e tests' generated slides)

SLIDES = 300
SEED_LIMIT_MS = 2000


def pack(binary, work, series_id, picture_size):
    """A package of one sermon of 300 image slides; returns its path."""
    folder = work / series_id
    (folder / "media").mkdir(parents=True)
    slides = []
    for n in range(1, SLIDES + 1):
        (folder / "media" / f"s{n}.png").write_bytes(solid_png(*picture_size, (n * 37 % 256, n * 91 % 256, 9)))
        slides.append({"id": f"s{n}", "kind": "image", "resource": f"media/s{n}.png",
                       "notes": {"en": f"<p>Slide {n}.</p>"}})
    series = {"id": series_id, "name": series_id, "slideLanguages": ["en"], "noteLanguages": ["en"], "songs": [],
              "sermons": [{"id": "marathon", "title": {"en": "Marathon"}, "appeal": {"type": "text"},
                           "slides": slides}]}
    (folder / "series.json").write_text(json.dumps(series))
    package = work / f"{series_id}.sspkg"
    subprocess.run([binary, "sharesynch", "pack", str(folder), "-o", str(package), "--data", str(work / "pack-data")],
                   check=True, capture_output=True)
    return package


def listening(port):
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


def one_start(binary, data, waiting):
    """Starts serve once on a fresh copy of `data` with `waiting` in its inbox; returns
    (ms to listening, ms to the inbox installed)."""
    port = free_port()
    inbox = data / "inbox"
    inbox.mkdir(exist_ok=True)
    shutil.copy(waiting, inbox / waiting.name)
    began = time.perf_counter()
    server = subprocess.Popen([binary, "serve", "--port", str(port), "--data", str(data)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while not listening(port):
            time.sleep(0.001)
        up = (time.perf_counter() - began) * 1000
        while True:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/sharesynch/series") as response:
                if any(series["id"] == "inboxed" for series in json.load(response)):
                    break
            time.sleep(0.01)
        return up, (time.perf_counter() - began) * 1000
    finally:
        server.terminate()
        server.wait(timeout=10)


def main():
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        installed = pack(binary, work, "long", (160, 90))
        waiting = pack(binary, work, "inboxed", (640, 360))
        size = waiting.stat().st_size
        base = work / "data"
        subprocess.run([binary, "sharesynch", "install", str(installed), "--data", str(base)],
                       check=True, capture_output=True)
        ups, inboxes = [], []
        for run in range(runs):
            data = work / f"run{run}"
            shutil.copytree(base, data)
            up, inbox = one_start(binary, data, waiting)
            ups.append(up)
            inboxes.append(inbox)
    print(f"| serve start → listening, {SLIDES}-slide series installed, a package in the inbox "
          f"| p50 {statistics.median(ups):.0f} ms, max {max(ups):.0f} ms | the seed's {SEED_LIMIT_MS} ms "
          f"| {statistics.median(ups) / SEED_LIMIT_MS:.3f}× | ≤ 1× {'✓' if max(ups) <= SEED_LIMIT_MS else '✗'} |")
    print(f"| … the inbox package ({SLIDES} slides) installed in the background, from start "
          f"| p50 {statistics.median(inboxes):.0f} ms | | | |")
    print(f"({runs} runs; max stands in for p99 at this count; package {size // 1024} KB)")


if __name__ == "__main__":
    main()
