"""The reference for Lexikon's dictd file reader: reads each `OFFSET LENGTH` pair on stdin (one per
line) from the whole decompressed text of a .dict.dz (Python's gzip, reading the file from the
start) and prints the slices as a JSON list of strings. Usage: dict_text.py FILE.dict.dz"""
import gzip
import json
import sys

with gzip.open(sys.argv[1], "rb") as handle:
    text = handle.read()
slices = []
for line in sys.stdin:
    if line.strip():
        offset, length = map(int, line.split())
        slices.append(text[offset:offset + length].decode("utf-8"))
print(json.dumps(slices))
