#!/usr/bin/env bash
# Builds the release: bash scripts/release.sh VERSION [-out DIR]
#
# animview for windows/amd64, windows/arm64, darwin/amd64, darwin/arm64,
# linux/amd64 and linux/arm64 (cgo off, -trimpath, stripped), each in an
# archive with the README and the licence (.zip for Windows, .tar.gz
# elsewhere; macOS archives also hold animview.app), and SHA256SUMS, in
# dist/VERSION/ unless -out says otherwise. The archives' entries carry
# the commit's time, so the same commit gives the same checksums; check
# with `sha256sum -c SHA256SUMS` in the output folder.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ] || [[ $1 == -* ]]; then
  echo "usage: bash scripts/release.sh VERSION [-out DIR]" >&2
  exit 2
fi
version=$1
shift
exec go run ./internal/release/mkrelease "$@" "$version"
