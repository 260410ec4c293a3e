#!/usr/bin/env python3
"""Forced alignment of a known text to a recording with PocketSphinx 5 (its US-English model):
prints `start<TAB>end<TAB>word` lines, silences left out.

    align-words.py AUDIO.wav "the words spoken" [WINDOW_START WINDOW_END]

AUDIO: a 16 kHz mono 16-bit WAV. With WINDOW_START/END (seconds) only that stretch is aligned
and the times are given in the whole file's time. Words not in the model's dictionary make
the alignment fail (exit 1). Used by scripts/fetch-real-speech.sh to label recordings that
come with a text but no word times, and by CensorAccuracy's aligner evaluation.
"""
import sys
import wave

from pocketsphinx import Decoder


def align(path, text, window=None):
    with wave.open(path, "rb") as audio:
        rate = audio.getframerate()
        assert audio.getnchannels() == 1 and audio.getsampwidth() == 2, "16-bit mono WAV expected"
        offset = 0.0
        if window is not None:
            first = max(0, int(window[0] * rate))
            audio.setpos(min(first, audio.getnframes()))
            data = audio.readframes(max(0, int((window[1] - window[0]) * rate)))
            offset = first / rate
        else:
            data = audio.readframes(audio.getnframes())
    decoder = Decoder(samprate=rate, bestpath=False, loglevel="FATAL")
    decoder.set_align_text(text.lower())
    decoder.start_utt()
    decoder.process_raw(data, full_utt=True)
    decoder.end_utt()
    decoder.set_alignment()
    decoder.start_utt()
    decoder.process_raw(data, full_utt=True)
    decoder.end_utt()
    alignment = decoder.get_alignment()
    if alignment is None:
        raise RuntimeError(f"{path}: the text could not be aligned")
    words = []
    for word in alignment:
        name = word.name.split("(")[0]
        if name in ("<sil>", "<s>", "</s>", "[NOISE]", "[BREATH]", "[COUGH]", "[UM]", "[UH]", "[SMACK]"):
            continue
        words.append((offset + word.start / 100, offset + (word.start + word.duration) / 100, name))
    return words


def main():
    window = (float(sys.argv[3]), float(sys.argv[4])) if len(sys.argv) > 4 else None
    try:
        for start, end, word in align(sys.argv[1], sys.argv[2], window):
            print(f"{start:.3f}\t{end:.3f}\t{word}")
    except Exception as error:  # the decoder raises RuntimeError or ValueError
        sys.exit(f"align-words.py: {error}")


if __name__ == "__main__":
    main()
