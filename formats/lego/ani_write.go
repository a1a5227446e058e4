package lego

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Encode writes the file in the layout Parse reads. Times are masked to 24
// bits and flags written as given (the reader's active-flag recomputation
// is not baked in, so Parse(Encode(f)) gives f back). A camera block is
// written when Camera is set; HasCamera is then forced non-zero so the
// game would read it.
func (f *File) Encode() ([]byte, error) {
	if f.Root == nil {
		return nil, fmt.Errorf("%s: encode: no root node", FormatAni)
	}
	w := &writer{}
	w.i32(f.Magic)
	w.f32(f.BoundingRadius)
	for _, c := range f.Center {
		w.f32(c)
	}
	hasCam := f.HasCamera
	switch {
	case f.Camera != nil && hasCam == 0:
		hasCam = 1
	case f.Camera == nil && hasCam != 0:
		return nil, fmt.Errorf("%s: encode: camera flag %d without a camera block", FormatAni, hasCam)
	}
	w.i32(hasCam)
	w.i32(f.Unused)
	w.u32(uint32(len(f.Actors)))
	for _, a := range f.Actors {
		w.str(a.Name)
		if a.Name != "" {
			w.u32(a.Type)
		}
	}
	w.i32(f.Duration)
	if f.Camera != nil {
		if err := w.camera(f.Camera); err != nil {
			return nil, err
		}
	}
	if err := w.node(f.Root, 0); err != nil {
		return nil, err
	}
	w.b = append(w.b, f.Trailing...)
	return w.b, nil
}

type writer struct{ b []byte }

func (w *writer) u16(v uint16)  { w.b = binary.LittleEndian.AppendUint16(w.b, v) }
func (w *writer) u32(v uint32)  { w.b = binary.LittleEndian.AppendUint32(w.b, v) }
func (w *writer) i32(v int32)   { w.u32(uint32(v)) }
func (w *writer) f32(v float32) { w.u32(math.Float32bits(v)) }
func (w *writer) str(s string)  { w.u32(uint32(len(s))); w.b = append(w.b, s...) }
func (w *writer) key(k Key)     { w.u32(k.Time&timeMask | uint32(k.Flags)<<flagShift) }

func (w *writer) count(n int, what string) error {
	if n > math.MaxUint16 {
		return fmt.Errorf("%s: encode: %d %s keys, at most %d fit", FormatAni, n, what, math.MaxUint16)
	}
	w.u16(uint16(n))
	return nil
}

func (w *writer) translations(keys []TranslationKey, what string) error {
	if err := w.count(len(keys), what); err != nil {
		return err
	}
	for _, k := range keys {
		w.key(k.Key)
		w.f32(k.X)
		w.f32(k.Y)
		w.f32(k.Z)
	}
	return nil
}

func (w *writer) camera(c *Camera) error {
	if err := w.translations(c.Position, "camera position"); err != nil {
		return err
	}
	if err := w.translations(c.Target, "camera target"); err != nil {
		return err
	}
	if err := w.count(len(c.Roll), "camera roll"); err != nil {
		return err
	}
	for _, k := range c.Roll {
		w.key(k.Key)
		w.f32(k.Angle)
	}
	return nil
}

func (w *writer) node(n *Node, depth int) error {
	if depth >= MaxDepth {
		return fmt.Errorf("%s: encode: tree deeper than %d levels", FormatAni, MaxDepth)
	}
	w.str(n.Name)
	if err := w.translations(n.Translation, "translation"); err != nil {
		return err
	}
	if err := w.count(len(n.Rotation), "rotation"); err != nil {
		return err
	}
	for _, k := range n.Rotation {
		w.key(k.Key)
		w.f32(k.W)
		w.f32(k.X)
		w.f32(k.Y)
		w.f32(k.Z)
	}
	if err := w.count(len(n.Scale), "scale"); err != nil {
		return err
	}
	for _, k := range n.Scale {
		w.key(k.Key)
		w.f32(k.X)
		w.f32(k.Y)
		w.f32(k.Z)
	}
	if err := w.count(len(n.Morph), "morph"); err != nil {
		return err
	}
	for _, k := range n.Morph {
		w.key(k.Key)
		w.b = append(w.b, k.Visible)
	}
	w.u32(uint32(len(n.Children)))
	for _, c := range n.Children {
		if c == nil {
			return fmt.Errorf("%s: encode: nil child of node %q", FormatAni, n.Name)
		}
		if err := w.node(c, depth+1); err != nil {
			return err
		}
	}
	return nil
}
