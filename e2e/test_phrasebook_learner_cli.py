"""Phrasebook for learners from the command line: typed answers graded, the daily limit of new cards."""
import json

from test_phrasebook_cli import phrasebook


def test_check_grades_a_typed_answer_and_new_per_day_sets_the_limit(tmp_path):
    data = tmp_path / "data"
    phrasebook(data, "new", "Cymraeg", "--languages", "en:English,cy:Welsh")
    phrasebook(data, "add", "cat", "cath")
    phrasebook(data, "add", "milk", "llaeth")
    phrasebook(data, "add", "milk", "llefrith")
    assert phrasebook(data, "check", "cat", "cath", "nghath").stdout == "mutation (nasal mutation): cath\nproposed rating: hard\n"
    assert phrasebook(data, "check", "milk", "llaeth", "llefrith").stdout.startswith("exact: llefrith")
    checked = json.loads(phrasebook(data, "check", "milk", "llaeth", "llaith", "--json").stdout)
    assert checked["verdict"] == "typo" and checked["detail"] == "one letter wrong"
    assert phrasebook(data, "check", "cath", "cat", "cat", "--direction", "reverse", check=False).returncode != 0
    assert phrasebook(data, "check", "cat", "cath", "cat", "--direction", "reverse").stdout.startswith("exact")
    assert phrasebook(data, "new-per-day").stdout == "20 new cards a day\n"
    assert phrasebook(data, "new-per-day", "5").stdout == "5 new cards a day\n"
    refused = phrasebook(data, "new-per-day", "10000", check=False)
    assert refused.returncode != 0 and "0 to 9999" in refused.stderr
    assert json.loads(phrasebook(data, "new-per-day", "--json").stdout) == 5


def test_audio_writes_espeak_speech_or_the_recording(tmp_path):
    data = tmp_path / "data"
    phrasebook(data, "new", "Cymraeg", "--languages", "en,cy")
    phrasebook(data, "add", "cat", "cath")
    out = tmp_path / "cath.wav"
    assert phrasebook(data, "audio", "cat", "cath", "-o", str(out)).stdout.startswith("espeak-ng audio/wav")
    assert out.read_bytes()[:4] == b"RIFF"
    recording = tmp_path / "mine.ogg"
    recording.write_bytes(b"OggS" + bytes(50))
    heard = json.loads(phrasebook(data, "audio", "cat", "cath", "--record", str(recording), "--json").stdout)
    assert heard["recorded"] == "true" and heard["type"] == "audio/ogg"
    assert phrasebook(data, "audio", "cat", "cath", "--delete-recording").stdout.startswith("espeak-ng")
    bad = tmp_path / "bad.ogg"
    bad.write_bytes(b"<html>")
    refused = phrasebook(data, "audio", "cat", "cath", "--record", str(bad), check=False)
    assert refused.returncode != 0 and "not WebM, Ogg" in refused.stderr
    phrasebook(data, "new", "Tok", "--languages", "en,tpi")
    phrasebook(data, "add", "dog", "dok", "--book", "Tok")
    silent = phrasebook(data, "audio", "dog", "dok", "--book", "Tok", check=False)
    assert silent.returncode != 0 and "no voice" in silent.stderr


def test_hunspell_stems_find_inflected_swedish_in_search_and_the_answer_check(tmp_path):
    data = tmp_path / "data"
    phrasebook(data, "new", "Svenska", "--languages", "en,sv")
    phrasebook(data, "add", "dog", "hund")
    phrasebook(data, "add", "house", "hus")
    assert phrasebook(data, "check", "dog", "hund", "hundar").stdout == "inflection (another form of hund): hund\nproposed rating: hard\n"
    assert phrasebook(data, "search", "hundar").stdout == "dog\thund\n"
    assert phrasebook(data, "search", "huset").stdout == "house\thus\n"
    assert phrasebook(data, "search", "katter").stdout == "Nothing found.\n"
