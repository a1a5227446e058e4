package prime

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
)

// EncodeTXTR writes a texture in format f from its levels (largest first,
// each half the previous, down to 1), as the games store it: the header,
// for a paletted format the palette in pal's format, then each level's
// tiles, cut to the bytes the game reads (TexelFormat.LevelSize: a level
// narrower than an 8-texel tile loses texels, as in the games' files;
// docs/formats/metroid-prime.md#txtr). The encoder is for fixtures and
// tests, not for quality:
//
//   - intensity formats take the red channel as the intensity;
//   - a paletted format's palette is the levels' distinct colours in pal's
//     format, in order of first appearance (an error if they do not fit);
//   - CMPR is exact for 4×4 blocks of at most two colours (or one colour
//     and transparent texels); other blocks get their two extreme colours
//     and the nearest of the four.
func EncodeTXTR(f TexelFormat, pal PaletteFormat, levels []*image.NRGBA) ([]byte, error) {
	if f >= numTexelFormats {
		return nil, fmt.Errorf("%s: format %d is not a GX format", fmtTXTR, uint32(f))
	}
	if len(levels) == 0 || len(levels) > MaxTXTRLevels {
		return nil, fmt.Errorf("%s: %d levels (1 to %d)", fmtTXTR, len(levels), MaxTXTRLevels)
	}
	w, h := levels[0].Rect.Dx(), levels[0].Rect.Dy()
	if w < 1 || h < 1 || w > MaxTXTRSide || h > MaxTXTRSide {
		return nil, fmt.Errorf("%s: %d×%d is not 1 to %d on each side", fmtTXTR, w, h, MaxTXTRSide)
	}
	for i, l := range levels {
		lw, lh := levelDims(w, h, i)
		if l.Rect.Dx() != lw || l.Rect.Dy() != lh {
			return nil, fmt.Errorf("%s: level %d is %d×%d, not %d×%d", fmtTXTR, i, l.Rect.Dx(), l.Rect.Dy(), lw, lh)
		}
	}
	var wr writer
	wr.u32(uint32(f))
	wr.u16(uint16(w))
	wr.u16(uint16(h))
	wr.u32(uint32(len(levels)))
	var index map[uint16]uint16
	if f.Paletted() {
		if pal > PaletteRGB5A3 {
			return nil, fmt.Errorf("%s: palette format %d", fmtTXTR, uint32(pal))
		}
		var entries []uint16
		index = map[uint16]uint16{}
		for _, l := range levels {
			for y := 0; y < l.Rect.Dy(); y++ {
				for x := 0; x < l.Rect.Dx(); x++ {
					v := encodePaletteColor(pal, l.NRGBAAt(x, y))
					if _, ok := index[v]; !ok {
						index[v] = uint16(len(entries))
						entries = append(entries, v)
					}
				}
			}
		}
		n := texelLayouts[f].paletteLength
		if len(entries) > n {
			return nil, fmt.Errorf("%s: %d colours do not fit a %d-entry %s palette", fmtTXTR, len(entries), n, f)
		}
		pw, ph := n, 1
		if f == TexC4 {
			pw, ph = 1, 16 // as the games store a C4 palette
		} else if f == TexC14X2 {
			pw = max(len(entries), 1)
		}
		wr.u32(uint32(pal))
		wr.u16(uint16(pw))
		wr.u16(uint16(ph))
		for i := 0; i < pw*ph; i++ {
			var v uint16
			if i < len(entries) {
				v = entries[i]
			}
			wr.u16(v)
		}
	}
	for i, l := range levels {
		lw, lh := levelDims(w, h, i)
		// Whole tiles, cut to (or padded to) the bytes the game reads.
		enc := encodeLevel(f, pal, index, l, lw, lh)
		size := f.LevelSize(lw, lh)
		if len(enc) > size {
			enc = enc[:size]
		}
		wr.b = append(wr.b, enc...)
		wr.b = append(wr.b, make([]byte, size-len(enc))...)
	}
	return wr.b, nil
}

func encodeRGB565(c color.NRGBA) uint16 {
	return uint16(c.R>>3)<<11 | uint16(c.G>>2)<<5 | uint16(c.B>>3)
}

func encodeRGB5A3(c color.NRGBA) uint16 {
	if c.A == 255 {
		return 0x8000 | uint16(c.R>>3)<<10 | uint16(c.G>>3)<<5 | uint16(c.B>>3)
	}
	return uint16(c.A>>5)<<12 | uint16(c.R>>4)<<8 | uint16(c.G>>4)<<4 | uint16(c.B>>4)
}

func encodePaletteColor(p PaletteFormat, c color.NRGBA) uint16 {
	switch p {
	case PaletteIA8:
		return uint16(c.A)<<8 | uint16(c.R)
	case PaletteRGB565:
		return encodeRGB565(c)
	}
	return encodeRGB5A3(c)
}

// encodeLevel writes one level's tiles; texels of the padding repeat the
// image's edge.
func encodeLevel(f TexelFormat, pal PaletteFormat, index map[uint16]uint16, img *image.NRGBA, w, h int) []byte {
	l := texelLayouts[f]
	at := func(x, y int) color.NRGBA { return img.NRGBAAt(min(x, w-1), min(y, h-1)) }
	out := make([]byte, 0, f.tileSize(w, h))
	for y0 := 0; y0 < h; y0 += l.bh {
		for x0 := 0; x0 < w; x0 += l.bw {
			switch f {
			case TexRGBA8:
				var ar, gb [32]byte
				for k := 0; k < 16; k++ {
					c := at(x0+k%4, y0+k/4)
					ar[2*k], ar[2*k+1], gb[2*k], gb[2*k+1] = c.A, c.R, c.G, c.B
				}
				out = append(append(out, ar[:]...), gb[:]...)
				continue
			case TexCMPR:
				for s := 0; s < 4; s++ {
					var block [16]color.NRGBA
					for k := range block {
						block[k] = at(x0+s%2*4+k%4, y0+s/2*4+k/4)
					}
					out = append(out, encodeCMPRBlock(block)...)
				}
				continue
			}
			var nib byte
			for k := 0; k < l.bw*l.bh; k++ {
				c := at(x0+k%l.bw, y0+k/l.bw)
				var v uint16
				switch f {
				case TexI4:
					v = uint16(c.R >> 4)
				case TexI8:
					v = uint16(c.R)
				case TexIA4:
					v = uint16(c.A>>4)<<4 | uint16(c.R>>4)
				case TexIA8:
					v = uint16(c.A)<<8 | uint16(c.R)
				case TexRGB565:
					v = encodeRGB565(c)
				case TexRGB5A3:
					v = encodeRGB5A3(c)
				case TexC4, TexC8, TexC14X2:
					v = index[encodePaletteColor(pal, c)]
				}
				switch l.bits {
				case 4:
					if k%2 == 0 {
						nib = byte(v) << 4
					} else {
						out = append(out, nib|byte(v))
					}
				case 8:
					out = append(out, byte(v))
				case 16:
					out = binary.BigEndian.AppendUint16(out, v)
				}
			}
		}
	}
	return out
}

// encodeCMPRBlock encodes a 4×4 block (row by row) as a CMPR sub-block.
func encodeCMPRBlock(block [16]color.NRGBA) []byte {
	transparent := false
	var lo, hi uint16
	first := true
	for _, c := range block {
		if c.A < 128 {
			transparent = true
			continue
		}
		v := encodeRGB565(c)
		if first || v < lo {
			lo = v
		}
		if first || v > hi {
			hi = v
		}
		first = false
	}
	c0, c1 := hi, lo
	if transparent {
		// Three-colour mode needs c0 <= c1.
		c0, c1 = lo, hi
	}
	colors := cmprColors(c0, c1)
	b := binary.BigEndian.AppendUint16(nil, c0)
	b = binary.BigEndian.AppendUint16(b, c1)
	for y := 0; y < 4; y++ {
		var row byte
		for x := 0; x < 4; x++ {
			c := block[4*y+x]
			best := 0
			if transparent && c.A < 128 {
				best = 3
			} else {
				d := -1
				for i, p := range colors {
					if p.A == 0 {
						continue
					}
					e := sq(int(c.R)-int(p.R)) + sq(int(c.G)-int(p.G)) + sq(int(c.B)-int(p.B))
					if d < 0 || e < d {
						best, d = i, e
					}
				}
			}
			row |= byte(best) << (6 - 2*x)
		}
		b = append(b, row)
	}
	return b
}

func sq(x int) int { return x * x }

// MarshalBinary encodes the texture's levels in its format (and its
// palette's format) with EncodeTXTR, followed by its trailing bytes.
func (t *TXTR) MarshalBinary() ([]byte, error) {
	pal := PaletteRGB5A3
	if t.Palette != nil {
		pal = t.Palette.Format
	}
	if len(t.Levels) == 0 {
		return nil, errors.New("prime-txtr: no levels")
	}
	b, err := EncodeTXTR(t.Format, pal, t.Levels)
	if err != nil {
		return nil, err
	}
	return append(b, t.Trailing...), nil
}
