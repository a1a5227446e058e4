package ui

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/animview/animview/assets"
	"github.com/animview/animview/formats"
	"github.com/hajimehoshi/ebiten/v2"
)

// The widgets need ebiten's game loop; TestMain runs the tests inside it,
// the pattern ebiten's own tests use. Without a display the tests skip
// (or fail when ANIMVIEW_REQUIRE_DISPLAY is set, as in CI).
type testGame struct {
	m    *testing.M
	code int
}

func (g *testGame) Update() error            { g.code = g.m.Run(); return ebiten.Termination }
func (*testGame) Draw(*ebiten.Image)         {}
func (*testGame) Layout(int, int) (int, int) { return 320, 240 }

func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" {
		if os.Getenv("ANIMVIEW_REQUIRE_DISPLAY") != "" {
			fmt.Fprintln(os.Stderr, "ui tests need a display: run them under xvfb-run")
			os.Exit(1)
		}
		fmt.Println("ui: no DISPLAY, skipping the widget tests")
		os.Exit(0)
	}
	ebiten.SetWindowVisible(false)
	g := &testGame{m: m, code: 1}
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintln(os.Stderr, "ui tests:", err)
		os.Exit(1)
	}
	os.Exit(g.code)
}

func opener(path string) (*formats.Asset, error) {
	if path == assets.DemoName {
		return assets.Demo(), nil
	}
	return nil, errors.New("bad file: no such format")
}

func newTestApp(t *testing.T) *App {
	t.Helper()
	a, err := NewApp(Options{Path: assets.DemoName, Open: opener, Log: func(string) {}})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestListsShowTheAsset(t *testing.T) {
	a := newTestApp(t)
	if n := len(a.w.bones.Entries()); n != 22 {
		t.Errorf("bone list has %d entries, want 22", n)
	}
	if n := len(a.w.clips.Entries()); n != 2 {
		t.Errorf("clip list has %d entries", n)
	}
	if n := len(a.w.events.Entries()); n != 3 {
		t.Errorf("event list has %d entries", n)
	}
	// The tree is indented by depth: l_hand is six levels below the hips
	// (spine, chest, l_clavicle, l_upperarm, l_forearm, l_hand).
	// The walk does not move the hand; it moves the hips (● marks them).
	if got := a.boneLabel(a.w.boneEntries[9]); got != "[x] "+strings.Repeat("  ", 6)+"   l_hand" {
		t.Errorf("label %q", got)
	}
	if got := a.boneLabel(a.w.boneEntries[0]); got != "[x] ● hips" {
		t.Errorf("label %q", got)
	}
}

func TestToggleBoneAndEvent(t *testing.T) {
	a := newTestApp(t)
	a.onBoneSelected(a.w.boneEntries[4], nil)
	a.toggleSelectedBone()
	if !a.st.HiddenBones[4] || !strings.HasPrefix(a.boneLabel(a.w.boneEntries[4]), "[  ]") {
		t.Error("hiding the selected bone did not show in its label")
	}
	a.onEventSelected(a.w.eventEntries[0], nil)
	if !a.st.HiddenEvents[0] || !strings.HasPrefix(a.eventLabel(a.w.eventEntries[0]), "[  ]") {
		t.Error("muting an event did not show in its label")
	}
}

func TestSwitchClipRefillsEvents(t *testing.T) {
	a := newTestApp(t)
	a.stepClip(1)
	if a.st.CurrentClip().Name != "idle" || len(a.w.events.Entries()) != 1 {
		t.Errorf("clip %q with %d events listed", a.st.CurrentClip().Name, len(a.w.events.Entries()))
	}
}

func TestBadFileKeepsTheOpenAsset(t *testing.T) {
	a := newTestApp(t)
	a.open("/nowhere/broken.anim")
	if a.st.Err == "" || !strings.Contains(a.st.Err, "no such format") {
		t.Errorf("error %q", a.st.Err)
	}
	if a.st.Asset.Format != "demo" {
		t.Error("the demo was closed by a failed open")
	}
}

func TestInspectorShowsTheSelectedBone(t *testing.T) {
	a := newTestApp(t)
	a.st.SelectBone(1)
	txt := a.inspectorText()
	if !strings.HasPrefix(txt, "spine   #1") || !strings.Contains(txt, "parent hips") {
		t.Errorf("inspector:\n%s", txt)
	}
}

// TestAnimationCamera opens the LEGO fixture, whose clip carries a camera:
// the view draws it as a marker, and "view through" looks from its eye.
func TestAnimationCamera(t *testing.T) {
	a, err := NewApp(Options{Path: "../formats/lego/testdata/minifig_walk.ani", Log: func(string) {}})
	if err != nil {
		t.Fatal(err)
	}
	a.st.Seek(0.6)
	if m := a.cameraMarker(); m == nil {
		t.Fatal("no camera marker for a clip with a camera")
	}
	a.st.ThroughCamera = true
	lf := a.throughCamera()
	if lf == nil {
		t.Fatal("cannot view through the clip's camera")
	}
	// The file's camera sits at z = -5 .. -4.5 (left-handed); the view
	// mirrors Z, so the eye is on the view's +Z side looking towards -Z.
	if lf.Eye[2] <= 0 || lf.Target[2] >= lf.Eye[2] {
		t.Errorf("through-camera eye %v target %v", lf.Eye, lf.Target)
	}
	if a.cameraMarker() != nil {
		t.Error("the marker is drawn while looking through the camera")
	}
}
