package primetest

import (
	"fmt"
	"image"
	"image/color"

	"github.com/animview/animview/formats/prime"
	"github.com/go-gl/mathgl/mgl32"
)

// Resource ids of the demo characters' models and their shared skin: the
// ids ANCS gives Crawler and Crawler_Calm.
const (
	demoModelID     = 0x0C0D0E0F
	demoCalmModelID = 0x0C0D0E10
	demoSkinID      = 0x0D0E0F10
)

// demoBox is a box on the crawler's bones: it runs from point a to point b
// with half extents w (across) and h (up); the corners at a follow the
// weights near, those at b the weights far.
type demoBox struct {
	a, b      mgl32.Vec3
	w, h      float32
	near, far []prime.CSKRWeight
	// surface is 0 for the body's surface, 1 for the legs'.
	surface int
}

func one(id uint32) []prime.CSKRWeight { return []prime.CSKRWeight{{BoneID: id, Weight: 1}} }

func half(a, b uint32) []prime.CSKRWeight {
	return []prime.CSKRWeight{{BoneID: a, Weight: 0.5}, {BoneID: b, Weight: 0.5}}
}

// demoBoxes covers the body (a three-bone blend at its head end), the
// head, the tail and every leg segment.
func demoBoxes() []demoBox {
	pos := map[uint32]mgl32.Vec3{}
	for _, b := range demoBones {
		pos[b.id] = b.pos
	}
	boxes := []demoBox{
		{a: mgl32.Vec3{0, -0.18, 0.25}, b: mgl32.Vec3{0, 0.2, 0.25}, w: 0.1, h: 0.06,
			near: []prime.CSKRWeight{{BoneID: 4, Weight: 0.75}, {BoneID: 7, Weight: 0.25}},
			far:  []prime.CSKRWeight{{BoneID: 4, Weight: 0.5}, {BoneID: 5, Weight: 0.375}, {BoneID: 6, Weight: 0.125}}},
		{a: pos[5], b: pos[6], w: 0.05, h: 0.04, near: one(5), far: half(5, 6)},
		{a: pos[7], b: pos[8], w: 0.03, h: 0.03, near: one(7), far: half(7, 8)},
		{a: pos[8], b: pos[9], w: 0.025, h: 0.025, near: one(8), far: half(8, 9)},
	}
	for i := range demoLegs {
		upper := uint32(10 + 3*i)
		boxes = append(boxes,
			demoBox{a: pos[upper], b: pos[upper+1], w: 0.02, h: 0.02, near: one(upper), far: half(upper, upper+1), surface: 1},
			demoBox{a: pos[upper+1], b: pos[upper+2], w: 0.015, h: 0.015, near: one(upper + 1), far: half(upper+1, upper+2), surface: 1})
	}
	return boxes
}

// corners returns the box's eight corners, the four at a then the four at
// b, each end counter-clockwise seen from b's side: the frame (s, t, u)
// with u from a to b is right-handed.
func (bx *demoBox) corners() [8]mgl32.Vec3 {
	u := bx.b.Sub(bx.a).Normalize()
	s := u.Cross(mgl32.Vec3{0, 0, 1})
	if s.Len() < 1e-3 {
		s = mgl32.Vec3{1, 0, 0}
	}
	s = s.Normalize()
	t := u.Cross(s)
	var c [8]mgl32.Vec3
	for end, p := range []mgl32.Vec3{bx.a, bx.b} {
		for k, d := range [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			c[4*end+k] = p.Add(s.Mul(d[0] * bx.w)).Add(t.Mul(d[1] * bx.h))
		}
	}
	return c
}

// demoMaterialRest is the rest of an untextured material record after its
// konst colours: blend factors ZERO and ONE, one lit colour channel, one
// TEV stage passing the rasterised colour, its inputs without texture, no
// texture generators and an empty UV animation section.
func demoMaterialRest() []byte {
	var w writer
	w.u16(0) // destination factor GX_BL_ZERO
	w.u16(1) // source factor GX_BL_ONE
	w.u32(1) // colour channels
	w.u32(1) // channel 0: lighting on
	w.u32(1) // TEV stages
	w.u32(0x53DEF)
	w.u32(0x29CE7)
	w.u32(0)
	w.u32(0)
	w.u8(0)
	w.u8(0)
	w.u8(0)
	w.u8(0)
	w.u16(0) // TEV input: padding, no texture, no coordinates
	w.u8(0xFF)
	w.u8(0xFF)
	w.u32(0) // texture generators
	w.u32(4) // UV animation section size
	w.u32(0) // UV animations
	return w.b
}

// CMDL returns a demo character's model in a game's layout: sixteen
// boxes on the crawler's bones in two surfaces (the body and the legs),
// each box a triangle strip round its sides, a fan over one end and a
// triangle list over the other. MP1's has float normals and texture
// coordinates; MP2's (version 4) short normals and the position and
// texture matrix index bytes the Echoes materials declare. legs is the
// konst colour (RGBA8) of the legs' material.
func CMDL(game prime.Game, legs uint32) *prime.CMDL { return demoCMDL(game, legs, false) }

// demoCMDL is CMDL; textured adds texture coordinates to MP2's
// vertices (MP1's have them) for TexturedCMDL.
func demoCMDL(game prime.Game, legs uint32, textured bool) *prime.CMDL {
	m := &prime.CMDL{Game: game, Version: prime.CMDLVersionMP1, Flags: prime.CMDLSkinned}
	vflags := uint32(3 | 3<<2 | 3<<8) // position, normal, TEX0: 16-bit indices
	if game == prime.MP2 {
		m.Version = prime.CMDLVersionMP2
		m.Flags |= prime.CMDLShortNormals
		vflags = 3 | 3<<2 | 1<<24 | 1<<31
		if textured {
			vflags |= 3 << 8
		}
	}
	mat := func(konst []uint32) prime.CMDLMaterial {
		c := prime.CMDLMaterial{Flags: 0x80, VertexFlags: vflags, Rest: demoMaterialRest()}
		if konst != nil {
			c.Flags |= prime.MaterialKonst
			c.Konst = konst
		}
		return c
	}
	m.MaterialSets = []prime.CMDLMaterialSet{{Materials: []prime.CMDLMaterial{mat(nil), mat([]uint32{legs})}}}
	boxes := demoBoxes()
	m.Surfaces = make([]prime.CMDLSurface, 2)
	for i := range m.Surfaces {
		m.Surfaces[i].Material = uint32(i)
	}
	for bi := range boxes {
		bx := &boxes[bi]
		c := bx.corners()
		mid := bx.a.Add(bx.b).Mul(0.5)
		base := uint16(len(m.Positions))
		for k, p := range c {
			m.Positions = append(m.Positions, p)
			n := p.Sub(mid).Normalize()
			if game == prime.MP2 {
				m.ShortNormals = append(m.ShortNormals, [3]int16{int16(n[0] * (1 << 14)), int16(n[1] * (1 << 14)), int16(n[2] * (1 << 14))})
			} else {
				m.Normals = append(m.Normals, n)
			}
			if game == prime.MP1 || textured {
				m.UVs = append(m.UVs, mgl32.Vec2{float32(k % 4 / 2), float32(k / 4)})
			}
		}
		sf := &m.Surfaces[bx.surface]
		prim := func(op uint8, corners ...int) {
			p := prime.CMDLPrimitive{Op: op}
			for _, k := range corners {
				x := base + uint16(k)
				if game == prime.MP2 {
					// Matrix indices, then position and normal (and TEX0).
					p.Values = append(p.Values, 0, 0, x, x)
					if textured {
						p.Values = append(p.Values, x)
					}
				} else {
					p.Values = append(p.Values, x, x, x)
				}
			}
			if game == prime.MP2 {
				p.Format = 1
			}
			sf.Primitives = append(sf.Primitives, p)
		}
		// Near corners 0..3, far corners 4..7.
		prim(prime.GXTriangleStrip, 4, 0, 5, 1, 6, 2, 7, 3, 4, 0)
		prim(prime.GXTriangleFan, 4, 5, 6, 7)
		prim(prime.GXTriangles, 0, 3, 2, 0, 2, 1)
	}
	lo, hi := m.Positions[0], m.Positions[0]
	for _, p := range m.Positions {
		for k := 0; k < 3; k++ {
			lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
		}
	}
	m.Bounds = prime.AABox{Min: lo, Max: hi}
	for i := range m.Surfaces {
		demoSurfaceHeader(m, i)
	}
	return m
}

// demoSurfaceHeader fills a surface's centre (the middle of the vertices it
// uses) and reflection direction; CMDL surfaces carry no extra data (MREA
// surfaces store their bounds there).
func demoSurfaceHeader(m *prime.CMDL, i int) {
	sf := &m.Surfaces[i]
	l, _ := m.MaterialSets[0].Materials[sf.Material].Layout()
	var lo, hi mgl32.Vec3
	first := true
	for _, p := range sf.Primitives {
		for v := 0; v < len(p.Values); v += l.Values {
			q := m.Positions[p.Values[v+l.Slot[0]]]
			if first {
				lo, hi, first = q, q, false
			}
			for k := 0; k < 3; k++ {
				lo[k], hi[k] = min(lo[k], q[k]), max(hi[k], q[k])
			}
		}
	}
	sf.Center = lo.Add(hi).Mul(0.5)
	sf.Normal = mgl32.Vec3{1, 0, 0}
}

// CSKR returns the skin of CMDL: two groups per box (its near and
// far corners), the footer of the game's layout.
func CSKR(game prime.Game) *prime.CSKR {
	s := &prime.CSKR{Game: game}
	for _, bx := range demoBoxes() {
		s.Groups = append(s.Groups, prime.CSKRGroup{Weights: bx.near, VertexCount: 4}, prime.CSKRGroup{Weights: bx.far, VertexCount: 4})
	}
	n := uint32(s.Vertices())
	if game == prime.MP1 {
		s.Points, s.Normals = prime.CSKRCount{Count: n}, prime.CSKRCount{Count: n}
		return s
	}
	// As the reference tools write Echoes' footer: a pool table of ten
	// entries per ten groups, then each vertex's group.
	for i := 0; i < (len(s.Groups)+9)/10*10; i++ {
		s.PoolToSkin = append(s.PoolToSkin, 0xFFFF)
	}
	seen := map[uint32]bool{}
	for _, g := range s.Groups {
		for _, w := range g.Weights {
			seen[w.BoneID] = true
		}
	}
	for i := 0; i < len(seen); i++ {
		s.PoolToSkin[i] = uint16(i)
	}
	for gi, g := range s.Groups {
		for k := uint32(0); k < g.VertexCount; k++ {
			s.VertexBytes = append(s.VertexBytes, byte(gi))
		}
	}
	return s
}

// ModelFiles returns the demo characters' models (Crawler's and
// Crawler_Calm's, which differ in the legs' colour) and their shared skin
// as files named by the <ID>.<TYPE> convention, padded as in a PAK.
func ModelFiles(game prime.Game) (map[string][]byte, error) {
	files := map[string][]byte{}
	add := func(name string, b []byte) { files[name] = append(b, pad32(b)...) }
	if err := addDemoModels(add, game, CMDL); err != nil {
		return nil, err
	}
	return files, nil
}

// addDemoModels passes add the two demo characters' models, made by model
// (Crawler's and Crawler_Calm's, which differ in the legs' colour), and
// their shared skin, named by the <ID>.<TYPE> convention.
func addDemoModels(add func(name string, b []byte), game prime.Game, model func(prime.Game, uint32) *prime.CMDL) error {
	for _, mdl := range []struct {
		id   uint32
		legs uint32
	}{{demoModelID, 0x6B8E23FF}, {demoCalmModelID, 0x4682B4FF}} {
		b, err := model(game, mdl.legs).MarshalBinary()
		if err != nil {
			return err
		}
		add(fmt.Sprintf("%08X.CMDL", mdl.id), b)
	}
	b, err := CSKR(game).MarshalBinary()
	if err != nil {
		return err
	}
	add(fmt.Sprintf("%08X.CSKR", uint32(demoSkinID)), b)
	return nil
}

// SkinnedSetFiles returns SetFiles with the characters' models and
// skin added: the demo character set as a folder or PAK with meshes.
func SkinnedSetFiles(game prime.Game) (map[string][]byte, error) {
	files, err := SetFiles(game)
	if err != nil {
		return nil, err
	}
	models, err := ModelFiles(game)
	if err != nil {
		return nil, err
	}
	for n, b := range models {
		files[n] = b
	}
	return files, nil
}

// Resource ids of the textured demo's textures (TexturedSetFiles).
const (
	demoBodyTextureID = 0x7E0A0001
	demoLegsTextureID = 0x7E0A0002
)

// TexturedCMDL returns CMDL with textured materials: the set names
// two TXTRs, the body's material draws the first through UV set 0 and
// the legs' the second, alpha-tested (MP1) or blended (MP2).
func TexturedCMDL(game prime.Game, legs uint32) *prime.CMDL {
	m := demoCMDL(game, legs, true)
	set := &m.MaterialSets[0]
	set.Textures = []uint32{demoBodyTextureID, demoLegsTextureID}
	for i := range set.Materials {
		mat := &set.Materials[i]
		mat.Textures = []uint32{uint32(i)}
		blend := false
		if i == 1 {
			if game == prime.MP1 {
				mat.Flags |= prime.MaterialAlphaTest
			} else {
				mat.Flags |= prime.MaterialDepthSorting
				blend = true
			}
		}
		mat.Rest = prime.TexturedMaterialRest(0, blend).MarshalBinary(mat.Flags)
	}
	return m
}

// Textures returns the textured demo's two textures: a checker of
// orange and brown 4×4 squares (16×16) for the body and green stripes
// with transparent gaps (8×8) for the legs, each with its mip levels.
func Textures() (body, legs []*image.NRGBA) {
	chain := func(w, h int, at func(x, y, w int) color.NRGBA) []*image.NRGBA {
		var out []*image.NRGBA
		for lw, lh := w, h; ; lw, lh = max(lw/2, 1), max(lh/2, 1) {
			img := image.NewNRGBA(image.Rect(0, 0, lw, lh))
			for y := 0; y < lh; y++ {
				for x := 0; x < lw; x++ {
					img.SetNRGBA(x, y, at(x, y, lw))
				}
			}
			out = append(out, img)
			if lw == 1 && lh == 1 {
				return out
			}
		}
	}
	body = chain(16, 16, func(x, y, w int) color.NRGBA {
		s := max(w/4, 1)
		if (x/s+y/s)%2 == 0 {
			return color.NRGBA{0xF0, 0x80, 0x10, 0xFF}
		}
		return color.NRGBA{0x50, 0x28, 0x08, 0xFF}
	})
	legs = chain(8, 8, func(x, y, w int) color.NRGBA {
		if x*8/w%4 == 3 {
			return color.NRGBA{}
		}
		return color.NRGBA{0x20, 0xC0, 0x40, 0xFF}
	})
	return body, legs
}

// TexturedSetFiles returns SetFiles with textured models
// (TexturedCMDL), their skin and their TXTRs: MP1's body texture is
// CMPR and its legs' RGB5A3; MP2's are C8 with an RGB565 palette and
// RGBA8.
func TexturedSetFiles(game prime.Game) (map[string][]byte, error) {
	files, err := SetFiles(game)
	if err != nil {
		return nil, err
	}
	add := func(name string, b []byte) { files[name] = append(b, pad32(b)...) }
	if err := addDemoModels(add, game, TexturedCMDL); err != nil {
		return nil, err
	}
	body, legs := Textures()
	bodyFormat, legsFormat := prime.TexCMPR, prime.TexRGB5A3
	if game == prime.MP2 {
		// C8's tiles are 8 texels wide: its levels stop at 8×8, as the
		// games' do.
		bodyFormat, legsFormat, body = prime.TexC8, prime.TexRGBA8, body[:2]
	}
	for _, t := range []struct {
		id     uint32
		format prime.TexelFormat
		levels []*image.NRGBA
	}{{demoBodyTextureID, bodyFormat, body}, {demoLegsTextureID, legsFormat, legs}} {
		b, err := prime.EncodeTXTR(t.format, prime.PaletteRGB565, t.levels)
		if err != nil {
			return nil, err
		}
		add(fmt.Sprintf("%08X.TXTR", t.id), b)
	}
	return files, nil
}
