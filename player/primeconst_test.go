package player

import (
	"math"
	"testing"
)

// TestPrimeSlerpConstantBits checks the slerps' thresholds against the
// float32 bit patterns the games compare with.
func TestPrimeSlerpConstantBits(t *testing.T) {
	tests := []struct {
		name string
		got  float32
		bits uint32
	}{
		{"start snap", primeSnapStart, 0x3727c5ac},
		{"end snap", primeSnapEnd, 0x3f7fff58},
		{"MP1 lerp band", primeLerpDot, 0x3f733333},
		{"MP2 opposite", prime2OppositeDot, 0xbf7ffffe},
		{"MP2 lerp band", prime2LerpDot, 0x3f5db22d},
	}
	for _, tc := range tests {
		if b := math.Float32bits(tc.got); b != tc.bits {
			t.Errorf("%s: %#08x, want %#08x", tc.name, b, tc.bits)
		}
	}
}
