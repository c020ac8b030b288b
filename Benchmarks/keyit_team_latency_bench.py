"""Key It teams, device to device: a hub (`scriptorium hub serve`) and two `scriptorium serve`
processes with their own data folders on loopback, both joined to one Bible. Device A saves a
verse over its API EDITS times, SPACING_MS apart; each time, device B's chapter API is read every
millisecond or so until it shows the text. That is save → A's sync loop → hub → live socket → B's
sync → B's database. Prints the median and the 99th percentile, the load average and the command.

Usage: keyit_team_latency_bench.py BINARY [EDITS]
"""
import json
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))
from conftest import CLI, Server  # noqa: E402
import conftest  # noqa: E402
import test_keyit_team_browser  # noqa: E402

SPACING_MS = 400


def put(base, path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="PUT", headers={
        "Content-Type": "application/json", "Origin": base})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def verse_one(server):
    chapter = server.get_json("/api/keyit/bibles/1/books/RUT/chapters/1")
    return next(item for item in chapter["items"] if item["type"] == "Verse" and item["verse"] == 1)


def main():
    conftest.BINARY = test_keyit_team_browser.BINARY = sys.argv[1]
    edits = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        hub = test_keyit_team_browser.Hub(folder / "hub")
        a_cli, b_cli = CLI(folder / "a"), CLI(folder / "b")
        a_cli.run("init", "--name", "Latency")
        a_cli.run("items", "RUT", "1")
        uid = a_cli.json("bibles")[0]["uid"]
        hub.start()
        a = b = None
        try:
            a_cli.run("team", "join", hub.address, "--token", hub.invite(f"keyit:{uid}", "A"), "--bible", uid)
            b_cli.run("team", "join", hub.address, "--token", hub.invite(f"keyit:{uid}", "B"), "--bible", uid)
            a, b = Server(folder / "a").start(), Server(folder / "b").start()
            item = verse_one(a)["id"]
            time.sleep(2)  # both live sockets open
            delays = []
            for n in range(edits):
                text = f"In the days when the judges ruled ({n})"
                start = time.perf_counter()
                put(a.base, f"/api/keyit/bibles/1/items/{item}/text", {"text": text})
                while verse_one(b)["text"] != text:
                    assert time.perf_counter() - start < 10, f"edit {n} never reached B"
                    time.sleep(0.001)
                delays.append((time.perf_counter() - start) * 1000)
                time.sleep(SPACING_MS / 1000)
        finally:
            for process in (a, b, hub):
                if process:
                    process.stop()
    delays.sort()
    p50, p99 = delays[len(delays) // 2], delays[min(len(delays) - 1, int(len(delays) * 0.99))]
    load = open("/proc/loadavg").read().split()[0]
    print(f"| A's save shown by B's API, 2 devices, {edits} edits {SPACING_MS} ms apart | p50 {p50:.0f} ms, "
          f"p99 {p99:.0f} ms | load {load} | `{' '.join(['python', *sys.argv])}` |")


if __name__ == "__main__":
    main()
