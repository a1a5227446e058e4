package sims

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
)

// The rule for numbers (docs/formats/sims.md#numbers): every float this
// package reads is one the format needs (a transform, a key, a duration,
// a weight, a vertex), and none of the games is known to tolerate a NaN or
// an infinity in any of them, so such a value is an error that names the
// format, the field and the byte offset (or line), with the value's bits.

// errNonFinite is the cause of every such error.
var errNonFinite = errors.New("not a finite number")

func isFinite(v float32) bool {
	return !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0)
}

// finite32 reads a single in byte order o and records an error at its
// offset when it is not finite (0 is returned then).
func finite32(r *bin.Reader, field string, o binary.ByteOrder) float32 {
	off := r.Offset()
	v := r.F32Order(field, o)
	if r.Err() == nil && !isFinite(v) {
		r.FailAt(field, off, "%v (0x%08X): %w", v, math.Float32bits(v), errNonFinite)
		return 0
	}
	return v
}

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
	v, err := strconv.ParseFloat(s, 32)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return 0, formats.LineErrorf(format, field, line, "%q is not a number", s)
	case math.IsNaN(v) || math.IsInf(v, 0):
		return 0, &formats.Error{Format: format, Field: field, Offset: -1, Line: line, Err: fmt.Errorf("%q: %w", s, errNonFinite)}
	}
	return float32(v), nil
}
