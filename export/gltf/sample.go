package gltf

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl64"
)

// Sampling limits.
const (
	// relTol is the largest distance, as a fraction of the figure's size,
	// by which glTF's interpolation between two keys may miss a joint's
	// world position at their midpoint before the interval is split. The
	// round trip promises 1e-4; this leaves room for float32 keys.
	relTol = 1e-5
	// maxDepth bounds the splits of one base interval: a jump (a step flag
	// inside a channel that otherwise interpolates) is cornered to 1/2^16
	// of a frame, a ramp no importer shows.
	maxDepth = 16
	// minSpan keeps split times apart in float32 seconds.
	minSpan = 1e-6
	// maxKeys bounds the samples of one take, whatever its source.
	maxKeys = 1 << 20
	// The export's budget (README, "What you can rely on"): a take may be
	// sampled at its base grid (its frames, at most maxGridRate a second,
	// and its key times), plus keyFactor times per source key time and
	// keyAllowance more, and one file's takes
	// together at most maxBoneSamples samples × bones (about 90 bytes
	// each, some 380 MB), which is checked before a grid is allocated.
	// Damaged keys that no number of splits can follow (a key far out of
	// range, noise the game's rule turns into spins) meet the first bound
	// and are an error that names the take, the bone and the span. 64 a
	// key time leaves real files room: a public MilkShape ninja
	// (h3d-ninja.ms3d, 300 frames, 4,215 keys) needs more than 8 around
	// its root's turns and exports in 5,101 keys.
	keyFactor      = 64
	maxGridRate    = 1000
	keyAllowance   = 4096
	maxBoneSamples = 1 << 22
)

// channel indexes a bone's translation, rotation and scale.
const (
	chT = iota
	chR
	chS
	nCh
)

// sampled is a take sampled on its final grid, in glTF's coordinates.
type sampled struct {
	times []float64
	local [][]trs  // per time, per bone
	vis   [][]bool // per time, per bone
	// step marks the channels (bone*nCh + ch) that only ever step: they
	// hold each value until the next grid time (glTF STEP).
	step []bool
	// hides marks the bones that are invisible at some time.
	hides []bool
}

// sampler turns a take into a sampled grid.
type sampler struct {
	sk   *formats.Skeleton
	conv *Conversion
	src  player.Sampler
	pose *player.Pose
	tol  float64
	// size is the figure's size that tol was made from.
	size float64
	// scratch world matrices for the midpoint test
	wTrue, wFit []mgl64.Mat4
	fit         []trs
	out         sampled
	// blocks that sampleAt cuts its slices from
	slabT []trs
	slabV []bool
	// err is the first non-finite pose met: sampling stops at it, since
	// no key could ever fit a NaN and every interval would be split to
	// maxDepth.
	err error
	// budget is what is left of the file's bone samples (see
	// maxBoneSamples), and keyBudget the samples this take may still
	// take.
	budget    *int
	keyBudget int
	// missBone and miss are the bone and the distance of the last failed
	// fit (near).
	missBone int
	miss     float64
	// blender also checks rotations as Blender's importer plays them, a
	// normalised component-wise lerp (ForBlender).
	blender bool
}

// sampleAt samples the source at t into converted locals and visibility.
// The slices are cut from larger blocks: a take holds thousands of them.
func (s *sampler) sampleAt(t float64) ([]trs, []bool) {
	s.src.Sample(t, s.pose)
	n := len(s.sk.Bones)
	s.keyBudget--
	*s.budget -= max(n, 1)
	if len(s.slabT) < n {
		s.slabT = make([]trs, 64*n)
		s.slabV = make([]bool, 64*n)
	}
	loc, vis := s.slabT[:n:n], s.slabV[:n:n]
	s.slabT, s.slabV = s.slabT[n:], s.slabV[n:]
	for i := 0; i < n; i++ {
		loc[i] = s.conv.Transform(&s.pose.Local[i])
		vis[i] = s.pose.Visible[i]
		if s.err == nil && !finiteLocal(&s.pose.Local[i]) {
			s.err = fmt.Errorf("the pose at %v s has a non-finite value at bone %d (%q): %w", t, i, s.sk.Bones[i].Name, formats.ErrNonFinite)
		}
	}
	nodeLocals(s.sk, loc)
	return loc, vis
}

// nodeLocals turns converted locals into the transforms the bone nodes
// carry. For a skeleton that composes by matrix product they are the
// same. For Echoes' rule (formats.ComposePrime2,
// docs/formats/gltf-export.md#echoes-scale) a child's translation is
// premultiplied by its parent's local scale, and the bone node itself
// carries no scale: its S stays in the trs for the bone's scale helper,
// and nodeMat leaves it out. The basis is a signed permutation, so the
// component-wise product commutes with the conversion.
func nodeLocals(sk *formats.Skeleton, loc []trs) {
	if sk.Compose != formats.ComposePrime2 {
		return
	}
	for i := range sk.Bones {
		if p := sk.Bones[i].Parent; p >= 0 {
			ps := &loc[p].S
			loc[i].T = mgl64.Vec3{loc[i].T[0] * ps[0], loc[i].T[1] * ps[1], loc[i].T[2] * ps[2]}
		}
	}
}

// baseGrid returns the take's frame times and key times within
// [0, duration], sorted and distinct as float32 (glTF's key times must
// strictly increase).
func baseGrid(tk *Take, dur float64) []float64 {
	ts := []float64{0, dur}
	rate := tk.FrameRate
	keyTimes := tk.KeyTimes
	if tk.BakeRate > 0 {
		// A uniform bake: the frames alone.
		rate, keyTimes = tk.BakeRate, nil
	}
	if math.IsInf(rate, 0) {
		rate = 0
	}
	if !(rate > 0) && len(keyTimes) == 0 {
		rate = DefaultRate
	}
	// Every key time is on the grid whatever the rate; frames beyond
	// maxGridRate (a damaged frame interval) would only cost samples.
	rate = min(rate, maxGridRate)
	if rate > 0 && dur > 0 {
		// A take too long for the grid gets one frame more than
		// maxKeys, which sampleTake refuses (a float beyond int's range
		// would convert to anything).
		n := maxKeys + 1
		if f := math.Floor(dur*rate + 1e-6); f <= maxKeys {
			n = int(f)
		}
		for k := 1; k <= n; k++ {
			ts = append(ts, math.Min(float64(k)/rate, dur))
		}
	}
	for _, t := range keyTimes {
		if t > 0 && t < dur {
			ts = append(ts, t)
		}
	}
	slices.Sort(ts)
	out := ts[:1]
	for _, t := range ts[1:] {
		if float32(t) > float32(out[len(out)-1]) && t-out[len(out)-1] >= minSpan {
			out = append(out, t)
		}
	}
	// The last time is the duration itself, even where a frame landed a
	// hair before it.
	if dur > 0 && out[len(out)-1] != dur {
		if float32(dur)-float32(out[len(out)-1]) <= 0 || dur-out[len(out)-1] < minSpan {
			out[len(out)-1] = dur
		} else {
			out = append(out, dur)
		}
	}
	return out
}

// ErrBudget is wrapped by the error of an export over its budget
// (maxBoneSamples, keyFactor, keyAllowance).
var ErrBudget = errors.New("over the export's budget")

// newBudget returns a file's budget of bone samples.
func newBudget() *int {
	b := maxBoneSamples
	return &b
}

// sampleTake samples a take on its base grid, decides which channels step,
// and splits intervals until glTF's interpolation matches the player
// within relTol of size (the figure's size in converted units). budget is
// what is left of the file's bone samples; it is spent.
func sampleTake(sk *formats.Skeleton, conv *Conversion, tk *Take, size float64, budget *int) (*sampled, error) {
	tol := relTol * size
	dur := tk.Source.Duration()
	if math.IsNaN(dur) || math.IsInf(dur, 0) || dur < 0 {
		return nil, fmt.Errorf("export: take %q: duration %v", tk.Name, dur)
	}
	n := len(sk.Bones)
	base := baseGrid(tk, dur)
	// The base grid and its midpoints are sampled before any split: their
	// memory is checked before it is taken.
	if need := 2 * len(base) * max(n, 1); len(base) > maxKeys || need > *budget {
		return nil, fmt.Errorf("export: take %q: %v s at %v frames a second with %d key times makes a grid of %d times for %d bones, %d bone samples, and the file has %d left of its %d: %w",
			tk.Name, dur, tk.FrameRate, len(tk.KeyTimes), len(base), n, need, max(*budget, 0), maxBoneSamples, ErrBudget)
	}
	s := &sampler{sk: sk, conv: conv, src: tk.Source, pose: player.NewPose(sk), tol: tol, size: size,
		wTrue: make([]mgl64.Mat4, n), wFit: make([]mgl64.Mat4, n), fit: make([]trs, n),
		budget: budget, keyBudget: min(len(base)+keyFactor*sourceKeys(tk, len(base))+keyAllowance, maxKeys), missBone: -1,
		blender: tk.For == ForBlender}
	allowed := s.keyBudget
	type point struct {
		loc []trs
		vis []bool
	}
	pts := make([]point, len(base))
	for i, t := range base {
		pts[i].loc, pts[i].vis = s.sampleAt(t)
	}
	if s.err != nil {
		return nil, fmt.Errorf("export: take %q: %w", tk.Name, s.err)
	}
	mids := make([]point, len(base)-1)
	step := make([]bool, n*nCh)
	for i := range step {
		step[i] = true
	}
	for i := range mids {
		mids[i].loc, mids[i].vis = s.sampleAt((base[i] + base[i+1]) / 2)
		a, m := pts[i].loc, mids[i].loc
		for b := 0; b < n; b++ {
			step[b*nCh+chT] = step[b*nCh+chT] && a[b].T == m[b].T
			step[b*nCh+chR] = step[b*nCh+chR] && a[b].R == m[b].R
			step[b*nCh+chS] = step[b*nCh+chS] && a[b].S == m[b].S
		}
	}
	if s.err != nil {
		return nil, fmt.Errorf("export: take %q: %w", tk.Name, s.err)
	}
	out := &s.out
	out.step = step
	out.hides = make([]bool, n)
	add := func(t float64, loc []trs, vis []bool) {
		out.times = append(out.times, t)
		out.local = append(out.local, loc)
		out.vis = append(out.vis, vis)
		for b, v := range vis {
			if !v {
				out.hides[b] = true
			}
		}
	}
	// The base interval that took the most splits, for the error of a
	// take over its budget.
	worst := struct {
		i, keys, bone int
		miss          float64
	}{i: -1}
	for i := range mids {
		add(base[i], pts[i].loc, pts[i].vis)
		if tk.BakeRate > 0 {
			// A uniform bake is not split.
			continue
		}
		before := s.keyBudget
		err := s.refine(base[i], base[i+1], pts[i].loc, pts[i+1].loc, mids[i].loc, mids[i].vis, 0, add)
		if k := before - s.keyBudget; k > worst.keys {
			worst.i, worst.keys, worst.bone, worst.miss = i, k, s.missBone, s.miss
		}
		if errors.Is(err, ErrBudget) {
			return nil, budgetError(tk, sk, allowed, len(base), base[worst.i], base[worst.i+1], worst.keys, worst.bone, worst.miss/size, err)
		}
		if err != nil {
			return nil, fmt.Errorf("export: take %q: %w", tk.Name, err)
		}
	}
	last := len(base) - 1
	add(base[last], pts[last].loc, pts[last].vis)
	return out, nil
}

// refine emits the split times of [a, b] (exclusive), given the samples at
// a and b and at their midpoint.
func (s *sampler) refine(a, b float64, la, lb, lm []trs, vm []bool, depth int, add func(float64, []trs, []bool)) error {
	if s.err != nil {
		return s.err
	}
	if s.fits(la, lb, lm) || depth >= maxDepth || b-a < 2*minSpan {
		return s.err
	}
	if s.keyBudget < 2 {
		return fmt.Errorf("the take is %w", ErrBudget)
	}
	if *s.budget < 2*len(s.sk.Bones) {
		return fmt.Errorf("the file is %w of %d bone samples", ErrBudget, maxBoneSamples)
	}
	m := (a + b) / 2
	if !(float32(a) < float32(m) && float32(m) < float32(b)) {
		return nil
	}
	l1, v1 := s.sampleAt((a + m) / 2)
	if err := s.refine(a, m, la, lm, l1, v1, depth+1, add); err != nil {
		return err
	}
	add(m, lm, vm)
	l2, v2 := s.sampleAt((m + b) / 2)
	return s.refine(m, b, lm, lb, l2, v2, depth+1, add)
}

// fits reports whether glTF's evaluation halfway between keys la and lb
// puts every joint within tol of the player's pose lm. Rotations are
// checked as the specification's slerp (three.js, most engines) and, for
// Blender (s.blender), as a normalised component-wise lerp too (Blender's
// importer turns keys into per-component curves), so the keys play alike
// in both.
func (s *sampler) fits(la, lb, lm []trs) bool {
	step := s.out.step
	for i := range s.fit {
		f := &s.fit[i]
		if step[i*nCh+chT] {
			f.T = la[i].T
		} else {
			f.T = la[i].T.Add(lb[i].T).Mul(0.5)
		}
		if step[i*nCh+chR] {
			f.R = la[i].R
		} else {
			f.R = slerpGLTF(la[i].R, lb[i].R, 0.5)
		}
		if step[i*nCh+chS] {
			f.S = la[i].S
		} else {
			f.S = la[i].S.Add(lb[i].S).Mul(0.5)
		}
	}
	worldOf(s.sk, lm, s.wTrue)
	if !s.near() {
		return false
	}
	// A bone's own turn reaches no joint where nothing hangs below it (a
	// leaf, or an ANIM's bones without their CINF), but it turns the
	// stick and the mesh the bone carries: it must fit on its own, as if
	// at the figure's size (Prime's slerp the long way round).
	for i := range s.fit {
		if !step[i*nCh+chR] && angleBetween(s.fit[i].R, lm[i].R)*s.size > s.tol {
			s.missBone, s.miss = i, angleBetween(s.fit[i].R, lm[i].R)*s.size
			return false
		}
	}
	// Under Echoes' rule a bone's own scale reaches no other joint, only
	// its scale helper: it must fit on its own, within the tolerance at
	// the figure's size.
	if s.sk.Compose == formats.ComposePrime2 {
		for i := range s.fit {
			if d := s.fit[i].S.Sub(lm[i].S).Len(); !(d*s.size <= s.tol) {
				return false
			}
		}
	}
	if !s.blender {
		return true
	}
	// Normalised lerp and slerp agree at the midpoint and part most near
	// a quarter: there, the slerp pose stands in for the player's (it
	// matched at the midpoint) and the lerp pose must stay within tol.
	anyR := false
	for i := range s.fit {
		s.fit[i].T = la[i].T.Mul(0.75).Add(lb[i].T.Mul(0.25))
		s.fit[i].S = la[i].S.Mul(0.75).Add(lb[i].S.Mul(0.25))
		if step[i*nCh+chR] {
			s.fit[i].R = la[i].R
		} else {
			anyR = true
			s.fit[i].R = slerpGLTF(la[i].R, lb[i].R, 0.25)
		}
	}
	if !anyR {
		return true
	}
	worldOf(s.sk, s.fit, s.wTrue)
	for i := range s.fit {
		if !step[i*nCh+chR] {
			s.fit[i].R = nlerpContinuous(la[i].R, lb[i].R, 0.25)
		}
	}
	return s.near()
}

// near reports whether the world pose of s.fit is within tol of s.wTrue.
// A world position that is not finite (finite locals whose product
// overflows) records s.err and reports a fit, so that nothing is split
// further.
func (s *sampler) near() bool {
	worldOf(s.sk, s.fit, s.wFit)
	for i := range s.wTrue {
		d := mgl64.Vec3{s.wTrue[i][12] - s.wFit[i][12], s.wTrue[i][13] - s.wFit[i][13], s.wTrue[i][14] - s.wFit[i][14]}
		if !(d.Len() <= s.tol) {
			s.missBone, s.miss = i, d.Len()
			if w := (mgl64.Vec3{s.wTrue[i][12], s.wTrue[i][13], s.wTrue[i][14]}); !finite64(w[0]) || !finite64(w[1]) || !finite64(w[2]) {
				if s.err == nil {
					s.err = fmt.Errorf("bone %d (%q): world position %v: %w", i, s.sk.Bones[i].Name, w, formats.ErrNonFinite)
				}
				return true
			}
			return false
		}
	}
	return true
}

// sourceKeys is the number of key times a take's source holds (those of
// its clip), or for a take without them (a meta-animation tree) its base
// grid's count.
func sourceKeys(tk *Take, base int) int {
	if len(tk.KeyTimes) == 0 {
		return base
	}
	return min(len(tk.KeyTimes), base)
}

// budgetError is the error of a take whose splits ran over its budget:
// it names the take, the base interval [a, b] that took the most splits
// and the bone whose world position glTF's interpolation still missed
// there (miss, as a fraction of the figure's size).
func budgetError(tk *Take, sk *formats.Skeleton, allowed, base int, a, b float64, keys, bone int, miss float64, err error) error {
	who := "the pose"
	if bone >= 0 && bone < len(sk.Bones) {
		who = fmt.Sprintf("bone %d (%q)", bone, sk.Bones[bone].Name)
	}
	return fmt.Errorf("export: take %q: between %.6g s and %.6g s the splitting does not converge: "+
		"%s is still %.3g of the figure's size from the game's pose after %d splits (tolerance %g); "+
		"the take may have %d samples (its %d frames and key times, %d per source key, and %d): %w",
		tk.Name, a, b, who, miss, keys, relTol, allowed, base, keyFactor, keyAllowance, err)
}

func finite64(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// finiteLocal reports whether every component of a player's local
// transform is a finite number (checked before the conversion, whose unit
// quaternion would turn a NaN rotation into the identity).
func finiteLocal(t *formats.Transform) bool {
	for _, v := range [...]float32{t.Translation[0], t.Translation[1], t.Translation[2],
		t.Rotation.W, t.Rotation.V[0], t.Rotation.V[1], t.Rotation.V[2], t.Scale[0], t.Scale[1], t.Scale[2]} {
		if !finite64(float64(v)) {
			return false
		}
	}
	return true
}

// nlerpContinuous is a normalised component-wise lerp after turning b to
// a's side, as the keys are written (see continuous).
func nlerpContinuous(a, b mgl64.Quat, f float64) mgl64.Quat {
	if a.Dot(b) < 0 {
		b = b.Scale(-1)
	}
	return unit(mgl64.Quat{W: a.W + (b.W-a.W)*f, V: a.V.Add(b.V.Sub(a.V).Mul(f))})
}

// worldOf composes node locals (nodeLocals) into the bone nodes' world
// matrices, as glTF's node hierarchy does: for Echoes' rule the bone
// nodes carry no scale, so these are T(P)·R, the joints' positions and
// turns without their own scale (jointWorld adds it).
func worldOf(sk *formats.Skeleton, loc []trs, w []mgl64.Mat4) {
	noScale := sk.Compose == formats.ComposePrime2
	for i := range sk.Bones {
		m := loc[i].mat()
		if noScale {
			m = loc[i].matNoScale()
		}
		if p := sk.Bones[i].Parent; p >= 0 {
			mulAffine(&w[p], &m, &w[i])
		} else {
			w[i] = m
		}
	}
}

// mulAffine writes a·b for matrices whose last row is (0, 0, 0, 1), as
// every bone matrix is.
func mulAffine(a, b, o *mgl64.Mat4) {
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

// slerpGLTF is the glTF 2.0 specification's spherical interpolation of
// unit quaternions: along the shorter arc, linear when the keys nearly
// coincide.
func slerpGLTF(a, b mgl64.Quat, f float64) mgl64.Quat {
	d := a.Dot(b)
	if d < 0 {
		b, d = b.Scale(-1), -d
	}
	if d > 0.9995 {
		return unit(mgl64.Quat{W: a.W + (b.W-a.W)*f, V: a.V.Add(b.V.Sub(a.V).Mul(f))})
	}
	th := math.Acos(math.Min(d, 1))
	sn := math.Sin(th)
	wa, wb := math.Sin((1-f)*th)/sn, math.Sin(f*th)/sn
	return mgl64.Quat{W: a.W*wa + b.W*wb, V: a.V.Mul(wa).Add(b.V.Mul(wb))}
}
