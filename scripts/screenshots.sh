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
shot() { # OUT ACTIONS FILE [FLAGS...]
  local out=$1 actions=$2
  shift 2
  xvfb-run -a -s '-screen 0 1280x1024x24' "$bin" --no-recent --size 1100x700 --after 5 \
    --screenshot "docs/$out" --actions "$actions" "$@"
}
shot viewer-demo.png 'select-bone l_forearm; seek 0.4' demo:
shot viewer-sims.png 'seek 3.2' formats/sims/testdata/tso/a2o-broom-fly-leftside.c3bde7b200000007.anim
shot viewer-lego.png 'seek 1.5' formats/lego/testdata/scene_far.ani
shot viewer-prime.png 'anim walk_blend; seek 0.3' formats/prime/pak/testdata/SkinnedSet-mp1.pak
# Issue 24's additions: the timeline zoomed with a range, the curves panel,
# export's question of what to export.
broom=formats/sims/testdata/tso/a2o-broom-fly-leftside.c3bde7b200000007.anim
shot viewer-timeline.png 'pause; select-bone R_ARM1; range 1.5 3.5; timeline-zoom 2 2.5; seek 2.2' "$broom"
shot viewer-curves.png 'pause; curves; select-bone R_ARM1; seek 2.2' "$broom"
shot viewer-export.png 'pause; export-dialog' formats/prime/pak/testdata/SkinnedSet-mp1.pak
# Issue 31's compare view: the demo's walk against its own idle, the
# curves panel showing the selected forearm's difference.
shot viewer-compare.png 'pause; compare-clip idle; curves; select-bone l_forearm; seek 0.4' demo: --compare demo: --size 1280x860
# Issue 31: the root's path on the ground, the broom's flight framed whole
# (follow turned off), the status line saying how far it has come.
shot viewer-rootpath.png 'pause; follow; root-path; seek 3.2' "$broom"
# Issue 33's dope sheet: the walk's events and keys, the timeline zoomed.
shot viewer-dopesheet.png 'pause; dope-sheet; select-bone l_thigh; timeline-zoom 1.6 0.6; seek 0.55' demo:
# The asset list (A) of a folder opened as a container: its clips sorted by
# duration, longest first, each probed (the script waits for the probe).
shot viewer-assets.png 'pause; assets; key ctrl+3; key ctrl+3' formats/sims/testdata/tso
# Meshes: the MilkShape tube (skinned, mesh with bones, its middle joint
# selected) and Psionic's jeep (a model without joints: a static mesh).
shot viewer-mesh-ms3d.png 'seek 0.8; select-bone middle' formats/ms3d/testdata/tube_v4.ms3d
shot viewer-mesh-static.png 'seek 0' formats/ms3d/testdata/public/jeep1.ms3d
# The textured tube: a checker BMP named .\Textures\Skin.BMP (stored as
# textures/skin.bmp) and a half-transparent glass PNG named by an absolute path.
shot viewer-mesh-ms3d-textured.png 'pause; seek 0.8; mesh; mesh' formats/ms3d/testdata/textured/textured.ms3d
# A Metroid Prime character: the ANCS character's CMDL skinned by its CSKR,
# from the project's own fixture (its writers made it), mid-stride.
shot viewer-mesh-prime.png 'anim walk; seek 0.3; select-bone L_Front_Upper' formats/prime/pak/testdata/SkinnedSet-mp1.pak
# Textures: the textured demo character (its CMDL's two materials find their
# TXTRs by id in the PAK: a CMPR checker and RGB5A3 legs, alpha-tested).
shot viewer-mesh-prime-textured.png 'anim walk; seek 0.3; mesh; mesh' formats/prime/pak/testdata/TexturedSet-mp1.pak
# The Sims' real skins are Maxis's data and are not in the repository: with
# a copy of vitamoo's sims-demo folder (VITAMOO=DIR, or .cache/vitamoo as
# scripts/vitamoo-check.sh fetches it) the suit shot is remade too.
vitamoo=${VITAMOO:-.cache/vitamoo/MicropolisCore/content/vitamoo/sims-demo}
if [ -f "$vitamoo/adult-idle1.cmx" ]; then
  # A whole Sim from the suits beside the skill: a body, a head and two
  # hands worn together, textured in the dark tone, the mesh alone.
  shot viewer-mesh-sims.png 'suit B003MAFit_01 C003MA_RomanCrew HMLO HMRO; tone dark; mesh; mesh; seek 1.2' "$vitamoo/adult-idle1.cmx"
fi
