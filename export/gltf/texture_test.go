package gltf

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/qmuntal/gltf"
)

// TestTexturesExport: the textured MilkShape fixture's glTF carries one
// image per texture, the PNG's own bytes as they are and the BMP as a
// PNG of the same pixels, one sampler (linear, repeat), and materials
// whose baseColorTexture, factor and alpha mode are the model's
// (docs/formats/gltf-export.md#textures); a texture two materials and two
// meshes share is written once. Both .glb and .gltf decode.
func TestTexturesExport(t *testing.T) {
	a := load(t, "../../formats/ms3d/testdata/textured/textured.ms3d", "")
	if len(a.Meshes) != 1 || a.Meshes[0].Materials[0].Texture == nil || a.Meshes[0].Materials[1].Texture == nil {
		t.Fatalf("fixture without its textures: %q", a.Warnings)
	}
	skin, glass := a.Meshes[0].Materials[0].Texture, a.Meshes[0].Materials[1].Texture
	// A second mesh that uses the same two textures.
	m2 := *a.Meshes[0]
	m2.Name = "copy"
	b := *a
	b.Meshes = []*formats.Mesh{a.Meshes[0], &m2}
	for _, binary := range []bool{true, false} {
		doc, err := Build(&b, allTakes(&b))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := Encode(&out, doc, binary); err != nil {
			t.Fatal(err)
		}
		doc = new(gltf.Document)
		if err := gltf.NewDecoder(bytes.NewReader(out.Bytes())).Decode(doc); err != nil {
			t.Fatal(err)
		}
		if len(doc.Images) != 2 || len(doc.Textures) != 2 || len(doc.Samplers) != 1 {
			t.Fatalf("%d images, %d textures, %d samplers; want 2, 2, 1", len(doc.Images), len(doc.Textures), len(doc.Samplers))
		}
		s := doc.Samplers[0]
		if s.MagFilter != gltf.MagLinear || s.MinFilter != gltf.MinLinearMipMapLinear || s.WrapS != gltf.WrapRepeat || s.WrapT != gltf.WrapRepeat {
			t.Errorf("sampler %+v", s)
		}
		imageBytes := func(i int) []byte {
			bv := doc.BufferViews[*doc.Images[i].BufferView]
			return doc.Buffers[bv.Buffer].Data[bv.ByteOffset : bv.ByteOffset+bv.ByteLength]
		}
		byName := map[string]int{}
		for i, im := range doc.Images {
			byName[im.Name] = i
		}
		gi, si := byName[glass.Name], byName[skin.Name]
		if doc.Images[gi].MimeType != "image/png" || !bytes.Equal(imageBytes(gi), glass.Encoded) {
			t.Errorf("glass image: %s, not the file's own bytes", doc.Images[gi].MimeType)
		}
		img, err := png.Decode(bytes.NewReader(imageBytes(si)))
		if err != nil || doc.Images[si].MimeType != "image/png" {
			t.Fatalf("skin image %s: %v", doc.Images[si].MimeType, err)
		}
		if !samePixels(img, skin.Image()) {
			t.Error("the skin's PNG has other pixels than the BMP decoded")
		}
		mats := 0
		for _, mt := range doc.Materials {
			pbr := mt.PBRMetallicRoughness
			switch mt.Name {
			case "skin":
				mats++
				if pbr.BaseColorTexture == nil || doc.Images[*doc.Textures[pbr.BaseColorTexture.Index].Source].Name != skin.Name ||
					mt.AlphaMode != gltf.AlphaOpaque || *pbr.BaseColorFactor != [4]float64{1, 1, 1, 1} {
					t.Errorf("skin material %+v %+v", mt, pbr)
				}
			case "glass":
				mats++
				if pbr.BaseColorTexture == nil || doc.Images[*doc.Textures[pbr.BaseColorTexture.Index].Source].Name != glass.Name ||
					mt.AlphaMode != gltf.AlphaBlend || *pbr.BaseColorFactor != [4]float64{1, 1, 1, 0.5} {
					t.Errorf("glass material %+v %+v", mt, pbr)
				}
			}
		}
		if mats != 4 {
			t.Errorf("%d textured materials, want 2 per mesh", mats)
		}
		for _, m := range doc.Meshes {
			for _, p := range m.Primitives {
				if _, ok := p.Attributes["TEXCOORD_0"]; !ok {
					t.Errorf("mesh %q: a textured primitive without TEXCOORD_0", m.Name)
				}
			}
		}
	}
}

// TestTextureAlphaMask: a material tested against a cutoff exports as
// MASK with it; one without texture coordinates drops its texture.
func TestTextureAlphaMask(t *testing.T) {
	a := load(t, "../../formats/ms3d/testdata/textured/textured.ms3d", "")
	m := *a.Meshes[0]
	m.Materials = append([]formats.Material(nil), m.Materials...)
	m.Materials[0].Alpha, m.Materials[0].AlphaCutoff = formats.AlphaMask, 0.25
	b := *a
	b.Meshes = []*formats.Mesh{&m}
	doc, err := Build(&b, allTakes(&b))
	if err != nil {
		t.Fatal(err)
	}
	if mt := doc.Materials[0]; mt.AlphaMode != gltf.AlphaMask || mt.AlphaCutoff == nil || *mt.AlphaCutoff != 0.25 {
		t.Errorf("material %+v", mt)
	}
	m.UVs = nil
	doc, err = Build(&b, allTakes(&b))
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Images) != 0 || doc.Materials[0].PBRMetallicRoughness.BaseColorTexture != nil {
		t.Errorf("%d images without texture coordinates", len(doc.Images))
	}
}

func samePixels(a image.Image, b *image.NRGBA) bool {
	if a.Bounds().Size() != b.Rect.Size() {
		return false
	}
	for y := 0; y < b.Rect.Dy(); y++ {
		for x := 0; x < b.Rect.Dx(); x++ {
			if color.NRGBAModel.Convert(a.At(a.Bounds().Min.X+x, a.Bounds().Min.Y+y)) != b.NRGBAAt(x, y) {
				return false
			}
		}
	}
	return true
}
