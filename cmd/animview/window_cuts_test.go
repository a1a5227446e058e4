package main

import (
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/animview/animview/formats/cuts"
	"github.com/animview/animview/internal/displaytest"
)

// colAccentEdge is the accent the name prompt is edged in (ui's colAccent).
var colAccentEdge = color.RGBA{0x3d, 0x8b, 0xd9, 0xff}

// clipListArea is the clip list at 800×600 (under the file's name and
// the "Clips" heading, above the cut buttons).
var clipListArea = image.Rect(8, 70, sideW-30, 180)

// TestWindowSaveCut: the range saved as a cut (the save-cut action, and
// Ctrl+S, which then asks its name) goes to the file's sidecar, and when
// the file opens again the cut is in the clip list and plays as a clip of
// the range's length.
func TestWindowSaveCut(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	arm := filepath.Join(dir, "arm.ms3d")
	copyFile(t, "../../formats/ms3d/testdata/arm_v4.ms3d", arm)

	plain, _ := shot(t, bin, "pause", arm)
	asked, out := shot(t, bin, "pause; range 0.5 1.25; save-cut walk; seek 0; range 0.125 0.25; key ctrl+s", arm)
	if !strings.Contains(out, `cut saved: "walk" Timeline 0.5-1.25 s`) || !strings.Contains(out, `cut saved: "cut-1"`) {
		t.Fatalf("no cuts saved:\n%s", out)
	}
	kept, err := cuts.Load(arm)
	if err != nil || len(kept) != 2 {
		t.Fatalf("sidecar: %+v %v", kept, err)
	}
	// The second range is of the cut walk: 0.125–0.25 s of it is
	// 0.625–0.75 s of the Timeline.
	if k := kept[0]; k != (cuts.Cut{Name: "walk", Clip: "Timeline", From: 0.5, To: 1.25}) {
		t.Errorf("first cut %+v", k)
	}
	if k := kept[1]; k.Name != "cut-1" || k.Clip != "Timeline" || math.Abs(k.From-0.625) > 1e-9 || math.Abs(k.To-0.75) > 1e-9 {
		t.Errorf("second cut %+v", k)
	}
	// Ctrl+S asks the cut's name: the prompt's accent edge over the view.
	view := image.Rect(sideW, 0, winW-sideW, barTop)
	if a, b := countIn(plain, view, colAccentEdge, 10), countIn(asked, view, colAccentEdge, 10); b < a+300 {
		t.Errorf("the name prompt: %d accent pixels, %d without it", b, a)
	}

	// Opened again: the cuts are listed (more text in the clip list: the
	// group and its two clips), and walk plays 0.75 s.
	listed, out := shot(t, bin, "pause; clip walk", arm)
	if !strings.Contains(out, "shown: frame 0 / 18   0.000 s / 0.750 s") {
		t.Errorf("walk did not open as a 0.75 s clip:\n%s", out)
	}
	if a, b := countIn(plain, clipListArea, colPanelText, 40), countIn(listed, clipListArea, colPanelText, 40); b < a+100 {
		t.Errorf("clip list text: %d pixels with the cuts, %d without", b, a)
	}

	// Renamed and deleted by the actions; the previous list is kept.
	_, out = shot(t, bin, "pause; rename-cut cut-1 walk end; delete-cut walk", arm)
	if strings.Contains(out, "action ") {
		t.Errorf("actions failed:\n%s", out)
	}
	kept, err = cuts.Load(arm)
	if err != nil || len(kept) != 1 || kept[0].Name != "walk end" {
		t.Errorf("after rename and delete: %+v %v", kept, err)
	}
	if b, err := os.ReadFile(cuts.SidecarPath(arm) + cuts.BackupExt); err != nil || !strings.Contains(string(b), `"walk"`) {
		t.Errorf("backup: %s %v", b, err)
	}
	// Nothing else was written beside the file.
	ents, _ := os.ReadDir(dir)
	if len(ents) != 3 {
		t.Errorf("the folder holds %d files", len(ents))
	}
}

// TestWindowBrokenSidecar: a sidecar that does not parse shows as a
// warning, and saving a cut refuses rather than replacing it.
func TestWindowBrokenSidecar(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	arm := filepath.Join(t.TempDir(), "arm.ms3d")
	copyFile(t, "../../formats/ms3d/testdata/arm_v4.ms3d", arm)
	broken := []byte(`{"schema": "animview.cuts/1", "cuts": [`)
	if err := os.WriteFile(cuts.SidecarPath(arm), broken, 0o644); err != nil {
		t.Fatal(err)
	}
	_, out := shot(t, bin, "pause; range 0.5 1; save-cut walk", arm)
	if !strings.Contains(out, "action save-cut walk: save cut: cuts sidecar") || !strings.Contains(out, "nothing was written") {
		t.Errorf("saving over a broken sidecar:\n%s", out)
	}
	if b, _ := os.ReadFile(cuts.SidecarPath(arm)); string(b) != string(broken) {
		t.Error("the broken sidecar changed")
	}
}

// TestWindowNameCut: Ctrl+S from the keyboard saves the range as cut-1
// and asks its name; what is typed replaces it, and Enter renames the cut
// in the sidecar.
func TestWindowNameCut(t *testing.T) {
	arm := filepath.Join(t.TempDir(), "arm.ms3d")
	copyFile(t, "../../formats/ms3d/testdata/arm_v4.ms3d", arm)
	w := startDrivenFile(t, arm, "--actions", "pause; range 0.5 1.25")
	from := w.seen
	w.keyDown("ctrl", "ControlLeft")
	w.key("s", "S")
	w.keyUp("ctrl", "ControlLeft")
	// The cut is saved as the key goes down, before its report.
	after := w.seen
	w.seen = from
	w.await(regexp.MustCompile(`(?m)^animview: cut saved: "cut-1" Timeline 0.5-1.25 s`))
	w.seen = max(w.seen, after)
	w.typeText("run")
	from = w.seen
	w.key("Return", "Enter")
	w.seen = from
	w.await(regexp.MustCompile(`(?m)^animview: cut renamed: "cut-1" to "run"$`))
	kept, err := cuts.Load(arm)
	if err != nil || len(kept) != 1 || kept[0] != (cuts.Cut{Name: "run", Clip: "Timeline", From: 0.5, To: 1.25}) {
		t.Errorf("sidecar: %+v %v", kept, err)
	}
}
