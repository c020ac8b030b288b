"""Peer for the Key It import benchmark: median and p99 milliseconds for usfm-grammar to parse the
given files (all of them, once per run), on one line. Usage: usfm_grammar_parse.py RUNS FILE..."""
import statistics
import sys
import time

from usfm_grammar import USFMParser

runs = int(sys.argv[1])
texts = [open(path, encoding="utf-8-sig").read() for path in sys.argv[2:]]
times = []
for _ in range(runs):
    start = time.perf_counter()
    for text in texts:
        parser = USFMParser(text)
        assert not parser.errors, parser.errors
    times.append((time.perf_counter() - start) * 1000)
times.sort()
print(statistics.median(times), times[max(0, -(-len(times) * 99 // 100) - 1)])
