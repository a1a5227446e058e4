package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/compare"
	"github.com/animview/animview/formats/ms3d"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// simsSkillFile writes walks.cmx (the T-pose skeleton and a skill that
// walks ROOT 3 units along Z while L_ARM and R_LEG turn) with its .cfp,
// by our writers, and returns its path.
func simsSkillFile(t *testing.T, dir string) string {
	t.Helper()
	const frames = 31
	var trans []mgl32.Vec3
	var rots []sims.FileQuat
	for i := 0; i < frames; i++ {
		trans = append(trans, mgl32.Vec3{0, 3, 3 * float32(i) / (frames - 1)})
	}
	turn := func(axis mgl32.Vec3, most float64) {
		for i := 0; i < frames; i++ {
			q := mgl32.QuatRotate(float32(most*math.Sin(math.Pi*float64(i)/(frames-1))), axis)
			rots = append(rots, sims.FileQuat{q.V[0], q.V[1], q.V[2], q.W})
		}
	}
	turn(mgl32.Vec3{0, 0, 1}, 1.2)
	turn(mgl32.Vec3{1, 0, 0}, 0.7)
	writeFile(t, filepath.Join(dir, "a2o-walk.cfp"), sims.EncodeCFP(trans, rots))
	sk := *simsTPose()
	sk.Version = 0
	cmx, err := sims.EncodeCMX(&sims.CharacterFile{Version: 300, Skeletons: []sims.Skeleton{sk},
		Skills: []sims.Animation{{Name: "a2o-walk", XSkillName: "a2o-walk", Duration: 1000, Distance: 3, IsMoving: 1,
			TranslationCount: frames, RotationCount: 2 * frames, Motions: []sims.Motion{
				{BoneName: "ROOT", FrameCount: frames, HasTranslation: true, HasProps: true, HasTimeProps: true},
				{BoneName: "L_ARM", FrameCount: frames, HasRotation: true, HasProps: true, HasTimeProps: true},
				{BoneName: "R_LEG", FrameCount: frames, HasRotation: true, FirstRotation: frames, HasProps: true, HasTimeProps: true},
			}}}})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "walks.cmx")
	writeFile(t, p, cmx)
	return p
}

// bip01Biped writes a MilkShape model of the same T-pose as simsTPose,
// its joints named in the Bip01 style by maps/sims-adult-to-bip01.map
// and mirrored into MilkShape's right-handed axes (z negated), each
// length times k.
func bip01Biped(t *testing.T, dir string, k float32) string {
	t.Helper()
	f, err := os.Open("../../maps/sims-adult-to-bip01.map")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := compare.ReadMap(f, "sims-adult-to-bip01.map")
	if err != nil {
		t.Fatal(err)
	}
	out := &ms3d.File{Header: ms3d.Header{ID: ms3d.Magic, Version: 4}, AnimationFPS: 30, TotalFrames: 1}
	for _, b := range simsTPose().Bones {
		j := ms3d.Joint{Name: m[b.Name], Position: [3]float32{k * b.Translation[0], k * b.Translation[1], -k * b.Translation[2]}}
		if b.Parent != "NULL" {
			j.ParentName = m[b.Parent]
		}
		if j.Name == "" {
			t.Fatalf("the map has no %s", b.Name)
		}
		out.Joints = append(out.Joints, j)
	}
	b, err := out.Encode()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "bip.ms3d")
	writeFile(t, p, b)
	return p
}

type worldPose struct {
	Clip  string `json:"clip"`
	Bones []struct {
		Name  string `json:"name"`
		World struct {
			Translation [3]float64 `json:"translation"`
		} `json:"world"`
		Local struct {
			Translation [3]float64 `json:"translation"`
			Rotation    [4]float64 `json:"rotation"`
		} `json:"local"`
	} `json:"bones"`
}

func poseOf(t *testing.T, args ...string) (worldPose, string) {
	t.Helper()
	out, errs, code := runCLI(t, append([]string{"pose", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("pose %v: exit %d: %s", args, code, errs)
	}
	var p worldPose
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatal(err)
	}
	return p, errs
}

// TestMotionSimsOntoBip01: a Sims skill plays on a MilkShape biped of the
// same T-pose, named in the Bip01 style, through the shipped map. The two
// files' axes differ by a mirror of Z (The Sims is left-handed), so every
// joint of the biped stands where the Sims bone it pairs with stands, z
// negated; twice as tall a biped walks twice as far. Without the map no
// bone pairs and all keep their bind pose, with a warning.
func TestMotionSimsOntoBip01(t *testing.T) {
	dir := t.TempDir()
	skill := simsSkillFile(t, dir)
	mapFile := "../../maps/sims-adult-to-bip01.map"
	for _, k := range []float64{1, 2} {
		bip := bip01Biped(t, t.TempDir(), float32(k))
		for _, tm := range []string{"0", "0.25", "0.5", "0.8"} {
			src, _ := poseOf(t, skill, "--time", tm)
			dst, errs := poseOf(t, bip, "--motion", skill, "--map", mapFile, "--time", tm)
			if errs != "" || dst.Clip != "a2o-walk" || len(dst.Bones) != len(src.Bones) {
				t.Fatalf("k %v t %s: clip %q, %d bones, stderr %q", k, tm, dst.Clip, len(dst.Bones), errs)
			}
			for i, b := range src.Bones {
				// The root's travel scales with the height (the
				// hips above the toes), the figure with the size.
				w := b.World.Translation
				want := [3]float64{k * w[0], k * w[1], -k * w[2]}
				got := dst.Bones[i].World.Translation
				for c := 0; c < 3; c++ {
					if math.Abs(got[c]-want[c]) > 1e-4 {
						t.Errorf("k %v t %s: %s (%s) at %v, want %v", k, tm, dst.Bones[i].Name, b.Name, got, want)
						break
					}
				}
			}
		}
	}
	bip := bip01Biped(t, t.TempDir(), 1)
	_, errs := poseOf(t, bip, "--motion", skill, "--time", "0.5")
	if !strings.Contains(errs, "warning: --motion: 14 of 14 bones have no bone of the same name") || !strings.Contains(errs, "Bip01 L Clavicle") {
		t.Errorf("stderr %q", errs)
	}
}

// TestMotionSameRig: a file's own clip through --motion is its own pose,
// bit for bit, on pose; render and export take it too; --map alone is a
// usage error.
func TestMotionSameRig(t *testing.T) {
	a := walker(t, "a.ms3d", nil)
	for _, tm := range []string{"0", "0.3", "0.5", "1"} {
		own, _ := poseOf(t, a, "--time", tm)
		via, errs := poseOf(t, a, "--motion", walker(t, "b.ms3d", nil), "--time", tm)
		if errs != "" {
			t.Errorf("stderr %q", errs)
		}
		for i := range own.Bones {
			if own.Bones[i].Local != via.Bones[i].Local || own.Bones[i].World != via.Bones[i].World {
				t.Errorf("t %s bone %s: %+v, want %+v", tm, own.Bones[i].Name, via.Bones[i], own.Bones[i])
			}
		}
	}
	dir := t.TempDir()
	for _, c := range [][]string{
		{"render", a, "--motion", a, "-o", filepath.Join(dir, "m.png"), "--time", "0.5"},
		{"render", a, "--motion", a, "-o", filepath.Join(dir, "m.gif"), "--fps", "10"},
		{"export", a, "--motion", a, "-o", filepath.Join(dir, "m.glb")},
	} {
		out, errs, code := runCLI(t, c...)
		if code != 0 || !strings.HasPrefix(out, "wrote ") {
			t.Errorf("%v: exit %d: %s%s", c, code, out, errs)
		}
	}
	if _, errs, code := runCLI(t, "pose", "--json", a, "--map", "a=b", "--time", "0"); code != exitUsage || !strings.Contains(errs, "--map needs --motion") {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// TestMotionOpener: the window's --motion opens the file with the
// motion's clip baked in as its last clip, named for the window's --clip,
// whose pose at the clip's sampled times is the retarget's (the baked keys
// are its samples), and later files as they are.
func TestMotionOpener(t *testing.T) {
	a := walker(t, "a.ms3d", nil)
	edited := walker(t, "edited.ms3d", func(f *ms3d.File) {
		f.Joints[1].RotationKeys[1].Rotation[2] = 0.8
		f.Joints[2].Name = "Palm"
	})
	mf := motionFlags{file: edited, mapArg: "Palm=hand"}
	src, err := mf.source("")
	if err != nil {
		t.Fatal(err)
	}
	if src.bakedName() != "Timeline (--motion edited.ms3d)" {
		t.Errorf("name %q", src.bakedName())
	}
	var warn strings.Builder
	opener := motionOpener(a, open.Options{}, src, &warn)
	got, err := opener(a)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Clips) != 2 || got.Clips[1].Name != src.bakedName() || warn.Len() != 0 {
		t.Fatalf("%d clips, last %q, warning %q", len(got.Clips), got.Clips[len(got.Clips)-1].Name, warn.String())
	}
	if err := got.Clips[1].Validate(len(got.Skeleton.Bones)); err != nil {
		t.Fatal(err)
	}
	rt := src.onto(got, &warn).rt
	baked := player.NewClipSampler(got.Skeleton, got.Clips[1])
	p, q := player.NewPose(got.Skeleton), player.NewPose(got.Skeleton)
	for _, tm := range []float64{0, 0.25, 0.5, 1} {
		baked.Sample(tm, p)
		rt.Sample(tm, q)
		for i := range p.Local {
			if p.Local[i] != q.Local[i] {
				t.Errorf("t %v bone %d: baked %v, retarget %v", tm, i, p.Local[i], q.Local[i])
			}
		}
	}
	// A file opened later is opened as it is.
	if again, err := opener(a); err != nil || len(again.Clips) != 1 {
		t.Errorf("later: %v, %d clips", err, len(again.Clips))
	}
}
