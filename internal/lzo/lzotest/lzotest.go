// Package lzotest is an LZO1X compressor for tests: it makes fixtures for
// the decoder and for PAK entries. It is simple and slow (greedy matching
// through a small hash table) and emits only the instruction forms lzo.rst
// describes: first-byte literal runs, literal runs, M2, M3 and M4 matches
// with up to three trailing literals in their S bits, and the end marker.
// Programs never compress, so only tests import it.
package lzotest

const (
	minMatch = 3
	maxM2    = 2048
	maxM3    = 16384
	maxM4    = 49151
	hashBits = 14
)

type encoder struct {
	out []byte
	// sPos is the index of the byte holding the last match's S bits, or
	// -1 when no match was written yet.
	sPos int
}

// Compress returns src as an LZO1X stream.
func Compress(src []byte) []byte {
	e := &encoder{sPos: -1}
	var table [1 << hashBits]int
	for i := range table {
		table[i] = -1
	}
	lit := 0 // start of the pending literals
	i := 0
	for i+minMatch <= len(src) {
		h := hash(src[i:])
		cand := table[h]
		table[h] = i
		if cand < 0 || i-cand > maxM4 || src[cand] != src[i] || src[cand+1] != src[i+1] || src[cand+2] != src[i+2] {
			i++
			continue
		}
		n := minMatch
		for i+n < len(src) && src[cand+n] == src[i+n] && n < 264 {
			n++
		}
		e.literals(src[lit:i])
		e.match(i-cand, n)
		i += n
		lit = i
	}
	e.literals(src[lit:])
	// End of stream: M4 with length 3 and distance 16384 (0x11 0x00 0x00).
	e.out = append(e.out, 0x11, 0, 0)
	return e.out
}

func hash(b []byte) int {
	v := uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16
	return int((v * 2654435761) >> (32 - hashBits))
}

// extend writes the part of a length beyond its operand bits: zero bytes of
// 255 each, then the rest (1..255).
func (e *encoder) extend(v int) {
	for v > 255 {
		e.out = append(e.out, 0)
		v -= 255
	}
	e.out = append(e.out, byte(v))
}

func (e *encoder) literals(b []byte) {
	n := len(b)
	if n == 0 {
		return
	}
	switch {
	case e.sPos < 0 && len(e.out) == 0 && n <= 238:
		// First byte 18..255: byte - 17 literals.
		e.out = append(e.out, byte(17+n))
	case e.sPos >= 0 && n <= 3:
		// Up to three literals ride in the previous match's S bits.
		e.out[e.sPos] |= byte(n)
	default:
		// A literal run (allowed after a match with S = 0, or first).
		if n-3 <= 15 {
			e.out = append(e.out, byte(n-3))
		} else {
			e.out = append(e.out, 0)
			e.extend(n - 3 - 15)
		}
	}
	e.out = append(e.out, b...)
}

func (e *encoder) match(dist, n int) {
	switch {
	case dist <= maxM2 && n <= 8:
		d := dist - 1
		if n <= 4 {
			e.out = append(e.out, byte(0x40|(n-3)<<5|(d&7)<<2))
		} else {
			e.out = append(e.out, byte(0x80|(n-5)<<5|(d&7)<<2))
		}
		e.sPos = len(e.out) - 1
		e.out = append(e.out, byte(d>>3))
	case dist <= maxM3:
		if n-2 <= 31 {
			e.out = append(e.out, byte(0x20|(n-2)))
		} else {
			e.out = append(e.out, 0x20)
			e.extend(n - 2 - 31)
		}
		d := dist - 1
		e.sPos = len(e.out)
		e.out = append(e.out, byte(d<<2), byte(d>>6))
	default:
		d := dist - 16384
		h := byte(d >> 14 & 1)
		d &= 0x3FFF
		if n-2 <= 7 {
			e.out = append(e.out, 0x10|h<<3|byte(n-2))
		} else {
			e.out = append(e.out, 0x10|h<<3)
			e.extend(n - 2 - 7)
		}
		e.sPos = len(e.out)
		e.out = append(e.out, byte(d<<2), byte(d>>6))
	}
}
