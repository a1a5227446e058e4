package prime

import "math"

// The games do not dequantise rotations with the library sine: both
// decompilations (CFBStreamedAnimReaderTotals::CalculateDown in MP1 and MP2)
// call CMath::FastSinR, an odd polynomial of degree 7 in single precision,
// whose result differs from sin by up to 8e-5. Being exact to the game
// means evaluating the same polynomial the same way. Retro's code is built
// with fp_contract on, so each "acc += x·c" is a fused multiply-add
// (fmadds, one rounding); fmadd below computes it in double and rounds to
// single, which can differ from a true single-precision fused operation
// only when the exact value lies within 2^-53 of a float32 tie.

// FastSinR's coefficients, as the float32 bit patterns the game stores.
var (
	fastSinC1 = math.Float32frombits(0x3f7ff347) // 0.99980587
	fastSinC2 = math.Float32frombits(0xbe2a34ae) // -0.16621658
	fastSinC3 = math.Float32frombits(0x3c047fca) // 0.008087108
	fastSinC4 = math.Float32frombits(0xb9206873) // -0.000152977
)

const (
	pi32    = float32(math.Pi)
	twoPi32 = float32(2 * math.Pi)
)

// fmadd is PowerPC fmadds: a·b + c rounded once (see above).
func fmadd(a, b, c float32) float32 {
	return float32(math.FMA(float64(a), float64(b), float64(c)))
}

// fastSin is CMath::FastSinR: angles beyond ±π are first wrapped by whole
// turns (only a tiny rotation divisor produces them), then
// x·c1 + x³·c2 + x⁵·c3 + x⁷·c4 is accumulated in that order.
func fastSin(x float32) float32 {
	if x > pi32 || x < -pi32 {
		x = wrapPi(x)
	}
	x2 := x * x
	acc := x * fastSinC1
	x *= x2
	acc = fmadd(x, fastSinC2, acc)
	x *= x2
	acc = fmadd(x, fastSinC3, acc)
	x *= x2
	return fmadd(x, fastSinC4, acc)
}

// wrapPi brings x into [-π, π]: it removes the whole turns that truncating
// x/2π counts, then one more turn if x is still outside.
func wrapPi(x float32) float32 {
	turns := float32(int32(x * (1 / twoPi32)))
	x = fmadd(-turns, twoPi32, x)
	if x > pi32 {
		x -= twoPi32
	} else if x < -pi32 {
		x += twoPi32
	}
	return x
}

// quatW is the W the game derives from X, Y and Z (spec 3.5.8):
// sqrt(max(0, 1 − (X² + Y² + Z²))), the sum of squares contracted into
// fused multiply-adds, the sign from the stored bit.
func quatW(x, y, z float32, negative bool) float32 {
	s := fmadd(z, z, fmadd(y, y, x*x))
	w := 1 - s
	if w < 0 {
		w = 0
	}
	w = float32(math.Sqrt(float64(w)))
	if negative {
		return -w
	}
	return w
}
