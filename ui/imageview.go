package ui

import (
	"image"
	"math"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// imageView draws a file that is an image by itself (a Metroid Prime
// TXTR) in place of the 3D view: the shown mip level centred, scaled to
// fit (by whole steps when it is enlarged, texels kept sharp), over a
// checkerboard that shows through where it is transparent.
type imageView struct {
	// tex and level are what img holds.
	tex   *formats.Texture
	level int
	img   *ebiten.Image
	// checker is the checkerboard for the last drawn size.
	checker *ebiten.Image
}

// checkerSquare is the side of the checkerboard's squares in pixels.
const checkerSquare = 8

// Checkerboard colours: two greys, as image editors show transparency.
var checkerLight, checkerDark = [4]byte{0x9A, 0x9A, 0x9A, 0xFF}, [4]byte{0x66, 0x66, 0x66, 0xFF}

// fit returns where a w×h image is drawn in vp: its scale and top-left
// corner. An image larger than the view shrinks to fit; a smaller one
// grows by the largest whole factor that fits.
func fit(w, h int, vp render.Viewport) (scale, x, y float64) {
	scale = math.Min(float64(vp.W)/float64(w), float64(vp.H)/float64(h))
	if scale >= 1 {
		scale = math.Floor(scale)
	}
	x = float64(vp.X) + (float64(vp.W)-scale*float64(w))/2
	y = float64(vp.Y) + (float64(vp.H)-scale*float64(h))/2
	return math.Round(scale*1e6) / 1e6, math.Floor(x), math.Floor(y)
}

// draw draws level of t into vp.
func (v *imageView) draw(screen *ebiten.Image, vp render.Viewport, t *formats.Texture, level int) {
	if level < 0 || level >= len(t.Levels) {
		return
	}
	src := t.Levels[level]
	if v.tex != t || v.level != level || v.img == nil {
		if v.img != nil {
			v.img.Deallocate()
		}
		v.tex, v.level = t, level
		v.img = ebiten.NewImageFromImage(src)
	}
	w, h := src.Rect.Dx(), src.Rect.Dy()
	scale, x, y := fit(w, h, vp)
	dw, dh := max(int(math.Round(scale*float64(w))), 1), max(int(math.Round(scale*float64(h))), 1)
	if v.checker == nil || v.checker.Bounds().Dx() != dw || v.checker.Bounds().Dy() != dh {
		if v.checker != nil {
			v.checker.Deallocate()
		}
		v.checker = ebiten.NewImageFromImage(checkerboard(dw, dh))
	}
	var op ebiten.DrawImageOptions
	op.GeoM.Translate(x, y)
	screen.DrawImage(v.checker, &op)
	op = ebiten.DrawImageOptions{}
	op.GeoM.Scale(scale, scale)
	op.GeoM.Translate(x, y)
	if scale >= 1 {
		op.Filter = ebiten.FilterNearest
	} else {
		op.Filter = ebiten.FilterLinear
	}
	screen.DrawImage(v.img, &op)
}

// checkerboard returns a w×h checkerboard of checkerSquare squares.
func checkerboard(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := checkerLight
			if (x/checkerSquare+y/checkerSquare)%2 == 1 {
				c = checkerDark
			}
			copy(img.Pix[img.PixOffset(x, y):], c[:])
		}
	}
	return img
}
