package prime

import (
	"encoding/binary"
	"fmt"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
)

// More material flags (CCubeMaterialFlagBits;
// docs/formats/metroid-prime.md#material-passes).
const (
	// MaterialDepthSorting marks a material drawn sorted by depth: a
	// blended one.
	MaterialDepthSorting = 0x10
	// MaterialAlphaTest makes the game discard texels whose alpha is
	// below 64/255 (GX_GEQUAL 64) and draw the rest opaque.
	MaterialAlphaTest = 0x20
	// MaterialIndirect adds a u32 indirect texture slot after the blend
	// factors (Samus's reflection).
	MaterialIndirect = 0x400
)

// GX blend factors and TEV arguments the material reader looks at.
const (
	GXBlendZero     = 0
	GXBlendOne      = 1
	GXTevTexColor   = 8 // GX_CC_TEXC
	GXTevTexAlpha   = 9 // GX_CC_TEXA
	gxTexGenTex0    = 4 // GX_TG_TEX0; GX_TG_TEX7 is 11
	gxNull          = 0xFF
	alphaTestCutoff = 64.0 / 255
)

// CMDLTevStage is one TEV stage of a material: the four words GX's
// combiner takes (colour and alpha inputs, colour and alpha operations),
// the word of its rasterised channel and konst selections, and from the
// stage's order word the texture map (an index into the material's
// textures) and texture coordinate (an index into its texture
// generators), 0xFF for none.
type CMDLTevStage struct {
	ColorArgs, AlphaArgs, ColorOps, AlphaOps uint32
	Selections                               uint32
	TexMap, TexCoord                         uint8
	// OrderPad are the order word's top two bytes (zero in the games).
	OrderPad uint16
}

// CMDLMaterialRest is the part of a material record after its konst
// colours, decoded (docs/formats/metroid-prime.md#material-passes).
type CMDLMaterialRest struct {
	// BlendDst and BlendSrc are GX blend factors (stored destination
	// first: the game reads one u32 with the source in its low half).
	BlendDst, BlendSrc uint16
	// Indirect is the indirect texture slot, present with
	// MaterialIndirect.
	Indirect uint32
	// Channels are the colour channel words (the first says lighting).
	Channels []uint32
	Stages   []CMDLTevStage
	// TexGens are GX texture coordinate generator words: type in bits
	// 0-3, source in 4-8, matrix in 9-13.
	TexGens []uint32
	// UVAnims is the UV animation section after its u32 size, as stored.
	UVAnims []byte
}

// ParseRest decodes the material's Rest. Every count is checked against
// the bytes of the record; errors name the field and its offset within
// Rest.
func (m *CMDLMaterial) ParseRest() (*CMDLMaterialRest, error) {
	r := bin.NewReader(m.Rest, binary.BigEndian, fmtCMDL+" material")
	out := &CMDLMaterialRest{}
	out.BlendDst, out.BlendSrc = r.U16("blend factors"), r.U16("blend factors")
	if m.Flags&MaterialIndirect != 0 {
		out.Indirect = r.U32("indirect texture")
	}
	nc := r.Count("colour channel count", uint64(r.U32("colour channel count")), 4)
	if r.Err() == nil {
		out.Channels = make([]uint32, nc)
		for i := range out.Channels {
			out.Channels[i] = r.U32("colour channels")
		}
	}
	ns := r.Count("TEV stage count", uint64(r.U32("TEV stage count")), 24)
	if err := r.Err(); err != nil {
		return nil, err
	}
	out.Stages = make([]CMDLTevStage, ns)
	for i := range out.Stages {
		s := &out.Stages[i]
		s.ColorArgs, s.AlphaArgs = r.U32("TEV colour inputs"), r.U32("TEV alpha inputs")
		s.ColorOps, s.AlphaOps = r.U32("TEV colour operation"), r.U32("TEV alpha operation")
		s.Selections = r.U32("TEV selections")
	}
	for i := range out.Stages {
		s := &out.Stages[i]
		s.OrderPad = r.U16("TEV order")
		s.TexMap, s.TexCoord = r.U8("TEV texture map"), r.U8("TEV texture coordinate")
	}
	ng := r.Count("texture generator count", uint64(r.U32("texture generator count")), 4)
	if r.Err() == nil {
		out.TexGens = make([]uint32, ng)
		for i := range out.TexGens {
			out.TexGens[i] = r.U32("texture generators")
		}
	}
	off := r.Offset()
	size := r.U32("UV animation size")
	if err := r.Err(); err != nil {
		return nil, err
	}
	if uint64(size) > uint64(r.Len()) {
		return nil, formats.Errorf(fmtCMDL+" material", "UV animation size", int64(off), "%d bytes, %d remain in the material", size, r.Len())
	}
	out.UVAnims = r.Bytes("UV animations", int(size))
	return out, r.Err()
}

// MarshalBinary encodes the rest of a material record, for
// CMDLMaterial.Rest; flags are the material's (MaterialIndirect adds the
// indirect slot).
func (m *CMDLMaterialRest) MarshalBinary(flags uint32) []byte {
	var w writer
	w.u16(m.BlendDst)
	w.u16(m.BlendSrc)
	if flags&MaterialIndirect != 0 {
		w.u32(m.Indirect)
	}
	w.ids(m.Channels)
	w.u32(uint32(len(m.Stages)))
	for _, s := range m.Stages {
		w.u32(s.ColorArgs)
		w.u32(s.AlphaArgs)
		w.u32(s.ColorOps)
		w.u32(s.AlphaOps)
		w.u32(s.Selections)
	}
	for _, s := range m.Stages {
		w.u16(s.OrderPad)
		w.u8(s.TexMap)
		w.u8(s.TexCoord)
	}
	w.ids(m.TexGens)
	w.u32(uint32(len(m.UVAnims)))
	w.b = append(w.b, m.UVAnims...)
	return w.b
}

// MaterialPass is what the viewer draws of a material: the texture of its
// colour pass, the UV set that pass reads, and how its alpha is used.
type MaterialPass struct {
	// Texture indexes the material's Textures, or is -1 when no stage
	// draws a texture through the vertices' texture coordinates.
	Texture int
	// UVSet is the GX texture coordinate (0 to 7) the pass reads.
	UVSet int
	// Stage is the TEV stage chosen, or -1.
	Stage int
	Alpha formats.AlphaMode
	// Cutoff is the alpha test's reference (64/255) with AlphaMask.
	Cutoff float32
}

// tevUses reports whether one of a stage's four colour inputs (5 bits
// each, a in the low bits) is arg.
func tevUses(args uint32, arg uint32) bool {
	for i := 0; i < 4; i++ {
		if args>>(5*i)&0x1F == arg {
			return true
		}
	}
	return false
}

// Pass picks the material's colour pass from its decoded rest: the first
// TEV stage that takes the texture's colour as an input, has a texture
// map of the material and a texture coordinate generated from a vertex UV
// set (GX_TG_TEX0 to GX_TG_TEX7; generators from positions or normals are
// reflection maps); failing that, the first such stage whatever its
// inputs. Alpha: MaterialAlphaTest is AlphaMask at 64/255; otherwise
// MaterialDepthSorting or blend factors other than (ONE, ZERO) are
// AlphaBlend (docs/formats/metroid-prime.md#material-passes).
func (m *CMDLMaterial) Pass(rest *CMDLMaterialRest) MaterialPass {
	p := MaterialPass{Texture: -1, Stage: -1}
	switch {
	case m.Flags&MaterialAlphaTest != 0:
		p.Alpha, p.Cutoff = formats.AlphaMask, alphaTestCutoff
	case m.Flags&MaterialDepthSorting != 0 || rest != nil && (rest.BlendSrc != GXBlendOne || rest.BlendDst != GXBlendZero):
		p.Alpha = formats.AlphaBlend
	}
	if rest == nil {
		return p
	}
	usable := func(s *CMDLTevStage) (int, bool) {
		if s.TexMap == gxNull || int(s.TexMap) >= len(m.Textures) || s.TexCoord == gxNull || int(s.TexCoord) >= len(rest.TexGens) {
			return 0, false
		}
		src := int(rest.TexGens[s.TexCoord] >> 4 & 0x1F)
		if src < gxTexGenTex0 || src > gxTexGenTex0+7 {
			return 0, false
		}
		return src - gxTexGenTex0, true
	}
	for pass := 0; pass < 2; pass++ {
		for i := range rest.Stages {
			s := &rest.Stages[i]
			if pass == 0 && !tevUses(s.ColorArgs, GXTevTexColor) {
				continue
			}
			if set, ok := usable(s); ok {
				p.Texture, p.UVSet, p.Stage = int(s.TexMap), set, i
				return p
			}
		}
	}
	return p
}

// TexturedMaterialRest returns the rest of a material record with one TEV
// stage that multiplies texture map 0, through texture coordinate 0 from
// UV set uvSet, by the lit colour; blend factors (ONE, ZERO) or, with
// blend, (SRCALPHA, INVSRCALPHA). For fixtures.
func TexturedMaterialRest(uvSet int, blend bool) *CMDLMaterialRest {
	r := &CMDLMaterialRest{BlendDst: GXBlendZero, BlendSrc: GXBlendOne, Channels: []uint32{1}}
	if blend {
		r.BlendDst, r.BlendSrc = 5, 4 // GX_BL_INVSRCALPHA, GX_BL_SRCALPHA
	}
	// Colour: a = ZERO, b = TEXC, c = RASC, d = ZERO: d + (1-c)·a + c·b.
	// Alpha: a = ZERO, b = TEXA, c = RASA, d = ZERO.
	r.Stages = []CMDLTevStage{{
		ColorArgs: 15 | GXTevTexColor<<5 | 10<<10 | 15<<15,
		AlphaArgs: 7 | 4<<5 | 5<<10 | 7<<15,
		TexMap:    0, TexCoord: 0,
	}}
	// GX_TG_MTX2x4 (1) from GX_TG_TEXn, identity matrix (60 − 30 = 30).
	r.TexGens = []uint32{1 | uint32(gxTexGenTex0+uvSet)<<4 | 30<<9}
	r.UVAnims = []byte{0, 0, 0, 0}
	return r
}

// String describes the pass for info and warnings.
func (p MaterialPass) String() string {
	if p.Texture < 0 {
		return "no textured pass"
	}
	return fmt.Sprintf("TEV stage %d, texture %d, UV set %d, %s", p.Stage, p.Texture, p.UVSet, p.Alpha)
}
