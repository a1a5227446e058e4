package gltf

import (
	"fmt"
	"io"

	"github.com/qmuntal/gltf"
)

// KeyStat compares one exported animation's keys with its source's.
type KeyStat struct {
	// Name is the animation's name in the export.
	Name string
	// Source counts the source's key times over every channel of the
	// clip (translation, rotation, scale, visibility, the camera's
	// position, target and roll; a resampled
	// track's knots: docs/formats/gltf-export.md#keys); 0 for a take
	// without a clip.
	Source int
	// Output counts the export's keys over every channel, constant ones
	// (two keys each) included.
	Output int
	// Constant counts the channels written with two equal keys.
	Constant int
}

// KeyStats returns, per animation of a document Build made from takes,
// the source's and the export's key counts.
func KeyStats(takes []Take, doc *gltf.Document) []KeyStat {
	out := make([]KeyStat, 0, len(doc.Animations))
	for k, an := range doc.Animations {
		st := KeyStat{Name: an.Name}
		if k < len(takes) && takes[k].Clip != nil {
			for i := range takes[k].Clip.Tracks {
				tr := &takes[k].Clip.Tracks[i]
				st.Source += len(tr.Rotation.Times) + len(tr.Visibility.Times)
				st.Source += vecKeys(tr.Translation.Times, tr.Translation.Knots) + vecKeys(tr.Scale.Times, tr.Scale.Knots)
			}
			if cam := takes[k].Clip.Camera; cam != nil {
				st.Source += len(cam.Position.Times) + len(cam.Target.Times) + len(cam.Roll.Times)
			}
		}
		for _, s := range an.Samplers {
			n := int(doc.Accessors[s.Input].Count)
			st.Output += n
			if n == 2 && isConstant(doc, s.Output) {
				st.Constant++
			}
		}
		out = append(out, st)
	}
	return out
}

func vecKeys(times, knots []float64) int {
	if knots != nil {
		return len(knots)
	}
	return len(times)
}

// isConstant reports whether an output accessor's two values are equal.
func isConstant(doc *gltf.Document, acc int) bool {
	a := doc.Accessors[acc]
	if a.BufferView == nil {
		return false
	}
	v := doc.BufferViews[*a.BufferView]
	data := doc.Buffers[v.Buffer].Data
	n := 4 * 3
	if a.Type == gltf.AccessorVec4 {
		n = 4 * 4
	}
	off := v.ByteOffset + a.ByteOffset
	if off+2*n > len(data) {
		return false
	}
	return string(data[off:off+n]) == string(data[off+n:off+2*n])
}

// WriteKeyStats prints a table of key counts (`export --stats`).
func WriteKeyStats(w io.Writer, stats []KeyStat) {
	fmt.Fprintf(w, "%-32s %8s %8s %6s %9s\n", "animation", "source", "output", "ratio", "constant")
	var src, outp int
	for _, s := range stats {
		src += s.Source
		outp += s.Output
		fmt.Fprintf(w, "%-32s %8d %8d %6s %9d\n", s.Name, s.Source, s.Output, ratio(s.Output, s.Source), s.Constant)
	}
	if len(stats) > 1 {
		fmt.Fprintf(w, "%-32s %8d %8d %6s\n", "total", src, outp, ratio(outp, src))
	}
}

func ratio(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", float64(a)/float64(b))
}
