// Package lzo decompresses LZO1X streams, the compression Metroid Prime 2
// uses for the segments of its PAK entries.
//
// The decoder follows the Linux kernel's prose description of the stream
// (Documentation/staging/lzo.rst, "LZO stream format as understood by Linux's
// LZO decompressor"); no other implementation's code was used. Every read is
// checked against the input and every write against a hard output limit, so
// a hostile stream ends in an error, never a panic or an allocation beyond
// the limit.
package lzo

import (
	"errors"
	"fmt"
)

// Errors the decoder wraps in an *Error.
var (
	// ErrInput is a read past the end of the compressed data.
	ErrInput = errors.New("compressed data ends inside an instruction")
	// ErrOutput is output beyond the caller's limit.
	ErrOutput = errors.New("output would exceed its limit")
	// ErrDistance is a back reference before the start of the output.
	ErrDistance = errors.New("back reference before the start of the output")
	// ErrNoEnd is compressed data that ends without the end marker.
	ErrNoEnd = errors.New("no end-of-stream marker")
)

// Error says where in the compressed data decoding failed.
type Error struct {
	// Offset is the byte offset of the instruction in the compressed data.
	Offset int
	// Instruction names the instruction kind being decoded.
	Instruction string
	Err         error
}

// Error formats the error with its offset.
func (e *Error) Error() string {
	return fmt.Sprintf("lzo: %s at offset %d: %v", e.Instruction, e.Offset, e.Err)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// decoder holds one decompression's cursors.
type decoder struct {
	src   []byte
	in    int
	out   []byte
	limit int
	// at is the offset of the instruction being decoded; what names it.
	at   int
	what string
}

func (d *decoder) fail(err error) error {
	return &Error{Offset: d.at, Instruction: d.what, Err: err}
}

func (d *decoder) byte() (byte, error) {
	if d.in >= len(d.src) {
		return 0, d.fail(ErrInput)
	}
	b := d.src[d.in]
	d.in++
	return b, nil
}

// le16 reads the little-endian 16-bit operand of M3 and M4.
func (d *decoder) le16() (int, error) {
	if len(d.src)-d.in < 2 {
		return 0, d.fail(ErrInput)
	}
	v := int(d.src[d.in]) | int(d.src[d.in+1])<<8
	d.in += 2
	return v, nil
}

// length decodes a variable length whose operand bits were zero (lzo.rst:
// "length = base + (zero_bytes * 255) + non_zero_byte"). The count of zero
// bytes is bounded by the output limit, so a run of zeros cannot loop long.
func (d *decoder) length(base int) (int, error) {
	n := base
	for {
		b, err := d.byte()
		if err != nil {
			return 0, err
		}
		if b != 0 {
			return n + int(b), nil
		}
		n += 255
		if n > d.limit {
			return 0, d.fail(ErrOutput)
		}
	}
}

// literals copies n bytes of input to the output.
func (d *decoder) literals(n int) error {
	if n > d.limit-len(d.out) {
		return d.fail(ErrOutput)
	}
	if n > len(d.src)-d.in {
		return d.fail(ErrInput)
	}
	d.out = append(d.out, d.src[d.in:d.in+n]...)
	d.in += n
	return nil
}

// match copies n bytes from dist bytes back in the output; the regions may
// overlap (a run), so the copy goes byte by byte where they do.
func (d *decoder) match(dist, n int) error {
	if dist < 1 || dist > len(d.out) {
		return d.fail(ErrDistance)
	}
	if n > d.limit-len(d.out) {
		return d.fail(ErrOutput)
	}
	start := len(d.out) - dist
	if dist >= n {
		d.out = append(d.out, d.out[start:start+n]...)
		return nil
	}
	for i := 0; i < n; i++ {
		d.out = append(d.out, d.out[start+i])
	}
	return nil
}

// Decompress appends the decompressed stream src to dst and returns it. The
// output (what is appended) may not exceed limit bytes; a stream that would
// write more stops with ErrOutput. The stream must end with the end marker;
// bytes after it are returned as the count of unread input.
func Decompress(dst, src []byte, limit int) (out []byte, unread int, err error) {
	d := &decoder{src: src, limit: limit + len(dst), out: dst}
	if limit < 0 {
		d.limit = len(dst)
	}
	// state is the number of literals the last instruction copied (0..3),
	// or 4 after a literal run of four or more: it selects what a 0000xxxx
	// instruction means.
	state := 0
	if len(src) > 0 && src[0] > 17 {
		// lzo.rst, first byte 18..255: copy (byte - 17) literals; the state
		// is that count when below 4, else 4. (The document's "18..21:
		// copy 0..3 literals" is off by one: 18 - 17 is 1.)
		d.what = "first literal run"
		n := int(src[0]) - 17
		d.in = 1
		if err := d.literals(n); err != nil {
			return d.out, 0, err
		}
		state = min(n, 4)
	}
	for {
		d.at = d.in
		inst, err := d.byte()
		if err != nil {
			d.what = "instruction"
			return d.out, 0, d.fail(ErrNoEnd)
		}
		var dist, n, next int
		switch {
		case inst >= 128:
			// M2: 1 L L D D D S S, length 5 + L, then H:
			// distance = (H << 3) + D + 1.
			d.what = "M2 (long)"
			h, err := d.byte()
			if err != nil {
				return d.out, 0, err
			}
			n = 5 + int(inst>>5&3)
			dist = int(h)<<3 + int(inst>>2&7) + 1
			next = int(inst & 3)
		case inst >= 64:
			// M2: 0 1 L D D D S S, length 3 + L.
			d.what = "M2 (short)"
			h, err := d.byte()
			if err != nil {
				return d.out, 0, err
			}
			n = 3 + int(inst>>5&1)
			dist = int(h)<<3 + int(inst>>2&7) + 1
			next = int(inst & 3)
		case inst >= 32:
			// M3: 0 0 1 L L L L L, length 2 + (L ?: 31 + extension),
			// LE16 D..D S S, distance = D + 1.
			d.what = "M3"
			n = 2 + int(inst&31)
			if inst&31 == 0 {
				if n, err = d.length(2 + 31); err != nil {
					return d.out, 0, err
				}
			}
			v, err := d.le16()
			if err != nil {
				return d.out, 0, err
			}
			dist = v>>2 + 1
			next = v & 3
		case inst >= 16:
			// M4: 0 0 0 1 H L L L, length 2 + (L ?: 7 + extension),
			// LE16 D..D S S, distance = 16384 + (H << 14) + D; a distance
			// of exactly 16384 is the end of the stream.
			d.what = "M4"
			n = 2 + int(inst&7)
			if inst&7 == 0 {
				if n, err = d.length(2 + 7); err != nil {
					return d.out, 0, err
				}
			}
			v, err := d.le16()
			if err != nil {
				return d.out, 0, err
			}
			dist = 16384 + int(inst&8)<<11 + v>>2
			next = v & 3
			if dist == 16384 {
				return d.out, len(src) - d.in, nil
			}
		case state == 0:
			// 0 0 0 0 L L L L after no literals: a literal run of
			// 3 + (L ?: 15 + extension) bytes; the state becomes 4.
			d.what = "literal run"
			n = 3 + int(inst)
			if inst == 0 {
				if n, err = d.length(3 + 15); err != nil {
					return d.out, 0, err
				}
			}
			if err := d.literals(n); err != nil {
				return d.out, 0, err
			}
			state = 4
			continue
		case state < 4:
			// M1 after 1..3 literals: 0 0 0 0 D D S S, two bytes from
			// distance (H << 2) + D + 1.
			d.what = "M1"
			h, err := d.byte()
			if err != nil {
				return d.out, 0, err
			}
			n = 2
			dist = int(h)<<2 + int(inst>>2&3) + 1
			next = int(inst & 3)
		default:
			// After a literal run of four or more: 0 0 0 0 D D S S, three
			// bytes from distance (H << 2) + D + 2049.
			d.what = "M1 (after a literal run)"
			h, err := d.byte()
			if err != nil {
				return d.out, 0, err
			}
			n = 3
			dist = int(h)<<2 + int(inst>>2&3) + 2049
			next = int(inst & 3)
		}
		if err := d.match(dist, n); err != nil {
			return d.out, 0, err
		}
		// S: copy S literals after the match; the state is S.
		if err := d.literals(next); err != nil {
			return d.out, 0, err
		}
		state = next
	}
}
