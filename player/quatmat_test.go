package player

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// TestLocalMatricesAreRotScale holds localMatrices, which builds
// formats.RotScale from its halves (QuatProducts, RotScaleOf) so that
// they inline, to the bits of RotScale itself: for unit, non-unit, zero,
// tiny, huge and non-finite quaternions, scaled and not (the scale taken
// as 1).
func TestLocalMatricesAreRotScale(t *testing.T) {
	r := rand.New(rand.NewPCG(34, 2))
	var local []formats.Transform
	add := func(w, x, y, z float32, s mgl32.Vec3) {
		local = append(local, formats.Transform{
			Translation: mgl32.Vec3{1, -2, 3},
			Rotation:    mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}},
			Scale:       s,
		})
	}
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	for _, q := range [][4]float32{
		{1, 0, 0, 0}, {0, 0, 0, 0}, {0.5, 0.5, 0.5, 0.5}, {-1, 0, 0, 0},
		{1, 1e-20, 1e-20, 0}, {1e-25, 1e-25, 1e-25, 1e-25}, {1e20, 1e20, 0, 1},
		{3, 4, 0, 0}, {inf, 0, 0, 0}, {nan, 0, 0, 1}, {1, 1e-45, -1e-45, 0},
	} {
		add(q[0], q[1], q[2], q[3], mgl32.Vec3{1, 1, 1})
		add(q[0], q[1], q[2], q[3], mgl32.Vec3{2, -0.5, 1e-3})
	}
	for range 2000 {
		c := func() float32 { return float32(r.NormFloat64()) }
		// Mostly near-unit (as keys are), then scaled off unit length.
		k := float32(1)
		if r.IntN(4) == 0 {
			k = float32(math.Exp(r.NormFloat64() * 5))
		}
		add(c()*k, c()*k, c()*k, c()*k, mgl32.Vec3{c(), c(), c()})
	}
	scratch := make([]affine, len(local))
	for _, scaled := range []bool{true, false} {
		localMatrices(local, scratch, scaled)
		for i, l := range local {
			w, x, y, z := l.Rotation.W, l.Rotation.V[0], l.Rotation.V[1], l.Rotation.V[2]
			sx, sy, sz := l.Scale[0], l.Scale[1], l.Scale[2]
			if !scaled {
				sx, sy, sz = 1, 1, 1
			}
			var want affine
			want[0], want[1], want[2], want[3], want[4], want[5], want[6], want[7], want[8] =
				formats.RotScale(w, x, y, z, formats.QuatFactor(w, x, y, z), sx, sy, sz)
			want[9], want[10], want[11] = l.Translation[0], l.Translation[1], l.Translation[2]
			for k := range want {
				if math.Float32bits(scratch[i][k]) != math.Float32bits(want[k]) {
					t.Fatalf("scaled %v, transform %d %+v: element %d is %g (%#x), formats.RotScale gives %g (%#x)",
						scaled, i, l, k, scratch[i][k], math.Float32bits(scratch[i][k]), want[k], math.Float32bits(want[k]))
				}
			}
		}
	}
}
