package player

import (
	"math"
	"os"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/anm"
	"github.com/animview/animview/formats/ms3d"
	"github.com/go-gl/mathgl/mgl32"
)

// MilkShape models and ANM clips carry MilkShape's evaluation baked into
// common tracks (formats/ms3d bake.go). These tests play the baked clips
// with the common sampler and compare every bone's local matrix, densely
// over each clip, with ms3d.EvaluateJoint: MilkShape's EvaluateJoint
// written as MilkShape writes it (AngleMatrix, QuaternionSlerp, Hermite
// with SetupTangents, R_ConcatTransforms).

// milkshapeTol bounds the difference of matrix entries: the bake's Hermite
// bound (1e-6 of the model's size, here about 2e-5) plus float32 rounding
// of the two computations.
const milkshapeTol = 5e-5

func readMilkShape(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkAgainstMilkShape samples clip at n+1 times over its length (and
// beyond, for the holds) and compares each bone with want.
func checkAgainstMilkShape(t *testing.T, sk *formats.Skeleton, clip *formats.Clip, n int, want func(bone int, t float64) (mgl32.Mat4, bool)) {
	t.Helper()
	s := NewClipSampler(sk, clip)
	p := NewPose(sk)
	worst := 0.0
	for i := -2; i <= n+2; i++ {
		tm := clip.Duration * float64(i) / float64(n)
		s.Sample(tm, p)
		for b := range sk.Bones {
			w, ok := want(b, tm)
			if !ok {
				w = sk.Bones[b].Bind.Mat4()
			}
			got := p.Local[b].Mat4()
			for k := range got {
				d := math.Abs(float64(got[k] - w[k]))
				worst = math.Max(worst, d)
				if d > milkshapeTol {
					t.Fatalf("%s: bone %q at %.4f s: local\n%v\nMilkShape\n%v", clip.Name, sk.Bones[b].Name, tm, got, w)
				}
			}
		}
	}
	t.Logf("%s: largest difference %.3g", clip.Name, worst)
	// On every frame the baked track holds a sample of the curve itself.
	if clip.FrameRate > 0 {
		for fr := 0; float64(fr) <= clip.Duration*clip.FrameRate+1e-9; fr++ {
			tm := float64(fr) / clip.FrameRate
			s.Sample(tm, p)
			for b := range sk.Bones {
				w, ok := want(b, tm)
				if !ok {
					continue
				}
				got := p.Local[b].Mat4()
				for k := range got {
					if d := math.Abs(float64(got[k] - w[k])); d > milkshapeFrameTol {
						t.Fatalf("%s: bone %q at frame %d: entry %d differs by %.3g", clip.Name, sk.Bones[b].Name, fr, k, d)
					}
				}
			}
		}
	}
}

// milkshapeFrameTol bounds the difference on frames: float32 rounding of
// the two computations only.
const milkshapeFrameTol = 4e-6

// TestMilkShapeTimeline plays the arm model's whole timeline.
func TestMilkShapeTimeline(t *testing.T) {
	data := readMilkShape(t, "../formats/ms3d/testdata/arm_v4.ms3d")
	f, err := ms3d.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	a, err := ms3d.Load(&formats.Input{Name: "arm.ms3d", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	sk := a.Skeleton
	checkAgainstMilkShape(t, sk, a.Clips[0], 480, func(b int, tm float64) (mgl32.Mat4, bool) {
		j := &f.Joints[sk.Bones[b].ID]
		return ms3d.EvaluateJoint(j, j.RotationKeys, j.PositionKeys, float32(tm)).Mat4(), true
	})
}

// TestMilkShapeVectors plays the hand-worked vectors of
// docs/formats/milkshape-anm.md#evaluating-a-joint through the player: a rotated reference with a position key, two- and four-key
// Hermite, the shortest arc.
func TestMilkShapeVectors(t *testing.T) {
	f := &ms3d.File{AnimationFPS: 1, TotalFrames: 3, Joints: []ms3d.Joint{
		{Name: "ref", Position: [3]float32{1, 2, 3}, Rotation: [3]float32{0, 0, math.Pi / 2},
			PositionKeys: []ms3d.PositionKey{{Time: 0, Position: [3]float32{1, 0, 0}}}},
		{Name: "two", PositionKeys: []ms3d.PositionKey{{Time: 0}, {Time: 1, Position: [3]float32{10, 0, 0}}}},
		{Name: "four", PositionKeys: []ms3d.PositionKey{{Time: 0}, {Time: 1, Position: [3]float32{1, 0, 0}},
			{Time: 2, Position: [3]float32{3, 0, 0}}, {Time: 3, Position: [3]float32{6, 0, 0}}}},
		{Name: "arc", RotationKeys: []ms3d.RotationKey{{Time: 0}, {Time: 1, Rotation: [3]float32{0, 0, float32(350 * math.Pi / 180)}}}},
	}}
	a, err := f.Asset("vectors", ms3d.FormatMS3D, nil)
	if err != nil {
		t.Fatal(err)
	}
	sk := a.Skeleton
	s := NewClipSampler(sk, a.Clips[0])
	p := NewPose(sk)
	cos5, sin5 := float32(math.Cos(5*math.Pi/180)), float32(math.Sin(5*math.Pi/180))
	for _, tc := range []struct {
		bone  string
		t     float64
		trans mgl32.Vec3
		x     mgl32.Vec3 // the local rotation applied to +X
	}{
		{"ref", 1, mgl32.Vec3{1, 3, 3}, mgl32.Vec3{0, 1, 0}},
		{"two", 0.25, mgl32.Vec3{1.5625, 0, 0}, mgl32.Vec3{1, 0, 0}},
		{"two", 0.75, mgl32.Vec3{8.4375, 0, 0}, mgl32.Vec3{1, 0, 0}},
		{"four", 0.25, mgl32.Vec3{0.4375, 0, 0}, mgl32.Vec3{1, 0, 0}},
		{"four", 0.5, mgl32.Vec3{0.625, 0, 0}, mgl32.Vec3{1, 0, 0}},
		{"four", 1.5, mgl32.Vec3{1.875, 0, 0}, mgl32.Vec3{1, 0, 0}},
		{"four", 2.5, mgl32.Vec3{4.625, 0, 0}, mgl32.Vec3{1, 0, 0}},
		{"arc", 0.5, mgl32.Vec3{}, mgl32.Vec3{cos5, -sin5, 0}},
	} {
		s.Sample(tc.t, p)
		l := p.Local[sk.IndexByName(tc.bone)]
		if l.Translation.Sub(tc.trans).Len() > 1e-4 {
			t.Errorf("%s at %v: translation %v, want %v", tc.bone, tc.t, l.Translation, tc.trans)
		}
		if x := l.Rotation.Rotate(mgl32.Vec3{1, 0, 0}); x.Sub(tc.x).Len() > 1e-5 {
			t.Errorf("%s at %v: rotation·X %v, want %v", tc.bone, tc.t, x, tc.x)
		}
	}
}

// TestMilkShapeANM plays each clip of the ANM page's example
// (gillius.org/cg3/anmfile.htm) over Cylindro: bones of the set follow
// MilkShape's evaluation of the keys pulled from the range
// (docs/formats/milkshape-anm.md#frames-and-clips, tangents from the
// pulled keys too), bones outside stay at their reference.
func TestMilkShapeANM(t *testing.T) {
	model := readMilkShape(t, "../formats/anm/testdata/cylindro.ms3d")
	text := readMilkShape(t, "../formats/anm/testdata/cylindro.anm")
	f, err := ms3d.Parse(model)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{"cylindro.ms3d": {Data: model}}
	a, err := anm.Load(&formats.Input{Name: "cylindro.anm", Data: text, Siblings: formats.FSResolver{FS: fsys}})
	if err != nil {
		t.Fatal(err)
	}
	file, err := anm.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	sk := a.Skeleton
	ci := 0
	for _, set := range file.Sets {
		for _, an := range set.Anims {
			clip := a.Clips[ci]
			ci++
			lo, hi := an.Start-1e-3, an.End+1e-3
			in := func(tm float32) bool { return float64(tm)*anm.FPS >= lo && float64(tm)*anm.FPS <= hi }
			// The pulled keys and the clip's start, computed here
			// independently of the loader.
			rot := make([][]ms3d.RotationKey, len(sk.Bones))
			pos := make([][]ms3d.PositionKey, len(sk.Bones))
			start := math.Inf(1)
			for b, d := range clip.Drives {
				if !d {
					continue
				}
				j := &f.Joints[sk.Bones[b].ID]
				for _, k := range j.RotationKeys {
					if in(k.Time) {
						rot[b] = append(rot[b], k)
						start = math.Min(start, float64(k.Time))
					}
				}
				for _, k := range j.PositionKeys {
					if in(k.Time) {
						pos[b] = append(pos[b], k)
						start = math.Min(start, float64(k.Time))
					}
				}
			}
			for _, ev := range set.Events {
				if ev.Frame >= lo && ev.Frame <= hi {
					start = math.Min(start, ev.Frame/anm.FPS)
				}
			}
			for b := range rot {
				for k := range rot[b] {
					rot[b][k].Time -= float32(start)
				}
				for k := range pos[b] {
					pos[b][k].Time -= float32(start)
				}
			}
			checkAgainstMilkShape(t, sk, clip, 200, func(b int, tm float64) (mgl32.Mat4, bool) {
				if !clip.Drives[b] {
					return mgl32.Mat4{}, false
				}
				j := &f.Joints[sk.Bones[b].ID]
				return ms3d.EvaluateJoint(j, rot[b], pos[b], float32(tm)).Mat4(), true
			})
		}
	}
}

// loadCylindroRun opens the ANM page's example and returns its Legs/run clip,
// the one with the most keys.
func loadCylindroRun(tb testing.TB) (*formats.Skeleton, *formats.Clip) {
	tb.Helper()
	model, err := os.ReadFile("../formats/anm/testdata/cylindro.ms3d")
	if err != nil {
		tb.Fatal(err)
	}
	text, err := os.ReadFile("../formats/anm/testdata/cylindro.anm")
	if err != nil {
		tb.Fatal(err)
	}
	fsys := fstest.MapFS{"cylindro.ms3d": {Data: model}}
	a, err := anm.Load(&formats.Input{Name: "cylindro.anm", Data: text, Siblings: formats.FSResolver{FS: fsys}})
	if err != nil {
		tb.Fatal(err)
	}
	return a.Skeleton, a.Clips[len(a.Clips)-1]
}

// TestMilkShapeSampleAllocs checks that playing a baked MilkShape clip
// allocates nothing: the bake leaves only common tracks.
func TestMilkShapeSampleAllocs(t *testing.T) {
	sk, c := loadCylindroRun(t)
	s := NewClipSampler(sk, c)
	p := NewPose(sk)
	tm := 0.0
	if n := testing.AllocsPerRun(100, func() {
		tm += 1.0 / 60
		s.Sample(ClipTime(tm, c.Duration, true), p)
	}); n != 0 {
		t.Errorf("%v allocations per sample", n)
	}
}

// BenchmarkSampleMilkShape plays the Legs/run clip of the ANM page's example
// forward at 60 Hz, as the viewer does.
func BenchmarkSampleMilkShape(b *testing.B) {
	sk, c := loadCylindroRun(b)
	s := NewClipSampler(sk, c)
	p := NewPose(sk)
	b.ReportAllocs()
	b.ResetTimer()
	tm := 0.0
	for i := 0; i < b.N; i++ {
		tm += 1.0 / 60
		s.Sample(ClipTime(tm, c.Duration, true), p)
	}
}
