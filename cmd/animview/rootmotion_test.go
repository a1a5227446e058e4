package main

import (
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats/ms3d"
	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/report"
	"github.com/go-gl/mathgl/mgl32"
)

func infoReport(t *testing.T, args ...string) report.Info {
	t.Helper()
	out, errs, code := runCLI(t, append([]string{"info", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("info %v: exit %d: %s", args, code, errs)
	}
	var j report.Info
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	return j
}

// TestRootMotionWalk: the MilkShape walker's root is keyed from (0,0,0)
// to (2,0,0) over its second, so it travels 2 units along X; MilkShape's
// Hermite curve between two keys does not overshoot, so its path is 2
// long too.
func TestRootMotionWalk(t *testing.T) {
	j := infoReport(t, walker(t, "walk.ms3d", nil))
	r := j.Clips[0].RootMotion
	if r == nil || r.Bone != "root" || r.Displacement != [3]float64{2, 0, 0} || r.Distance != 2 ||
		math.Abs(r.PathLength-2) > 1e-5 || r.Samples != 61 || r.SampleRate != 60 || r.DeclaredDistance != nil {
		t.Errorf("root motion %+v", r)
	}
	out, _, _ := runCLI(t, "info", walker(t, "walk.ms3d", nil))
	if !strings.Contains(out, "root motion: root moves (2, 0, 0), 2 from start to end, along a path of 2\n") {
		t.Errorf("text:\n%s", out)
	}
}

// TestRootMotionSimsSkill: two skills of one .cmx, written by our
// writers, carry ROOT 3 units along Z over 31 frames; one declares that
// distance, the other declares 5 and is warned about (40% apart).
func TestRootMotionSimsSkill(t *testing.T) {
	dir := t.TempDir()
	const frames = 31
	trans := make([]mgl32.Vec3, frames)
	for i := range trans {
		trans[i] = mgl32.Vec3{0, 3, 3 * float32(i) / (frames - 1)}
	}
	skill := func(name string, dist float32) sims.Animation {
		writeFile(t, filepath.Join(dir, name+".cfp"), sims.EncodeCFP(trans, nil))
		return sims.Animation{Name: name, XSkillName: name, Duration: 1000, Distance: dist, IsMoving: 1,
			TranslationCount: frames, Motions: []sims.Motion{{BoneName: "ROOT", FrameCount: frames,
				HasTranslation: true, HasProps: true, HasTimeProps: true}}}
	}
	sk := *simsTPose()
	sk.Version = 0
	cmx, err := sims.EncodeCMX(&sims.CharacterFile{Version: 300, Skeletons: []sims.Skeleton{sk},
		Skills: []sims.Animation{skill("a2o-walk", 3), skill("a2o-walk-wrong", 5)}})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "walks.cmx")
	writeFile(t, p, cmx)
	j := infoReport(t, p)
	if len(j.Clips) != 2 {
		t.Fatalf("%d clips", len(j.Clips))
	}
	for i, want := range []float64{3, 5} {
		r := j.Clips[i].RootMotion
		if r == nil || r.Bone != "ROOT" || math.Abs(r.Displacement[2]-3) > 1e-6 || r.Displacement[0] != 0 || r.Displacement[1] != 0 ||
			r.DeclaredDistance == nil || *r.DeclaredDistance != want || math.Abs(r.PathLength-3) > 1e-5 {
			t.Errorf("clip %d: %+v", i, r)
		}
	}
	var warned []string
	for _, w := range j.Warnings {
		if strings.Contains(w, "declares a distance") {
			warned = append(warned, w)
		}
	}
	if len(warned) != 1 || !strings.Contains(warned[0], `clip "a2o-walk-wrong": the file declares a distance of 5, but ROOT moves 3 (40% apart)`) {
		t.Errorf("warnings %q", j.Warnings)
	}
	out, _, _ := runCLI(t, "info", p)
	if !strings.Contains(out, "along a path of 3; the file declares 5\n") {
		t.Errorf("text:\n%s", out)
	}
}

// TestRootMotionRule: the root is the topmost bone whose own translation
// changes. The LEGO Island minifig walks 1.2 units along Z under its scene
// node; the far scene's actors stand in place (only their limbs turn), so
// it is measured on the first root and travels nothing; a MilkShape clip
// whose root is not keyed, only the arm turning, travels nothing either
// though the hand moves.
func TestRootMotionRule(t *testing.T) {
	inPlace := walker(t, "in-place.ms3d", func(f *ms3d.File) { f.Joints[0].PositionKeys = nil })
	for _, c := range []struct {
		file, bone string
		dist       float64
	}{
		{"../../formats/lego/testdata/minifig_walk.ani", "minifig", 1.2},
		{"../../formats/lego/testdata/scene_far.ani", "-FAR_SCENE", 0},
		{inPlace, "root", 0},
	} {
		r := infoReport(t, c.file).Clips[0].RootMotion
		if r == nil || r.Bone != c.bone || math.Abs(r.Distance-c.dist) > 1e-6 {
			t.Errorf("%s: %+v, want %s moving %v", filepath.Base(c.file), r, c.bone, c.dist)
		}
	}
}
