"""ShareSynch's slide import: a 60-slide .pptx with a picture on every slide, imported by
`scriptorium sharesynch import` (LibreOffice to PDF, pdftoppm to 1920-px PNGs, notes from the
XML, the sermon saved), against LibreOffice's own `soffice --convert-to pdf` of the same file in
the same run with a warm profile (as a user's LibreOffice has). LibreOffice's start-up is reported separately: `soffice`
converting a 4-slide deck with a fresh profile, and Scriptorium's first import in a data folder
(which also makes the template profile every later import copies). Goal: the whole import within
1.5× of the conversion alone.

Usage: sharesynch_import_bench.py BINARY [RUNS]   (make bench passes the release binary)
"""
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))
from test_decks import make_pptx  # noqa: E402  (the e2e tests' deck maker)
from web_bench_support import print_goal  # noqa: E402

SLIDES = 60
GOAL = 1.5


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - start


def soffice_alone(deck, work, run):
    """`soffice --convert-to pdf` with the run's profile (fresh at its first use, then warm)."""
    profile = work / f"profile-{run}"
    return timed(["soffice", "--headless", "--norestore", f"-env:UserInstallation=file://{profile}",
                  "--convert-to", "pdf", "--outdir", str(work / f"pdf-{run}"), str(deck)])


def main():
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    work = Path(tempfile.mkdtemp(prefix="import-bench-"))
    try:
        deck = make_pptx(work / "sixty.pptx", SLIDES, pictures=True)
        tiny = make_pptx(work / "tiny.pptx", 4)
        startup, first, alone, imported = [], [], [], []
        for run in range(runs):
            startup.append(soffice_alone(tiny, work, run))  # makes the profile the next conversion reuses
            alone.append(soffice_alone(deck, work, run))
            data = work / f"data-{run}"
            subprocess.run([binary, "sharesynch", "create", "Bench", "--data", str(data)], check=True,
                           capture_output=True)
            first.append(timed([binary, "sharesynch", "import", str(tiny), "--series", "bench", "--sermon",
                                "Warm-up", "--data", str(data)]))
            imported.append(timed([binary, "sharesynch", "import", str(deck), "--series", "bench", "--sermon",
                                   f"Run {run}", "--data", str(data)]))
        start, warm_up, pdf, whole = (statistics.median(values) for values in (startup, first, alone, imported))
        ratio = whole / pdf
        print(f"A {SLIDES}-slide .pptx with pictures, median of {runs} runs.")
        print()
        print("| work | time |")
        print("|---|---|")
        print(f"| LibreOffice start-up (fresh profile, 4-slide deck) | {start:.2f} s |")
        print(f"| first import of a 4-slide deck in a data folder | {warm_up:.2f} s |")
        print(f"| `soffice --convert-to pdf` alone (warm profile) | {pdf:.2f} s ({pdf / SLIDES * 1000:.0f} ms/slide) |")
        print(f"| `scriptorium sharesynch import` (JPEG at 1920 px) | {whole:.2f} s ({whole / SLIDES * 1000:.0f} ms/slide) |")
        print_goal(f"ShareSynch import of a {SLIDES}-slide .pptx (median)", f"{whole:.2f} s",
                   f"LibreOffice's conversion alone {pdf:.2f} s", f"{ratio:.2f}×", f"≤ {GOAL}×", ratio <= GOAL)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
