#!/usr/bin/env bash
# stdin-bench.sh — peak memory of `censor -` fed on the fly (what `make stdin-bench` runs).
#
#   scripts/stdin-bench.sh [MINUTES...]      (default: 10 60)
#
# For each length, sox synthesises 48 kHz stereo 16-bit audio to a pipe (nothing of the input
# is on disk), with a whisper-style transcript of a word every 2 s, every fifth one listed. The
# stream is censored without refinement (streamed, no spool) in mute and in matched-level beep
# mode, and once with the defaults (refinement on, so spooled to $TMPDIR) for comparison.
# GNU time gives each censor process's peak resident memory and wall time. The output goes to
# bench-data/stdin/ and is removed after each run.
#
# BIN runs another censor build instead of building the release one. Prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."

lengths=("$@")
[ ${#lengths[@]} -eq 0 ] && lengths=(10 60)
if [ -z "${BIN:-}" ]; then
    swift build -c release --static-swift-stdlib --product censor >&2
    BIN=$(swift build -c release --static-swift-stdlib --show-bin-path)/censor
fi
data=bench-data/stdin
mkdir -p "$data"

transcript() {  # SECONDS → a word every 2 s, every fifth one "damn"
    awk -v seconds="$1" 'BEGIN {
        printf "{\"segments\": [{\"start\": 0, \"end\": %d, \"text\": \"\", \"words\": [", seconds
        for (i = 0; 0.5 + 2 * i < seconds - 1; i++)
            printf "%s{\"word\": \" %s\", \"start\": %.3f, \"end\": %.3f}", (i ? ", " : ""), (i % 5 ? "word" : "damn"), 0.5 + 2 * i, 0.85 + 2 * i
        print "]}]}"
    }'
}

echo "| audio | path | mode | peak RSS | wall time |"
echo "|---|---|---|---:|---:|"
for minutes in "${lengths[@]}"; do
    seconds=$((minutes * 60))
    transcript "$seconds" > "$data/talk.json"
    run() {  # PATH-LABEL MODE CENSOR-OPTIONS...
        local label=$1 mode=$2
        shift 2
        local stats
        stats=$({ sox -n -r 48000 -c 2 -b 16 -t wav - synth "$seconds" sine 220 gain -6 2>/dev/null \
            | /usr/bin/time -f "%M %e" "$BIN" - --transcript "$data/talk.json" --word damn --mode "$mode" "$@" \
                -o "$data/out.wav" -q --force; } 2>&1 | tail -1)
        rm -f "$data/out.wav"
        read -r rss wall <<< "$stats"
        printf '| %d min | %s | %s | %d MB | %.1f s |\n' "$minutes" "$label" "$mode" $((rss / 1024)) "$wall"
    }
    run "streamed (--no-refine)" mute --no-refine
    run "streamed (--no-refine)" beep --no-refine
    [ "$minutes" -le 10 ] && run "spooled (refinement on)" mute
done
