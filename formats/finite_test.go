package formats

import (
	"errors"
	"testing"
)

// TestParseFinite covers the text formats' side of the rule: numbers
// parse, NaN and the infinities (spelt any way strconv accepts, or reached
// by overflow) wrap ErrNonFinite at the line, and other text is "not a
// number".
func TestParseFinite(t *testing.T) {
	for _, tc := range []struct {
		s         string
		bits      int
		want      float64
		nonFinite bool
		bad       bool
	}{
		{s: "1.5", bits: 32, want: 1.5},
		{s: "-0", bits: 64, want: 0},
		{s: "1e-50", bits: 32, want: 0},
		{s: "NaN", bits: 32, nonFinite: true},
		{s: "nan", bits: 64, nonFinite: true},
		{s: "inf", bits: 32, nonFinite: true},
		{s: "-Infinity", bits: 64, nonFinite: true},
		{s: "1e39", bits: 32, nonFinite: true},
		{s: "1e309", bits: 64, nonFinite: true},
		{s: "x", bits: 32, bad: true},
		{s: "", bits: 32, bad: true},
	} {
		v, err := ParseFinite("fmt", "field", 7, tc.s, tc.bits)
		var fe *Error
		switch {
		case tc.nonFinite || tc.bad:
			if !errors.As(err, &fe) || fe.Line != 7 || fe.Field != "field" || fe.Format != "fmt" {
				t.Errorf("%q: error %v, want one at line 7 naming fmt and field", tc.s, err)
			}
			if errors.Is(err, ErrNonFinite) != tc.nonFinite {
				t.Errorf("%q: error %v: ErrNonFinite %v, want %v", tc.s, err, errors.Is(err, ErrNonFinite), tc.nonFinite)
			}
		case err != nil || v != tc.want:
			t.Errorf("%q: %v, %v; want %v", tc.s, v, err, tc.want)
		}
	}
}
