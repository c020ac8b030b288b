"""Faults: for each app, `scriptorium serve` is killed with SIGKILL at a random moment while two
clients stream writes through the JSON API, then restarted on the same data folder, several times.
Every write that got a 2xx answer must be there afterwards (read back through the API; Phrasebook
reviews, which no route lists, from the database), and `PRAGMA integrity_check` must be `ok` on
every `*.sqlite`. A write whose answer never came (in flight at the kill) may or may not be there.

Seeded (`KILL_SEED`, default 15) and `KILL_CYCLES` (default 5) kills per app; each app prints
`kill-recovery APP: N kill cycles, N writes acknowledged, N checked after the last restart, N
refused, N failures` (run pytest with -s to see it). A last test kills `serve` while it starts."""
import json
import os
import random
import signal
import sqlite3
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from conftest import BINARY, free_port

SEED = int(os.environ.get("KILL_SEED", "15"))
CYCLES = int(os.environ.get("KILL_CYCLES", "5"))
WRITERS = 2
DICTD_INDEX = Path("/usr/share/dictd/freedict-swe-eng.index")


class Refused(Exception):
    """A non-2xx answer: not an acknowledged write."""

    def __init__(self, status, body):
        super().__init__(f"{status}: {body[:300]}")
        self.status = status


class Serve:
    """`scriptorium serve` on a data folder that outlives it; its output goes to `log`."""

    def __init__(self, data, log):
        self.data, self.log = data, log
        self.process = None
        self.base = None

    def start(self):
        port = free_port()
        self.base = f"http://127.0.0.1:{port}"
        with open(self.log, "ab") as log:
            log.write(f"--- serve on port {port}\n".encode())
            self.process = subprocess.Popen([BINARY, "serve", "--port", str(port), "--data", str(self.data)],
                                            stdout=log, stderr=log)
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"serve exited with {self.process.returncode} on restart:\n{self.tail()}")
            try:
                if urllib.request.urlopen(f"{self.base}/healthz", timeout=1).read() == b"ok":
                    return
            except OSError:
                time.sleep(0.05)
        raise AssertionError(f"serve did not answer within 30 s:\n{self.tail()}")

    def tail(self):
        return "\n".join(Path(self.log).read_text(errors="replace").splitlines()[-25:])

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=15)

    def call(self, method, path, body=None, form=None):
        """The answer's JSON (or None when empty); Refused for a non-2xx answer; OSError when the
        server is gone."""
        data, headers = None, {}
        if body is not None:
            data, headers = json.dumps(body).encode(), {"Content-Type": "application/json"}
        elif form is not None:
            data = urllib.parse.urlencode(form).encode()
            headers = {"Content-Type": "application/x-www-form-urlencoded"}
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=15) as response:
                text = response.read()
        except urllib.error.HTTPError as error:
            raise Refused(error.code, error.read().decode(errors="replace")) from None
        return json.loads(text) if text and text.lstrip()[:1] in (b"{", b"[") else None


class Ledger:
    """What the writers had acknowledged, and what their unanswered writes (in flight at a kill)
    may have left. Values: key → the value the read-back must show; counters: key → how many
    acknowledged writes it must show at least."""

    def __init__(self):
        self.values, self.maybe = {}, {}
        self.counts, self.extra = {}, {}
        self.in_flight = {}
        self.lock = threading.Lock()
        self.answered = self.refused = 0

    def send(self, writer, flight, request):
        """Sends `request()` with `flight` — (kind, key, value) — as what it may leave if it is never
        answered, and returns its answer; a Refused answer is counted and raised."""
        with self.lock:
            self.in_flight[writer] = flight
        try:
            answer = request()
        except Refused:
            with self.lock:
                del self.in_flight[writer]
                self.refused += 1
            raise
        with self.lock:
            del self.in_flight[writer]
            self.answered += 1
        return answer

    def set(self, writer, key, value, request):
        """Sends `request()` meant to leave `value` at `key`; on a 2xx answer, records what the
        answer says was stored (what `request` returns)."""
        stored = self.send(writer, ("set", key, value), request)
        with self.lock:
            self.values[key] = stored
            self.maybe.pop(key, None)

    def add(self, writer, key, request):
        """Sends `request()` meant to count one more at `key`; records it when it returns True."""
        if self.send(writer, ("add", key, None), request):
            with self.lock:
                self.counts[key] = self.counts.get(key, 0) + 1

    def new(self, key, value):
        """Records a thing a 2xx answer said it made."""
        with self.lock:
            self.values[key] = value

    def killed(self):
        """The writes in flight were never answered: each may or may not have happened."""
        for kind, key, value in self.in_flight.values():
            if kind == "set":
                self.maybe.setdefault(key, []).append(value)
            elif kind == "add":
                self.extra[key] = self.extra.get(key, 0) + 1
        self.in_flight.clear()

    def allows(self, key, shown):
        return shown == self.values[key] or shown in self.maybe.get(key, [])

    def allows_count(self, key, shown):
        return self.counts[key] <= shown <= self.counts[key] + self.extra.get(key, 0)

    @property
    def checked(self):
        return len(self.values) + sum(self.counts.values())


# Each app: setup(server, rng) → state; write(server, state, ledger, writer, n, rng) makes one
# write through the ledger; check(server, state, ledger, data) → failure messages.

def keyit_setup(server, rng):
    server.call("POST", "/keyit/bibles", form={"name": "Kill", "bookNames": "en"})
    chapter = server.call("GET", "/api/keyit/bibles/1/books/RUT/chapters/1")
    verses = [item["id"] for item in chapter["items"] if item["type"] == "Verse"]
    return {"items": [verses[w::WRITERS] for w in range(WRITERS)]}


def keyit_write(server, state, ledger, writer, n, rng):
    items = state["items"][writer]
    item = rng.choice(items)
    if rng.random() < 0.8:
        text = f"w{writer} n{n} {rng.random():.6f}"
        ledger.set(writer, ("text", item), text,
                   lambda: server.call("PUT", f"/api/keyit/bibles/1/items/{item}/text", {"text": text})["text"])
        return
    actions = [a["id"] for a in server.call("GET", f"/api/keyit/bibles/1/items/{item}/actions")
               if a["id"].startswith("insert") and not a.get("question")]
    if actions:
        action = rng.choice(actions)
        made = ledger.send(writer, ("new", None, None), lambda: server.call(
            "POST", f"/api/keyit/bibles/1/items/{item}/actions/{action}", {})["currentItem"])
        if action not in ("insertParagraphBefore", "insertParagraphIn"):  # a paragraph break carries no text
            items.append(made)
        ledger.new(("item", made), action)


def keyit_check(server, state, ledger, data):
    items = {item["id"]: item["text"] for item in server.call("GET", "/api/keyit/bibles/1/books/RUT/chapters/1")["items"]}
    failures = []
    for (kind, key), value in list(ledger.values.items()):
        if kind == "text" and not ledger.allows((kind, key), items.get(key)):
            failures.append(f"item {key}: text {items.get(key)!r}, acknowledged {value!r}")
        if kind == "item" and key not in items:
            failures.append(f"item {key} made by an acknowledged {value} is gone")
    return failures


def phrasebook_setup(server, rng):
    server.call("POST", "/api/phrasebook/books", {"name": "Kill", "languages": "en:English,cy:Welsh"})
    return {"pairs": [[] for _ in range(WRITERS)]}


def phrasebook_write(server, state, ledger, writer, n, rng):
    pairs = state["pairs"][writer]
    if pairs and rng.random() < 0.4:
        pair = rng.choice(pairs)
        rating = rng.choice(["again", "hard", "good", "easy"])
        ledger.add(writer, ("reviews", pair), lambda: server.call(
            "POST", f"/api/phrasebook/pairs/{pair}/reviews?book=Kill", {"direction": "forward", "rating": rating})
            is not None)
        return
    words = (f"w{writer}-{n}-{rng.randrange(10**6)}", f"g{writer}-{n}")
    made = ledger.send(writer, ("new", None, None), lambda: server.call(
        "POST", "/api/phrasebook/pairs?book=Kill", {"wordOne": words[0], "wordTwo": words[1], "tags": ["kill"]}))
    pair = made["pair"]["pair"]["id"]
    pairs.append(pair)
    ledger.new(("pair", pair), words)


def phrasebook_check(server, state, ledger, data):
    failures = []
    for (_, pair), words in list(ledger.values.items()):
        try:
            shown = server.call("GET", f"/api/phrasebook/pairs/{pair}?book=Kill")["pair"]
            if (shown["wordOne"], shown["wordTwo"]) != words:
                failures.append(f"pair {pair}: {shown['wordOne']}/{shown['wordTwo']}, acknowledged {words}")
        except Refused as error:
            failures.append(f"pair {pair} {words} was acknowledged, now {error}")
    with sqlite3.connect(data / "phrasebook.sqlite") as db:  # no route lists a card's reviews
        for key in list(ledger.counts):
            stored = db.execute("SELECT COUNT(*) FROM Reviews JOIN Cards ON Cards.id = cardID "
                                "WHERE pairID = ? AND direction = 'forward'", (key[1],)).fetchone()[0]
            if not ledger.allows_count(key, stored):
                failures.append(f"pair {key[1]}: {stored} reviews stored, {ledger.counts[key]} acknowledged")
    return failures


def lexikon_setup(server, rng):
    if not DICTD_INDEX.exists():
        pytest.skip("dictd-freedict-swe-eng is not installed")
    words = [line.split("\t")[0] for line in DICTD_INDEX.read_text().splitlines()[:3000]]
    return {"words": [w for w in words if w and not w.startswith("00") and " " not in w]}


def lexikon_write(server, state, ledger, writer, n, rng):
    word = rng.choice(state["words"])
    fresh = rng.random() < 0.3

    def found_as_typed():
        # A word found only through its stem (Hunspell) or radical is cached under that lemma, so
        # it counts towards the lemma, which this ledger does not know: count words found as typed.
        result = server.call("POST", "/api/lexikon/lookup", {"direction": "swe-eng", "word": word, "fresh": fresh})
        return bool(result["entries"]) and not result.get("foundAs")

    ledger.add(writer, ("lookups", word), found_as_typed)


def lexikon_check(server, state, ledger, data):
    failures = []
    for key, count in list(ledger.counts.items()):
        query = urllib.parse.urlencode({"direction": "swe-eng", "word": key[1]})
        try:
            shown = server.call("GET", f"/api/lexikon/cached?{query}")["lookupCount"]
        except Refused as error:
            failures.append(f"{key[1]}: {count} lookups acknowledged but not cached: {error}")
            continue
        if not ledger.allows_count(key, shown):
            failures.append(f"{key[1]}: lookupCount {shown}, {count} lookups acknowledged")
    return failures


def sharesynch_setup(server, rng):
    sermon = server.call("GET", "/api/sharesynch/series/demo")["sermons"][0]["id"]
    server.call("POST", "/api/sharesynch/series/demo/variations", {"name": "Kill"})
    path = f"/api/sharesynch/series/demo/sermons/{sermon}"
    slides = [slide["id"] for slide in server.call("GET", f"{path}/slides")["slides"]]
    return {"path": path, "slides": [slides[w::WRITERS] for w in range(WRITERS)]}


def sharesynch_write(server, state, ledger, writer, n, rng):
    slide = rng.choice(state["slides"][writer])
    path = state["path"]

    def shown(answer, kind):
        return next(s for s in answer["slides"] if s["id"] == slide)[kind]

    if rng.random() < 0.6:
        html = f"<p>w{writer} <b>n{n}</b></p>"
        ledger.set(writer, ("notes", slide), html, lambda: shown(
            server.call("POST", f"{path}/edit/notes", {"slide": slide, "html": html}), "notes"))
    else:
        hidden = rng.random() < 0.5
        ledger.set(writer, ("hidden", slide), hidden, lambda: shown(
            server.call("POST", f"{path}/edit/visibility", {"slides": [slide], "hidden": hidden}), "hidden"))


def sharesynch_check(server, state, ledger, data):
    slides = {s["id"]: s for s in server.call("GET", f"{state['path']}/slides")["slides"]}
    failures = []
    for (kind, slide), value in list(ledger.values.items()):
        shown = slides.get(slide, {}).get(kind)
        if not ledger.allows((kind, slide), shown):
            failures.append(f"slide {slide}: {kind} {shown!r}, acknowledged {value!r}")
    return failures


APPS = {
    "keyit": (keyit_setup, keyit_write, keyit_check),
    "phrasebook": (phrasebook_setup, phrasebook_write, phrasebook_check),
    "lexikon": (lexikon_setup, lexikon_write, lexikon_check),
    "sharesynch": (sharesynch_setup, sharesynch_write, sharesynch_check),
}


def integrity(data):
    """`PRAGMA integrity_check` of every database in the data folder, by file name."""
    results = {}
    for path in sorted(Path(data).rglob("*.sqlite")):
        with sqlite3.connect(path) as db:
            results[path.name] = db.execute("PRAGMA integrity_check").fetchone()[0]
    return results


@pytest.mark.parametrize("app", list(APPS))
def test_every_acknowledged_write_survives_sigkill(app, tmp_path):
    setup, write, check = APPS[app]
    rng = random.Random(f"{SEED}-{app}")
    data = tmp_path / "data"
    server = Serve(data, tmp_path / "serve.log")
    server.start()
    state = setup(server, rng)
    ledger = Ledger()
    errors = []
    for cycle in range(CYCLES):
        stop = threading.Event()

        def stream(writer, seed):
            local = random.Random(seed)
            n = 0
            while not stop.is_set():
                n += 1
                try:
                    write(server, state, ledger, writer, n, local)
                except Refused as refused:
                    if refused.status >= 500:
                        errors.append(f"cycle {cycle}: a write answered {refused}")
                except OSError:
                    return  # the server is gone
                except Exception as error:  # an answer of the wrong shape
                    errors.append(f"cycle {cycle}: writer {writer}: {error!r}")
                    return

        writers = [threading.Thread(target=stream, args=(w, rng.random())) for w in range(WRITERS)]
        for thread in writers:
            thread.start()
        time.sleep(rng.uniform(0.3, 1.5))
        server.kill()
        stop.set()
        for thread in writers:
            thread.join(timeout=30)
        ledger.killed()
        server.start()
        errors += [f"cycle {cycle}: {failure}" for failure in check(server, state, ledger, data)]
        errors += [f"cycle {cycle}: {name}: integrity_check {result}"
                   for name, result in integrity(data).items() if result != "ok"]
    server.stop()
    print(f"\nkill-recovery {app}: {CYCLES} kill cycles, {ledger.answered} writes acknowledged, "
          f"{ledger.checked} checked after the last restart, {ledger.refused} refused, {len(errors)} failures")
    assert not errors, "\n".join(errors[:30])


def test_serve_starts_after_sigkill_during_its_start(tmp_path):
    """SIGKILL while `serve` starts (migrating, installing the demo series) on the same data
    folder, CYCLES times; then it must start, list the demo series and answer every app."""
    rng = random.Random(f"{SEED}-start")
    data = tmp_path / "data"
    server = Serve(data, tmp_path / "serve.log")
    for _ in range(CYCLES):
        port = free_port()
        with open(server.log, "ab") as log:
            process = subprocess.Popen([BINARY, "serve", "--port", str(port), "--data", str(data)],
                                       stdout=log, stderr=log)
        time.sleep(rng.uniform(0.02, 1.5))
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    server.start()
    assert [s["id"] for s in server.call("GET", "/api/sharesynch/series")] == ["demo"]
    for path in ("/api/keyit/bibles", "/api/phrasebook/books", "/api/lexikon/dictionaries"):
        server.call("GET", path)
    server.stop()
    assert all(result == "ok" for result in integrity(data).values()), integrity(data)
    leftovers = list(data.rglob(".installing-*"))
    print(f"\nkill-recovery start: {CYCLES} kills during start, {len(leftovers)} .installing-* folders left")
