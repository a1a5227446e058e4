package ms3d

import (
	"bytes"
	"encoding/binary"
	"math"
)

// Encode writes the file in the binary layout Parse reads. The optional
// sections are written while their sub-versions are set, in file order,
// and Rest last. It is the project's source of test inputs.
func (f *File) Encode() ([]byte, error) {
	if len(f.Vertices) > 0xFFFF || len(f.Triangles) > 0xFFFF || len(f.Groups) > 0xFFFF ||
		len(f.Materials) > 0xFFFF || len(f.Joints) > 0xFFFF {
		return nil, errorf("more than 65535 vertices, triangles, groups, materials or joints")
	}
	w := &writer{}
	id := f.Header.ID
	if id == "" {
		id = Magic
	}
	w.str(id, 10)
	v := f.Header.Version
	if v == 0 {
		v = 4
	}
	w.u32(uint32(v))
	w.u16(uint16(len(f.Vertices)))
	for _, x := range f.Vertices {
		w.u8(x.Flags)
		w.vec(x.Position[:])
		w.u8(uint8(x.BoneID))
		w.u8(x.ReferenceCount)
	}
	w.u16(uint16(len(f.Triangles)))
	for _, t := range f.Triangles {
		w.u16(t.Flags)
		for _, i := range t.VertexIndices {
			w.u16(i)
		}
		for _, n := range t.VertexNormals {
			w.vec(n[:])
		}
		w.vec(t.S[:])
		w.vec(t.T[:])
		w.u8(t.SmoothingGroup)
		w.u8(t.GroupIndex)
	}
	w.u16(uint16(len(f.Groups)))
	for _, g := range f.Groups {
		if len(g.Triangles) > 0xFFFF {
			return nil, errorf("group %q has more than 65535 triangles", g.Name)
		}
		w.u8(g.Flags)
		w.str(g.Name, nameSize)
		w.u16(uint16(len(g.Triangles)))
		for _, t := range g.Triangles {
			w.u16(t)
		}
		w.u8(uint8(g.MaterialIndex))
	}
	w.u16(uint16(len(f.Materials)))
	for _, m := range f.Materials {
		w.str(m.Name, nameSize)
		w.vec(m.Ambient[:])
		w.vec(m.Diffuse[:])
		w.vec(m.Specular[:])
		w.vec(m.Emissive[:])
		w.f32(m.Shininess)
		w.f32(m.Transparency)
		w.u8(m.Mode)
		w.str(m.Texture, pathSize)
		w.str(m.AlphaMap, pathSize)
	}
	w.f32(f.AnimationFPS)
	w.f32(f.CurrentTime)
	w.u32(uint32(f.TotalFrames))
	w.u16(uint16(len(f.Joints)))
	for _, j := range f.Joints {
		if len(j.RotationKeys) > 0xFFFF || len(j.PositionKeys) > 0xFFFF {
			return nil, errorf("joint %q has more than 65535 keys of a kind", j.Name)
		}
		w.u8(j.Flags)
		w.str(j.Name, nameSize)
		w.str(j.ParentName, nameSize)
		w.vec(j.Rotation[:])
		w.vec(j.Position[:])
		w.u16(uint16(len(j.RotationKeys)))
		w.u16(uint16(len(j.PositionKeys)))
		for _, k := range j.RotationKeys {
			w.f32(k.Time)
			w.vec(k.Rotation[:])
		}
		for _, k := range j.PositionKeys {
			w.f32(k.Time)
			w.vec(k.Position[:])
		}
	}
	f.encodeOptional(w)
	w.buf.Write(f.Rest)
	return w.buf.Bytes(), nil
}

func (f *File) encodeOptional(w *writer) {
	if f.CommentsSubVersion == 0 {
		return
	}
	w.u32(uint32(f.CommentsSubVersion))
	for _, cs := range [][]Comment{f.GroupComments, f.MaterialComments, f.JointComments} {
		w.u32(uint32(len(cs)))
		for _, c := range cs {
			w.u32(uint32(c.Index))
			w.u32(uint32(len(c.Text)))
			w.buf.WriteString(c.Text)
		}
	}
	if f.HasModelComment {
		w.u32(1)
		w.u32(uint32(len(f.ModelComment)))
		w.buf.WriteString(f.ModelComment)
	} else {
		w.u32(0)
	}
	if f.VertexExtraSubVersion == 0 {
		return
	}
	w.u32(uint32(f.VertexExtraSubVersion))
	extra := map[int32]int{1: 0, 2: 1, 3: 2}[f.VertexExtraSubVersion]
	for i := range f.Vertices {
		var e VertexExtra
		if i < len(f.VertexExtras) {
			e = f.VertexExtras[i]
		}
		for _, b := range e.BoneIDs {
			w.u8(uint8(b))
		}
		w.buf.Write(e.Weights[:])
		for k := 0; k < extra; k++ {
			w.u32(e.Extra[k])
		}
	}
	if f.JointExtraSubVersion == 0 {
		return
	}
	w.u32(uint32(f.JointExtraSubVersion))
	for _, j := range f.Joints {
		w.vec(j.Color[:])
	}
	if f.ModelExtraSubVersion == 0 {
		return
	}
	w.u32(uint32(f.ModelExtraSubVersion))
	w.f32(f.ModelExtra.JointSize)
	w.u32(uint32(f.ModelExtra.TransparencyMode))
	w.f32(f.ModelExtra.AlphaRef)
}

type writer struct{ buf bytes.Buffer }

func (w *writer) u8(v uint8) { w.buf.WriteByte(v) }
func (w *writer) u16(v uint16) {
	w.buf.Write(binary.LittleEndian.AppendUint16(nil, v))
}
func (w *writer) u32(v uint32) {
	w.buf.Write(binary.LittleEndian.AppendUint32(nil, v))
}
func (w *writer) f32(v float32) { w.u32(math.Float32bits(v)) }
func (w *writer) vec(v []float32) {
	for _, x := range v {
		w.f32(x)
	}
}

// str writes s NUL-padded (or cut) to size bytes.
func (w *writer) str(s string, size int) {
	b := make([]byte, size)
	copy(b, s)
	w.buf.Write(b)
}
