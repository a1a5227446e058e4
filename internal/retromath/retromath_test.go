package retromath

import (
	"math"
	"math/rand"
	"os"
	"testing"
)

// The constants are the float32 bit patterns in the games' .sdata2
// (MP1 asm/Kyoto/Math/RMathUtils.s and asm/Kyoto/Animation/
// CAnimMathUtils.s; the Echoes decompilation's literals).
func TestPrimeMathConstants(t *testing.T) {
	tests := []struct {
		name string
		got  float32
		bits uint32
	}{
		{"FastSinR c1", fastSinC1, 0x3f7ff347},
		{"FastSinR c2", fastSinC2, 0xbe2a34ae},
		{"FastSinR c3", fastSinC3, 0x3c047fca},
		{"FastSinR c4", fastSinC4, 0xb9206873},
		{"FastArcCosR c1", fastACosC1, 0x3fc90fdb},
		{"FastArcCosR c2", fastACosC2, 0xbf7f8bd1},
		{"FastArcCosR c3", fastACosC3, 0xbe52ce8c},
		{"FastArcCosR c4", fastACosC4, 0x3de9fe20},
		{"FastArcCosR c5", fastACosC5, 0xbe980d88},
		{"π", pi32, 0x40490fdb},
		{"2π", twoPi32, 0x40c90fdb},
		{"1/2π", invTwoPi, 0x3e22f983},
		{"acos limit", acosLimit, 0x3f6ccccd},
	}
	for _, tc := range tests {
		if b := math.Float32bits(tc.got); b != tc.bits {
			t.Errorf("%s: %#08x, want %#08x", tc.name, b, tc.bits)
		}
	}
	// FastArcCosR compares |x| as a double against 0x3fed9999a0000000,
	// the double of the float32 0.925.
	if b := math.Float64bits(float64(acosLimit)); b != 0x3fed9999a0000000 {
		t.Errorf("acos limit as a double %#x", b)
	}
}

// FMAddS is a·b + c rounded to double, then to float32: math.FMA rounded
// to float32 is the same, as the product of two float32 is exact.
func TestFmadds(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for range 100000 {
		a, b, c := float32(rng.NormFloat64()), float32(rng.NormFloat64()), float32(rng.NormFloat64()*0.01)
		want := float32(math.FMA(float64(a), float64(b), float64(c)))
		if got := FMAddS(a, b, c); got != want {
			t.Fatalf("FMAddS(%v, %v, %v) = %v, want %v", a, b, c, got, want)
		}
	}
}

// CMath::FastSinR, checked on the same hand-worked vectors as
// formats/prime's copy of it (TestFastSin there): at x = 1 every power is
// 1, so the result is c1 + c2 + c3 + c4 = 0.84152342; at 0.5 it is
// 0.5c1 + 0.125c2 + 0.03125c3 + 0.0078125c4 = 0.47937739; 4 and 10 wrap
// by whole turns first.
func TestFastSinVectors(t *testing.T) {
	tests := []struct {
		x    float32
		bits uint32
	}{
		{0.5, 0x3ef570f4},
		{1, 0x3f576e14},
		{-1, 0xbf576e14},
		{4, 0xbf41b72d},
		{10, 0xbf0b63ac},
		{0, 0},
	}
	for _, tc := range tests {
		if got := FastSinR(tc.x); math.Float32bits(got) != tc.bits {
			t.Errorf("FastSinR(%v) = %v (%#08x), want %#08x", tc.x, got, math.Float32bits(got), tc.bits)
		}
	}
}

// CMath::FastArcCosR: c1 + c2·x + c3·x³ + c4·x⁵ + c5·x⁷ for |x| ≤ 0.925,
// the library acos beyond. At 0 it is c1 = π/2 as a float32. At -0.5 the
// terms are 1.57079637 + 0.49911359 + 0.02573326 - 0.00357045 + 0.00232014
// = 2.09439291 (acos -0.5 = 2.09439510: the polynomial is 2.2e-6 short);
// at 0.5, 2c1 minus that, 1.04719983. At 0.93 the library acos gives
// 0.37638348.
func TestFastArcCos(t *testing.T) {
	tests := []struct {
		x    float32
		want float64
		eps  float64 // a float32 ulp where the result is rounded
	}{
		{0, 1.5707963705062866, 0}, // 0x3fc90fdb exactly
		{-0.5, 2.09439291, 2.4e-7},
		{0.5, 1.04719983, 1.2e-7},
		{0.93, 0.37638348, 3e-8},
		{-1, math.Pi, 2.4e-7},
	}
	for _, tc := range tests {
		if got := FastArcCosR(tc.x); math.Abs(float64(got)-tc.want) > tc.eps {
			t.Errorf("FastArcCosR(%v) = %.9g, want %.9g", tc.x, got, tc.want)
		}
	}
	// Up to the 0.925 limit the polynomial stays within 4e-3 of acos; its
	// worst, 3.95e-3 (0.23°), is near ±0.877.
	for x := float32(-0.925); x <= 0.925; x += 0.001 {
		if d := math.Abs(float64(FastArcCosR(x)) - math.Acos(float64(x))); d > 4e-3 {
			t.Fatalf("FastArcCosR(%v) is %v from acos", x, d)
		}
	}
}

// frsqrteReplay is the Gekko's reciprocal-square-root estimate for a
// positive finite double, as measured on the hardware and documented by
// the Dolphin emulator: the exponent halved and negated; the mantissa a
// linear piece picked by the exponent's low bit and the top four mantissa
// bits, evaluated at the next eleven bits (about 12 correct bits).
func frsqrteReplay(d float64) float64 {
	const expMask = 0x7ff << 52
	b := math.Float64bits(d)
	e := int64(b & expMask)
	exp := uint64((0x3ff<<52)-(e-0x3fe<<52)/2) & expMask
	i := b & (1<<53 - 1) >> 37
	p := frsqrteTable[i>>11]
	return math.Float64frombits(exp | uint64(p[0]+p[1]*int64(i&0x7ff))<<26)
}

// frsqrteTable is the base and step of each linear piece: 16 for an even
// biased exponent, then 16 for an odd one.
var frsqrteTable = [32][2]int64{
	{0x1a7e800, -0x568}, {0x17cb800, -0x4f3}, {0x1552800, -0x48d}, {0x130c000, -0x435},
	{0x10f2000, -0x3e7}, {0x0eff000, -0x3a2}, {0x0d2e000, -0x365}, {0x0b7c000, -0x32e},
	{0x09e5000, -0x2fc}, {0x0867000, -0x2d0}, {0x06ff000, -0x2a8}, {0x05ab800, -0x283},
	{0x046a000, -0x261}, {0x0339800, -0x243}, {0x0218800, -0x226}, {0x0105800, -0x20b},
	{0x3ffa000, -0x7a4}, {0x3c29000, -0x700}, {0x38aa000, -0x670}, {0x3572000, -0x5f2},
	{0x3279000, -0x584}, {0x2fb7000, -0x524}, {0x2d26000, -0x4cc}, {0x2ac0000, -0x47e},
	{0x2881000, -0x43a}, {0x2665000, -0x3fa}, {0x2468000, -0x3c2}, {0x2287000, -0x38e},
	{0x20c1000, -0x35e}, {0x1f12000, -0x332}, {0x1d79000, -0x30a}, {0x1bf4000, -0x2e6},
}

// newtonReplay runs n of the MSL square root's Newton steps on the
// estimate, each as the games compile it: g² and g/2 plain, 3 - x·g² fused
// (fnmsub), their product plain.
func newtonReplay(x float64, n int) float64 {
	g := frsqrteReplay(x)
	for range n {
		g2 := g * g
		h := 0.5 * g
		g = h * -math.FMA(x, g2, -3)
	}
	return g
}

// invSqrtMP1Replay is InvSqrtF__5CMathFf of MP1 instruction by instruction
// for a positive finite x: four Newton steps, √x = x·g, 1.0/√x in double,
// rounded to float32.
func invSqrtMP1Replay(x float32) float32 {
	d := float64(x)
	return float32(1 / (d * newtonReplay(d, 4)))
}

// invSqrtMP2Replay is Echoes' 1.f / sqrt(x) for a positive finite x:
// three Newton steps, √x = x·g rounded to float32, a float32 division.
func invSqrtMP2Replay(x float32) float32 {
	d := float64(x)
	return 1 / float32(d*newtonReplay(d, 3))
}

// The replayed estimate is within 2^-12 of 1/√x: the measured table is
// read right.
func TestFrsqrteReplay(t *testing.T) {
	for b := math.Float32bits(0.25); b < math.Float32bits(4); b += 97 {
		x := float64(math.Float32frombits(b))
		if e := math.Abs(frsqrteReplay(x)*math.Sqrt(x) - 1); e > 1.0/4096 {
			t.Fatalf("frsqrte(%v) is %v off", x, e)
		}
	}
}

// The games' InvSqrtF, replayed from the hardware estimate for every
// float32 from 1 to 4, always gives the correctly rounded result that
// InvSqrtMP1 and InvSqrtMP2 compute. Each step of the replay scales
// exactly when x is multiplied by 4 (the estimate halves, the Newton
// steps follow), so the two binades stand for every positive float32.
// Two Newton steps would already do; one would not, which shows the check
// can fail.
func TestInvSqrtReplayExhaustive(t *testing.T) {
	if testing.Short() {
		t.Skip("16.8 million values")
	}
	oneStep := 0
	for b := math.Float32bits(1); b < math.Float32bits(4); b++ {
		x := math.Float32frombits(b)
		if got, want := InvSqrtMP1(x), invSqrtMP1Replay(x); got != want {
			t.Fatalf("MP1 InvSqrtF(%v) = %#08x, replay %#08x", x, math.Float32bits(got), math.Float32bits(want))
		}
		if got, want := InvSqrtMP2(x), invSqrtMP2Replay(x); got != want {
			t.Fatalf("MP2 InvSqrtF(%v) = %#08x, replay %#08x", x, math.Float32bits(got), math.Float32bits(want))
		}
		d := float64(x)
		if float32(1/(d*newtonReplay(d, 1))) != InvSqrtMP1(x) {
			oneStep++
		}
	}
	if oneStep == 0 {
		t.Error("one Newton step matched everywhere: the replay proves nothing")
	}
}

// Zero, infinity, negatives and NaN take the games' special paths.
func TestInvSqrtSpecial(t *testing.T) {
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	negZero := float32(math.Copysign(0, -1))
	tests := []struct {
		x        float32
		mp1, mp2 float32
	}{
		{0, inf, inf},
		// MP1's square root of -0 is the constant +0; Echoes' returns
		// its argument.
		{negZero, inf, float32(math.Inf(-1))},
		// frsqrte(+Inf) is 0, and the Newton steps make 0·Inf = NaN.
		{inf, nan, nan},
		{-1, nan, nan},
		{nan, nan, nan},
		{1, 1, 1},
		{4, 0.5, 0.5},
	}
	same := func(a, b float32) bool { return a == b || a != a && b != b }
	for _, tc := range tests {
		if got := InvSqrtMP1(tc.x); !same(got, tc.mp1) {
			t.Errorf("MP1 InvSqrtF(%v) = %v, want %v", tc.x, got, tc.mp1)
		}
		if got := InvSqrtMP2(tc.x); !same(got, tc.mp2) {
			t.Errorf("MP2 InvSqrtF(%v) = %v, want %v", tc.x, got, tc.mp2)
		}
	}
}

// TestAcos32 checks Acos32 against float32(math.Acos) for every float32
// in FastArcCosR's library branch ((0.925, 1] and [-1, -0.925)), for a
// million random ones of [-1, 1] and for the special values; with
// ANIMVIEW_EXHAUSTIVE=1 for every float32 of [-1, 1] (about two billion,
// a minute or two).
func TestAcos32(t *testing.T) {
	n := 0
	check := func(x float32) {
		want := float32(math.Acos(float64(x)))
		if got := Acos32(x); math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
			t.Fatalf("Acos32(%v) = %v, want %v", x, got, want)
		}
		n++
	}
	span := func(lo, hi float32) { // lo ≤ hi, both of one sign
		a, b := math.Float32bits(lo), math.Float32bits(hi)
		if a > b {
			a, b = b, a
		}
		for u := a; ; u++ {
			check(math.Float32frombits(u))
			if u == b {
				break
			}
		}
	}
	if os.Getenv("ANIMVIEW_EXHAUSTIVE") != "" {
		span(0, 1)
		span(float32(math.Copysign(0, -1)), -1)
	} else {
		span(math.Nextafter32(acosLimit, 2), 1)
		span(-math.Nextafter32(acosLimit, 2), -1)
		rng := rand.New(rand.NewSource(3))
		for i := 0; i < 1_000_000; i++ {
			check(rng.Float32()*2 - 1)
		}
	}
	for _, x := range []float32{float32(math.NaN()), 1.5, -1.5, float32(math.Inf(1)), float32(math.Inf(-1)), 0, 0.5, -0.5} {
		check(x)
	}
	t.Logf("%d arguments", n)
}

// invSqrtDirect is float32(1/√x) the plain way, in double precision.
func invSqrtDirect(x float32) float32 {
	if x > math.MaxFloat32 {
		return float32(math.NaN())
	}
	return float32(1 / math.Sqrt(float64(x)+0))
}

// TestInvSqrtNewtonExhaustive: InvSqrtMP1's single-precision root
// refined in double precision gives float32(1/√x) for every float32 from
// 1 to 4, where the powers of four carry it to every positive float32;
// and for a million random bit patterns, the ends of the range (the
// smallest denormal, the largest float32), zeros, infinities, negatives
// and NaN. Its two halves, InvSqrtMP1Estimate then InvSqrtMP1Refine, give
// its bits for each.
func TestInvSqrtNewtonExhaustive(t *testing.T) {
	check := func(x float32) {
		got, want := InvSqrtMP1(x), invSqrtDirect(x)
		if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
			t.Fatalf("InvSqrtMP1(%v) = %v, float32(1/√x) %v", x, got, want)
		}
		if halves := InvSqrtMP1Refine(x, InvSqrtMP1Estimate(x)); math.Float32bits(halves) != math.Float32bits(got) {
			t.Fatalf("InvSqrtMP1Refine(%v, InvSqrtMP1Estimate) = %#08x, InvSqrtMP1 %#08x", x, math.Float32bits(halves), math.Float32bits(got))
		}
	}
	for _, x := range []float32{math.SmallestNonzeroFloat32, 1e-40, 1e-38, math.MaxFloat32, 0, float32(math.Copysign(0, -1)),
		float32(math.Inf(1)), float32(math.Inf(-1)), -1, -1e-40, float32(math.NaN())} {
		check(x)
	}
	rng := rand.New(rand.NewSource(8))
	for range 1000000 {
		check(math.Float32frombits(rng.Uint32()))
	}
	if testing.Short() {
		return
	}
	for b := math.Float32bits(1); b < math.Float32bits(4); b++ {
		check(math.Float32frombits(b))
	}
}
