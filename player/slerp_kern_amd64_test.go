//go:build amd64 && !purego

package player

import (
	"math"
	"math/rand"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/retromath"
	"github.com/go-gl/mathgl/mgl32"
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
	if blendKernelsHere() != blendAVX {
		t.Skip("no AVX and FMA3")
	}
	n := 1 << 20
	if testing.Short() {
		n = 1 << 16
	}
	a, b, ws := slerpKernPairs(41, n)
	for _, echoes := range []bool{false, true} {
		checkSlerpKernel(t, a, b, ws, echoes)
	}
}

// checkSlerpKernel is TestSlerpKernelsLaneByLane for one kernel:
// slerpPrime2AVX with echoes, else slerpPrime1AVX.
func checkSlerpKernel(t *testing.T, a, b []formats.Transform, ws []float32, echoes bool) {
	const group = 16 // joints a call
	name := "MP1"
	if echoes {
		name = "Echoes"
	}
	took, left, eligible := 0, 0, 0
	idx := make([]int32, group)
	for i := range idx {
		idx[i] = int32(i)
	}
	var fail [group / 4]uint8
	for base := 0; base+group <= len(a); base += group {
		w := ws[base]
		if !echoes && !(w > slerpSnapLo && w < slerpSnapHi) {
			w = 0.5
		}
		la := append([]formats.Transform(nil), a[base:base+group]...)
		lb := b[base : base+group]
		if echoes {
			slerpPrime2AVX(&la[0], &lb[0], &idx[0], group/4, w, lerpLoMP2, &fail[0])
		} else {
			slerpPrime1AVX(&la[0], &lb[0], &idx[0], group/8, w, lerpLoMP1, lerpHiMP1, &fail[0])
		}
		for j := range la {
			q0, q1 := a[base+j].Rotation, lb[j].Rotation
			d, qd := localDot(&q0, &q1), quickDot(&q0, &q1)
			var in bool
			ref := []formats.Transform{a[base+j]}
			if echoes {
				in = d >= 0 && d < 0.866 && !(qd > lerpLoMP2)
				blendRotsPrime2(ref, lb[j:j+1], w)
			} else {
				in = d >= 0 && d <= 0.95 && !inLerpBand(qd, lerpLoMP1, lerpHiMP1)
				blendRotsPrime(ref, lb[j:j+1], w)
			}
			if in {
				eligible++
			}
			if fail[j/4]>>(j%4)&1 != 0 {
				left++
				if la[j] != a[base+j] {
					t.Fatalf("%s pair %d: left, but changed: %+v from %+v", name, base+j, la[j].Rotation, a[base+j].Rotation)
				}
				continue
			}
			took++
			if !in {
				t.Fatalf("%s pair %d (d %v): taken outside the slerp branch", name, base+j, d)
			}
			if g, r := la[j].Rotation, ref[0].Rotation; !sameQuatBits(g, r) {
				t.Fatalf("%s pair %d (d %v, w %v): kernel %+v, Go %+v", name, base+j, d, w, g, r)
			}
		}
	}
	t.Logf("%s: %d pairs in the slerp branch, %d taken, %d left in all", name, eligible, took, left)
	if eligible-took > eligible/1000 {
		t.Errorf("%s: %d of %d slerp-branch pairs left to the Go code", name, eligible-took, eligible)
	}
}

// TestAcosBandAVX: slerpPrime1AVX's arccosine, the arcsine series to u⁹
// under Acos32's bracket, gives Acos32's float32 for every float32 from
// 0.925 to 0.95 (the band MP1's slerp branch takes it for) where the
// bracket holds, and the bracket holds for all but a few.
func TestAcosBandAVX(t *testing.T) {
	if blendKernelsHere() != blendAVX {
		t.Skip("no AVX and FMA3")
	}
	lo, hi := math.Float32bits(0.925), math.Float32bits(0.95)
	var d []float32
	for b := lo + 1; b <= hi; b++ {
		d = append(d, math.Float32frombits(b))
	}
	for len(d)%4 != 0 {
		d = append(d, 0.95)
	}
	out, ok := make([]float32, len(d)), make([]uint32, len(d))
	acosBandAVX(&d[0], &out[0], &ok[0], len(d)/4)
	left := 0
	for i, x := range d {
		if ok[i] == 0 {
			left++
			continue
		}
		if want := retromath.Acos32(x); math.Float32bits(out[i]) != math.Float32bits(want) {
			t.Fatalf("acos %v: %v, Acos32 %v", x, out[i], want)
		}
	}
	t.Logf("%d arguments, %d left to the Go code", len(d), left)
	if left > len(d)/10000 {
		t.Errorf("%d of %d arguments left", left, len(d))
	}
}
