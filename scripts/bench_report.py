"""Runs every benchmark once and writes docs/benchmarks.md from that one run (`make bench`).

Each benchmark prints Markdown: its own tables, and one line per goal of the performance issue,
`GOAL|work|ours|peer or limit (same run)|ratio|goal|met` (met is yes, no or blank). This script
records the machine, the commit and whether the tree was clean, the load average before and after
each benchmark and the host's steal while it ran, gathers the goal lines into the summary at the
top and puts each benchmark's own output below it, under the command that produced it. A benchmark
that fails is reported as failed and makes the script exit non-zero after the file is written.

Usage: python3 scripts/bench_report.py [OUTPUT]   (run from the repository root; OUTPUT defaults
to docs/benchmarks.md; BENCH_ONLY=name,name runs only those benchmarks, for trying one out)
"""
import os
import platform
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Benchmarks"))
from web_bench_support import machine_jiffies  # noqa: E402  (the benchmarks' own helpers)

PYTHON = ".venv/bin/python"
SERVER = ".build/release/scriptorium"
# (name, title, command): in the order they run; the browser ones last, after the CPU-bound ones.
BENCHMARKS = [
    ("keyit", "Key It: create, import, export", [".build/release/keyit-benchmark"]),
    ("phrasebook", "Phrasebook: import, search as you type, FSRS", [".build/release/phrasebook-benchmark"]),
    ("lexikon", "Lexikon: lookups from dictd files and over DICT", [".build/release/lexikon-benchmark"]),
    ("sharesynch", "ShareSynch: packages and series", [".build/release/sharesynch-benchmark"]),
    ("hub", "Key It teams through the hub", [".build/release/hub-benchmark"]),
    ("keyit_web", "Key It over HTTP: autosave, first render",
     [PYTHON, "Benchmarks/keyit_web_bench.py", SERVER]),
    ("phrasebook_web", "Phrasebook in Chromium: keystroke to results",
     [PYTHON, "Benchmarks/phrasebook_web_bench.py", SERVER]),
    ("sharesynch_edit", "ShareSynch edits over HTTP", [PYTHON, "Benchmarks/sharesynch_edit_bench.py", SERVER]),
    ("sharesynch_start", "ShareSynch start with a long series and a full inbox",
     [PYTHON, "Benchmarks/sharesynch_start_bench.py", SERVER]),
    ("server_memory", "Server memory with the four apps open", [PYTHON, "Benchmarks/server_memory_bench.py", SERVER]),
    ("sharesynch_latency", "ShareSynch in the hall: key press to every screen",
     [PYTHON, "Benchmarks/sharesynch_latency_bench.py", SERVER]),
    ("sharesynch_import", "ShareSynch slide import against LibreOffice",
     [PYTHON, "Benchmarks/sharesynch_import_bench.py", SERVER]),
]


def load():
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def steal_percent(before, after):
    """The host's steal between two `machine_jiffies`, in percent of every core's time."""
    total = after[1] - before[1]
    return 100 * (after[2] - before[2]) / total if total else 0.0


def settle(quiet=0.5, limit=180):
    """Waits, at most `limit` seconds, until the 1-minute load average is below `quiet`: `make bench`
    builds just before, and the first benchmark run straight after the builds once took 1.7 times as
    long for the small Key It import as on the settled machine a few minutes later. Returns the
    seconds waited and the load average then."""
    subprocess.run(["sync"], check=False)
    start = time.monotonic()
    while time.monotonic() - start < limit and float(load().split()[0]) >= quiet:
        time.sleep(5)
    return time.monotonic() - start, load()


def git(*arguments):
    return subprocess.run(["git", *arguments], capture_output=True, text=True).stdout.strip()


def machine():
    model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), platform.processor())
    memory = next(int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines()
                  if line.startswith("MemTotal"))
    return f"{os.cpu_count()} cores ({model}), {memory / 1024 / 1024:.0f} GiB, {platform.system()} {platform.release()}"


def run(name, title, command):
    """Runs one benchmark; returns its section of the document, its goal rows, whether it passed and
    the host's steal while it ran (percent)."""
    before, start, cpu_before = load(), time.monotonic(), machine_jiffies()
    result = subprocess.run(command, capture_output=True, text=True)
    seconds, after, steal = time.monotonic() - start, load(), steal_percent(cpu_before, machine_jiffies())
    goals, body = [], []
    for line in result.stdout.splitlines():
        if line.startswith("GOAL|"):
            goals.append(line.split("|")[1:])
        else:
            body.append(line)
    section = [f"## {title}", "",
               f"Command: `{' '.join(command)}` — {seconds:.0f} s, load average {before} before and {after} after; "
               f"the host's steal {steal:.1f}% of the cores' time.",
               ""]
    # Plain text (aligned columns) is kept as it was printed; Markdown tables are shown as tables.
    section += body if any(line.startswith("|") for line in body) else ["```", *body, "```"]
    if result.returncode != 0:
        section += ["", f"**Failed** (exit {result.returncode}):", "", "```",
                    *result.stderr.strip().splitlines()[-30:], "```"]
    print(f"{name}: {seconds:.0f} s, exit {result.returncode}", file=sys.stderr)
    return "\n".join(section).rstrip() + "\n", goals, result.returncode == 0, steal


def main():
    output = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/benchmarks.md")
    only = set(filter(None, os.environ.get("BENCH_ONLY", "").split(",")))
    commit, dirty = git("rev-parse", "--short", "HEAD"), git("status", "--porcelain", "--untracked-files=no")
    waited, settled_load = settle()
    started = datetime.now(timezone.utc)
    sections, goals, failed, steals = [], [], [], []
    for name, title, command in BENCHMARKS:
        if only and name not in only:
            continue
        section, rows, passed, steal = run(name, title, command)
        steals.append(f"{name} {steal:.1f}%")
        sections.append(section)
        goals += rows
        if not passed:
            failed.append(name)
    finished = datetime.now(timezone.utc)
    met = sum(row[-1] == "yes" for row in goals)
    missed = sum(row[-1] == "no" for row in goals)
    header = [
        "# Benchmarks", "",
        "Back to the [README](../README.md). This file is written by `make bench` "
        "(`scripts/bench_report.py`) from one run of every benchmark; do not edit it by hand. "
        "Why the figures are what they are (profiles, what was tried, what would move them) is in "
        "[Performance notes](performance-notes.md); reliability figures are in [Reliability](reliability.md).", "",
        f"- Run: {started:%Y-%m-%d %H:%M} to {finished:%H:%M} UTC, commit `{commit}`"
        + (" with local changes" if dirty else ", clean checkout") + ".",
        f"- Machine: {machine()}.",
        f"- Started once the builds had settled: {waited:.0f} s waited for the 1-minute load average to fall "
        f"below 0.5 (at most 180 s); it was then {settled_load}.",
        "- Every peer was measured in the same run as our figure; p50 is the median, p99 the 99th "
        "percentile (nearest rank). Timed figures on a shared machine move with its load and with the "
        "host's steal (/proc/stat: time the hypervisor gave to other machines while this one had work, "
        "which no load average shows); both are given for each benchmark"
        + (f" (steal: {', '.join(steals)})." if steals else "."),
    ]
    if only:
        header.append(f"- Only these benchmarks ran: {', '.join(sorted(only))}.")
    if failed:
        header.append(f"- **Failed:** {', '.join(failed)} (their sections say why).")
    header += ["", "## Goals", "",
               f"{met} met, {missed} missed" + (f", {len(goals) - met - missed} without a verdict" if len(goals) > met + missed else "") + ".", "",
               "| work | ours | peer or limit, same run | ratio | goal | met |", "|---|---|---|---|---|---|"]
    header += ["| " + " | ".join(row[:5] + [{"yes": "✓", "no": "✗"}.get(row[5], "")]) + " |"
               for row in goals if len(row) == 6]
    output.write_text("\n".join(header) + "\n\n" + "\n".join(sections))
    print(f"wrote {output}: {met} goals met, {missed} missed, {len(failed)} benchmarks failed", file=sys.stderr)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
