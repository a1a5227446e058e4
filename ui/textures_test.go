package ui

import (
	"image"
	"image/color"
	"testing"

	"github.com/animview/animview/assets"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/render"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/hajimehoshi/ebiten/v2"
)

// texturedDemo is the demo figure holding a board before its chest: a
// static square mesh, textured red on its left half and blue on its
// right, in a grey material.
func texturedDemo() *formats.Asset {
	a := assets.Demo()
	img := image.NewNRGBA(image.Rect(0, 0, 16, 16))
	for y := 0; y < 16; y++ {
		for x := 0; x < 16; x++ {
			c := color.NRGBA{255, 0, 0, 255}
			if x >= 8 {
				c = color.NRGBA{0, 0, 255, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	// The demo faces +Z with its left on +X: seen from its front, the
	// viewer's left is -X, where u is 0.
	a.Meshes = []*formats.Mesh{{
		Name:      "board",
		Positions: []mgl32.Vec3{{-0.3, 0.9, 0.3}, {0.3, 0.9, 0.3}, {0.3, 1.5, 0.3}, {-0.3, 1.5, 0.3}},
		UVs:       []mgl32.Vec2{{0, 1}, {1, 1}, {1, 0}, {0, 0}},
		Indices:   []uint32{0, 1, 2, 0, 2, 3},
		Materials: []formats.Material{{Name: "board", Diffuse: [4]float32{0.5, 0.5, 0.5, 1},
			Texture: &formats.Texture{Name: "board.png", Levels: []*image.NRGBA{img}}}},
		Groups: []formats.MeshGroup{{Name: "board", Count: 2, Material: 0}},
	}}
	return a
}

// TestTexturesToggle draws a textured mesh in the viewer's scene: its
// texture shows (red and blue pixels, no grey) until Shift+M or the
// textures verb turns textures off, when the material's flat grey shows
// instead; a GIF recorded then is flat too.
func TestTexturesToggle(t *testing.T) {
	open := func(string) (*formats.Asset, error) { return texturedDemo(), nil }
	a := newApp(t, Options{Path: "board", Open: open})
	screen := ebiten.NewImage(640, 480)
	defer screen.Deallocate()
	vp := render.Viewport{W: 640, H: 480}
	// colours counts the mesh layer's reddish, bluish and greyish pixels.
	colours := func() (red, blue, grey int) {
		a.scene.draw(screen, vp)
		l := a.scene.dl.MeshLayer()
		if l == nil {
			return 0, 0, 0
		}
		for i := 0; i+3 < len(l.Image.Pix); i += 4 {
			r, g, b, al := int(l.Image.Pix[i]), int(l.Image.Pix[i+1]), int(l.Image.Pix[i+2]), l.Image.Pix[i+3]
			switch {
			case al != 255:
			case r > 60 && g < 10 && b < 10:
				red++
			case b > 60 && r < 10 && g < 10:
				blue++
			case r > 40 && r == g && g == b:
				grey++
			}
		}
		return red, blue, grey
	}
	steps := []struct {
		name     string
		do       func()
		textured bool
	}{
		{"as opened", func() {}, true},
		{"Shift+M", func() { a.press(ebiten.KeyM, modShift) }, false},
		{"Shift+M again", func() { a.press(ebiten.KeyM, modShift) }, true},
		{"textures off", func() { a.runVerb("textures", "off") }, false},
		{"textures on", func() { a.runVerb("textures", "on") }, true},
		{"textures (switch)", func() { a.runVerb("textures") }, false},
	}
	for _, s := range steps {
		s.do()
		red, blue, grey := colours()
		t.Logf("%s: %d red, %d blue, %d grey pixels", s.name, red, blue, grey)
		if s.textured && (red < 200 || blue < 200 || grey > 0) || !s.textured && (red > 0 || blue > 0 || grey < 400) {
			t.Errorf("%s: %d red, %d blue, %d grey pixels; want textured %v", s.name, red, blue, grey, s.textured)
		}
		if got := a.rec.options().Options.NoTextures; got != !s.textured {
			t.Errorf("%s: a GIF recorded now has NoTextures %v", s.name, got)
		}
	}
}
