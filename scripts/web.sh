#!/usr/bin/env bash
# Builds the viewer's web page into web/ (index.html, wasm_exec.js from the
# Go toolchain, animview.wasm) and serves it on localhost:
#
#   bash scripts/web.sh [-addr localhost:8080] [-build-only]
#
# then open http://localhost:8080/ in a browser. Files opened on the page
# stay in the browser.
set -euo pipefail
cd "$(dirname "$0")/.."
exec go run ./web/serve "$@"
