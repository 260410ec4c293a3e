#!/usr/bin/env bash
# fftw-wisdom.sh — measures FFTW's fastest plans for the frame sizes edge refinement uses and
# writes them to Sources/CensorDSP/SpectrumWisdom.swift, which `Spectrum` imports before planning.
#
#   scripts/fftw-wisdom.sh
#
# The sizes are `EdgeRefiner.fastSize(atLeast:)` of a 10 ms frame at 8, 11.025, 16, 22.05,
# 24, 32, 44.1, 48, 64, 88.2 and 96 kHz. fftwf-wisdom (Debian's libfftw3-bin, which
# libfftw3-dev brings) plans each real forward transform in PATIENT mode, timing the candidates
# on this machine, in about 5 seconds: for a size that is a multiple of 8, the complex forward
# transform of half of it (`Spectrum` transforms such frames that way), else the real one. Run it again when Debian's FFTW changes version: FFTW
# refuses wisdom of another version, and then plans by its estimate, as without wisdom.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
sizes=(80 120 160 240 320 450 480 640 900 960)
problems=()
for size in "${sizes[@]}"; do
    if (( size % 8 == 0 )); then problems+=("cof$(( size / 2 ))"); else problems+=("rof$size"); fi
done
wisdom=$(fftwf-wisdom -n "${problems[@]}")
out=Sources/CensorDSP/SpectrumWisdom.swift
{
    echo "// Written by scripts/fftw-wisdom.sh ($(fftwf-wisdom -V 2>&1 | head -n 1 | sed 's/^ *//; s/\.$//'), $(uname -m)); run it again rather than editing."
    echo
    echo "/// FFTW's plans for frames of ${sizes[*]} points"
    echo "/// (${problems[*]}:"
    echo "/// c, the complex transform of half the size; r, the real one), as \`fftwf-wisdom -n\`"
    echo "/// measured them (PATIENT mode): \`Spectrum\` imports them before its first plan. FFTW"
    echo "/// refuses the whole of it when its version differs or it names a codelet this machine's"
    echo "/// FFTW lacks, and then plans by its estimate."
    echo 'let spectrumWisdom = """'
    printf '%s\n' "$wisdom"
    echo '"""'
} > "$out"
echo "fftw-wisdom: wrote $out" >&2
