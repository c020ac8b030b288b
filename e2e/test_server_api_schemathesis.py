"""The whole JSON API against its OpenAPI document (`/api/openapi.json`), fuzzed by schemathesis
on a live `scriptorium serve` with a fresh data folder holding a Bible, a phrasebook with pairs
and ShareSynch's demo series: every operation's examples plus a bounded number of generated
cases (valid and invalid). Fails on any 5xx, any response that breaks the document (status,
content type, schema) and a server that is no longer running at the end."""
import importlib.util
import json
import subprocess
import sys
import urllib.request
from pathlib import Path

from conftest import FIXTURES, REPO, Server, free_port

# Generated cases per operation and phase (examples are always all run); the run stays within
# about three minutes on a two-core machine.
MAX_EXAMPLES = 40
SEED = 15

def call(server, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(server.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null")


def catalog_site(folder):
    """A catalog on loopback offering `easter`, whose package is missing (its download fails)."""
    folder.mkdir()
    (folder / "catalog.json").write_text(json.dumps({"series": [
        {"id": "easter", "name": "Easter", "size": 1024, "sha256": "0" * 64, "url": "easter.sspkg", "free": True}]}))
    port = free_port()
    site = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"], cwd=folder,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return site, f"http://127.0.0.1:{port}/catalog.json"


def seed(server, catalog):
    """What the document's examples refer to: Ruth 1 opened (item 4 is verse 1), pairs 1-6, the
    demo's variations 2 and 3 (current; its slides of `welcome` are 19-27), and a catalog."""
    call(server, "GET", "/api/keyit/bibles/1/books/RUT/chapters/1")
    call(server, "POST", "/api/phrasebook/books", {"name": "Cymraeg", "languages": "en:English,cy:Welsh"})
    for one, two, tag in [("dog", "ci", "animals"), ("cat", "cath", "animals"), ("house", "tŷ", "home"),
                          ("water", "dŵr", "home"), ("bread", "bara", "food"), ("tree", "coeden", "nature")]:
        call(server, "POST", "/api/phrasebook/pairs?book=Cymraeg",
             {"wordOne": one, "wordTwo": two, "type": "noun", "tags": [tag]})
    call(server, "POST", "/api/sharesynch/series/demo/variations", {"name": "Spare"})
    call(server, "POST", "/api/sharesynch/series/demo/variations", {"name": "Short"})
    call(server, "PUT", "/api/sharesynch/settings", {"catalogURL": catalog})


def test_schemathesis_finds_no_5xx_no_schema_violation_and_no_crash(tmp_path):
    server = Server(tmp_path / "data")
    server.cli.run("init", "--name", "Test Bible")
    server.cli.run("import", FIXTURES / "09-RUTeng-web.usfm")
    site, catalog = catalog_site(tmp_path / "site")
    try:
        server.start()
        seed(server, catalog)
        config = tmp_path / "schemathesis.toml"
        # Generated cases of a sermon's operations use the demo sermon, and those of an item's
        # operations Ruth 1:1, so that they reach the bodies' rules rather than stopping at "no such…".
        config.write_text(
            "[[operations]]\n"
            'include-path-regex = "^/api/sharesynch/series/\\\\{series\\\\}/(sermons|languages|variation$)"\n'
            'parameters = { "path.series" = "demo", "path.sermon" = "welcome" }\n\n'
            "[[operations]]\n"
            'include-path-regex = "^/api/keyit/bibles/\\\\{bible\\\\}/items/"\n'
            'parameters = { "path.bible" = 1, "path.id" = 4 }\n\n'
            "[[operations]]\n"
            'include-path-regex = "^/api/keyit/bibles/\\\\{bible\\\\}/(books|export|import|position)"\n'
            'parameters = { "path.bible" = 1 }\n')
        report = tmp_path / "report.json"
        run = subprocess.run(
            [str(Path(sys.executable).parent / "schemathesis"), "--config-file", str(config), "run",
             f"{server.base}/api/openapi.json",
             "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,"
                         "response_schema_conformance",
             "--phases", "examples,coverage,fuzzing", "--max-examples", str(MAX_EXAMPLES), "--seed", str(SEED),
             "--workers", "1", "--request-timeout", "30", "--suppress-health-check", "all",
             "--report", "json", "--report-json-path", str(report)],
            capture_output=True, text=True, timeout=600, cwd=tmp_path)
        print(run.stdout[-6000:])
        alive = server.process.poll() is None
    finally:
        server.stop()
        site.terminate()
        site.wait()
    assert alive, "the server died during the run"
    assert run.returncode == 0, run.stdout[-20000:] + run.stderr[-4000:]
    figures = json.loads(report.read_text())
    print("schemathesis:", figures["operations"], figures["test_cases"])
    assert figures["operations"]["tested"] == figures["operations"]["total"], "every operation was tested"


def test_api_md_is_generated_from_the_document():
    spec = importlib.util.spec_from_file_location("api_md", REPO / "scripts/api_md.py")
    api_md = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(api_md)
    expected = api_md.markdown(json.loads(api_md.DOCUMENT.read_text()))
    assert (REPO / "API.md").read_text() == expected, "API.md is stale: run python3 scripts/api_md.py > API.md"
