#!/usr/bin/env python3
"""Prints the word intervals of a Praat TextGrid (long or short text format) as
`start<TAB>end<TAB>word` lines, skipping silences.

    textgrid-words.py FILE.TextGrid [TIER]

TIER: the tier's name (default: the first interval tier named "words" or ending in
" - words", else the first interval tier). Used by scripts/fetch-real-speech.sh.
"""
import re
import sys

SILENCES = {"", "sil", "sp", "<sil>", "spn", "<eps>", "{sl}", "#"}
TOKEN = re.compile(r'"((?:[^"]|"")*)"|(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)')


def tiers(text):
    # Drop "[n]" indices and the "<exists>" marker, then read quoted strings and numbers in order:
    # both TextGrid text formats hold the same values in the same order.
    text = re.sub(r"\[\s*\d*\s*\]", "", text).replace("<exists>", "")
    tokens = [m.group(1).replace('""', '"') if m.group(1) is not None else float(m.group(2))
              for m in TOKEN.finditer(text)]
    position = 4  # "ooTextFile", "TextGrid", xmin, xmax
    count = int(tokens[position]); position += 1
    for _ in range(count):
        kind, name = tokens[position], tokens[position + 1]
        size = int(tokens[position + 4]); position += 5
        items = []
        for _ in range(size):
            if kind == "IntervalTier":
                items.append((tokens[position], tokens[position + 1], tokens[position + 2])); position += 3
            else:
                position += 2
        yield kind, name, items


def main():
    path = sys.argv[1]
    wanted = sys.argv[2] if len(sys.argv) > 2 else None
    data = open(path, "rb").read()
    for encoding in ("utf-8-sig", "utf-16"):
        try:
            text = data.decode(encoding); break
        except UnicodeDecodeError:
            continue
    found = [(name, items) for kind, name, items in tiers(text) if kind == "IntervalTier"]
    if wanted is not None:
        chosen = [items for name, items in found if name == wanted]
    else:
        chosen = [items for name, items in found if name.lower() in ("word", "words") or name.lower().endswith(" - words")]
        chosen = chosen or [found[0][1]]
    if not chosen:
        sys.exit(f"{path}: no interval tier {wanted!r}")
    for start, end, label in chosen[0]:
        if label.strip().lower() not in SILENCES and not label.strip().startswith("<"):
            print(f"{start:.4f}\t{end:.4f}\t{label.strip()}")


if __name__ == "__main__":
    main()
