#!/usr/bin/env bash
# Installs what Scriptorium needs and is missing: Debian packages (through sudo when not root)
# and Python test tools in a virtualenv inside the repo (.venv, ignored by git). Arguments (or
# $FREEDICT) name more FreeDict dictionaries for Lexikon: scripts/setup.sh deu-eng fra-eng.
set -euo pipefail
cd "$(dirname "$0")/.."

debian_packages=(libsqlite3-dev sqlite3 gettext zlib1g-dev libarchive-dev libicu-dev python3-venv chromium chromium-driver fonts-noto-core wrk
  libcairo2-dev libpango1.0-dev libgdk-pixbuf-2.0-dev poppler-utils libqrencode-dev zbar-tools librsvg2-bin
  postgresql dictd dict dict-freedict-swe-eng dict-freedict-eng-swe dict-freedict-cym-eng dict-freedict-eng-cym
  espeak-ng libhunspell-dev hunspell-sv hunspell-fr hunspell-sw hunspell-en-us
  libreoffice-impress)
# More FreeDict pairs for Lexikon, by name: FREEDICT="deu-eng fra-eng" scripts/setup.sh, or
# scripts/setup.sh deu-eng fra-eng (`apt-cache search dict-freedict` lists them).
for pair in ${FREEDICT:-} "$@"; do
  if [[ ! "$pair" =~ ^[a-z]{3}-[a-z]{3}$ ]]; then
    echo "setup: $pair is not a FreeDict pair (three-letter codes, e.g. deu-eng)" >&2
    exit 2
  fi
  debian_packages+=("dict-freedict-$pair")
done
missing=()
for package in "${debian_packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}"
fi

if [ ! -x .venv/bin/python ]; then
  echo "setup: creating the Python virtualenv in .venv"
  python3 -m venv .venv
fi
if ! .venv/bin/python -c "import usfm_grammar, pytest, selenium, fsrs, anki, cryptography, schemathesis, pptx" >/dev/null 2>&1; then
  echo "setup: installing Python test tools into .venv"
  .venv/bin/pip install -q --disable-pip-version-check -r scripts/requirements.txt
fi
