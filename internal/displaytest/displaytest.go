// Package displaytest is the one harness of the tests that need a display:
// the in-process tests of ui and render/ebitenview, which run inside
// ebiten's game loop (Main), and the window tests of cmd/animview, which
// start the program under the X server (Need, NeedTool). Without a display
// those tests skip, each saying why, unless ANIMVIEW_REQUIRE_DISPLAY is set
// (as scripts/test.sh sets it under xvfb-run), where a missing display or
// tool fails them. Programs never import it.
package displaytest

import (
	"fmt"
	"os"
	"os/exec"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Require is the variable that turns a skip for want of a display or a
// tool into a failure.
const Require = "ANIMVIEW_REQUIRE_DISPLAY"

// noDISPLAY is why a test cannot run without the variable DISPLAY.
const noDISPLAY = "DISPLAY is not set (run the tests under xvfb-run)"

// why says why Main could not run the tests in ebiten's game loop; "" when
// it could, or when Main did not run (the tests then need only DISPLAY).
var why string

// Required reports whether the run asks for the display tests to count
// (ANIMVIEW_REQUIRE_DISPLAY set): a skip is then a failure.
func Required() bool { return os.Getenv(Require) != "" }

// game runs the tests in its first update, then ends the loop.
type game struct {
	m    *testing.M
	code int
	ran  bool
}

func (g *game) Update() error {
	if !g.ran {
		g.ran = true
		g.code = g.m.Run()
	}
	return ebiten.Termination
}

func (*game) Draw(*ebiten.Image)         {}
func (*game) Layout(int, int) (int, int) { return 320, 240 }

// Main is a TestMain for a package whose tests draw through ebiten: it runs
// m's tests inside ebiten's game loop, in a hidden window (the pattern
// ebiten's own tests use). Without a display it runs them outside it,
// recording why for Need, so that the tests that need no display still
// run. It does not return.
func Main(m *testing.M) {
	if os.Getenv("DISPLAY") == "" {
		why = noDISPLAY
		os.Exit(m.Run())
	}
	ebiten.SetWindowVisible(false)
	g := &game{m: m, code: 1}
	err := ebiten.RunGame(g)
	if !g.ran {
		why = fmt.Sprint("no window system: ", err)
		os.Exit(m.Run())
	}
	os.Exit(g.code)
}

// Missing says why a test cannot use the display, "" when it can.
func Missing() string {
	// Read the variables inside the run, where go test records them: its
	// result cache then tells a skip without a display from a run under
	// xvfb-run, instead of replaying the skip.
	_, _ = os.Getenv("DISPLAY"), os.Getenv(Require)
	if why != "" {
		return why
	}
	if os.Getenv("DISPLAY") == "" {
		return noDISPLAY
	}
	return ""
}

// Need skips t without a display (Missing), or fails it when the run
// requires display tests (Required).
func Need(t testing.TB) {
	t.Helper()
	if reason := Missing(); reason != "" {
		if Required() {
			t.Fatal(reason)
		}
		t.Skip(reason)
	}
}

// NeedTool skips t when the program name (xdotool, Xvfb) is not installed,
// or fails it when the run requires display tests.
func NeedTool(t testing.TB, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		if Required() {
			t.Fatalf("%s is not installed: scripts/test.sh installs it", name)
		}
		t.Skipf("%s is not installed", name)
	}
}
