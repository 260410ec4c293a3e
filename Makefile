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
	@echo "  make demo    build, then censor Examples/talk.wav and a short video made on the spot into $(DEMO_OUT)/"
	@echo "  make test    run the whole test suite (swift test; installs chromium, python3 and nodejs for the review page's tests), then make examples"
	@echo "  make examples  build and run Examples/LibraryUse, four programs using CensorKit as a separate package would"
	@echo "  make format  rewrite the Swift sources in place as .swift-format says (swift format)"
	@echo "  make lint    check the Swift sources against .swift-format, failing on any finding"
	@echo "  make review-screenshot  the review page tests, saving the demo page's screenshot as docs/review.png"
	@echo "  make bench   release build, then the benchmarks and their baselines (~25 min; BENCH_ARGS=--quick: ~5)"
	@echo "  make fleet-bench  1,000 short jobs from a manifest at -j 1 and 2, then 1/2/7/64 slices side by side and a rerun"
	@echo "  make stdin-bench  peak memory of 'censor -' streaming 10 minutes and an hour synthesised on the fly"
	@echo "  make accuracy  leak and collateral with off transcript times, edge refinement on vs off (real speech fetched into bench-data/real/, espeak-ng corpus in bench-data/; ~3 min)"
	@echo "  make fuzz    libFuzzer on every parser, FUZZ_SECONDS=$(FUZZ_SECONDS) each (~25 min; see Fuzz/run.sh)"
	@echo "  make sanitize  the test suite under AddressSanitizer, then ThreadSanitizer (SANITIZERS=\"$(SANITIZERS)\")"
	@echo "  make install install the binary, man page and bash/zsh/fish completions (PREFIX=$(PREFIX), DESTDIR, BIN=a built censor)"
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
		--mode beep -o $(DEMO_OUT)/talk.censored.wav --force --report $(DEMO_OUT)/talk.report.json \
		--review $(DEMO_OUT)/talk.review.html
	@echo
	@echo "Input:  Examples/talk.wav (transcript Examples/talk.json, censor list Examples/words.txt)"
	@echo "Output: $(DEMO_OUT)/talk.censored.wav"
	@echo "Report: $(DEMO_OUT)/talk.report.json"
	@echo "Review: $(CURDIR)/$(DEMO_OUT)/talk.review.html (open it in a browser)"
	@sh scripts/report-summary.sh $(DEMO_OUT)/talk.report.json
	@# A short video made on the spot (test pattern + the same speech), censored with its subtitles.
	@ffmpeg -nostdin -v error -y -f lavfi -i testsrc=size=320x240:rate=25 -i Examples/talk.wav -shortest \
		-c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -b:a 96k $(DEMO_OUT)/talk.mp4
	$(CENSOR) $(DEMO_OUT)/talk.mp4 --transcript Examples/talk.json --words Examples/words.txt --force \
		--subtitles $(DEMO_OUT)/talk.censored.srt --embed-subtitles
	@echo
	@echo "Video:  $(DEMO_OUT)/talk.mp4 → $(DEMO_OUT)/talk.censored.mp4 (video copied, audio beeped, subtitles added)"
	@echo "Subtitles: $(DEMO_OUT)/talk.censored.srt"
	@echo
	@echo "censor is built as $(CENSOR); to use it anywhere: make install PREFIX=~/.local (or sudo make install)"

# The review page's tests open it in headless Chromium (scripts/review-browser.py, Python) and lint
# its script with node; about 300 MB, so an extra rather than a build dependency.
REVIEW_DEPS := chromium python3 nodejs

test: deps
	@bash scripts/install-deps.sh $(REVIEW_DEPS)
	@$(MAKE) --no-print-directory lint
	$(SWIFT) test
	@$(MAKE) --no-print-directory examples
	@SWIFT="$(SWIFT)" bash Fuzz/build.sh --typecheck

# Examples/LibraryUse, a package of its own that depends on this one by path, as another tool
# would: built in this package's build folder, which already holds CensorKit (seconds, not a
# second build of the library), then each program run; each exits non-zero on a wrong result.
.PHONY: examples
examples:
	$(SWIFT) build --package-path Examples/LibraryUse --scratch-path .build
	@set -e; for program in FrontDoor FileToFile InMemory Streaming; do \
		echo "Examples/LibraryUse: $$program"; .build/debug/$$program > /dev/null; done

# The style .swift-format describes: 4-space indentation, lines of at most 120 characters.
# `format` rewrites the files; `lint` changes nothing and fails on any finding.
FORMATTED := Sources Tests Benchmarks Examples Fuzz Package.swift

.PHONY: format lint
format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMATTED)

lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)

# docs/review.png, the README's screenshot: the demo's review page as the browser tests leave it.
.PHONY: review-screenshot
review-screenshot: deps
	@bash scripts/install-deps.sh $(REVIEW_DEPS)
	@mkdir -p docs
	CENSOR_REVIEW_SCREENSHOT=$(CURDIR)/docs/review.png $(SWIFT) test --filter ReviewPageBrowserTests

# Benchmarks and baselines (sndfile-convert, ffmpeg graphs); see BENCHMARKS.md and scripts/bench.sh.
.PHONY: bench
bench:
	@SWIFT="$(SWIFT)" bash scripts/bench.sh $(BENCH_ARGS)

# Manifest throughput and a simulated fleet; see scripts/fleet-bench.sh and BENCHMARKS.md.
.PHONY: fleet-bench
fleet-bench: deps
	@bash scripts/fleet-bench.sh $(FLEET_BENCH_ARGS)

# Peak memory of standard input censored as it streams; see scripts/stdin-bench.sh and BENCHMARKS.md.
.PHONY: stdin-bench
stdin-bench: deps
	@bash scripts/stdin-bench.sh $(STDIN_BENCH_ARGS)

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
	@bash scripts/install-deps.sh $(REVIEW_DEPS)
	@for sanitizer in $(SANITIZERS); do \
		echo "== swift test --sanitize=$$sanitizer"; \
		LSAN_OPTIONS="suppressions=$(CURDIR)/Fuzz/lsan.supp:print_suppressions=0" \
			$(SWIFT) test --sanitize=$$sanitizer --scratch-path .build/sanitize-$$sanitizer || exit 1; \
	done

# Installs like any Unix tool, under $(DESTDIR)$(PREFIX): the binary, the manual page and the
# shell completions, the last two printed by the binary itself from its option definitions.
# BIN defaults to the static release build (made first); give BIN=path to install another.
PREFIX ?= /usr/local
BIN    ?= $(CENSOR)
INSTALL_DIRS = $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	$(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
.PHONY: install
install: $(if $(filter $(CENSOR),$(BIN)),build)
	install -d $(INSTALL_DIRS)
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/censor
	$(BIN) --man > $(DESTDIR)$(PREFIX)/share/man/man1/censor.1
	$(BIN) --completion bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/censor
	$(BIN) --completion zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_censor
	$(BIN) --completion fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/censor.fish

clean:
	$(SWIFT) package clean
	rm -rf $(DEMO_OUT)
