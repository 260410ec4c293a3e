#!/usr/bin/env bash
# Makes seeds for the mp3-frames and mp3-tags fuzz targets in the folder given, from tiny MP3s
# ffmpeg's libmp3lame encodes here (0.2 s at 8 kHz, a few hundred bytes each), put together as
# the hostile or unusual files the direct MP3 pass must take: two files joined with `cat`
# (with and without the first Info header's frame count), a false APE footer and a sound APE
# tag, a false and a sound Lyrics3 v2 tag before ID3v1, an ID3v2 header claiming 200 MB, a run
# of chained ID3v2 tags, and junk holding copies of a frame header.
#
#     Fuzz/Tools/make-mp3-seeds.sh <folder>
set -euo pipefail
OUT=$1
mkdir -p "$OUT"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

encode() {
    ffmpeg -v error -y -f lavfi -i "sine=f=$2:d=0.2:sample_rate=8000" -ac 1 -c:a libmp3lame -b:a 8k "$1"
}
# Four bytes, little-endian, as printf escapes.
le32() {
    printf '\\x%02x\\x%02x\\x%02x\\x%02x' $(($1 & 255)) $((($1 >> 8) & 255)) $((($1 >> 16) & 255)) $((($1 >> 24) & 255))
}
# An APE v2 header or footer: size, item count, flags.
ape() {
    printf "APETAGEX\\xd0\\x07\\x00\\x00$(le32 "$1")$(le32 "$2")$(le32 "$3")\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00"
}
# The byte offset of the first "$2" in file "$1".
offset() { LC_ALL=C grep -obUa -- "$2" "$1" | head -1 | cut -d: -f1; }

encode "$WORK/a.mp3" 440
encode "$WORK/b.mp3" 660
size=$(stat -c %s "$WORK/a.mp3")

cat "$WORK/a.mp3" "$WORK/b.mp3" > "$OUT/joined.mp3"
cp "$WORK/a.mp3" "$WORK/a0.mp3"
info=$(offset "$WORK/a0.mp3" Info)
printf '\x00\x00\x00\x00' | dd of="$WORK/a0.mp3" bs=1 seek=$((info + 8)) conv=notrunc status=none
cat "$WORK/a0.mp3" "$WORK/b.mp3" > "$OUT/joined-no-frame-count.mp3"

{ cat "$WORK/a.mp3"; ape $((size - 100)) 0 0; } > "$OUT/ape-false-footer.mp3"
item="\\x05\\x00\\x00\\x00\\x00\\x00\\x00\\x00Title\\x00Hello"
{ cat "$WORK/a.mp3"; ape 51 1 $((0xA0000000)); printf "$item"; ape 51 1 $((0x80000000)); } > "$OUT/ape-sound.mp3"

id3v1() { printf 'TAG'; head -c 125 /dev/zero; }
{ cat "$WORK/a.mp3"; printf '000200LYRICS200'; id3v1; } > "$OUT/lyrics3-false.mp3"
lyrics='LYRICSBEGININD0000210LYR00005words'
{ cat "$WORK/a.mp3"; printf '%s%06dLYRICS200' "$lyrics" ${#lyrics}; id3v1; } > "$OUT/lyrics3-sound.mp3"

# The first frame follows ffmpeg's ID3v2 tag: 10 bytes and the synchsafe size they give.
read -r s1 s2 s3 s4 < <(od -An -tu1 -j6 -N4 "$WORK/a.mp3")
frames=$((10 + (s1 << 21 | s2 << 14 | s3 << 7 | s4)))
{ printf 'ID3\x03\x00\x00\x64\x00\x00\x00'; tail -c +$((frames + 1)) "$WORK/a.mp3"; } > "$OUT/id3-claims-200MB.mp3"
{ for _ in $(seq 20); do printf 'ID3\x03\x00\x00\x00\x00\x00\x0aTIT2\x00\x00\x00\x00\x00\x00'; done
  tail -c +$((frames + 1)) "$WORK/a.mp3"; } > "$OUT/id3-chained.mp3"

header=$(tail -c +$((frames + 1)) "$WORK/a.mp3" | head -c 4 | od -An -tx1 | tr -d ' \n' | sed 's/../\\x&/g')
second=$((frames + 200))
{ head -c "$second" "$WORK/a.mp3"; for _ in $(seq 8); do printf "$header"; printf 'censor-fuzz-seed-junk-bytes!!'; done
  tail -c +$((second + 1)) "$WORK/a.mp3"; } > "$OUT/junk-false-headers.mp3"
