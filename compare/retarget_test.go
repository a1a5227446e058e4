package compare

import (
	"math"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/ms3d"
	"github.com/animview/animview/formats/ms3d/ms3dtest"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// walker is ms3dtest's walker with bones of k and its joints renamed by
// rename.
func walker(t testing.TB, k float32, rename map[string]string) *formats.Asset {
	t.Helper()
	return ms3dtest.Walker{Bone: k, Distance: 2, ArmTurn: 0.5, Names: rename}.Asset(t, "walker")
}

// TestRetargetSameRig: the same rig on itself is the source's own pose,
// bit for bit, at key times and between them.
func TestRetargetSameRig(t *testing.T) {
	a, b := walker(t, 1, nil), walker(t, 1, nil)
	rt := NewRetarget(a.Skeleton, a.Clips[0], b.Skeleton, RetargetOptions{})
	own := player.NewClipSampler(a.Skeleton, a.Clips[0])
	p, q := player.NewPose(b.Skeleton), player.NewPose(a.Skeleton)
	if rt.Scale() != 1 || len(rt.Unmatched()) != 0 || rt.Duration() != 1 {
		t.Errorf("scale %v, unmatched %q, duration %v", rt.Scale(), rt.Unmatched(), rt.Duration())
	}
	for _, tm := range []float64{0, 0.13, 0.5, 0.77, 1} {
		rt.Sample(tm, p)
		own.Sample(tm, q)
		for i := range p.Local {
			if p.Local[i] != q.Local[i] {
				t.Errorf("t %v bone %d: %v, want %v", tm, i, p.Local[i], q.Local[i])
			}
		}
	}
	if n := testing.AllocsPerRun(10, func() { rt.Sample(0.3, p) }); n != 0 {
		t.Errorf("Sample allocates %v times", n)
	}
}

// TestRetargetOtherBinds: two skeletons sharing bone names with other
// binds. The target is the walker at twice the size with its arm's bind
// turned 90° about Y: each bone's model-space turn from its bind is the
// source's (within 1e-5°), the root travels twice as far (the height
// ratio, from the root's height above the lowest joint), and the unpaired
// hand of a renamed target keeps its bind and is listed.
func TestRetargetOtherBinds(t *testing.T) {
	src := walker(t, 1, nil)
	dst := walker(t, 2, map[string]string{"hand": "Palm"})
	dst.Skeleton.Bones[1].Bind.Rotation = quatOfMat(mat3{{0, 0, 1}, {0, 1, 0}, {-1, 0, 0}})
	rt := NewRetarget(src.Skeleton, src.Clips[0], dst.Skeleton, RetargetOptions{})
	if rt.SourceRoot() != "root" || rt.Scale() != 2 || len(rt.Unmatched()) != 1 || rt.Unmatched()[0] != "Palm" {
		t.Fatalf("root %q scale %v unmatched %q", rt.SourceRoot(), rt.Scale(), rt.Unmatched())
	}
	sp, tp := player.NewPose(src.Skeleton), player.NewPose(dst.Skeleton)
	own := player.NewClipSampler(src.Skeleton, src.Clips[0])
	sbw, tbw := bindRotations(src.Skeleton), bindRotations(dst.Skeleton)
	for _, tm := range []float64{0, 0.25, 0.5, 1} {
		own.Sample(tm, sp)
		rt.Sample(tm, tp)
		sw, tw := rotations(src.Skeleton, sp), rotations(dst.Skeleton, tp)
		for i := 0; i < 2; i++ {
			sbt, tbt := sbw[i].t(), tbw[i].t()
			ds, dt := sw[i].mul(&sbt), tw[i].mul(&tbt)
			if d := angleBetween(&ds, &dt); d > 1e-5 {
				t.Errorf("t %v bone %d: turns differ by %v°", tm, i, d)
			}
		}
		// The root: bind (0,2,0) plus twice the source's offset.
		want := 2 * (sp.Local[0].Translation[0] - src.Skeleton.Bones[0].Bind.Translation[0])
		if got := tp.Local[0].Translation; math.Abs(float64(got[0]-want)) > 1e-5 || got[1] != 2 {
			t.Errorf("t %v: root at %v, want x %v", tm, got, want)
		}
		if tp.Local[2] != dst.Skeleton.Bones[2].Bind {
			t.Errorf("t %v: the unpaired Palm moved: %v", tm, tp.Local[2])
		}
	}
}

func rotations(sk *formats.Skeleton, p *player.Pose) []mat3 {
	out := make([]mat3, len(sk.Bones))
	for i, b := range sk.Bones {
		l := quatMat(p.Local[i].Rotation)
		if b.Parent >= 0 {
			out[i] = out[b.Parent].mul(&l)
		} else {
			out[i] = l
		}
	}
	return out
}

func quatOfMat(m mat3) mgl32.Quat { return matQuat(&m) }

// angleBetween is the angle in degrees between two rotations.
func angleBetween(a, b *mat3) float64 {
	at := a.t()
	r := at.mul(b)
	c := (r[0][0] + r[1][1] + r[2][2] - 1) / 2
	return math.Acos(math.Max(-1, math.Min(1, c))) * 180 / math.Pi
}

// TestDiffAllocations: Diff's allocations are its setup's: a clip ten
// times as long (ten times the samples) allocates as often.
func TestDiffAllocations(t *testing.T) {
	count := func(frames int32) float64 {
		f := &ms3d.File{Header: ms3d.Header{ID: ms3d.Magic, Version: 4}, AnimationFPS: 24, TotalFrames: frames,
			Joints: []ms3d.Joint{{Name: "root", PositionKeys: []ms3d.PositionKey{{Time: 0}, {Time: 1, Position: [3]float32{2, 0, 0}}}},
				{Name: "arm", ParentName: "root", Position: [3]float32{0, 1, 0}}}}
		b, _ := f.Encode()
		pf, err := ms3d.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		a, err := pf.Asset("w", ms3d.FormatMS3D, nil)
		if err != nil {
			t.Fatal(err)
		}
		c := Clip{Skeleton: a.Skeleton, Clip: a.Clips[0]}
		return testing.AllocsPerRun(5, func() { Diff(c, c, nil) })
	}
	if short, long := count(24), count(240); short != long {
		t.Errorf("1 s: %v allocations, 10 s: %v", short, long)
	}
}

// BenchmarkDiff compares the walker with itself: 61 times, 3 bones.
func BenchmarkDiff(b *testing.B) {
	a := walker(b, 1, nil)
	c := Clip{Skeleton: a.Skeleton, Clip: a.Clips[0]}
	b.ReportAllocs()
	for b.Loop() {
		Diff(c, c, nil)
	}
}
