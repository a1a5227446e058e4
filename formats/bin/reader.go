// Package bin is the byte reader that the binary loaders share: it tracks
// its offset, reads big- or little-endian fields by name, and turns every
// short read or implausible count into a *formats.Error that says where.
//
// Errors are sticky, in the manner of bufio.Scanner: after the first failure
// every read returns a zero value and Err reports that first failure. This
// keeps decoders close to the shape of the layout tables they follow
// (docs/formats).
package bin

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/animview/animview/formats"
)

// ErrShort is the cause of an error for a read past the end of the data.
var ErrShort = errors.New("unexpected end of data")

// ErrCount is the cause of an error for a count that cannot fit in the
// bytes that remain.
var ErrCount = errors.New("count larger than the data that remains")

// Reader reads fields from a byte slice.
type Reader struct {
	data   []byte
	off    int
	order  binary.ByteOrder
	format string
	err    error
}

// NewReader returns a reader over data that names format in its errors.
func NewReader(data []byte, order binary.ByteOrder, format string) *Reader {
	return &Reader{data: data, order: order, format: format}
}

// Err returns the first error, or nil.
func (r *Reader) Err() error { return r.err }

// Offset returns the current byte offset.
func (r *Reader) Offset() int { return r.off }

// Len returns the number of bytes that remain.
func (r *Reader) Len() int { return len(r.data) - r.off }

// Data returns the whole underlying slice.
func (r *Reader) Data() []byte { return r.data }

// SetOrder changes the byte order for the following reads.
func (r *Reader) SetOrder(o binary.ByteOrder) { r.order = o }

// Order returns the current byte order.
func (r *Reader) Order() binary.ByteOrder { return r.order }

// Fail records an error for field at the current offset unless one is
// already recorded, and returns the recorded error.
func (r *Reader) Fail(field string, msg string, args ...any) error {
	return r.FailAt(field, r.off, msg, args...)
}

// FailAt records an error for field at the given offset unless one is
// already recorded, and returns the recorded error.
func (r *Reader) FailAt(field string, off int, msg string, args ...any) error {
	if r.err == nil {
		r.err = &formats.Error{Format: r.format, Field: field, Offset: int64(off), Err: fmt.Errorf(msg, args...)}
	}
	return r.err
}

func (r *Reader) failWrap(field string, off int, cause error, msg string, args ...any) {
	if r.err == nil {
		r.err = &formats.Error{Format: r.format, Field: field, Offset: int64(off),
			Err: fmt.Errorf("%s: %w", fmt.Sprintf(msg, args...), cause)}
	}
}

// take returns the next n bytes or nil after recording an error.
func (r *Reader) take(field string, n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.data)-r.off {
		r.failWrap(field, r.off, ErrShort, "need %d bytes, %d remain", n, len(r.data)-r.off)
		return nil
	}
	b := r.data[r.off : r.off+n]
	r.off += n
	return b
}

// Bytes returns the next n bytes (a sub-slice, not a copy).
func (r *Reader) Bytes(field string, n int) []byte { return r.take(field, n) }

// Skip advances n bytes.
func (r *Reader) Skip(field string, n int) { r.take(field, n) }

// Seek moves to an absolute offset within the data.
func (r *Reader) Seek(field string, off int) {
	if r.err != nil {
		return
	}
	if off < 0 || off > len(r.data) {
		r.FailAt(field, r.off, "offset %d outside the %d-byte data", off, len(r.data))
		return
	}
	r.off = off
}

// U8 reads one byte.
func (r *Reader) U8(field string) uint8 {
	b := r.take(field, 1)
	if b == nil {
		return 0
	}
	return b[0]
}

// U16 reads an unsigned 16-bit integer.
func (r *Reader) U16(field string) uint16 {
	b := r.take(field, 2)
	if b == nil {
		return 0
	}
	return r.order.Uint16(b)
}

// U32 reads an unsigned 32-bit integer.
func (r *Reader) U32(field string) uint32 {
	b := r.take(field, 4)
	if b == nil {
		return 0
	}
	return r.order.Uint32(b)
}

// I16 reads a signed 16-bit integer.
func (r *Reader) I16(field string) int16 { return int16(r.U16(field)) }

// I32 reads a signed 32-bit integer.
func (r *Reader) I32(field string) int32 { return int32(r.U32(field)) }

// F32 reads an IEEE-754 single.
func (r *Reader) F32(field string) float32 { return math.Float32frombits(r.U32(field)) }

// F32Order reads a single in the given byte order whatever the reader's
// order is (The Sims stores little-endian floats in big-endian files).
func (r *Reader) F32Order(field string, o binary.ByteOrder) float32 {
	b := r.take(field, 4)
	if b == nil {
		return 0
	}
	return math.Float32frombits(o.Uint32(b))
}

// Finite32 reads a single that the format needs as a number: a NaN or an
// infinity is recorded as an error at the field's offset that wraps
// formats.ErrNonFinite (docs/formats/README.md#limits-and-non-finite-numbers),
// and 0 is returned.
func (r *Reader) Finite32(field string) float32 { return r.Finite32Order(field, r.order) }

// Finite32Order is Finite32 in the given byte order whatever the reader's
// order is.
func (r *Reader) Finite32Order(field string, o binary.ByteOrder) float32 {
	off := r.off
	v := r.F32Order(field, o)
	if !formats.Finite(float64(v)) {
		if r.err == nil {
			r.err = formats.NonFinite(r.format, field, int64(off), v)
		}
		return 0
	}
	return v
}

// Finite64 reads a double that the format needs as a number, as Finite32
// does for a single.
func (r *Reader) Finite64(field string) float64 {
	off := r.off
	b := r.take(field, 8)
	if b == nil {
		return 0
	}
	v := math.Float64frombits(r.order.Uint64(b))
	if !formats.Finite(v) {
		if r.err == nil {
			r.err = formats.NonFinite64(r.format, field, int64(off), v)
		}
		return 0
	}
	return v
}

// Tolerant32 reads a single in a field the format's page lists as one its
// game ignores: a NaN or an infinity becomes substitute, and warn (when not
// nil) gets a message that names the format, the field, the offset and
// the substitute.
func (r *Reader) Tolerant32(field string, substitute float32, warn func(msg string)) float32 {
	off := r.off
	v := r.F32(field)
	if r.err != nil || formats.Finite(float64(v)) {
		return v
	}
	if warn != nil {
		warn(fmt.Sprintf("%v; read as %v", formats.NonFinite(r.format, field, int64(off), v), substitute))
	}
	return substitute
}

// Count checks that n elements of elemSize bytes each fit in the bytes that
// remain and returns n as an int, or 0 after recording an error. Call it on
// every count read from a file before allocating for it.
func (r *Reader) Count(field string, n uint64, elemSize int) int {
	if r.err != nil {
		return 0
	}
	if elemSize < 1 {
		elemSize = 1
	}
	remain := uint64(len(r.data) - r.off)
	if n > remain/uint64(elemSize) {
		r.failWrap(field, r.off, ErrCount, "%d entries of at least %d bytes need %d bytes, %d remain",
			n, elemSize, n*uint64(elemSize), remain)
		return 0
	}
	return int(n)
}
