package player

import (
	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// Pose is a skeleton's local transforms and bone visibility at one time.
type Pose struct {
	Local   []formats.Transform
	Visible []bool
}

// NewPose returns a pose for a skeleton, set to its bind pose.
func NewPose(sk *formats.Skeleton) *Pose {
	p := &Pose{
		Local:   make([]formats.Transform, len(sk.Bones)),
		Visible: make([]bool, len(sk.Bones)),
	}
	p.SetBind(sk)
	return p
}

// SetBind sets every bone to its bind transform and makes it visible.
func (p *Pose) SetBind(sk *formats.Skeleton) {
	for i := range sk.Bones {
		p.Local[i] = sk.Bones[i].Bind
		p.Visible[i] = true
	}
}

// CopyFrom copies another pose of the same skeleton.
func (p *Pose) CopyFrom(o *Pose) {
	copy(p.Local, o.Local)
	copy(p.Visible, o.Visible)
}

// WorldPose holds a skeleton's model-space matrices (column-major,
// column-vector convention: world = parentWorld · local for skeletons that
// compose by matrix product).
type WorldPose struct {
	Matrices []mgl32.Mat4
	// rot holds each bone's model-space rotation without scale, for
	// skeletons that compose as Echoes does (formats.ComposePrime2).
	rot []mgl32.Mat3
	// soa holds the local matrices of the SIMD pass (world_amd64.go),
	// four bones to a block of twelve vectors.
	soa []float32
}

// NewWorldPose returns a world pose sized for a skeleton.
func NewWorldPose(sk *formats.Skeleton) *WorldPose {
	w := &WorldPose{Matrices: make([]mgl32.Mat4, len(sk.Bones)), soa: make([]float32, soaLen(len(sk.Bones)))}
	if sk.Compose == formats.ComposePrime2 {
		w.rot = make([]mgl32.Mat3, len(sk.Bones))
	}
	return w
}

// Matrix returns bone i's model-space matrix.
func (w *WorldPose) Matrix(i int) mgl32.Mat4 { return w.Matrices[i] }

// Position returns the origin of bone i in model space.
func (w *WorldPose) Position(i int) mgl32.Vec3 {
	m := &w.Matrices[i]
	return mgl32.Vec3{m[12], m[13], m[14]}
}

// ToWorld composes local transforms into model space in one pass over the
// parent-before-child order, by the skeleton's rule (formats.Compose).
func ToWorld(sk *formats.Skeleton, p *Pose, w *WorldPose) {
	if sk.Compose == formats.ComposePrime2 {
		toWorldPrime2(sk, p, w)
		return
	}
	bones := sk.Bones
	local := p.Local[:len(bones)]
	out := w.Matrices[:len(bones)]
	if toWorldSIMD(bones, local, out, w) {
		return
	}
	toWorldGo(bones, local, out)
}

// toWorldGo is ToWorld's portable pass, and the reference that the SIMD
// pass (world_amd64.s) matches to the bit.
func toWorldGo(bones []formats.Bone, local []formats.Transform, out []mgl32.Mat4) {
	local, out = local[:len(bones)], out[:len(bones)]
	for i := range bones {
		composeBone(bones[i].Parent, &local[i], out, i)
	}
}

// composeBone writes bone i's model-space matrix into out[i]: its local
// matrix for a root (pi < 0), else parent · local over the 3×4 part (every
// bone matrix's last row is 0, 0, 0, 1), the translation column summed
// before the parent's translation is added.
func composeBone(pi int, l *formats.Transform, out []mgl32.Mat4, i int) {
	if pi < 0 {
		l.WriteMat4(&out[i])
		return
	}
	var m mgl32.Mat4
	l.WriteMat4(&m)
	a, o := &out[pi], &out[i]
	for c := 0; c < 16; c += 4 {
		b0, b1, b2 := m[c], m[c+1], m[c+2]
		o[c], o[c+1], o[c+2], o[c+3] = mulCol(a, 0, b0, b1, b2), mulCol(a, 1, b0, b1, b2), mulCol(a, 2, b0, b1, b2), 0
	}
	o[12], o[13], o[14], o[15] = o[12]+a[12], o[13]+a[13], o[14]+a[14], 1
}

// mulCol is row r of a's 3×3 part times the column (b0, b1, b2), each
// product rounded before it is added.
func mulCol(a *mgl32.Mat4, r int, b0, b1, b2 float32) float32 {
	return float32(a[r]*b0) + float32(a[4+r]*b1) + float32(a[8+r]*b2)
}

// toWorldPrime2 composes as Metroid Prime 2: Echoes builds
// CPoseAsTransforms (and PrimeWorldEditor's CBone::UpdateTransform does
// the same, Metroid Prime spec 1.3): rotations chain without scale,
// R_w = R_w(parent)·R; the position is P_w = P_w(parent) +
// R_w(parent)·(S_parent ⊙ T), the translation scaled by the parent's
// local scale only; a bone's matrix is T(P_w)·R_w·S with its own local
// scale. Scale is therefore never inherited, and a grandchild of a scaled
// bone is placed differently from a product of scaled matrices.
func toWorldPrime2(sk *formats.Skeleton, p *Pose, w *WorldPose) {
	bones := sk.Bones
	if len(w.rot) < len(bones) {
		w.rot = make([]mgl32.Mat3, len(bones))
	}
	local := p.Local[:len(bones)]
	out := w.Matrices[:len(bones)]
	rot := w.rot[:len(bones)]
	for i := range bones {
		l, o, r := &local[i], &out[i], &rot[i]
		var lr mgl32.Mat3
		rotMat3(&l.Rotation, &lr)
		pos := l.Translation
		if pi := bones[i].Parent; pi >= 0 {
			pr, ps, pp := &rot[pi], &local[pi].Scale, &out[pi]
			for c := 0; c < 3; c++ {
				b0, b1, b2 := lr[c*3], lr[c*3+1], lr[c*3+2]
				r[c*3+0] = pr[0]*b0 + pr[3]*b1 + pr[6]*b2
				r[c*3+1] = pr[1]*b0 + pr[4]*b1 + pr[7]*b2
				r[c*3+2] = pr[2]*b0 + pr[5]*b1 + pr[8]*b2
			}
			v := mgl32.Vec3{ps[0] * pos[0], ps[1] * pos[1], ps[2] * pos[2]}
			pos = mgl32.Vec3{
				pp[12] + pr[0]*v[0] + pr[3]*v[1] + pr[6]*v[2],
				pp[13] + pr[1]*v[0] + pr[4]*v[1] + pr[7]*v[2],
				pp[14] + pr[2]*v[0] + pr[5]*v[1] + pr[8]*v[2],
			}
		} else {
			*r = lr
		}
		for c := 0; c < 3; c++ {
			s := l.Scale[c]
			o[c*4+0], o[c*4+1], o[c*4+2], o[c*4+3] = r[c*3]*s, r[c*3+1]*s, r[c*3+2]*s, 0
		}
		o[12], o[13], o[14], o[15] = pos[0], pos[1], pos[2], 1
	}
}

// rotMat3 writes the rotation of q as Transform.WriteMat4 builds it
// (the 2/|q|² factor), without scale.
func rotMat3(q *mgl32.Quat, m *mgl32.Mat3) {
	w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
	n := w*w + x*x + y*y + z*z
	var k float32
	if n > 0 {
		k = 2 / n
	}
	xx, yy, zz := x*x*k, y*y*k, z*z*k
	xy, xz, yz := x*y*k, x*z*k, y*z*k
	wx, wy, wz := w*x*k, w*y*k, w*z*k
	m[0], m[1], m[2] = 1-yy-zz, xy+wz, xz-wy
	m[3], m[4], m[5] = xy-wz, 1-xx-zz, yz+wx
	m[6], m[7], m[8] = xz+wy, yz-wx, 1-xx-yy
}
