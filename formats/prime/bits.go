package prime

import "encoding/binary"

// bitReader reads the fields of a key bitstream
// (docs/formats/metroid-prime.md#bit-order): a run of
// big-endian u32 words whose bits are consumed least-significant first; a
// field that does not fit in what is left of a word takes its low bits from
// the top of that word and its high bits from the bottom of the next.
//
// A 64-bit buffer holds the unread bits, so a field of up to 32 bits needs at
// most one word load. The decoder checks the word count against the data
// before reading; the bounds check here only turns a decoder bug into a flag.
type bitReader struct {
	data []byte
	pos  int    // byte offset of the next word to load
	buf  uint64 // unread bits, next bit in bit 0
	n    uint   // number of unread bits in buf
	over bool   // a read went past the data
}

func newBitReader(data []byte) bitReader { return bitReader{data: data} }

// read returns the next q bits (0 ≤ q ≤ 32) as an unsigned value.
func (b *bitReader) read(q uint) uint32 {
	if b.n < q {
		if b.pos+4 > len(b.data) {
			b.over = true
			return 0
		}
		b.buf |= uint64(binary.BigEndian.Uint32(b.data[b.pos:])) << b.n
		b.pos += 4
		b.n += 32
	}
	v := uint32(b.buf & (1<<q - 1))
	b.buf >>= q
	b.n -= q
	return v
}

// readSigned returns the next q bits sign-extended from bit q-1, two's
// complement (docs/formats/metroid-prime.md#signed-fields). q = 0 reads
// nothing and gives 0: no cooked file has it and every reader's shift by
// q-1 is undefined there.
func (b *bitReader) readSigned(q uint) int32 {
	if q == 0 {
		return 0
	}
	s := 32 - q
	return int32(b.read(q)<<s) >> s
}

// bitWriter is the inverse of bitReader: fields are packed least-significant
// bit first into u32 words written big-endian.
type bitWriter struct {
	out []byte
	buf uint64
	n   uint
}

// write appends the low q bits of v (0 ≤ q ≤ 32).
func (w *bitWriter) write(v uint32, q uint) {
	w.buf |= uint64(v) & (1<<q - 1) << w.n
	w.n += q
	if w.n >= 32 {
		w.out = binary.BigEndian.AppendUint32(w.out, uint32(w.buf))
		w.buf >>= 32
		w.n -= 32
	}
}

// flush writes the last partial word, zero-filled, and returns the bytes.
func (w *bitWriter) flush() []byte {
	if w.n > 0 {
		w.out = binary.BigEndian.AppendUint32(w.out, uint32(w.buf))
		w.buf, w.n = 0, 0
	}
	return w.out
}

// bitmapBit returns bit i of a word-packed bitmap
// (docs/formats/metroid-prime.md#version-2-header: bit i is
// (word[i>>5] >> (i&31)) & 1).
func bitmapBit(words []uint32, i int) bool {
	return words[i>>5]>>(uint(i)&31)&1 != 0
}

// signedBits returns the fewest bits that hold v in two's complement (at
// least 1, so that every component costs a bit as cooked files do).
func signedBits(v int32) uint8 {
	if v < 0 {
		v = ^v
	}
	n := uint8(1)
	for v != 0 {
		v >>= 1
		n++
	}
	return n
}
