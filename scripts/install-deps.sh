#!/usr/bin/env bash
# install-deps.sh — installs the Debian packages censor needs to build, test and run the
# demo, if any is missing. Fast and silent when everything is there (no apt call at all).
#
#   scripts/install-deps.sh [EXTRA-PACKAGE...]
#
# Extra packages (e.g. `mpg123` for a benchmark; `chromium python3 nodejs` for the review
# page's tests, which `make test` asks for) are checked and installed the same way. An extra
# written `pip:NAME` is a Python package, checked with `python3 -m pip show` and installed
# with `python3 -m pip install` (the marker tests read their files back with OpenTimelineIO:
# `pip:opentimelineio pip:otio-cmx3600-adapter pip:otio-fcpx-xml-adapter`).
# Runs apt-get through sudo when not root.
set -euo pipefail

# The one list of the system packages the project needs.
packages=(
    libsndfile1-dev     # audio file I/O (CSndFile)
    libsamplerate0-dev  # resampling (CSampleRate)
    libfftw3-dev        # FFT (CFFTW3)
    libmpg123-dev       # decoding the MP3 frames around censored words (CMPG123)
    sox                 # measuring and converting audio in tests and examples
    sndfile-programs    # sndfile-info, sndfile-cmp: inspecting and comparing outputs
    pkg-config          # lets SwiftPM find the C libraries' flags
    python3-yaml        # the deploy tests parse deploy/kubernetes/job.yaml
    ffmpeg              # videos and containers libsndfile does not read (MP4, MKV, WebM …); media and MP3 tests
    espeak-ng           # speech for the media tests and the demo video
    mpg123              # MP3 tests: a second, independent MP3 decoder
    lame                # MP3 tests: CRC-protected MP3s (lame -p)
    flac                # FLAC tests: the reference encoder and metaflac make and list tagged FLAC files
    libpocketsphinx3    # forced word alignment (--align): CPocketSphinx opens it when an aligner is made
    pocketsphinx-en-us  # PocketSphinx's US-English model, which --align loads
)
python_packages=()
for extra in "$@"; do
    case "$extra" in
        pip:*) python_packages+=("${extra#pip:}") ;;
        *) packages+=("$extra") ;;
    esac
done

if [ ${#python_packages[@]} -gt 0 ]; then
    missing_python=()
    for p in "${python_packages[@]}"; do
        python3 -m pip show -q "$p" >/dev/null 2>&1 || missing_python+=("$p")
    done
    if [ ${#missing_python[@]} -gt 0 ]; then
        echo "install-deps: installing Python packages ${missing_python[*]}" >&2
        python3 -m pip install -q --disable-pip-version-check "${missing_python[@]}" >&2
    fi
fi

if ! command -v dpkg-query >/dev/null; then
    echo "install-deps: not a Debian-like system (no dpkg); make sure these, or your system's equivalents, are installed: ${packages[*]}" >&2
    exit 0
fi

missing=()
for p in "${packages[@]}"; do
    # Installed means status "install ok installed" (dpkg -s alone may also succeed for
    # packages that were removed but whose config files remain).
    if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]; then
        missing+=("$p")
    fi
done

[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}" >&2
sudo=()
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "install-deps: not root and no sudo; install as root: apt-get install ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
fi
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
