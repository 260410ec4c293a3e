#!/usr/bin/env bash
# make-example.sh — regenerates the bundled example used by `make demo`:
#
#   Examples/talk.wav   ~11 s of synthetic speech (espeak-ng), mono, 16-bit, 22050 Hz
#   Examples/talk.json  its transcript in openai-whisper JSON (word_timestamps=True)
#
# The recording is assembled word by word, so every word's true start and end time is
# known exactly from the construction (to the sample) and the transcript carries those
# times, given to 2 decimals as whisper writes them. Examples/words.txt (the censor
# list) is written by hand and is not touched here.
#
# Run by hand, from anywhere:   bash Examples/make-example.sh
# Needs: espeak-ng, sox (soxi), python3. For the segments' "tokens" it also needs
# whisper's BPE vocabulary (assets/multilingual.tiktoken, ~800 KB, shipped in the
# openai-whisper package): found in an installed `whisper` Python package, at
# $WHISPER_TIKTOKEN, or fetched with `pip download openai-whisper --no-deps` into the
# temporary folder (nothing is installed). The output is deterministic: running the
# script twice gives byte-identical files.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out_wav="$here/talk.wav"
out_json="$here/talk.json"

RATE=22050          # output sample rate (espeak-ng's own rate, stated explicitly)
VOICE=en-us         # espeak-ng voice
SPEED=180           # espeak-ng words per minute
TRIM_DB=-45d        # a word starts/ends where its level first/last exceeds this
EDGE_FADE=0.002     # 2 ms fade at each trimmed word edge, so the source has no clicks
LEAD_MS=250         # silence before the first word
TAIL_MS=400         # silence after the last word
GAP_MS=40           # pause after a word inside a clause
COMMA_MS=180        # pause after a word ending in ","
SENTENCE_MS=550     # pause after a word ending in "." "?" "!" (also starts a new segment)
NOISE_GAIN=-48      # faint pink-noise floor (≈ -61 dBFS RMS) so pauses aren't digital zero

# The words, one a line: TEXT as it appears in the transcript (with its punctuation),
# then optionally how espeak-ng should say it, as [[phonemes]], where the word spoken
# alone would come out wrong ("the" alone is "thee", "a" alone is the letter "A").
script='
Well,
damn,
I
left
my
keys
in
the       [[D@]]
car.
What
the       [[D@]]
hell
was
I
thinking?
Oh
crap,
this
week
has
been
a         [[@]]
piece
of
crap.
'

for tool in espeak-ng sox soxi python3; do
    command -v "$tool" >/dev/null || { echo "make-example.sh: $tool is required" >&2; exit 1; }
done

# Every sox call: -D no dither, -R repeatable (fixed random seed, for the noise), so the
# output is byte-identical from run to run.
export SOX_OPTS="-D -R"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

ms_to_samples() { echo $(( ($1 * RATE + 500) / 1000 )); }

# silence N FILE — N samples of digital silence.
# (Format options go before -n: they set the null input's rate, so no resampling happens.)
silence() { sox -r "$RATE" -c 1 -n -b 16 "$2" trim 0 "${1}s"; }

# 1. Synthesize each word alone, resample, trim its silence, fade its edges; lay the words
#    out on a timeline, counting samples. words.tsv: text, start sample, end sample.
pos=$(ms_to_samples "$LEAD_MS")
silence "$pos" "$tmp/lead.wav"
parts=("$tmp/lead.wav")
: > "$tmp/words.tsv"
i=0
while read -r text say; do
    [ -n "$text" ] || continue
    i=$((i + 1))
    w="$tmp/w$i"
    espeak-ng -v "$VOICE" -s "$SPEED" -w "$w.raw.wav" "${say:-$text}"
    sox "$w.raw.wav" -r "$RATE" -c 1 -b 16 "$w.trim.wav" \
        silence 1 0.005 "$TRIM_DB" reverse silence 1 0.005 "$TRIM_DB" reverse
    sox "$w.trim.wav" "$w.wav" fade t "$EDGE_FADE" 0 "$EDGE_FADE"
    n=$(soxi -s "$w.wav")
    printf '%s\t%d\t%d\n' "$text" "$pos" $((pos + n)) >> "$tmp/words.tsv"
    pos=$((pos + n))
    case "$text" in
        *[.?!]) gap=$(ms_to_samples "$SENTENCE_MS") ;;
        *,)     gap=$(ms_to_samples "$COMMA_MS") ;;
        *)      gap=$(ms_to_samples "$GAP_MS") ;;
    esac
    silence "$gap" "$w.gap.wav"
    pos=$((pos + gap))
    parts+=("$w.wav" "$w.gap.wav")
done <<< "$script"
# The last word is followed by TAIL_MS instead of a sentence pause.
unset 'parts[${#parts[@]}-1]'
pos=$((pos - gap + $(ms_to_samples "$TAIL_MS")))
silence "$(ms_to_samples "$TAIL_MS")" "$tmp/tail.wav"
parts+=("$tmp/tail.wav")

# 2. Concatenate (sample-exact), then mix in the noise floor.
sox "${parts[@]}" "$tmp/speech.wav"
total=$(soxi -s "$tmp/speech.wav")
[ "$total" -eq "$pos" ] || { echo "make-example.sh: timeline is $pos samples, audio $total" >&2; exit 1; }
sox -r "$RATE" -c 1 -n -b 16 "$tmp/noise.wav" synth "${total}s" pinknoise gain "$NOISE_GAIN"
sox -m -v 1 "$tmp/speech.wav" -v 1 "$tmp/noise.wav" -r "$RATE" -c 1 -b 16 -e signed-integer "$out_wav"

# 3. whisper's BPE vocabulary, for the token ids.
vocab="${WHISPER_TIKTOKEN:-}"
if [ -z "$vocab" ]; then
    vocab="$(python3 -c 'import os, whisper; print(os.path.join(os.path.dirname(whisper.__file__), "assets", "multilingual.tiktoken"))' 2>/dev/null || true)"
fi
if [ -z "$vocab" ] || [ ! -f "$vocab" ]; then
    echo "make-example.sh: fetching whisper's vocabulary (pip download openai-whisper --no-deps)" >&2
    python3 -m pip download --quiet --no-deps --no-binary :all: openai-whisper -d "$tmp/pip" >&2
    tar -xzf "$tmp"/pip/openai_whisper-*.tar.gz -C "$tmp/pip" --wildcards '*/whisper/assets/multilingual.tiktoken'
    vocab="$(echo "$tmp"/pip/openai_whisper-*/whisper/assets/multilingual.tiktoken)"
fi

# 4. The transcript, as openai-whisper's `--word_timestamps True --output_format json`
#    writes it: one json.dump line, one segment per sentence, words with a leading space
#    and their punctuation, times to 2 decimals. The whole clip is one 30 s
#    decoding window, so all segments share seek, temperature, avg_logprob,
#    compression_ratio and no_speech_prob, as in real output. Word probabilities are
#    made up (seeded), lower for short words, as whisper's tend to be.
python3 - "$tmp/words.tsv" "$RATE" "$vocab" "$out_json" <<'PY'
import base64, json, math, random, re, sys, zlib

tsv, rate, vocab_path, out_path = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]

# --- whisper's tokenizer: tiktoken BPE over the multilingual vocabulary ----------------
ranks = {}
with open(vocab_path) as f:
    for line in f:
        if line.strip():
            tok, rank = line.split()
            ranks[base64.b64decode(tok)] = int(rank)
# Special tokens follow the vocabulary: <|endoftext|>, <|startoftranscript|>, one per
# language (100 for the default "turbo" model), six task tokens, then <|0.00|>.
TIMESTAMP_BEGIN = len(ranks) + 2 + 100 + 6
EOT = len(ranks)
# GPT-2's pre-tokenizer (\p{L} -> [^\W\d_], \p{N} -> \d: the same on this ASCII text).
PRETOKEN = re.compile(r"""'s|'t|'re|'ve|'m|'ll|'d| ?[^\W\d_]+| ?\d+| ?[^\s\w]+|\s+(?!\S)|\s+""")

def bpe(piece: bytes):
    parts = [piece[i:i + 1] for i in range(len(piece))]
    while len(parts) > 1:
        best = min(range(len(parts) - 1),
                   key=lambda i: ranks.get(parts[i] + parts[i + 1], math.inf))
        if parts[best] + parts[best + 1] not in ranks:
            break
        parts[best:best + 2] = [parts[best] + parts[best + 1]]
    return [ranks[p] for p in parts]

def encode(text):
    return [t for m in PRETOKEN.findall(text) for t in bpe(m.encode())]

def timestamp_token(seconds):
    return TIMESTAMP_BEGIN + round(seconds / 0.02)

# --- words and sentences -------------------------------------------------------------
rng = random.Random(2024)
sentences, current = [], []
with open(tsv) as f:
    for line in f:
        text, start, end = line.rstrip("\n").split("\t")
        start, end = int(start) / rate, int(end) / rate
        bare = text.strip(",.?!")
        p = rng.uniform(0.55, 0.92) if len(bare) <= 2 else rng.uniform(0.84, 0.999)
        current.append({"word": " " + text, "start": round(start, 2), "end": round(end, 2),
                        "probability": p, "_start": start, "_end": end})
        if text[-1] in ".?!":
            sentences.append(current)
            current = []
if current:
    sentences.append(current)

window_text = "".join(w["word"] for s in sentences for w in s)
window_bytes = window_text.encode()
all_words = [w for s in sentences for w in s]
avg_logprob = sum(math.log(w["probability"]) for w in all_words) / len(all_words)

segments = []
for i, words in enumerate(sentences):
    text = "".join(w["word"] for w in words)
    tokens = ([timestamp_token(words[0]["_start"])] + encode(text)
              + [timestamp_token(words[-1]["_end"])])
    assert all(t < EOT for t in tokens[1:-1])
    segments.append({
        "id": i, "seek": 0,
        "start": words[0]["start"], "end": words[-1]["end"],
        "text": text, "tokens": tokens,
        "temperature": 0.0,
        "avg_logprob": avg_logprob,
        "compression_ratio": len(window_bytes) / len(zlib.compress(window_bytes)),
        "no_speech_prob": 0.011368989944458008,
        "words": [{k: v for k, v in w.items() if not k.startswith("_")} for w in words],
    })

with open(out_path, "w") as f:
    json.dump({"text": window_text, "segments": segments, "language": "en"}, f)

# A readable table of the exact times, for checking by ear or by measurement.
for s in sentences:
    for w in s:
        print(f"{w['_start']:8.4f} {w['_end']:8.4f}  {w['word'].strip()}")
PY

echo "wrote $out_wav ($(soxi -d "$out_wav"), $(stat -c %s "$out_wav") bytes)"
echo "wrote $out_json ($(stat -c %s "$out_json") bytes)"
