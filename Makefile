# The README's two commands: `make run` and `make test`. Both install what is missing first.
.PHONY: setup run test bench format

setup:
	./scripts/setup.sh

run: setup
	swift build --product scriptorium
	.build/debug/scriptorium serve $(ARGS)

test: setup
	swift build --build-tests
	swift test --skip-build
	.venv/bin/python -m pytest -q e2e

bench: setup
	swift build -c release --product keyit-benchmark
	swift build -c release --product phrasebook-benchmark
	swift build -c release --product lexikon-benchmark
	swift build -c release --product sharesynch-benchmark
	swift build -c release --product scriptorium
	.build/release/keyit-benchmark
	.build/release/phrasebook-benchmark
	.build/release/lexikon-benchmark
	.build/release/sharesynch-benchmark
	.venv/bin/python Benchmarks/keyit_web_bench.py .build/release/scriptorium
	.venv/bin/python Benchmarks/phrasebook_web_bench.py .build/release/scriptorium
	.venv/bin/python Benchmarks/sharesynch_edit_bench.py .build/release/scriptorium

format:
	swift format --in-place --recursive Package.swift Sources Tests Benchmarks
