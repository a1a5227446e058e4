package formats

import (
	"math"
	"testing"
)

// TestCurveSpan: the part of a Hermite curve between two times plays as
// the curve itself there, shifted (a piece of a cubic is a cubic), and a
// span outside the keys has no curve. The curve is glTF's CUBICSPLINE
// form (Vec3Track.Curve), worked on three keys by hand.
func TestCurveSpan(t *testing.T) {
	curve := []HermiteKey{
		{Time: 0, Value: [3]float64{0, 0, 0}, Out: [3]float64{1, 2, 0}},
		{Time: 0.5, Value: [3]float64{1, -1, 2}, In: [3]float64{3, 0, 1}, Out: [3]float64{-2, 1, 1}},
		{Time: 2, Value: [3]float64{0, 1, -1}, In: [3]float64{0.5, 0.5, 0}},
	}
	for _, tt := range []struct {
		a, b, shift float64
		keys        int
	}{{0.2, 1.5, 0.2, 3}, {0, 2, 0, 3}, {0.5, 2, 0.5, 2}, {0.1, 0.4, 0, 2}, {-1, 1, 0, 0}, {1, 3, 0, 0}} {
		part := CurveSpan(curve, tt.a, tt.b, tt.shift)
		if len(part) != tt.keys {
			t.Errorf("[%v, %v]: %d keys, want %d", tt.a, tt.b, len(part), tt.keys)
			continue
		}
		if part == nil {
			continue
		}
		for k := 0; k <= 50; k++ {
			tm := tt.a + (tt.b-tt.a)*float64(k)/50
			want, _ := At(curve, tm)
			got, _ := At(part, tm-tt.shift)
			for c := range want {
				if math.Abs(got[c]-want[c]) > 1e-12 {
					t.Fatalf("[%v, %v] at %v: %v, want %v", tt.a, tt.b, tm, got, want)
				}
			}
		}
	}
	// At's derivative is the curve's: a central difference agrees.
	for _, tm := range []float64{0.1, 0.7, 1.9} {
		_, d := At(curve, tm)
		p1, _ := At(curve, tm+1e-6)
		p0, _ := At(curve, tm-1e-6)
		for c := range d {
			if fd := (p1[c] - p0[c]) / 2e-6; math.Abs(fd-d[c]) > 1e-5 {
				t.Errorf("at %v: derivative %v, finite difference %v", tm, d[c], fd)
			}
		}
	}
}
