#!/usr/bin/env bash
# Runs the viewer: bash scripts/run.sh [FILE] (the built-in demo without FILE).
#
# It builds animview into .cache/bin first. The first build compiles the
# program and its libraries (a few minutes on two cores) and shows which
# package it is compiling; later runs find everything in Go's build cache
# and start in a second or two.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
apt_install "${RUNTIME_PKGS[@]}"
bin=.cache/bin/animview
mkdir -p .cache/bin

# go build -v names each package as it compiles it (none when all are
# cached); anything else it prints (a compile error) passes through.
first=0
[ -x "$bin" ] || first=1
total=$(go list -deps ./cmd/animview 2>/dev/null | wc -l)
tty=0
[ -t 2 ] && tty=1
# progress reads go build -v's lines: package paths as they compile.
progress() {
  local n=0 line
  while IFS= read -r line; do
    if [[ $line =~ ^[A-Za-z0-9_./-]+$ ]]; then
      if [ "$n" -eq 0 ]; then
        if [ "$first" -eq 1 ]; then echo "building animview (first time: a few minutes)…"; else echo "rebuilding animview…"; fi
      fi
      n=$((n + 1))
      if [ "$tty" -eq 1 ]; then
        printf '\r\033[K[%d/%d] %s' "$n" "$total" "$line"
      elif [ $((n % 25)) -eq 1 ]; then
        printf '[%d/%d] %s\n' "$n" "$total" "$line"
      fi
    else
      [ "$tty" -eq 1 ] && [ "$n" -gt 0 ] && printf '\n'
      printf '%s\n' "$line"
    fi
  done
  if [ "$tty" -eq 1 ] && [ "$n" -gt 0 ]; then printf '\r\033[Kcompiled %d packages\n' "$n"; fi
}
set +e
go build -v -o "$bin" ./cmd/animview 2>&1 | progress >&2
status=${PIPESTATUS[0]}
set -e
[ "$status" -eq 0 ] || exit "$status"
exec "$bin" "$@"
