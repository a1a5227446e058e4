package gltf

import (
	"math"
	"slices"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// clipCamera is the glTF camera of a clip's camera animation: the
// viewer's vertical field of view (the files carry none) and a near plane
// a hundredth of the figure's size.
func clipCamera(size float64) *gltf.Camera {
	near := size / 100
	if !(near > 0) || math.IsInf(near, 0) {
		near = 0.01
	}
	return &gltf.Camera{Name: "clip camera", Type: "perspective",
		Perspective: &gltf.Perspective{Yfov: render.DefaultCamera().FovY * math.Pi / 180, Znear: near}}
}

// cameraTRS evaluates a camera track at each time (player.EvalCamera, as
// the viewer's "view through" does) and returns the camera node's
// translation and rotation there, in glTF's coordinates: a glTF camera
// looks down its -Z with +Y up, so the rotation's columns are up × back,
// up and back (back = -forward), a right-handed frame under a mirroring
// conversion too. Where the game leaves its camera as it was (no view
// direction), the last pose holds; before the first pose, the first.
func cameraTRS(conv *Conversion, cam *formats.CameraTrack, times []float64) ([]mgl64.Vec3, []mgl64.Quat) {
	pos := make([]mgl64.Vec3, len(times))
	rot := make([]mgl64.Quat, len(times))
	valid := make([]bool, len(times))
	first := -1
	for i, t := range times {
		p := player.EvalCamera(cam, t)
		if !p.Valid {
			continue
		}
		pos[i], rot[i] = cameraPose(conv, &p)
		valid[i] = true
		if first < 0 {
			first = i
		}
	}
	if first < 0 {
		for i := range rot {
			rot[i] = mgl64.QuatIdent()
		}
		return pos, rot
	}
	for i := range times {
		switch {
		case valid[i]:
		case i < first:
			pos[i], rot[i] = pos[first], rot[first]
		default:
			pos[i], rot[i] = pos[i-1], rot[i-1]
		}
	}
	return pos, rot
}

// cameraPose is a valid camera pose's node translation and rotation
// (cameraTRS).
func cameraPose(conv *Conversion, p *player.CameraPose) (mgl64.Vec3, mgl64.Quat) {
	f := conv.Basis.Mul3x1(vec64(p.Forward()))
	up := conv.Basis.Mul3x1(vec64(p.Up)).Normalize()
	back := f.Mul(-1).Normalize()
	m := mgl64.Mat3FromCols(up.Cross(back), up, back)
	return conv.Point(p.Position), unit(mgl64.Mat4ToQuat(m.Mat4()))
}

// cameraTol is what the camera's keys may miss its pose by between them:
// radians of turn, and of its position, relative to 1 plus the distance
// from the origin.
const cameraTol = 5e-5 // half what TestCameraExport allows

// cameraRefine adds to sorted times, for a camera, the times where glTF's
// interpolation between them (a lerp of the position, a slerp of the
// rotation, and for Blender a normalised lerp too) would miss the game's
// camera by more than cameraTol: each span is halved where its midpoint
// misses, up to maxDepth times. The bone grid's times alone need not
// follow a camera that moves on its own.
func cameraRefine(conv *Conversion, cam *formats.CameraTrack, times []float64, blender bool) []float64 {
	at := func(t float64) (mgl64.Vec3, mgl64.Quat, bool) {
		p := player.EvalCamera(cam, t)
		if !p.Valid {
			return mgl64.Vec3{}, mgl64.Quat{}, false
		}
		pos, rot := cameraPose(conv, &p)
		return pos, rot, true
	}
	out := make([]float64, 0, len(times))
	var split func(a, b float64, pa, pb mgl64.Vec3, qa, qb mgl64.Quat, depth int)
	split = func(a, b float64, pa, pb mgl64.Vec3, qa, qb mgl64.Quat, depth int) {
		m := (a + b) / 2
		if depth >= maxDepth || !(float32(a) < float32(m) && float32(m) < float32(b)) {
			return
		}
		pm, qm, ok := at(m)
		if !ok {
			return
		}
		miss := pa.Add(pb).Mul(0.5).Sub(pm).Len()/(1+pm.Len()) > cameraTol ||
			angleBetween(slerpGLTF(qa, qb, 0.5), qm) > cameraTol ||
			blender && angleBetween(nlerpContinuous(qa, qb, 0.5), qm) > cameraTol
		if !miss {
			return
		}
		split(a, m, pa, pm, qa, qm, depth+1)
		out = append(out, m)
		split(m, b, pm, pb, qm, qb, depth+1)
	}
	for i, t := range times {
		if i > 0 {
			pa, qa, okA := at(times[i-1])
			pb, qb, okB := at(t)
			if okA && okB {
				split(times[i-1], t, pa, pb, qa, qb, 0)
			}
		}
		out = append(out, t)
	}
	return out
}

func vec64(v [3]float32) mgl64.Vec3 { return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }

// cameraChannels adds the camera node's translation and rotation channels
// to a take's animation, sampled at the take's times (which hold the
// camera's keys) and just before each roll key (cameraTimes); a take
// without a camera holds the node at its rest pose, so that switching
// animations leaves it nowhere else.
func cameraChannels(buf *buffer, an *gltf.Animation, node int, conv *Conversion, tk *Take, times []float64, rest *gltf.Node) {
	var ts, tv, rv []float32
	if tk.Camera == nil {
		ts = []float32{float32(times[0])}
		if len(times) > 1 {
			ts = append(ts, float32(times[len(times)-1]))
		}
		for range ts {
			tv = append(tv, float32(rest.Translation[0]), float32(rest.Translation[1]), float32(rest.Translation[2]))
			rv = append(rv, float32(rest.Rotation[0]), float32(rest.Rotation[1]), float32(rest.Rotation[2]), float32(rest.Rotation[3]))
		}
	} else {
		times = cameraRefine(conv, tk.Camera, cameraTimes(tk.Camera, times), tk.For == ForBlender)
		pos, rot := cameraTRS(conv, tk.Camera, times)
		for i, t := range times {
			ts = append(ts, float32(t))
			tv = append(tv, float32(pos[i][0]), float32(pos[i][1]), float32(pos[i][2]))
			rv = append(rv, float32(rot[i].V[0]), float32(rot[i].V[1]), float32(rot[i].V[2]), float32(rot[i].W))
		}
		continuous(rv)
	}
	in := buf.floats(ts, gltf.AccessorScalar, 0, true)
	for _, c := range []struct {
		path gltf.TRSProperty
		vals []float32
		typ  gltf.AccessorType
	}{{gltf.TRSTranslation, tv, gltf.AccessorVec3}, {gltf.TRSRotation, rv, gltf.AccessorVec4}} {
		an.Samplers = append(an.Samplers, &gltf.AnimationSampler{Input: in, Output: buf.floats(c.vals, c.typ, 0, false),
			Interpolation: gltf.InterpolationLinear})
		an.Channels = append(an.Channels, &gltf.AnimationChannel{Sampler: len(an.Samplers) - 1,
			Target: gltf.AnimationChannelTarget{Node: gltf.Index(node), Path: c.path}})
	}
}

// cameraTimes adds to a take's times, for its camera, the float32 time
// just before each roll key inside them: the roll steps at its keys (the
// game applies the earlier key's angle up to the next), and a key there
// keeps glTF's linear interpolation from turning the step into a turn
// over a whole frame.
func cameraTimes(cam *formats.CameraTrack, times []float64) []float64 {
	out := append([]float64(nil), times...)
	for _, tk := range cam.Roll.Times {
		if b := float64(math.Nextafter32(float32(tk), float32(math.Inf(-1)))); b > times[0] && tk <= times[len(times)-1] {
			out = append(out, b)
		}
	}
	slices.Sort(out)
	// Keep the times apart in float32, as glTF's input accessor holds
	// them.
	keep := out[:1]
	for _, t := range out[1:] {
		if float32(t) > float32(keep[len(keep)-1]) {
			keep = append(keep, t)
		}
	}
	return keep
}
