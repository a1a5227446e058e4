package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats/cuts"
)

// armCopy copies the MilkShape fixture (one 2 s Timeline at 24 fps) into
// a folder of its own, so that its sidecar is the test's.
func armCopy(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "arm.ms3d")
	copyFile(t, "../../formats/ms3d/testdata/arm_v4.ms3d", p)
	return p
}

func TestExportSplit(t *testing.T) {
	arm := armCopy(t)
	out := filepath.Join(t.TempDir(), "cuts.glb")
	_, errs, code := runCLI(t, "export", arm, "--split", "walk=0-1.2,attack=f29-f48", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	doc := decodeGLTF(t, out)
	want := map[string]float64{"walk": 1.2, "attack": 48.0/24 - 29.0/24}
	if len(doc.Animations) != len(want) {
		t.Fatalf("%d animations, want %d", len(doc.Animations), len(want))
	}
	for _, an := range doc.Animations {
		end := 0.0
		for _, s := range an.Samplers {
			end = math.Max(end, float64(doc.Accessors[s.Input].Max[0]))
		}
		if d, ok := want[an.Name]; !ok || math.Abs(end-d) > 1e-6 {
			t.Errorf("animation %q ends at %v, want %v", an.Name, end, d)
		}
	}
	// The game's file is untouched and no sidecar is written.
	if _, err := os.Stat(cuts.SidecarPath(arm)); err == nil {
		t.Error("--split wrote a sidecar")
	}
}

// TestSplitBadSpec: a spec that does not parse is a usage error (exit 2),
// before the file is read; a range that does not fit the clip is an error
// naming the range (exit 1).
func TestSplitBadSpec(t *testing.T) {
	arm := armCopy(t)
	out := filepath.Join(t.TempDir(), "x.glb")
	for _, tc := range []struct {
		args  []string
		want  string
		usage bool // a usage error: exit 2
	}{
		{[]string{"export", arm, "-o", out, "--split", "walk"}, "want NAME=FROM-TO", true},
		{[]string{"export", arm, "-o", out, "--split", "walk=0-x"}, `"x" is not a time`, true},
		{[]string{"pose", "--json", arm, "--time", "0", "--split", "a=0-1,a=1-2"}, "given twice", true},
		{[]string{"export", "nofile.ms3d", "-o", out, "--split", "=0-1"}, "empty name", true},
		{[]string{"export", arm, "-o", out, "--split", "walk=0-3"}, "past the end", false},
		{[]string{"export", arm, "-o", out, "--split", "walk=1-0.5"}, "reversed", false},
		{[]string{"export", arm, "-o", out, "--split", "walk=1-1"}, "empty", false},
		{[]string{"export", arm, "-o", out, "--split", "Timeline=0-1"}, "already has a clip", false},
		{[]string{"export", filepath.Dir(arm), "-o", t.TempDir(), "--split", "a=0-1"}, "needs -o FILE.glb", true},
	} {
		_, errs, code := runCLI(t, tc.args...)
		if code == 0 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want an error with %q", tc.args, code, errs, tc.want)
		}
		if want := map[bool]int{true: exitUsage, false: exitFailed}[tc.usage]; code != want {
			t.Errorf("%v: exit %d, want %d:\n%s", tc.args, code, want, errs)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed --split wrote the output")
	}
}

// TestPoseCut: pose accepts a cut's name as a clip, and the pose of a cut
// at t is the source's at from+t; the cuts of a sidecar are there too,
// and --split adds to them.
func TestPoseCut(t *testing.T) {
	arm := armCopy(t)
	if err := cuts.Save(arm, []cuts.Cut{{Name: "kept", Clip: "Timeline", From: 0.5, To: 1.5}}); err != nil {
		t.Fatal(err)
	}
	pose := func(args ...string) string {
		t.Helper()
		out, errs, code := runCLI(t, append([]string{"pose", "--json", arm}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var j struct {
			Bones json.RawMessage `json:"bones"`
		}
		if err := json.Unmarshal([]byte(out), &j); err != nil || len(j.Bones) == 0 {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		return string(j.Bones)
	}
	src := pose("--time", "0.75")
	if got := pose("--clip", "kept", "--time", "0.25"); got != src {
		t.Errorf("sidecar cut at 0.25 s:\n%s\nsource at 0.75 s:\n%s", got, src)
	}
	if got := pose("--split", "walk=0.5-1", "--clip", "walk", "--time", "0.25"); got != src {
		t.Errorf("--split cut at 0.25 s differs from the source at 0.75 s")
	}
	if got := pose("--split", "walk=f12-f24", "--clip", "walk", "--time", "0.25"); got != src {
		t.Errorf("--split cut in frames differs from the source")
	}
	out, _, _ := runCLI(t, "list", arm, "--split", "walk=0-1")
	if out != "Timeline\tclip\nkept\tclip\nwalk\tclip\n" {
		t.Errorf("list:\n%s", out)
	}
}

// TestBrokenSidecar: a sidecar that does not parse is a warning; the
// file opens, and the sidecar is left as it was.
func TestBrokenSidecar(t *testing.T) {
	arm := armCopy(t)
	broken := []byte(`{"schema": "animview.cuts/1", "cuts": [{"name": "walk",`)
	if err := os.WriteFile(cuts.SidecarPath(arm), broken, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCLI(t, "info", arm)
	if code != 0 || !strings.Contains(out, "cuts sidecar") || !strings.Contains(out, "unexpected EOF") {
		t.Errorf("info: exit %d, %s\n%s", code, errs, out)
	}
	glb := filepath.Join(t.TempDir(), "x.glb")
	_, errs, code = runCLI(t, "export", arm, "-o", glb)
	if code != 0 || !strings.Contains(errs, "warning: cuts sidecar") {
		t.Errorf("export: exit %d, %q", code, errs)
	}
	if b, _ := os.ReadFile(cuts.SidecarPath(arm)); string(b) != string(broken) {
		t.Error("the broken sidecar changed")
	}
}
