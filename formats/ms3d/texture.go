package ms3d

import (
	"fmt"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/imagefile"
)

// AttachTextures finds, decodes and hangs on m's materials each
// material's texture and alpha map, looked for under the model's folder
// (files, the model file's resolver; docs/formats/milkshape-anm.md#textures).
// A texture that cannot be found or decoded is a warning that names the
// path in the file and the paths tried; its material draws in its colour.
// Materials naming the same files share one *formats.Texture. It returns
// the warnings and a line for `info`, "" when no material names a texture.
func (f *File) AttachTextures(m *formats.Mesh, files formats.Resolver) (warns []string, info string) {
	type result struct {
		tex *formats.Texture
		err error
	}
	// Decoded once per file found, however the materials spell its path.
	byRef, byPath := map[string]result{}, map[string]result{}
	load := func(ref string) (*formats.Texture, error) {
		if r, ok := byRef[ref]; ok {
			return r.tex, r.err
		}
		found, err := imagefile.Find(files, ref)
		r := result{err: err}
		if err == nil {
			var ok bool
			if r, ok = byPath[found.Path]; !ok {
				r.tex, r.err = imagefile.Decode(found.Path, found.Data)
				byPath[found.Path] = r
			}
		}
		byRef[ref] = r
		return r.tex, r.err
	}
	combined := map[[2]*formats.Texture]*formats.Texture{}
	named, found := 0, 0
	for i := range f.Materials {
		if i >= len(m.Materials) {
			break
		}
		src := &f.Materials[i]
		mat := &m.Materials[i]
		texRef, alphaRef := strings.TrimSpace(src.Texture), strings.TrimSpace(src.AlphaMap)
		if texRef == "" {
			if alphaRef != "" {
				warns = append(warns, fmt.Sprintf("material %q: alpha map %q without a texture is not used", src.Name, alphaRef))
			}
			mat.Alpha = f.alphaMode(mat, false)
			continue
		}
		named++
		tex, err := load(texRef)
		if err != nil {
			warns = append(warns, fmt.Sprintf("material %q: texture: %v", src.Name, err))
			mat.Alpha = f.alphaMode(mat, false)
			continue
		}
		found++
		alphaMap := false
		if alphaRef != "" {
			a, err := load(alphaRef)
			if err != nil {
				warns = append(warns, fmt.Sprintf("material %q: alpha map: %v", src.Name, err))
			} else {
				k := [2]*formats.Texture{tex, a}
				if combined[k] == nil {
					combined[k] = imagefile.WithAlpha(tex, a)
				}
				tex, alphaMap = combined[k], true
			}
		}
		mat.Texture = tex
		own := src.Mode&ModeHasAlpha != 0 && !imagefile.Opaque(tex)
		mat.Alpha = f.alphaMode(mat, alphaMap || own)
	}
	if named == 0 {
		return warns, ""
	}
	return warns, fmt.Sprintf("%d of %d named found and decoded", found, named)
}

// alphaMode is how MilkShape shows a material: see-through where its
// transparency is below 1 or its texture has alpha (an alpha map, or the
// image's own where the material's mode has ModeHasAlpha: without it
// MilkShape ignores a PNG's or 32-bit image's alpha, and so does the
// ASCII export, which has no mode); then alpha-tested (MASK, at the model extra's
// alpha reference) when the model's transparency mode is 1, "depth
// buffered with alpha ref", and blended otherwise (modes 0, simple, and
// 2, depth-sorted triangles).
func (f *File) alphaMode(mat *formats.Material, texAlpha bool) formats.AlphaMode {
	if !texAlpha && mat.Diffuse[3] >= 1 {
		return formats.AlphaOpaque
	}
	if f.ModelExtraSubVersion >= 1 && f.ModelExtra.TransparencyMode == 1 {
		mat.AlphaCutoff = clamp01(f.ModelExtra.AlphaRef)
		return formats.AlphaMask
	}
	return formats.AlphaBlend
}
