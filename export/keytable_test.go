package export

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats/ms3d"
)

// TestKeyTable prints the README's table of key counts (with -v): for
// each of the project's fixtures, the FreeSO clips and the LEGO Island
// samples, and any further files listed in ANIMVIEW_KEYS_FILES
// (separated by the OS's list separator; public MilkShape models, say),
// the source's key times and the export's keys over every channel. A
// MilkShape file's source keys are the file's own rotation and position
// keys (the loader's knots add the curve's turns). It checks the target
// of issue 32 on the fixtures that have more than a hundred source keys:
// at most 1.5 times the source's keys.
func TestKeyTable(t *testing.T) {
	paths := []string{"../formats/prime/testdata/1A2B3C4D.ANIM", "../formats/lego/testdata/minifig_walk.ani",
		"../formats/ms3d/testdata/arm_v4.ms3d", "../formats/anm/testdata/cylindro.anm"}
	tso, _ := filepath.Glob("../formats/sims/testdata/tso/*.anim")
	paths = append(paths, tso...)
	if extra := os.Getenv("ANIMVIEW_KEYS_FILES"); extra != "" {
		paths = append(paths, filepath.SplitList(extra)...)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "| file | source keys | exported keys | ratio | keys of the channels that change | ratio |\n|---|---:|---:|---:|---:|---:|\n")
	for _, p := range paths {
		a := load(t, p, "")
		takes := allTakes(a)
		doc, err := Build(a, takes)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		src, out, moving := 0, 0, 0
		for _, s := range KeyStats(takes, doc) {
			src, out, moving = src+s.Source, out+s.Output, moving+s.Output-2*s.Constant
		}
		if strings.HasSuffix(strings.ToLower(p), ".ms3d") {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			f, err := ms3d.ParseAny(data)
			if err != nil {
				t.Fatal(err)
			}
			src = 0
			for _, j := range f.Joints {
				src += len(j.RotationKeys) + len(j.PositionKeys)
			}
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %.2f | %d | %.2f |\n", filepath.Base(p), src, out, float64(out)/float64(max(src, 1)),
			moving, float64(moving)/float64(max(src, 1)))
		if src > 100 && float64(out) > 1.5*float64(src) {
			t.Errorf("%s: %d exported keys for %d source keys, more than 1.5 times", p, out, src)
		}
	}
	t.Log("\n" + b.String())
}
