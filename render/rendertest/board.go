// Package rendertest holds fixtures that the tests of render's packages
// and of the window share.
package rendertest

import (
	"image"
	"image/color"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/demo"
	"github.com/go-gl/mathgl/mgl32"
)

// BoardAsset is the built-in demo figure holding a board before its
// chest: a static square mesh, textured red on its left half (u < ½) and
// blue on its right, in a material of the given diffuse colour. The demo
// faces +Z with its left on +X, so seen from its front the viewer's left
// is -X, where u is 0.
func BoardAsset(diffuse [4]float32) *formats.Asset {
	a := demo.New()
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
	a.Meshes = []*formats.Mesh{{
		Name:      "board",
		Positions: []mgl32.Vec3{{-0.3, 0.9, 0.3}, {0.3, 0.9, 0.3}, {0.3, 1.5, 0.3}, {-0.3, 1.5, 0.3}},
		UVs:       []mgl32.Vec2{{0, 1}, {1, 1}, {1, 0}, {0, 0}},
		Indices:   []uint32{0, 1, 2, 0, 2, 3},
		Materials: []formats.Material{{Name: "board", Diffuse: diffuse,
			Texture: &formats.Texture{Name: "board.png", Levels: []*image.NRGBA{img}}}},
		Groups: []formats.MeshGroup{{Name: "board", Count: 2, Material: 0}},
	}}
	return a
}
