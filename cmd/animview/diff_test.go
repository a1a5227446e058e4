package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats/ms3d"
	"github.com/animview/animview/report"
)

// walker is a three-joint MilkShape figure (root, arm, hand) whose root
// walks 2 units along X in a second while the arm swings about Z, keyed at
// 0, 0.5 and 1 s; edit changes it before it is written.
func walker(t *testing.T, name string, edit func(f *ms3d.File)) string {
	t.Helper()
	f := &ms3d.File{Header: ms3d.Header{ID: ms3d.Magic, Version: 4}, AnimationFPS: 24, TotalFrames: 24,
		Joints: []ms3d.Joint{
			{Name: "root", PositionKeys: []ms3d.PositionKey{{Time: 0}, {Time: 1, Position: [3]float32{2, 0, 0}}}},
			{Name: "arm", ParentName: "root", Position: [3]float32{0, 1, 0},
				RotationKeys: []ms3d.RotationKey{{Time: 0}, {Time: 0.5, Rotation: [3]float32{0, 0, 0.5}}, {Time: 1}}},
			{Name: "hand", ParentName: "arm", Position: [3]float32{0, 1, 0}},
		}}
	if edit != nil {
		edit(f)
	}
	b, err := f.Encode()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func diffJSON(t *testing.T, wantCode int, args ...string) report.Diff {
	t.Helper()
	out, errs, code := runCLI(t, append([]string{"diff", "--json"}, args...)...)
	if code != wantCode {
		t.Fatalf("diff %v: exit %d, want %d: %s", args, code, wantCode, errs)
	}
	var d report.Diff
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if d.Schema != report.SchemaDiff {
		t.Errorf("schema %q", d.Schema)
	}
	return d
}

// TestDiff is issue 31's compare: two versions of one MilkShape model,
// written by our writer, with a renamed joint, an edited key and a
// shorter timeline.
func TestDiff(t *testing.T) {
	a := walker(t, "a.ms3d", nil)
	same := walker(t, "same.ms3d", nil)
	renamed := walker(t, "renamed.ms3d", func(f *ms3d.File) {
		f.Joints[2].Name = "Palm"
	})
	edited := walker(t, "edited.ms3d", func(f *ms3d.File) {
		f.Joints[1].RotationKeys[1].Rotation[2] = 0.8
	})
	shorter := walker(t, "short.ms3d", func(f *ms3d.File) {
		f.TotalFrames = 12
		f.Joints[0].PositionKeys[1] = ms3d.PositionKey{Time: 0.5, Position: [3]float32{1, 0, 0}}
		f.Joints[1].RotationKeys = f.Joints[1].RotationKeys[:2]
	})
	// Two copies of one file: nothing differs, and --tolerance 0 passes.
	d := diffJSON(t, 0, a, same, "--tolerance", "0")
	if d.MaxPosition != 0 || d.MaxRotationDeg != 0 || d.Worst.Bone != "" || len(d.UnmatchedA)+len(d.UnmatchedB) != 0 || len(d.Bones) != 3 {
		t.Errorf("identical: %+v", d)
	}
	// 1 s at 60 Hz is 61 times; the key times 0, 0.5 and 1 are on the grid.
	if d.Duration != 1 || d.Samples != 61 || len(d.Notes) != 0 {
		t.Errorf("identical: duration %v, %d samples, notes %q", d.Duration, d.Samples, d.Notes)
	}
	// The renamed joint is only in A and only in B, until the map pairs it.
	d = diffJSON(t, 0, a, renamed)
	if strings.Join(d.UnmatchedA, ",") != "hand" || strings.Join(d.UnmatchedB, ",") != "Palm" || len(d.Bones) != 2 {
		t.Errorf("renamed: only A %q, only B %q, %d bones", d.UnmatchedA, d.UnmatchedB, len(d.Bones))
	}
	for _, m := range []string{"HAND=Palm", "hand=palm,foo=bar"} {
		d = diffJSON(t, 0, a, renamed, "--map", m)
		if len(d.UnmatchedA)+len(d.UnmatchedB) != 0 || len(d.Bones) != 3 || d.Bones[2].NameB != "Palm" || d.MaxPosition != 0 {
			t.Errorf("--map %s: %+v", m, d)
		}
	}
	mapFile := filepath.Join(t.TempDir(), "m.map")
	os.WriteFile(mapFile, []byte("# A's names = B's\n\nhand = Palm  # renamed in 1.1\n"), 0o644)
	if d = diffJSON(t, 0, a, renamed, "--map", mapFile); len(d.Bones) != 3 {
		t.Errorf("--map FILE: %+v", d)
	}
	// The edited key: the arm turns 0.8 rad for 0.5 at 0.5 s, so the
	// hand, 1 unit out along the arm, is 2·sin(0.15) away then (the chord
	// of 0.3 rad), the arm's origin does not move, and it turns 0.3 rad.
	d = diffJSON(t, 1, a, edited, "--tolerance", "0.01")
	wantPos := 2 * math.Sin(0.15)
	if d.Worst.Bone != "hand" || d.Worst.Time != 0.5 || math.Abs(d.MaxPosition-wantPos) > 1e-5 {
		t.Errorf("edited: worst %+v, max %v (want %v)", d.Worst, d.MaxPosition, wantPos)
	}
	if arm := d.Bones[1]; arm.MaxPosition != 0 || math.Abs(arm.MaxRotationDeg-0.3*180/math.Pi) > 1e-3 || arm.Time != 0.5 {
		t.Errorf("edited: arm %+v", arm)
	}
	// The bind box runs from (0,0,0) to (0,2,0): size 2.
	if d.Size != 2 || math.Abs(d.MaxPositionRelative-wantPos/2) > 1e-6 {
		t.Errorf("edited: size %v, relative %v", d.Size, d.MaxPositionRelative)
	}
	if _, errs, code := runCLI(t, "diff", a, edited, "--tolerance", "0.2"); code != 0 {
		t.Errorf("under the tolerance: exit %d: %s", code, errs)
	}
	// Different lengths: compared over the shorter, and said.
	d = diffJSON(t, 0, a, shorter)
	if d.Duration != 0.5 || d.Samples != 31 || len(d.Notes) != 1 || !strings.Contains(d.Notes[0], "compared over the shorter, 0.5 s") {
		t.Errorf("shorter: duration %v, %d samples, notes %q, max %v", d.Duration, d.Samples, d.Notes, d.MaxPosition)
	}
	// The text form says the same.
	out, _, code := runCLI(t, "diff", a, edited)
	for _, want := range []string{`bone "hand" at 0.5 s`, "largest rotation difference: 17.19°", "hand"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("text lacks %q (exit %d):\n%s", want, code, out)
		}
	}
	// A LEGO Island actor's bind pose is a point: its size is taken at
	// the clip's start (the minifig's box is 2.77 units across).
	lego := "../../formats/lego/testdata/minifig_walk.ani"
	if d = diffJSON(t, 0, lego, lego, "--tolerance", "0"); math.Abs(d.Size-2.775) > 0.001 {
		t.Errorf("LEGO size %v", d.Size)
	}
	out, _, _ = runCLI(t, "diff", a, shorter)
	if !strings.Contains(out, "note: the clips differ in length") {
		t.Errorf("text:\n%s", out)
	}
}

// TestDiffUsage: usage errors exit 2, a file that fails exits 1.
func TestDiffUsage(t *testing.T) {
	a := walker(t, "a.ms3d", nil)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{a}, exitUsage, "diff needs two files"},
		{[]string{a, a, "--tolerance", "-1"}, exitUsage, "--tolerance -1"},
		{[]string{a, a, "--tolerance", "x"}, exitUsage, "invalid value"},
		{[]string{a, a, "--map", "a=b,=c"}, exitUsage, "pair 2"},
		{[]string{a, a, "--map", "/nonexistent.map"}, exitFailed, "--map"},
		{[]string{a, a, "--clip-b", "nope"}, exitFailed, "no clip \"nope\""},
		{[]string{a, "/nonexistent.ms3d"}, exitFailed, "nonexistent"},
	} {
		_, errs, code := runCLI(t, append([]string{"diff"}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, want %d; stderr %q", c.args, code, c.code, errs)
		}
	}
}
