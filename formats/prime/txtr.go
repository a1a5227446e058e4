package prime

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/color"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
)

// fmtTXTR names the texture format in errors.
const fmtTXTR = "prime-txtr"

// TexelFormat is a TXTR's image format, Retro's numbering of the eleven GX
// texture formats (docs/formats/metroid-prime.md#txtr-header). It differs
// from GX's own numbering (GX_TF_*).
type TexelFormat uint32

// The texel formats, as a TXTR header numbers them.
const (
	TexI4 TexelFormat = iota
	TexI8
	TexIA4
	TexIA8
	TexC4
	TexC8
	TexC14X2
	TexRGB565
	TexRGB5A3
	TexRGBA8
	TexCMPR
	numTexelFormats
)

// PaletteFormat is the colour format of a paletted TXTR's palette
// (docs/formats/metroid-prime.md#txtr-palettes): GX's TLUT formats.
type PaletteFormat uint32

// The palette formats.
const (
	PaletteIA8 PaletteFormat = iota
	PaletteRGB565
	PaletteRGB5A3
)

// TXTR limits: the header's size is bounded by what GX addresses (1024)
// with room to spare, and the mip count by the levels of the largest side
// (4096 halves twelve times down to 1).
const (
	txtrHeaderSize = 12
	// MaxTXTRSide is the largest width or height a TXTR may declare.
	MaxTXTRSide = 4096
	// MaxTXTRLevels is the most mip levels a TXTR may declare.
	MaxTXTRLevels = 13
)

// texelLayout is a format's tile: bits per texel and the tile's size in
// texels (docs/formats/metroid-prime.md#gx-tiles).
type texelLayout struct {
	name          string
	bits, bw, bh  int
	palette       bool
	paletteLength int // the games' palette size (16, 256; C14X2 any)
}

var texelLayouts = [numTexelFormats]texelLayout{
	TexI4:     {name: "I4", bits: 4, bw: 8, bh: 8},
	TexI8:     {name: "I8", bits: 8, bw: 8, bh: 4},
	TexIA4:    {name: "IA4", bits: 8, bw: 8, bh: 4},
	TexIA8:    {name: "IA8", bits: 16, bw: 4, bh: 4},
	TexC4:     {name: "C4", bits: 4, bw: 8, bh: 8, palette: true, paletteLength: 16},
	TexC8:     {name: "C8", bits: 8, bw: 8, bh: 4, palette: true, paletteLength: 256},
	TexC14X2:  {name: "C14X2", bits: 16, bw: 4, bh: 4, palette: true, paletteLength: 1 << 14},
	TexRGB565: {name: "RGB565", bits: 16, bw: 4, bh: 4},
	TexRGB5A3: {name: "RGB5A3", bits: 16, bw: 4, bh: 4},
	TexRGBA8:  {name: "RGBA8", bits: 32, bw: 4, bh: 4},
	TexCMPR:   {name: "CMPR", bits: 4, bw: 8, bh: 8},
}

// String returns GX's name for the format ("CMPR").
func (f TexelFormat) String() string {
	if f < numTexelFormats {
		return texelLayouts[f].name
	}
	return fmt.Sprintf("format %d", uint32(f))
}

// Paletted reports whether texels are palette indices (C4, C8, C14X2).
func (f TexelFormat) Paletted() bool { return f < numTexelFormats && texelLayouts[f].palette }

// String returns the palette format's name.
func (p PaletteFormat) String() string {
	switch p {
	case PaletteIA8:
		return "IA8"
	case PaletteRGB565:
		return "RGB565"
	case PaletteRGB5A3:
		return "RGB5A3"
	}
	return fmt.Sprintf("palette format %d", uint32(p))
}

// LevelSize returns the bytes a level of w×h texels takes in a TXTR: as
// the game reads them (CTexture's constructor), each side rounded up to a
// multiple of 4, times the bits per texel
// (docs/formats/metroid-prime.md#mip-levels). For the formats with 4×4
// tiles that is whole tiles; for those 8 texels wide it is whole tiles
// when the width is a multiple of 8.
func (f TexelFormat) LevelSize(w, h int) int {
	return (w + 3) &^ 3 * ((h + 3) &^ 3) * texelLayouts[f].bits / 8
}

// tileSize returns the bytes of a w×h level's whole GX tiles.
func (f TexelFormat) tileSize(w, h int) int {
	l := texelLayouts[f]
	tw, th := (w+l.bw-1)/l.bw, (h+l.bh-1)/l.bh
	return tw * th * l.bw * l.bh * l.bits / 8
}

// levelDims returns level i's size: each level halves the previous one,
// down to 1.
func levelDims(w, h, i int) (int, int) {
	return max(w>>i, 1), max(h>>i, 1)
}

// TXTRPalette is a paletted TXTR's palette: its format, the two u16 the
// file stores (their product is the entry count) and the entries as stored.
type TXTRPalette struct {
	Format        PaletteFormat
	Width, Height uint16
	Entries       []uint16
}

// TXTR is a Metroid Prime 1 or 2 texture (the format is the same in both
// games): the header, the palette of a paletted format and the decoded mip
// levels, largest first.
type TXTR struct {
	Format TexelFormat
	Width  int
	Height int
	// MipCount is the count the header stores; Levels holds the levels
	// that decoded (fewer when the file ends early, with a warning).
	MipCount uint32
	Palette  *TXTRPalette
	Levels   []*image.NRGBA
	// Trailing are the bytes after the last level (PAK padding).
	Trailing []byte
	Warnings []string
}

func (t *TXTR) warn(format string, args ...any) {
	t.Warnings = append(t.Warnings, fmt.Sprintf(format, args...))
}

// ParseTXTR decodes a texture (docs/formats/metroid-prime.md#txtr). The
// header's sizes are bounded, the palette's entry count and every level's
// bytes are checked against the bytes that remain before anything is
// allocated; an error names the field and its offset. A mip count of 0 is
// read as 1 and levels the file ends before are dropped, each with a
// warning.
func ParseTXTR(data []byte) (*TXTR, error) {
	r := bin.NewReader(data, binary.BigEndian, fmtTXTR)
	t := &TXTR{}
	t.Format = TexelFormat(r.U32("format"))
	w, h := r.U16("width"), r.U16("height")
	t.MipCount = r.U32("mip count")
	if err := r.Err(); err != nil {
		return nil, err
	}
	t.Width, t.Height = int(w), int(h)
	switch {
	case t.Format >= numTexelFormats:
		return nil, formats.Errorf(fmtTXTR, "format", 0, "format %d is not one of the eleven GX formats (0 to 10)", uint32(t.Format))
	case w == 0 || w > MaxTXTRSide:
		return nil, formats.Errorf(fmtTXTR, "width", 4, "%d×%d texels: each side must be 1 to %d", w, h, MaxTXTRSide)
	case h == 0 || h > MaxTXTRSide:
		return nil, formats.Errorf(fmtTXTR, "height", 6, "%d×%d texels: each side must be 1 to %d", w, h, MaxTXTRSide)
	case t.MipCount > MaxTXTRLevels:
		return nil, formats.Errorf(fmtTXTR, "mip count", 8, "%d mip levels; at most %d", t.MipCount, MaxTXTRLevels)
	}
	levels := int(t.MipCount)
	if levels == 0 {
		t.warn("the header says 0 mip levels; the image is read as one level")
		levels = 1
	}
	if t.Format.Paletted() {
		p, err := readPalette(r, t.Format)
		if err != nil {
			return nil, err
		}
		t.Palette = p
	}
	bad, short := 0, false
	for i := 0; i < levels; i++ {
		lw, lh := levelDims(t.Width, t.Height, i)
		size := t.Format.LevelSize(lw, lh)
		off := r.Offset()
		if size > r.Len() {
			if i == 0 {
				return nil, formats.Errorf(fmtTXTR, "level 0", int64(off), "a %d×%d %s image needs %d bytes, %d remain", lw, lh, t.Format, size, r.Len())
			}
			t.warn("the file ends in mip level %d (%d×%d needs %d bytes, %d remain): %d of %d levels are read", i, lw, lh, size, r.Len(), i, levels)
			short = true
			break
		}
		img, n, lost := decodeLevel(t.Format, t.Palette, r.Bytes("level", size), lw, lh)
		bad += n
		if lost > 0 {
			t.warn("mip level %d (%d×%d): the %d bytes the game reads end inside its GX tiles; %d texels past them are read as 0", i, lw, lh, size, lost)
		}
		t.Levels = append(t.Levels, img)
	}
	if bad > 0 {
		t.warn("%d texels index past the %d-entry palette; they are transparent black", bad, len(t.Palette.Entries))
	}
	t.Trailing = data[r.Offset():]
	if !short && !padding(t.Trailing) {
		t.warn("%d bytes after the last level are not padding (0x00 or 0xFF); ignored", len(t.Trailing))
	}
	return t, nil
}

// readPalette reads a paletted format's palette header and entries.
func readPalette(r *bin.Reader, f TexelFormat) (*TXTRPalette, error) {
	p := &TXTRPalette{}
	off := r.Offset()
	p.Format = PaletteFormat(r.U32("palette format"))
	p.Width, p.Height = r.U16("palette width"), r.U16("palette height")
	if err := r.Err(); err != nil {
		return nil, err
	}
	if p.Format > PaletteRGB5A3 {
		return nil, formats.Errorf(fmtTXTR, "palette format", int64(off), "palette format %d is not IA8 (0), RGB565 (1) or RGB5A3 (2)", uint32(p.Format))
	}
	n := int(p.Width) * int(p.Height)
	if n == 0 || n > texelLayouts[f].paletteLength {
		return nil, formats.Errorf(fmtTXTR, "palette width", int64(off+4), "%d×%d = %d entries; a %s palette holds 1 to %d", p.Width, p.Height, n, f, texelLayouts[f].paletteLength)
	}
	n = r.Count("palette entries", uint64(n), 2)
	if err := r.Err(); err != nil {
		return nil, err
	}
	p.Entries = make([]uint16, n)
	for i := range p.Entries {
		p.Entries[i] = r.U16("palette entries")
	}
	return p, r.Err()
}

// The GX bit expansions (docs/formats/metroid-prime.md#gx-texels): the
// high bits repeat into the low ones, so that the largest value is 255.
func x3(v uint16) uint8 { return uint8(v<<5 | v<<2 | v>>1) }
func x4(v uint16) uint8 { return uint8(v<<4 | v) }
func x5(v uint16) uint8 { return uint8(v<<3 | v>>2) }
func x6(v uint16) uint8 { return uint8(v<<2 | v>>4) }

func rgb565(v uint16) color.NRGBA {
	return color.NRGBA{x5(v >> 11 & 31), x6(v >> 5 & 63), x5(v & 31), 255}
}

func rgb5a3(v uint16) color.NRGBA {
	if v&0x8000 != 0 {
		return color.NRGBA{x5(v >> 10 & 31), x5(v >> 5 & 31), x5(v & 31), 255}
	}
	return color.NRGBA{x4(v >> 8 & 15), x4(v >> 4 & 15), x4(v & 15), x3(v >> 12 & 7)}
}

// ia8 decodes an IA8 texel or palette entry: alpha in the first (high)
// byte, intensity in the second.
func ia8(v uint16) color.NRGBA {
	i := uint8(v)
	return color.NRGBA{i, i, i, uint8(v >> 8)}
}

func paletteColor(p *TXTRPalette, v uint16) color.NRGBA {
	switch p.Format {
	case PaletteIA8:
		return ia8(v)
	case PaletteRGB565:
		return rgb565(v)
	}
	return rgb5a3(v)
}

// decodeLevel decodes one level's tiles into a w×h image; texels of the
// padding are dropped. It returns the number of palette indices past the
// palette and the number of image texels whose bytes lie past data (read
// as zeros: a level narrower than its 8-texel tile).
func decodeLevel(f TexelFormat, p *TXTRPalette, data []byte, w, h int) (*image.NRGBA, int, int) {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	l := texelLayouts[f]
	tiles := (w + l.bw - 1) / l.bw
	tileBytes := l.bw * l.bh * l.bits / 8
	stored := len(data)
	if full := f.tileSize(w, h); full > stored {
		data = append(append(make([]byte, 0, full), data...), make([]byte, full-stored)...)
	}
	lost := 0
	tileAt := 0
	set := func(x, y int, c color.NRGBA) {
		if x < w && y < h {
			if tileAt >= stored {
				lost++
			}
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
		}
	}
	bad := 0
	lookup := func(i uint16) color.NRGBA {
		if int(i) >= len(p.Entries) {
			bad++
			return color.NRGBA{}
		}
		return paletteColor(p, p.Entries[i])
	}
	for t := 0; t*tileBytes < len(data); t++ {
		tile := data[t*tileBytes : (t+1)*tileBytes]
		x0, y0 := t%tiles*l.bw, t/tiles*l.bh
		base := t * tileBytes
		switch f {
		case TexRGBA8:
			// Two passes of 32 bytes: A,R pairs then G,B pairs.
			for k := 0; k < 16; k++ {
				tileAt = base + 32 + 2*k
				set(x0+k%4, y0+k/4, color.NRGBA{tile[2*k+1], tile[32+2*k], tile[32+2*k+1], tile[2*k]})
			}
			continue
		case TexCMPR:
			for s := 0; s < 4; s++ {
				sx, sy := x0+s%2*4, y0+s/2*4
				if sx >= w || sy >= h {
					continue
				}
				if base+8*s >= stored {
					lost += min(4, w-sx) * min(4, h-sy)
				}
				decodeCMPRBlock(tile[8*s:8*s+8], img, sx, sy)
			}
			continue
		}
		for k := 0; k < l.bw*l.bh; k++ {
			x, y := x0+k%l.bw, y0+k/l.bw
			tileAt = base + k*l.bits/8
			var v uint16
			switch l.bits {
			case 4:
				v = uint16(tile[k/2] >> (4 * (1 - k%2)) & 15)
			case 8:
				v = uint16(tile[k])
			case 16:
				v = binary.BigEndian.Uint16(tile[2*k:])
			}
			var c color.NRGBA
			switch f {
			case TexI4:
				i := x4(v)
				c = color.NRGBA{i, i, i, i}
			case TexI8:
				i := uint8(v)
				c = color.NRGBA{i, i, i, i}
			case TexIA4:
				i := x4(v & 15)
				c = color.NRGBA{i, i, i, x4(v >> 4)}
			case TexIA8:
				c = ia8(v)
			case TexRGB565:
				c = rgb565(v)
			case TexRGB5A3:
				c = rgb5a3(v)
			case TexC4, TexC8:
				c = lookup(v)
			case TexC14X2:
				c = lookup(v & 0x3FFF)
			}
			set(x, y, c)
		}
	}
	return img, bad, lost
}

// cmprBlend is GX's 3/8 blend of two expanded components: (3a + 5b) / 8
// (docs/formats/metroid-prime.md#cmpr).
func cmprBlend(a, b uint8) uint8 { return uint8((3*int(a) + 5*int(b)) >> 3) }

// cmprColors returns a CMPR sub-block's four colours from its two RGB565
// words: with c0 > c1 two blends at 3/8 and 5/8; otherwise their average
// and, fourth, the average transparent.
func cmprColors(c0, c1 uint16) [4]color.NRGBA {
	a, b := rgb565(c0), rgb565(c1)
	var c [4]color.NRGBA
	c[0], c[1] = a, b
	if c0 > c1 {
		c[2] = color.NRGBA{cmprBlend(b.R, a.R), cmprBlend(b.G, a.G), cmprBlend(b.B, a.B), 255}
		c[3] = color.NRGBA{cmprBlend(a.R, b.R), cmprBlend(a.G, b.G), cmprBlend(a.B, b.B), 255}
	} else {
		avg := color.NRGBA{uint8((int(a.R) + int(b.R)) / 2), uint8((int(a.G) + int(b.G)) / 2), uint8((int(a.B) + int(b.B)) / 2), 255}
		c[2] = avg
		avg.A = 0
		c[3] = avg
	}
	return c
}

// decodeCMPRBlock decodes one 8-byte CMPR sub-block into img at (x0, y0),
// dropping texels outside it: two big-endian RGB565 colours, then four
// rows of four 2-bit indices, the leftmost texel in the top bits.
func decodeCMPRBlock(b []byte, img *image.NRGBA, x0, y0 int) {
	colors := cmprColors(binary.BigEndian.Uint16(b), binary.BigEndian.Uint16(b[2:]))
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for y := 0; y < 4 && y0+y < h; y++ {
		row := b[4+y]
		i := img.PixOffset(x0, y0+y)
		for x := 0; x < 4 && x0+x < w; x++ {
			c := colors[row>>(6-2*x)&3]
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
			i += 4
		}
	}
}

// Texture returns the decoded texture as the common model has it, named
// name ("0A1B2C3D.TXTR").
func (t *TXTR) Texture(name string) *formats.Texture {
	f := "GX " + t.Format.String()
	if t.Palette != nil {
		f += " (" + t.Palette.Format.String() + " palette)"
	}
	return &formats.Texture{Name: name, Format: f, Levels: t.Levels}
}

// padding reports whether b is PAK padding (0xFF) or the zeros tools pad
// extracted TXTRs with to 32 bytes.
func padding(b []byte) bool {
	return trailing(b) || zeros(b)
}

// SniffTXTR reports whether data looks like a TXTR, which has no magic
// number: a known format, sides of 1 to MaxTXTRSide, a plausible mip
// count, a valid palette header for a paletted format, and a length that
// holds the first level and is no more than 32 bytes (PAK padding) past
// the last.
func SniffTXTR(data []byte) bool {
	if len(data) < txtrHeaderSize {
		return false
	}
	f := TexelFormat(be32(data, 0))
	w, h, n := int(be16(data, 4)), int(be16(data, 6)), int(be32(data, 8))
	if f >= numTexelFormats || w == 0 || h == 0 || w > MaxTXTRSide || h > MaxTXTRSide || n > MaxTXTRLevels {
		return false
	}
	at := txtrHeaderSize
	if f.Paletted() {
		if len(data) < at+8 || be32(data, at) > uint32(PaletteRGB5A3) {
			return false
		}
		entries := int(be16(data, at+4)) * int(be16(data, at+6))
		if entries == 0 || entries > texelLayouts[f].paletteLength {
			return false
		}
		at += 8 + 2*entries
	}
	first := at + f.LevelSize(w, h)
	for i := 0; i < max(n, 1); i++ {
		lw, lh := levelDims(w, h, i)
		at += f.LevelSize(lw, lh)
	}
	return len(data) >= first && len(data) <= at+32
}
