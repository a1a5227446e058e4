//go:build amd64 && !purego

package player

import (
	"math"
	"math/rand"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
	"golang.org/x/sys/cpu"
)

// slerpKernPairs returns n rotation pairs whose localDot spreads over
// [-0.1, 1]: uniform in the angle between them, with extra pairs next to
// the branch points the kernels test (d = 0, where the angle can round
// above π/2; 0.5, where Acos32 changes form; 0.866, 0.925 and 0.95), and
// a weight per pair from (1e-4, 1), some next to its ends.
func slerpKernPairs(seed int64, n int) (a, b []formats.Transform, w []float32) {
	rng := rand.New(rand.NewSource(seed))
	rq := func() mgl32.Quat {
		q := mgl32.Quat{W: float32(rng.NormFloat64()), V: mgl32.Vec3{float32(rng.NormFloat64()), float32(rng.NormFloat64()), float32(rng.NormFloat64())}}
		return q.Normalize()
	}
	marks := []float64{0, 0.5, 0.866, 0.925, 0.95}
	a, b, w = make([]formats.Transform, n), make([]formats.Transform, n), make([]float32, n)
	for i := range a {
		q := rq()
		var d float64
		if rng.Intn(4) == 0 {
			d = marks[rng.Intn(len(marks))] + (rng.Float64()-0.5)*1e-6
		} else {
			d = math.Cos(rng.Float64() * math.Pi / 2 * 1.07)
		}
		// r = q rotated by an angle whose half-angle cosine is d.
		half := math.Acos(math.Max(-1, math.Min(1, d)))
		axis := mgl32.Vec3{float32(rng.NormFloat64()), float32(rng.NormFloat64()), float32(rng.NormFloat64())}.Normalize()
		r := mgl32.QuatRotate(float32(2*half), axis).Mul(q)
		a[i] = formats.Transform{Rotation: q, Scale: mgl32.Vec3{1, 1, 1}}
		b[i] = formats.Transform{Rotation: r, Scale: mgl32.Vec3{1, 1, 1}}
		switch rng.Intn(8) {
		case 0:
			w[i] = 1e-4 + float32(rng.Float64()*1e-3)
		case 1:
			w[i] = 1 - float32(rng.Float64()*1e-3)
		default:
			w[i] = float32(rng.Float64())
		}
		if !(w[i] > 1e-4 && w[i] < 1) {
			w[i] = 0.5
		}
	}
	return a, b, w
}

// TestSlerpKernelsLaneByLane runs the AVX slerp kernels of the Prime
// rules on pairs spread over their branches, a weight per call, and
// compares each lane with the Go code for its joint: a lane the kernel
// takes must hold the Go code's bits, a lane it leaves must be untouched;
// and it must leave few (ties, flips and the other branches only).
func TestSlerpKernelsLaneByLane(t *testing.T) {
	if !cpu.X86.HasAVX {
		t.Skip("no AVX")
	}
	n := 1 << 20
	if testing.Short() {
		n = 1 << 16
	}
	a, b, ws := slerpKernPairs(41, n)
	const group = 16 // joints a call
	took, left, eligible := 0, 0, 0
	idx := make([]int32, group)
	for i := range idx {
		idx[i] = int32(i)
	}
	var fail [group / 4]uint8
	for base := 0; base+group <= n; base += group {
		w := ws[base]
		la := append([]formats.Transform(nil), a[base:base+group]...)
		lb := b[base : base+group]
		slerpPrime2AVX(&la[0], &lb[0], &idx[0], group/4, w, lerpLoMP2, &fail[0])
		for j := range la {
			want := a[base+j]
			q0, q1 := want.Rotation, lb[j].Rotation
			d := localDot(&q0, &q1)
			in := d >= 0 && d < 0.866 && !(quickDot(&q0, &q1) > lerpLoMP2)
			if in {
				eligible++
			}
			ref := []formats.Transform{a[base+j]}
			blendRotsPrime2(ref, lb[j:j+1], w)
			if fail[j/4]>>(j%4)&1 != 0 {
				left++
				if la[j] != a[base+j] {
					t.Fatalf("pair %d: left, but changed: %+v from %+v", base+j, la[j].Rotation, a[base+j].Rotation)
				}
				continue
			}
			took++
			if !in {
				t.Fatalf("pair %d (d %v): taken outside the slerp branch", base+j, d)
			}
			if g, r := la[j].Rotation, ref[0].Rotation; !sameQuatBits(g, r) {
				t.Fatalf("pair %d (d %v, w %v): kernel %+v, Go %+v", base+j, d, w, g, r)
			}
		}
	}
	t.Logf("Echoes: %d pairs in the slerp branch, %d taken, %d left in all", eligible, took, left)
	if eligible-took > eligible/1000 {
		t.Errorf("Echoes: %d of %d slerp-branch pairs left to the Go code", eligible-took, eligible)
	}
}
