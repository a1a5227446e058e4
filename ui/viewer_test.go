package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/ui/folder"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestBoneBoxClick: a click on "[x]" hides the bone (shift: its subtree)
// and keeps the selection; a click on the name selects.
func TestBoneBoxClick(t *testing.T) {
	a := newTestApp(t)
	r := a.w.bones.GetWidget().Rect
	a.w.boneClicked(a.st, a.w.boneEntries[4], nil, r.Min.X+60, false) // on the name
	if a.st.Visibility().Selected() != 4 || a.st.Visibility().BoneHidden(4) {
		t.Fatalf("name click: selected %d, hidden %v", a.st.Visibility().Selected(), a.st.Visibility().BoneHidden(4))
	}
	a.w.boneClicked(a.st, a.w.boneEntries[6], a.w.boneEntries[4], r.Min.X+3, true) // shift on l_clavicle's box
	if a.st.Visibility().Selected() != 4 || !a.st.Visibility().BoneHidden(6) || !a.st.Visibility().BoneHidden(9) || a.st.Visibility().BoneHidden(10) {
		t.Errorf("box click: selected %d, hidden %v", a.st.Visibility().Selected(), a.st.Visibility().HiddenBones(nil))
	}
	if a.w.bones.SelectedEntry() != a.w.boneEntries[4] {
		t.Error("the list's selection moved to the clicked box")
	}
	if !strings.HasPrefix(a.w.boneLabel(a.st, a.w.boneEntries[9]), "[  ]") {
		t.Errorf("label %q", a.w.boneLabel(a.st, a.w.boneEntries[9]))
	}
	a.w.boneClicked(a.st, a.w.boneEntries[6], nil, r.Min.X+3, true) // shift again: the subtree shows
	if a.st.Visibility().HiddenCount() != 0 {
		t.Errorf("second box click: hidden %v", a.st.Visibility().HiddenBones(nil))
	}
}

// TestContainerStepping: ] in an SI file opens its next animation, as it
// moves to the next clip elsewhere.
func TestContainerStepping(t *testing.T) {
	a := newApp(t, Options{Path: "../formats/lego/testdata/minifig.si"})
	first := a.st.Asset().Entry
	if len(a.st.Asset().Entries) < 2 {
		t.Fatalf("fixture has %d entries", len(a.st.Asset().Entries))
	}
	a.press(ebiten.KeyBracketRight, 0)
	if e := a.st.Asset().Entry; e == first || e != a.st.Asset().Entries[1].Name {
		t.Errorf("after ]: entry %q (was %q)", e, first)
	}
	a.press(ebiten.KeyPageUp, modShift) // Shift does not change PgUp
	if e := a.st.Asset().Entry; e != first {
		t.Errorf("after Shift+PgUp: entry %q, want %q", e, first)
	}
}

// TestCopyWithoutClipboard: with no clipboard tool on PATH the values go
// to a JSON file and the notice names it.
func TestCopyWithoutClipboard(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	a := newTestApp(t)
	a.opt.ShotDir = t.TempDir()
	a.st.SelectBone(4)
	a.runVerb("copy-json")
	files, _ := filepath.Glob(filepath.Join(a.opt.ShotDir, "*-head.json"))
	if n := a.st.Messages().Notice(); len(files) != 1 || !strings.Contains(n, files[0]) {
		t.Fatalf("files %v, notice %q", files, n)
	}
	data, _ := os.ReadFile(files[0])
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil || v["name"] != "head" {
		t.Errorf("JSON %s: %v", data, err)
	}
}

// TestFrameBox: a number typed into the frame box seeks there; other text
// changes nothing; the box then shows the frame.
func TestFrameBox(t *testing.T) {
	a := newTestApp(t)
	a.w.submitFrame(a.st, " 12 ")
	if f, _ := a.st.Frame(); f != 12 || a.st.Playback().Playing() {
		t.Errorf("frame %d, playing %v", f, a.st.Playback().Playing())
	}
	a.w.submitFrame(a.st, "twelve")
	if f, _ := a.st.Frame(); f != 12 || a.st.Messages().Err() != "" {
		t.Errorf("text moved to frame %d (error %q)", f, a.st.Messages().Err())
	}
	a.w.sync(a.st)
	if got := a.w.frameBox.GetText(); got != "12" {
		t.Errorf("box shows %q", got)
	}
}

// TestNextFileInFolder: Ctrl+PgDn opens the next readable file of the
// open file's folder and Ctrl+PgUp goes back, wrapping at the ends.
func TestNextFileInFolder(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a.anim", "b.txt", "c.anim"} {
		os.WriteFile(filepath.Join(dir, n), nil, 0o644)
	}
	var opened []string
	open := func(p string) (*formats.Asset, error) {
		opened = append(opened, filepath.Base(p))
		return opener("demo:")
	}
	a := newApp(t, Options{Path: filepath.Join(dir, "a.anim"), Open: open, Extensions: []string{"anim"}})
	a.press(ebiten.KeyPageDown, modCtrl)
	a.press(ebiten.KeyPageDown, modCtrl|modShift)
	a.press(ebiten.KeyPageUp, modCtrl)
	if got := strings.Join(opened, " "); got != "a.anim c.anim a.anim c.anim" {
		t.Errorf("opened %s", got)
	}
}

// TestEntryChoosesTheFirstFileOnly: the user's --entry opens that entry of
// the file given; a file opened afterwards starts at its first entry (it
// used to be asked for the same entry), and a container's entries open
// through formats/open with the user's other choices.
func TestEntryChoosesTheFirstFileOnly(t *testing.T) {
	const si = "../formats/lego/testdata/minifig.si"
	a := newApp(t, Options{Path: si, Load: open.Options{Entry: "minifig_wave"}})
	if a.st.Messages().Err() != "" || a.st.Asset().Entry != "minifig_wave" {
		t.Fatalf("first file: entry %q, error %q", a.st.Asset().Entry, a.st.Messages().Err())
	}
	a.open(si)
	if a.st.Messages().Err() != "" || a.st.Asset().Entry != "minifig_walk" {
		t.Errorf("opened again: entry %q, error %q", a.st.Asset().Entry, a.st.Messages().Err())
	}
	a.openEntry("minifig_wave")
	if a.st.Messages().Err() != "" || a.st.Asset().Entry != "minifig_wave" {
		t.Errorf("entry: %q, error %q", a.st.Asset().Entry, a.st.Messages().Err())
	}
	if exts := a.st.Files().Exts(); len(exts) == 0 || !folder.Readable("x.si", exts) {
		t.Errorf("readable extensions %v: not open.Extensions()", exts)
	}
}

// TestActionsScript runs a script as --actions does: the bone verbs take
// names in any case, seek pauses, a key runs its command; a failing
// action shows its error and the script goes on.
func TestActionsScript(t *testing.T) {
	a := newTestApp(t)
	acts, err := ParseActions("select-bone HEAD; hide-bone l_hand\n seek 0.5; select-bone tail; key space; wait 2; pause")
	if err != nil {
		t.Fatal(err)
	}
	a.script.left = acts
	a.runScript()
	if a.st.Visibility().Selected() != 4 || !a.st.Visibility().BoneHidden(9) || a.st.Playback().Time() != 0.5 || !a.st.Playback().Playing() {
		t.Errorf("after the script: selected %d, l_hand hidden %v, time %v, playing %v", a.st.Visibility().Selected(), a.st.Visibility().BoneHidden(9), a.st.Playback().Time(), a.st.Playback().Playing())
	}
	if err := a.st.Messages().Err(); !strings.Contains(err, `action select-bone tail: select-bone: no bone "tail"`) {
		t.Errorf("error %q", err)
	}
	if len(a.script.left) != 1 || a.script.wait != 2 {
		t.Fatalf("wait: %d actions left, waiting %d", len(a.script.left), a.script.wait)
	}
	for a.script.pending() {
		a.runScript()
	}
	if a.st.Playback().Playing() {
		t.Error("the action after the wait did not run")
	}
}

// TestWindowSizeFitsScreen: 1280x800 where it fits, else 90% of the
// screen's width and 85% of its height, never below 800x600.
func TestWindowSizeFitsScreen(t *testing.T) {
	for _, c := range []struct{ sw, sh, w, h int }{
		{0, 0, 1280, 800}, {1920, 1080, 1280, 800}, {1366, 768, 1229, 652},
		{1024, 768, 921, 652}, {800, 600, 800, 600}, {640, 480, 800, 600},
	} {
		if w, h := WindowSize(c.sw, c.sh); w != c.w || h != c.h {
			t.Errorf("screen %dx%d: window %dx%d, want %dx%d", c.sw, c.sh, w, h, c.w, c.h)
		}
	}
}
