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
	@echo "  make clean   remove build products and $(DEMO_OUT)/"

# The package list lives in scripts/install-deps.sh; it does nothing when all are present.
deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release

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

clean:
	$(SWIFT) package clean
	rm -rf $(DEMO_OUT)
