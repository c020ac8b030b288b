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
