#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/Targets into $FUZZ_BUILD (default .build/fuzz):
#   1. CensorKit (with the library targets below it) and CensorCLI with libFuzzer coverage and
#      AddressSanitizer, by SwiftPM in a scratch folder of their own (the package's normal .build
#      is not touched);
#   2. Fuzz/Targets/*.swift, linked against their objects into one binary, censor-fuzz;
#   3. Fuzz/Tools/ExtractSeeds.swift, which turns the tests' inline fixtures into seed files.
# Nothing here is a package target, so `swift build` and `swift test` never see it.
#
# `Fuzz/build.sh --typecheck` only type-checks Fuzz/Targets against the package's own debug
# build (.build): seconds, not a second build. `make test` runs it, so that a change of the
# library's API cannot break the fuzz targets unnoticed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SWIFT=${SWIFT:-swift}
SWIFTC=${SWIFTC:-swiftc}
OUT=${FUZZ_BUILD:-.build/fuzz}
SCRATCH="$OUT/swiftpm"
# One -sanitize= option naming both: of several, swiftc keeps only the last (so SwiftPM's own
# `--sanitize=fuzzer --sanitize=address` would build without the coverage libFuzzer steers by).
SANITIZERS=(-Xswiftc -sanitize=fuzzer,address)
TYPECHECK=false
if [ "${1:-}" = --typecheck ]; then TYPECHECK=true; SCRATCH=.build; SANITIZERS=(); fi
mkdir -p "$OUT"

echo "fuzz: building CensorKit and CensorCLI ${SANITIZERS[*]:+with -sanitize=fuzzer,address }in $SCRATCH"
"$SWIFT" build --target CensorCLI --scratch-path "$SCRATCH" "${SANITIZERS[@]}"
BIN=$("$SWIFT" build --scratch-path "$SCRATCH" "${SANITIZERS[@]}" --show-bin-path)

# The targets reach one another's `package` declarations, and so do the fuzz targets, under the
# package name SwiftPM gave them (it comes from the checkout's folder name).
PACKAGE_NAME=$(grep -o -- '-package-name","[^"]*"' "$SCRATCH"/debug.yaml | head -1 | cut -d'"' -f3)
if [ -z "$PACKAGE_NAME" ]; then
    echo "fuzz: no -package-name in $SCRATCH/debug.yaml" >&2
    exit 1
fi
MODULE_MAPS=()
for map in Sources/C*/module.modulemap; do MODULE_MAPS+=(-Xcc "-fmodule-map-file=$PWD/$map"); done
# CPocketSphinx and CStderrFilter are C targets: SwiftPM writes their module maps.
for target in CPocketSphinx CStderrFilter; do
    MODULE_MAPS+=(-Xcc "-fmodule-map-file=$BIN/$target.build/module.modulemap")
done

if $TYPECHECK; then
    echo "fuzz: type-checking Fuzz/Targets against $BIN"
    "$SWIFTC" -typecheck -parse-as-library -package-name "$PACKAGE_NAME" -module-cache-path "$OUT/module-cache" \
        -I "$BIN/Modules" "${MODULE_MAPS[@]}" Fuzz/Targets/*.swift
    exit 0
fi

shopt -s nullglob
# The library's targets (Package.swift) and the CLI's.
LIBRARY=(CPocketSphinx CStderrFilter CensorText CensorTranscript CensorMatching CensorDSP CensorAudio CensorPlanning CensorKit CensorCLI)
OBJECTS=()
for target in "${LIBRARY[@]}"; do
    objects=("$BIN/$target.build"/*.o)
    if [ ${#objects[@]} -eq 0 ]; then
        echo "fuzz: no objects under $BIN/$target.build" >&2
        exit 1
    fi
    OBJECTS+=("${objects[@]}")
done
# Unsteered fuzzing finds little: make sure the package's code carries coverage counters.
if ! nm "$BIN"/CensorTranscript.build/Transcript.swift.o | grep -q __sanitizer_cov; then
    echo "fuzz: CensorKit was built without libFuzzer coverage (-sanitize=fuzzer)" >&2
    exit 1
fi
# shellcheck disable=SC2046 # pkg-config prints several flags
# PocketSphinx is not linked: CPocketSphinx opens it when an aligner is made.
LIBS=($(pkg-config --libs sndfile samplerate fftw3f libmpg123) -ldl)

# lld, when the toolchain has it: gold warns about every ASan helper symbol it cannot export.
LINKER=()
if command -v ld.lld >/dev/null 2>&1 || [ -x "$(dirname "$(command -v "$SWIFTC")")/ld.lld" ]; then LINKER=(-use-ld=lld); fi

echo "fuzz: linking $OUT/censor-fuzz"
"$SWIFTC" -sanitize=fuzzer,address -parse-as-library -Onone -g "${LINKER[@]}" -package-name "$PACKAGE_NAME" \
    -module-cache-path "$OUT/module-cache" -I "$BIN/Modules" "${MODULE_MAPS[@]}" \
    Fuzz/Targets/*.swift "${OBJECTS[@]}" "${LIBS[@]}" -o "$OUT/censor-fuzz"

if [ ! "$OUT/extract-seeds" -nt Fuzz/Tools/ExtractSeeds.swift ]; then
    echo "fuzz: building $OUT/extract-seeds"
    "$SWIFTC" -O -module-cache-path "$OUT/module-cache" Fuzz/Tools/ExtractSeeds.swift -o "$OUT/extract-seeds"
fi
