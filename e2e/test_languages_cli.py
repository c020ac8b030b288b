"""The command line speaks the language of `--lang`, else of LC_ALL / LC_MESSAGES / LANG: its
messages for people and its errors (`--json` has no words to translate)."""
import json
import os
import subprocess

from conftest import BINARY


def keyit(data, *args, env=None):
    return subprocess.run([BINARY, "keyit", *args, "--data", str(data)], capture_output=True, text=True,
                          env={**os.environ, "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8", **(env or {})})


def test_lang_option_and_environment_choose_the_words(tmp_path):
    data = tmp_path / "data"
    assert "Dim Beibl eto" in keyit(data, "bibles", "--lang", "cy").stdout
    assert "No Bible yet" in keyit(data, "bibles").stdout
    assert keyit(data, "init", "--name", "Biblia").returncode == 0
    assert "mistari 0/22" in keyit(data, "chapters", "RUT", "--lang", "sw").stdout
    unknown = keyit(data, "items", "RUT", "9", env={"LANG": "fr_FR.UTF-8"})
    assert unknown.returncode != 0 and "n’a pas de chapitre 9" in unknown.stderr
    unknown = keyit(data, "items", "RUT", "9", "--lang", "tpi", env={"LANG": "fr_FR.UTF-8"})
    assert "i no gat sapta 9" in unknown.stderr
    items = keyit(data, "items", "RUT", "1", env={"LC_ALL": "sv_SE.UTF-8"}).stdout
    assert "\tVers 1\t" in items and "Verse 1" not in items
    verse = items.split("\n")[1].split("\t")[0].strip(" *")
    actions = json.loads(keyit(data, "actions", verse, "--json", "--lang", "fr").stdout)
    assert "Ajouter un intertitre avant" in [action["label"] for action in actions]
