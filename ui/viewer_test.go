package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/ui/state"
)

// TestBoneBoxClick: a click on "[x]" hides the bone (shift: its subtree)
// and keeps the selection; a click on the name selects.
func TestBoneBoxClick(t *testing.T) {
	a := newTestApp(t)
	r := a.w.bones.GetWidget().Rect
	a.boneClicked(a.w.boneEntries[4], nil, r.Min.X+60, false) // on the name
	if a.st.Selected != 4 || a.st.HiddenBones[4] {
		t.Fatalf("name click: selected %d, hidden %v", a.st.Selected, a.st.HiddenBones[4])
	}
	a.boneClicked(a.w.boneEntries[6], a.w.boneEntries[4], r.Min.X+3, true) // shift on l_clavicle's box
	if a.st.Selected != 4 || !a.st.HiddenBones[6] || !a.st.HiddenBones[9] || a.st.HiddenBones[10] {
		t.Errorf("box click: selected %d, hidden %v", a.st.Selected, a.st.HiddenBones)
	}
	if a.w.bones.SelectedEntry() != a.w.boneEntries[4] {
		t.Error("the list's selection moved to the clicked box")
	}
	if !strings.HasPrefix(a.boneLabel(a.w.boneEntries[9]), "[  ]") {
		t.Errorf("label %q", a.boneLabel(a.w.boneEntries[9]))
	}
}

// TestContainerStepping: ] in an SI file opens its next animation, as it
// moves to the next clip elsewhere.
func TestContainerStepping(t *testing.T) {
	a, err := NewApp(Options{Path: "../formats/lego/testdata/minifig.si", Log: func(string) {}})
	if err != nil {
		t.Fatal(err)
	}
	first := a.st.Asset.Entry
	if len(a.st.Asset.Entries) < 2 {
		t.Fatalf("fixture has %d entries", len(a.st.Asset.Entries))
	}
	a.stepClip(1)
	if a.st.Asset.Entry == first || a.st.Asset.Entry != a.st.Asset.Entries[1].Name {
		t.Errorf("after ]: entry %q (was %q)", a.st.Asset.Entry, first)
	}
	a.stepClip(-1)
	if a.st.Asset.Entry != first {
		t.Errorf("after [: entry %q, want %q", a.st.Asset.Entry, first)
	}
}

// TestCopyWithoutClipboard: with no clipboard tool on PATH the values go
// to a JSON file and the notice names it.
func TestCopyWithoutClipboard(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	a := newTestApp(t)
	a.opt.ShotDir = t.TempDir()
	a.st.SelectBone(4)
	a.copyInspector()
	files, _ := filepath.Glob(filepath.Join(a.opt.ShotDir, "*-head.json"))
	if len(files) != 1 || !strings.Contains(a.st.Notice, files[0]) {
		t.Fatalf("files %v, notice %q", files, a.st.Notice)
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
	a.submitFrame(" 12 ")
	if f, _ := a.st.Frame(); f != 12 || a.st.Playing {
		t.Errorf("frame %d, playing %v", f, a.st.Playing)
	}
	a.submitFrame("twelve")
	if f, _ := a.st.Frame(); f != 12 {
		t.Errorf("text moved to frame %d", f)
	}
	a.syncWidgets()
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
	a, err := NewApp(Options{Path: filepath.Join(dir, "a.anim"), Open: open, Extensions: []string{"anim"}, Log: func(string) {}})
	if err != nil {
		t.Fatal(err)
	}
	a.openSibling(1)
	a.openSibling(1)
	a.openSibling(-1)
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
	a, err := NewApp(Options{Path: si, Load: open.Options{Entry: "minifig_wave"}, Log: func(string) {}})
	if err != nil {
		t.Fatal(err)
	}
	if a.st.Err != "" || a.st.Asset.Entry != "minifig_wave" {
		t.Fatalf("first file: entry %q, error %q", a.st.Asset.Entry, a.st.Err)
	}
	a.open(si)
	if a.st.Err != "" || a.st.Asset.Entry != "minifig_walk" {
		t.Errorf("opened again: entry %q, error %q", a.st.Asset.Entry, a.st.Err)
	}
	a.openEntry("minifig_wave")
	if a.st.Err != "" || a.st.Asset.Entry != "minifig_wave" {
		t.Errorf("entry: %q, error %q", a.st.Asset.Entry, a.st.Err)
	}
	if len(a.st.Exts) == 0 || !state.Readable("x.si", a.st.Exts) {
		t.Errorf("readable extensions %v: not open.Extensions()", a.st.Exts)
	}
}
