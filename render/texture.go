package render

import (
	"image"
	"image/color"

	"github.com/animview/animview/formats"
)

// Texture is a material's image prepared for the mesh layer: its texels
// times the material's diffuse colour, one word each, and how its alpha
// reaches the screen. Texture coordinates follow glTF and MilkShape:
// (0, 0) is the image's top left corner, v grows downwards, and the image
// repeats in both directions. A Texture is read-only once made, so draw
// lists may share one.
type Texture struct {
	// pix holds the texels row by row, each channel in a 16-bit lane of
	// its word (R, B, G and A from the lowest), so that the
	// bilinear filter mixes all four with one multiplication. The
	// colours are straight with alpha 255 for AlphaOpaque (whose alpha
	// is ignored), premultiplied by alpha otherwise, so that the filter
	// does not bleed the colour of transparent texels into their
	// neighbours.
	//
	// Each texel is stored as the four words that the filter mixing it
	// with its neighbours to the right, below and below right (wrapped)
	// reads: for the texels a, b (right), c (below) and d (below right),
	// a·256, b − a, c − a and d − c − b + a, with wrapping arithmetic.
	// The filter's sum a·(256−fx−fy+fxy) + b·(fx−fxy) + c·(fy−fxy) + d·fxy
	// is a·256 + (b−a)·fx + (c−a)·fy + (d−c−b+a)·fxy, the same word modulo
	// 2^64 (no lane of the sum overflows): three multiplications instead
	// of four and no weight to work out but fxy. Texel (x, y) is
	// pix[y·w + x].
	pix  [][4]uint64
	w, h int
	// pow2 says that both sides are powers of two, wrapped by masks: mx
	// (the width less 1) wraps a column, and mask (the number of texels
	// less 1) the index y·w + x of a texel, which the mask also keeps in
	// pix without a bounds check.
	pow2 bool
	mx   int
	mask uint
	// alpha is an opaque pixel's alpha byte, 0xff<<24 (a variable, so
	// that the compiler writes a pixel's four bytes with one store).
	alpha uint32
	mode  formats.AlphaMode
	// cutoff is AlphaMask's least alpha drawn, in 0..255 units.
	cutoff float32
	// mips holds the smaller levels, each half the one before (a side
	// of 1 stays 1), down to 1×1: what a triangle drawn smaller than its
	// texels reads (mipLevel), so that a minified texture does not
	// alias. Empty for a texture made by NewTexture alone.
	mips []*Texture
	// kx and ky take coordinates from the largest level's texels to
	// this level's (its size over the largest level's), worked out once
	// so that a triangle's set-up does not divide (mip).
	kx, ky float64
}

// maxMips bounds a texture's levels (a 2^15-texel side halves 15 times).
const maxMips = 15

// newMipTexture is NewTexture of levels[0] with its smaller levels:
// levels[i] where it is half the size of the level before (as a TXTR's
// own mips are), otherwise the level before box-filtered (halve).
func newMipTexture(levels []*image.NRGBA, tint color.NRGBA, mode formats.AlphaMode, cutoff float32) *Texture {
	t := NewTexture(levels[0], tint, mode, cutoff)
	if t == nil {
		return nil
	}
	img := levels[0]
	for i := 1; i <= maxMips && (img.Rect.Dx() > 1 || img.Rect.Dy() > 1); i++ {
		w, h := max(img.Rect.Dx()/2, 1), max(img.Rect.Dy()/2, 1)
		if i < len(levels) && levels[i] != nil && levels[i].Rect.Dx() == w && levels[i].Rect.Dy() == h {
			img = levels[i]
		} else {
			img = halve(img)
		}
		m := NewTexture(img, tint, mode, cutoff)
		m.kx, m.ky = float64(m.w)/float64(t.w), float64(m.h)/float64(t.h)
		t.mips = append(t.mips, m)
	}
	return t
}

// halve box-filters img to half its size, a side of 1 staying 1 (an odd
// side's last column or row is left out, as OpenGL's halving does): each
// texel the mean of the 2×2 (or 2×1) it covers, its colour weighted by
// alpha so that transparent texels' colours do not bleed into it.
func halve(img *image.NRGBA) *image.NRGBA {
	sw, sh := img.Rect.Dx(), img.Rect.Dy()
	w, h := max(sw/2, 1), max(sh/2, 1)
	out := image.NewNRGBA(image.Rect(0, 0, w, h))
	fx, fy := min(sw, 2), min(sh, 2)
	n := uint32(fx * fy)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var r, g, b, a, pr, pg, pb uint32
			for j := 0; j < fy; j++ {
				for i := 0; i < fx; i++ {
					c := img.Pix[img.PixOffset(img.Rect.Min.X+x*fx+i, img.Rect.Min.Y+y*fy+j):][:4]
					ca := uint32(c[3])
					r, g, b, a = r+uint32(c[0]), g+uint32(c[1]), b+uint32(c[2]), a+ca
					pr, pg, pb = pr+uint32(c[0])*ca, pg+uint32(c[1])*ca, pb+uint32(c[2])*ca
				}
			}
			if a > 0 {
				r, g, b = (pr+a/2)/a, (pg+a/2)/a, (pb+a/2)/a
			} else {
				r, g, b = (r+n/2)/n, (g+n/2)/n, (b+n/2)/n
			}
			copy(out.Pix[out.PixOffset(x, y):], []byte{uint8(r), uint8(g), uint8(b), uint8((a + n/2) / n)})
		}
	}
	return out
}

// NewTexture prepares img (non-premultiplied RGBA, as formats.Texture
// holds it) times the colour tint (a material's diffuse colour, whose
// alpha multiplies the image's) for drawing with alpha mode mode; cutoff
// is AlphaMask's least alpha (0..1) drawn. It returns nil for an empty
// image.
func NewTexture(img *image.NRGBA, tint color.NRGBA, mode formats.AlphaMode, cutoff float32) *Texture {
	if img == nil || img.Rect.Empty() {
		return nil
	}
	if !(cutoff >= 0) { // also NaN
		cutoff = 0
	}
	w, h := img.Rect.Dx(), img.Rect.Dy()
	t := &Texture{pix: make([][4]uint64, w*h), w: w, h: h, kx: 1, ky: 1, mode: mode, cutoff: min(cutoff, 1) * 255,
		pow2: w&(w-1) == 0 && h&(h-1) == 0, mx: w - 1, mask: uint(w*h - 1), alpha: 0xff << 24}
	tr, tg, tb, ta := uint32(tint.R), uint32(tint.G), uint32(tint.B), uint32(tint.A)
	texels := make([]uint64, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			s := img.Pix[img.PixOffset(img.Rect.Min.X+x, img.Rect.Min.Y+y):][:4]
			r, g, b, a := div255(uint32(s[0])*tr), div255(uint32(s[1])*tg), div255(uint32(s[2])*tb), div255(uint32(s[3])*ta)
			if mode == formats.AlphaOpaque {
				a = 255
			} else if a < 255 {
				r, g, b = div255(r*a), div255(g*a), div255(b*a)
			}
			texels[y*w+x] = uint64(r) | uint64(b)<<16 | uint64(g)<<32 | uint64(a)<<48
		}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			x1, y1 := (x+1)%w, (y+1)%h
			a, b, c, d := texels[y*w+x], texels[y*w+x1], texels[y1*w+x], texels[y1*w+x1]
			t.pix[y*w+x] = [4]uint64{a << 8, b - a, c - a, d - c - b + a}
		}
	}
	return t
}

// Size is the texture's size in texels.
func (t *Texture) Size() image.Point { return image.Pt(t.w, t.h) }

// div255 is x / 255 rounded to nearest, for x in 0..255·255.
func div255(x uint32) uint32 { return (x + 128 + (x+128)>>8) >> 8 }

// lanes masks a texel word's four channels.
const lanes = 0x00ff00ff00ff00ff

// wrapTexel returns texel i of a row (or column) of n, repeated.
func wrapTexel(i, n int) int {
	if uint(i) >= uint(n) {
		i %= n
		if i < 0 {
			i += n
		}
	}
	return i
}

// bilinear mixes the 2×2 texels from texel k of pix on (Texture.pix:
// the texel, the one to the right, the one below and the one below that)
// by the weights fx/256 to the right and fy/256 down (the four weights
// sum to 256).
func bilinear(pix [][4]uint64, k int, fx, fy uint64) uint64 {
	return filter(&pix[k], fx, fy)
}

// filter is bilinear of the texel p.
func filter(p *[4]uint64, fx, fy uint64) uint64 {
	return (p[0] + p[1]*fx + p[2]*fy + p[3]*(fx*fy>>8)) >> 8 & lanes
}

// packTexel turns a texel word, each lane within 0..255, into the
// layer's colour word (R in the low byte): the lanes' order (R, B, G,
// A) brings G and A beside R and B with one shift.
func packTexel(c uint64) uint32 { return uint32(c | c>>24) }

// texKey names a prepared texture: the same image under another tint or
// alpha mode is prepared again.
type texKey struct {
	src    *formats.Texture
	tint   color.NRGBA
	mode   formats.AlphaMode
	cutoff float32
}

// maxTextures bounds the draw list's cache of prepared textures: past it
// the cache starts again (a scene that keeps changing its textures).
const maxTextures = 256

// texture returns the prepared texture of a material, made on its first
// use and kept; nil when the material has no image to draw.
func (d *DrawList) texture(m *formats.Material) *Texture {
	img := m.Texture.Image()
	if img == nil || img.Rect.Empty() {
		return nil
	}
	k := texKey{m.Texture, textureTint(m.Diffuse), m.Alpha, m.AlphaCutoff}
	if t, ok := d.textures[k]; ok {
		return t
	}
	if d.textures == nil || len(d.textures) >= maxTextures {
		d.textures = make(map[texKey]*Texture)
	}
	t := newMipTexture(m.Texture.Levels, k.tint, m.Alpha, m.AlphaCutoff)
	d.textures[k] = t
	return t
}

// textureTint is what a textured material's texels are multiplied by:
// its diffuse colour, white where that is black (unset in most files),
// and its alpha, 1 where that is 0.
func textureTint(d [4]float32) color.NRGBA {
	u := func(f float32) uint8 { return uint8(min(max(f, 0), 1)*255 + 0.5) }
	c := color.NRGBA{255, 255, 255, 255}
	if d[0]+d[1]+d[2] >= 0.05 {
		c.R, c.G, c.B = u(d[0]), u(d[1]), u(d[2])
	}
	if d[3] > 0 {
		c.A = u(d[3])
	}
	return c
}
