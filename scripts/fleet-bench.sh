#!/usr/bin/env bash
# fleet-bench.sh — manifest throughput and a simulated fleet (what `make fleet-bench` runs).
#
#   scripts/fleet-bench.sh [JOBS] [SECONDS]      (defaults: 1000 jobs of 3 s each)
#
# Generates JOBS short recordings (16 kHz mono, SECONDS long, a tone with noise, each its own
# file) with a whisper-style transcript naming two listed words, into bench-data/fleet/ (kept
# between runs), and a manifest of one job per recording. Then, with the release build:
#
#   1. the manifest at -j 1 and -j 2 (--no-resume, every job done): files/s, audio-hours/s;
#   2. a simulated fleet: N slices (N = 1, 2, 7, 64, by line and by hash) started side by side
#      as separate processes, as an Indexed Job or a Slurm array would; checks from their
#      --results that every job ran exactly once, then reruns the fleet and checks that it did
#      no work (every job "skipped").
#
# BIN runs another censor build instead of building the release one. Prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."

jobs=${1:-1000}
seconds=${2:-3}
if [ -z "${BIN:-}" ]; then
    swift build -c release --static-swift-stdlib --product censor >&2
    BIN=$(swift build -c release --static-swift-stdlib --show-bin-path)/censor
fi
data=bench-data/fleet
mkdir -p "$data/in" "$data/out"

if [ ! -f "$data/in/$((jobs - 1)).wav" ]; then
    echo "fleet-bench: generating $jobs recordings of $seconds s" >&2
    sox -n -r 16000 -c 1 -b 16 "$data/base.wav" synth "$seconds" sine 220 synth "$seconds" whitenoise mix vol 0.3
    printf '{"segments": [{"start": 0.2, "end": 2.0, "text": " oh damn that crap", "words": [%s]}]}\n' \
        '{"word": " oh", "start": 0.2, "end": 0.5}, {"word": " damn", "start": 0.6, "end": 0.9}, {"word": " that", "start": 1.0, "end": 1.3}, {"word": " crap", "start": 1.5, "end": 1.9}' \
        > "$data/in/talk.json"
    printf 'damn\ncrap\n' > "$data/words.txt"
    for ((i = 0; i < jobs; i++)); do cp "$data/base.wav" "$data/in/$i.wav"; done
fi
: > "$data/jobs.jsonl"
for ((i = 0; i < jobs; i++)); do
    printf '{"input": "in/%d.wav", "transcript": "in/talk.json", "output": "out/%d.wav"}\n' "$i" "$i" >> "$data/jobs.jsonl"
done
hours=$(awk -v n="$jobs" -v s="$seconds" 'BEGIN { printf "%.4f", n * s / 3600 }')

now() { date +%s.%N; }
rate() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.1f", n / t }'; }

echo "| run | wall s | files/s | audio-hours/s |"
echo "| --- | --- | --- | --- |"
for width in 1 2; do
    start=$(now)
    "$BIN" --manifest "$data/jobs.jsonl" --words "$data/words.txt" -j "$width" --no-resume --force -q \
        --results "$data/results-j$width.jsonl"
    wall=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }')
    done_count=$(grep -c '"status":"done"' "$data/results-j$width.jsonl")
    [ "$done_count" -eq "$jobs" ] || { echo "fleet-bench: -j $width did $done_count of $jobs jobs" >&2; exit 1; }
    echo "| manifest, -j $width | $wall | $(rate "$jobs" "$wall") | $(awk -v h="$hours" -v t="$wall" 'BEGIN { printf "%.2f", h / t }') |"
done

# Runs N slices side by side; checks the union of their results covers every line once with STATUS.
fleet() {
    local count=$1 key=$2 status=$3 start wall
    rm -f "$data"/slice-*.jsonl
    start=$(now)
    for ((i = 0; i < count; i++)); do
        "$BIN" --manifest "$data/jobs.jsonl" --words "$data/words.txt" --shard "$i/$count" --shard-by "$key" \
            -j 1 -q --results "$data/slice-$i.jsonl" &
    done
    wait
    wall=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }')
    local lines unique wrong
    lines=$(cat "$data"/slice-*.jsonl | wc -l)
    unique=$(cat "$data"/slice-*.jsonl | grep -o '"line":[0-9]*' | sort -u | wc -l)
    wrong=$(cat "$data"/slice-*.jsonl | grep -vc "\"status\":\"$status\"" || true)
    if [ "$lines" -ne "$jobs" ] || [ "$unique" -ne "$jobs" ] || [ "$wrong" -ne 0 ]; then
        echo "fleet-bench: $count slices by $key: $lines results, $unique distinct lines, $wrong not $status" >&2
        exit 1
    fi
    echo "| $count slices by $key, $( [ "$status" = done ] && echo "first run" || echo "rerun (no work)") | $wall | $(rate "$jobs" "$wall") | $( [ "$status" = done ] && awk -v h="$hours" -v t="$wall" 'BEGIN { printf "%.2f", h / t }' || echo "–") |"
}
for key in line hash; do
    for count in 1 2 7 64; do
        rm -rf "$data/out" && mkdir -p "$data/out"
        fleet "$count" "$key" done
        fleet "$count" "$key" skipped
    done
done
echo
echo "$jobs jobs of $seconds s ($hours audio-hours); every slice set covered each job exactly once, and each rerun skipped all."
