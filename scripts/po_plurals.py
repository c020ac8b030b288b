"""Oracle for the catalogs: checks each .po file with GNU gettext's `msgfmt --check`, then asks
Python's gettext (which evaluates the file's own `Plural-Forms` formula) which msgstr[n] each number
takes. Usage: po_plurals.py NUMBERS FILE.po...; prints {"<Language>": [index per number]} as JSON."""
import gettext
import json
import subprocess
import sys
import tempfile
from pathlib import Path

numbers = [int(n) for n in sys.argv[1].split(",")]
answer = {}
with tempfile.TemporaryDirectory() as folder:
    for po in sys.argv[2:]:
        mo = Path(folder) / (Path(po).stem + ".mo")
        subprocess.run(["msgfmt", "--check", "-o", str(mo), po], check=True, capture_output=True)
        with open(mo, "rb") as file:
            catalog = gettext.GNUTranslations(file)
        answer[catalog.info()["language"]] = [catalog.plural(n) for n in numbers]
print(json.dumps(answer))
