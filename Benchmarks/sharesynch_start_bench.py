"""ShareSynch's "application boot": `scriptorium serve` from start to listening, with a 300-slide
series installed and a 100 MB package waiting in the inbox (the seed's limit: 2 s; issue 22's
goal: 100 ms). The package has been waiting an hour (its modification time says so), so the
server installs it at once, in the background, after it listens; the time until it is installed
is shown beside. The goal is judged on the p95 of 21 starts (the second-slowest), beside the same
binary's `--help` timed in turn: one start in seven on this shared machine can take twice the
median before our code runs at all (the `--help` floor's own max was 80 ms against its 45 ms p50).

Usage: sharesynch_start_bench.py BINARY [RUNS]   (make bench passes the release binary)
"""
import json
import os
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import zlib
from pathlib import Path

from web_bench_support import free_port, print_goal

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))
from test_sharesynch_browser import solid_png  # noqa: E402  (the e2e tests' generated slides)

SLIDES = 300
SEED_LIMIT_MS = 2000
GOAL_MS = 100
INBOX_BYTES = 100 * 1000 * 1000  # the 100 MB package


def noise_png(width, height):
    """A PNG of random pixels, stored uncompressed: as many bytes as a photograph, or more."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + os.urandom(width * 3) for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 0)) + chunk(b"IEND", b""))


def pack(binary, work, series_id, picture_size, noise=False):
    """A package of one sermon of 300 image slides (solid colours, or random pixels when `noise`);
    returns its path."""
    folder = work / series_id
    (folder / "media").mkdir(parents=True)
    slides = []
    for n in range(1, SLIDES + 1):
        picture = noise_png(*picture_size) if noise else solid_png(*picture_size, (n * 37 % 256, n * 91 % 256, 9))
        (folder / "media" / f"s{n}.png").write_bytes(picture)
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
    an_hour_ago = time.time() - 3600
    os.utime(inbox / waiting.name, (an_hour_ago, an_hour_ago))
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


def bare_start(binary):
    """ms for the same binary to load and run `--help` to its end: its libraries linked and its
    runtime set up, the floor under any start-up order."""
    began = time.perf_counter()
    subprocess.run([binary, "--help"], check=True, capture_output=True)
    return (time.perf_counter() - began) * 1000


def main():
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 21
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        installed = pack(binary, work, "long", (160, 90))
        side = int((INBOX_BYTES / SLIDES / 3) ** 0.5) + 1  # square pictures of random pixels
        waiting = pack(binary, work, "inboxed", (side, side), noise=True)
        size = waiting.stat().st_size
        base = work / "data"
        subprocess.run([binary, "sharesynch", "install", str(installed), "--data", str(base)],
                       check=True, capture_output=True)
        ups, inboxes, bare = [], [], []
        for run in range(runs):
            bare.append(bare_start(binary))
            data = work / f"run{run}"
            shutil.copytree(base, data)
            up, inbox = one_start(binary, data, waiting)
            ups.append(up)
            inboxes.append(inbox)
    load = os.getloadavg()
    print("| work | ours | peer or limit | ratio | goal |")
    print("|---|---|---|---|---|")
    print(f"| serve start → listening, {SLIDES}-slide series installed, a {size / 1e6:.0f} MB package in the inbox "
          f"| {spread(ups)} | the seed's {SEED_LIMIT_MS} ms "
          f"| {tail(ups) / SEED_LIMIT_MS:.3f}× | p95 ≤ {GOAL_MS} ms {'✓' if tail(ups) <= GOAL_MS else '✗'} |")
    print(f"| floor: the same binary's `--help` from start to exit (linking and runtime alone), timed in turn "
          f"| {spread(bare)} | | | |")
    print(f"| … the inbox package ({SLIDES} slides, {size / 1e6:.0f} MB) installed in the background, from start "
          f"| {spread(inboxes)} | | | |")
    print(f"({runs} runs; p95 is the second-slowest at this count; load average {load[0]:.2f} {load[1]:.2f} "
          f"{load[2]:.2f} on {os.cpu_count()} cores at the end)")
    print(f"Command: {' '.join(sys.argv)}")
    print_goal(f"ShareSynch `serve` start → listening, {SLIDES}-slide series, {size / 1e6:.0f} MB package in the inbox "
               f"(p50 / p95 / max of {runs})", f"{statistics.median(ups):.0f} / {tail(ups):.0f} / {max(ups):.0f} ms",
               f"the seed's {SEED_LIMIT_MS} ms; `--help` start to exit, timed in turn: {spread(bare)}",
               f"{tail(ups) / GOAL_MS:.2f}× the goal", f"p95 ≤ {GOAL_MS} ms", tail(ups) <= GOAL_MS)


def tail(times):
    """The 95th percentile (nearest rank): the second-slowest of 21 runs."""
    ordered = sorted(times)
    return ordered[max(0, -(-len(ordered) * 95 // 100) - 1)]


def spread(times):
    return f"p50 {statistics.median(times):.0f} ms, p95 {tail(times):.0f} ms, max {max(times):.0f} ms"


if __name__ == "__main__":
    main()
