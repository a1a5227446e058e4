// Package imagefile decodes the image files that models name beside
// themselves (a MilkShape material's texture and alpha map) into the
// common formats.Texture: BMP (golang.org/x/image/bmp), PNG and JPEG (the
// standard library, keeping the file's own bytes for an export to carry
// as they are), GIF (the standard library, its first frame) and
// Truevision TGA (this package's own reader, tga.go).
//
// Every image's size is read from its header and checked against MaxSide
// before its pixels are decoded, so that a file cannot make the decoder
// allocate more than MaxSide² pixels (docs/formats/milkshape-anm.md#textures).
package imagefile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"path"
	"strings"

	"github.com/animview/animview/formats"
	"golang.org/x/image/bmp"
)

// MaxSide is the largest width or height of an image this package
// decodes: 8192, the raster's own limit.
const MaxSide = 8192

// ErrTooLarge is returned for an image whose header gives a side larger
// than MaxSide.
var ErrTooLarge = errors.New("image larger than the limit")

// ErrUnknown is returned for bytes that are none of the kinds this
// package reads.
var ErrUnknown = errors.New("not a BMP, PNG, JPEG, GIF or TGA image")

// Kind is an image file's kind.
type Kind string

// The kinds of image file.
const (
	BMP  Kind = "BMP"
	PNG  Kind = "PNG"
	JPEG Kind = "JPEG"
	GIF  Kind = "GIF"
	TGA  Kind = "TGA"
)

// Detect returns the kind of an image file: by its first bytes for BMP,
// PNG, JPEG and GIF, which have a signature; a TGA has none, so a name ending
// in .tga (any case) whose bytes are none of the others is a TGA.
func Detect(name string, data []byte) (Kind, bool) {
	switch {
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return PNG, true
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF}):
		return JPEG, true
	case bytes.HasPrefix(data, []byte("BM")):
		return BMP, true
	case bytes.HasPrefix(data, []byte("GIF87a")) || bytes.HasPrefix(data, []byte("GIF89a")):
		return GIF, true
	case strings.EqualFold(path.Ext(strings.ReplaceAll(name, `\`, "/")), ".tga"):
		return TGA, true
	}
	return "", false
}

// Decode reads an image file into a texture of one level named name.
// PNG and JPEG files keep their bytes in Encoded with their media type.
// Errors name the kind, and the size against MaxSide (ErrTooLarge).
func Decode(name string, data []byte) (*formats.Texture, error) {
	kind, ok := Detect(name, data)
	if !ok {
		return nil, fmt.Errorf("%s: %w", name, ErrUnknown)
	}
	var (
		img    image.Image
		format = string(kind)
		err    error
	)
	switch kind {
	case TGA:
		var h tgaHeader
		img, h, err = decodeTGA(data)
		if err == nil {
			format = h.describe()
		}
	default:
		var cfg image.Config
		cfg, err = decodeConfig(kind, data)
		if err == nil {
			if err = checkSize(cfg.Width, cfg.Height); err == nil {
				img, err = decodeImage(kind, data)
			}
		}
		if kind == BMP && len(data) >= 30 {
			format = fmt.Sprintf("BMP %d-bit", binary.LittleEndian.Uint16(data[28:30]))
			if _, ok := img.(*image.Paletted); ok {
				format += " paletted"
			}
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", name, kind, err)
	}
	t := &formats.Texture{Name: name, Format: format, Levels: []*image.NRGBA{toNRGBA(img)}}
	switch kind {
	case PNG:
		t.Encoded, t.MIME = data, "image/png"
	case JPEG:
		t.Encoded, t.MIME = data, "image/jpeg"
	}
	return t, nil
}

func decodeConfig(kind Kind, data []byte) (image.Config, error) {
	r := bytes.NewReader(data)
	switch kind {
	case PNG:
		return png.DecodeConfig(r)
	case JPEG:
		return jpeg.DecodeConfig(r)
	case GIF:
		return gif.DecodeConfig(r)
	}
	return bmp.DecodeConfig(r)
}

func decodeImage(kind Kind, data []byte) (image.Image, error) {
	r := bytes.NewReader(data)
	switch kind {
	case PNG:
		return png.Decode(r)
	case JPEG:
		return jpeg.Decode(r)
	case GIF:
		return gif.Decode(r)
	}
	return bmp.Decode(r)
}

// checkSize refuses an empty image or one with a side over MaxSide.
func checkSize(w, h int) error {
	if w <= 0 || h <= 0 {
		return fmt.Errorf("%dx%d: an empty image", w, h)
	}
	if w > MaxSide || h > MaxSide {
		return fmt.Errorf("%dx%d: %w of %dx%d", w, h, ErrTooLarge, MaxSide, MaxSide)
	}
	return nil
}

// toNRGBA returns img as non-premultiplied RGBA with its top-left pixel
// at (0, 0).
func toNRGBA(img image.Image) *image.NRGBA {
	b := img.Bounds()
	if n, ok := img.(*image.NRGBA); ok && b.Min == (image.Point{}) {
		return n
	}
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	return out
}

// WithAlpha returns a copy of t whose alpha is the grey value of alpha
// (the luminance, 0.299 R + 0.587 G + 0.114 B, of a colour image), the
// way a MilkShape material's alpha map gives its texture transparency
// (docs/formats/milkshape-anm.md#textures). An alpha image of another
// size is sampled at the nearest pixel. The copy has one level and no
// Encoded bytes: its pixels are no longer the file's.
func WithAlpha(t, alpha *formats.Texture) *formats.Texture {
	src, a := t.Image(), alpha.Image()
	if src == nil || a == nil {
		return t
	}
	w, h := src.Rect.Dx(), src.Rect.Dy()
	aw, ah := a.Rect.Dx(), a.Rect.Dy()
	out := image.NewNRGBA(image.Rect(0, 0, w, h))
	copy(out.Pix, src.Pix)
	for y := 0; y < h; y++ {
		ay := y * ah / h
		for x := 0; x < w; x++ {
			ax := x * aw / w
			p := a.Pix[ay*a.Stride+4*ax:]
			lum := (299*uint32(p[0]) + 587*uint32(p[1]) + 114*uint32(p[2]) + 500) / 1000
			out.Pix[y*out.Stride+4*x+3] = uint8(lum)
		}
	}
	return &formats.Texture{Name: t.Name, Format: t.Format + ", alpha from " + alpha.Name, Levels: []*image.NRGBA{out}}
}

// Opaque reports whether every pixel of the texture's first level has
// full alpha.
func Opaque(t *formats.Texture) bool {
	img := t.Image()
	if img == nil {
		return true
	}
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for y := 0; y < h; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		for x := 3; x < len(row); x += 4 {
			if row[x] != 0xFF {
				return false
			}
		}
	}
	return true
}
