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


def help_dump(language):
    """The whole command tree with every help text, as ArgumentParser dumps it in a language."""
    done = subprocess.run([BINARY, "--experimental-dump-help"], capture_output=True, text=True, check=True,
                          env={**os.environ, "LC_ALL": "", "LC_MESSAGES": "", "LANG": language})
    return json.loads(done.stdout)["command"]


def help_texts(command, path=()):
    """(where, text) for each abstract, discussion and argument help of a command and its subcommands,
    leaving out ArgumentParser's own --help, --version and `help`."""
    where = " ".join(path + (command["commandName"],))
    for key in ("abstract", "discussion"):
        if command.get(key):
            yield where, command[key]
    for argument in command.get("arguments", []):
        names = {name["name"] for name in argument.get("names", [])}
        if names & {"help", "h", "version"}:
            continue
        for key in ("abstract", "discussion"):
            if argument.get(key):
                yield f"{where} {argument.get('valueName', '')}", argument[key]
    for sub in command.get("subcommands", []):
        if sub["commandName"] != "help":
            yield from help_texts(sub, path + (command["commandName"],))


def test_help_of_every_command_is_in_each_language():
    english = list(help_texts(help_dump("C.UTF-8")))
    english_texts = {text for _, text in english}
    assert len(english) > 150 and "Start the web server." in english_texts
    for language in ("fr_FR.UTF-8", "sw_TZ.UTF-8", "tpi_PG.UTF-8", "cy_GB.UTF-8", "sv_SE.UTF-8"):
        texts = list(help_texts(help_dump(language)))
        assert len(texts) == len(english)
        untranslated = [(where, text) for where, text in texts if text in english_texts]
        assert not untranslated, f"{language}: English help left: {untranslated}"


def test_help_follows_lang_option_and_environment():
    def run(*args, env=None):
        return subprocess.run([BINARY, *args], capture_output=True, text=True, check=True,
                              env={**os.environ, "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8", **(env or {})}).stdout
    french = run("keyit", "--help", "--lang", "fr")
    assert "Saisir l’Écriture et l’exporter en USFM ou USX." in french
    assert "Keyboard Scripture" not in french
    swahili = run("phrasebook", "import", "--help", env={"LANG": "sw_TZ.UTF-8"})
    assert "Njia ya faili au URL ya http(s)." in swahili and "--format <format>" in swahili
    welsh = run("keyit", "init", "--help", "--lang=cy")
    assert "Sut mae’r Beibl printiedig yn rhifo adnodau: " in welsh
    english = run("keyit", "init", "--help")
    assert "How the printed Bible numbers verses: " in english and "--french-psalms" in english


PARSER_ENGLISH = ("OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:", "SUBCOMMANDS:", "Show help information",
                  "Show the version", "for detailed help", "for more information", "(default:", "(values:",
                  "Error:", "Help:", "Usage:", "Unknown option", "Missing expected argument", "Did you mean")


def test_the_parsers_own_words_are_in_the_language_and_lang_may_stand_anywhere():
    def run(*args):
        return subprocess.run([BINARY, *args], capture_output=True, text=True,
                              env={**os.environ, "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"})
    english = run("keyit", "init", "--bogus")
    assert english.returncode == 64 and english.stderr.startswith("Error: ")
    for language in ("fr", "sw", "tpi", "cy", "sv"):
        outputs = [run("--lang", language, "--help"), run("keyit", "init", "--help", "--lang", language),
                   run("--lang", language, "phrasebook", "add"), run("keyit", "--lang=" + language, "bibles", "--bible")]
        assert [done.returncode for done in outputs] == [0, 0, 64, 64], (language, outputs)
        for done in outputs:
            text = done.stdout + done.stderr
            left = [words for words in PARSER_ENGLISH if words in text]
            assert not left, f"{language}: {left} in {text}"
        assert "'--bible <bible>'" in outputs[3].stderr, "what the user typed stays as typed"
