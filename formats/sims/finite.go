package sims

import (
	"math"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
)

// The rule for numbers (docs/formats/README.md#limits-and-non-finite-numbers,
// docs/formats/sims.md#numbers): every float this package reads is one the
// format needs (a transform, a key, a duration, a weight, a vertex), and
// none of the games is known to tolerate a NaN or an infinity in any of
// them, so such a value is an error that names the format, the field and
// the byte offset (or line), with the value's bits, wrapping
// formats.ErrNonFinite.

// errNonFinite is the cause of every such error.
var errNonFinite = formats.ErrNonFinite

func isFinite(v float32) bool { return formats.Finite(float64(v)) }

// checkFinite records an error at off when v, already read, is not finite.
func checkFinite(r *bin.Reader, field string, off int, v float32) float32 {
	if r.Err() == nil && !isFinite(v) {
		r.FailAt(field, off, "%v (0x%08X): %w", v, math.Float32bits(v), errNonFinite)
		return 0
	}
	return v
}

// parseFinite parses a text number as a float32: text that is not a
// number, "nan", "inf" and numbers beyond float32's range are errors at the
// line.
func parseFinite(format, field string, line int, s string) (float32, error) {
	v, err := formats.ParseFinite(format, field, line, s, 32)
	return float32(v), err
}
