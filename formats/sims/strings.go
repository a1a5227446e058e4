package sims

import (
	"encoding/binary"
	"fmt"

	"github.com/animview/animview/formats/bin"
)

// readPascal reads a string with a 1-byte length (FreeSO ReadPascalString).
func readPascal(r *bin.Reader, field string) string {
	n := r.U8(field)
	return string(r.Bytes(field, int(n)))
}

// readLongPascal reads a string with a 2-byte length in the reader's byte
// order (FreeSO ReadLongPascalString; only the `.anim` name uses it).
func readLongPascal(r *bin.Reader, field string) string {
	n := r.U16(field)
	return string(r.Bytes(field, int(n)))
}

// readCounted reads a `.bcf` counted string: a 1-byte length, where 255
// means that an int32 length follows (Don Hopkins' description of the
// format; FreeSO does not implement the escape, and no known file has a
// 255-byte string, so both readings agree on real data).
func readCounted(r *bin.Reader, field string) string {
	n := int64(r.U8(field))
	if n == 255 {
		off := r.Offset()
		n = int64(r.I32(field))
		if n < 0 {
			r.FailAt(field, off, "string length %d", n)
			return ""
		}
	}
	if r.Err() == nil && n > int64(r.Len()) {
		r.Fail(field, "string of %d bytes, %d remain: %w", n, r.Len(), bin.ErrShort)
		return ""
	}
	return string(r.Bytes(field, int(n)))
}

// appendPascal appends a string with a 1-byte length.
func appendPascal(b []byte, s, field string) ([]byte, error) {
	if len(s) > 255 {
		return b, fmt.Errorf("%s: %d bytes do not fit a 1-byte length", field, len(s))
	}
	b = append(b, byte(len(s)))
	return append(b, s...), nil
}

// appendLongPascal appends a string with a 2-byte big-endian length.
func appendLongPascal(b []byte, s, field string) ([]byte, error) {
	if len(s) > 0xFFFF {
		return b, fmt.Errorf("%s: %d bytes do not fit a 2-byte length", field, len(s))
	}
	b = binary.BigEndian.AppendUint16(b, uint16(len(s)))
	return append(b, s...), nil
}

// appendCounted appends a `.bcf` counted string, using the 255 escape for
// long strings.
func appendCounted(b []byte, s string) []byte {
	if len(s) >= 255 {
		b = append(b, 255)
		b = binary.LittleEndian.AppendUint32(b, uint32(len(s)))
	} else {
		b = append(b, byte(len(s)))
	}
	return append(b, s...)
}

func errTooMany(what string, n, max int) error {
	return fmt.Errorf("%d %s: at most %d fit the count field", n, what, max)
}
