package compare

import (
	"math"
	"slices"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// mat3 is a 3×3 matrix in float64, m[row][col].
type mat3 [3][3]float64

var ident3 = mat3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

func (a *mat3) mul(b *mat3) mat3 {
	var r mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i][j] = a[i][0]*b[0][j] + a[i][1]*b[1][j] + a[i][2]*b[2][j]
		}
	}
	return r
}

func (a *mat3) t() mat3 {
	var r mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i][j] = a[j][i]
		}
	}
	return r
}

func (a *mat3) apply(v [3]float64) [3]float64 {
	return [3]float64{
		a[0][0]*v[0] + a[0][1]*v[1] + a[0][2]*v[2],
		a[1][0]*v[0] + a[1][1]*v[1] + a[1][2]*v[2],
		a[2][0]*v[0] + a[2][1]*v[1] + a[2][2]*v[2],
	}
}

// quatMat is q's rotation (q normalised first; the identity for a zero q).
func quatMat(q mgl32.Quat) mat3 {
	w, x, y, z := float64(q.W), float64(q.V[0]), float64(q.V[1]), float64(q.V[2])
	n := w*w + x*x + y*y + z*z
	if !(n > 0) {
		return ident3
	}
	s := 2 / n
	return mat3{
		{1 - s*(y*y+z*z), s * (x*y - w*z), s * (x*z + w*y)},
		{s * (x*y + w*z), 1 - s*(x*x+z*z), s * (y*z - w*x)},
		{s * (x*z - w*y), s * (y*z + w*x), 1 - s*(x*x+y*y)},
	}
}

// matQuat is the unit quaternion of rotation m (Shepperd's method: the
// largest of w, x, y, z is found first, so no division is by a small
// number).
func matQuat(m *mat3) mgl32.Quat {
	tr := m[0][0] + m[1][1] + m[2][2]
	var w, x, y, z float64
	switch {
	case tr > 0:
		s := math.Sqrt(tr+1) * 2
		w, x, y, z = s/4, (m[2][1]-m[1][2])/s, (m[0][2]-m[2][0])/s, (m[1][0]-m[0][1])/s
	case m[0][0] > m[1][1] && m[0][0] > m[2][2]:
		s := math.Sqrt(1+m[0][0]-m[1][1]-m[2][2]) * 2
		w, x, y, z = (m[2][1]-m[1][2])/s, s/4, (m[0][1]+m[1][0])/s, (m[0][2]+m[2][0])/s
	case m[1][1] > m[2][2]:
		s := math.Sqrt(1+m[1][1]-m[0][0]-m[2][2]) * 2
		w, x, y, z = (m[0][2]-m[2][0])/s, (m[0][1]+m[1][0])/s, s/4, (m[1][2]+m[2][1])/s
	default:
		s := math.Sqrt(1+m[2][2]-m[0][0]-m[1][1]) * 2
		w, x, y, z = (m[1][0]-m[0][1])/s, (m[0][2]+m[2][0])/s, (m[1][2]+m[2][1])/s, s/4
	}
	return mgl32.Quat{W: float32(w), V: mgl32.Vec3{float32(x), float32(y), float32(z)}}
}

// Axes is the 3×3 part of a turn from a file's model space into a space
// both files share (render.SceneRoot's: Y up, right-handed), column-major
// as mgl32 keeps it. The zero value is taken as the identity.
type Axes = mgl32.Mat3

func axesMat(a Axes) mat3 {
	if a == (Axes{}) {
		return ident3
	}
	// mgl32.Mat3 is column-major: a[col*3+row].
	var m mat3
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			m[r][c] = float64(a[c*3+r])
		}
	}
	return m
}

// RetargetOptions are what a retarget needs besides the two skeletons.
type RetargetOptions struct {
	// Map renames source bones to target bones (Match).
	Map Map
	// SourceAxes and TargetAxes turn each file's model space into one
	// shared space (render.SceneRoot's upper 3×3), so that a Z-up or
	// left-handed file drives a Y-up right-handed one the right way up.
	SourceAxes, TargetAxes Axes
}

// Retarget plays a clip of one skeleton (the source) on another (the
// target): a player.Sampler of the target's poses, so that whatever
// samples a clip (pose, render, export) plays it.
//
// The rule, per target bone j paired (Match) with source bone i:
//
//   - Rotation: the source bone's model-space turn away from its bind
//     pose, Δ = W_s(i)·B_s(i)⁻¹ (W the model-space rotation now, B in the
//     bind pose), turns the target bone from its own bind pose: W_t(j) =
//     C·Δ·C⁻¹·B_t(j), and the local rotation is W_t(parent)⁻¹·W_t(j). C
//     turns the source's model axes into the target's. The turn is
//     carried in model space rather than as a local delta
//     (B_t·B_s⁻¹·L_s), because rigs of different games give their bones
//     different local axes: a local delta turns a Sims arm about the
//     wrong axis of a Bip01 arm, where the model-space turn is the same
//     for both once both stand in the same bind posture. It also lets a
//     target keep bones the source lacks (a Bip01 Spine1) at their bind
//     pose while the bones below still turn as the source's do.
//   - Translation: the source's local offset from its bind translation,
//     turned from the source parent's bind frame into the target parent's
//     and scaled by Scale, is added to the target's bind translation; so
//     the root carries the walk over and other bones keep the target's
//     lengths.
//   - Scale stays the target's bind scale; visibility is the source's.
//
// A target bone without a pair keeps its bind pose (Unmatched lists
// them). Where a bone and all its ancestors have the same binds and
// parents in both skeletons, and the axes and heights are the same, the
// source's local transform is copied as it is: the same rig gives the
// source's own pose, bit for bit.
type Retarget struct {
	src              player.Sampler
	ss, ts           *formats.Skeleton
	spose            *player.Pose
	pair             Pairing
	exact            []bool
	c, ct            mat3
	sbw, tbw         []mat3 // bind model-space rotations
	sw, tw           []mat3 // scratch: model-space rotations now
	tframe           []mat3 // per target bone: source parent bind frame to target parent's
	scale            float64
	sourceRoot       string
	sHeight, tHeight float64
	unmatchedNames   []string
}

// NewRetarget returns the sampler that plays clip (of skeleton src) on
// skeleton dst. The clip must be valid for src.
func NewRetarget(src *formats.Skeleton, clip *formats.Clip, dst *formats.Skeleton, opt RetargetOptions) *Retarget {
	r := &Retarget{src: player.NewClipSampler(src, clip), ss: src, ts: dst, spose: player.NewPose(src)}
	r.pair = Match(src, dst, opt.Map)
	sa, ta := axesMat(opt.SourceAxes), axesMat(opt.TargetAxes)
	tat := ta.t()
	r.c = tat.mul(&sa)
	r.ct = r.c.t()
	r.sbw, r.sw = bindRotations(src), make([]mat3, len(src.Bones))
	r.tbw, r.tw = bindRotations(dst), make([]mat3, len(dst.Bones))

	// The heights: the source's root (the topmost bone that translates in the
	// clip) and its pair in the target.
	rate := float64(Rate)
	span := Clip{Skeleton: src, Clip: clip}.duration()
	times := sampleTimes(span, &rate, maxWork/max(1, len(src.Bones)), clip)
	root := findRoot(src, newSide(Clip{Skeleton: src, Clip: clip}), times)
	troot := -1
	if root >= 0 {
		r.sourceRoot = src.Bones[root].Name
		troot = r.pair.BOf[root]
	}
	r.sHeight = figureHeight(src, root, sa)
	r.tHeight = figureHeight(dst, troot, ta)
	r.scale = 1
	if r.sHeight > 0 && r.tHeight > 0 && troot >= 0 {
		r.scale = r.tHeight / r.sHeight
	}

	identity := r.c == ident3 && r.scale == 1
	r.exact = make([]bool, len(dst.Bones))
	r.tframe = make([]mat3, len(dst.Bones))
	for j := range dst.Bones {
		i := r.pair.AOf[j]
		if i < 0 {
			continue
		}
		pj, pi := dst.Bones[j].Parent, src.Bones[i].Parent
		sp, tp := ident3, ident3
		if pi >= 0 {
			sp = r.sbw[pi]
		}
		if pj >= 0 {
			tp = r.tbw[pj]
		}
		tpt := tp.t()
		f := tpt.mul(&r.c)
		r.tframe[j] = f.mul(&sp)
		sameParent := (pj < 0 && pi < 0) || (pj >= 0 && pi >= 0 && r.pair.AOf[pj] == pi && r.exact[pj])
		r.exact[j] = identity && sameParent && dst.Bones[j].Bind == src.Bones[i].Bind
	}
	r.unmatchedNames = r.pair.UnmatchedB(dst)
	return r
}

// bindRotations are sk's bones' model-space rotations in the bind pose.
func bindRotations(sk *formats.Skeleton) []mat3 {
	out := make([]mat3, len(sk.Bones))
	for i, b := range sk.Bones {
		l := quatMat(b.Bind.Rotation)
		if p := b.Parent; p >= 0 && p < i {
			out[i] = out[p].mul(&l)
		} else {
			out[i] = l
		}
	}
	return out
}

// figureHeight is the height the root's translation scales by: the root
// bone's height above the lowest bone origin in the bind pose (for a
// figure whose root is its hips, the leg's length, which sets its
// stride), or, when the root is within a hundredth of the lowest (a root
// on the ground) or there is none, the whole bind pose's height. Up is
// the shared space's Y, turned back into the file's axes. A bind pose
// that is a point (LEGO Island's) has no height: NewRetarget then scales
// by 1.
func figureHeight(sk *formats.Skeleton, root int, axes mat3) float64 {
	if len(sk.Bones) == 0 {
		return 0
	}
	pose := player.NewPose(sk)
	w := player.NewWorldPose(sk)
	player.ToWorld(sk, pose, w)
	up := [3]float64{axes[1][0], axes[1][1], axes[1][2]} // row 1: the file's axes' Y components
	h := func(i int) float64 {
		p := w.Position(i)
		return up[0]*float64(p[0]) + up[1]*float64(p[1]) + up[2]*float64(p[2])
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range sk.Bones {
		lo, hi = math.Min(lo, h(i)), math.Max(hi, h(i))
	}
	whole := hi - lo
	if root >= 0 {
		if leg := h(root) - lo; leg > 0.01*whole {
			return leg
		}
	}
	return whole
}

// Duration is the source clip's duration.
func (r *Retarget) Duration() float64 { return r.src.Duration() }

// Scale is the factor the source's translations are scaled by: the
// target's height over the source's (figureHeight).
func (r *Retarget) Scale() float64 { return r.scale }

// Unmatched returns the target's bones that have no source bone and keep
// their bind pose.
func (r *Retarget) Unmatched() []string { return r.unmatchedNames }

// SourceRoot names the source's root bone, whose height sets Scale.
func (r *Retarget) SourceRoot() string { return r.sourceRoot }

// Sample writes the target's pose at time t; p must be sized for the
// target skeleton. It allocates nothing.
func (r *Retarget) Sample(t float64, p *player.Pose) {
	r.src.Sample(t, r.spose)
	for i, b := range r.ss.Bones {
		l := quatMat(r.spose.Local[i].Rotation)
		if pi := b.Parent; pi >= 0 && pi < i {
			r.sw[i] = r.sw[pi].mul(&l)
		} else {
			r.sw[i] = l
		}
	}
	for j, b := range r.ts.Bones {
		i := r.pair.AOf[j]
		pj := b.Parent
		switch {
		case i < 0:
			p.Local[j] = b.Bind
			p.Visible[j] = true
		case r.exact[j]:
			p.Local[j] = r.spose.Local[i]
			p.Visible[j] = r.spose.Visible[i]
		default:
			sbt := r.sbw[i].t()
			delta := r.sw[i].mul(&sbt)
			dt := r.c.mul(&delta)
			dt = dt.mul(&r.ct)
			wt := dt.mul(&r.tbw[j])
			local := wt
			if pj >= 0 && pj < j {
				pt := r.tw[pj].t()
				local = pt.mul(&wt)
			}
			q := matQuat(&local)
			sl, sb := r.spose.Local[i].Translation, r.ss.Bones[i].Bind.Translation
			d := r.tframe[j].apply([3]float64{float64(sl[0] - sb[0]), float64(sl[1] - sb[1]), float64(sl[2] - sb[2])})
			bt := b.Bind.Translation
			p.Local[j] = formats.Transform{
				Translation: mgl32.Vec3{bt[0] + float32(r.scale*d[0]), bt[1] + float32(r.scale*d[1]), bt[2] + float32(r.scale*d[2])},
				Rotation:    q,
				Scale:       b.Bind.Scale,
			}
			p.Visible[j] = r.spose.Visible[i]
		}
		l := quatMat(p.Local[j].Rotation)
		if pj >= 0 && pj < j {
			r.tw[j] = r.tw[pj].mul(&l)
		} else {
			r.tw[j] = l
		}
	}
}

// maxBake bounds the bone poses a baked clip holds (40 bytes each): 40 MB
// at most, however long the clip.
const maxBake = 1 << 20

// Bake samples r into a clip of the target skeleton, for a player that
// plays clips rather than samplers (the window): every bone keyed at the
// source clip's key times and at Rate (lower for a clip of absurd
// length), rotations slerped along the shortest arc between them. At
// those times it is r's pose exactly; between them it differs from r by
// what a slerp over 1/60 s leaves out. name names it.
func (r *Retarget) Bake(name string, src *formats.Clip) *formats.Clip {
	rate := float64(Rate)
	span := Clip{Skeleton: r.ss, Clip: src}.duration()
	n := len(r.ts.Bones)
	times := sampleTimes(span, &rate, maxBake/max(1, n), src)
	c := &formats.Clip{Name: name, Duration: span, FrameRate: src.FrameRate, Loop: src.Loop,
		Interp: formats.InterpShortestArc, Tracks: make([]formats.BoneTracks, n), SharedTimeline: true,
		Info: []formats.KV{{Key: "motion", Value: src.Name}}}
	trans := make([]mgl32.Vec3, n*len(times))
	rots := make([]mgl32.Quat, n*len(times))
	scales := make([]mgl32.Vec3, n*len(times))
	vis := make([]bool, n*len(times))
	p := player.NewPose(r.ts)
	for k, t := range times {
		r.Sample(t, p)
		for j := 0; j < n; j++ {
			at := j*len(times) + k
			l := &p.Local[j]
			trans[at], rots[at], scales[at], vis[at] = l.Translation, l.Rotation, l.Scale, p.Visible[j]
		}
	}
	for j := range c.Tracks {
		lo, hi := j*len(times), (j+1)*len(times)
		tr := &c.Tracks[j]
		tr.Translation = formats.Vec3Track{Times: times, Values: trans[lo:hi:hi]}
		tr.Rotation = formats.QuatTrack{Times: times, Values: rots[lo:hi:hi]}
		tr.Scale = formats.Vec3Track{Times: times, Values: scales[lo:hi:hi]}
		if slices.Contains(vis[lo:hi], false) {
			tr.Visibility = formats.BoolTrack{Times: times, Values: vis[lo:hi:hi]}
		}
	}
	return c
}
