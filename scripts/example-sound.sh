#!/usr/bin/env bash
# example-sound.sh — synthesises censor's example replacement sound, a "bloop": a 0.3 s sine
# gliding from 880 Hz down to 220 Hz under a soft fade, 48 kHz mono 16-bit WAV. Made by this
# script (sox), so it is the project's own and under the project's licence; nothing is
# downloaded.
#
#   scripts/example-sound.sh [OUT.wav]        # default: bloop.wav
#   censor talk.wav --transcript talk.json --words list.txt --sound bloop.wav
set -euo pipefail
out=${1:-bloop.wav}
sox -n -r 48000 -c 1 -b 16 "$out" synth 0.3 sine 880-220 fade q 0.02 0.3 0.08 gain -n -3
