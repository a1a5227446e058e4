package imagefile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"

	"golang.org/x/image/bmp"
)

// testImage is a 3×2 image whose every pixel differs, with alpha.
func testImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 3, 2))
	cs := []color.NRGBA{{255, 0, 0, 255}, {0, 255, 0, 128}, {0, 0, 255, 0},
		{255, 255, 0, 255}, {0, 255, 255, 64}, {255, 0, 255, 255}}
	for i, c := range cs {
		img.SetNRGBA(i%3, i/3, c)
	}
	return img
}

// tgaOptions choose how encodeTGA stores an image.
type tgaOptions struct {
	bits      int  // 16, 24, 32 true colour; 8 colour-mapped or grey
	rle       bool // run-length encode (every run as long as it goes)
	topDown   bool // descriptor bit 5
	mapped    bool // colour-mapped, 8-bit indices into a 24-bit map
	grey      bool
	alphaBits int
}

// encodeTGA is the tests' TGA writer, after the TGA 2.0 specification's
// header and packet layout (docs/formats/milkshape-anm.md#tga).
func encodeTGA(img *image.NRGBA, o tgaOptions) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	var palette []color.NRGBA
	index := map[color.NRGBA]int{}
	pixel := func(c color.NRGBA) []byte {
		switch {
		case o.mapped:
			i, ok := index[c]
			if !ok {
				i = len(palette)
				index[c] = i
				palette = append(palette, c)
			}
			return []byte{byte(i)}
		case o.grey:
			return []byte{c.R}
		case o.bits == 16:
			v := uint16(c.R>>3)<<10 | uint16(c.G>>3)<<5 | uint16(c.B>>3)
			if c.A >= 128 {
				v |= 0x8000
			}
			return binary.LittleEndian.AppendUint16(nil, v)
		case o.bits == 24:
			return []byte{c.B, c.G, c.R}
		}
		return []byte{c.B, c.G, c.R, c.A}
	}
	var pix [][]byte
	for i := 0; i < w*h; i++ {
		y := i / w
		if !o.topDown {
			y = h - 1 - y
		}
		pix = append(pix, pixel(img.NRGBAAt(i%w, y)))
	}
	var body []byte
	if o.rle {
		for i := 0; i < len(pix); {
			run := 1
			for i+run < len(pix) && run < 128 && bytes.Equal(pix[i+run], pix[i]) {
				run++
			}
			if run > 1 {
				body = append(append(body, 0x80|byte(run-1)), pix[i]...)
				i += run
				continue
			}
			body = append(body, 0)
			body = append(body, pix[i]...)
			i++
		}
	} else {
		for _, p := range pix {
			body = append(body, p...)
		}
	}
	typ := byte(2)
	switch {
	case o.mapped:
		typ = 1
	case o.grey:
		typ = 3
	}
	if o.rle {
		typ += 8
	}
	desc := byte(o.alphaBits)
	if o.topDown {
		desc |= 0x20
	}
	bits := o.bits
	if o.mapped || o.grey {
		bits = 8
	}
	hdr := []byte{3, 0, typ, 0, 0, 0, 0, 0, 0, 0, 0, 0, byte(w), byte(w >> 8), byte(h), byte(h >> 8), byte(bits), desc}
	out := append(hdr, "abc"...) // an image ID of 3 bytes
	if o.mapped {
		out[1], out[5], out[6], out[7] = 1, byte(len(palette)), byte(len(palette)>>8), 24
		for _, c := range palette {
			out = append(out, c.B, c.G, c.R)
		}
	}
	return append(out, body...)
}

// TestTGAHandVector: a 2×2 RLE true-colour 24-bit image, bottom row
// first, worked out by hand from the TGA 2.0 specification's image type
// 10: a run packet (0x81: two pixels) of blue, then a raw packet (0x01:
// two pixels) of red and white.
func TestTGAHandVector(t *testing.T) {
	data := []byte{
		0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 24, 0, // header: type 10, 2×2, 24 bits, bottom-left origin
		0x81, 0xFF, 0x00, 0x00, // run of 2: B=255 G=0 R=0 (the bottom row)
		0x01, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, // raw 2: red, white (the top row)
	}
	tex, err := Decode("x.TGA", data)
	if err != nil {
		t.Fatal(err)
	}
	got := tex.Image()
	want := [][4]uint8{{255, 0, 0, 255}, {255, 255, 255, 255}, {0, 0, 255, 255}, {0, 0, 255, 255}}
	for i, c := range want {
		if g := got.NRGBAAt(i%2, i/2); [4]uint8{g.R, g.G, g.B, g.A} != c {
			t.Errorf("pixel (%d,%d) = %v, want %v", i%2, i/2, g, c)
		}
	}
	if tex.Format != "TGA RLE 24-bit" || tex.Encoded != nil {
		t.Errorf("format %q, encoded %d bytes", tex.Format, len(tex.Encoded))
	}
}

// TestDecodeKinds decodes each kind of image the project's writers make
// and compares every pixel with the source (to the precision each kind
// keeps).
func TestDecodeKinds(t *testing.T) {
	src := testImage()
	opaque := image.NewNRGBA(src.Rect)
	copy(opaque.Pix, src.Pix)
	for i := 3; i < len(opaque.Pix); i += 4 {
		opaque.Pix[i] = 255
	}
	grey := image.NewNRGBA(src.Rect)
	for i := 0; i < len(grey.Pix); i += 4 {
		v := uint8(40 * i / 4)
		grey.Pix[i], grey.Pix[i+1], grey.Pix[i+2], grey.Pix[i+3] = v, v, v, 255
	}
	pal := image.NewPaletted(src.Rect, color.Palette{color.RGBA{255, 0, 0, 255}, color.RGBA{0, 0, 255, 255}, color.RGBA{0, 128, 0, 255}})
	copy(pal.Pix, []uint8{0, 1, 2, 2, 1, 0})
	palWant := image.NewNRGBA(src.Rect)
	for i, p := range pal.Pix {
		r, g, b, _ := pal.Palette[p].RGBA()
		palWant.SetNRGBA(i%3, i/3, color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255})
	}
	enc := func(f func(*bytes.Buffer) error) []byte {
		var b bytes.Buffer
		if err := f(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	bmp24 := enc(func(b *bytes.Buffer) error { return bmp.Encode(b, opaque) })
	bmp8 := enc(func(b *bytes.Buffer) error { return bmp.Encode(b, pal) })
	pngData := enc(func(b *bytes.Buffer) error { return png.Encode(b, src) })
	gifData := enc(func(b *bytes.Buffer) error { return gif.Encode(b, pal, nil) })
	jpegData := enc(func(b *bytes.Buffer) error { return jpeg.Encode(b, grey, &jpeg.Options{Quality: 100}) })
	for _, tc := range []struct {
		name, file string
		data       []byte
		want       *image.NRGBA
		tol        int
		format     string
		mime       string
	}{
		{"bmp 24-bit bottom-up", "skin.bmp", bmp24, opaque, 0, "BMP 24-bit", ""},
		{"bmp 8-bit paletted", "skin.BMP", bmp8, palWant, 0, "BMP 8-bit paletted", ""},
		{"png", "skin.png", pngData, src, 0, "PNG", "image/png"},
		{"gif", "skin.gif", gifData, palWant, 0, "GIF", ""},
		{"jpeg", "skin.jpg", jpegData, grey, 2, "JPEG", "image/jpeg"},
		{"tga 24", "a.tga", encodeTGA(opaque, tgaOptions{bits: 24}), opaque, 0, "TGA 24-bit", ""},
		{"tga 32 top-down", "a.tga", encodeTGA(src, tgaOptions{bits: 32, topDown: true, alphaBits: 8}), src, 0, "TGA 32-bit", ""},
		{"tga RLE 32", "a.tga", encodeTGA(src, tgaOptions{bits: 32, rle: true, alphaBits: 8}), src, 0, "TGA RLE 32-bit", ""},
		{"tga RLE 24", "a.tga", encodeTGA(opaque, tgaOptions{bits: 24, rle: true}), opaque, 0, "TGA RLE 24-bit", ""},
		{"tga 16 one alpha bit", "a.tga", encodeTGA(src, tgaOptions{bits: 16, alphaBits: 1}), src16(src), 0, "TGA 16-bit", ""},
		{"tga colour-mapped", "a.tga", encodeTGA(opaque, tgaOptions{mapped: true}), opaque, 0, "TGA colour-mapped 8-bit (24-bit entries)", ""},
		{"tga RLE colour-mapped", "a.tga", encodeTGA(opaque, tgaOptions{mapped: true, rle: true}), opaque, 0, "TGA RLE colour-mapped 8-bit (24-bit entries)", ""},
		{"tga grey", "a.tga", encodeTGA(grey, tgaOptions{grey: true}), grey, 0, "TGA greyscale 8-bit", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tex, err := Decode(tc.file, tc.data)
			if err != nil {
				t.Fatal(err)
			}
			if err := tex.Validate(); err != nil {
				t.Fatal(err)
			}
			if tex.Format != tc.format {
				t.Errorf("format %q, want %q", tex.Format, tc.format)
			}
			if tex.MIME != tc.mime || (tc.mime != "") != bytes.Equal(tex.Encoded, tc.data) {
				t.Errorf("MIME %q and %d encoded bytes, want %q and the file's own", tex.MIME, len(tex.Encoded), tc.mime)
			}
			got := tex.Image()
			if got.Rect != tc.want.Rect {
				t.Fatalf("size %v, want %v", got.Rect, tc.want.Rect)
			}
			for i := range got.Pix {
				if d := int(got.Pix[i]) - int(tc.want.Pix[i]); d > tc.tol || -d > tc.tol {
					t.Fatalf("pixel (%d,%d) channel %d = %d, want %d", i/4%3, i/12, i%4, got.Pix[i], tc.want.Pix[i])
				}
			}
		})
	}
}

// src16 is img as a 16-bit TGA keeps it: five bits a channel, one of alpha.
func src16(img *image.NRGBA) *image.NRGBA {
	out := image.NewNRGBA(img.Rect)
	for i := 0; i < len(img.Pix); i += 4 {
		for c := 0; c < 3; c++ {
			v := img.Pix[i+c] >> 3
			out.Pix[i+c] = v<<3 | v>>2
		}
		out.Pix[i+3] = 0
		if img.Pix[i+3] >= 128 {
			out.Pix[i+3] = 255
		}
	}
	return out
}

// TestDecodeRefuses: sizes over MaxSide are refused from the header alone
// (the data holds no pixels), and damaged files are errors, never panics.
func TestDecodeRefuses(t *testing.T) {
	big := image.NewNRGBA(image.Rect(0, 0, 1, 1))
	var pngBig bytes.Buffer
	if err := png.Encode(&pngBig, big); err != nil {
		t.Fatal(err)
	}
	pb := pngBig.Bytes()
	binary.BigEndian.PutUint32(pb[16:], MaxSide+1) // IHDR width, with its CRC made again
	binary.BigEndian.PutUint32(pb[29:], crc32.ChecksumIEEE(pb[12:29]))
	tgaBig := []byte{0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01, 0x20, 1, 0, 24, 0}
	bmpHead := func(w, h int32) []byte {
		b := make([]byte, 54)
		copy(b, "BM")
		binary.LittleEndian.PutUint32(b[10:], 54)
		binary.LittleEndian.PutUint32(b[14:], 40)
		binary.LittleEndian.PutUint32(b[18:], uint32(w))
		binary.LittleEndian.PutUint32(b[22:], uint32(h))
		binary.LittleEndian.PutUint16(b[26:], 1)
		binary.LittleEndian.PutUint16(b[28:], 24)
		return b
	}
	good := encodeTGA(testImage(), tgaOptions{bits: 32, rle: true})
	for _, tc := range []struct {
		name, file string
		data       []byte
		want       error
		text       string
	}{
		{"png too wide", "a.png", pb, ErrTooLarge, "8193x1"},
		{"tga too wide", "a.tga", tgaBig, ErrTooLarge, "8193x1"},
		{"bmp too tall", "a.bmp", bmpHead(2, -9000), ErrTooLarge, "2x9000"},
		{"unknown", "a.dds", []byte("DDS |"), ErrUnknown, ""},
		{"tga cut", "a.tga", good[:len(good)-3], nil, "tga"},
		{"tga header cut", "a.tga", good[:10], nil, "need"},
		{"tga bad type", "a.tga", []byte{0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 24, 0, 0, 0, 0}, nil, "image type 7"},
		{"tga empty", "a.tga", []byte{0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 24, 0}, nil, "empty"},
		{"bmp cut", "a.bmp", bmpHead(2, 2), nil, "BMP"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(tc.file, tc.data)
			if err == nil {
				t.Fatal("no error")
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("%v is not %v", err, tc.want)
			}
			if !strings.Contains(err.Error(), tc.text) || !strings.Contains(err.Error(), tc.file) {
				t.Errorf("%v does not say %q and %q", err, tc.file, tc.text)
			}
		})
	}
}

// TestWithAlpha: an alpha map's grey becomes the texture's alpha, sampled
// at the nearest pixel when the sizes differ.
func TestWithAlpha(t *testing.T) {
	tex, err := Decode("c.tga", encodeTGA(testImage(), tgaOptions{bits: 24}))
	if err != nil {
		t.Fatal(err)
	}
	a := image.NewNRGBA(image.Rect(0, 0, 1, 2)) // left column only: top white, bottom mid grey
	a.SetNRGBA(0, 0, color.NRGBA{255, 255, 255, 255})
	a.SetNRGBA(0, 1, color.NRGBA{100, 100, 100, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, a); err != nil {
		t.Fatal(err)
	}
	am, err := Decode("a.png", b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	out := WithAlpha(tex, am)
	if out.Encoded != nil || Opaque(out) || !Opaque(tex) {
		t.Errorf("encoded %d, opaque %v (source %v)", len(out.Encoded), Opaque(out), Opaque(tex))
	}
	img := out.Image()
	for x := 0; x < 3; x++ {
		if g := img.NRGBAAt(x, 0); g != tex.Image().NRGBAAt(x, 0) {
			t.Errorf("top (%d,0) = %v", x, g)
		}
		if g := img.NRGBAAt(x, 1); g.A != 100 {
			t.Errorf("bottom (%d,1) alpha %d, want 100", x, g.A)
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add("a.tga", encodeTGA(testImage(), tgaOptions{bits: 32, rle: true}))
	f.Add("a.tga", encodeTGA(testImage(), tgaOptions{mapped: true, rle: true}))
	f.Add("a.tga", encodeTGA(testImage(), tgaOptions{bits: 16}))
	var b bytes.Buffer
	_ = bmp.Encode(&b, testImage())
	f.Add("a.bmp", b.Bytes())
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		tex, err := Decode(name, data)
		if err == nil {
			if err := tex.Validate(); err != nil {
				t.Fatal(err)
			}
			if s := tex.Image().Rect; s.Dx() > MaxSide || s.Dy() > MaxSide {
				t.Fatalf("%v", s)
			}
		}
	})
}
