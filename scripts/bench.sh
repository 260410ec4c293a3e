#!/usr/bin/env bash
# bench.sh — censor's benchmark suite with its baselines, in one run (what `make bench` runs).
#
#   scripts/bench.sh [--quick | --full] [--update-doc] [CensorBenchmarks options...]
#
# Installs what is missing (the project's packages plus ffmpeg and GNU time), builds in release
# mode, generates the inputs into bench-data/ (git-ignored, kept between runs), runs every case
# and the baselines (sndfile-convert, cp, ffmpeg filter graphs) on the same files, and prints
# the tables. Results are also saved as bench-data/benchmarks.json and bench-data/benchmarks.md.
#
#   --quick       fewer runs, no baseline projected over 30 s: about 4 minutes
#   (default)     every case; baselines projected over 5 minutes are skipped: about 25 minutes
#   --full        also the 1-hour memory case (writes a 690 MB WAV, deleted afterwards)
#   --update-doc  replace the results block of BENCHMARKS.md with this run's tables
#
# Anything else is passed to CensorBenchmarks (--filter REGEX, --iterations N, ...; see
# `CensorBenchmarks --help`). SWIFT and BENCH_SCRATCH_PATH (default .build) choose the
# toolchain command and the build folder.
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
scratch=${BENCH_SCRATCH_PATH:-.build}
update_doc=0
args=()
for argument in "$@"; do
    if [ "$argument" = "--update-doc" ]; then update_doc=1; else args+=("$argument"); fi
done

bash scripts/install-deps.sh ffmpeg time

echo "bench: building (release)" >&2
# Statically linked, as `make build` builds censor (see the Makefile).
"$swift" build -c release --static-swift-stdlib --scratch-path "$scratch" --product censor >&2
"$swift" build -c release --static-swift-stdlib --scratch-path "$scratch" --product CensorBenchmarks >&2
bin=$("$swift" build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)

CENSOR_BENCH_SWIFT=$("$swift" --version 2>/dev/null | head -n 1 || true)
export CENSOR_BENCH_SWIFT
mkdir -p bench-data

status=0
rm -f bench-data/benchmarks.json bench-data/benchmarks.md  # never re-render an earlier run's results
"$bin/CensorBenchmarks" --data bench-data --censor "$bin/censor" --json-out bench-data/benchmarks.json \
    ${args[@]+"${args[@]}"} || status=$?
if [ -s bench-data/benchmarks.json ]; then
    "$bin/CensorBenchmarks" --from bench-data/benchmarks.json --format markdown > bench-data/benchmarks.md
    echo "bench: results saved in bench-data/benchmarks.json and bench-data/benchmarks.md" >&2
    if [ "$update_doc" = 1 ]; then
        start='<!-- bench:results:start -->'
        end='<!-- bench:results:end -->'
        if grep -qF "$start" BENCHMARKS.md && grep -qF "$end" BENCHMARKS.md; then
            awk -v start="$start" -v end="$end" -v results=bench-data/benchmarks.md '
                $0 == start { print; while ((getline line < results) > 0) print line; skipping = 1; next }
                $0 == end { skipping = 0 }
                !skipping { print }
            ' BENCHMARKS.md > BENCHMARKS.md.new && mv BENCHMARKS.md.new BENCHMARKS.md
            echo "bench: BENCHMARKS.md updated between the $start markers" >&2
        else
            echo "bench: BENCHMARKS.md has no $start / $end markers; not updated" >&2
        fi
    fi
fi
exit "$status"
