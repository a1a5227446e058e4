// Package retromath is Retro Studios' CMath helpers as Metroid Prime 1 and 2
// run them on the GameCube, to the bit: the loader dequantises rotations
// with FastSinR and the player's Prime slerps are built from all of them.
//
// Floating point on the GameCube's Gekko CPU differs from Go's in three
// ways that matter here:
//
//   - Retro's code is built with fp_contract on, so the compiler turns some
//     a·b + c into a fused multiply-add. FMAddS below follows Dolphin's
//     model of the single-precision fused operation: the exact product (a
//     product of two float32 is exact in float64), added and rounded to
//     double, then to single. A true single rounding could differ from it
//     only where the exact result lies within 2⁻⁵³ of a float32 tie. (The
//     Gekko also rounds a single-precision product's second factor to 25
//     bits; every factor here is a float32 already, so that changes
//     nothing.)
//   - Where the games did not fuse, Go must not either: on arm64 and other
//     FMA targets the Go compiler may fuse x*y + z on its own, and an
//     explicit float32(x*y) conversion is what stops it (Go spec,
//     "Floating-point operators").
//   - Square roots are the hardware's reciprocal-square-root estimate
//     (frsqrte) refined by Newton steps in double precision. The steps
//     always reach the correctly rounded float32 (see InvSqrtMP1), so Go's
//     square root stands in for them.
package retromath

import "math"

// FMAddS is the Gekko's fmadds instruction, a·b + c fused, rounded as above. a·b is
// exact in float64, so a plain multiply-add in float64 is the fused
// operation rounded to double, whether or not Go fuses it.
func FMAddS(a, b, c float32) float32 {
	return float32(float64(a)*float64(b) + float64(c))
}

// CMath::FastSinR's coefficients (MP1 asm/Kyoto/Math/RMathUtils.s, the
// same bit patterns in the Echoes decompilation), written as the exact
// binary fractions of the float32 the game stores.
const (
	fastSinC1 = 16773959.0 / (1 << 24)  // 0x3f7ff347, 0.99980587
	fastSinC2 = -11154606.0 / (1 << 26) // 0xbe2a34ae, -0.16621658
	fastSinC3 = 8683466.0 / (1 << 30)   // 0x3c047fca, 0.008087108
	fastSinC4 = -10512499.0 / (1 << 36) // 0xb9206873, -0.000152977
)

// CMath::FastArcCosR's coefficients, c1 + c2·x + c3·x³ + c4·x⁵ + c5·x⁷.
const (
	fastACosC1 = 13176795.0 / (1 << 23)  // 0x3fc90fdb, π/2
	fastACosC2 = -16747473.0 / (1 << 24) // 0xbf7f8bd1, -0.99822718
	fastACosC3 = -13815436.0 / (1 << 26) // 0xbe52ce8c, -0.20586604
	fastACosC4 = 15334944.0 / (1 << 27)  // 0x3de9fe20, 0.11425424
	fastACosC5 = -9964936.0 / (1 << 25)  // 0xbe980d88, -0.29697824
)

const (
	pi32      = float32(math.Pi)         // 0x40490fdb
	twoPi32   = float32(2 * math.Pi)     // 0x40c90fdb
	invTwoPi  = float32(1 / math.Pi / 2) // 0x3e22f983
	acosLimit = float32(0.925)           // 0x3f6ccccd; the game compares |x| as a double against it
)

// FastSinR is CMath::FastSinR: angles beyond ±π lose their whole turns,
// then x·c1 + x³·c2 + x⁵·c3 + x⁷·c4 is accumulated in that order, each
// later term fused into the sum.
func FastSinR(x float32) float32 {
	if x > pi32 || x < -pi32 {
		x = wrapPi(x)
	}
	x2 := x * x
	acc := x * fastSinC1
	x *= x2
	acc = FMAddS(x, fastSinC2, acc)
	x *= x2
	acc = FMAddS(x, fastSinC3, acc)
	x *= x2
	return FMAddS(x, fastSinC4, acc)
}

// wrapPi is FastSinR's range reduction: it removes the whole turns that
// truncating x/2π (fctiwz) counts, in one fused step (fnmsubs), then one
// more turn if x is still outside [-π, π]. The slerps never need it (their
// angles stay within [0, π]); it is here so that FastSinR is the game's
// function for every input.
func wrapPi(x float32) float32 {
	q := x * invTwoPi
	var turns float32
	switch {
	case q >= 1<<31: // fctiwz saturates
		turns = 1 << 31
	case q <= -(1<<31) || math.IsNaN(float64(q)): // so does NaN
		turns = -(1 << 31)
	default:
		turns = float32(int32(q))
	}
	x = FMAddS(-turns, twoPi32, x)
	if x > pi32 {
		x -= twoPi32
	} else if x < -pi32 {
		x = twoPi32 + x
	}
	return x
}

// FastArcCosR is CMath::FastArcCosR: for |x| > 0.925 the library acos in
// double precision, rounded to float32; otherwise an odd polynomial in
// single precision, each term fused into the sum. The game's acos is
// MSL's (fdlibm's algorithm); Go's differs from it by an ulp or two of a
// double, which changes the float32 only next to a tie.
func FastArcCosR(x float32) float32 {
	if x > acosLimit || x < -acosLimit {
		return float32(math.Acos(float64(x)))
	}
	x2 := x * x
	acc := FMAddS(x, fastACosC2, fastACosC1)
	x *= x2
	acc = FMAddS(x, fastACosC3, acc)
	x *= x2
	acc = FMAddS(x, fastACosC4, acc)
	x *= x2
	return FMAddS(x, fastACosC5, acc)
}

// InvSqrtMP1 is Metroid Prime's CMath::InvSqrtF (MP1 asm/Kyoto/Math/
// RMathUtils.s): the inline MSL square root in double precision, frsqrte
// and four Newton steps, then 1.0 divided by it and rounded to float32.
// Replaying that arithmetic over every float32 from 1 to 4 (retromath_test.
// go) shows it always lands on 1/√x correctly rounded to float32; every
// other positive float32 scales from those by a power of four, which
// every step of the game's arithmetic follows exactly. At +Inf the
// estimate is 0 and the Newton steps make NaN. (Adding 0 turns -0 into +0,
// whose root the game takes as +0.)
func InvSqrtMP1(x float32) float32 {
	if x > math.MaxFloat32 {
		return float32(math.NaN())
	}
	return float32(1 / math.Sqrt(float64(x)+0))
}

// InvSqrtMP2 is Echoes' CMath::InvSqrtF, 1.f / sqrt(x): MSL's out-of-line
// single-precision square root (frsqrte and three Newton steps, rounded to
// float32) and a single-precision division. The root is always the
// correctly rounded one (the same replay, retromath_test.go), and at +Inf
// NaN as in MP1.
func InvSqrtMP2(x float32) float32 {
	if x > math.MaxFloat32 {
		return float32(math.NaN())
	}
	return 1 / float32(math.Sqrt(float64(x)))
}
