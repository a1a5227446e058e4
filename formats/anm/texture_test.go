package anm

import (
	"bytes"
	"image"
	"image/color"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/ms3d"
	"golang.org/x/image/bmp"
)

// TestModelTextures: an ANM's model finds its textures beside the model
// (docs/formats/milkshape-anm.md#textures): in the --model file's folder
// when one is chosen, beside the ANM when the model is found there.
func TestModelTextures(t *testing.T) {
	m := cylindro()
	m.Vertices = []ms3d.Vertex{{Position: [3]float32{0, 10, 0}}, {Position: [3]float32{1, 10, 0}}, {Position: [3]float32{0, 11, 0}}}
	m.Triangles = []ms3d.Triangle{{VertexIndices: [3]uint16{0, 1, 2}, T: [3]float32{0, 0, 1}, S: [3]float32{0, 1, 0}}}
	m.Groups = []ms3d.Group{{Name: "g", Triangles: []uint16{0}}}
	m.Materials = []ms3d.Material{{Name: "skin", Diffuse: [4]float32{1, 1, 1, 1}, Transparency: 1, Texture: `.\Tex\Skin.bmp`}}
	model, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	var img bytes.Buffer
	src := image.NewRGBA(image.Rect(0, 0, 2, 2))
	src.Set(0, 0, color.RGBA{200, 10, 10, 255})
	if err := bmp.Encode(&img, src); err != nil {
		t.Fatal(err)
	}
	anim := []byte("as A\nbl pelvis\nan 0 50 x\n")
	modelDir := formats.FSResolver{FS: fstest.MapFS{"c.ms3d": {Data: model}, "tex/skin.bmp": {Data: img.Bytes()}}}
	for _, tc := range []struct {
		name string
		in   *formats.Input
	}{
		{"--model in another folder", &formats.Input{Name: "c.anm", Data: anim,
			Siblings: formats.FSResolver{FS: fstest.MapFS{"c.anm": {Data: anim}}},
			Skeleton: &formats.Input{Name: "c.ms3d", Data: model, Siblings: modelDir}}},
		{"model beside the ANM", &formats.Input{Name: "c.anm", Data: anim, Siblings: formats.FSResolver{FS: fstest.MapFS{
			"c.anm": {Data: anim}, "c.ms3d": {Data: model}, "tex/skin.bmp": {Data: img.Bytes()}}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := Load(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Meshes) != 1 || a.Meshes[0].Materials[0].Texture == nil {
				t.Fatalf("no texture; warnings %q", a.Warnings)
			}
			if tex := a.Meshes[0].Materials[0].Texture; tex.Name != "tex/skin.bmp" || tex.Image().NRGBAAt(0, 0) != (color.NRGBA{200, 10, 10, 255}) {
				t.Errorf("texture %q, pixel %v", tex.Name, tex.Image().NRGBAAt(0, 0))
			}
		})
	}
}
