"""ShareSynch edit benchmark: the save latency a user's browser sees for each kind of edit (and the
loads around them) on a 300-slide sermon, over HTTP against the release server, set against the
seed's table 4.1 maxima. Prints medians and p90s of 21 runs.

Usage: sharesynch_edit_bench.py BINARY   (a release build of scriptorium; `make bench` passes it)
"""
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))
from test_sharesynch_browser import solid_png  # noqa: E402  (the e2e tests' generated pictures)
from web_bench_support import print_goal, running_server  # noqa: E402

BINARY = sys.argv[1]
SLIDES = 300
RUNS = 21


def make_series(folder):
    """A 300-slide series folder: one sermon, a solid-colour 640×360 picture and a paragraph per slide."""
    (folder / "media").mkdir(parents=True)
    slides = []
    for n in range(1, SLIDES + 1):
        (folder / "media" / f"s{n}.png").write_bytes(solid_png(640, 360, (n % 256, n * 7 % 256, n * 13 % 256)))
        slides.append({"id": f"s{n}", "kind": "image", "resource": f"media/s{n}.png",
                       "notes": {"en": f"<p>Slide {n}: <b>point</b> and <i>example</i>.</p>"}})
    (folder / "series.json").write_text(json.dumps({
        "id": "bench", "name": "Bench", "slideLanguages": ["en"], "noteLanguages": ["en"], "songs": [],
        "sermons": [{"id": "long", "title": {"en": "Long"}, "appeal": {"type": "text"}, "slides": slides}]}))


def call(base, method, path, body=None, raw=None):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", "Origin": base})
    started = time.perf_counter()
    answer = urllib.request.urlopen(request, timeout=60).read()
    return (time.perf_counter() - started) * 1000, json.loads(answer) if answer[:1] in (b"{", b"[") else None


def main():
    work = Path(tempfile.mkdtemp(prefix="sharesynch-edit-bench-"))
    make_series(work / "bench")
    subprocess.run([BINARY, "sharesynch", "pack", work / "bench", "-o", work / "bench.sspkg", "--data", work / "data"],
                   check=True, capture_output=True)
    subprocess.run([BINARY, "sharesynch", "install", work / "bench.sspkg", "--data", work / "data"],
                   check=True, capture_output=True)
    picture = solid_png(640, 360, (200, 100, 50))
    with running_server(BINARY, str(work / "data")) as base:
        edit = "/api/sharesynch/series/bench/sermons/long/edit"
        call(base, "POST", "/api/sharesynch/series/bench/variations", {"name": "Mine"})
        _, answer = call(base, "POST", f"{edit}/begin")
        ids = [slide["id"] for slide in answer["slides"]]
        rows = []

        def measure(label, seed_max_ms, action):
            times = [action(run) for run in range(RUNS)]
            times.sort()
            rows.append((label, statistics.median(times), times[int(len(times) * 0.9)], seed_max_ms))

        measure("save notes (250 ms)", 250,
                lambda run: call(base, "POST", f"{edit}/notes", {"slide": ids[run], "html": f"<p><b>v{run}</b></p>"})[0])
        measure("save visibility (250 ms)", 250,
                lambda run: call(base, "POST", f"{edit}/visibility", {"slides": [ids[run]], "hidden": run % 2 == 0})[0])
        measure("save order (250 ms)", 250,
                lambda run: call(base, "POST", f"{edit}/move", {"slide": ids[run], "to": SLIDES - 1 - run})[0])
        measure("save new slide (2 s)", 2000,
                lambda run: call(base, "POST", f"{edit}/insert?next={ids[run]}&after=1", raw=picture)[0])
        measure("duplicate (2 s)", 2000, lambda run: call(base, "POST", f"{edit}/duplicate", {"slide": ids[run]})[0])
        measure("undo (250 ms)", 250, lambda run: call(base, "POST", f"{edit}/undo")[0])
        measure("load series details (2 s)", 2000, lambda run: call(base, "GET", "/api/sharesynch/series/bench")[0])
        measure("load sermon (10 s)", 10_000,
                lambda run: call(base, "GET", "/api/sharesynch/series/bench/sermons/long/slides")[0])
        measure("create variation (5 s)", 5000,
                lambda run: call(base, "POST", "/api/sharesynch/series/bench/variations", {"name": f"V{run}"})[0])
        measure("restore sermon (7 s)", 7000, lambda run: call(base, "POST", f"{edit}/reset")[0])

    print(f"{SLIDES}-slide sermon, {RUNS} runs, through the release server's HTTP API (the seed's maximum in brackets).")
    print()
    print("| work | median | p90 | seed's maximum | ratio to it | goal |")
    print("|---|---|---|---|---|---|")
    for label, median, p90, seed_max in rows:
        met = median <= seed_max / 20
        print(f"| {label} | {median:.1f} ms | {p90:.1f} ms | {seed_max} ms | 1/{seed_max / median:.0f} "
              f"| ≤ 1/20 {'✓' if met else '✗'} |")
        print_goal(f"ShareSynch over HTTP: {label} (median)", f"{median:.1f} ms", f"the seed's maximum {seed_max} ms",
                   f"1/{seed_max / median:.0f}", "≤ 1/20", met)

if __name__ == "__main__":
    main()
