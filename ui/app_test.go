package ui

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/internal/displaytest"
	"github.com/ebitenui/ebitenui/event"
	"github.com/hajimehoshi/ebiten/v2"
)

// The window's tests need no display: NewApp, Update and Draw into an
// image run without one, and the tests drive the parts with plain input
// values (tickInput). With a display TestMain runs them inside ebiten's
// game loop (displaytest.Main), where the GPU draws what they draw;
// without one it runs them outside it.
func TestMain(m *testing.M) { displaytest.Main(m) }

// newApp is NewApp for a test of the window.
func newApp(t *testing.T, opt Options) *App {
	t.Helper()
	if opt.Log == nil {
		opt.Log = func(string) {}
	}
	a, err := NewApp(opt)
	if err != nil {
		t.Fatal(err)
	}
	// The search for a CJK face runs on a goroutine of its own: it ends
	// here, so that its allocations fall in no test's count.
	a.kit.pollFallback(true)
	return a
}

func opener(path string) (*formats.Asset, error) {
	if path == demo.Name {
		return demo.New(), nil
	}
	return nil, errors.New("bad file: no such format")
}

func newTestApp(t *testing.T) *App {
	t.Helper()
	return newApp(t, Options{Path: demo.Name, Open: opener})
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
	if got := a.w.boneLabel(a.st, a.w.boneEntries[9]); got != "[x] "+strings.Repeat("  ", 6)+"   l_hand" {
		t.Errorf("label %q", got)
	}
	if got := a.w.boneLabel(a.st, a.w.boneEntries[0]); got != "[x] ● hips" {
		t.Errorf("label %q", got)
	}
}

func TestToggleBoneAndEvent(t *testing.T) {
	a := newTestApp(t)
	a.w.onBoneSelected(a.st, a.w.boneEntries[4], nil)
	a.press(ebiten.KeyH, 0)
	if !a.st.Visibility().BoneHidden(4) || !strings.HasPrefix(a.w.boneLabel(a.st, a.w.boneEntries[4]), "[  ]") {
		t.Error("hiding the selected bone did not show in its label")
	}
	a.w.onEventSelected(a.st, a.w.eventEntries[0], nil)
	if !a.st.Visibility().EventMuted(0) || !strings.HasPrefix(a.w.eventLabel(a.st, a.w.eventEntries[0]), "[  ]") {
		t.Error("muting an event did not show in its label")
	}
}

// TestListPicksWaitForTheState: a list's selection, which ebitenui
// reports inside ui.Update, changes the state only when the App applies
// it with the tick's state; a selection the handler makes itself (a
// bone's box restores the list's selection) is taken in the same tick,
// not for a click.
func TestListPicksWaitForTheState(t *testing.T) {
	a := newTestApp(t)
	event.ExecuteDeferred() // the lists' selections of the opened file
	a.w.applyPicks(a.st)
	a.w.events.SetSelectedEntry(a.w.eventEntries[0])
	event.ExecuteDeferred() // as ui.Update ends
	if a.st.Visibility().EventMuted(0) || len(a.w.picks) != 1 {
		t.Fatalf("in ebitenui's update: muted %v, %d picks", a.st.Visibility().EventMuted(0), len(a.w.picks))
	}
	a.w.applyPicks(a.st)
	if !a.st.Visibility().EventMuted(0) || !strings.HasPrefix(a.w.eventLabel(a.st, a.w.eventEntries[0]), "[  ]") || len(a.w.picks) != 0 {
		t.Errorf("after the picks: muted %v, %d picks", a.st.Visibility().EventMuted(0), len(a.w.picks))
	}

	a.w.selectBone(a.st, 2)
	event.ExecuteDeferred()
	a.w.applyPicks(a.st)
	sel := a.st.Visibility().Selected()
	a.w.in.x = a.w.bones.GetWidget().Rect.Min.X // on the box
	a.w.bones.SetSelectedEntry(a.w.boneEntries[4])
	event.ExecuteDeferred()
	a.w.applyPicks(a.st)
	if !a.st.Visibility().BoneHidden(4) || a.st.Visibility().Selected() != sel {
		t.Errorf("a click on bone 4's box: hidden %v, selected %d (was %d)", a.st.Visibility().BoneHidden(4), a.st.Visibility().Selected(), sel)
	}
	if a.w.setBone != nil || len(a.w.picks) != 0 || a.w.bones.SelectedEntry() != a.w.boneEntries[2] {
		t.Errorf("the list's own selection was not taken in the tick: setBone %v, %d picks", a.w.setBone, len(a.w.picks))
	}
}

func TestSwitchClipRefillsEvents(t *testing.T) {
	a := newTestApp(t)
	a.press(ebiten.KeyBracketRight, 0)
	if a.st.CurrentClip().Name != "idle" || len(a.w.events.Entries()) != 1 {
		t.Errorf("clip %q with %d events listed", a.st.CurrentClip().Name, len(a.w.events.Entries()))
	}
}

func TestBadFileKeepsTheOpenAsset(t *testing.T) {
	a := newTestApp(t)
	a.open("/nowhere/broken.anim")
	if err := a.st.Messages().Err(); !strings.Contains(err, "no such format") {
		t.Errorf("error %q", err)
	}
	if a.st.Asset().Format != "demo" {
		t.Error("the demo was closed by a failed open")
	}
}

func TestInspectorShowsTheSelectedBone(t *testing.T) {
	a := newTestApp(t)
	a.st.SelectBone(1)
	txt := a.w.inspectorText(a.st)
	if !strings.HasPrefix(txt, "spine   #1") || !strings.Contains(txt, "parent hips") {
		t.Errorf("inspector:\n%s", txt)
	}
}

// TestAnimationCamera opens the LEGO fixture, whose clip carries a camera:
// the view draws it as a marker, and "view through" looks from its eye.
func TestAnimationCamera(t *testing.T) {
	a := newApp(t, Options{Path: "../formats/lego/testdata/minifig_walk.ani"})
	a.st.Seek(0.6)
	if m := a.scene.cameraMarker(a.st); m == nil {
		t.Fatal("no camera marker for a clip with a camera")
	}
	a.press(ebiten.KeyC, 0)
	if !a.st.View().Through() {
		t.Fatal("C did not look through the clip's camera")
	}
	lf := a.scene.throughCamera(a.st)
	if lf == nil {
		t.Fatal("cannot view through the clip's camera")
	}
	// The file's camera sits at z = -5 .. -4.5 (left-handed); the view
	// mirrors Z, so the eye is on the view's +Z side looking towards -Z.
	if lf.Eye[2] <= 0 || lf.Target[2] >= lf.Eye[2] {
		t.Errorf("through-camera eye %v target %v", lf.Eye, lf.Target)
	}
	if a.scene.cameraMarker(a.st) != nil {
		t.Error("the marker is drawn while looking through the camera")
	}
}

// TestBoneLabelsRefreshOnlyChanged: hiding one bone remakes its entry of
// the bone list alone, not all of them (issue 35: ebitenui finds each
// entry among all, so remaking every one cost the square of the bones),
// and a refresh with nothing changed remakes none.
func TestBoneLabelsRefreshOnlyChanged(t *testing.T) {
	a := newTestApp(t)
	a.w.bones.Validate()                             // its buttons made, as the window's first layout does
	a.inp.x = a.w.bones.GetWidget().Rect.Min.X + 200 // a click on the name, past the check box
	a.w.onBoneSelected(a.st, a.w.boneEntries[4], nil)
	before := a.w.boneUpdates
	a.press(ebiten.KeyH, 0)
	if got := a.w.boneUpdates - before; got != 1 {
		t.Errorf("hiding a bone remade %d entries, want 1", got)
	}
	if !strings.HasPrefix(a.w.boneEntries[4].shown, "[  ]") {
		t.Errorf("the list shows %q for the hidden bone", a.w.boneEntries[4].shown)
	}
	before = a.w.boneUpdates
	a.w.refreshBoneLabels(a.st)
	if got := a.w.boneUpdates - before; got != 0 {
		t.Errorf("a refresh with nothing changed remade %d entries", got)
	}
}

// TestPartsHoldNoApp pins the window's shape (issue 34, step 1): App has
// at most 15 fields, and no part reaches the App through a field of its
// own; each holds the env, the layout, hooks and the parts it uses. The
// mouse and keys' dispatch is the App's (handleInput); input keeps only
// what lasts from tick to tick (a drag, a key's repeat, the calls).
func TestPartsHoldNoApp(t *testing.T) {
	app := reflect.TypeFor[App]()
	if n := app.NumField(); n > 15 {
		t.Errorf("App has %d fields, want at most 15", n)
	}
	appPtr := reflect.PointerTo(app)
	var check func(ty reflect.Type, path string)
	check = func(ty reflect.Type, path string) {
		for i := range ty.NumField() {
			f := ty.Field(i)
			if f.Type == appPtr {
				t.Errorf("%s (%s) holds the App in its field %s", path, ty.Name(), f.Name)
			}
			if f.Type.Kind() == reflect.Struct && f.Type.PkgPath() == app.PkgPath() {
				check(f.Type, path+"."+f.Name)
			}
		}
	}
	check(app, "App")
}
