package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// RootPath is the path a clip carries its root bone along, drawn on the
// ground (view space's y = 0, the grid's plane) as a line through the
// root's positions, with a ring and a cross where the root is now.
type RootPath struct {
	// Points are the root's positions over the clip, in order, in the
	// file's coordinates (Scene.Root applies). The draw list keeps no
	// reference to them.
	Points []mgl32.Vec3
	// At is where the root is now (the file's coordinates).
	At mgl32.Vec3
	// Shift is taken from every point before drawing (not from At): in
	// place, the figure stays where the clip starts it, so the path slides
	// under it by how far the root has travelled, and its point for now
	// stays under the figure.
	Shift mgl32.Vec3
}

// rootPathRings is how many sides the marker's ring has.
const rootPathRings = 12

// addRootPath draws p on the ground: a segment between each two
// consecutive points (each put on the ground, so a root that bobs draws
// a flat track; points a fiftieth of the grid step from the last drawn
// are passed over), then the marker at At, a ring size across and a cross,
// and a thin drop line from At down to it when At is off the ground.
// Every segment is KindRootPath in the theme's RootPath colour.
func addRootPath(dst *DrawList, pr *projector, root *mgl32.Mat4, p *RootPath, size float32, th *Theme) {
	// Points closer than minStep on the ground to the last one drawn
	// are passed over (a slow stretch sampled at 60 Hz), the last point
	// always drawn: a fiftieth of a grid step, a pixel or two.
	minStep := size * 0.04
	var prev, prevG mgl32.Vec3
	have := false
	for k, v := range p.Points {
		g := affine(root, v.Sub(p.Shift))
		g[1] = 0
		if !finite3(g) {
			have = false
			continue
		}
		if have && (g.Sub(prevG).Len() < minStep && k < len(p.Points)-1 || g == prevG) {
			continue
		}
		e := pr.toEye(&pr.view, g)
		if have {
			addSegment(dst, pr, prev, e, rootPathWidth, th.RootPath, KindRootPath, -1)
		}
		prev, prevG, have = e, g, true
	}
	g := affine(root, p.At)
	if !finite3(g) {
		return
	}
	if g[1] != 0 {
		// A drop line from the root to its place on the ground, for a
		// figure that flies or a root held high.
		addSegment(dst, pr, pr.toEye(&pr.view, g), pr.toEye(&pr.view, mgl32.Vec3{g[0], 0, g[2]}), rootPathWidth/2, th.RootPath, KindRootPath, -1)
	}
	g[1] = 0
	r := size / 2
	at := func(dx, dz float32) mgl32.Vec3 { return pr.toEye(&pr.view, mgl32.Vec3{g[0] + dx, 0, g[2] + dz}) }
	last := at(r, 0)
	for k := 1; k <= rootPathRings; k++ {
		a := 2 * math.Pi * float64(k) / rootPathRings
		next := at(r*float32(math.Cos(a)), r*float32(math.Sin(a)))
		addSegment(dst, pr, last, next, rootPathWidth, th.RootPath, KindRootPath, -1)
		last = next
	}
	c := r * 0.6
	addSegment(dst, pr, at(-c, 0), at(c, 0), rootPathWidth, th.RootPath, KindRootPath, -1)
	addSegment(dst, pr, at(0, -c), at(0, c), rootPathWidth, th.RootPath, KindRootPath, -1)
}
