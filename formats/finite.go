package formats

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// ErrNonFinite is the cause of an error for a NaN or an infinity where a
// format holds a number. Every loader applies the one rule of
// docs/formats/README.md#limits-and-non-finite-numbers: such a value is an
// error naming the format, the field and the offset (or line), unless the
// format's page lists the field as one its game ignores, in which case it
// is a warning and the stated substitute.
var ErrNonFinite = errors.New("not a finite number")

// Finite reports whether v is neither NaN nor an infinity.
func Finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// NonFinite returns the *Error for a non-finite single read from field at
// byte offset off: it gives the value and its bits, so that a damaged word
// (0xFFFFFFFF) is recognisable.
func NonFinite(format, field string, off int64, v float32) error {
	return &Error{Format: format, Field: field, Offset: off,
		Err: fmt.Errorf("%v (0x%08X): %w", v, math.Float32bits(v), ErrNonFinite)}
}

// NonFinite64 is NonFinite for a double.
func NonFinite64(format, field string, off int64, v float64) error {
	return &Error{Format: format, Field: field, Offset: off,
		Err: fmt.Errorf("%v (0x%016X): %w", v, math.Float64bits(v), ErrNonFinite)}
}

// ParseFinite parses a text format's number s as a float of bitSize bits
// (32 or 64). Text that is not a number, "NaN", "Inf", and a number too
// large for the size (which strconv rounds to an infinity) are errors at
// line naming format and field; the NaN and infinity cases wrap
// ErrNonFinite.
func ParseFinite(format, field string, line int, s string, bitSize int) (float64, error) {
	v, err := strconv.ParseFloat(s, bitSize)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return 0, LineErrorf(format, field, line, "%q is not a number", s)
	case !Finite(v):
		return 0, &Error{Format: format, Field: field, Offset: -1, Line: line,
			Err: fmt.Errorf("%q: %w", s, ErrNonFinite)}
	case err != nil:
		// A range error that is finite is an underflow to zero or the
		// smallest denormal: strconv's nearest value, kept.
	}
	return v, nil
}
