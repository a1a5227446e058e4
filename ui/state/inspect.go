package state

import (
	"fmt"
	"math"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// eulerOrder names how BoneTransform.Euler composes: rotate about X first,
// then Y, then Z (R = Rz·Ry·Rx), angles in degrees.
const eulerOrder = "XYZ"

// BoneTransform is one transform as the inspector shows it.
type BoneTransform struct {
	Translation [3]float32
	// Quat is x, y, z, w.
	Quat [4]float32
	// Euler is degrees about X, Y and Z in EulerOrder.
	Euler [3]float64
	Scale [3]float32
}

// BoneInfo is what the inspector shows about the selected bone.
type BoneInfo struct {
	Index int
	ID    int
	Name  string
	// Parent is the parent's name ("" for a root), ParentIndex its index
	// (-1).
	Parent      string
	ParentIndex int
	// Visible is false when the animation hides the bone; Hidden is the
	// user's own hiding.
	Visible bool
	Hidden  bool
	Time    float64
	Local   BoneTransform
	// World is in the skeleton's model space (the file's axes).
	World BoneTransform
	// Sampled and WorldMatrix are the transforms as sampled (the pose's
	// local transform, the world matrix), for Copy JSON (values, so that
	// a BoneInfo compares with ==).
	Sampled     formats.Transform
	WorldMatrix mgl32.Mat4
}

// Inspect describes the selected bone in pose p and world pose w (the
// poses the view draws). ok is false when no bone is selected.
func (s *State) Inspect(p *player.Pose, w *player.WorldPose) (info BoneInfo, ok bool) {
	i := s.vis.selected
	if s.asset == nil || i < 0 || i >= len(s.asset.Skeleton.Bones) || i >= len(p.Local) || i >= w.Len() {
		return BoneInfo{}, false
	}
	sk := s.asset.Skeleton
	b := sk.Bones[i]
	info = BoneInfo{Index: i, ID: b.ID, Name: b.Name, ParentIndex: b.Parent, Visible: p.Visible[i], Time: s.play.time}
	if b.Parent >= 0 {
		info.Parent = sk.Bones[b.Parent].Name
	}
	info.Hidden = s.vis.BoneHidden(i)
	info.Local = fromTransform(p.Local[i])
	wm := w.Matrix(i)
	info.World = fromMatrix(&wm)
	info.Sampled, info.WorldMatrix = p.Local[i], wm
	return info, true
}

func fromTransform(t formats.Transform) BoneTransform {
	q := t.Rotation
	if n := q.Len(); n > 0 {
		q = q.Scale(1 / n)
	}
	return BoneTransform{
		Translation: t.Translation,
		Quat:        [4]float32{q.V[0], q.V[1], q.V[2], q.W},
		Euler:       Euler(q),
		Scale:       t.Scale,
	}
}

// fromMatrix splits an affine matrix into translation, rotation and
// scale: scale is the length of each axis column (the first negated when
// the matrix mirrors), rotation what is left.
func fromMatrix(m *mgl32.Mat4) BoneTransform {
	cols := [3]mgl32.Vec3{m.Col(0).Vec3(), m.Col(1).Vec3(), m.Col(2).Vec3()}
	var sc [3]float32
	for k := range cols {
		sc[k] = cols[k].Len()
	}
	if cols[0].Cross(cols[1]).Dot(cols[2]) < 0 {
		sc[0] = -sc[0]
	}
	var r mgl32.Mat3
	for k := range cols {
		if sc[k] != 0 {
			c := cols[k].Mul(1 / sc[k])
			r.SetCol(k, c)
		}
	}
	q := mgl32.Mat4ToQuat(r.Mat4()).Normalize()
	return BoneTransform{
		Translation: [3]float32{m[12], m[13], m[14]},
		Quat:        [4]float32{q.V[0], q.V[1], q.V[2], q.W},
		Euler:       Euler(q),
		Scale:       sc,
	}
}

// Euler returns a unit quaternion's angles in degrees about X, Y and Z
// for R = Rz·Ry·Rx (EulerOrder). At ±90° about Y the split between X and Z
// is arbitrary; X takes it all.
func Euler(q mgl32.Quat) [3]float64 {
	x, y, z, w := float64(q.V[0]), float64(q.V[1]), float64(q.V[2]), float64(q.W)
	sy := 2 * (w*y - z*x)
	deg := 180 / math.Pi
	if sy >= 0.999999 || sy <= -0.999999 {
		ay := math.Copysign(90, sy)
		ax := math.Atan2(2*(x*y-w*z), 1-2*(x*x+z*z)) * deg
		if sy < 0 {
			ax = -ax
		}
		return [3]float64{ax, ay, 0}
	}
	ax := math.Atan2(2*(w*x+y*z), 1-2*(x*x+y*y))
	ay := math.Asin(sy)
	az := math.Atan2(2*(w*z+x*y), 1-2*(y*y+z*z))
	return [3]float64{ax * deg, ay * deg, az * deg}
}

// Text is the inspector panel's text: every line always present, so the
// panel's height does not change with the selection.
func (b BoneInfo) Text() string {
	parent := b.Parent
	if b.Index >= 0 && parent == "" {
		parent = "none (root)"
	}
	vis := "visible"
	if !b.Visible {
		vis = "hidden by the animation"
	}
	if b.Hidden {
		vis += ", hidden by you"
	}
	tr := func(label string, t BoneTransform) string {
		return fmt.Sprintf("%s\n t %8.3f %8.3f %8.3f\n q  x %6.3f   y %6.3f\n     z %6.3f   w %6.3f\n %s° %6.1f %6.1f %6.1f\n s %8.3f %8.3f %8.3f",
			label, t.Translation[0], t.Translation[1], t.Translation[2],
			t.Quat[0], t.Quat[1], t.Quat[2], t.Quat[3],
			eulerOrder, t.Euler[0], t.Euler[1], t.Euler[2],
			t.Scale[0], t.Scale[1], t.Scale[2])
	}
	return fmt.Sprintf("%s   #%d  id %d\nparent %s\n%s\n%s\n%s",
		b.Name, b.Index, b.ID, parent, vis, tr("local", b.Local), tr("world (model space)", b.World))
}
