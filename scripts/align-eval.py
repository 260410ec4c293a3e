#!/usr/bin/env python3
"""Evaluates PocketSphinx forced alignment as a word-edge refiner on the real-speech corpus.

    align-eval.py GIVEN.tsv ALIGNED.tsv [REAL_DIR]

GIVEN.tsv: what `CensorAccuracy --only real --dump-given GIVEN.tsv` wrote (condition, trial,
recording, word index, start, end, text, censored). For every censored word, the transcript's
words from two before to two after it are aligned, as a grammar of that known sequence, over
their given times plus 0.3 s each side; the censored word's aligned times are written to
ALIGNED.tsv (condition, trial, recording, word index, start, end), for `CensorAccuracy --aligned`.
A word the model's dictionary lacks, or a window that cannot be aligned, keeps its given times
(it is left out). Run with the python of the venv scripts/fetch-real-speech.sh made.
"""
import collections
import os
import re
import subprocess
import sys
import time
import wave

from pocketsphinx import Decoder

given_path, out_path = sys.argv[1], sys.argv[2]
real = sys.argv[3] if len(sys.argv) > 3 else "bench-data/real"
NEIGHBOURS = 2
MARGIN = 0.3

groups = collections.OrderedDict()
for line in open(given_path, encoding="utf-8"):
    condition, trial, recording, index, start, end, text, censored = line.rstrip("\n").split("\t")
    groups.setdefault((condition, trial, recording), []).append((int(index), float(start), float(end), text, censored == "1"))

audio = {}
def samples(recording):
    if recording not in audio:
        path = f"{real}/cache/16k/{recording}.wav"
        if not os.path.exists(path):
            os.makedirs(os.path.dirname(path), exist_ok=True)
            subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", f"{real}/{recording}.wav", "-ar", "16000", "-ac", "1",
                            "-c:a", "pcm_s16le", path], check=True)
        with wave.open(path, "rb") as file:
            audio[recording] = file.readframes(file.getnframes())
    return audio[recording]

decoder = Decoder(samprate=16000, bestpath=False, loglevel="FATAL")
written, failed, clock = 0, 0, time.time()
with open(out_path, "w", encoding="utf-8") as out:
    for (condition, trial, recording), words in groups.items():
        data = samples(recording)
        for position, (index, start, end, text, censored) in enumerate(words):
            if not censored:
                continue
            around = words[max(0, position - NEIGHBOURS):position + NEIGHBOURS + 1]
            first = max(0.0, min(w[1] for w in around) - MARGIN)
            last = max(w[2] for w in around) + MARGIN
            chunk = data[int(first * 16000) * 2:int(last * 16000) * 2]
            sentence = " ".join(re.sub(r"[^a-z']", "", w[3].lower()) for w in around)
            try:
                decoder.set_align_text(sentence)
                decoder.start_utt()
                decoder.process_raw(chunk, full_utt=True)
                decoder.end_utt()
                segments = [s for s in decoder.seg() if not s.word.startswith("<") and not s.word.startswith("[")]
            except Exception:
                failed += 1
                continue
            target = position - max(0, position - NEIGHBOURS)
            if len(segments) != len(around):
                failed += 1
                continue
            segment = segments[target]
            out.write(f"{condition}\t{trial}\t{recording}\t{index}\t{first + segment.start_frame / 100:.3f}\t"
                      f"{first + (segment.end_frame + 1) / 100:.3f}\n")
            written += 1
print(f"align-eval: {written} words aligned, {failed} kept their given times, "
      f"{(time.time() - clock) / max(1, written + failed) * 1000:.0f} ms a word", file=sys.stderr)
