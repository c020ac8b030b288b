"""Checks USFM files with the usfm-grammar parser; prints {"file": ["error", ...]} as JSON.

Used by the Swift tests as the external truth about what valid USFM is.
Usage: check_usfm.py FILE...
"""
import json
import sys

from usfm_grammar import USFMParser

report = {}
for path in sys.argv[1:]:
    with open(path, encoding="utf-8-sig") as handle:
        parser = USFMParser(handle.read())
    report[path] = [f"{place}: {text.strip()}" for place, text in parser.errors]
print(json.dumps(report))
