package prime

import (
	"encoding/binary"
	"fmt"
	"strconv"

	"github.com/animview/animview/formats"
)

// Loader names of the model and texture loaders.
const (
	LoaderCMDL = "prime-cmdl"
	LoaderTXTR = "prime-txtr"
)

// SniffCMDL reports whether data starts like a Metroid Prime 1 or 2 model:
// the magic 0xDEADBABE and version 2, 3 or 4.
func SniffCMDL(data []byte) bool {
	if len(data) < cmdlHeaderSize || binary.BigEndian.Uint32(data) != CMDLMagic {
		return false
	}
	v := be32(data, 4)
	return v == CMDLVersionMP1 || v == CMDLVersionMP2Demo || v == CMDLVersionMP2
}

// emptySkeleton is the skeleton of an asset that has none: a texture, a
// model opened alone.
func emptySkeleton(name, source string) *formats.Skeleton {
	return &formats.Skeleton{Name: name, Source: source}
}

// LoadTXTR opens a TXTR alone: its levels are the asset's image, on an
// empty skeleton (docs/formats/metroid-prime.md#txtr).
func LoadTXTR(in *formats.Input) (*formats.Asset, error) {
	t, err := ParseTXTR(in.Data)
	if err != nil {
		return nil, err
	}
	tex := t.Texture(in.Name)
	if err := tex.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", fmtTXTR, err)
	}
	sk := emptySkeleton(in.Stem(), "none (a TXTR is an image)")
	a := &formats.Asset{
		Format:    LoaderTXTR,
		Game:      "Metroid Prime 1 or 2",
		Coords:    zUp(),
		Skeleton:  sk,
		Skeletons: []*formats.Skeleton{sk},
		Images:    []*formats.Texture{tex},
		Warnings:  t.Warnings,
		Info: []formats.KV{
			{Key: "format", Value: tex.Format},
			{Key: "size", Value: fmt.Sprintf("%d×%d", t.Width, t.Height)},
			{Key: "mip levels", Value: mipInfo(t)},
		},
	}
	if t.Palette != nil {
		a.Info = append(a.Info, formats.KV{Key: "palette", Value: fmt.Sprintf("%s, %d entries", t.Palette.Format, len(t.Palette.Entries))})
	}
	if err := a.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", fmtTXTR, err)
	}
	return a, nil
}

func mipInfo(t *TXTR) string {
	s := strconv.Itoa(len(t.Levels))
	if uint32(len(t.Levels)) != t.MipCount {
		s += fmt.Sprintf(" (the header says %d)", t.MipCount)
	}
	for i, l := range t.Levels {
		if i == 0 {
			s += ": "
		} else {
			s += ", "
		}
		s += fmt.Sprintf("%d×%d", l.Rect.Dx(), l.Rect.Dy())
	}
	return s
}

// LoadCMDL opens a CMDL alone: a static mesh on an empty skeleton, its
// materials' TXTRs found by id beside it. A skinned model is drawn in its
// bind shape, bound to nothing, with a warning that names the CSKR (and
// the character) that binds it when a character set beside it names the
// model (docs/formats/metroid-prime.md#a-model-or-texture-alone).
func LoadCMDL(in *formats.Input) (*formats.Asset, error) {
	m, err := ParseCMDL(in.Data)
	if err != nil {
		return nil, err
	}
	name := in.Stem()
	sk := emptySkeleton(name, "none (a model opened alone is drawn in its bind shape)")
	a := &formats.Asset{
		Format:    LoaderCMDL,
		Game:      m.Game.Title(),
		Version:   strconv.Itoa(int(m.Version)),
		Coords:    zUp(),
		Skeleton:  sk,
		Skeletons: []*formats.Skeleton{sk},
	}
	warn := func(format string, args ...any) { a.Warnings = append(a.Warnings, fmt.Sprintf(format, args...)) }
	for _, w := range m.Warnings {
		warn("CMDL: %s", w)
	}
	lib := newLibrary(in.Siblings)
	if m.Flags&CMDLSkinned != 0 {
		warn("%s", lib.skinHint(in.Name))
	}
	mesh, ws, err := BuildMesh(m, nil, nil, nil, in.Name)
	if err != nil {
		return nil, err
	}
	for _, w := range ws {
		warn("CMDL: %s", w)
	}
	found := lib.attachTextures(m, mesh, warn)
	a.Meshes = []*formats.Mesh{mesh}
	a.Info = []formats.KV{
		{Key: "game", Value: m.Game.String()},
		{Key: "mesh", Value: fmt.Sprintf("%d vertices, %d triangles, %d surfaces", len(mesh.Positions), mesh.Triangles(), len(m.Surfaces))},
		{Key: "materials", Value: fmt.Sprintf("%d in %d sets", len(mesh.Materials), len(m.MaterialSets))},
		{Key: "textures", Value: fmt.Sprintf("%d of the %d the first set names found", found, len(m.MaterialSets[0].Textures))},
	}
	if err := a.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", fmtCMDL, err)
	}
	return a, nil
}

// skinHint says which CSKR a skinned model opened alone needs: the skin
// of the characters beside it whose model it is.
func (l *library) skinHint(name string) string {
	const head = "the model is skinned but opened alone: it is drawn in its bind shape, bound to nothing"
	id, ok := idFromName(name)
	if !ok || l.r == nil {
		return head + "; open the character set (ANCS) that names it to bind it to its CSKR and CINF"
	}
	entries, _, err := l.entries(false, false)
	if err != nil {
		return head + "; open the character set (ANCS) that names it to bind it to its CSKR and CINF"
	}
	for _, e := range entries {
		if e.set == nil {
			continue
		}
		ch := &e.set.ancs.Characters[e.char]
		if ch.Model == id {
			return fmt.Sprintf("%s; it needs CSKR %08X and CINF %08X: open %s (character %q) to bind it", head, ch.Skin, ch.Skeleton, e.set.name, ch.Name)
		}
	}
	return head + "; it needs the CSKR its character names, and no character set (ANCS) beside it names this model"
}

// attachTextures finds each material's texture by id (<ID>.TXTR in the
// same folder or PAK) and sets the mesh material's Texture, its colour
// then white (the texture is the colour). A missing or unreadable TXTR is
// a warning naming its id and why; the material draws in its colour. It
// returns how many of the first set's texture ids are beside the model.
// Each TXTR is read once.
func (l *library) attachTextures(m *CMDL, mesh *formats.Mesh, warn func(string, ...any)) int {
	set := &m.MaterialSets[0]
	passes, _ := MaterialPasses(m)
	cache := map[uint32]*formats.Texture{}
	failed := map[uint32]bool{}
	load := func(id uint32) *formats.Texture {
		if t, ok := cache[id]; ok || failed[id] {
			return t
		}
		failed[id] = true
		if l.r == nil {
			warn("TXTR %08X: no folder or archive to find it in", id)
			return nil
		}
		data, name, err := l.open(id, "TXTR")
		if err != nil {
			warn("%v", err)
			return nil
		}
		t, err := ParseTXTR(data)
		if err != nil {
			warn("TXTR %08X: %v", id, err)
			return nil
		}
		for _, w := range t.Warnings {
			warn("TXTR %08X: %s", id, w)
		}
		tex := t.Texture(name)
		if err := tex.Validate(); err != nil {
			warn("TXTR %08X: %v", id, err)
			return nil
		}
		delete(failed, id)
		cache[id] = tex
		return tex
	}
	for i := range mesh.Materials {
		p := passes[i]
		if p.Texture < 0 {
			continue
		}
		mat := &set.Materials[i]
		id := set.Textures[mat.Textures[p.Texture]]
		if noResource(id) {
			continue
		}
		tex := load(id)
		if tex == nil {
			warn("material %d draws in its colour without TXTR %08X", i, id)
			continue
		}
		mesh.Materials[i].Texture = tex
		mesh.Materials[i].Diffuse = [4]float32{1, 1, 1, 1}
	}
	found := 0
	for _, id := range set.Textures {
		if _, ok := l.names[resKey(id, "TXTR")]; ok {
			found++
		}
	}
	return found
}
