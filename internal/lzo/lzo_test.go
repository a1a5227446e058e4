package lzo_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/animview/animview/internal/lzo"
	"github.com/animview/animview/internal/lzo/lzotest"
)

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Vectors worked by hand from lzo.rst; each comment names the rule.
func TestVectors(t *testing.T) {
	long := make([]byte, 2052)
	for i := range long {
		long[i] = byte(i % 251)
	}
	// Literal run after state 0: 00, seven zero bytes, F9: length
	// 3 + 15 + 7*255 + 249 = 2052. Then 04 00 in state 4: 0000DDSS with
	// D = 1, H = 0: three bytes from distance 0 + 1 + 2049 = 2050.
	longStream := append(append(unhex(t, "00 00000000000000 F9"), long...), unhex(t, "04 00 11 00 00")...)
	longWant := append(append([]byte(nil), long...), long[2:5]...)
	tests := []struct {
		name   string
		stream []byte
		want   []byte
	}{
		// First byte 0x14 > 17: copy 0x14 - 17 = 3 literals, state 3.
		// 48 00: M2 0 1 L=0 DDD=010 SS=00, length 3, distance (0<<3)+2+1.
		// 11 00 00: M4 with distance 16384, the end of the stream.
		{"first byte, M2 short, end", unhex(t, "14 616263 48 00 11 00 00"), []byte("abcabc")},
		// First byte 0x13: two literals, state 2. 01 00: M1 (state 1..3)
		// D=0 S=1 H=0, two bytes from distance 1, then one literal 'c'
		// (state 1). 04 00: M1 D=1 S=0, two bytes from distance 2.
		{"M1 after 1..3 literals", unhex(t, "13 6162 01 00 63 04 00 11 00 00"), []byte("abbbcbc")},
		// First byte 0x12: one literal. 20 01 00 00: M3 with L=0, length
		// 2 + 31 + 1 = 34, LE16 0 -> distance 1, S=0.
		{"M3 with an extended length", unhex(t, "12 78 20 01 00 00 11 00 00"), bytes.Repeat([]byte("x"), 35)},
		// M2 long: 1 LL=11 DDD=000 SS=01 = E1, H=0: length 8, distance 1,
		// then one literal.
		{"M2 long with a trailing literal", unhex(t, "12 7A E1 00 21 11 00 00"), []byte("zzzzzzzzz!")},
		// A literal run (state 0 at the start) of 3 + 2 = 5 bytes.
		{"literal run at the start", unhex(t, "02 6869 6a6b6c 11 00 00"), []byte("hijkl")},
		{"long literal run, M1 after it", longStream, longWant},
		// An empty stream is the end marker alone.
		{"empty", unhex(t, "11 00 00"), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, unread, err := lzo.Decompress(nil, tc.stream, 1<<16)
			if err != nil {
				t.Fatal(err)
			}
			if unread != 0 {
				t.Errorf("%d bytes unread", unread)
			}
			if !bytes.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// M4 distances: 16384 + (H << 14) + D, with H = 0 and H = 1.
func TestM4Distances(t *testing.T) {
	for _, tc := range []struct {
		h, d int
	}{{0, 1}, {0, 5}, {1, 0}, {1, 3}} {
		dist := 16384 + tc.h<<14 + tc.d
		lit := make([]byte, dist)
		rand.New(rand.NewSource(int64(dist))).Read(lit)
		// Literal run of dist bytes: 00, then the extension of
		// dist - 18 in zero bytes and a remainder.
		s := []byte{0}
		v := dist - 18
		for v > 255 {
			s = append(s, 0)
			v -= 255
		}
		s = append(s, byte(v))
		s = append(s, lit...)
		// 0 0 0 1 H L=001: length 3; LE16 D<<2 | S=0.
		s = append(s, byte(0x10|tc.h<<3|1), byte(tc.d<<2), byte(tc.d>>6))
		s = append(s, 0x11, 0, 0)
		got, _, err := lzo.Decompress(nil, s, 1<<17)
		if err != nil {
			t.Fatalf("H=%d D=%d: %v", tc.h, tc.d, err)
		}
		want := append(append([]byte(nil), lit...), lit[0:3]...)
		if !bytes.Equal(got, want) {
			t.Errorf("H=%d D=%d: copied %x, want %x", tc.h, tc.d, got[dist:], lit[:3])
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name   string
		stream string
		limit  int
		want   error
		offset int
	}{
		{"truncated literals", "16 6162", 100, lzo.ErrInput, 0},
		{"no end marker", "14 616263", 100, lzo.ErrNoEnd, 4},
		{"M2 before the start", "12 61 48 00 11 00 00", 100, lzo.ErrDistance, 2},
		{"M3 operand cut", "12 61 21 00", 100, lzo.ErrInput, 2},
		{"over the limit", "14 616263 48 00 11 00 00", 5, lzo.ErrOutput, 4},
		{"first run over the limit", "14 616263", 2, lzo.ErrOutput, 0},
		{"empty input", "", 10, lzo.ErrNoEnd, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := lzo.Decompress(nil, unhex(t, tc.stream), tc.limit)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			var le *lzo.Error
			if !errors.As(err, &le) || le.Offset != tc.offset {
				t.Errorf("error %v: want offset %d", err, tc.offset)
			}
		})
	}
}

func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	random := make([]byte, 70000)
	r.Read(random)
	text := []byte(strings.Repeat("the quick brown fox jumps over the lazy dog ", 2000))
	runs := bytes.Repeat([]byte{0, 0, 0, 0, 1, 2}, 10000)
	mixed := append(append(append([]byte(nil), random[:20000]...), random[:20000]...), text[:5000]...)
	far := append(append(append([]byte(nil), random[:300]...), random[300:40000]...), random[:300]...)
	for _, data := range [][]byte{nil, {1}, {1, 2}, []byte("abc"), random, text, runs, mixed, far} {
		c := lzotest.Compress(data)
		got, unread, err := lzo.Decompress(nil, c, len(data))
		if err != nil || unread != 0 || !bytes.Equal(got, data) {
			t.Fatalf("%d bytes: round trip failed: %v (unread %d)", len(data), err, unread)
		}
		if len(data) > 0 {
			if _, _, err := lzo.Decompress(nil, c, len(data)-1); !errors.Is(err, lzo.ErrOutput) {
				t.Errorf("%d bytes into a limit one short: %v", len(data), err)
			}
		}
	}
}

func FuzzLZO(f *testing.F) {
	f.Add(unhex(f, "14 616263 48 00 11 00 00"))
	f.Add(unhex(f, "13 6162 01 00 63 04 00 11 00 00"))
	f.Add(unhex(f, "12 78 20 01 00 00 11 00 00"))
	f.Add(lzotest.Compress([]byte(strings.Repeat("fuzz seed ", 50))))
	f.Add([]byte{0x00, 0x00, 0x00, 0x00})
	for _, name := range []string{"small.lzo1x-1", "seg.lzo1x-999", "runs.lzo1x-1"} {
		if b, err := os.ReadFile("testdata/" + name); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const limit = 1 << 16
		out, unread, err := lzo.Decompress(nil, data, limit)
		if len(out) > limit {
			t.Fatalf("%d bytes out, limit %d", len(out), limit)
		}
		if err == nil && (unread < 0 || unread > len(data)) {
			t.Fatalf("unread %d of %d", unread, len(data))
		}
		c := lzotest.Compress(data)
		back, _, err := lzo.Decompress(nil, c, len(data))
		if err != nil || !bytes.Equal(back, data) {
			t.Fatalf("round trip: %v", err)
		}
	})
}
