#!/usr/bin/env bash
# Runs every check and test: formatting, vet, staticcheck, the race-enabled
# test suite under a virtual X display (window tests included), and each
# fuzz target briefly. Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
apt_install "${RUNTIME_PKGS[@]}" xvfb xauth xdotool fonts-droid-fallback
STATICCHECK=$(go_tool staticcheck honnef.co/go/tools/cmd/staticcheck@v0.8.2)
FUZZTIME=${FUZZTIME:-2s}
# Every go test has a timeout of its own, fitted to its step and meant to
# hold with both cores busy, so that a hang fails its step with a stack
# dump instead of waiting for Go's default of 10 minutes a package (or
# CI's 90 for the whole run).
T_SHORT=${T_SHORT:-5m}   # one test, or a step of a few
T_SUITE=${T_SUITE:-30m}  # the race-enabled suite, a package at a time

step() { printf '\n== %s (at %d s)\n' "$*" "$SECONDS"; }

step gofmt
bad=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$bad" ]; then echo "gofmt would change:"; echo "$bad"; exit 1; fi

step go vet
go vet ./...

step staticcheck
"$STATICCHECK" ./...

# Temporary files, and the Wine server the Windows step starts, go when
# the script ends, however it ends.
xbin=$(mktemp -d)
wineserver=""
winpid=""
winlog=$(mktemp)
cleanup() {
  if [ -n "$wineserver" ]; then "$wineserver" -k 2>/dev/null || true; fi
  # The window tests' job, when a step before its end failed.
  if [ -n "$winpid" ]; then kill -- "-$winpid" 2>/dev/null || true; fi
  rm -rf "$xbin" "$winlog"
}
trap cleanup EXIT

step "the window tests, started here and run beside the steps below"
# The window tests (TestWindow*) start the program, built without the race
# detector, and read its pictures and trace: their test process mostly
# waits, so they run from here in the background, without the detector,
# on a display of their own, beside the steps below, instead of after the
# rest of cmd/animview's tests in the race suite (with both cores kept
# busy by another build, cmd/animview took 593 s of the race suite's ten
# minutes, and the window tests alone 569 s beside it). Their output
# shows after the race suite.
ANIMVIEW_REQUIRE_DISPLAY=1 setsid xvfb-run -a -s '-screen 0 1280x1024x24' go test -count=1 -timeout "$T_SUITE" \
  -run '^TestWindow' -skip '^TestWindowsBuildUnderWine$' ./cmd/animview ./ui >"$winlog" 2>&1 &
winpid=$!

step "cross-build: windows, darwin and linux on amd64 and arm64"
# The release's flags (scripts/release.sh): cgo off, -trimpath, stripped.
go run ./internal/release/mkrelease -build-only -out "$xbin"

step "the Windows build under Wine, against the Linux build"
# Go's runtime needs bcryptprimitives.dll, which Debian's Wine 8 lacks: a
# stand-in of our own (scripts/wine/), built with mingw, goes into a Wine
# prefix of the test's own (.cache/wine, kept between runs: making one
# takes about 15 s).
apt_install wine64 gcc-mingw-w64-x86-64
wine=$(command -v wine || echo /usr/lib/wine/wine64)
wineserver=$(command -v wineserver || echo /usr/lib/wine/wineserver)
export WINEPREFIX="$PWD/.cache/wine" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
mkdir -p .cache
x86_64-w64-mingw32-gcc -shared -O2 -o .cache/bcryptprimitives.dll \
  scripts/wine/bcryptprimitives.c scripts/wine/bcryptprimitives.def -lbcrypt
# A persistent server for the test's many short runs; wineboot starts
# Wine's helper processes here, with their output to /dev/null.
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  echo "making the Wine prefix $WINEPREFIX"
fi
mkdir -p "$WINEPREFIX"
"$wineserver" -p >/dev/null 2>&1
"$wine" wineboot >/dev/null 2>&1
cp .cache/bcryptprimitives.dll "$WINEPREFIX/drive_c/windows/system32/"
ANIMVIEW_REQUIRE_WINE=1 WINE="$wine" ANIMVIEW_WINDOWS_EXE="$xbin/windows-amd64/animview.exe" \
  ANIMVIEW_LINUX_EXE="$xbin/linux-amd64/animview" go test -count=1 -timeout "$T_SHORT" -v -run '^TestWindowsBuildUnderWine$' ./cmd/animview |
  grep -v '^=== RUN'
# Copy JSON's clipboard on Windows is the Win32 API (ui/clipboard): its
# round trip runs as a Windows test binary under the same Wine.
GOOS=windows GOARCH=amd64 go test -c -o "$xbin/clipboard.test.exe" ./ui/clipboard
"$wine" "$xbin/clipboard.test.exe" -test.v -test.run '^TestRoundTrip$' 2>&1 | grep -v '^=== RUN'
"$wineserver" -k 2>/dev/null || true
wineserver=""
unset WINEPREFIX WINEDEBUG WINEDLLOVERRIDES

step "the web page: vet and staticcheck for js/wasm, then the page in Chromium"
# The browser build's own files (*_js.go) are checked here, and go vet
# type-checks every package's tests for js/wasm too (a test that calls
# something only Unix has, like syscall.Getrusage, belongs behind a build
# tag); the test builds the page, serves it on localhost and drives
# headless Chromium through the DevTools protocol.
GOOS=js GOARCH=wasm go vet ./...
GOOS=js GOARCH=wasm "$STATICCHECK" ./ui/... ./cmd/animview ./web/...
apt_install chromium
ANIMVIEW_REQUIRE_CHROMIUM=1 go test -count=1 -timeout 10m -v -run '^TestPage[A-Za-z]*InChromium$' ./web | grep -v '^=== RUN'

step "glTF exports through the Khronos validator and three.js"
# node and npm from apt, the validator and three.js (which plays the
# exports by glTF's own interpolation) from npm into .cache/node (ignored
# by git); the export tests then require them instead of skipping.
command -v node >/dev/null && command -v npm >/dev/null || apt_install nodejs npm
if [ ! -d .cache/node/node_modules/gltf-validator ] || [ ! -d .cache/node/node_modules/three ]; then
  mkdir -p .cache/node
  npm install --prefix .cache/node --no-audit --no-fund --silent gltf-validator@2.0.0-dev.3.10 three@0.170.0 >/dev/null
fi
export ANIMVIEW_REQUIRE_GLTF_VALIDATOR=1
gltf_out=$(mktemp -d)
ANIMVIEW_GLTF_OUT="$gltf_out" go test -count=1 -timeout "$T_SHORT" -run '^(TestRoundTrip|TestMeshRoundTrip)$' ./export/gltf
node scripts/gltf-validate.js "$gltf_out" | tail -n 1
rm -rf "$gltf_out"

step "the heavy in-process tests, without the race detector"
# Long computations in one goroutine, in packages that start none of
# their own (player, export/gltf, formats/open, internal/retromath have no
# goroutine outside their tests): a 5,000-joint chain through five
# commands, a sweep of damaged fixtures, the sampling goldens, the
# exports' key and cut sweeps, the exhaustive float checks. The race
# detector slows them five to ten times (279 s against 53 s for a 20,000
# chain; the player's goldens 101 s against 12 s) with nothing for it to
# find; the race suite below leaves them out by the same names.
heavy='^(TestDeepChain|TestMutantErrorsSayWhere|TestSamplingGolden|TestSamplerForwardMatchesSeek|TestBlendSpecialInputs|TestBlendSampledBitExact|TestBlendPosesBitExact|TestKeyStats|TestKeyTable|TestCutKeepsCurve|TestCutExport|TestCutSamplesSource|TestResampledBetweenKeys|TestLongResampledTake|TestInvSqrtReplayExhaustive|TestInvSqrtNewtonExhaustive|TestReadCostsTheFileOnce)$'
go test -count=1 -timeout "$T_SHORT" -run "$heavy" ./cmd/animview ./player ./export/gltf ./formats/open ./internal/retromath

step "go test -race (under xvfb-run), the window tests still beside it"
export ANIMVIEW_REQUIRE_DISPLAY=1
# The full-disk tests mount a small tmpfs (internal/smallfs): CI runs as root.
export ANIMVIEW_REQUIRE_SMALLFS=1
# The window tests run since the start (above); the Wine and Chromium
# tests ran in their own steps.
race=0
xvfb-run -a -s '-screen 0 1280x1024x24' go test -race -count=1 -timeout "$T_SUITE" -skip "^(TestWindow.*|TestPage[A-Za-z]*InChromium)\$|$heavy" ./... || race=$?
win=0
wait "$winpid" || win=$?
winpid=""
echo "-- the window tests (TestWindow*, without the race detector, done at $SECONDS s)"
cat "$winlog"
if [ "$race" -ne 0 ] || [ "$win" -ne 0 ]; then
  echo "the race suite exited $race, the window tests $win"
  exit 1
fi

step "fuzz targets, $FUZZTIME each, two at a time"
# Each target fuzzes with one worker (-parallel 1), two targets at once:
# the same fuzzing a target as one run with a worker on each core, while
# one target's build and link overlap the other's fuzzing (one at a time,
# with both workers, the 31 targets took 241 s, of which 62 s fuzzing).
# Each target's output shows whole when all are done, in order.
fuzz_one() { # PKG DIR TARGET LOG: fuzz one target; on failure say why
  local pkg=$1 dir=$2 t=$3 log=$4 out input name
  {
    echo "-- $pkg $t"
    if out=$(go test -run='^$' -timeout "$T_SHORT" -parallel 1 -fuzz="^${t}\$" -fuzztime="$FUZZTIME" "$pkg" 2>&1); then
      printf '%s\n' "$out" | tail -n 3
      return 0
    fi
    # Go 1.26's fuzz coordinator can report a bare "context deadline
    # exceeded" when -fuzztime ends while a starved worker is mid-call
    # (go.dev/issue/75804, fixed in Go 1.27): no input failed and none was
    # written. Show it, then run the target once more; anything else, or
    # the same again, is a failure.
    if printf '%s\n' "$out" | grep -q '^    context deadline exceeded$' &&
      ! printf '%s\n' "$out" | grep -q 'Failing input written\|seed corpus entry\|panic:\|_test.go:[0-9]'; then
      printf '%s\n' "$out"
      echo "(the Go 1.26 fuzz deadline race, go.dev/issue/75804: no failing input; running $t again)"
      if out=$(go test -run='^$' -timeout "$T_SHORT" -parallel 1 -fuzz="^${t}\$" -fuzztime="$FUZZTIME" "$pkg" 2>&1); then
        printf '%s\n' "$out" | tail -n 3
        return 0
      fi
    fi
    # A failure: all of go test's output, then the input that failed. The
    # fuzzer writes a new one to testdata ("Failing input written to
    # testdata/fuzz/FuzzX/NAME"); an entry of the existing corpus (testdata
    # or the fuzz cache) shows as "seed corpus entry: FuzzX/NAME" instead.
    printf '%s\n' "$out"
    input=$(printf '%s\n' "$out" | sed -n 's/.*Failing input written to \(testdata\/fuzz\/[^ ]*\).*/\1/p' | tail -n 1)
    if [ -n "$input" ]; then
      input="$dir/$input"
    else
      name=$(printf '%s\n' "$out" | sed -n "s/.*seed corpus entry: ${t}\/\([^ ]*\).*/\1/p" | tail -n 1)
      input="$dir/testdata/fuzz/$t/$name"
      [ -f "$input" ] || input="$(go env GOCACHE)/fuzz/$pkg/$t/$name"
    fi
    if [ -f "$input" ]; then
      echo "failing input: $input"
      cat "$input"
      echo "its bytes (hex):"
      od -An -tx1 -v "$input"
    else
      echo "no failing input file (an f.Add seed, or the run failed before fuzzing)"
    fi
    echo "FAIL: fuzz target $t in $pkg"
    return 1
  } >"$log" 2>&1
}
export -f fuzz_one
export FUZZTIME T_SHORT
fuzzlogs=$(mktemp -d)
n=0
while read -r pkg dir; do
  for t in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
    n=$((n + 1))
    printf '%s\t%s\t%s\t%s\n' "$pkg" "$dir" "$t" "$fuzzlogs/$(printf '%03d' "$n").log"
  done
done < <(go list -f '{{.ImportPath}} {{.Dir}}' ./...) >"$fuzzlogs/targets"
fuzzfail=0
tr '\n' '\0' <"$fuzzlogs/targets" | xargs -0 -P 2 -n 1 bash -c 'IFS=$'"'"'\t'"'"' read -r p d t l <<<"$1"; fuzz_one "$p" "$d" "$t" "$l"' _ || fuzzfail=1
cat "$fuzzlogs"/*.log
rm -rf "$fuzzlogs"
echo "-- $n fuzz targets (done at $SECONDS s)"
if [ "$fuzzfail" -ne 0 ]; then
  echo "a fuzz target failed (above)"
  exit 1
fi

echo
echo "all checks passed"
