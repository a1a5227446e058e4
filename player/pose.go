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
	for i := range bones {
		m := local[i].Mat4()
		if pi := bones[i].Parent; pi >= 0 {
			out[i] = out[pi].Mul4(m)
		} else {
			out[i] = m
		}
	}
}
