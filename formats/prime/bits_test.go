package prime

import (
	"math/rand"
	"testing"
)

// docs/formats/metroid-prime.md#bit-order: bits are consumed LSB-first
// within big-endian u32 words; a
// field that straddles two words takes its low bits from the top of the
// first and its high bits from the bottom of the next.
func TestBitReaderOrder(t *testing.T) {
	// Word 0 = 0x80000001: bit 0 set, bit 31 set. Word 1 = 0x00000002.
	data := []byte{0x80, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02}
	br := newBitReader(data)
	steps := []struct {
		q    uint
		want uint32
	}{
		{1, 1},  // bit 0 of word 0
		{30, 0}, // bits 1..30
		// Straddle: bit 31 of word 0 is the low bit (1); bits 0..2 of word
		// 1 are 0,1,0, so the 4-bit field is 1 | 0<<1 | 1<<2 | 0<<3 = 5.
		{4, 5},
	}
	for i, s := range steps {
		if got := br.read(s.q); got != s.want {
			t.Fatalf("step %d: read(%d) = %d, want %d", i, s.q, got, s.want)
		}
	}
}

// docs/formats/metroid-prime.md#signed-fields: a q-bit field is
// sign-extended from bit q-1.
func TestBitReaderSigned(t *testing.T) {
	tests := []struct {
		word uint32
		q    uint
		want int32
	}{
		{0b101, 3, -3},        // 101 = -3 in 3 bits
		{0b011, 3, 3},         // sign bit clear
		{0b1, 1, -1},          // a 1-bit field is 0 or -1
		{0b10000, 5, -16},     // most negative 5-bit value
		{0x10001, 17, -65535}, // 17 bits: 0x10001 - 0x20000
		{0xFFFFFFFF, 32, -1},  // full word
		{0x7FFFFFFF, 32, 0x7FFFFFFF},
		{0xFFFF, 0, 0}, // q = 0 reads nothing (docs/formats/metroid-prime.md#signed-fields)
	}
	for _, tc := range tests {
		w := tc.word
		br := newBitReader([]byte{byte(w >> 24), byte(w >> 16), byte(w >> 8), byte(w)})
		if got := br.readSigned(tc.q); got != tc.want {
			t.Errorf("readSigned(%d) of %#x = %d, want %d", tc.q, tc.word, got, tc.want)
		}
	}
}

func TestBitReaderPastEnd(t *testing.T) {
	br := newBitReader([]byte{1, 2, 3, 4})
	br.read(32)
	if br.read(1); !br.over {
		t.Fatal("reading past the data did not set the flag")
	}
}

func TestBitWriterRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	type field struct {
		v uint32
		q uint
	}
	var fields []field
	for i := 0; i < 2000; i++ {
		q := uint(rng.Intn(33))
		fields = append(fields, field{rng.Uint32() & uint32(1<<q-1), q})
	}
	var w bitWriter
	for _, f := range fields {
		w.write(f.v, f.q)
	}
	br := newBitReader(w.flush())
	for i, f := range fields {
		if got := br.read(f.q); got != f.v {
			t.Fatalf("field %d: read %#x, want %#x (%d bits)", i, got, f.v, f.q)
		}
	}
}

func TestSignedBits(t *testing.T) {
	tests := []struct {
		v    int32
		want uint8
	}{{0, 1}, {-1, 1}, {1, 2}, {-2, 2}, {2, 3}, {-3, 3}, {15, 5}, {-16, 5}, {16, 6}, {32767, 16}, {-32768, 16}}
	for _, tc := range tests {
		if got := signedBits(tc.v); got != tc.want {
			t.Errorf("signedBits(%d) = %d, want %d", tc.v, got, tc.want)
		}
		if !fitsSigned(tc.v, uint(tc.want)) || (tc.want > 1 && fitsSigned(tc.v, uint(tc.want-1))) {
			t.Errorf("fitsSigned disagrees with signedBits for %d", tc.v)
		}
	}
}

// The decoder's inlined loop agrees with the reference bit reader on random
// plans and streams, including zero-width and 32-bit fields.
func TestUnpackRecordsMatchesReader(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for trial := 0; trial < 200; trial++ {
		var p []fieldPlan
		sum := 0
		for i := rng.Intn(12); i >= 0; i-- {
			f := fieldPlan{bits: uint8(rng.Intn(33))}
			if rng.Intn(4) == 0 {
				f = fieldPlan{bits: 1, abs: true}
			}
			p = append(p, f)
			sum += int(f.bits)
		}
		records := rng.Intn(20)
		words := make([]byte, 4*((sum*records+31)/32))
		rng.Read(words)
		stride := len(p)
		got := make([]int16, (records+1)*stride)
		want := make([]int16, (records+1)*stride)
		for i := 0; i < stride; i++ {
			v := int16(rng.Intn(65536))
			if p[i].abs {
				v = 0
			}
			got[i], want[i] = v, v
		}
		if !unpackRecords(words, p, got, stride, records) {
			t.Fatal("ran out of words")
		}
		br := newBitReader(words)
		for k := 1; k <= records; k++ {
			for i, f := range p {
				if f.abs {
					want[k*stride+i] = int16(br.read(uint(f.bits)))
				} else {
					want[k*stride+i] = want[(k-1)*stride+i] + int16(br.readSigned(uint(f.bits)))
				}
			}
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("trial %d value %d: %d, want %d", trial, i, got[i], want[i])
			}
		}
	}
}
