package compare

import (
	"math"
	"testing"

	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// TestRootPath: the walker's root goes from (0, 1, 0) to (2, 1, 0) in a
// second (its keys, relative to the bind position); RootPath measures what
// RootMotion measures, and its points and lengths follow the root: half
// way through it has come half the way (MilkShape's curve between two keys
// is symmetric), and an animation tree's sampler of the same clip gives the
// same path.
func TestRootPath(t *testing.T) {
	a := walker(t, 1, nil)
	sk, c := a.Skeleton, a.Clips[0]
	p := RootPath(sk, c)
	if p.Root != RootMotion(sk, c) {
		t.Errorf("RootPath's figures %+v, RootMotion's %+v", p.Root, RootMotion(sk, c))
	}
	if p.Name != "root" || len(p.Points) != p.Samples || len(p.Times) != p.Samples || len(p.Travelled) != p.Samples || p.Samples != 61 {
		t.Fatalf("path %+v", p.Root)
	}
	if p.Points[0] != (mgl32.Vec3{0, 1, 0}) || p.Points[60] != (mgl32.Vec3{2, 1, 0}) || p.Travelled[60] != p.PathLength {
		t.Errorf("ends %v %v, travelled %v of %v", p.Points[0], p.Points[60], p.Travelled[60], p.PathLength)
	}
	for _, c := range []struct {
		t, x, along float64
	}{{-1, 0, 0}, {0, 0, 0}, {0.5, 1, 1}, {1, 2, 2}, {3, 2, 2}, {math.NaN(), 0, 0}} {
		at, along := p.At(c.t)
		if math.Abs(float64(at[0])-c.x) > 1e-4 || at[1] != 1 || at[2] != 0 || math.Abs(along-c.along) > 1e-4 {
			t.Errorf("At(%v) = %v, %v; want x %v, %v along", c.t, at, along, c.x, c.along)
		}
	}
	// Between samples, linear.
	at, along := p.At(1.0 / 120)
	a0, _ := p.At(0)
	a1, l1 := p.At(1.0 / 60)
	if d := at.Sub(a0.Add(a1).Mul(0.5)).Len(); d > 1e-6 || math.Abs(along-l1/2) > 1e-6 {
		t.Errorf("mid-sample %v (off %v), %v along of %v", at, d, along, l1)
	}
	tree := SamplerRootPath(sk, player.NewClipSampler(sk, c))
	if tree.Bone != p.Bone || math.Abs(tree.PathLength-2) > 1e-4 || tree.Displacement != p.Displacement {
		t.Errorf("tree's path %+v, clip's %+v", tree.Root, p.Root)
	}
	if e := SamplerRootPath(sk, nil); e.Bone != 0 || e.PathLength != 0 || len(e.Points) != 1 {
		t.Errorf("no sampler: %+v %v", e.Root, e.Points)
	}
}

// TestRootPathAtDoesNotAllocate: the window asks At every frame.
func TestRootPathAtDoesNotAllocate(t *testing.T) {
	a := walker(t, 1, nil)
	p := RootPath(a.Skeleton, a.Clips[0])
	if n := testing.AllocsPerRun(100, func() { p.At(0.37) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}
