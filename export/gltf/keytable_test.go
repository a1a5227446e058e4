package gltf

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
// the source's key times, the default export's keys over every channel
// (ForGLTF), those of the channels that change (without the one key of
// each channel that holds, which every bone gets so that switching
// animations leaves none where the last put it), and the keys of the
// export for Blender (ForBlender). A MilkShape file's source keys are
// the file's own rotation and position keys (the loader's knots add the
// curve's turns). It checks the target of issue 32 on the default export
// of every file: at most 1.5 times the source's keys.
func TestKeyTable(t *testing.T) {
	paths := []string{"../../formats/prime/testdata/1A2B3C4D.ANIM", "../../formats/lego/testdata/minifig_walk.ani",
		"../../formats/ms3d/testdata/arm_v4.ms3d", "../../formats/anm/testdata/cylindro.anm"}
	tso, _ := filepath.Glob("../../formats/sims/testdata/tso/*.anim")
	paths = append(paths, tso...)
	if extra := os.Getenv("ANIMVIEW_KEYS_FILES"); extra != "" {
		paths = append(paths, filepath.SplitList(extra)...)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "| file | source keys | exported keys | ratio | keys of the channels that change | ratio | `--for blender` keys | ratio |\n|---|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, p := range paths {
		a := load(t, p, "")
		var out, moving [2]int
		src := 0
		for k, target := range []Target{ForGLTF, ForBlender} {
			takes := takesFor(a, target)
			doc, err := Build(a, takes)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			src = 0
			for _, s := range KeyStats(takes, doc) {
				src, out[k] = src+s.Source, out[k]+s.Output
			}
			moving[k] = out[k]
			for _, an := range doc.Animations {
				for _, s := range an.Samplers {
					switch n := int(doc.Accessors[s.Input].Count); {
					case n == 1:
						moving[k]--
					case n == 2 && isConstant(doc, s.Output):
						moving[k] -= 2
					}
				}
			}
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
		r := func(n int) float64 { return float64(n) / float64(max(src, 1)) }
		fmt.Fprintf(&b, "| %s | %d | %d | %.2f | %d | %.2f | %d | %.2f |\n", filepath.Base(p), src, out[0], r(out[0]),
			moving[0], r(moving[0]), out[1], r(out[1]))
		if src > 0 && float64(out[0]) > 1.5*float64(src) {
			t.Errorf("%s: %d exported keys for %d source keys, more than 1.5 times", p, out[0], src)
		}
	}
	t.Log("\n" + b.String())
}
