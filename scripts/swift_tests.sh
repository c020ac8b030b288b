#!/usr/bin/env bash
# Runs the built Swift tests with their temporary files in a folder of the run's own (TMPDIR),
# removed when they end, passed or failed: fixtures that keep a folder for a whole suite leave
# nothing in /tmp. The output is also kept in .build/swift-tests.log.
#
# A crash prints only the crashed thread, and a failed run ends by naming the tests that started
# and never ended (those running when a crash stopped the process), so that the last lines of a
# CI log say what failed: one CI run died of a SIGSEGV whose tail named neither.
set -uo pipefail
cd "$(dirname "$0")/.."

# The tests the log $1 shows starting and never ending.
unfinished() {
  python3 - "$1" <<'PY'
import re, sys
started, ended = [], set()
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    m = re.match(r"◇ Test (.+?) started\.$", line.rstrip())
    if m and m.group(1) != "run" and not m.group(1).startswith("case passing "):
        started.append(m.group(1))
    elif m := re.match(r"[✔✘➜] Test (.+?)( with \d+ test cases?)? (passed|failed|skipped)", line):
        ended.add(m.group(1))
for name in started:
    if name not in ended:
        print("  " + name)
PY
}

log=.build/swift-tests.log
scratch=$(mktemp -d)
TMPDIR=$scratch SWIFT_BACKTRACE=enable=yes,threads=crashed,registers=none,images=none \
  swift test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
rm -rf "$scratch"
if [ "$status" -ne 0 ]; then
  echo "Swift tests exited with $status. Started and never ended:"
  unfinished "$log"
fi
exit "$status"
