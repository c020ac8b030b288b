"""XSS in a real browser (issue 15): a corpus of hostile strings put into every user text field of
every app (through the CLI, the JSON API, imported files, a series package and a hostile DICT
server), then every page that shows them opened in headless Chromium — once with the pages'
Content-Security-Policy in force and once with it bypassed, so that escaping is checked on its
own and CSP is only the second wall. No payload may run (each sets `window.__xss` and the title;
`alert`/`confirm`/`prompt` are trapped), no element may carry an event-handler attribute, a
`javascript:` address or other injected active markup, the browser may report no CSP violation,
and the text is shown literally where it should be."""
import io
import json
import socketserver
import subprocess
import threading
import urllib.error
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import BINARY, UNTHROTTLED, Server, chromium, wait_for


def mark(number):
    """What a payload runs when it executes: a global and the title, both checked after each page."""
    return f"window.__xss={number};document.title='XSS'"


# The corpus: each payload carries its own number, so a failure names the one that ran.
PAYLOADS = [
    f"<script>{mark(1)}</script>",
    f'<img src=x onerror="{mark(2)}">',
    f'<svg onload="{mark(3)}"><animate onbegin="{mark(3)}" attributeName=x dur=1s>',
    f"javascript:{mark(4)}//",
    f"</textarea></title></style><script>{mark(5)}</script>",
    f'"><img src=x onerror="{mark(6)}">',
    f"'><svg/onload=\"{mark(7)}\">",
    "{{title}} {{{title}}} {{#x}}{{/x}} ${" + mark(8) + "} {{constructor.constructor('" + mark(8) + "')()}}",
    f'\u202eexe.gpj<b onmouseover="{mark(9)}">\u202dRTL\u202e override</b>',
    f"ctl\x01\x02\x07\x08\x1b[31m\x7f\x85<script>{mark(10)}</script>",
    f'<a href="javascript:{mark(11)}">link</a><iframe srcdoc="<script>parent.__xss=11</script>"></iframe>',
    "L" * 10_000 + f"<script>{mark(12)}</script>",
    f'</script><script>{mark(13)}</script><!--',
    f'<meta http-equiv="refresh" content="0;url=javascript:{mark(14)}"><base href="javascript:{mark(14)}//">',
]
# Payloads every field that keeps text as it is must show literally (the others are checked for
# not running, as they may be refused or have control characters folded).
LITERAL = [PAYLOADS[0], PAYLOADS[1], PAYLOADS[5]]
SHORT = [p for p in PAYLOADS if len(p) < 1000]


# ---------------------------------------------------------------------------------------------
# The browser: CSP enforced or bypassed, payload execution trapped, console kept.

TRAP = """
window.__xss = null; window.__alerts = []; window.__violations = [];
for (const name of ['alert', 'confirm', 'prompt', 'print']) {
  window[name] = (message) => { window.__alerts.push(name + ': ' + String(message).slice(0, 80)); return null; };
}
document.addEventListener('securitypolicyviolation', (e) =>
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${(e.sample || '').slice(0, 60)}`));
"""

# What a page shows that an injection would leave: event-handler attributes, script-running
# addresses, inline scripts, frames, plug-ins, <base> and <meta> in the body, SVG or MathML.
DANGEROUS = """
const found = [];
const risky = /^\\s*(javascript|vbscript|data:text\\/html)/i;
for (const e of document.querySelectorAll('*')) {
  for (const a of e.attributes) {
    const name = a.name.toLowerCase();
    if (name.startsWith('on')) found.push(`${e.tagName} ${name}`);
    if (['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster'].includes(name) && risky.test(a.value))
      found.push(`${e.tagName} ${name}=${a.value.slice(0, 40)}`);
    if (name === 'srcdoc') found.push(`${e.tagName} srcdoc`);
  }
  if (e.tagName === 'SCRIPT' && !e.src && e.type !== 'application/json') found.push('inline SCRIPT');
  if (['IFRAME', 'FRAME', 'OBJECT', 'EMBED', 'BASE', 'svg', 'math'].includes(e.tagName)) found.push(e.tagName);
  if (e.tagName === 'META' && e.closest('body')) found.push('META in body');
  if (e.tagName === 'STYLE' || (e.tagName === 'LINK' && !e.href.startsWith(location.origin + '/static/')))
    found.push(`${e.tagName} not ours`);
}
return found;
"""

# Everything a user sees as text: the page's text, form values, option labels and the title.
SHOWN = """
const parts = [document.title, document.body.innerText];
for (const e of document.querySelectorAll('input, textarea, select option')) parts.push(e.value, e.textContent);
for (const e of document.querySelectorAll('[contenteditable]')) parts.push(e.innerText);
return parts.join('\\n');
"""


@pytest.fixture(scope="module")
def chrome():
    driver = chromium(*UNTHROTTLED, "--autoplay-policy=no-user-gesture-required",
                      configure=lambda options: options.set_capability("goog:loggingPrefs", {"browser": "ALL"}))
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TRAP})
    yield driver
    driver.quit()


class Visits:
    """Opens pages in one mode (CSP `enforced` or `bypassed`) and checks each after it settles."""

    def __init__(self, driver, base, mode):
        self.driver, self.base, self.mode = driver, base, mode
        self.pages = 0
        self.checks = 0

    def use_mode(self):
        """Applies the mode to the current tab (each new tab needs it again)."""
        self.driver.execute_cdp_cmd("Page.enable", {})
        self.driver.execute_cdp_cmd("Page.setBypassCSP", {"enabled": self.mode == "bypassed"})
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TRAP})

    def open(self, path, ready=None, timeout=15):
        self.driver.get(self.base + path)
        self.pages += 1
        if ready:
            wait_for(self.driver, ready, timeout)
        return self.driver

    def shown(self):
        return self.driver.execute_script(SHOWN)

    def wait_shown(self, *texts, timeout=15):
        """Waits until every text is shown literally."""
        try:
            wait_for(self.driver, lambda d: all(t in d.execute_script(SHOWN) for t in texts), timeout)
        except Exception:
            missing = [t[:60] for t in texts if t not in self.shown()]
            raise AssertionError(f"{self.where()}: not shown literally: {missing}") from None

    def where(self):
        return f"[{self.mode}] {self.driver.current_url[len(self.base):][:120]}"

    def check(self):
        """Fails if a payload ran or left active markup, or the browser reported CSP violations."""
        self.checks += 1
        where = self.where()
        state = self.driver.execute_script(
            "return {xss: window.__xss, alerts: window.__alerts, violations: window.__violations,"
            " title: document.title, trapped: Array.isArray(window.__alerts)}")
        assert state["trapped"], f"{where}: the execution trap is missing"
        assert state["xss"] is None and state["title"] != "XSS", f"{where}: payload {state['xss']} ran"
        assert state["alerts"] == [], f"{where}: a payload called {state['alerts']}"
        dangerous = self.driver.execute_script(DANGEROUS)
        assert dangerous == [], f"{where}: injected markup {dangerous}"
        assert state["violations"] == [], f"{where}: CSP violations {state['violations']}"
        console = [entry["message"] for entry in self.driver.get_log("browser")
                   if "Content Security Policy" in entry["message"] or "Refused to" in entry["message"]
                   or "Uncaught" in entry["message"]]
        assert console == [], f"{where}: console {console}"


@pytest.fixture(params=["enforced", "bypassed"])
def visits(request, chrome, site):
    for handle in chrome.window_handles[1:]:
        chrome.switch_to.window(handle)
        chrome.close()
    chrome.switch_to.window(chrome.window_handles[0])
    chrome.get("about:blank")
    chrome.get_log("browser")
    visiting = Visits(chrome, site.base, request.param)
    visiting.use_mode()
    yield visiting
    print(f"{request.node.name}: {visiting.pages} pages, {visiting.checks} checks")


# ---------------------------------------------------------------------------------------------
# A hostile DICT server: every name, description, headword and definition is a payload.

class HostileDict:
    """Answers DICT (RFC 2229) with payloads: a database whose name and description are payloads,
    definitions whose every line is one, and matches (suggestions) that are payload words."""

    DATABASE = "fd-swe-eng"

    def __init__(self):
        outer = self

        class Handler(socketserver.StreamRequestHandler):
            def send(self, *lines):
                self.wfile.write("".join(f"{line}\r\n" for line in lines).encode())

            def handle(self):
                self.send("220 hostile <> <x@hostile>")
                for raw in self.rfile:
                    line = raw.decode("utf-8", "replace").strip()
                    command = line.split(" ", 1)[0].upper()
                    if command == "CLIENT":
                        self.send("250 ok")
                    elif command == "SHOW" and "STRAT" in line.upper():
                        self.send("111 1 strategies", "prefix \"<img src=x onerror=window.__xss=30>\"", ".", "250 ok")
                    elif command == "SHOW":
                        self.send("110 2 databases", f'{outer.DATABASE} "{outer.quote(SHORT[1])}"',
                                  f'<svg/onload=window.__xss=31> "{outer.quote(SHORT[0])}"', ".", "250 ok")
                    elif command == "DEFINE":
                        word = line.split('"')[1] if '"' in line else "word"
                        if word.startswith("nothing"):
                            self.send("552 no match")
                            continue
                        self.send("150 1 definitions")
                        self.send(f'151 "{outer.quote(word)}" {outer.DATABASE} "{outer.quote(SHORT[2])}"')
                        self.send(*outer.definition(word), ".", "250 ok")
                    elif command == "MATCH":
                        self.send("152 matches", *(f'{outer.DATABASE} "{outer.quote(p)}"' for p in SHORT), ".",
                                  "250 ok")
                    elif command == "QUIT":
                        self.send("221 bye")
                        return
                    else:
                        self.send("500 unknown")

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.address = f"127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @staticmethod
    def quote(text):
        return text.replace("\\", "\\\\").replace('"', '\\"').replace("\r", " ").replace("\n", " ")

    @staticmethod
    def definition(word):
        """A FreeDict-like entry: headword, pronunciation and part of speech, then numbered senses."""
        body = [f"{word} /{PAYLOADS[1]}/ <{PAYLOADS[6]}>"]
        body += [f"{n}. {p}" for n, p in enumerate(SHORT, 1) if "\x85" not in p]
        body.append(PAYLOADS[11])
        return [("." + line) if line.startswith(".") else line for line in body]

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


# ---------------------------------------------------------------------------------------------
# The data: Key It by the CLI, a ShareSynch series package, Phrasebook through the API.

def run(*args, check=True):
    result = subprocess.run([BINARY, *map(str, args)], capture_output=True, text=True)
    if check and result.returncode != 0:
        raise AssertionError(f"{' '.join(map(str, args))[:200]} failed: {result.stderr[:500]}")
    return result


def clean_refusal(result, what):
    """A refused payload must be a clear error, not a crash."""
    assert result.returncode == 1 and result.stderr.strip(), f"{what}: {result.returncode} {result.stderr[:300]}"
    assert "Fatal error" not in result.stderr and len(result.stderr) < 2000, f"{what}: {result.stderr[:300]}"


def usfm_text(payload):
    """A payload as USFM text: no backslash (a marker) and no line break inside."""
    return payload.replace("\\", "/").replace("\n", " ")


def fill_key_it(data, folder):
    """One Bible named after each payload (the first is current), one book renamed to each, and
    for each a chapter of Genesis imported from USFM with the payload as heading and verse 1;
    returns how many of each were accepted."""
    accepted = {"bibles": 0, "books": 0, "verses": 0}
    for payload in reversed(PAYLOADS):
        result = run("keyit", "init", "--name", payload, "--data", data, check=False)
        if result.returncode == 0:
            accepted["bibles"] += 1
        else:
            clean_refusal(result, "keyit init")
    main = json.loads(run("keyit", "bibles", "--json", "--data", data).stdout)
    current = next(b for b in main if b["name"] == PAYLOADS[0])
    run("keyit", "use", current["bibleID"], "--data", data)
    codes = ["GEN", "EXO", "LEV", "NUM", "DEU", "JOS", "JDG", "RUT", "1SA", "2SA", "1KI", "2KI", "1CH", "2CH"]
    for code, payload in zip(codes, PAYLOADS):
        result = run("keyit", "rename-book", code, payload, "--data", data, check=False)
        if result.returncode == 0:
            accepted["books"] += 1
        else:
            clean_refusal(result, f"rename-book {code}")
    for number, payload in enumerate(PAYLOADS, 1):
        text = usfm_text(payload)
        book = folder / f"gen{number}.usfm"
        book.write_text(f"\\id GEN\n\\c {number}\n\\s1 {text}\n\\p\n\\v 1 {text}\n\\v 2 plain\n", encoding="utf-8")
        result = run("keyit", "import", book, "--data", data, check=False)
        if result.returncode == 0:
            accepted["verses"] += 1
        else:
            clean_refusal(result, f"keyit import of payload {number}")
    return accepted


def png():
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = (b"\x00" + b"\x20\x40\x60" * 64) * 36
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 36, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def escaped(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def series_package(folder, data):
    """The `xss` series: its name, song, sermon titles, overlay text and font, and notes (raw,
    which the sanitiser must disarm, and escaped, which must show literally) are payloads."""
    source = folder / "xss"
    (source / "media").mkdir(parents=True)
    (source / "media" / "picture.png").write_bytes(png())
    overlay = {"x": 4, "y": 4, "width": 56, "height": 28, "size": 8, "color": "#ffffff"}
    slides = [{"id": "title", "kind": "overlay", "resource": "media/picture.png",
               "overlays": {"en": {**overlay, "text": SHORT[0], "font": SHORT[6]}},
               "notes": {"en": "".join(f"<p>{p}</p>" for p in SHORT)}},
              {"id": "literal", "kind": "image", "resource": "media/picture.png",
               "notes": {"en": "".join(f"<p>{escaped(p)}</p>" for p in LITERAL)}}]
    slides += [{"id": f"o{n}", "kind": "overlay", "resource": "media/picture.png",
                "overlays": {"en": {**overlay, "text": p, "font": p}}, "notes": {"en": escaped(p)}}
               for n, p in enumerate(PAYLOADS, 1)]
    slides.append({"id": "appeal", "kind": "appeal",
                   "notes": {"en": f"&lt;C&gt;{escaped(SHORT[1])}&lt;c&gt;&lt;C&gt;{SHORT[0]}&lt;c&gt;&lt;R&gt;{SHORT[5]}"}})
    sermons = [{"id": f"s{n}", "title": {"en": p}, "appeal": {"type": "text", "song": "song"}, "slides": slides}
               for n, p in enumerate(PAYLOADS[:3], 1)]
    series = {"id": "xss", "name": PAYLOADS[0], "slideLanguages": ["en"], "noteLanguages": ["en"],
              "songs": [{"id": "song", "name": PAYLOADS[1], "image": "media/picture.png"}], "sermons": sermons}
    (source / "series.json").write_text(json.dumps(series), encoding="utf-8")
    package = folder / "xss.sspkg"
    run("sharesynch", "pack", source, "-o", package, "--data", folder / "pack-data")
    run("sharesynch", "install", package, "--data", data)


class Site:
    """The running server's address, and how many payloads each app took."""

    def __init__(self, base, accepted):
        self.base, self.accepted = base, accepted


def call(base, method, path, body=None, expect_refusal=False):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"} if body is not None else {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
            return response.status, json.loads(text) if text else None
    except urllib.error.HTTPError as error:
        assert 400 <= error.code < 500, f"{method} {path[:80]}: {error.code} (must be a clear refusal)"
        return error.code, json.loads(error.read() or b"{}")


def book_query(name):
    return "book=" + urllib.parse.quote(name, safe="")


def picture_url(number):
    """A picture address on another host (refused at once: port 1) carrying a breakout."""
    return f"http://127.0.0.1:1/{number}.png?q=%22%3E%3Cimg%20src=x%20onerror={number}%3E"


def fill_phrasebook(base):
    """A phrasebook named after each payload; in the main one (named after the first, its
    languages named after two more) a pair for each payload with every text field a payload."""
    accepted = {"phrasebooks": 0, "pairs": 0}
    status, _ = call(base, "POST", "/api/phrasebook/books",
                     {"name": PAYLOADS[0], "languages": f"en:{PAYLOADS[1]},cy:{PAYLOADS[6]}"})
    assert status == 201
    for payload in PAYLOADS[1:]:
        status, _ = call(base, "POST", "/api/phrasebook/books", {"name": payload, "languages": "en:English,cy:Welsh"})
        accepted["phrasebooks"] += status == 201
    main = book_query(PAYLOADS[0])
    for number, payload in enumerate(PAYLOADS, 1):
        pair = {"wordOne": f"{payload} {number}", "wordTwo": f"{payload} #{number}", "type": payload,
                "context": payload, "note": payload, "imageURL": picture_url(number), "imageCredit": payload,
                "imageLicence": payload, "tags": [payload[:200]]}  # a tag is a short label
        status, answer = call(base, "POST", f"/api/phrasebook/pairs?{main}", pair)
        accepted["pairs"] += status in (200, 201)
    status, answer = call(base, "POST", f"/api/phrasebook/pairs?{main}",
                          {"wordOne": "js", "wordTwo": "js", "imageURL": PAYLOADS[3]})
    assert status == 422 and answer.get("field") == "imageURL", f"a javascript: picture address: {status} {answer}"
    return accepted


def hostile_catalog(folder):
    """A package site whose catalog names a series with a payload and a `javascript:` address."""
    import http.server
    (folder / "catalog.json").write_text(json.dumps({"series": [
        {"id": "hostile", "name": PAYLOADS[5], "size": 1000, "sha256": "0" * 64, "url": PAYLOADS[3], "free": True},
        {"id": "hostile2", "name": PAYLOADS[0], "size": 1000, "sha256": "0" * 64,
         "url": "http://127.0.0.1:1/x.sspkg", "free": True}]}))

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(folder), **kwargs)

        def log_message(self, *args):
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    return site


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("xss")
    data = folder / "data"
    accepted = {"keyit": fill_key_it(data, folder)}
    series_package(folder, data)
    dictionary = HostileDict()
    (folder / "catalog").mkdir()
    catalog = hostile_catalog(folder / "catalog")
    server = Server(data, "--dict-server", dictionary.address).start()
    try:
        accepted["phrasebook"] = fill_phrasebook(server.base)
        status, _ = call(server.base, "POST", "/api/sharesynch/series/xss/variations", {"name": PAYLOADS[6]})
        assert status in (200, 201)
        status, answer = call(server.base, "PUT", "/api/sharesynch/settings",
                              {"catalogURL": f"http://127.0.0.1:{catalog.server_address[1]}/catalog.json",
                               "activation": PAYLOADS[5]})
        assert status == 200, answer
        print("accepted:", accepted)
        yield Site(server.base, accepted)
    finally:
        server.stop()
        dictionary.stop()
        catalog.shutdown()
        catalog.server_close()


# ---------------------------------------------------------------------------------------------
# Key It

def test_key_it_pages(visits, site):
    accepted = site.accepted["keyit"]
    assert accepted["bibles"] >= len(PAYLOADS) - 1 and accepted["books"] >= len(PAYLOADS) - 1
    assert accepted["verses"] >= len(PAYLOADS) - 1, accepted
    visits.open("/keyit/setup")
    visits.wait_shown(*LITERAL)
    visits.check()
    visits.open("/keyit/books")
    visits.wait_shown(*LITERAL)
    visits.check()
    visits.open("/keyit/books/EXO")
    visits.wait_shown(PAYLOADS[1])
    visits.check()
    for chapter in range(1, len(PAYLOADS) + 1):
        visits.open(f"/keyit/books/GEN/{chapter}",
                    ready=lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
        if PAYLOADS[chapter - 1] in LITERAL:
            visits.wait_shown(PAYLOADS[chapter - 1])
        visits.check()
    # Error pages naming what was not found (a path parameter is echoed still percent-encoded).
    visits.open("/keyit/books/" + urllib.parse.quote(PAYLOADS[5], safe=""))
    visits.check()
    visits.open("/phrasebook?book=" + urllib.parse.quote(PAYLOADS[5] + "!", safe=""))
    # messages quote input with its quotes and backslashes escaped
    visits.wait_shown((PAYLOADS[5] + "!").replace("\\", "\\\\").replace('"', '\\"'))
    visits.check()
    visits.open("/keyit/export?book=GEN&chapter=2")
    visits.driver.find_element(By.ID, "preview").click()
    visits.wait_shown(PAYLOADS[1], LITERAL[0])
    visits.check()


# ---------------------------------------------------------------------------------------------
# Phrasebook

def test_phrasebook_pages(visits, site, tmp_path):
    accepted = site.accepted["phrasebook"]
    assert accepted["pairs"] >= len(PAYLOADS) - 1 and accepted["phrasebooks"] >= len(PAYLOADS) - 3, accepted
    main = book_query(PAYLOADS[0])
    words = [f"{p} {n}" for n, p in enumerate(PAYLOADS, 1)]
    visits.open(f"/phrasebook?{main}")
    visits.wait_shown(words[0], words[1], words[5])
    visits.check()
    search = visits.driver.find_element(By.ID, "search")
    for payload in (PAYLOADS[0], PAYLOADS[5], PAYLOADS[7]):
        search.send_keys(Keys.CONTROL, "a", Keys.BACKSPACE)
        search.send_keys(payload)
        visits.wait_shown(words[PAYLOADS.index(payload)])
        visits.check()
    _, page = call(site.base, "GET", f"/api/phrasebook/pairs?{main}&limit=100")
    first = next(item["pair"]["id"] for item in page["pairs"] if item["pair"]["wordOne"] == words[0])
    visits.open(f"/phrasebook?{main}&edit={first}")
    visits.wait_shown(*LITERAL)
    visits.check()
    visits.open(f"/phrasebook/tagged?{main}")
    visits.wait_shown(*LITERAL)
    visits.check()
    for number, payload in enumerate(PAYLOADS, 1):  # each pair's detail: every field and its picture
        if any(ord(c) < 0x20 or ord(c) == 0x7F for c in payload):
            continue  # refused by the core: text may not hold control characters
        visits.open(f"/phrasebook/word?{main}&w={urllib.parse.quote(words[number - 1])}")
        wait_for(visits.driver, lambda d: d.find_element(By.ID, "detail").is_displayed())
        if payload in LITERAL:
            visits.wait_shown(words[number - 1], f"{payload} #{number}")
        visits.check()
    visits.open(f"/phrasebook/word?{main}&w={urllib.parse.quote(PAYLOADS[5])}")
    visits.wait_shown(PAYLOADS[5])
    visits.check()
    visits.open(f"/phrasebook/revision?{main}")
    visits.wait_shown(PAYLOADS[1])  # the language names in the direction menu
    visits.driver.find_element(By.CSS_SELECTOR, "#revision-options button[type=submit]").click()
    wait_for(visits.driver, lambda d: d.find_element(By.ID, "prompt").text)
    for _ in range(3):
        visits.driver.find_element(By.ID, "show").click()
        wait_for(visits.driver, lambda d: d.find_element(By.ID, "answer").is_displayed())
        visits.check()
        visits.driver.find_element(By.CSS_SELECTOR, "#ratings button[data-rating=good]").click()
        wait_for(visits.driver, lambda d: d.find_element(By.ID, "next").is_displayed())
        visits.driver.find_element(By.ID, "next").click()
        wait_for(visits.driver, lambda d: d.find_element(By.ID, "show").is_displayed()
                 or d.find_element(By.ID, "summary").is_displayed())
    visits.check()
    visits.open(f"/phrasebook/games?{main}")
    visits.driver.find_element(By.ID, "start-translation").click()
    wait_for(visits.driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#choices button"))
    visits.driver.find_elements(By.CSS_SELECTOR, "#choices button")[0].click()
    visits.check()
    visits.driver.find_element(By.ID, "start-hangman").click()
    wait_for(visits.driver, lambda d: d.find_element(By.ID, "hangman").is_displayed())
    visits.check()
    import_files(visits, main, tmp_path)


def import_files(visits, main, folder):
    """CSV and JSON files of payload pairs (one with a `javascript:` picture address) imported
    through the page: the report names what was refused without running any of it."""
    import csv
    rows = [{"wordone": f"csv {p}", "wordtwo": p, "note": p, "imageurl": "", "tags": "imported"} for p in SHORT]
    rows.append({"wordone": PAYLOADS[5], "wordtwo": "bad", "note": "", "imageurl": PAYLOADS[3], "tags": PAYLOADS[0]})
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    (folder / "pairs.csv").write_text(text.getvalue(), encoding="utf-8")
    (folder / "pairs.json").write_text(json.dumps({"pairs": [
        {"wordOne": f"json {p}", "wordTwo": p, "context": p, "tags": [p[:100]]} for p in PAYLOADS]
        + [{"wordOne": PAYLOADS[1], "wordTwo": "x", "imageURL": PAYLOADS[3]}]}), encoding="utf-8")
    for name in ("pairs.csv", "pairs.json"):
        visits.open(f"/phrasebook/import?{main}")
        visits.driver.find_element(By.CSS_SELECTOR, "#file-import input[type=file]").send_keys(str(folder / name))
        visits.driver.find_element(By.CSS_SELECTOR, "#file-import button[type=submit]").click()
        wait_for(visits.driver, lambda d: d.find_element(By.ID, "report").is_displayed()
                 or d.find_element(By.ID, "import-error").is_displayed(), 20)
        visits.check()


# ---------------------------------------------------------------------------------------------
# Lexikon

def test_lexikon_with_a_hostile_dict_server(visits, site):
    visits.open("/lexikon", ready=lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    visits.wait_shown("<svg/onload=window.__xss=31>")  # the hostile database's name in the direction menu
    visits.check()
    field = visits.driver.find_element(By.ID, "word")
    for payload in SHORT:
        field.send_keys(Keys.CONTROL, "a", Keys.BACKSPACE)
        field.send_keys(payload.replace("\n", " "), Keys.ENTER)
        wait_for(visits.driver, lambda d: d.find_element(By.ID, "result").is_displayed()
                 or d.find_element(By.ID, "lexikon-error").is_displayed())
        visits.check()
    visits.wait_shown(SHORT[1], SHORT[5])  # the definition's senses
    field.send_keys(Keys.CONTROL, "a", Keys.BACKSPACE)
    field.send_keys("nothing here", Keys.ENTER)
    wait_for(visits.driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".suggestions a"))
    visits.wait_shown(SHORT[0], SHORT[5])  # suggestions from MATCH
    visits.check()
    visits.driver.find_elements(By.CSS_SELECTOR, ".suggestions a")[1].click()
    wait_for(visits.driver, lambda d: d.find_element(By.ID, "add-to-phrasebook").is_displayed())
    visits.driver.find_element(By.CSS_SELECTOR, "#add-to-phrasebook summary").click()
    visits.check()
    field.send_keys(Keys.CONTROL, "a", Keys.BACKSPACE)
    field.send_keys(PAYLOADS[0][:10])  # filters the cache list
    visits.check()
    visits.open("/lexikon", ready=lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    visits.wait_shown(SHORT[0])  # the restored state and the cache list
    visits.check()


# ---------------------------------------------------------------------------------------------
# ShareSynch

def test_sharesynch_screens(visits, site):
    driver = visits.driver
    visits.open("/sharesynch")
    driver.find_element(By.ID, "load-sermon").click()
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#series-list button, #series-list a"))
    visits.wait_shown(PAYLOADS[0])
    visits.check()
    series = [e for e in driver.find_elements(By.CSS_SELECTOR, "#series-list button, #series-list a")
              if PAYLOADS[0] in e.text]
    series[0].click()
    visits.wait_shown(PAYLOADS[1], PAYLOADS[6])  # a sermon title, the variation
    visits.check()

    live = lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-live") == "1"
    visits.open("/sharesynch/present?series=xss&sermon=s1&start=1", ready=live)
    visits.wait_shown(PAYLOADS[0])  # the escaped notes of slide 1
    visits.check()
    presenter = driver.current_window_handle
    windows = {}
    for name in ("display", "remote"):
        driver.switch_to.new_window("window")
        visits.use_mode()
        visits.open(f"/sharesynch/{name}", ready=live)
        windows[name] = driver.current_window_handle
        visits.check()
    slides = len(PAYLOADS) + 3
    for number in range(1, slides + 1):  # every slide on every screen: overlays, notes, the appeal
        driver.switch_to.window(presenter)
        driver.execute_script("document.activeElement && document.activeElement.blur && document.activeElement.blur()")
        ActionChains(driver).send_keys(*str(number), Keys.ENTER).perform()
        driver.switch_to.window(windows["display"])
        wait_for(driver, lambda d: (d.find_element(By.TAG_NAME, "body").get_attribute("data-counter") or "")
                 .startswith(f"{number}/"))
        if number == 1:
            visits.wait_shown(SHORT[0])  # the overlay text over the picture
        if number == slides:
            visits.wait_shown(SHORT[1])  # the appeal's first chunk on the display
        for handle in (presenter, windows["display"], windows["remote"]):
            driver.switch_to.window(handle)
            visits.check()
    driver.switch_to.window(presenter)
    driver.find_element(By.ID, "next").click()  # the appeal's second chunk
    driver.switch_to.window(windows["display"])
    wait_for(driver, lambda d: SHORT[1] not in d.find_element(By.ID, "appeal-text").text)
    visits.check()
    for handle in (windows["display"], windows["remote"]):
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(presenter)

    visits.open("/sharesynch/edit?series=xss&sermon=s1",
                ready=lambda d: d.find_element(By.ID, "edit-position").text.startswith("1 of"))
    visits.check()
    for number in range(2, slides + 1):
        driver.find_element(By.ID, "edit-next").click()
        wait_for(driver, lambda d: d.find_element(By.ID, "edit-position").text.startswith(f"{number} of"))
        if number == 2:
            visits.wait_shown(*LITERAL)  # escaped notes, in the editor as text
        visits.check()
    driver.find_element(By.CSS_SELECTOR, "#import summary").click()  # another sermon's slides
    Select(driver.find_element(By.ID, "import-sermon")).select_by_value("s2")
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#import-slides .thumb")) == slides)
    visits.wait_shown(PAYLOADS[1])  # its title in the sermon menu
    visits.check()
    driver.find_element(By.ID, "rearrange").click()  # every slide in the grid
    wait_for(driver, lambda d: d.find_element(By.ID, "grid").is_displayed())
    visits.check()
    visits.open("/sharesynch/settings")
    visits.wait_shown(PAYLOADS[5])  # the activation code typed in settings
    visits.check()
    visits.open("/sharesynch/downloads")
    visits.wait_shown(PAYLOADS[5], PAYLOADS[0])  # the catalog's series names
    visits.check()
