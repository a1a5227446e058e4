package render

import (
	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// Bounds is an axis-aligned box. The zero value is empty (Valid false).
type Bounds struct {
	Min, Max mgl32.Vec3
	Valid    bool
}

// Add grows the box to contain p. Points with a NaN or infinite coordinate
// are ignored, so one broken joint cannot swallow the view.
func (b *Bounds) Add(p mgl32.Vec3) {
	if !finite3(p) {
		return
	}
	if !b.Valid {
		b.Min, b.Max, b.Valid = p, p, true
		return
	}
	for i := 0; i < 3; i++ {
		b.Min[i] = min(b.Min[i], p[i])
		b.Max[i] = max(b.Max[i], p[i])
	}
}

// Union grows the box to contain o (an empty o changes nothing).
func (b *Bounds) Union(o Bounds) {
	if !o.Valid {
		return
	}
	if !b.Valid {
		*b = o
		return
	}
	b.Min = mgl32.Vec3{min(b.Min[0], o.Min[0]), min(b.Min[1], o.Min[1]), min(b.Min[2], o.Min[2])}
	b.Max = mgl32.Vec3{max(b.Max[0], o.Max[0]), max(b.Max[1], o.Max[1]), max(b.Max[2], o.Max[2])}
}

// ClipBounds samples src at n evenly spaced times from 0 to its duration
// (n below 2 counts as 2) and returns the view-space bounds of every joint,
// visible or not, after root, except static scene roots that only place
// figures far away (see ClipFraming). A nil src gives the bind pose. The pose
// buffers are allocated once for all samples.
func ClipBounds(sk *formats.Skeleton, src player.Sampler, root mgl32.Mat4, n int) Bounds {
	whole, _ := ClipExtent(sk, src, root, n)
	return whole
}

// ClipExtent is ClipBounds that also returns the bounds of the joints
// relative to the tracked point at each sample: the figure's own extent
// whatever distance it travels, for framing a camera that follows it. Both
// leave out static scene roots (see ClipFraming).
func ClipExtent(sk *formats.Skeleton, src player.Sampler, root mgl32.Mat4, n int) (whole, aroundRoot Bounds) {
	f := ClipFraming(sk, src, root, n)
	return f.Whole, f.Around
}

// affine applies an affine matrix to a point.
func affine(m *mgl32.Mat4, p mgl32.Vec3) mgl32.Vec3 {
	return mgl32.Vec3{
		m[0]*p[0] + m[4]*p[1] + m[8]*p[2] + m[12],
		m[1]*p[0] + m[5]*p[1] + m[9]*p[2] + m[13],
		m[2]*p[0] + m[6]*p[1] + m[10]*p[2] + m[14],
	}
}

// direction applies the linear part of a matrix to a vector.
func direction(m *mgl32.Mat4, v mgl32.Vec3) mgl32.Vec3 {
	return mgl32.Vec3{
		m[0]*v[0] + m[4]*v[1] + m[8]*v[2],
		m[1]*v[0] + m[5]*v[1] + m[9]*v[2],
		m[2]*v[0] + m[6]*v[1] + m[10]*v[2],
	}
}
