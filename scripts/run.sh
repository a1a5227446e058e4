#!/usr/bin/env bash
# Runs the viewer: bash scripts/run.sh [FILE] (the built-in demo without FILE).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
apt_install "${RUNTIME_PKGS[@]}"
exec go run ./cmd/animview "$@"
