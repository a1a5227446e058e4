package gltf

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/animview/animview/formats"
	"github.com/qmuntal/gltf"
)

// buffer appends accessors to a document's single buffer.
type buffer struct {
	doc  *gltf.Document
	data []byte
	// err is the first value that is not a finite float32 (finite data
	// too large for single precision): glTF's JSON cannot hold the
	// accessor's bounds, and no importer could use it.
	err error
}

// view appends raw bytes as a buffer view, 4-byte aligned.
func (b *buffer) view(raw []byte, target gltf.Target) int {
	for len(b.data)%4 != 0 {
		b.data = append(b.data, 0)
	}
	bv := &gltf.BufferView{Buffer: 0, ByteOffset: len(b.data), ByteLength: len(raw), Target: target}
	b.data = append(b.data, raw...)
	b.doc.BufferViews = append(b.doc.BufferViews, bv)
	return len(b.doc.BufferViews) - 1
}

// floats appends float32 values as an accessor of typ; withBounds adds the
// per-component min and max that POSITION and animation inputs require.
func (b *buffer) floats(vals []float32, typ gltf.AccessorType, target gltf.Target, withBounds bool) int {
	raw := make([]byte, 4*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(v))
		if b.err == nil && (math.IsNaN(float64(v)) || math.IsInf(float64(v), 0)) {
			b.err = fmt.Errorf("accessor %d (%s) value %d is %v: the data passes single precision's range: %w",
				len(b.doc.Accessors), typ, i, v, formats.ErrNonFinite)
		}
	}
	comps := int(typ.Components())
	acc := &gltf.Accessor{
		BufferView:    gltf.Index(b.view(raw, target)),
		ComponentType: gltf.ComponentFloat,
		Count:         len(vals) / comps,
		Type:          typ,
	}
	if withBounds && len(vals) > 0 {
		acc.Min = make([]float64, comps)
		acc.Max = make([]float64, comps)
		for c := 0; c < comps; c++ {
			acc.Min[c], acc.Max[c] = math.Inf(1), math.Inf(-1)
		}
		for i, v := range vals {
			c := i % comps
			acc.Min[c] = math.Min(acc.Min[c], float64(v))
			acc.Max[c] = math.Max(acc.Max[c], float64(v))
		}
	}
	b.doc.Accessors = append(b.doc.Accessors, acc)
	return len(b.doc.Accessors) - 1
}

// joints appends unsigned-short VEC4 joint indices.
func (b *buffer) joints(vals [][4]uint16) int {
	raw := make([]byte, 8*len(vals))
	for i, v := range vals {
		for c := 0; c < 4; c++ {
			binary.LittleEndian.PutUint16(raw[8*i+2*c:], v[c])
		}
	}
	acc := &gltf.Accessor{
		BufferView:    gltf.Index(b.view(raw, gltf.TargetArrayBuffer)),
		ComponentType: gltf.ComponentUshort,
		Count:         len(vals),
		Type:          gltf.AccessorVec4,
	}
	b.doc.Accessors = append(b.doc.Accessors, acc)
	return len(b.doc.Accessors) - 1
}
