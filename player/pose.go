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
// column-vector convention: world = parentWorld · local).
type WorldPose struct {
	Matrices []mgl32.Mat4
}

// NewWorldPose returns a world pose sized for a skeleton.
func NewWorldPose(sk *formats.Skeleton) *WorldPose {
	return &WorldPose{Matrices: make([]mgl32.Mat4, len(sk.Bones))}
}

// Position returns the origin of bone i in model space.
func (w *WorldPose) Position(i int) mgl32.Vec3 {
	m := &w.Matrices[i]
	return mgl32.Vec3{m[12], m[13], m[14]}
}

// ToWorld composes local transforms into model space in one pass over the
// parent-before-child order.
func ToWorld(sk *formats.Skeleton, p *Pose, w *WorldPose) {
	bones := sk.Bones
	local := p.Local[:len(bones)]
	out := w.Matrices[:len(bones)]
	var m mgl32.Mat4
	for i := range bones {
		pi := bones[i].Parent
		if pi < 0 {
			local[i].WriteMat4(&out[i])
			continue
		}
		local[i].WriteMat4(&m)
		mulAffine(&out[pi], &m, &out[i])
	}
}

// mulAffine writes a·b for matrices whose last row is (0, 0, 0, 1), which
// every bone matrix is: 36 multiplications instead of a full product's 64.
func mulAffine(a, b, o *mgl32.Mat4) {
	for c := 0; c < 4; c++ {
		b0, b1, b2 := b[c*4], b[c*4+1], b[c*4+2]
		o[c*4+0] = a[0]*b0 + a[4]*b1 + a[8]*b2
		o[c*4+1] = a[1]*b0 + a[5]*b1 + a[9]*b2
		o[c*4+2] = a[2]*b0 + a[6]*b1 + a[10]*b2
		o[c*4+3] = 0
	}
	o[12] += a[12]
	o[13] += a[13]
	o[14] += a[14]
	o[15] = 1
}
