package ui

import (
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/render"
	"github.com/animview/animview/render/rendertest"
	"github.com/hajimehoshi/ebiten/v2"
)

// texturedDemo is rendertest.BoardAsset in a grey material.
func texturedDemo() *formats.Asset { return rendertest.BoardAsset([4]float32{0.5, 0.5, 0.5, 1}) }

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
		a.scene.draw(a.st, screen, vp)
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
		if got := a.rec.options(a.st, a.viewport(), a.scene.opts).Options.NoTextures; got != !s.textured {
			t.Errorf("%s: a GIF recorded now has NoTextures %v", s.name, got)
		}
	}
}
