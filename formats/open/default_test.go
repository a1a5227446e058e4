package open

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/formats/sims/simstest"
)

// TestDefaultClipOfSkills opens a skill file whose first two skills have
// no .cfp beside it (simstest.WalkSkills): they have no keys, and the
// file's namesake, third, is the default.
func TestDefaultClipOfSkills(t *testing.T) {
	b, err := os.ReadFile("../sims/testdata/tso/a2o-skeledeco-scare-to-idle.9ff6db5c00000007.anim")
	if err != nil {
		t.Fatal(err)
	}
	anim, err := sims.ParseAnim(b)
	if err != nil {
		t.Fatal(err)
	}
	files, err := simstest.WalkSkills(anim)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for n, b := range files {
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "ross-walking-loop.cmx")
	a, err := Path(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var keys []bool
	for _, c := range a.Clips {
		keys = append(keys, c.HasKeys())
	}
	if len(a.Clips) != 3 || keys[0] || keys[1] || !keys[2] {
		t.Fatalf("%d clips, with keys %v; want 3, the third only", len(a.Clips), keys)
	}
	if i := a.DefaultClip(path); i != 2 || a.Clips[i].Name != "a2o-ross-walking-loop" {
		t.Errorf("default clip %d, want 2 (a2o-ross-walking-loop)", i)
	}
	if !strings.Contains(strings.Join(a.Warnings, "\n"), "a2o-walking-start") {
		t.Errorf("no warning names the skill without its .cfp: %q", a.Warnings)
	}
}
