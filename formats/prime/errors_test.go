package prime

import (
	"errors"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
)

// patch returns a copy of data with b written at off.
func patch(data []byte, off int, b ...byte) []byte {
	out := append([]byte(nil), data...)
	copy(out[off:], b)
	return out
}

func TestANIMErrors(t *testing.T) {
	mp1 := hexBytes(t, mp1V2Vector)
	mp2 := hexBytes(t, mp2V2Vector)
	v0 := hexBytes(t, mp1V0Vector)
	// Offsets in mp1V2Vector: header 0..59, descriptor 0 at 64 (bits x at
	// 72), descriptor 1 at 81, bitstream at 107.
	tests := []struct {
		name   string
		data   []byte
		game   Game
		field  string
		offset int64
	}{
		{"version 1", patch(mp1, 3, 1), GameAuto, "version", 0},
		{"interval 0", patch(mp1, 20, 0, 0, 0, 0), GameAuto, "interval", 20},
		{"duration NaN", patch(mp1, 16, 0x7F, 0xC0, 0, 0), GameAuto, "duration", 16},
		{"rotation divisor 0", patch(mp1, 35, 0), GameAuto, "rotation divisor", 32},
		{"bitmap longer than the data", patch(mp1, 48, 0x7F), GameAuto, "key bitmap", 52},
		{"channel count larger than the data", patch(mp1, 60, 0x10), GameAuto, "channel count", 64},
		{"bone id 100", patch(mp1, 67, 100), GameAuto, "channel 0 bone id", 64},
		{"33 bits", patch(mp1, 72, 33), GameAuto, "channel 0 rotation bits x", 72},
		{"bitstream truncated", mp1[:118], GameAuto, "key bitstream", 107},
		{"MP2 bone id 200", patch(mp2, 58, 200), GameAuto, "channel 0 bone id", 58},
		{"MP2 forced on MP1", mp1, MP2, "", -1},
		{"v0 channel out of range", patch(v0, 35, 5), MP1, "bone channel table", 35},
		{"v0 rotation count not whole channels", patch(v0, 47, 3), GameAuto, "", -1},
	}
	for _, tc := range tests {
		_, err := ParseANIM(tc.data, tc.game)
		var fe *formats.Error
		if !errors.As(err, &fe) {
			t.Errorf("%s: %v is not a formats.Error", tc.name, err)
			continue
		}
		if tc.field != "" && (fe.Field != tc.field || fe.Offset != tc.offset) {
			t.Errorf("%s: %q at %d, want %q at %d (%v)", tc.name, fe.Field, fe.Offset, tc.field, tc.offset, err)
		}
	}
}

// Every truncation of every seed either still parses (a prefix that ends at
// padding) or fails with an error that names a field and an offset within
// the data; nothing panics.
func TestTruncationAnywhere(t *testing.T) {
	anim, cinf, evnt, err := DemoFiles()
	if err != nil {
		t.Fatal(err)
	}
	parsers := []struct {
		name  string
		parse func([]byte) error
		seeds [][]byte
	}{
		{"ANIM", func(b []byte) error { _, err := ParseANIM(b, GameAuto); return err },
			[][]byte{anim, hexBytes(t, mp1V2Vector), hexBytes(t, mp2V2Vector), hexBytes(t, mp1V0Vector), hexBytes(t, mp2V0Vector)}},
		{"CINF", func(b []byte) error { _, err := ParseCINF(b, GameAuto); return err },
			[][]byte{cinf, hexBytes(t, mp1CINFVector)}},
		{"EVNT", func(b []byte) error { _, err := ParseEVNT(b, GameAuto); return err },
			[][]byte{evnt, hexBytes(t, mp1EVNTVector)}},
	}
	for _, p := range parsers {
		for si, seed := range p.seeds {
			for n := 0; n < len(seed); n++ {
				err := p.parse(seed[:n])
				if err == nil {
					continue
				}
				var fe *formats.Error
				if !errors.As(err, &fe) || fe.Field == "" || fe.Offset < 0 || fe.Offset > int64(n) {
					t.Fatalf("%s seed %d cut at %d: %v", p.name, si, n, err)
				}
				if !strings.HasPrefix(err.Error(), "prime") && !strings.HasPrefix(err.Error(), "not an") {
					t.Fatalf("%s seed %d cut at %d: error %q does not name the format", p.name, si, n, err)
				}
			}
		}
	}
}

// Counts that promise more than the data holds fail before allocating.
func TestHugeCounts(t *testing.T) {
	// A v0 file claiming 2^32-1 rotation keys.
	data := hexBytes(t, `00000000 3F000000 00000000 3E800000 00000000 00000002 00000003
			00000001 FF 00000000 FFFFFFFF`)
	allocs := testing.AllocsPerRun(10, func() {
		if _, err := ParseANIM(data, MP1); err == nil {
			t.Fatal("no error")
		}
	})
	if allocs > 20 {
		t.Errorf("%v allocations for a rejected count", allocs)
	}
}

// Zero-width fields cost no bits, so a file could promise millions of
// values from a few bytes; the decoder holds the values to what the
// bitstream's bits justify.
func TestZeroWidthBudget(t *testing.T) {
	a := &AnimV2{Game: MP2, Records: 65535}
	a.V2Header = V2Header{Marker: MP2Marker, Interval: 0.1, RotDiv: 1, BitmapBits: 1, Bitmap: []uint32{1}}
	a.Channels = append(a.Channels, Descriptor{Rot: Block{KeyCount: 65535}})
	for i := 0; i < 99; i++ {
		a.Channels = append(a.Channels, Descriptor{BoneID: 1, Trans: Block{KeyCount: 65535}})
	}
	a.Values = make([]int16, (a.Records+1)*a.Stride())
	data, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	_, err = ParseANIM(data, GameAuto)
	var fe *formats.Error
	if !errors.As(err, &fe) || fe.Field != "key bitstream" {
		t.Fatalf("%d-byte file promising %d values: %v", len(data), len(a.Values), err)
	}
}
