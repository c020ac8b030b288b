"""`scriptorium lexikon …` as a user types it: the dictd files by default, a real dictd with
--dict-server giving the same answers, the cache listed, filtered and forgotten; inflected and
mutated words, apostrophes, the alphabetical pages and letters, StarDict files in the data folder."""
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from conftest import BINARY, free_port
from lexikon_files import write_stardict


def lexikon(data, *args, check=True):
    result = subprocess.run([BINARY, "lexikon", *args, "--data", str(data)], capture_output=True, text=True)
    if check and result.returncode != 0:
        raise AssertionError(f"lexikon {' '.join(args)} failed: {result.stderr}")
    return result


@pytest.fixture
def dictd():
    """Debian's dictd on a free loopback port serving the Swedish dictionary as fd-swe-eng. Its
    config is in a world-readable folder of its own: dictd drops privileges before reading it."""
    folder = Path(tempfile.mkdtemp(prefix="scriptorium-dictd-"))
    os.chmod(folder, 0o755)
    config = folder / "dictd.conf"
    stem = "/usr/share/dictd/freedict-swe-eng"
    config.write_text(f'database fd-swe-eng {{ data "{stem}.dict.dz" index "{stem}.index" }}\n')
    os.chmod(config, 0o644)
    port = free_port()
    process = subprocess.Popen(
        ["/usr/sbin/dictd", "-c", str(config), "-d", "nodetach", "-p", str(port), "--listen-to", "127.0.0.1",
         "--pid-file", str(folder / "pid")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.02)
    yield f"127.0.0.1:{port}"
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    shutil.rmtree(folder, ignore_errors=True)


def test_files_and_server_give_the_same_entries_and_the_cache_works(tmp_path, dictd):
    files = json.loads(lexikon(tmp_path / "a", "lookup", "bank", "--json").stdout)
    served = json.loads(lexikon(tmp_path / "b", "lookup", "bank", "--json", "--dict-server", dictd).stdout)
    assert files["entries"] == served["entries"]
    assert [s["text"] for s in files["entries"][0]["senses"]] == ["bank", "sandbank"]
    assert "hund" in lexikon(tmp_path / "b", "match", "hun", "--dict-server", dictd).stdout.split()

    data = tmp_path / "a"
    assert "from the cache, looked up 2×" in lexikon(data, "lookup", "BANK").stdout
    lexikon(data, "lookup", "water", "--from", "en", "--to", "cy")
    assert "dŵr" in lexikon(data, "lookup", "water", "--from", "en", "--to", "cy").stdout
    lexikon(data, "lookup", "bär")
    listed = json.loads(lexikon(data, "cache", "--filter", "BA", "--json", "--from", "sv").stdout)
    assert [w["word"] for w in listed["words"]] == ["bank", "bär"]
    assert "Removed bank" in lexikon(data, "forget", "bank", "--from", "sv").stdout
    refused = lexikon(data, "forget", "bank", "--from", "sv", check=False)
    assert refused.returncode != 0 and "not in the swe-eng cache" in refused.stderr
    dictionaries = lexikon(data, "dictionaries").stdout
    assert "sv→en\tfreedict-swe-eng" in dictionaries and "cached eng-cym: 1 words" in dictionaries


def test_an_unreachable_server_is_a_clear_error_and_cached_words_still_work(tmp_path):
    data = tmp_path / "data"
    lexikon(data, "lookup", "hund")
    dead = f"127.0.0.1:{free_port()}"
    assert "dog" in lexikon(data, "lookup", "hund", "--dict-server", dead).stdout
    failed = lexikon(data, "lookup", "katt", "--dict-server", dead, check=False)
    assert failed.returncode != 0 and "unreachable" in failed.stderr and "cached words still work" in failed.stderr


def test_a_mutated_welsh_word_finds_its_radical(tmp_path):
    found = json.loads(lexikon(tmp_path, "lookup", "chath", "--from", "cy", "--to", "en", "--json").stdout)
    assert found["word"] == "cath"
    assert found["foundAs"] == {"asked": "chath", "how": "aspirate mutation", "kind": "mutation"}
    assert lexikon(tmp_path, "lookup", "gath", "--from", "cy", "--to", "en").stdout.startswith("gath → cath (soft mutation)")
    welsh = lexikon(tmp_path, "lookup", "gath", "--from", "cy", "--to", "en", "--lang", "cy").stdout
    assert welsh.startswith("gath → cath (treiglad meddal)"), welsh


def test_an_inflected_swedish_word_finds_its_lemma(tmp_path):
    assert lexikon(tmp_path, "lookup", "hundar").stdout.startswith("hundar → hund (plural)")
    assert lexikon(tmp_path, "lookup", "hundar", "--lang", "fr").stdout.startswith("hundar → hund (pluriel)")
    found = json.loads(lexikon(tmp_path, "lookup", "gick", "--json").stdout)
    assert found["word"] == "gå" and found["foundAs"] == {"asked": "gick", "how": "past", "kind": "inflection"}
    welsh = json.loads(lexikon(tmp_path, "lookup", "i'r chwith", "--from", "cy", "--to", "en", "--json").stdout)
    assert welsh["word"] == "i'r chwith" and "left" in welsh["entries"][0]["raw"]


def test_the_cache_pages_in_swedish_order_with_letters(tmp_path):
    for word in ["öl", "hund", "åka", "zon", "bil", "äga"]:
        lexikon(tmp_path, "lookup", word)
    first = json.loads(lexikon(tmp_path, "cache", "--limit", "4", "--json").stdout)
    assert [w["word"] for w in first["words"]] == ["bil", "hund", "zon", "åka"] and first["more"]
    rest = json.loads(lexikon(tmp_path, "cache", "--limit", "4", "--offset", "4", "--json").stdout)
    assert [w["word"] for w in rest["words"]] == ["äga", "öl"] and not rest["more"]
    assert lexikon(tmp_path, "letters").stdout.splitlines()[-3:] == ["Å\t1\t3", "Ä\t1\t4", "Ö\t1\t5"]


def test_a_stardict_dictionary_in_the_data_folder_is_used(tmp_path):
    folder = tmp_path / "dictionaries"
    folder.mkdir()
    write_stardict(folder, "tiny-cym-eng", {"o'r": "of the", "cath": "cat"}, bookname="Tiny Welsh")
    listed = json.loads(lexikon(tmp_path, "dictionaries", "--json").stdout)["dictionaries"]
    assert {"name": "tiny-cym-eng", "direction": "cym-eng", "description": "Tiny Welsh"}.items() \
        <= next(d for d in listed if d["name"] == "tiny-cym-eng").items()
    assert "of the" in lexikon(tmp_path, "lookup", "o'r", "--from", "cy").stdout


def test_add_dictionary_checks_the_files(tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    paths = write_stardict(source, "mine-swe-eng", {"hundar": "dogs (as a headword)"})
    assert lexikon(tmp_path / "data", "add-dictionary", str(paths[0])).stdout.strip() \
        == "mine-swe-eng: still needs .idx, .dict or .dict.dz"
    assert lexikon(tmp_path / "data", "add-dictionary", *map(str, paths[1:])).stdout.splitlines()[-1] \
        == "mine-swe-eng: ready"
    found = json.loads(lexikon(tmp_path / "data", "lookup", "hundar", "--json").stdout)
    assert "foundAs" not in found and "dogs (as a headword)" in found["entries"][0]["raw"]
    script = source / "run.sh"
    script.write_text("#!/bin/sh\n")
    refused = lexikon(tmp_path / "data", "add-dictionary", str(script), check=False)
    assert refused.returncode != 0 and "is not added" in refused.stderr
    assert sorted(p.name for p in (tmp_path / "data" / "dictionaries").iterdir()) == \
        ["mine-swe-eng.dict", "mine-swe-eng.idx", "mine-swe-eng.ifo"]
