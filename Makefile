# censor — build, test and demo. `make` alone lists the targets.

SWIFT    ?= swift
CENSOR   := .build/release/censor
DEMO_OUT := demo-output

.DEFAULT_GOAL := help
.PHONY: help deps build demo test clean

help:
	@echo "Targets:"
	@echo "  make deps    install missing system packages (apt-get; via sudo when not root)"
	@echo "  make build   release build: $(CENSOR)"
	@echo "  make demo    build, then censor Examples/talk.wav into $(DEMO_OUT)/ and summarize"
	@echo "  make test    run the whole test suite (swift test)"
	@echo "  make bench   release build, then the benchmarks and their baselines (~10 min; BENCH_ARGS=--quick: ~4)"
	@echo "  make accuracy  leak and collateral with off transcript times, edge refinement on vs off (real speech fetched into bench-data/real/, espeak-ng corpus in bench-data/; ~3 min)"
	@echo "  make fuzz    libFuzzer on every parser, FUZZ_SECONDS=$(FUZZ_SECONDS) each (~25 min; see Fuzz/run.sh)"
	@echo "  make sanitize  the test suite under AddressSanitizer, then ThreadSanitizer (SANITIZERS=\"$(SANITIZERS)\")"
	@echo "  make clean   remove build products and $(DEMO_OUT)/"

# The package list lives in scripts/install-deps.sh; it does nothing when all are present.
deps:
	@bash scripts/install-deps.sh

# The Swift runtime and Foundation are linked in statically: the binary runs on machines without
# the toolchain and its resident memory is about 6 MB smaller (no shared-library relocations).
build: deps
	$(SWIFT) build -c release --static-swift-stdlib

demo: build
	@mkdir -p $(DEMO_OUT)
	$(CENSOR) Examples/talk.wav --transcript Examples/talk.json --words Examples/words.txt \
		--mode beep -o $(DEMO_OUT)/talk.censored.wav --force --report $(DEMO_OUT)/talk.report.json
	@echo
	@echo "Input:  Examples/talk.wav (transcript Examples/talk.json, censor list Examples/words.txt)"
	@echo "Output: $(DEMO_OUT)/talk.censored.wav"
	@echo "Report: $(DEMO_OUT)/talk.report.json"
	@sh scripts/report-summary.sh $(DEMO_OUT)/talk.report.json

test: deps
	$(SWIFT) test

# Benchmarks and baselines (sndfile-convert, ffmpeg graphs); see BENCHMARKS.md and scripts/bench.sh.
.PHONY: bench
bench:
	@SWIFT="$(SWIFT)" bash scripts/bench.sh $(BENCH_ARGS)

# Leak and collateral of the censor with off transcript times; see BENCHMARKS.md. ACCURACY_ARGS
# e.g. "--sweep 0,100,150,200,250,300 --by-background --write-audio" or "--only real". The
# real-speech corpus is fetched by scripts/fetch-real-speech.sh (pip, ffmpeg, a venv for PocketSphinx).
.PHONY: accuracy
accuracy:
	@bash scripts/install-deps.sh espeak-ng ffmpeg python3-pip python3-venv
	$(SWIFT) build -c release --product CensorAccuracy
	$(SWIFT) run -c release --skip-build CensorAccuracy $(ACCURACY_ARGS)

# libFuzzer targets for every transcript format, detection, censor lists, arguments and audio;
# seeds from the tests' fixtures and Fuzz/Seeds, corpus and crashes in .build/fuzz.
FUZZ_SECONDS ?= 60
.PHONY: fuzz
fuzz: deps
	@SWIFT="$(SWIFT)" FUZZ_SECONDS="$(FUZZ_SECONDS)" bash Fuzz/run.sh

# The whole test suite built with each sanitizer, each in a scratch folder of its own (the CLI
# tests then run the sanitized censor binary too). Stops at the first sanitizer that fails.
# Leaks in Foundation, XCTest and the codec libraries are suppressed (Fuzz/lsan.supp).
SANITIZERS ?= address thread
.PHONY: sanitize
sanitize: deps
	@for sanitizer in $(SANITIZERS); do \
		echo "== swift test --sanitize=$$sanitizer"; \
		LSAN_OPTIONS="suppressions=$(CURDIR)/Fuzz/lsan.supp:print_suppressions=0" \
			$(SWIFT) test --sanitize=$$sanitizer --scratch-path .build/sanitize-$$sanitizer || exit 1; \
	done

clean:
	$(SWIFT) package clean
	rm -rf $(DEMO_OUT)
