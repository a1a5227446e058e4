package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/formats/sims/simstest"
)

// writeWalkSkills writes simstest.WalkSkills (ross-walking-loop.cmx: two
// skills without their .cfp, then the file's namesake with its keys) into
// a new folder and returns the .cmx's path.
func writeWalkSkills(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../formats/sims/testdata/tso/a2o-skeledeco-scare-to-idle.9ff6db5c00000007.anim")
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
		writeFile(t, filepath.Join(dir, n), b)
	}
	return filepath.Join(dir, "ross-walking-loop.cmx")
}

// TestSkillsDefaultClipCLI: render and pose open a skill file on the
// clip the window opens on, the file's namesake with keys, not the first
// skill, whose .cfp is absent; export leaves the clips without keys out
// and says so (issue 33 item 6).
func TestSkillsDefaultClipCLI(t *testing.T) {
	cmx := writeWalkSkills(t)
	dir := t.TempDir()
	renderTo := func(name string, args ...string) []byte {
		out := filepath.Join(dir, name)
		_, errs, code := runCLI(t, append([]string{"render", cmx, "-o", out, "--size", "160x120", "--time", "0.4"}, args...)...)
		if code != 0 {
			t.Fatalf("render %v: exit %d\n%s", args, code, errs)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	def, named, first := renderTo("default.png"), renderTo("named.png", "--clip", "a2o-ross-walking-loop"), renderTo("first.png", "--clip", "0")
	if !bytes.Equal(def, named) {
		t.Error("render without --clip does not draw the file's namesake, a2o-ross-walking-loop")
	}
	if bytes.Equal(named, first) {
		t.Error("the namesake draws as the first skill (its bind pose): the fixture does not test the default")
	}
	if js, errs, code := runCLI(t, "pose", "--json", cmx, "--time", "0.4"); code != 0 || !strings.Contains(js, `"clip": "a2o-ross-walking-loop"`) {
		t.Errorf("pose does not open on a2o-ross-walking-loop: exit %d %s\n%.200s", code, errs, js)
	}

	out := filepath.Join(dir, "all.glb")
	_, errs, code := runCLI(t, "export", cmx, "-o", out)
	if code != 0 {
		t.Fatalf("export: exit %d\n%s", code, errs)
	}
	doc := decodeGLTF(t, out)
	if len(doc.Animations) != 1 || doc.Animations[0].Name != "a2o-ross-walking-loop" {
		var names []string
		for _, an := range doc.Animations {
			names = append(names, an.Name)
		}
		t.Errorf("export wrote animations %q; want the one with keys, a2o-ross-walking-loop", names)
	}
	for _, skipped := range []string{"a2o-walking-start", "a2o-walking-stop"} {
		if !strings.Contains(errs, `"`+skipped+`" has no keys`) {
			t.Errorf("export does not say it left %s out:\n%s", skipped, errs)
		}
	}
	// --clip still exports a clip without keys (its bind pose).
	out = filepath.Join(dir, "start.glb")
	if _, errs, code := runCLI(t, "export", cmx, "--clip", "a2o-walking-start", "-o", out); code != 0 {
		t.Fatalf("export --clip: exit %d\n%s", code, errs)
	}
	if doc := decodeGLTF(t, out); len(doc.Animations) != 1 {
		t.Errorf("export --clip a2o-walking-start wrote %d animations", len(doc.Animations))
	}
}
