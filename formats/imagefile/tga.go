package imagefile

import (
	"encoding/binary"
	"fmt"
	"image"

	"github.com/animview/animview/formats/bin"
)

// FormatTGA names the TGA reader in errors.
const FormatTGA = "tga"

// The TGA reader follows Truevision's TGA File Format Specification 2.0
// (docs/formats/milkshape-anm.md#tga): an 18-byte header, an image ID, a
// colour map, then the pixels, raw or run-length encoded, bottom row
// first unless the descriptor's bit 5 says top first. No Go TGA decoder
// fit (the one widely used, ftrvxmtrx/tga, is archived and not served by
// the module proxy), so this small one is bounded by MaxSide and by the
// bytes the file has.

// Image types (header byte 2).
const (
	tgaColorMapped    = 1
	tgaTrueColor      = 2
	tgaGrey           = 3
	tgaRLE            = 8 // added to the three above
	tgaRightToLeft    = 1 << 4
	tgaTopToBottom    = 1 << 5
	tgaHeaderSize     = 18
	tgaMaxColorMapLen = 1 << 16
)

// tgaHeader mirrors the file's first 18 bytes (little-endian).
type tgaHeader struct {
	IDLength     uint8
	ColorMapType uint8
	ImageType    uint8
	MapFirst     uint16
	MapLength    uint16
	MapEntryBits uint8
	XOrigin      uint16
	YOrigin      uint16
	Width        uint16
	Height       uint16
	PixelBits    uint8
	// Descriptor holds the alpha bits per pixel (bits 0-3) and the
	// origin: bit 4 right-to-left, bit 5 top-to-bottom.
	Descriptor uint8
}

func (h tgaHeader) rle() bool { return h.ImageType&tgaRLE != 0 }

func (h tgaHeader) describe() string {
	s := "TGA "
	if h.rle() {
		s += "RLE "
	}
	switch h.ImageType &^ tgaRLE {
	case tgaColorMapped:
		return fmt.Sprintf("%scolour-mapped %d-bit (%d-bit entries)", s, h.PixelBits, h.MapEntryBits)
	case tgaGrey:
		return fmt.Sprintf("%sgreyscale %d-bit", s, h.PixelBits)
	}
	return fmt.Sprintf("%s%d-bit", s, h.PixelBits)
}

func readTGAHeader(r *bin.Reader) tgaHeader {
	return tgaHeader{
		IDLength:     r.U8("idLength"),
		ColorMapType: r.U8("colorMapType"),
		ImageType:    r.U8("imageType"),
		MapFirst:     r.U16("colorMapFirst"),
		MapLength:    r.U16("colorMapLength"),
		MapEntryBits: r.U8("colorMapEntrySize"),
		XOrigin:      r.U16("xOrigin"),
		YOrigin:      r.U16("yOrigin"),
		Width:        r.U16("width"),
		Height:       r.U16("height"),
		PixelBits:    r.U8("pixelDepth"),
		Descriptor:   r.U8("imageDescriptor"),
	}
}

// decodeTGA reads a TGA file. Pixels are BGR(A) in the file; 15- and
// 16-bit ones are ARRRRRGG GGGBBBBB, little-endian, their top bit alpha
// when the descriptor gives one alpha bit. A 32-bit image whose alpha
// bytes are all 0 is taken as opaque: many writers leave the byte unset.
func decodeTGA(data []byte) (image.Image, tgaHeader, error) {
	r := bin.NewReader(data, binary.LittleEndian, FormatTGA)
	h := readTGAHeader(r)
	if err := r.Err(); err != nil {
		return nil, h, err
	}
	kind := h.ImageType &^ tgaRLE
	switch {
	case h.ImageType&^(tgaRLE|3) != 0 || kind == 0:
		return nil, h, r.FailAt("imageType", 2, "image type %d is not one of 1, 2, 3, 9, 10, 11", h.ImageType)
	case kind == tgaColorMapped && h.ColorMapType != 1:
		return nil, h, r.FailAt("colorMapType", 1, "a colour-mapped image without a colour map (type %d)", h.ColorMapType)
	case kind == tgaColorMapped && h.PixelBits != 8 && h.PixelBits != 16:
		return nil, h, r.FailAt("pixelDepth", 16, "colour-mapped pixels of %d bits (8 or 16)", h.PixelBits)
	case kind == tgaTrueColor && h.PixelBits != 15 && h.PixelBits != 16 && h.PixelBits != 24 && h.PixelBits != 32:
		return nil, h, r.FailAt("pixelDepth", 16, "true-colour pixels of %d bits (15, 16, 24 or 32)", h.PixelBits)
	case kind == tgaGrey && h.PixelBits != 8 && h.PixelBits != 16:
		return nil, h, r.FailAt("pixelDepth", 16, "greyscale pixels of %d bits (8 or 16)", h.PixelBits)
	case h.ColorMapType > 1:
		return nil, h, r.FailAt("colorMapType", 1, "colour map type %d (0 or 1)", h.ColorMapType)
	}
	if err := checkSize(int(h.Width), int(h.Height)); err != nil {
		return nil, h, r.FailAt("width", 12, "%w", err)
	}
	r.Skip("imageID", int(h.IDLength))
	var palette [][4]uint8
	if h.ColorMapType == 1 {
		eb := h.MapEntryBits
		if eb != 15 && eb != 16 && eb != 24 && eb != 32 {
			return nil, h, r.FailAt("colorMapEntrySize", 7, "colour map entries of %d bits (15, 16, 24 or 32)", eb)
		}
		size := (int(eb) + 7) / 8
		raw := r.Bytes("colorMap", size*int(h.MapLength))
		if err := r.Err(); err != nil {
			return nil, h, err
		}
		if kind == tgaColorMapped {
			palette = make([][4]uint8, h.MapLength)
			alpha1 := eb == 16 && h.Descriptor&0xF == 1
			for i := range palette {
				palette[i] = tgaColor(raw[i*size:(i+1)*size], alpha1, eb == 32)
			}
		}
	}
	if err := r.Err(); err != nil {
		return nil, h, err
	}
	w, ht := int(h.Width), int(h.Height)
	bpp := (int(h.PixelBits) + 7) / 8
	n := w * ht
	// The pixels' bytes as stored, RLE expanded, checked against what
	// remains before anything of the image's size is allocated.
	var raw []byte
	if h.rle() {
		// A packet of 1 + bpp bytes gives at most 128 pixels.
		if max := (r.Len() + bpp) / (1 + bpp) * 128; n > max {
			return nil, h, r.Fail("pixels", "%dx%d pixels need more than the %d bytes that remain", w, ht, r.Len())
		}
		raw = make([]byte, 0, n*bpp)
		for len(raw) < n*bpp {
			p := r.U8("packet")
			count := int(p&0x7F) + 1
			if p&0x80 != 0 {
				px := r.Bytes("packet pixel", bpp)
				if r.Err() != nil {
					break
				}
				for k := 0; k < count; k++ {
					raw = append(raw, px...)
				}
			} else {
				raw = append(raw, r.Bytes("packet pixels", count*bpp)...)
			}
			if err := r.Err(); err != nil {
				return nil, h, err
			}
			if len(raw) > n*bpp {
				// A packet that runs past the last pixel: keep what fits.
				raw = raw[:n*bpp]
			}
		}
	} else {
		raw = r.Bytes("pixels", n*bpp)
	}
	if err := r.Err(); err != nil {
		return nil, h, err
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, ht))
	alpha1 := h.PixelBits == 16 && h.Descriptor&0xF == 1
	anyAlpha := false
	for i := 0; i < n; i++ {
		x, y := i%w, i/w
		if h.Descriptor&tgaTopToBottom == 0 {
			y = ht - 1 - y
		}
		if h.Descriptor&tgaRightToLeft != 0 {
			x = w - 1 - x
		}
		px := raw[i*bpp : (i+1)*bpp]
		var c [4]uint8
		switch kind {
		case tgaColorMapped:
			idx := int(px[0])
			if bpp == 2 {
				idx = int(binary.LittleEndian.Uint16(px))
			}
			idx -= int(h.MapFirst)
			if idx < 0 || idx >= len(palette) {
				return nil, h, r.FailAt("pixels", r.Offset(), "pixel %d names colour %d, outside the map's %d..%d",
					i, idx+int(h.MapFirst), h.MapFirst, int(h.MapFirst)+len(palette)-1)
			}
			c = palette[idx]
		case tgaGrey:
			c = [4]uint8{px[0], px[0], px[0], 0xFF}
			if bpp == 2 {
				c[3] = px[1]
			}
		default:
			c = tgaColor(px, alpha1, bpp == 4)
		}
		if bpp == 4 && c[3] != 0 {
			anyAlpha = true
		}
		copy(img.Pix[y*img.Stride+4*x:], c[:])
	}
	if kind == tgaTrueColor && bpp == 4 && !anyAlpha {
		for i := 3; i < len(img.Pix); i += 4 {
			img.Pix[i] = 0xFF
		}
	}
	return img, h, nil
}

// tgaColor turns a stored BGR(A) or 15/16-bit pixel into RGBA.
func tgaColor(px []byte, alpha1, alpha8 bool) [4]uint8 {
	switch len(px) {
	case 2:
		v := binary.LittleEndian.Uint16(px)
		c := [4]uint8{five(v >> 10), five(v >> 5), five(v), 0xFF}
		if alpha1 && v&0x8000 == 0 {
			c[3] = 0
		}
		return c
	case 3:
		return [4]uint8{px[2], px[1], px[0], 0xFF}
	}
	a := uint8(0xFF)
	if alpha8 {
		a = px[3]
	}
	return [4]uint8{px[2], px[1], px[0], a}
}

// five widens a 5-bit channel (the low bits of v) to 8 bits.
func five(v uint16) uint8 {
	c := uint8(v & 0x1F)
	return c<<3 | c>>2
}
