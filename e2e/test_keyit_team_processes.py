"""Key It for teams across real processes and a bad network: a hub (SQLite, then PostgreSQL) and
three `serve` devices on their own loopback addresses (127.0.0.2–4) and data folders, each
reaching the hub through a fault-injecting proxy that cuts, stalls and truncates the link. The
devices save verses (hot verses collide) while links fail and devices are killed with SIGKILL
mid-sync and started again. When the network heals, every device must hold the same log (every
acknowledged save in it), the same chapter and the same conflicts, read from their databases."""
import glob
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import pytest

from conftest import BINARY, CLI, free_port
from fault_proxy import FaultProxy
from test_keyit_team_browser import Hub

HOSTS = ["127.0.0.2", "127.0.0.3", "127.0.0.4"]
HOT_VERSES = [1, 2, 3]


class Postgres:
    """A throwaway PostgreSQL server (initdb and pg_ctl from Debian's `postgresql`) in a temporary
    folder, on a loopback TCP port; as root its tools run as the `postgres` user."""

    def __init__(self):
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        assert found, "PostgreSQL is not installed: run scripts/setup.sh (make test does)"
        self.bin = os.path.dirname(found[-1])
        self.folder = tempfile.mkdtemp(prefix="scriptorium-pg-")
        self.port = free_port()
        if os.getuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        data = os.path.join(self.folder, "data")
        self._run("initdb", "-D", data, "-U", "hub", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale", "C")
        self._run("pg_ctl", "-D", data, "-l", os.path.join(self.folder, "log"), "-w", "-t", "60", "-o",
                  f"-c listen_addresses=127.0.0.1 -k {self.folder} -p {self.port} -c fsync=off", "start")
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "hub", "hub")
        self.url = f"postgres://hub@127.0.0.1:{self.port}/hub"

    def _run(self, tool, *arguments):
        command = [os.path.join(self.bin, tool), *arguments]
        if os.getuid() == 0:
            command = ["/usr/sbin/runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, cwd="/tmp")

    def stop(self):
        self._run("pg_ctl", "-D", os.path.join(self.folder, "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


class Device:
    """One keyboarder's `serve`, on its own loopback address, syncing every second."""

    def __init__(self, folder, host, name):
        self.cli = CLI(folder)
        self.folder = folder
        self.host = host
        self.name = name
        self.port = free_port()
        self.base = f"http://{host}:{self.port}"
        self.process = None
        self.items = {}

    def start(self):
        self.process = subprocess.Popen(
            [BINARY, "serve", "--host", self.host, "--port", str(self.port), "--data", str(self.folder),
             "--sync-interval", "1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        while True:
            try:
                if urllib.request.urlopen(self.base + "/healthz", timeout=1).read() == b"ok":
                    return
            except OSError:
                assert time.time() < deadline and self.process.poll() is None, f"{self.name} did not start"
                time.sleep(0.1)

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self.process = None

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=15) as response:
            return json.loads(response.read() or b"null")

    def save(self, verse, text):
        """Saves a verse's text; True only when the server acknowledged it."""
        try:
            return self.call("PUT", f"/api/keyit/bibles/1/items/{self.items[verse]}/text", {"text": text})["text"] == text
        except (urllib.error.URLError, OSError):
            return False

    def database(self):
        connection = sqlite3.connect(f"file:{self.folder}/keyit.sqlite?mode=ro", uri=True, timeout=30)
        try:
            assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok", f"{self.name}'s database"
            log = set(connection.execute("SELECT device, counter, clock, payload FROM KeyItChanges"))
            conflicts = {row[0]: (row[1], row[2]) for row in
                         connection.execute("SELECT conflictID, open, conflict FROM KeyItConflicts")}
            return log, conflicts
        finally:
            connection.close()

    def chapter(self):
        return self.cli.run("export", "RUT", "1").stdout


def settle(devices, timeout=90):
    """Waits until no device has anything left to send and all hold the same log and chapter."""
    deadline = time.time() + timeout
    while True:
        statuses = [device.call("GET", "/api/keyit/bibles/1/sync") for device in devices]
        logs = [device.database()[0] for device in devices]
        if all(status["unsent"] == 0 for status in statuses) and all(log == logs[0] for log in logs):
            chapters = [device.chapter() for device in devices]
            if all(chapter == chapters[0] for chapter in chapters):
                return
        assert time.time() < deadline, f"the devices did not converge: {statuses}, logs {[len(log) for log in logs]}"
        time.sleep(0.5)


@pytest.mark.parametrize("store", ["sqlite", "postgres"])
def test_three_devices_lose_nothing_over_a_bad_network_and_sigkill(tmp_path, store):
    postgres = Postgres() if store == "postgres" else None
    hub = Hub(tmp_path / "hub", postgres.url if postgres else None)
    devices = [Device(tmp_path / f"device{i}", host, name) for i, (host, name) in
               enumerate(zip(HOSTS, ["Ana", "Ben", "Cai"]))]
    proxies = []
    random.seed(23)
    try:
        first = devices[0]
        first.cli.run("init", "--name", "Ruth for the team")
        uid = first.cli.json("bibles")[0]["uid"]
        tokens = [hub.invite(f"keyit:{uid}", device.name) for device in devices]
        hub.start()
        proxies = [FaultProxy("127.0.0.1", hub.port, listen_host=device.host) for device in devices]
        first.cli.json("items", "RUT", "1")
        for device, proxy, token in zip(devices, proxies, tokens):
            device.cli.run("team", "join", proxy.address, "--token", token, "--bible", uid)
            device.items = {item["verseNumber"]: item["itemID"] for item in device.cli.json("items", "RUT", "1")["items"]
                            if item["itemType"] == "Verse"}
            assert len(device.items) == 22, device.items
            device.start()

        acknowledged = []

        def burst(round_number, devices_now):
            for device in devices_now:
                for edit in range(4):
                    verse = random.choice(HOT_VERSES) if random.random() < 0.5 else random.randint(4, 22)
                    text = f"{device.name}{round_number}x{edit} tok mi {random.randint(0, 999)}"
                    if device.save(verse, text):
                        acknowledged.append((device.name, verse, text))

        burst(1, devices)  # all online
        time.sleep(1.5)
        proxies[1].cut()  # Ben's link is down
        proxies[2].stall()  # Cai's link hangs
        burst(2, devices)
        time.sleep(1.5)
        cut_off = devices[1].call("GET", "/api/keyit/bibles/1/team")["status"]
        assert cut_off["reachable"] is False and cut_off["unsent"] > 0, cut_off
        proxies[0].truncate(300)  # Ana's replies are cut short
        burst(3, devices)
        time.sleep(1.5)
        for proxy in proxies:
            proxy.heal()
        burst(4, devices)
        time.sleep(0.35)  # a sync is under way: kill Ben in the middle of it
        devices[1].kill()
        devices[1].start()
        burst(5, devices)
        proxies[2].cut()
        time.sleep(0.3)
        devices[2].kill()  # Cai dies while cut off, with saves not yet sent
        burst(6, devices[:2])
        proxies[2].heal()
        devices[2].start()
        burst(7, devices)

        settle(devices)
        assert len(acknowledged) > 60, "most saves were acknowledged"
        states = [device.database() for device in devices]
        print(f"{len(acknowledged)} saves acknowledged, {len(states[0][0])} changes, {len(states[0][1])} conflicts")
        log = states[0][0]
        assert all(state[0] == log for state in states), "every device holds the same log"
        payloads = "\n".join(row[3] for row in log)
        lost = [save for save in acknowledged if save[2] not in payloads]
        assert lost == [], "every acknowledged save is in every device's log"
        assert all(state[1] == states[0][1] for state in states), "every device shows the same conflicts"
        assert states[0][1], "the hot verses collided into at least one conflict"
        counters = {}
        for device_id, counter, _, _ in log:
            counters.setdefault(device_id, []).append(counter)
        for device_id, numbers in counters.items():
            assert sorted(numbers) == list(range(1, len(numbers) + 1)), f"{device_id}'s changes have no gap"
    finally:
        for device in devices:
            device.stop()
        for proxy in proxies:
            proxy.close()
        hub.stop()
        if postgres:
            postgres.stop()
