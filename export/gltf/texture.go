package gltf

import (
	"bytes"
	"fmt"
	"image/png"

	"github.com/animview/animview/formats"
	"github.com/qmuntal/gltf"
)

// textures writes the images that the asset's materials draw with into a
// document: one image and one texture per distinct *formats.Texture
// (shared by every material and mesh that uses it), all with one sampler
// (docs/formats/gltf-export.md#textures).
type textures struct {
	doc     *gltf.Document
	buf     *buffer
	index   map[*formats.Texture]int
	sampler int
	err     error
}

func newTextures(doc *gltf.Document, buf *buffer) *textures {
	return &textures{doc: doc, buf: buf, index: map[*formats.Texture]int{}, sampler: -1}
}

// texture returns the glTF texture index of t, writing its image the
// first time: the source's own PNG or JPEG bytes where it kept them, the
// first level encoded as PNG otherwise. It returns -1 (and keeps the
// first error) when the image cannot be encoded.
func (x *textures) texture(t *formats.Texture) int {
	if i, ok := x.index[t]; ok {
		return i
	}
	raw, mime := t.Encoded, t.MIME
	if len(raw) == 0 || (mime != "image/png" && mime != "image/jpeg") {
		img := t.Image()
		if img == nil {
			x.index[t] = -1
			return -1
		}
		var b bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(&b, img); err != nil {
			if x.err == nil {
				x.err = fmt.Errorf("texture %q: %w", t.Name, err)
			}
			x.index[t] = -1
			return -1
		}
		raw, mime = b.Bytes(), "image/png"
	}
	if x.sampler < 0 {
		x.doc.Samplers = append(x.doc.Samplers, &gltf.Sampler{MagFilter: gltf.MagLinear, MinFilter: gltf.MinLinearMipMapLinear,
			WrapS: gltf.WrapRepeat, WrapT: gltf.WrapRepeat})
		x.sampler = len(x.doc.Samplers) - 1
	}
	x.doc.Images = append(x.doc.Images, &gltf.Image{Name: t.Name, MimeType: mime, BufferView: gltf.Index(x.buf.view(raw, 0))})
	x.doc.Textures = append(x.doc.Textures, &gltf.Texture{Name: t.Name, Sampler: gltf.Index(x.sampler),
		Source: gltf.Index(len(x.doc.Images) - 1)})
	i := len(x.doc.Textures) - 1
	x.index[t] = i
	return i
}
