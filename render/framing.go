package render

import (
	"math"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// Framing rules. A static root whose stick to a child is longer than
// linkRatio times the largest figure hanging under it only carries an
// offset (LEGO Island's scene root node with its actors tens of units
// away): it is left out of framing and the stick is drawn as a faint link.
// A clip travels when the tracked point's path is longer than travelRatio
// times the figures' size at a moment: a camera should then follow them.
// (Until issue 24 the test compared the whole clip's extent with the
// figures' extent around the tracked point over the clip, three to one:
// a figure that turns as it goes, falling from standing to lying, grew
// that extent and was never followed.)
const (
	linkRatio   = 3
	travelRatio = 2
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
	// Scene marks the joints left out of framing: static roots that only
	// place figures far from themselves (drawn faint, see Link), and still
	// top bones whose figure moves under them (drawn as ever; their
	// moving child is tracked instead).
	Scene []bool
	// Link marks bones whose stick to their parent is such an offset, to
	// draw faint (Scene.Links).
	Link []bool
	// Anchors are the bones whose mean position a following camera tracks:
	// the figures' top bones (or the child a figure moves away from a
	// still top bone with), or the first root.
	Anchors []int

	// visits counts the subtree boxes pass 1 merges, for a test that the
	// work is linear in the bones (issue 35).
	visits int
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
	// Also each subtree's largest extent at one moment, and the nearest
	// and farthest its box comes to its parent's joint.
	own := make([]Bounds, nb)
	sub := make([]Bounds, nb)
	stick := make([]float32, nb)
	cur := make([]Bounds, nb)
	size := make([]float32, nb)
	gap := make([]float32, nb)
	near := make([]float32, nb)
	for i := range near {
		near[i] = float32(math.Inf(1))
	}
	for s := 0; s < times.n; s++ {
		at(times.at(s))
		clear(cur)
		for i := range sk.Bones {
			own[i].Add(pos[i])
			cur[i].Add(pos[i])
			if p := parentOf(sk, i); p >= 0 {
				stick[i] = max(stick[i], pos[i].Sub(pos[p]).Len())
			}
		}
		// Each subtree's box at this moment, children before parents
		// (parentOf is below the bone), so that a bone's box is whole
		// when it joins its parent's: linear in the bones, where adding
		// each joint to every ancestor's box cost the square of a
		// chain's depth (issue 35).
		for i := nb - 1; i >= 0; i-- {
			if p := parentOf(sk, i); p >= 0 {
				cur[p].Union(cur[i])
				f.visits++
			}
		}
		for i := range sk.Bones {
			sub[i].Union(cur[i])
			size[i] = max(size[i], diag(cur[i]))
			if p := parentOf(sk, i); p >= 0 {
				d := distance(pos[p], cur[i])
				gap[i], near[i] = max(gap[i], d), min(near[i], d)
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
	// A top bone that stays put while the figure under it moves away,
	// farther than the figure is big (a Sims ROOT, which the clip leaves
	// at the origin while the PELVIS carries the motion: FreeSO's
	// a2o-trapfall falls 18 units below it), is left out of framing, and
	// that child is tracked instead. Framed with it, a figure falling or
	// walking away from its still root stayed small and was never
	// followed; the stick from the root to that child is drawn faint
	// (Link). A root the figure stays at, or stays away from by the same
	// distance (a Sims ROOT between the feet, the base of a waving arm), is
	// framed as ever.
	for k, a := range f.Anchors {
		if f.Scene[a] || !(diag(sub[a]) > 0) || diag(own[a]) > staticEps*diag(sub[a]) {
			continue
		}
		for _, c := range children[a] {
			if !f.Scene[c] && size[c] > 0 && gap[c]-near[c] > size[c] {
				// Its stick from the still root is drawn faint, as a far
				// scene root's is (a bright ROOT→PELVIS stick read as a
				// broken leg: issue 33).
				f.Link[c] = true
				if f.Anchors[k] == a || size[c] > size[f.Anchors[k]] {
					f.Anchors[k] = c
				}
			}
		}
		if f.Anchors[k] != a {
			f.Scene[a] = true
		}
	}

	// Pass 2: the figures' bounds, whole and around the tracked point;
	// the tracked point's path and the figures' size at a moment.
	var path Bounds
	var figure float32
	for s := 0; s < times.n; s++ {
		at(times.at(s))
		origin := meanOf(pos, f.Anchors)
		path.Add(origin)
		var now Bounds
		for i, p := range pos {
			if f.Scene[i] {
				continue
			}
			f.Whole.Add(p)
			f.Around.Add(p.Sub(origin))
			now.Add(p)
		}
		figure = max(figure, diag(now))
	}
	f.Travels = f.Around.Valid && diag(path) > travelRatio*figure
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

// distance is how far p is from the box b (0 inside it).
func distance(p mgl32.Vec3, b Bounds) float32 {
	if !b.Valid {
		return 0
	}
	var d mgl32.Vec3
	for i := range 3 {
		d[i] = max(b.Min[i]-p[i], 0, p[i]-b.Max[i])
	}
	return d.Len()
}

func diag(b Bounds) float32 {
	if !b.Valid {
		return 0
	}
	return b.Max.Sub(b.Min).Len()
}

// AddMeshes grows the framing by the meshes' vertices at their reference
// pose, so that a mesh reaching past its joints (or a static model on one
// bone, or on none) is framed whole. Around takes them relative to the anchors' bind
// positions.
func (f *Framing) AddMeshes(sk *formats.Skeleton, meshes []*formats.Mesh, root mgl32.Mat4) {
	if sk == nil || len(meshes) == 0 {
		return
	}
	if root == (mgl32.Mat4{}) {
		root = mgl32.Ident4()
	}
	// A model without bones (a Prime CMDL opened alone) is framed about
	// the origin.
	var origin mgl32.Vec3
	if len(sk.Bones) > 0 {
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
		origin = meanOf(pos, anchors)
	}
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
