package prime

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
)

// zeros returns n zero bytes as hex.
func zeroHex(n int) string { return strings.Repeat("00", n) }

type txtrPixel struct {
	x, y int
	c    color.NRGBA
}

// txtrVectors are worked out by hand from docs/formats/metroid-prime.md:
// the header (#txtr-header), the palette (#txtr-palettes), the tile
// layouts (#gx-tiles), the texel rows (#gx-texels) and CMPR (#cmpr).
// Each image is smaller than its tile, so each also checks that the
// padding texels are dropped.
var txtrVectors = []struct {
	name string
	hex  string
	w, h int
	want []txtrPixel
}{
	{
		// I4 row: 4 bits, high nibble first, v·0x11 in all four channels;
		// an 8×8 tile, rows of 4 bytes.
		name: "I4 3x2", w: 3, h: 2,
		hex: "00000000 0003 0002 00000001 | I4, 3×2, 1 level\n" +
			"1F000000 | row 0: 1, F, 0\n 80300000 | row 1: 8, 0, 3\n" + zeroHex(24),
		want: []txtrPixel{{0, 0, color.NRGBA{0x11, 0x11, 0x11, 0x11}}, {1, 0, color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}},
			{2, 0, color.NRGBA{}}, {0, 1, color.NRGBA{0x88, 0x88, 0x88, 0x88}}, {1, 1, color.NRGBA{}}, {2, 1, color.NRGBA{0x33, 0x33, 0x33, 0x33}}},
	},
	{
		// I8 row: one byte in all four channels; an 8×4 tile, rows of 8.
		name: "I8 2x2", w: 2, h: 2,
		hex: "00000001 0002 0002 00000001\n 1020000000000000 | row 0\n 3040000000000000 | row 1\n" + zeroHex(16),
		want: []txtrPixel{{0, 0, color.NRGBA{0x10, 0x10, 0x10, 0x10}}, {1, 0, color.NRGBA{0x20, 0x20, 0x20, 0x20}},
			{0, 1, color.NRGBA{0x30, 0x30, 0x30, 0x30}}, {1, 1, color.NRGBA{0x40, 0x40, 0x40, 0x40}}},
	},
	{
		// IA4 row: alpha in the high nibble, intensity in the low one.
		name: "IA4 2x1", w: 2, h: 1,
		hex:  "00000002 0002 0001 00000001\n F30A | alpha F intensity 3; alpha 0 intensity A\n" + zeroHex(30),
		want: []txtrPixel{{0, 0, color.NRGBA{0x33, 0x33, 0x33, 0xFF}}, {1, 0, color.NRGBA{0xAA, 0xAA, 0xAA, 0}}},
	},
	{
		// IA8 row: alpha byte, then intensity; a 4×4 tile of 2-byte texels.
		name: "IA8 1x2", w: 1, h: 2,
		hex:  "00000003 0001 0002 00000001\n 8040 000000000000 | (0,0)\n FF10 000000000000 | (0,1)\n" + zeroHex(16),
		want: []txtrPixel{{0, 0, color.NRGBA{0x40, 0x40, 0x40, 0x80}}, {0, 1, color.NRGBA{0x10, 0x10, 0x10, 0xFF}}},
	},
	{
		// C4 with an RGB565 palette of 1×16 entries (#txtr-palettes).
		name: "C4 2x1 RGB565 palette", w: 2, h: 1,
		hex: "00000004 0002 0001 00000001\n 00000001 0001 0010 | palette: RGB565, 1×16\n" +
			"F800 07E0" + zeroHex(28) + "| red, green, 14 more\n 10 | indices 1, 0\n" + zeroHex(31),
		want: []txtrPixel{{0, 0, color.NRGBA{0, 0xFF, 0, 0xFF}}, {1, 0, color.NRGBA{0xFF, 0, 0, 0xFF}}},
	},
	{
		// C8 with an IA8 palette of 256×1 entries.
		name: "C8 1x1 IA8 palette", w: 1, h: 1,
		hex: "00000005 0001 0001 00000001\n 00000000 0100 0001 | palette: IA8, 256×1\n" +
			zeroHex(10) + "7F20" + zeroHex(500) + "| entry 5: alpha 7F, intensity 20\n 05" + zeroHex(31),
		want: []txtrPixel{{0, 0, color.NRGBA{0x20, 0x20, 0x20, 0x7F}}},
	},
	{
		// C14X2: the low 14 bits index an RGB5A3 palette (here 4×1).
		name: "C14X2 2x1 RGB5A3 palette", w: 2, h: 1,
		hex: "00000006 0002 0001 00000001\n 00000002 0004 0001 | palette: RGB5A3, 4×1\n" +
			"FC00 0000 3F00 0000 | red opaque; alpha 3 red F\n C002 0000 | index 2 (top bits ignored), index 0\n" + zeroHex(28),
		want: []txtrPixel{{0, 0, color.NRGBA{0xFF, 0, 0, 0x6D}}, {1, 0, color.NRGBA{0xFF, 0, 0, 0xFF}}},
	},
	{
		// RGB565 row: 5/6/5 bits expanded by repeating their top bits.
		name: "RGB565 2x1", w: 2, h: 1,
		hex:  "00000007 0002 0001 00000001\n 001F 8410\n" + zeroHex(28),
		want: []txtrPixel{{0, 0, color.NRGBA{0, 0, 0xFF, 0xFF}}, {1, 0, color.NRGBA{0x84, 0x82, 0x84, 0xFF}}},
	},
	{
		// RGB5A3 row: top bit set, RGB555; clear, A3 RGB444.
		name: "RGB5A3 2x1", w: 2, h: 1,
		hex:  "00000008 0002 0001 00000001\n 83E0 4F0F\n" + zeroHex(28),
		want: []txtrPixel{{0, 0, color.NRGBA{0, 0xFF, 0, 0xFF}}, {1, 0, color.NRGBA{0xFF, 0, 0xFF, 0x92}}},
	},
	{
		// RGBA8: a 4×4 tile in two 32-byte passes, A,R pairs then G,B.
		name: "RGBA8 1x2", w: 1, h: 2,
		hex: "00000009 0001 0002 00000001\n 8011 000000000000 FF44 000000000000" + zeroHex(16) + "| A,R pass\n" +
			"2233 000000000000 5566 000000000000" + zeroHex(16) + "| G,B pass",
		want: []txtrPixel{{0, 0, color.NRGBA{0x11, 0x22, 0x33, 0x80}}, {0, 1, color.NRGBA{0x44, 0x55, 0x66, 0xFF}}},
	},
	{
		// CMPR: an 8×8 tile of four 4×4 sub-blocks (top left, top right,
		// bottom left, bottom right), each two big-endian RGB565 colours
		// and four rows of 2-bit indices, leftmost texel in the top bits.
		name: "CMPR 6x5", w: 6, h: 5,
		hex: "0000000A 0006 0005 00000001\n" +
			"F800 001F 1B000000 | c0 > c1: red, blue, 5/8 red + 3/8 blue, 3/8 red + 5/8 blue\n" +
			"001F F800 E0000000 | c0 <= c1: index 3 transparent average, index 2 average\n" +
			"FFFF 0000 4E000000 | black, white, c3, c2\n" +
			"0000 0000 00000000 | c0 = c1: black",
		want: []txtrPixel{
			{0, 0, color.NRGBA{0xFF, 0, 0, 0xFF}}, {1, 0, color.NRGBA{0, 0, 0xFF, 0xFF}},
			{2, 0, color.NRGBA{159, 0, 95, 0xFF}}, {3, 0, color.NRGBA{95, 0, 159, 0xFF}},
			{4, 0, color.NRGBA{127, 0, 127, 0}}, {5, 0, color.NRGBA{127, 0, 127, 0xFF}},
			{0, 4, color.NRGBA{0, 0, 0, 0xFF}}, {1, 4, color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}},
			{2, 4, color.NRGBA{95, 95, 95, 0xFF}}, {3, 4, color.NRGBA{159, 159, 159, 0xFF}},
			{4, 4, color.NRGBA{0, 0, 0, 0xFF}}, {5, 4, color.NRGBA{0, 0, 0, 0xFF}},
		},
	},
}

func TestTXTRVectors(t *testing.T) {
	seen := map[TexelFormat]bool{}
	for _, v := range txtrVectors {
		t.Run(v.name, func(t *testing.T) {
			data := hexBytes(t, v.hex)
			if !SniffTXTR(data) {
				t.Error("not sniffed as a TXTR")
			}
			x, err := ParseTXTR(data)
			if err != nil {
				t.Fatal(err)
			}
			seen[x.Format] = true
			if len(x.Warnings) > 0 || len(x.Levels) != 1 || x.Levels[0].Rect.Dx() != v.w || x.Levels[0].Rect.Dy() != v.h {
				t.Fatalf("%d levels, warnings %q", len(x.Levels), x.Warnings)
			}
			for _, p := range v.want {
				if got := x.Levels[0].NRGBAAt(p.x, p.y); got != p.c {
					t.Errorf("pixel (%d,%d) = %v, want %v", p.x, p.y, got, p.c)
				}
			}
			// The writer reproduces the vector's pixels (CMPR's only for
			// blocks of two colours, which this vector's are not).
			if x.Format == TexCMPR {
				return
			}
			enc, err := x.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			y, err := ParseTXTR(enc)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(y.Levels[0].Pix, x.Levels[0].Pix) {
				t.Errorf("re-encoded pixels differ:\n%v\n%v", y.Levels[0].Pix, x.Levels[0].Pix)
			}
		})
	}
	if len(seen) != int(numTexelFormats) {
		t.Errorf("vectors cover %d of the %d formats", len(seen), numTexelFormats)
	}
}

// testImage is a w×h image of four flat colours in quadrants (two per
// CMPR block at most), with alpha where withAlpha.
func testImage(w, h int, withAlpha bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	cs := []color.NRGBA{{0xFF, 0, 0, 0xFF}, {0, 0xFF, 0, 0xFF}, {0, 0, 0xFF, 0xFF}, {0xFF, 0xFF, 0xFF, 0xFF}}
	if withAlpha {
		cs[3].A = 0
		cs[3] = color.NRGBA{}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, cs[(x*2/w)+2*(y*2/h)])
		}
	}
	return img
}

// mipChain halves img down to 1×1 by picking texels.
func mipChain(img *image.NRGBA, n int) []*image.NRGBA {
	out := []*image.NRGBA{img}
	for i := 1; i < n; i++ {
		w, h := levelDims(img.Rect.Dx(), img.Rect.Dy(), i)
		l := image.NewNRGBA(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				l.SetNRGBA(x, y, img.NRGBAAt(x*img.Rect.Dx()/w, y*img.Rect.Dy()/h))
			}
		}
		out = append(out, l)
	}
	return out
}

// TestTXTRRoundTrip writes every format with mip levels down to 1×1 and a
// height that is not a tile multiple, and reads it back (#mip-levels):
// every level decodes at its size; levels narrower than an 8-texel tile
// (I4, I8, IA4, C4, C8) keep only the bytes the game reads, with a
// warning, while CMPR's fit its first sub-block.
func TestTXTRRoundTrip(t *testing.T) {
	for f := TexelFormat(0); f < numTexelFormats; f++ {
		for _, size := range [][2]int{{16, 16}, {8, 12}} {
			img := testImage(size[0], size[1], f != TexRGB565)
			levels := mipChain(img, 5)
			b, err := EncodeTXTR(f, PaletteRGB5A3, levels)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			x, err := ParseTXTR(b)
			if err != nil {
				t.Fatalf("%s %v: %v", f, size, err)
			}
			narrow := texelLayouts[f].bw == 8 && (f != TexCMPR || size[1] == 12)
			if len(x.Levels) != 5 || (len(x.Warnings) > 0) != narrow {
				t.Fatalf("%s %v: %d levels, warnings %q", f, size, len(x.Levels), x.Warnings)
			}
			for _, w := range x.Warnings {
				if !strings.Contains(w, "GX tiles") {
					t.Errorf("%s: %s", f, w)
				}
			}
			for i, l := range x.Levels {
				w, h := levelDims(size[0], size[1], i)
				if l.Rect.Dx() != w || l.Rect.Dy() != h {
					t.Errorf("%s level %d is %v", f, i, l.Rect)
				}
			}
			// The colours are exact in every format that holds them
			// (intensity formats hold the red channel).
			want := levels[0].NRGBAAt(0, 0)
			got := x.Levels[0].NRGBAAt(0, 0)
			switch f {
			case TexI4, TexI8, TexIA4, TexIA8:
				want.G, want.B = want.R, want.R
				if f == TexI4 || f == TexI8 {
					want.A = want.R
				}
			}
			if got != want {
				t.Errorf("%s %v: pixel (0,0) = %v, want %v", f, size, got, want)
			}
		}
	}
}

func TestTXTRErrors(t *testing.T) {
	ok, err := EncodeTXTR(TexRGB565, 0, mipChain(testImage(8, 8, false), 2))
	if err != nil {
		t.Fatal(err)
	}
	set := func(b []byte, off int, v ...byte) []byte {
		c := append([]byte(nil), b...)
		copy(c[off:], v)
		return c
	}
	for _, c := range []struct {
		name, field string
		data        []byte
		off         int64
	}{
		{"format 11", "format", set(ok, 3, 11), 0},
		{"zero width", "width", set(ok, 4, 0, 0), 4},
		{"too wide", "width", set(ok, 4, 0x20, 0x00), 4},
		{"zero height", "height", set(ok, 6, 0, 0), 6},
		{"mip count", "mip count", set(ok, 11, 40), 8},
		{"short level 0", "level 0", ok[:12+100], 12},
		{"short header", "mip count", ok[:10], 8},
		{"palette format", "palette format", hexBytes(t, "00000004 0001 0001 00000001 00000003 0001 0010"), 12},
		{"palette size", "palette width", hexBytes(t, "00000004 0001 0001 00000001 00000000 0002 0010"), 16},
		{"palette entries", "palette entries", hexBytes(t, "00000005 0001 0001 00000001 00000000 0100 0001 0000"), 20},
	} {
		_, err := ParseTXTR(c.data)
		var fe *formats.Error
		if !errors.As(err, &fe) || fe.Format != fmtTXTR || fe.Field != c.field || fe.Offset != c.off {
			t.Errorf("%s: %v, want %s at %d", c.name, err, c.field, c.off)
		}
	}
	// A file that ends inside its last mip level keeps the others.
	x, err := ParseTXTR(ok[:len(ok)-1])
	if err != nil || len(x.Levels) != 1 || len(x.Warnings) != 1 {
		t.Errorf("short mip: %v, %d levels, %q", err, len(x.Levels), x.Warnings)
	}
	// 0 mip levels reads one, with a warning.
	x, err = ParseTXTR(set(ok, 8, 0, 0, 0, 0))
	if err != nil || len(x.Levels) != 1 || len(x.Warnings) != 2 {
		t.Errorf("0 mips: %v, %d levels, %q", err, len(x.Levels), x.Warnings)
	}
}

// FuzzTXTR checks that no input panics, hangs or allocates without bound,
// that what decodes re-encodes, and that a loaded texture validates.
func FuzzTXTR(f *testing.F) {
	for _, v := range txtrVectors {
		f.Add(hexBytes(f, v.hex))
	}
	for _, fm := range []TexelFormat{TexC4, TexRGBA8, TexCMPR} {
		b, err := EncodeTXTR(fm, PaletteIA8, mipChain(testImage(16, 8, true), 3))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		SniffTXTR(data)
		x, err := ParseTXTR(data)
		if err != nil {
			return
		}
		if _, err := x.MarshalBinary(); err != nil && x.Palette == nil {
			t.Fatalf("decoded TXTR does not encode: %v", err)
		}
		a, err := LoadTXTR(&formats.Input{Name: "fuzz.TXTR", Data: data})
		if err != nil {
			return
		}
		if err := a.Validate(); err != nil {
			t.Fatal(err)
		}
		for _, im := range a.Images {
			if err := im.Validate(); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// BenchmarkTXTR decodes a 256×256 texture with its mip levels in CMPR
// and RGB5A3, the formats of most real files.
func BenchmarkTXTR(b *testing.B) {
	for _, f := range []TexelFormat{TexCMPR, TexRGB5A3} {
		data, err := EncodeTXTR(f, 0, mipChain(testImage(256, 256, true), 9))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(f.String(), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := ParseTXTR(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
