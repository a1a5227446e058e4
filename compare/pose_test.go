package compare

import (
	"math"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/ms3d/ms3dtest"
	"github.com/animview/animview/player"
)

// editedWalker is walker's figure (k 1) with the arm's key at 0.5 s
// turned to z instead of 0.5 rad, and rename applied: the second version
// of a model that issue 31's compare view opens over the first.
func editedWalker(t testing.TB, z float32, rename map[string]string) *formats.Asset {
	t.Helper()
	return ms3dtest.Walker{Bone: 1, Distance: 2, ArmTurn: z, Names: rename}.Asset(t, "edited")
}

// TestComparePosesAgreesWithDiff: at Diff's worst time, ComparePoses of
// the two clips' poses gives Diff's largest difference and its bone (the
// window's status line and `animview diff` agree); at a time between
// samples it is no more than Diff's largest; BoneDifference of the worst
// bone is the same number. The edited key turns the arm 0.3 rad further
// at 0.5 s: the hand, 1 unit out, is the chord 2·sin(0.15) away.
func TestComparePosesAgreesWithDiff(t *testing.T) {
	a := walker(t, 1, nil)
	b := editedWalker(t, 0.8, map[string]string{"hand": "Palm"})
	m := Map{"hand": "Palm"}
	r := Diff(Clip{a.Skeleton, a.Clips[0]}, Clip{b.Skeleton, b.Clips[0]}, m)
	if want := 2 * math.Sin(0.15); r.WorstBone != "hand" || r.WorstTime != 0.5 || math.Abs(r.MaxPosition-want) > 1e-5 {
		t.Fatalf("diff: worst %q at %v, %v (want hand at 0.5, %v)", r.WorstBone, r.WorstTime, r.MaxPosition, want)
	}
	pr := Match(a.Skeleton, b.Skeleton, m)
	sa, sb := newSide(Clip{a.Skeleton, a.Clips[0]}), newSide(Clip{b.Skeleton, b.Clips[0]})
	for _, c := range []struct {
		t     float64
		exact bool
	}{{0.5, true}, {0.23, false}, {0, true}} {
		sa.sample(c.t)
		sb.sample(c.t)
		d := ComparePoses(&pr, sa.world, sb.world)
		switch {
		case c.exact && c.t == r.WorstTime:
			if d.MaxPosition != r.MaxPosition || a.Skeleton.Bones[d.Bone].Name != r.WorstBone || d.MaxRotationDeg != r.MaxRotationDeg {
				t.Errorf("at %v: %+v, diff %v %q %v°", c.t, d, r.MaxPosition, r.WorstBone, r.MaxRotationDeg)
			}
			if p, rot := BoneDifference(sa.world, d.Bone, sb.world, pr.BOf[d.Bone]); p != d.MaxPosition || rot > r.MaxRotationDeg {
				t.Errorf("BoneDifference %v %v°", p, rot)
			}
		case c.t == 0:
			if d.MaxPosition != 0 || d.MaxRotationDeg != 0 {
				t.Errorf("at 0 (no edit there): %+v", d)
			}
		default:
			if !(d.MaxPosition > 0) || d.MaxPosition > r.MaxPosition {
				t.Errorf("at %v: %v, not within (0, %v]", c.t, d.MaxPosition, r.MaxPosition)
			}
		}
	}
	w := player.NewWorldPose(a.Skeleton)
	if n := testing.AllocsPerRun(20, func() { ComparePoses(&pr, sa.world, w) }); n != 0 {
		t.Errorf("ComparePoses allocates %v times", n)
	}
}
