#!/usr/bin/env bash
# Measures the viewer window's start-up time, resident memory and idle CPU
# under Xvfb, for the demo and the 275-frame FreeSO broom clip:
#
#   bash scripts/measure-window.sh [FILE...]
#
# For each FILE (default: demo: and the broom clip when /work/shared has it):
#   first frame   the program's own figure (ANIMVIEW_STARTUP_LOG: from its
#                 initialisation to the end of the first drawn frame), and
#                 the wall time of `--screenshot --after 1` (start, one frame,
#                 PNG, exit), which older builds without the log also give;
#   RSS           VmRSS after 3 s of playback, and VmHWM (the peak);
#   CPU           share of one core over 5 s while playing, and while paused
#                 (Space sent with xdotool) with nothing changing, from 2.5 s
#                 after the pause.
# BIN=path uses an existing binary instead of building one. The machine's
# other load adds noise to the CPU and time figures.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
apt_install xvfb xauth xdotool "${RUNTIME_PKGS[@]}"

tmp=$(mktemp -d)
xvfb_pid=""
app_pid=""
cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

bin=${BIN:-}
if [ -z "$bin" ]; then
  bin="$tmp/animview"
  go build -o "$bin" ./cmd/animview
fi

# A display of our own, so nothing else draws on it.
disp=""
for n in $(seq 90 120); do
  if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then disp=":$n"; break; fi
done
[ -n "$disp" ] || { echo "no free X display number" >&2; exit 1; }
Xvfb "$disp" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
export DISPLAY=$disp
for _ in $(seq 50); do [ -S "/tmp/.X11-unix/X${disp#:}" ] && break; sleep 0.1; done

files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(demo:)
  broom=$(ls /work/shared/samples/tso/a2o-broom-fly-leftside*.anim 2>/dev/null | head -1 || true)
  [ -n "$broom" ] && files+=("$broom")
fi

hz=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# cpu_share PID SECONDS: percent of one core used over the interval.
cpu_share() {
  local a b
  a=$(cpu_ticks "$1"); sleep "$2"; b=$(cpu_ticks "$1")
  awk -v d=$((b - a)) -v hz="$hz" -v s="$2" 'BEGIN { printf "%.1f", 100 * d / hz / s }'
}
kb() { awk -v k="$2" '$1 == k":" {print $2}' "/proc/$1/status"; }

printf '%-28s %10s %10s %9s %9s %9s %9s\n' file first_ms shot_ms rss_MB peak_MB play_cpu idle_cpu
for f in "${files[@]}"; do
  # Wall time of one frame to a PNG and exit.
  t0=$(date +%s%N)
  "$bin" --screenshot "$tmp/shot.png" --after 1 "$f" >/dev/null 2>&1 || true
  shot_ms=$(( ($(date +%s%N) - t0) / 1000000 ))

  log="$tmp/log"
  : >"$log"
  ANIMVIEW_STARTUP_LOG=1 "$bin" "$f" 2>"$log" >/dev/null &
  app_pid=$!
  first="n/a"
  for _ in $(seq 100); do
    if grep -q 'first frame after' "$log"; then
      first=$(sed -n 's/.*first frame after \([0-9.]*\)\(m\?s\).*/\1 \2/p' "$log" | head -1 |
        awk '{ if ($2 == "s") printf "%.0f", $1 * 1000; else printf "%.0f", $1 }')
      break
    fi
    sleep 0.1
  done
  sleep 3
  rss=$(( $(kb "$app_pid" VmRSS) / 1024 ))
  play=$(cpu_share "$app_pid" 5)
  win=$(xdotool search --pid "$app_pid" 2>/dev/null | head -1 || true)
  if [ -n "$win" ]; then
    xdotool windowfocus --sync "$win" 2>/dev/null || true
    xdotool key --window "$win" space
  fi
  # The loop goes to sleep after a second without change; measure after.
  sleep 2.5
  idle=$(cpu_share "$app_pid" 5)
  peak=$(( $(kb "$app_pid" VmHWM) / 1024 ))
  kill "$app_pid" 2>/dev/null || true
  wait "$app_pid" 2>/dev/null || true
  app_pid=""
  printf '%-28s %10s %10s %9s %9s %9s %9s\n' "$(basename "$f" | cut -c1-28)" "$first" "$shot_ms" "$rss" "$peak" "$play%" "$idle%"
done
