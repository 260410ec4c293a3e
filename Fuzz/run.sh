#!/usr/bin/env bash
# Builds the fuzz targets (Fuzz/build.sh) and runs each for a bounded time with libFuzzer.
#
#   FUZZ_SECONDS=60     seconds per target
#   FUZZ_TARGETS="…"    targets to run, by name (default: every one; `list` prints them)
#   FUZZ_BUILD=…        build, corpus and crash folder (default .build/fuzz)
#
# Leaks inside the codec libraries libsndfile uses are suppressed (Fuzz/lsan.supp).
# Seeds: the tests' inline fixtures (extracted from Tests/ at every run), Fuzz/Seeds/, and for
# the MP3 targets the files Fuzz/Tools/make-mp3-seeds.sh makes with ffmpeg at every run.
# The corpus of each target grows in $FUZZ_BUILD/corpus/<target> from run to run. A crash,
# timeout, out-of-memory or sanitizer report is saved in $FUZZ_BUILD/crashes/<target>/ and
# the run ends with status 1; replay one with
#   CENSOR_FUZZ_TARGET=<target> $FUZZ_BUILD/censor-fuzz <file>
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
OUT=${FUZZ_BUILD:-.build/fuzz}
export FUZZ_BUILD=$OUT

bash Fuzz/build.sh
FUZZER="$OUT/censor-fuzz"
mapfile -t ALL < <(CENSOR_FUZZ_TARGET=list "$FUZZER")
if [ "${FUZZ_TARGETS:-}" = list ]; then printf '%s\n' "${ALL[@]}"; exit 0; fi
read -r -a TARGETS <<< "${FUZZ_TARGETS:-${ALL[*]}}"

FIXTURES="$OUT/seeds/fixtures"
rm -rf "$FIXTURES"
"$OUT/extract-seeds" "$FIXTURES" $(find Tests -name '*.swift' | sort)
MP3_SEEDS="$OUT/seeds/mp3"
rm -rf "$MP3_SEEDS"
bash Fuzz/Tools/make-mp3-seeds.sh "$MP3_SEEDS"

# AAC seeds are made here by ffmpeg's AAC encoder: a tenth of a second in ADTS, M4A and MKA, mono and stereo.
AAC_SEEDS="$OUT/seeds/aac"
mkdir -p "$AAC_SEEDS"
for seed in "1 64k aac" "2 128k aac" "1 96k m4a" "2 64k m4a" "2 128k mka"; do
    read -r channels rate container <<< "$seed"
    ffmpeg -nostdin -v error -y -f lavfi -i "sine=f=440:d=0.1" -ac "$channels" -c:a aac -b:a "$rate" \
        "$AAC_SEEDS/tone-$channels-$rate.$container"
done

# The seed folders of a target: Fuzz/Seeds/<group>, and the fixtures for text parsers.
seeds_for() {
    case "$1" in
        arguments) echo Fuzz/Seeds/arguments ;;
        audio) echo Fuzz/Seeds/audio ;;
        mp3-frames | mp3-tags) echo "Fuzz/Seeds/mp3 $MP3_SEEDS" ;;
        aac-packets) echo "$AAC_SEEDS" ;;
        censor-list) echo "Fuzz/Seeds/censor-list $FIXTURES" ;;
        pipeline) echo "Fuzz/Seeds/pipeline Fuzz/Seeds/transcripts $FIXTURES" ;;
        report | labels) echo Fuzz/Seeds/report ;;
        manifest) echo Fuzz/Seeds/manifest ;;
        *) echo "Fuzz/Seeds/transcripts $FIXTURES" ;;
    esac
}

SUMMARY="$OUT/summary.txt"
: > "$SUMMARY"
failed=0
for target in "${TARGETS[@]}"; do
    if ! printf '%s\n' "${ALL[@]}" | grep -qx -- "$target"; then
        echo "fuzz: no target '$target'; FUZZ_TARGETS=list lists them" >&2
        exit 64
    fi
    corpus="$OUT/corpus/$target"
    crashes="$OUT/crashes/$target"
    log="$OUT/logs/$target.log"
    mkdir -p "$corpus" "$crashes" "$(dirname "$log")"
    echo "fuzz: $target for ${SECONDS_PER_TARGET}s"
    # shellcheck disable=SC2046 # seeds_for prints several folders
    if env CENSOR_FUZZ_TARGET="$target" CENSOR_FUZZ_SCRATCH="$OUT/scratch" \
        LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0" \
        "$FUZZER" -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
        -print_final_stats=1 -artifact_prefix="$crashes/" "$corpus" $(seeds_for "$target") > "$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        printf '%-34s clean  %5ss  %9s runs  corpus %s\n' "$target" "$SECONDS_PER_TARGET" "${runs:-?}" \
            "$(find "$corpus" -type f | wc -l)" | tee -a "$SUMMARY"
    else
        failed=1
        artifact=$(sed -n 's/.*Test unit written to //p' "$log" | tail -1)
        reason=$(grep -m1 -E '^==[0-9]+==ERROR|^SUMMARY|Fatal error|ERROR: libFuzzer' "$log" || true)
        printf '%-34s FOUND  %s\n%36s%s\n' "$target" "${artifact:-see $log}" "" "$reason" | tee -a "$SUMMARY"
    fi
done
echo "fuzz: summary in $SUMMARY"
exit $failed
