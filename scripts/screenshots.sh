#!/usr/bin/env bash
# Remakes the README's screenshots (docs/viewer-*.png) through the viewer's
# own scripted-screenshot path: the real window under Xvfb, --actions, then
# --screenshot. Run from anywhere: bash scripts/screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
apt_install "${RUNTIME_PKGS[@]}" xvfb xauth
bin=$(mktemp -d)/animview
go build -o "$bin" ./cmd/animview
shot() { # OUT ACTIONS FILE
  xvfb-run -a -s '-screen 0 1280x1024x24' "$bin" --no-recent --size 1100x700 --after 5 \
    --screenshot "docs/$1" --actions "$2" "$3"
}
shot viewer-demo.png 'select-bone l_forearm; seek 0.4' demo:
shot viewer-sims.png 'seek 3.2' formats/sims/testdata/tso/a2o-broom-fly-leftside.c3bde7b200000007.anim
shot viewer-lego.png 'seek 1.5' formats/lego/testdata/scene_far.ani
shot viewer-prime.png 'anim walk_blend; seek 0.3' formats/prime/pak/testdata/SkinnedSet-mp1.pak
