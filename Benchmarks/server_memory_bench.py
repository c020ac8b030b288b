"""The server's memory with all four apps open in a browser and idle (issue 22: RSS ≤ 80 MB, release
build). `scriptorium serve` on a fresh data folder with a 300-slide series installed; one headless
Chromium opens Key It, Phrasebook, Lexikon and ShareSynch, each in a tab of its own, and stays
idle. /proc/PID/status is read when the server answers /healthz, and after IDLE_SECONDS idle with the
four tabs open: VmRSS (what the goal counts), VmHWM (the peak), and RssAnon / RssFile (the heap
and stacks against the mapped binary and libraries). Each run is a new server and browser.

Usage: server_memory_bench.py BINARY [RUNS]   (make bench passes the release binary)
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sharesynch_start_bench import pack
from web_bench_support import print_goal, running_server

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))
from conftest import chromium, wait_for  # noqa: E402

GOAL_MB = 80
IDLE_SECONDS = 5
APPS = ("/keyit", "/phrasebook", "/lexikon", "/sharesynch")
FIELDS = ("VmRSS", "VmHWM", "RssAnon", "RssFile", "Threads")


def status(pid):
    """The FIELDS of /proc/PID/status, memory in MB."""
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in FIELDS:
            number = int(value.split()[0])
            values[name] = number if name == "Threads" else number / 1024
    return values


def server_pid(port):
    """The pid of the process listening on `port` (the server itself, not a shell around it)."""
    listing = subprocess.run(["ss", "-Hltnp", f"sport = :{port}"], capture_output=True, text=True).stdout
    return int(listing.split("pid=")[1].split(",")[0])


def one_run(binary, data):
    """Returns (status when listening, status after the four apps opened and IDLE_SECONDS idle)."""
    with running_server(binary, str(data)) as base:
        pid = server_pid(int(base.rsplit(":", 1)[1]))
        listening = status(pid)
        browser = chromium()
        try:
            for number, path in enumerate(APPS):
                if number:
                    browser.switch_to.new_window("tab")
                browser.get(base + path)
                wait_for(browser, lambda d: d.execute_script("return document.readyState") == "complete", 30)
            time.sleep(IDLE_SECONDS)
            return listening, status(pid)
        finally:
            browser.quit()


def row(label, samples):
    medians = {field: statistics.median(sample[field] for sample in samples) for field in FIELDS}
    return f"| {label} | " + " | ".join(
        f"{value:.0f}" if field == "Threads" else f"{value:.1f} MB" for field, value in medians.items()) + " |"


def main():
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        base = work / "data"
        subprocess.run([binary, "sharesynch", "install", str(pack(binary, work, "long", (160, 90))),
                        "--data", str(base)], check=True, capture_output=True)
        results = []
        for run in range(runs):
            data = work / f"run{run}"
            shutil.copytree(base, data)
            results.append(one_run(binary, data))
    load = os.getloadavg()
    idle = [after for _, after in results]
    worst = max(sample["VmRSS"] for sample in idle)
    print(f"| server process (median of {runs} runs) | " + " | ".join(FIELDS) + " |")
    print("|---|" + "---|" * len(FIELDS))
    print(row("listening, no page opened", [listening for listening, _ in results]))
    print(row(f"Key It, Phrasebook, Lexikon and ShareSynch open in Chromium, {IDLE_SECONDS} s idle", idle))
    print(f"\nGoal: VmRSS ≤ {GOAL_MB} MB with the four apps open and idle: worst run {worst:.1f} MB "
          f"{'✓' if worst <= GOAL_MB else '✗'}.")
    print(f"Load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores at the end.")
    print(f"Command: {' '.join(sys.argv)}")
    print_goal("Server memory, the four apps open in Chromium and idle, release build (worst of runs)",
               f"{worst:.1f} MB RSS", f"{GOAL_MB} MB", f"{worst / GOAL_MB:.2f}×", f"≤ {GOAL_MB} MB", worst <= GOAL_MB)


if __name__ == "__main__":
    main()
