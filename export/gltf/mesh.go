package gltf

import (
	"math"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl64"
)

// stick is the figure's mesh: flat-shaded triangles, each vertex bound to
// one joint with weight 1.
type stick struct {
	pos, nrm, weight []float32
	joint            [][4]uint16
}

// stickMesh builds, in the rest pose, a thin double pyramid from each
// bone's parent to the bone, bound to the parent's joint bind[p] (or the
// bone's visibility helper), and a small octahedron at each root. The
// figure is what the view draws: sticks between joints and dots at the
// roots.
func stickMesh(sk *formats.Skeleton, restWorld []mgl64.Mat4, bind, helper []int, size float64) *stick {
	m := &stick{}
	pos := func(i int) mgl64.Vec3 { return mgl64.Vec3{restWorld[i][12], restWorld[i][13], restWorld[i][14]} }
	for i := range sk.Bones {
		p := sk.Bones[i].Parent
		joint := p
		if joint < 0 {
			joint = i
		}
		joint = bind[joint]
		if helper[i] >= 0 {
			joint = helper[i]
		}
		if p < 0 {
			m.octahedron(pos(i), 0.015*size, joint)
			continue
		}
		m.bone(pos(p), pos(i), size, joint)
	}
	return m
}

// bone adds the pyramid pair from head to tail: widest a fifth of the way
// along, as modelling tools draw bones.
func (m *stick) bone(head, tail mgl64.Vec3, size float64, joint int) {
	d := tail.Sub(head)
	l := d.Len()
	if !(l > 1e-6*size) {
		return
	}
	dir := d.Mul(1 / l)
	u := perpendicular(dir)
	v := dir.Cross(u)
	w := math.Max(0.08*l, 0.003*size)
	w = math.Min(w, 0.03*size)
	ring := head.Add(d.Mul(0.2))
	var r [4]mgl64.Vec3
	for k := 0; k < 4; k++ {
		a := float64(k) * math.Pi / 2
		r[k] = ring.Add(u.Mul(w * math.Cos(a))).Add(v.Mul(w * math.Sin(a)))
	}
	centre := ring
	for k := 0; k < 4; k++ {
		m.tri(centre, head, r[k], r[(k+1)%4], joint)
		m.tri(centre, tail, r[(k+1)%4], r[k], joint)
	}
}

// octahedron adds a small diamond at c.
func (m *stick) octahedron(c mgl64.Vec3, r float64, joint int) {
	ax := [6]mgl64.Vec3{{r, 0, 0}, {-r, 0, 0}, {0, r, 0}, {0, -r, 0}, {0, 0, r}, {0, 0, -r}}
	for _, x := range []int{0, 1} {
		for _, y := range []int{2, 3} {
			for _, z := range []int{4, 5} {
				m.tri(c, c.Add(ax[x]), c.Add(ax[y]), c.Add(ax[z]), joint)
			}
		}
	}
}

// tri adds a triangle wound counter-clockwise seen from outside (away
// from centre), with its face normal.
func (m *stick) tri(centre, a, b, c mgl64.Vec3, joint int) {
	n := b.Sub(a).Cross(c.Sub(a))
	if n.Dot(a.Add(b).Add(c).Mul(1.0/3).Sub(centre)) < 0 {
		b, c = c, b
		n = n.Mul(-1)
	}
	l := n.Len()
	if !(l > 0) {
		return
	}
	n = n.Mul(1 / l)
	for _, p := range []mgl64.Vec3{a, b, c} {
		m.pos = append(m.pos, float32(p[0]), float32(p[1]), float32(p[2]))
		m.nrm = append(m.nrm, float32(n[0]), float32(n[1]), float32(n[2]))
		m.joint = append(m.joint, [4]uint16{uint16(joint), 0, 0, 0})
		m.weight = append(m.weight, 1, 0, 0, 0)
	}
}

// perpendicular returns a unit vector at right angles to the unit vector d.
func perpendicular(d mgl64.Vec3) mgl64.Vec3 {
	a := mgl64.Vec3{1, 0, 0}
	if math.Abs(d[0]) > 0.9 {
		a = mgl64.Vec3{0, 1, 0}
	}
	return d.Cross(a).Normalize()
}
