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
