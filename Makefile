# The README's two commands: `make run` and `make test`. Both install what is missing first.
.PHONY: setup run test soak fuzz bench format

# The fuzz targets `make test` runs: a bounded run, the same inputs every time (seeded). A target
# that crashes, hangs or grows past the memory limit fails the run and prints the saved input.
FUZZ_TARGETS = usfm pairs-json pairs-csv apkg manifest sspkg notes-html dict-protocol dict-entry dictd-index dictzip keyit-change
FUZZ_RUNS = 3000
FUZZ_SEED = 1
# `make fuzz`: every target for FUZZ_SECONDS each, from FUZZ_SEED (pick another seed for new inputs).
FUZZ_SECONDS = 300
FUZZ = .build/debug/scriptorium-fuzz

setup:
	./scripts/setup.sh

run: setup
	swift build --product scriptorium
	.build/debug/scriptorium serve $(ARGS)

# The Swift tests run through scripts/swift_tests.sh: their temporary files in a folder of their
# own, and a failed run's last lines naming what failed (a crash's thread, the tests it stopped).
test: setup
	swift build --build-tests
	scripts/swift_tests.sh
	$(FUZZ) $(FUZZ_TARGETS) --runs $(FUZZ_RUNS) --seconds 60 --seed $(FUZZ_SEED) --out .build/fuzz
	.venv/bin/python -m pytest -q e2e

# `make soak`: the Key It team-sync simulation over many more seeds (SOAK_SEEDS, from SOAK_FIRST).
SOAK_SEEDS = 200000
SOAK_FIRST = 1000001
soak: setup
	swift build --build-tests
	SIM_SEEDS=$(SOAK_SEEDS) SIM_FIRST=$(SOAK_FIRST) swift test --skip-build --filter SyncSimulationTests

fuzz: setup
	swift build --product scriptorium-fuzz
	$(FUZZ) $(FUZZ_TARGETS) --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED) --out .build/fuzz

bench: setup
	swift build -c release --product keyit-benchmark
	swift build -c release --product phrasebook-benchmark
	swift build -c release --product lexikon-benchmark
	swift build -c release --product sharesynch-benchmark
	swift build -c release --product hub-benchmark
	swift build -c release --product scriptorium
	.venv/bin/python scripts/bench_report.py

format:
	swift format --in-place --recursive Package.swift Sources Tests Benchmarks
