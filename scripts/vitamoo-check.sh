#!/usr/bin/env bash
# Checks formats/sims against The Sims' real files: the demo content and
# the 1998 prototype that SimHacker/MicropolisCore publishes in
# content/vitamoo (Maxis's data: read here, never committed).
#
#   bash scripts/vitamoo-check.sh [FOLDER]
#
# FOLDER is a copy of content/vitamoo; without one, the repository is
# fetched (sparse, that folder only) into .cache/vitamoo.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-}
if [ -z "$dir" ]; then
  repo=.cache/vitamoo/MicropolisCore
  if [ ! -d "$repo/.git" ]; then
    mkdir -p .cache/vitamoo
    git clone --depth 1 --filter=blob:none --sparse https://github.com/SimHacker/MicropolisCore "$repo"
    git -C "$repo" sparse-checkout set content/vitamoo
  fi
  dir=$repo/content/vitamoo
fi
ANIMVIEW_VITAMOO=$(cd "$dir" && pwd) go test -count=1 -run 'TestReal' -v ./formats/sims
