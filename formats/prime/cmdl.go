package prime

import (
	"encoding/binary"
	"fmt"
	"strconv"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
	"github.com/go-gl/mathgl/mgl32"
)

// fmtCMDL names the model format in errors.
const fmtCMDL = "prime CMDL"

// CMDLMagic starts every Metroid Prime 1 and 2 model.
const CMDLMagic = 0xDEADBABE

// CMDL versions (docs/formats/metroid-prime.md#cmdl-header).
const (
	CMDLVersionMP1      = 2
	CMDLVersionMP2Demo  = 3
	CMDLVersionMP2      = 4
	cmdlHeaderSize      = 0x2C
	cmdlSectionAlign    = 32
	cmdlMaxSectionCount = 1 << 20
)

// CMDL header flags.
const (
	// CMDLSkinned marks a skinned model; the games do not test it.
	CMDLSkinned = 0x1
	// CMDLShortNormals stores normals as three s16 (GX's 14 fraction bits)
	// instead of three f32.
	CMDLShortNormals = 0x2
	// CMDLShortUVs adds the packed (u16 pairs, 15 fraction bits) texture
	// coordinate section after the float one.
	CMDLShortUVs = 0x4
)

// Material flags the reader uses (CCubeMaterialFlagBits).
const (
	// MaterialKonst says konst colours follow the group index.
	MaterialKonst = 0x8
	// MaterialPackedUVs makes TEX0 read the packed UV array when the model
	// has one (fLightmapUvArray).
	MaterialPackedUVs = 0x2000
)

// GX display-list commands: the primitive in the top 5 bits of the command
// byte, the vertex format in the low 3.
const (
	GXNop           = 0x00
	GXQuads         = 0x80
	GXTriangles     = 0x90
	GXTriangleStrip = 0x98
	GXTriangleFan   = 0xA0
	GXLines         = 0xA8
	GXLineStrip     = 0xB0
	GXPoints        = 0xB8
)

// CMDL is a Metroid Prime 1 or 2 model as stored: the header, its material
// sets, the vertex attribute arrays and the surfaces with their GX display
// lists (docs/formats/metroid-prime.md#models-cmdl-and-cskr).
type CMDL struct {
	// Game is MP1 for version 2, MP2 for versions 3 (the Echoes demo) and 4.
	Game    Game
	Version uint32
	Flags   uint32
	Bounds  AABox
	// MaterialSets are the model's skins; surfaces name materials of the
	// first, which decides the vertex layout of every display list.
	MaterialSets []CMDLMaterialSet
	// Positions is the position array. Its section is padded to 32 bytes,
	// so up to two entries past the last real vertex may be padding.
	Positions []mgl32.Vec3
	// Normals is the float normal array (no CMDLShortNormals flag), and
	// ShortNormals the s16 one (with it).
	Normals      []mgl32.Vec3
	ShortNormals [][3]int16
	// Colors is the RGBA8 colour array (empty in the games' models).
	Colors []uint32
	// UVs is the float texture coordinate array; ShortUVs the packed one,
	// present only with CMDLShortUVs (and empty in the games' models).
	UVs      []mgl32.Vec2
	ShortUVs [][2]uint16
	// SurfaceEnds are the stored end offsets of the surfaces, relative to
	// the first surface's section; the games navigate by section sizes.
	SurfaceEnds []uint32
	Surfaces    []CMDLSurface
	// Trailing are the bytes after the last section (PAK padding, 0xFF).
	Trailing []byte
	// Warnings are oddities the games tolerate.
	Warnings []string
}

// CMDLMaterialSet is one material set: the textures it loads and its
// materials.
type CMDLMaterialSet struct {
	Textures  []uint32
	Materials []CMDLMaterial
}

// CMDLMaterial is one material as far as the reader decodes it: the fields
// up to the konst colours; the rest of the record (blend factors, colour
// channels, TEV stages, texture generators, UV animations) is kept as
// stored in Rest.
type CMDLMaterial struct {
	Flags uint32
	// Textures index the set's Textures.
	Textures []uint32
	// VertexFlags says which vertex attributes the surfaces' display lists
	// carry and how (VertexLayout).
	VertexFlags uint32
	// Unknown are the two words versions 3 and 4 add after VertexFlags.
	Unknown [2]uint32
	Group   uint32
	// Konst are the konst colours (RGBA8), present with MaterialKonst.
	Konst []uint32
	Rest  []byte
	// off is the file offset of VertexFlags, for errors.
	off int
}

// CMDLSurface is a surface: a header and a display list of primitives.
type CMDLSurface struct {
	Center   mgl32.Vec3
	Material uint32
	// NormalHint is the top bit of the display list size word.
	NormalHint bool
	// Parent and Next are the words the engine overwrites with pointers.
	Parent, Next uint32
	// Normal is the surface's reflection direction.
	Normal mgl32.Vec3
	// Unknown are the two u16 versions 3 and 4 add after Normal.
	Unknown [2]uint16
	// Extra is the header's extra data (an AABB when 24 bytes or more).
	Extra      []byte
	Primitives []CMDLPrimitive
}

// CMDLPrimitive is one primitive of a display list.
type CMDLPrimitive struct {
	// Op is the primitive type (GXTriangles, ...), Format the vertex
	// format (0 to 2).
	Op, Format uint8
	// Values holds, vertex after vertex, one value per attribute of the
	// material's VertexLayout, in GX order: matrix indices, then the
	// indices of position, normal, colour 0 and 1, texture coordinates 0
	// to 7.
	Values []uint16
	// off is the file offset of the first vertex, for BuildMesh's errors.
	off int
}

// GX vertex attributes in display-list order after the matrix indices.
const (
	attrPos = iota
	attrNrm
	attrClr0
	attrClr1
	attrTex0
	numIndexed = attrTex0 + 8
	// numMatrix is the matrix index attributes: the position matrix and
	// texture matrices 0 to 6, one bit each in the top byte.
	numMatrix = 8
)

var attrNames = [numIndexed]string{"position", "normal", "colour 0", "colour 1",
	"texture coordinate 0", "texture coordinate 1", "texture coordinate 2", "texture coordinate 3",
	"texture coordinate 4", "texture coordinate 5", "texture coordinate 6", "texture coordinate 7"}

// Attribute index types: two bits per attribute in VertexFlags.
const (
	attrNone    = 0
	attrDirect  = 1
	attrIndex8  = 2
	attrIndex16 = 3
)

// VertexLayout is what a material's vertex flags say a display-list vertex
// holds: one byte per matrix index, then an 8- or 16-bit index per indexed
// attribute.
type VertexLayout struct {
	// Matrix is the number of matrix index bytes.
	Matrix int
	// Kind is attrNone, attrIndex8 or attrIndex16 per indexed attribute.
	Kind [numIndexed]uint8
	// Slot is the attribute's position among a vertex's values, or -1.
	Slot [numIndexed]int
	// Values is the number of values per vertex, Size their bytes.
	Values, Size int
}

// Layout decodes VertexFlags (docs/formats/metroid-prime.md#material-sets).
// Two bits per attribute from bit 0 (position)
// give none, direct, 8-bit index or 16-bit index; the top byte's bits are
// the position and texture matrix indices, a direct byte each. Direct data
// for the indexed attributes is an error: the games' models index every
// array, and direct values would need the vertex formats' component types.
func (m *CMDLMaterial) Layout() (VertexLayout, error) {
	var l VertexLayout
	for i := 0; i < numMatrix; i++ {
		if m.VertexFlags>>(24+i)&1 != 0 {
			l.Matrix++
		}
	}
	l.Values, l.Size = l.Matrix, l.Matrix
	for a := 0; a < numIndexed; a++ {
		k := uint8(m.VertexFlags >> (2 * a) & 3)
		l.Kind[a], l.Slot[a] = k, -1
		switch k {
		case attrNone:
			continue
		case attrDirect:
			return l, fmt.Errorf("%s is direct data (type 1); the games' models index every attribute", attrNames[a])
		case attrIndex8:
			l.Size++
		case attrIndex16:
			l.Size += 2
		}
		l.Slot[a] = l.Values
		l.Values++
	}
	if l.Kind[attrPos] == attrNone {
		return l, fmt.Errorf("no position attribute (flags %#08x)", m.VertexFlags)
	}
	return l, nil
}

// ParseCMDL decodes a model. Every count and size is checked against the
// bytes that remain, every display-list command and attribute index
// against its list and arrays; an error names the field and its offset.
func ParseCMDL(data []byte) (*CMDL, error) {
	r := bin.NewReader(data, binary.BigEndian, fmtCMDL)
	m := &CMDL{}
	if magic := r.U32("magic"); r.Err() == nil && magic != CMDLMagic {
		return nil, formats.Errorf(fmtCMDL, "magic", 0, "%#08x is not 0xDEADBABE", magic)
	}
	m.Version = r.U32("version")
	switch {
	case r.Err() != nil:
	case m.Version == CMDLVersionMP1:
		m.Game = MP1
	case m.Version == CMDLVersionMP2Demo || m.Version == CMDLVersionMP2:
		m.Game = MP2
	default:
		r.FailAt("version", 4, "version %d is not Metroid Prime's (2) or Echoes' (3, 4)", m.Version)
	}
	m.Flags = r.U32("flags")
	m.Bounds = AABox{Min: readVec3(r, "bounds"), Max: readVec3(r, "bounds")}
	off := r.Offset()
	nSections := r.Count("section count", uint64(r.U32("section count")), 4)
	nSets := r.U32("material set count")
	if err := r.Err(); err != nil {
		return nil, err
	}
	sizes := make([]int, nSections)
	for i := range sizes {
		sizes[i] = int(r.U32("section sizes"))
	}
	start := alignUp(cmdlHeaderSize+4*nSections, cmdlSectionAlign)
	r.Seek("first section", start)
	if err := r.Err(); err != nil {
		return nil, err
	}
	// Section i spans [starts[i], starts[i]+sizes[i]).
	starts := make([]int, nSections)
	at := start
	for i, s := range sizes {
		if s > len(data)-at {
			return nil, formats.Errorf(fmtCMDL, "section sizes", int64(cmdlHeaderSize+4*i),
				"section %d of %d bytes at offset %d runs past the %d-byte data", i, s, at, len(data))
		}
		starts[i] = at
		at += s
	}
	short := 0
	if m.Flags&CMDLShortUVs != 0 {
		short = 1
	}
	// Material sets, four attribute arrays (five with short UVs), the
	// surface offsets, then one section per surface.
	if nSets == 0 {
		return nil, formats.Errorf(fmtCMDL, "material set count", 0x28, "a model needs a material set")
	}
	if uint64(nSets)+5+uint64(short) > uint64(nSections) {
		return nil, formats.Errorf(fmtCMDL, "section count", int64(off),
			"%d sections cannot hold %d material sets, the %d attribute arrays and the surface offsets", nSections, nSets, 4+short)
	}
	fixed := int(nSets) + 5 + short
	sec := 0
	next := func() (int, int) { s := sec; sec++; return starts[s], starts[s] + sizes[s] }
	m.MaterialSets = make([]CMDLMaterialSet, nSets)
	for i := range m.MaterialSets {
		s, e := next()
		if err := parseMaterialSet(data[:e], s, m.Version, &m.MaterialSets[i]); err != nil {
			return nil, prefixError(err, "material set "+strconv.Itoa(i))
		}
	}
	if err := m.readArrays(data, next, short != 0); err != nil {
		return nil, err
	}
	s, e := next()
	sr := bin.NewReader(data[:e], binary.BigEndian, fmtCMDL)
	sr.Seek("surface offsets", s)
	off = sr.Offset()
	nSurf := sr.Count("surface count", uint64(sr.U32("surface count")), 4)
	if sr.Err() == nil && nSurf > nSections-fixed {
		sr.FailAt("surface count", off, "%d surfaces but %d sections remain", nSurf, nSections-fixed)
	}
	if err := sr.Err(); err != nil {
		return nil, err
	}
	m.SurfaceEnds = make([]uint32, nSurf)
	for i := range m.SurfaceEnds {
		m.SurfaceEnds[i] = sr.U32("surface end offsets")
	}
	layouts, err := m.layouts()
	if err != nil {
		return nil, err
	}
	m.Surfaces = make([]CMDLSurface, nSurf)
	first := sec
	for i := range m.Surfaces {
		s, e := next()
		if err := m.parseSurface(data[:e], s, layouts, &m.Surfaces[i], i); err != nil {
			return nil, prefixError(err, "surface "+strconv.Itoa(i))
		}
		if want := uint32(starts[sec-1] + sizes[sec-1] - starts[first]); m.SurfaceEnds[i] != want {
			m.warn("surface %d: stored end offset %d, its section ends at %d (sections decide)", i, m.SurfaceEnds[i], want)
		}
	}
	if sec < nSections {
		m.warn("%d sections after the last surface are ignored", nSections-sec)
	}
	m.Trailing = data[at:]
	if !trailing(m.Trailing) {
		m.warn("%s", trailingWarning(m.Trailing))
	}
	return m, nil
}

// readArrays reads the vertex attribute arrays
// (docs/formats/metroid-prime.md#vertex-arrays): each holds its section's
// whole entries; next returns the next section's bounds.
func (m *CMDL) readArrays(data []byte, next func() (int, int), shortUVs bool) error {
	var err error
	s, e := next()
	if m.Positions, err = readVec3Array(data, s, e, "positions"); err != nil {
		return err
	}
	s, e = next()
	if m.Flags&CMDLShortNormals != 0 {
		m.ShortNormals = make([][3]int16, (e-s)/6)
		for i := range m.ShortNormals {
			p := s + 6*i
			m.ShortNormals[i] = [3]int16{int16(be16(data, p)), int16(be16(data, p+2)), int16(be16(data, p+4))}
		}
	} else if m.Normals, err = readVec3Array(data, s, e, "normals"); err != nil {
		return err
	}
	s, e = next()
	m.Colors = make([]uint32, (e-s)/4)
	for i := range m.Colors {
		m.Colors[i] = be32(data, s+4*i)
	}
	s, e = next()
	r := bin.NewReader(data[:e], binary.BigEndian, fmtCMDL)
	r.Seek("texture coordinates", s)
	m.UVs = make([]mgl32.Vec2, (e-s)/8)
	for i := range m.UVs {
		m.UVs[i] = mgl32.Vec2{r.Finite32("texture coordinates"), r.Finite32("texture coordinates")}
	}
	if err := r.Err(); err != nil {
		return err
	}
	if shortUVs {
		s, e = next()
		m.ShortUVs = make([][2]uint16, (e-s)/4)
		for i := range m.ShortUVs {
			m.ShortUVs[i] = [2]uint16{be16(data, s+4*i), be16(data, s+4*i+2)}
		}
	}
	return nil
}

func (m *CMDL) warn(format string, args ...any) {
	m.Warnings = append(m.Warnings, fmt.Sprintf(format, args...))
}

// layouts decodes the vertex layout of every material of the first set,
// which the display lists follow whichever set is drawn.
func (m *CMDL) layouts() ([]VertexLayout, error) {
	set := &m.MaterialSets[0]
	out := make([]VertexLayout, len(set.Materials))
	for i := range set.Materials {
		l, err := set.Materials[i].Layout()
		if err != nil {
			return nil, &formats.Error{Format: fmtCMDL, Field: fmt.Sprintf("material set 0 material %d vertex flags", i), Offset: int64(set.Materials[i].off), Err: err}
		}
		out[i] = l
	}
	return out, nil
}

func alignUp(n, a int) int { return (n + a - 1) / a * a }

// readVec3 reads three finite singles.
func readVec3(r *bin.Reader, field string) mgl32.Vec3 {
	return mgl32.Vec3{r.Finite32(field), r.Finite32(field), r.Finite32(field)}
}

// readVec3Array reads the whole 12-byte entries of data[s:e]; every single
// must be finite (docs/formats/README.md#limits-and-non-finite-numbers).
func readVec3Array(data []byte, s, e int, field string) ([]mgl32.Vec3, error) {
	r := bin.NewReader(data[:e], binary.BigEndian, fmtCMDL)
	r.Seek(field, s)
	out := make([]mgl32.Vec3, (e-s)/12)
	for i := range out {
		out[i] = readVec3(r, field)
	}
	return out, r.Err()
}

// prefixError puts prefix before a formats.Error's field.
func prefixError(err error, prefix string) error {
	if fe, ok := err.(*formats.Error); ok {
		c := *fe
		c.Field = prefix + " " + c.Field
		return &c
	}
	return fmt.Errorf("%s: %w", prefix, err)
}

// parseMaterialSet reads the material set in data[s:]: the texture ids, the
// material count and end offsets (relative to the first material), then
// the materials.
func parseMaterialSet(data []byte, s int, version uint32, set *CMDLMaterialSet) error {
	r := bin.NewReader(data, binary.BigEndian, fmtCMDL)
	r.Seek("texture count", s)
	nt := r.Count("texture count", uint64(r.U32("texture count")), 4)
	if r.Err() == nil {
		set.Textures = make([]uint32, nt)
		for i := range set.Textures {
			set.Textures[i] = r.U32("texture ids")
		}
	}
	nm := r.Count("material count", uint64(r.U32("material count")), 4)
	if err := r.Err(); err != nil {
		return err
	}
	endsAt := r.Offset()
	ends := make([]int, nm)
	for i := range ends {
		ends[i] = int(r.U32("material end offsets"))
	}
	base := r.Offset()
	set.Materials = make([]CMDLMaterial, nm)
	prev := 0
	for i := range set.Materials {
		if ends[i] < prev || ends[i] > len(data)-base {
			return formats.Errorf(fmtCMDL, "material end offsets", int64(endsAt+4*i),
				"material %d ends at %d, outside %d..%d", i, ends[i], prev, len(data)-base)
		}
		mr := bin.NewReader(data[:base+ends[i]], binary.BigEndian, fmtCMDL)
		mr.Seek("material", base+prev)
		readMaterial(mr, version, &set.Materials[i], nt)
		if mr.Err() != nil {
			return prefixError(mr.Err(), "material "+strconv.Itoa(i))
		}
		prev = ends[i]
	}
	return nil
}

// readMaterial reads a material's leading fields and keeps the rest of its
// record.
func readMaterial(r *bin.Reader, version uint32, mat *CMDLMaterial, textures int) {
	mat.Flags = r.U32("flags")
	n := r.Count("texture count", uint64(r.U32("texture count")), 4)
	if r.Err() != nil {
		return
	}
	mat.Textures = make([]uint32, n)
	for i := range mat.Textures {
		off := r.Offset()
		mat.Textures[i] = r.U32("texture indices")
		if r.Err() == nil && int64(mat.Textures[i]) >= int64(textures) {
			r.FailAt("texture indices", off, "texture %d of a set of %d", mat.Textures[i], textures)
		}
	}
	mat.off = r.Offset()
	mat.VertexFlags = r.U32("vertex flags")
	if version >= CMDLVersionMP2Demo {
		mat.Unknown = [2]uint32{r.U32("unknown"), r.U32("unknown")}
	}
	mat.Group = r.U32("group index")
	if mat.Flags&MaterialKonst != 0 {
		nk := r.Count("konst count", uint64(r.U32("konst count")), 4)
		if r.Err() == nil {
			mat.Konst = make([]uint32, nk)
			for i := range mat.Konst {
				mat.Konst[i] = r.U32("konst colours")
			}
		}
	}
	mat.Rest = r.Bytes("rest", r.Len())
}

// surfaceHeaderSize is the header before a surface's display list: the
// fixed fields (4 more bytes in versions 3 and 4) and the extra data,
// rounded up to 32 bytes (CCubeSurface::GetSurfaceHeaderSize).
func surfaceHeaderSize(version uint32, extra int) int {
	fixed := 0x2C
	if version >= CMDLVersionMP2Demo {
		fixed = 0x30
	}
	return alignUp(fixed+extra, 32)
}

// parseSurface reads the surface in data[s:]
// (docs/formats/metroid-prime.md#surfaces-and-display-lists): its header,
// then the display list of the size its header gives (the low 31 bits of
// the word, as CCubeSurface::GetDisplayListSize reads it).
func (m *CMDL) parseSurface(data []byte, s int, layouts []VertexLayout, sf *CMDLSurface, index int) error {
	r := bin.NewReader(data, binary.BigEndian, fmtCMDL)
	r.Seek("header", s)
	sf.Center = readVec3(r, "center")
	off := r.Offset()
	sf.Material = r.U32("material index")
	if r.Err() == nil && int64(sf.Material) >= int64(len(layouts)) {
		return formats.Errorf(fmtCMDL, "material index", int64(off), "material %d of %d", sf.Material, len(layouts))
	}
	dlOff := r.Offset()
	dl := r.U32("display list size")
	sf.NormalHint = dl>>31 != 0
	dlSize := int(dl & 0x7FFFFFFF)
	sf.Parent = r.U32("parent")
	sf.Next = r.U32("next surface")
	extraOff := r.Offset()
	extra := r.U32("extra size")
	sf.Normal = readVec3(r, "normal")
	if m.Version >= CMDLVersionMP2Demo {
		sf.Unknown = [2]uint16{r.U16("unknown"), r.U16("unknown")}
	}
	if err := r.Err(); err != nil {
		return err
	}
	if uint64(extra) > uint64(len(data)-r.Offset()) {
		return formats.Errorf(fmtCMDL, "extra size", int64(extraOff), "%d bytes of extra data, %d remain in the section", extra, len(data)-r.Offset())
	}
	sf.Extra = r.Bytes("extra data", int(extra))
	head := surfaceHeaderSize(m.Version, int(extra))
	if head > len(data)-s || dlSize > len(data)-s-head {
		return formats.Errorf(fmtCMDL, "display list size", int64(dlOff),
			"a %d-byte header and a %d-byte display list run past the %d-byte section", head, dlSize, len(data)-s)
	}
	end := s + head + dlSize
	prims, err := m.parseDisplayList(data[:end], s+head, layouts[sf.Material], &m.MaterialSets[0].Materials[sf.Material])
	if err != nil {
		return err
	}
	sf.Primitives = prims
	if !zeros(data[end:]) {
		m.warn("surface %d: %d bytes after its %d-byte display list are not zero padding; the games draw only the list", index, len(data)-end, dlSize)
	}
	return nil
}

func zeros(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// parseDisplayList reads primitives from data[s:] to its end: NOP bytes
// (0x00, the padding) are skipped; any other command must be a primitive
// with a vertex format the games set up (0 to 2) and vertices that fit.
func (m *CMDL) parseDisplayList(data []byte, s int, l VertexLayout, mat *CMDLMaterial) ([]CMDLPrimitive, error) {
	var out []CMDLPrimitive
	r := bin.NewReader(data, binary.BigEndian, fmtCMDL)
	r.Seek("display list", s)
	for r.Len() > 0 {
		off := r.Offset()
		cmd := r.U8("display list command")
		if cmd == GXNop {
			continue
		}
		op, f := cmd&0xF8, cmd&7
		switch op {
		case GXQuads, GXTriangles, GXTriangleStrip, GXTriangleFan, GXLines, GXLineStrip, GXPoints:
		default:
			return nil, formats.Errorf(fmtCMDL, "display list command", int64(off),
				"command %#02x is not a GX primitive (0x80, 0x90 to 0xB8) or NOP", cmd)
		}
		if f > 2 {
			return nil, formats.Errorf(fmtCMDL, "display list command", int64(off),
				"vertex format %d: the games set up formats 0 to 2 only", f)
		}
		cOff := r.Offset()
		n := int(r.U16("vertex count"))
		if err := r.Err(); err != nil {
			return nil, err
		}
		if n*l.Size > r.Len() {
			return nil, formats.Errorf(fmtCMDL, "vertex count", int64(cOff),
				"%s of %d vertices of %d bytes needs %d bytes, %d remain in the display list",
				primName(op), n, l.Size, n*l.Size, r.Len())
		}
		p := CMDLPrimitive{Op: op, Format: f, Values: make([]uint16, n*l.Values), off: r.Offset()}
		// The vertices' size is checked: decode them from the slice.
		buf := r.Bytes("vertices", n*l.Size)
		at := 0
		for v := 0; v < n; v++ {
			vals := p.Values[v*l.Values : (v+1)*l.Values]
			for k := 0; k < l.Matrix; k++ {
				vals[k] = uint16(buf[at])
				at++
			}
			for a := 0; a < numIndexed; a++ {
				slot := l.Slot[a]
				if slot < 0 {
					continue
				}
				aAt := at
				var x uint16
				if l.Kind[a] == attrIndex8 {
					x = uint16(buf[at])
					at++
				} else {
					x = binary.BigEndian.Uint16(buf[at:])
					at += 2
				}
				if size := m.arrayLen(a, mat); int(x) >= size {
					return nil, formats.Errorf(fmtCMDL, attrNames[a]+" index", int64(p.off+aAt),
						"index %d past the %d-entry %s array (%s at offset %d, vertex %d)", x, size, attrNames[a], primName(op), off, v)
				}
				vals[slot] = x
			}
		}
		m.checkCount(op, n, off)
		out = append(out, p)
	}
	return out, nil
}

// arrayLen is the length of the array attribute a indexes with material
// mat's vertices.
func (m *CMDL) arrayLen(a int, mat *CMDLMaterial) int {
	switch a {
	case attrPos:
		return len(m.Positions)
	case attrNrm:
		return len(m.Normals) + len(m.ShortNormals)
	case attrClr0, attrClr1:
		return len(m.Colors)
	case attrTex0:
		if m.packedTex0(mat) {
			return len(m.ShortUVs)
		}
	}
	return len(m.UVs)
}

// packedTex0 reports whether TEX0 reads the packed UV array: the model has
// one and the material asks for it (CCubeModel::SetUsingPackedLightmaps).
func (m *CMDL) packedTex0(mat *CMDLMaterial) bool {
	return m.Flags&CMDLShortUVs != 0 && mat.Flags&MaterialPackedUVs != 0
}

// checkCount warns about primitives whose vertex count leaves vertices
// that GX draws nothing with.
func (m *CMDL) checkCount(op uint8, n, off int) {
	bad := false
	switch op {
	case GXTriangles:
		bad = n%3 != 0
	case GXQuads:
		bad = n%4 != 0
	case GXTriangleStrip, GXTriangleFan:
		bad = n < 3
	}
	if bad {
		m.warn("%s of %d vertices at offset %d leaves vertices that draw nothing", primName(op), n, off)
	}
}

func primName(op uint8) string {
	switch op {
	case GXQuads:
		return "quad list"
	case GXTriangles:
		return "triangle list"
	case GXTriangleStrip:
		return "triangle strip"
	case GXTriangleFan:
		return "triangle fan"
	case GXLines:
		return "line list"
	case GXLineStrip:
		return "line strip"
	case GXPoints:
		return "point list"
	}
	return fmt.Sprintf("primitive %#02x", op)
}
