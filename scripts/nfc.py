"""Oracle for Unicode normalization: Python's unicodedata. Reads texts from stdin, one per line,
each written as its scalars in hexadecimal separated by spaces; prints for each a line with the
scalars of its NFC form, the same way, then ";" and 1 when the text was already NFC, else 0."""
import sys
import unicodedata

for line in sys.stdin:
    text = "".join(chr(int(scalar, 16)) for scalar in line.split())
    composed = unicodedata.normalize("NFC", text)
    print(" ".join(f"{ord(c):x}" for c in composed) + ";" + ("1" if unicodedata.is_normalized("NFC", text) else "0"))
