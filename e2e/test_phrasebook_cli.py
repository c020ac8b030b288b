"""The Phrasebook command line: create, add (and update), list, search, tags and word links."""
import json
import subprocess

from conftest import BINARY


def phrasebook(data, *args, check=True):
    result = subprocess.run([BINARY, "phrasebook", *args, "--data", str(data)], capture_output=True, text=True)
    if check and result.returncode != 0:
        raise AssertionError(result.stderr)
    return result


def test_a_welsh_phrasebook_from_the_command_line(tmp_path):
    data = tmp_path / "data"
    assert "no phrasebook yet" in phrasebook(data, "list", check=False).stderr
    assert "areas: North, South, Both" in phrasebook(data, "new", "Cymraeg", "--languages", "en:English,cy:Welsh").stdout
    phrasebook(data, "add", "now", "rŵan", "--area", "North", "--tag", "time")
    phrasebook(data, "add", "now", "nawr", "--area", "South")
    assert phrasebook(data, "add", "now", "nawr", "--note", "common").stdout.startswith("Updated")
    phrasebook(data, "add", "lad", "llanc")
    phrasebook(data, "add", "cat", "cath")
    listed = json.loads(phrasebook(data, "list", "--json").stdout)
    assert [p["pair"]["wordOne"] for p in listed] == ["cat", "lad", "now", "now"]
    assert [p["pair"]["wordTwo"] for p in listed][2:] == ["nawr", "rŵan"]
    assert json.loads(phrasebook(data, "search", "rwan", "--json").stdout)[0]["pair"]["wordTwo"] == "rŵan"
    links = json.loads(phrasebook(data, "links", "now", "--json").stdout)
    assert [(t["word"], t["area"], t["note"]) for t in links["translations"]] == [("nawr", "South", "common"), ("rŵan", "North", "")]
    assert json.loads(phrasebook(data, "tags", "--json").stdout) == {"time": 1}
    blank = phrasebook(data, "add", "x", "  ", check=False)
    assert blank.returncode != 0 and "the second word is blank" in blank.stderr
    wrong_area = phrasebook(data, "add", "x", "y", "--area", "East", check=False)
    assert wrong_area.returncode != 0 and "areas are: North, South, Both" in wrong_area.stderr


def test_reviews_from_the_command_line_schedule_as_py_fsrs_does(tmp_path):
    from datetime import datetime, timezone

    from fsrs import Card, Rating, Scheduler

    data = tmp_path / "data"
    phrasebook(data, "new", "Cymraeg", "--languages", "en:English,cy:Welsh")
    phrasebook(data, "add", "water", "dŵr")
    phrasebook(data, "add", "bread", "bara")
    scheduler = Scheduler(enable_fuzzing=False)
    card = Card(card_id=1, due=datetime(2026, 1, 1, 9, 0, tzinfo=timezone.utc))
    at = card.due
    for rating in ["good", "good", "again", "good", "hard", "easy"]:
        card, _ = scheduler.review_card(card, Rating[rating.capitalize()], review_datetime=at)
        ours = json.loads(
            phrasebook(data, "review", "water", "dŵr", "--rating", rating, "--direction", "reverse",
                       "--at", at.isoformat().replace("+00:00", "Z"), "--json").stdout)
        assert ours["state"] == int(card.state) and ours.get("step") == card.step
        assert abs(ours["stability"] - card.stability) <= 1e-9 * card.stability
        assert abs(ours["difficulty"] - card.difficulty) <= 1e-9 * card.difficulty
        assert datetime.fromisoformat(ours["due"].replace("Z", "+00:00")) == card.due
        at = card.due
    due = json.loads(phrasebook(data, "due", "--at", "2030-01-01T00:00:00Z", "--json").stdout)
    assert due == [{"direction": "forward", "due": 0, "new": 2}, {"direction": "reverse", "due": 1, "new": 1}]
    wrong = phrasebook(data, "review", "water", "dŵr", "--rating", "perfect", check=False)
    assert wrong.returncode != 0 and "rating" in wrong.stderr


def test_import_from_a_url_a_file_and_export_round_trip(tmp_path):
    import functools
    import http.server
    import threading

    data = tmp_path / "data"
    phrasebook(data, "new", "Cymraeg", "--languages", "en:English,cy:Welsh")
    served = tmp_path / "served"
    served.mkdir()
    (served / "words.json").write_text(json.dumps([
        {"wordone": "water", "wordtwo": "dŵr", "tag": "nature, drinks"},
        {"wordone": "now", "wordtwo": "rŵan", "area": "North"},
        {"wordone": "", "wordtwo": "gwag"},
    ]), encoding="utf-8")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(served))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{httpd.server_address[1]}"
        refused = phrasebook(data, "import", f"{base}/words.json", check=False)
        assert refused.returncode != 0 and "127.0.0.1 is a loopback address" in refused.stderr
        assert "localhost" in phrasebook(data, "allowed-hosts", "--add", "127.0.0.1", "--add", "LocalHost").stdout
        report = json.loads(phrasebook(data, "import", f"{base}/words.json", "--json").stdout)
        assert [r["wordTwo"] for r in report["added"]] == ["dŵr", "rŵan"]
        assert report["rejected"] == [{"number": 3, "reason": "wordone is blank"}]
        missing = phrasebook(data, "import", f"{base}/nothing.json", check=False)
        assert missing.returncode != 0 and "404" in missing.stderr
    finally:
        httpd.shutdown()
        httpd.server_close()
    unreachable = phrasebook(data, "import", f"http://127.0.0.1:{httpd.server_address[1]}/words.json", check=False)
    assert unreachable.returncode != 0 and "could not reach 127.0.0.1" in unreachable.stderr
    assert json.loads(phrasebook(data, "allowed-hosts", "--remove", "localhost", "--json").stdout) == ["127.0.0.1"]
    bad = tmp_path / "bad.json"
    bad.write_text('[{"wordone": "a"', encoding="utf-8")
    malformed = phrasebook(data, "import", str(bad), check=False)
    assert malformed.returncode != 0 and "malformed JSON" in malformed.stderr
    assert len(json.loads(phrasebook(data, "list", "--json").stdout)) == 2, "nothing half-written"

    for fmt in ["json", "csv", "apkg"]:
        out = tmp_path / f"out.{fmt}"
        phrasebook(data, "export", "--format", fmt, "-o", str(out))
        other = tmp_path / f"other-{fmt}"
        phrasebook(other, "new", "Copy", "--languages", "en:English,cy:Welsh")
        again = json.loads(phrasebook(other, "import", str(out), "--json").stdout)
        assert len(again["added"]) == 2 and again["rejected"] == [], fmt
        pairs = json.loads(phrasebook(other, "list", "--json").stdout)
        assert [(p["pair"]["wordTwo"], p["tags"]) for p in pairs] == [("rŵan", []), ("dŵr", ["drinks", "nature"])], fmt
