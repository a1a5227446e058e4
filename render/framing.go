package render

import (
	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// Framing rules. A static root whose stick to a child is longer than
// linkRatio times the largest figure hanging under it only carries an
// offset (LEGO Island's scene root node with its actors tens of units
// away): it is left out of framing and the stick is drawn as a faint link.
// A clip travels when its figures' whole extent is travelRatio times their
// extent around the tracked point: a camera should then follow them.
const (
	linkRatio   = 3
	travelRatio = 3
	// staticEps is how far, relative to the stick, a "static" root may
	// move over the clip.
	staticEps = 1e-3
)

// Framing is what a camera needs to frame a clip on its figures rather than
// on the scene's origin. ClipFraming computes it once per clip; the slices
// are per bone.
type Framing struct {
	// Whole is the view-space bounds of the figures' joints over the clip.
	Whole Bounds
	// Around is the same joints' bounds relative to the tracked point
	// (Track) at each moment: the figures' own extent however far they
	// travel, for a camera that follows them.
	Around Bounds
	// Travels says the figures cover much more ground than their own size:
	// a camera should follow them (what "auto" follow chooses).
	Travels bool
	// Scene marks static roots that only place figures far from
	// themselves; their joints are not framed.
	Scene []bool
	// Link marks bones whose stick to their parent is such an offset, to
	// draw faint (Scene.Links).
	Link []bool
	// Anchors are the bones whose mean position a following camera tracks:
	// the figures' top bones, or the first root.
	Anchors []int
}

// ClipFraming samples src at n evenly spaced times (n below 2 counts as 2;
// a nil src is the bind pose) and works out how to frame its figures: which
// roots are scene roots that only carry offsets, the bounds of everything
// else, and whether the figures travel. The viewer's initial framing, its F
// and follow mode, and the render command all frame through this.
func ClipFraming(sk *formats.Skeleton, src player.Sampler, root mgl32.Mat4, n int) Framing {
	var f Framing
	if sk == nil || len(sk.Bones) == 0 {
		return f
	}
	if root == (mgl32.Mat4{}) {
		root = mgl32.Ident4()
	}
	nb := len(sk.Bones)
	pose := player.NewPose(sk)
	world := player.NewWorldPose(sk)
	times := sampleTimes(src, n)
	pos := make([]mgl32.Vec3, nb)
	at := func(t float64) {
		if src != nil {
			src.Sample(t, pose)
		}
		player.ToWorld(sk, pose, world)
		for i := range pos {
			pos[i] = affine(&root, world.Position(i))
		}
	}

	// Pass 1: each bone's own path, each subtree's bounds, each stick's
	// longest length.
	own := make([]Bounds, nb)
	sub := make([]Bounds, nb)
	stick := make([]float32, nb)
	for s := 0; s < times.n; s++ {
		at(times.at(s))
		for i := range sk.Bones {
			own[i].Add(pos[i])
			for a := i; a >= 0 && a < nb; a = parentOf(sk, a) {
				sub[a].Add(pos[i])
			}
			if p := parentOf(sk, i); p >= 0 {
				stick[i] = max(stick[i], pos[i].Sub(pos[p]).Len())
			}
		}
	}
	f.Scene = make([]bool, nb)
	f.Link = make([]bool, nb)
	children := make([][]int, nb)
	for i := range sk.Bones {
		if p := parentOf(sk, i); p >= 0 {
			children[p] = append(children[p], i)
		}
	}
	// Bones are in parent-first order (Skeleton.Validate), so a scene root's
	// parent has been decided before it.
	for i := range sk.Bones {
		p := parentOf(sk, i)
		if p >= 0 && !f.Scene[p] {
			continue
		}
		figure, longest := float32(0), float32(0)
		for _, c := range children[i] {
			figure = max(figure, diag(sub[c]))
			longest = max(longest, stick[c])
		}
		if !(figure > 0) || !(longest > linkRatio*figure) || diag(own[i]) > staticEps*longest {
			continue
		}
		f.Scene[i] = true
		for _, c := range children[i] {
			if stick[c] > linkRatio*figure {
				f.Link[c] = true
			}
		}
	}
	for i := range sk.Bones {
		p := parentOf(sk, i)
		if !f.Scene[i] && (p < 0 || f.Scene[p]) {
			f.Anchors = append(f.Anchors, i)
		}
	}
	if len(f.Anchors) == 0 {
		f.Anchors = []int{0}
	}

	// Pass 2: the figures' bounds, whole and around the tracked point.
	for s := 0; s < times.n; s++ {
		at(times.at(s))
		origin := meanOf(pos, f.Anchors)
		for i, p := range pos {
			if f.Scene[i] {
				continue
			}
			f.Whole.Add(p)
			f.Around.Add(p.Sub(origin))
		}
	}
	f.Travels = f.Around.Valid && diag(f.Whole) > travelRatio*diag(f.Around)
	return f
}

// Track returns the point a following camera looks at for a posed
// skeleton: the mean of the anchors' positions plus the centre of Around.
func (f *Framing) Track(world *player.WorldPose, root mgl32.Mat4) mgl32.Vec3 {
	if root == (mgl32.Mat4{}) {
		root = mgl32.Ident4()
	}
	var sum mgl32.Vec3
	k := 0
	for _, a := range f.Anchors {
		if a >= 0 && a < world.Len() {
			p := affine(&root, world.Position(a))
			if finite3(p) {
				sum = sum.Add(p)
				k++
			}
		}
	}
	if k > 0 {
		sum = sum.Mul(1 / float32(k))
	}
	if f.Around.Valid {
		sum = sum.Add(f.Around.Min.Add(f.Around.Max).Mul(0.5))
	}
	return sum
}

// Aim frames cam on the figures for a viewport of the given width/height
// ratio: on the whole clip, or when follow is set on the figures around the
// tracked point (the caller then puts Track into cam.Target every frame).
func (f *Framing) Aim(cam *Camera, aspect float64, follow bool) {
	b := f.Whole
	if follow && f.Around.Valid {
		b = f.Around
	}
	cam.FrameAspect(b, aspect)
}

// sampling is n evenly spaced times over a duration.
type sampling struct {
	n   int
	dur float64
}

func sampleTimes(src player.Sampler, n int) sampling {
	n = max(n, 2)
	dur := 0.0
	if src != nil {
		dur = src.Duration()
	}
	if !(dur > 0) {
		n = 1
	}
	return sampling{n: n, dur: dur}
}

func (s sampling) at(k int) float64 {
	if s.n <= 1 {
		return 0
	}
	return s.dur * float64(k) / float64(s.n-1)
}

func parentOf(sk *formats.Skeleton, i int) int {
	p := sk.Bones[i].Parent
	if p >= i {
		// Not parent-first: treat as a root rather than loop.
		return -1
	}
	return p
}

func meanOf(pos []mgl32.Vec3, idx []int) mgl32.Vec3 {
	var sum mgl32.Vec3
	k := 0
	for _, i := range idx {
		if i >= 0 && i < len(pos) && finite3(pos[i]) {
			sum = sum.Add(pos[i])
			k++
		}
	}
	if k == 0 {
		return sum
	}
	return sum.Mul(1 / float32(k))
}

func diag(b Bounds) float32 {
	if !b.Valid {
		return 0
	}
	return b.Max.Sub(b.Min).Len()
}

// AddMeshes grows the framing by the meshes' vertices at their reference
// pose, so that a mesh reaching past its joints (or a static model on one
// bone) is framed whole. Around takes them relative to the anchors' bind
// positions.
func (f *Framing) AddMeshes(sk *formats.Skeleton, meshes []*formats.Mesh, root mgl32.Mat4) {
	if sk == nil || len(sk.Bones) == 0 || len(meshes) == 0 {
		return
	}
	if root == (mgl32.Mat4{}) {
		root = mgl32.Ident4()
	}
	world := player.NewWorldPose(sk)
	player.ToWorld(sk, player.NewPose(sk), world)
	pos := make([]mgl32.Vec3, len(sk.Bones))
	for i := range pos {
		pos[i] = affine(&root, world.Position(i))
	}
	anchors := f.Anchors
	if len(anchors) == 0 {
		anchors = []int{0}
	}
	origin := meanOf(pos, anchors)
	for _, m := range meshes {
		if m == nil {
			continue
		}
		for _, p := range m.Positions {
			q := affine(&root, p)
			f.Whole.Add(q)
			f.Around.Add(q.Sub(origin))
		}
	}
}
