package prime

import (
	"errors"
	"fmt"
)

// MarshalBinary encodes the model as the games store it: the header, then
// every section padded with zeros to 32 bytes (material sets, positions,
// normals, colours, float UVs, packed UVs with CMDLShortUVs, the surface
// end offsets, one section per surface). A surface's header is padded to
// 32 bytes and its display list with NOPs to 32, the size its header
// gives. Stored end offsets are recomputed from the sections.
func (m *CMDL) MarshalBinary() ([]byte, error) {
	switch {
	case m.Version == CMDLVersionMP1 && m.Game == MP1:
	case (m.Version == CMDLVersionMP2Demo || m.Version == CMDLVersionMP2) && m.Game == MP2:
	default:
		return nil, fmt.Errorf("prime CMDL: version %d is not one of %s's", m.Version, m.Game.Title())
	}
	if len(m.MaterialSets) == 0 {
		return nil, errors.New("prime CMDL: a model needs a material set")
	}
	if m.Flags&CMDLShortNormals == 0 && len(m.ShortNormals) > 0 || m.Flags&CMDLShortNormals != 0 && len(m.Normals) > 0 {
		return nil, errors.New("prime CMDL: the normal array does not match the short-normals flag")
	}
	if m.Flags&CMDLShortUVs == 0 && len(m.ShortUVs) > 0 {
		return nil, errors.New("prime CMDL: packed UVs need the short-UV flag")
	}
	layouts, err := m.layouts()
	if err != nil {
		return nil, err
	}
	var sections [][]byte
	for i := range m.MaterialSets {
		b, err := m.MaterialSets[i].encode(m.Version)
		if err != nil {
			return nil, fmt.Errorf("prime CMDL: material set %d: %w", i, err)
		}
		sections = append(sections, b)
	}
	var w writer
	for _, v := range m.Positions {
		w.vec3(v)
	}
	sections = append(sections, w.take())
	for _, v := range m.Normals {
		w.vec3(v)
	}
	for _, v := range m.ShortNormals {
		w.u16(uint16(v[0]))
		w.u16(uint16(v[1]))
		w.u16(uint16(v[2]))
	}
	sections = append(sections, w.take())
	for _, c := range m.Colors {
		w.u32(c)
	}
	sections = append(sections, w.take())
	for _, v := range m.UVs {
		w.f32(v[0])
		w.f32(v[1])
	}
	sections = append(sections, w.take())
	if m.Flags&CMDLShortUVs != 0 {
		for _, v := range m.ShortUVs {
			w.u16(v[0])
			w.u16(v[1])
		}
		sections = append(sections, w.take())
	}
	surfaces := make([][]byte, len(m.Surfaces))
	for i := range m.Surfaces {
		sf := &m.Surfaces[i]
		if int64(sf.Material) >= int64(len(layouts)) {
			return nil, fmt.Errorf("prime CMDL: surface %d names material %d of %d", i, sf.Material, len(layouts))
		}
		b, err := sf.encode(m.Version, layouts[sf.Material])
		if err != nil {
			return nil, fmt.Errorf("prime CMDL: surface %d: %w", i, err)
		}
		surfaces[i] = b
	}
	w.u32(uint32(len(surfaces)))
	end := 0
	for _, b := range surfaces {
		end += alignUp(len(b), cmdlSectionAlign)
		w.u32(uint32(end))
	}
	sections = append(sections, w.take())
	sections = append(sections, surfaces...)

	w.u32(CMDLMagic)
	w.u32(m.Version)
	w.u32(m.Flags)
	w.box(m.Bounds)
	w.u32(uint32(len(sections)))
	w.u32(uint32(len(m.MaterialSets)))
	for _, s := range sections {
		w.u32(uint32(alignUp(len(s), cmdlSectionAlign)))
	}
	w.zeroPad(cmdlSectionAlign)
	for _, s := range sections {
		w.b = append(w.b, s...)
		w.zeroPad(cmdlSectionAlign)
	}
	return append(w.b, m.Trailing...), nil
}

// take returns the bytes written so far and empties the writer.
func (w *writer) take() []byte {
	b := w.b
	w.b = nil
	return b
}

// zeroPad appends zeros up to a multiple of a bytes.
func (w *writer) zeroPad(a int) {
	for len(w.b)%a != 0 {
		w.b = append(w.b, 0)
	}
}

func (set *CMDLMaterialSet) encode(version uint32) ([]byte, error) {
	var w, mats writer
	w.ids(set.Textures)
	w.u32(uint32(len(set.Materials)))
	for i := range set.Materials {
		mat := &set.Materials[i]
		if mat.Flags&MaterialKonst == 0 && len(mat.Konst) > 0 {
			return nil, fmt.Errorf("material %d has konst colours without flag 0x8", i)
		}
		for _, t := range mat.Textures {
			if int64(t) >= int64(len(set.Textures)) {
				return nil, fmt.Errorf("material %d names texture %d of %d", i, t, len(set.Textures))
			}
		}
		mats.u32(mat.Flags)
		mats.ids(mat.Textures)
		mats.u32(mat.VertexFlags)
		if version >= CMDLVersionMP2Demo {
			mats.u32(mat.Unknown[0])
			mats.u32(mat.Unknown[1])
		}
		mats.u32(mat.Group)
		if mat.Flags&MaterialKonst != 0 {
			mats.ids(mat.Konst)
		}
		mats.b = append(mats.b, mat.Rest...)
		w.u32(uint32(len(mats.b)))
	}
	return append(w.b, mats.b...), nil
}

func (sf *CMDLSurface) encode(version uint32, l VertexLayout) ([]byte, error) {
	var dl writer
	for i := range sf.Primitives {
		p := &sf.Primitives[i]
		switch p.Op {
		case GXQuads, GXTriangles, GXTriangleStrip, GXTriangleFan, GXLines, GXLineStrip, GXPoints:
		default:
			return nil, fmt.Errorf("primitive %d: %#02x is not a GX primitive", i, p.Op)
		}
		if p.Format > 2 {
			return nil, fmt.Errorf("primitive %d: vertex format %d (the games set up 0 to 2)", i, p.Format)
		}
		if len(p.Values)%l.Values != 0 || len(p.Values)/l.Values > 0xFFFF {
			return nil, fmt.Errorf("primitive %d: %d values are not a u16 count of %d-value vertices", i, len(p.Values), l.Values)
		}
		dl.u8(p.Op | p.Format)
		dl.u16(uint16(len(p.Values) / l.Values))
		for v := 0; v < len(p.Values); v += l.Values {
			for k := 0; k < l.Matrix; k++ {
				x := p.Values[v+k]
				if x > 0xFF {
					return nil, fmt.Errorf("primitive %d: matrix index %d does not fit a byte", i, x)
				}
				dl.u8(uint8(x))
			}
			for a := 0; a < numIndexed; a++ {
				if l.Slot[a] < 0 {
					continue
				}
				x := p.Values[v+l.Slot[a]]
				if l.Kind[a] == attrIndex8 {
					if x > 0xFF {
						return nil, fmt.Errorf("primitive %d: %s index %d does not fit a byte", i, attrNames[a], x)
					}
					dl.u8(uint8(x))
				} else {
					dl.u16(x)
				}
			}
		}
	}
	dl.zeroPad(cmdlSectionAlign)
	if len(dl.b) > 0x7FFFFFFF {
		return nil, errors.New("display list longer than 2 GiB")
	}
	var w writer
	w.vec3(sf.Center)
	w.u32(sf.Material)
	size := uint32(len(dl.b))
	if sf.NormalHint {
		size |= 1 << 31
	}
	w.u32(size)
	w.u32(sf.Parent)
	w.u32(sf.Next)
	w.u32(uint32(len(sf.Extra)))
	w.vec3(sf.Normal)
	if version >= CMDLVersionMP2Demo {
		w.u16(sf.Unknown[0])
		w.u16(sf.Unknown[1])
	}
	w.b = append(w.b, sf.Extra...)
	w.zeroPad(cmdlSectionAlign)
	return append(w.b, dl.b...), nil
}
