package raster

import (
	"bytes"
	"image"
	"image/gif"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/render"
	"github.com/animview/animview/render/rendertest"
)

// boardAsset is rendertest.BoardAsset in a white material.
func boardAsset() *formats.Asset { return rendertest.BoardAsset([4]float32{1, 1, 1, 1}) }

// redBlue counts an image's reddish and bluish pixels and the mean
// column of each.
func redBlue(img image.Image) (red, blue int, redX, blueX float64) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			switch {
			case r > 100 && g < 30 && bl < 40:
				red++
				redX += float64(x)
			case bl > 100 && r < 40 && g < 40:
				blue++
				blueX += float64(x)
			}
		}
	}
	if red > 0 {
		redX /= float64(red)
	}
	if blue > 0 {
		blueX /= float64(blue)
	}
	return red, blue, redX, blueX
}

// TestRenderTextured: `render` draws a mesh's texture, the left half of
// the image (u < ½) on the viewer's left, as a frame and in a GIF; NoTextures (--no-textures) draws the material's flat
// colour instead.
func TestRenderTextured(t *testing.T) {
	a := boardAsset()
	front := FrameOptions{Width: 320, Height: 240, Yaw: a.Coords.FrontYaw}
	img, err := RenderFrame(a, 0, 0.3, front)
	if err != nil {
		t.Fatal(err)
	}
	red, blue, redX, blueX := redBlue(img)
	t.Logf("textured: %d red pixels about x = %.0f, %d blue about x = %.0f", red, redX, blue, blueX)
	if red < 300 || blue < 300 || !(redX < blueX) {
		t.Errorf("textured: %d red pixels about x = %.0f, %d blue about x = %.0f; want both, red on the left", red, redX, blue, blueX)
	}

	flat := front
	flat.Options = render.DefaultOptions()
	flat.Options.NoTextures = true
	img, err = RenderFrame(a, 0, 0.3, flat)
	if err != nil {
		t.Fatal(err)
	}
	if red, blue, _, _ := redBlue(img); red > 0 || blue > 0 {
		t.Errorf("no textures: %d red and %d blue pixels, want none", red, blue)
	}

	// A GIF draws the texture too, in colours its palette takes from the
	// mesh (meshPalette): its first frame (whole; the later ones hold
	// what changed) shows the red and blue halves about as the frame at
	// 0.3 s does (the bones over the board have moved).
	var buf bytes.Buffer
	if err := EncodeGIF(&buf, a, 0, FrameOptions{Width: 320, Height: 240, Yaw: a.Coords.FrontYaw, FPS: 10}); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	gr, gb, grX, gbX := redBlue(g.Image[0])
	if gr < red*3/4 || gb < blue*3/4 || !(grX < gbX) {
		t.Errorf("GIF: %d red pixels about x = %.0f, %d blue about x = %.0f; want as the frame: %d and %d, red on the left",
			gr, grX, gb, gbX, red, blue)
	}
}
