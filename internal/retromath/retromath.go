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
// later term fused into the sum (FastSinRPoly).
func FastSinR(x float32) float32 {
	if x > pi32 || x < -pi32 {
		x = wrapPi(x)
	}
	return FastSinRPoly(x)
}

// FastSinRPoly is FastSinR for |x| ≤ SinPolyMax (or NaN), which it
// takes without reducing: its polynomial alone, small enough for the
// compiler to inline where a loop takes many sines of such angles
// (FastSinR is not).
func FastSinRPoly(x float32) float32 {
	// FMAddS written out: the constants are float32 values, exact in
	// float64 too.
	x2 := x * x
	acc := x * fastSinC1
	x *= x2
	acc = float32(float64(x)*fastSinC2 + float64(acc))
	x *= x2
	acc = float32(float64(x)*fastSinC3 + float64(acc))
	x *= x2
	return float32(float64(x)*fastSinC4 + float64(acc))
}

// The arguments FastSinRPoly and FastArcCosRPoly take: FastSinR reduces
// no angle up to π, FastArcCosR takes its polynomial up to 0.925.
const (
	SinPolyMax    = pi32
	ArcCosPolyMax = acosLimit
)

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
// double precision, rounded to float32 (Acos32); otherwise an odd polynomial in
// single precision, each term fused into the sum (FastArcCosRPoly). The game's acos is
// MSL's (fdlibm's algorithm); Go's differs from it by an ulp or two of a
// double, which changes the float32 only next to a tie.
func FastArcCosR(x float32) float32 {
	if x > acosLimit || x < -acosLimit {
		return Acos32(x)
	}
	return FastArcCosRPoly(x)
}

// FastArcCosRPoly is FastArcCosR for |x| ≤ ArcCosPolyMax (or NaN): its
// polynomial alone, small enough for the compiler to inline (FastArcCosR
// is not).
func FastArcCosRPoly(x float32) float32 {
	// FMAddS written out: the constants are float32 values, exact in
	// float64 too.
	x2 := x * x
	acc := float32(float64(x)*fastACosC2 + fastACosC1)
	x *= x2
	acc = float32(float64(x)*fastACosC3 + float64(acc))
	x *= x2
	acc = float32(float64(x)*fastACosC4 + float64(acc))
	x *= x2
	return float32(float64(x)*fastACosC5 + float64(acc))
}

// Acos32 is float32(math.Acos(float64(x))) at a fraction of math.Acos's
// cost: acos x = π/2 - asin x for |x| ≤ 1/2, 2 asin √((1 - x)/2) above and
// π - 2 asin √((1 + x)/2) below (the differences and halvings are exact
// there), with the arcsine's Maclaurin series in u = z² ≤ 1/4 to its 20th
// term (what it leaves out is below 4e-15 of the sum), in double
// precision. The result is within about 1e-14 of the angle, as math.Acos
// is, so the two round to the same float32 except next to a float32
// tie; there, where the bracket r ± e below straddles a rounding
// boundary (a few arguments in a million), and for NaN and |x| > 1,
// math.Acos decides. The bracket allows 2⁻⁴² of the angle and 2⁻⁴⁹ more
// for math.Acos's own error next to 1, where it subtracts two numbers
// near π/2. TestAcos32 checks every float32 from 0.925 to 1 and from -1
// to -0.925 and a million others; every float32 of [-1, 1] was checked
// once (ANIMVIEW_EXHAUSTIVE=1).
func Acos32(x float32) float32 {
	d := float64(x)
	var r float64
	switch {
	case d > 0.5 && d <= 1:
		u := (1 - d) * 0.5
		r = 2 * math.Sqrt(u) * asinSeries(u)
	case d >= -0.5 && d <= 0.5:
		r = math.Pi/2 - d*asinSeries(d*d)
	case d >= -1 && d < -0.5:
		u := (1 + d) * 0.5
		r = math.Pi - 2*math.Sqrt(u)*asinSeries(u)
	default: // NaN, |x| > 1
		return float32(math.Acos(d))
	}
	if e := r*0x1p-42 + 0x1p-49; float32(r-e) != float32(r+e) {
		return float32(math.Acos(d))
	}
	return float32(r)
}

// asinSeries is asin z / z for u = z² ≤ 1/4: Σ cₙ uⁿ, n < 20, in Estrin's
// order (short dependency chains).
func asinSeries(u float64) float64 {
	u2 := u * u
	u4 := u2 * u2
	u8 := u4 * u4
	q0 := (1 + asinC1*u) + u2*(asinC2+asinC3*u)
	q1 := (asinC4 + asinC5*u) + u2*(asinC6+asinC7*u)
	q2 := (asinC8 + asinC9*u) + u2*(asinC10+asinC11*u)
	q3 := (asinC12 + asinC13*u) + u2*(asinC14+asinC15*u)
	q4 := (asinC16 + asinC17*u) + u2*(asinC18+asinC19*u)
	return (q0 + u4*q1) + u8*((q2+u4*q3)+u8*q4)
}

// The arcsine's Maclaurin coefficients, cₙ = (2n)! / (4ⁿ (n!)² (2n + 1)).
const (
	asinC1, asinC2, asinC3    = 1.0 / 6, 3.0 / 40, 5.0 / 112
	asinC4, asinC5, asinC6    = 35.0 / 1152, 63.0 / 2816, 231.0 / 13312
	asinC7, asinC8, asinC9    = 143.0 / 10240, 6435.0 / 557056, 12155.0 / 1245184
	asinC10, asinC11, asinC12 = 46189.0 / 5505024, 88179.0 / 12058624, 676039.0 / 104857600
	asinC13, asinC14, asinC15 = 1300075.0 / 226492416, 5014575.0 / 973078528, 9694845.0 / 2080374784
	asinC16, asinC17, asinC18 = 100180065.0 / 23622320128, 116680311.0 / 30064771072, 2268783825.0 / 635655159808
	asinC19                   = 1472719325.0 / 446676598784
)

// InvSqrtMP1 is Metroid Prime's CMath::InvSqrtF (MP1 asm/Kyoto/Math/
// RMathUtils.s): the inline MSL square root in double precision, frsqrte
// and four Newton steps, then 1.0 divided by it and rounded to float32.
// Replaying that arithmetic over every float32 from 1 to 4 (retromath_test.
// go) shows it always lands on 1/√x correctly rounded to float32; every
// other positive float32 scales from those by a power of four, which
// every step of the game's arithmetic follows exactly. At +Inf the
// estimate is 0 and the Newton steps make NaN. (Adding 0 turns -0 into +0,
// whose root the game takes as +0.)
//
// For positive finite x it is computed as the single-precision
// reciprocal root refined by one step of the series of 1/√(1 - e) in
// double precision, each operation rounded: the same bits as
// float32(1/math.Sqrt(x)) for every float32 from 1 to 4
// (TestInvSqrtNewtonExhaustive), and so for every positive float32, as
// every step scales exactly by powers of four; it needs no
// double-precision square root or division, which take the divider
// several times as long.
//
// The step gives the game's results at the ends too: +Inf (a zero
// estimate times +Inf) and the negatives and NaN make NaN; only zero,
// whose estimate is infinite, is taken apart.
func InvSqrtMP1(x float32) float32 {
	if x == 0 {
		return float32(math.Inf(1))
	}
	y := float64(1 / float32(math.Sqrt(float64(x))))
	e := 1 - float64(float64(float64(x)*y)*y)
	return float32(y + float64(y*float64(e*(float64(e*0.375)+0.5))))
}

// InvSqrtMP1Estimate is InvSqrtMP1's first half, the single-precision
// reciprocal root 1 / float32(√x), which InvSqrtMP1Refine takes to the
// result. A caller with many roots to take can work out the estimates
// apart from the refinements, so that the divider's work overlaps other
// arithmetic instead of heading each refinement's chain.
func InvSqrtMP1Estimate(x float32) float32 {
	return 1 / float32(math.Sqrt(float64(x)))
}

// InvSqrtMP1Refine is InvSqrtMP1's second half, the same operations:
// InvSqrtMP1(x) is InvSqrtMP1Refine(x, InvSqrtMP1Estimate(x)) to the bit
// (TestInvSqrtNewtonExhaustive). InvSqrtMP1 keeps them in one body so that it
// stays small enough to inline.
func InvSqrtMP1Refine(x, estimate float32) float32 {
	if x == 0 {
		return float32(math.Inf(1))
	}
	y := float64(estimate)
	e := 1 - float64(float64(float64(x)*y)*y)
	return float32(y + float64(y*float64(e*(float64(e*0.375)+0.5))))
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
