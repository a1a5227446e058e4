package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// projector maps eye-space points to the screen.
type projector struct {
	view mgl32.Mat4 // view space -> eye space
	proj mgl32.Mat4
	near float32
	vp   Viewport
}

func newProjector(c Camera, vp Viewport) projector {
	aspect := 1.0
	if vp.W > 0 && vp.H > 0 {
		aspect = float64(vp.W) / float64(vp.H)
	}
	near, _ := c.clipPlanes()
	return projector{view: c.View(), proj: c.Projection(aspect), near: float32(near), vp: vp}
}

// toEye maps a point through m, an affine matrix ending in eye space.
func (p *projector) toEye(m *mgl32.Mat4, v mgl32.Vec3) mgl32.Vec3 {
	return affine(m, v)
}

// inFront reports whether an eye-space point is finite and not closer than
// the near plane.
func (p *projector) inFront(e mgl32.Vec3) bool {
	return finite3(e) && -e[2] >= p.near
}

// screen projects an eye-space point that is in front of the near plane.
func (p *projector) screen(e mgl32.Vec3) mgl32.Vec2 {
	m := &p.proj
	cx := m[0]*e[0] + m[4]*e[1] + m[8]*e[2] + m[12]
	cy := m[1]*e[0] + m[5]*e[1] + m[9]*e[2] + m[13]
	cw := m[3]*e[0] + m[7]*e[1] + m[11]*e[2] + m[15]
	return mgl32.Vec2{
		p.vp.X + (cx/cw+1)*0.5*p.vp.W,
		p.vp.Y + (1-cy/cw)*0.5*p.vp.H,
	}
}

// clipNear cuts the eye-space segment ab at the near plane, so that a joint
// behind the eye never projects through it and draws inverted. ok is false
// when the whole segment is behind.
func (p *projector) clipNear(a, b mgl32.Vec3) (mgl32.Vec3, mgl32.Vec3, bool) {
	if !finite3(a) || !finite3(b) {
		return a, b, false
	}
	da := -a[2] - p.near
	db := -b[2] - p.near
	switch {
	case da < 0 && db < 0:
		return a, b, false
	case da < 0:
		a = lerp3(a, b, da/(da-db))
		a[2] = -p.near
	case db < 0:
		b = lerp3(a, b, da/(da-db))
		b[2] = -p.near
	}
	return a, b, true
}

func lerp3(a, b mgl32.Vec3, t float32) mgl32.Vec3 {
	return mgl32.Vec3{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t}
}

// rect is a screen rectangle [x0, x1] × [y0, y1].
type rect struct{ x0, y0, x1, y1 float32 }

// guardMargin extends the viewport for clipping so that the clipped end of a
// stroke and its round cap stay off screen.
const guardMargin = 16

func (p *projector) guard() rect {
	return rect{p.vp.X - guardMargin, p.vp.Y - guardMargin, p.vp.X + p.vp.W + guardMargin, p.vp.Y + p.vp.H + guardMargin}
}

func (r rect) contains(q mgl32.Vec2, pad float32) bool {
	return q[0] >= r.x0-pad && q[0] <= r.x1+pad && q[1] >= r.y0-pad && q[1] <= r.y1+pad
}

// clip cuts the segment ab to the rectangle (Liang–Barsky). Clipping in
// screen space keeps the coordinates handed to a backend small even when a
// segment ends just in front of the near plane, where projection explodes.
func (r rect) clip(a, b mgl32.Vec2) (mgl32.Vec2, mgl32.Vec2, bool) {
	t0, t1 := float32(0), float32(1)
	dx, dy := b[0]-a[0], b[1]-a[1]
	edges := [4][2]float32{
		{-dx, a[0] - r.x0},
		{dx, r.x1 - a[0]},
		{-dy, a[1] - r.y0},
		{dy, r.y1 - a[1]},
	}
	for _, e := range edges {
		pe, qe := e[0], e[1]
		if pe == 0 {
			if qe < 0 {
				return a, b, false
			}
			continue
		}
		t := qe / pe
		if pe < 0 {
			if t > t1 {
				return a, b, false
			}
			t0 = max(t0, t)
		} else {
			if t < t0 {
				return a, b, false
			}
			t1 = min(t1, t)
		}
	}
	if math.IsNaN(float64(t0)) || math.IsNaN(float64(t1)) {
		return a, b, false
	}
	na := mgl32.Vec2{a[0] + t0*dx, a[1] + t0*dy}
	nb := mgl32.Vec2{a[0] + t1*dx, a[1] + t1*dy}
	if t0 == 0 {
		na = a
	}
	if t1 == 1 {
		nb = b
	}
	return na, nb, true
}
