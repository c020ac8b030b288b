#!/usr/bin/env bash
# Makes the demo series' short videos (committed under Sources/ShareSynch/Resources) from
# ffmpeg's generated sources: moving colour gradients, and for the song a quiet tone. Run it again
# only to change them (needs Debian's ffmpeg; the app and its tests do not).
set -euo pipefail
out="$(dirname "$0")/../Sources/ShareSynch/Resources"
mkdir -p "$out"
video() { # name seconds colour0 colour1 [audio filter]
  local name=$1 seconds=$2 c0=$3 c1=$4 audio=${5:-}
  local inputs=(-f lavfi -i "gradients=s=640x360:r=24:d=$seconds:speed=0.03:c0=$c0:c1=$c1:x0=0:y0=0:x1=640:y1=360")
  local codecs=(-c:v libvpx-vp9 -b:v 0 -crf 50 -deadline good -row-mt 1 -pix_fmt yuv420p)
  if [ -n "$audio" ]; then
    inputs+=(-f lavfi -i "$audio")
    codecs+=(-c:a libopus -b:a 24k -shortest)
  fi
  ffmpeg -loglevel error -y "${inputs[@]}" "${codecs[@]}" -map_metadata -1 "$out/$name.webm"
}
video demo-video 4 0x143c5a 0x78a0dc
video demo-hymn-vocal 6 0x3c1450 0xc896e6 "sine=f=392:d=6,volume=0.2"
video demo-hymn-instrumental 6 0x0a3220 0x8cd2aa "sine=f=330:d=6,volume=0.2"
ls -l "$out"
