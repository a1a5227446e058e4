package player

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// treeSkeleton is a root with two children: "arm" binds at (0, 2, 0),
// "leg" at (0, -1, 0).
func treeSkeleton() *formats.Skeleton {
	id := formats.Identity()
	arm, leg := id, id
	arm.Translation = mgl32.Vec3{0, 2, 0}
	leg.Translation = mgl32.Vec3{0, -1, 0}
	return &formats.Skeleton{Bones: []formats.Bone{
		{ID: 0, Name: "root", Parent: -1, Bind: id},
		{ID: 1, Name: "arm", Parent: 0, Bind: arm},
		{ID: 2, Name: "leg", Parent: 0, Bind: leg},
	}}
}

// constClip holds the root at rotation rot (degrees about Z) and
// translation tr for its whole duration; legT, when set, gives "leg" a
// translation track too.
func constClip(name string, dur float64, interp formats.Interp, rot float64, tr mgl32.Vec3, legT *mgl32.Vec3) *formats.Clip {
	c := &formats.Clip{Name: name, Duration: dur, Interp: interp, Loop: true, Tracks: make([]formats.BoneTracks, 3)}
	c.Tracks[0].Rotation = formats.QuatTrack{Times: []float64{0}, Values: []mgl32.Quat{quatZ(rot)}}
	c.Tracks[0].Translation = formats.Vec3Track{Times: []float64{0}, Values: []mgl32.Vec3{tr}}
	if legT != nil {
		c.Tracks[2].Translation = formats.Vec3Track{Times: []float64{0}, Values: []mgl32.Vec3{*legT}}
	}
	return c
}

// rampClip moves the root's translation linearly: axis component = clip
// time, so a pose tells the clip time it was sampled at.
func rampClip(name string, dur float64, axis int) *formats.Clip {
	c := &formats.Clip{Name: name, Duration: dur, Loop: true, Tracks: make([]formats.BoneTracks, 3)}
	var end mgl32.Vec3
	end[axis] = float32(dur)
	c.Tracks[0].Translation = formats.Vec3Track{Times: []float64{0, dur}, Values: []mgl32.Vec3{{}, end}}
	return c
}

func play(clip, prim int, name string) *formats.MetaAnim {
	return &formats.MetaAnim{Kind: formats.MetaPlay, Clip: clip, Prim: uint32(prim), Name: name}
}

// setAsset wraps clips and named trees into an asset with an animation set.
func setAsset(clips []*formats.Clip, anims ...formats.SetAnim) *formats.Asset {
	return &formats.Asset{
		Format:   "test",
		Skeleton: treeSkeleton(),
		Clips:    clips,
		AnimSet:  &formats.AnimSet{Animations: anims, DefaultTransition: formats.MetaTrans{Kind: formats.MetaTransSnap}},
	}
}

func mustBuild(t *testing.T, a *formats.Asset, i int, o Options) Source {
	t.Helper()
	s, err := BuildAnim(a, i, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func rootT(s Sampler, t float64) mgl32.Vec3 {
	p := NewPose(treeSkeleton())
	s.Sample(t, p)
	return p.Local[0].Translation
}

// TestBlendEndsEqualChildren: a weight of 0 gives child A and 1 gives
// child B, bone for bone, under every rule (design.md invariant).
func TestBlendEndsEqualChildren(t *testing.T) {
	sk := treeSkeleton()
	leg := mgl32.Vec3{5, 0, 0}
	for _, rule := range []BlendRule{BlendShortest, BlendPrime, BlendPrime2} {
		ca := constClip("a", 1, formats.InterpPrime, 10, mgl32.Vec3{1, 0, 0}, &leg)
		cb := constClip("b", 2, formats.InterpPrime, 100, mgl32.Vec3{0, 2, 0}, nil)
		pa, pb, got := NewPose(sk), NewPose(sk), NewPose(sk)
		NewClipSampler(sk, ca).Sample(0.5, pa)
		NewClipSampler(sk, cb).Sample(0.5, pb)
		for _, w := range []float32{0, 1} {
			bl := NewBlend(sk, NewClipSource(sk, ca, 0, 0, 0), NewClipSource(sk, cb, 1, 0, 1), w, rule)
			bl.Sample(0.5, got)
			want := pa
			if w == 1 {
				want = pb
			}
			for i := range sk.Bones {
				if got.Local[i] != want.Local[i] {
					t.Errorf("%v w=%v bone %d: got %+v want %+v", rule, w, i, got.Local[i], want.Local[i])
				}
			}
		}
	}
}

// TestBlendHandWorked blends two known poses at w = 0.3 (the Blend rule,
// docs/formats/metroid-prime.md#blend-rules-per-game). Root: 0° and 90° about Z give 27° about Z, q = (cos 13.5°, 0, 0,
// sin 13.5°) = (0.972370, 0, 0, 0.233445); translations (1, 0, 0) and
// (0, 2, 0) give (0.7, 0.6, 0). "leg" has a translation (5, 0, 0) in A
// only: MP1 takes the bind offset (0, -1, 0) (VHasOffset is A && B), MP2
// lerps A's against B's bind offset: (3.5, -0.3, 0). B's root rotation is
// given negated (-q, the same rotation): SlerpLocal flips it back, so the
// result is the same 27°.
func TestBlendHandWorked(t *testing.T) {
	sk := treeSkeleton()
	leg := mgl32.Vec3{5, 0, 0}
	want27 := mgl32.Quat{W: 0.9723699, V: mgl32.Vec3{0, 0, 0.2334454}}
	cases := []struct {
		rule   BlendRule
		interp formats.Interp
		neg    bool
		leg    mgl32.Vec3
		eps    float32
	}{
		{BlendPrime, formats.InterpPrime, false, mgl32.Vec3{0, -1, 0}, 2e-4},
		{BlendPrime, formats.InterpPrime, true, mgl32.Vec3{0, -1, 0}, 2e-4},
		{BlendPrime2, formats.InterpPrime2, true, mgl32.Vec3{3.5, -0.3, 0}, 1e-5},
		{BlendShortest, formats.InterpShortestArc, true, mgl32.Vec3{3.5, -0.3, 0}, 1e-5},
	}
	for _, c := range cases {
		ca := constClip("a", 1, c.interp, 0, mgl32.Vec3{1, 0, 0}, &leg)
		cb := constClip("b", 1, c.interp, 90, mgl32.Vec3{0, 2, 0}, nil)
		if c.neg {
			cb.Tracks[0].Rotation.Values[0] = quatZ(90).Scale(-1)
		}
		p := NewPose(sk)
		NewBlend(sk, NewClipSource(sk, ca, 0, 0, 0), NewClipSource(sk, cb, 1, 0, 0), 0.3, c.rule).Sample(0.25, p)
		if !quatNear(p.Local[0].Rotation, want27, c.eps) {
			t.Errorf("%v neg=%v: root rotation %v, want %v", c.rule, c.neg, p.Local[0].Rotation, want27)
		}
		if !vecNear(p.Local[0].Translation, mgl32.Vec3{0.7, 0.6, 0}, 1e-6) {
			t.Errorf("%v: root translation %v", c.rule, p.Local[0].Translation)
		}
		if !vecNear(p.Local[2].Translation, c.leg, 1e-6) {
			t.Errorf("%v: leg translation %v, want %v", c.rule, p.Local[2].Translation, c.leg)
		}
		if p.Local[1].Translation != (mgl32.Vec3{0, 2, 0}) {
			t.Errorf("%v: arm translation %v, want its bind offset", c.rule, p.Local[1].Translation)
		}
	}
}

// TestBlendPrimeSnaps: Metroid Prime's tween stops blending below 1e-4
// (A exactly) and from 1 up (B exactly), where a slerp would not give the
// children bit for bit.
func TestBlendPrimeSnaps(t *testing.T) {
	sk := treeSkeleton()
	ca := constClip("a", 1, formats.InterpPrime, 10, mgl32.Vec3{1, 0, 0}, nil)
	cb := constClip("b", 1, formats.InterpPrime, 80, mgl32.Vec3{0, 2, 0}, nil)
	p := NewPose(sk)
	NewBlend(sk, NewClipSource(sk, ca, 0, 0, 0), NewClipSource(sk, cb, 1, 0, 0), 0.99e-4, BlendPrime).Sample(0, p)
	if p.Local[0].Rotation != quatZ(10) {
		t.Errorf("w below 1e-4: %v, want A's %v", p.Local[0].Rotation, quatZ(10))
	}
	NewBlend(sk, NewClipSource(sk, ca, 0, 0, 0), NewClipSource(sk, cb, 1, 0, 0), 1.5, BlendPrime).Sample(0, p)
	if p.Local[0].Rotation != quatZ(80) {
		t.Errorf("w above 1: %v, want B's", p.Local[0].Rotation)
	}
}

// TestBuildEquivalent: CQuaternion::BuildEquivalent is the same rotation
// from the other hemisphere, -q up to rounding, and (-1, 0, 0, 0) for the
// identity.
func TestBuildEquivalent(t *testing.T) {
	for _, deg := range []float64{1, 30, 90, 179, 250} {
		q := mgl32.QuatRotate(float32(deg*math.Pi/180), mgl32.Vec3{1, 2, 3}.Normalize())
		if got := buildEquivalent(q); !quatNear(got, q.Scale(-1), 1e-6) {
			t.Errorf("%v°: %v, want %v", deg, got, q.Scale(-1))
		}
	}
	if got := buildEquivalent(mgl32.QuatIdent()); got != (mgl32.Quat{W: -1}) {
		t.Errorf("identity: %v", got)
	}
}

// TestPhaseBlend: durations 1 and 2 at weight 0.25 give a common pass of
// 1 + (2 - 1)·0.25 = 1.25 (CMetaAnimPhaseBlend); A runs at 1/1.25 = 0.8,
// B at 2/1.25 = 1.6. Halfway, t = 0.625, A is at 0.5 and B at 1.0, so the
// root is 0.75·(0.5, 0, 0) + 0.25·(0, 1, 0) = (0.375, 0.25, 0).
func TestPhaseBlend(t *testing.T) {
	a := setAsset([]*formats.Clip{rampClip("a", 1, 0), rampClip("b", 2, 1)}, formats.SetAnim{Name: "walk-run",
		Tree: &formats.MetaAnim{Kind: formats.MetaPhaseBlend, Weight: 0.25, Children: []*formats.MetaAnim{play(0, 0, "a"), play(1, 1, "b")}}})
	s := mustBuild(t, a, 0, Options{})
	if d := s.Duration(); math.Abs(d-1.25) > 1e-12 {
		t.Errorf("duration %v, want 1.25", d)
	}
	if got := rootT(s, 0.625); !vecNear(got, mgl32.Vec3{0.375, 0.25, 0}, 1e-6) {
		t.Errorf("halfway: %v", got)
	}
	// Weight 1: the pass is B's own, and B plays at its own rate.
	s = mustBuild(t, a, 0, Options{Weights: map[*formats.MetaAnim]float32{a.AnimSet.Animations[0].Tree: 1}})
	if d := s.Duration(); math.Abs(d-2) > 1e-12 {
		t.Errorf("weight 1: duration %v, want 2", d)
	}
	if got := rootT(s, 0.5); !vecNear(got, mgl32.Vec3{0, 0.5, 0}, 1e-6) {
		t.Errorf("weight 1 at 0.5: %v", got)
	}
	// SetWeight at run time moves the common pass too.
	s.(*PhaseBlend).SetWeight(0)
	if d := s.Duration(); math.Abs(d-1) > 1e-12 {
		t.Errorf("SetWeight(0): duration %v", d)
	}
}

// TestPlayStartAndLoop: a Play starts at its start time, shows the last
// frame at the end of each pass, and wraps after.
func TestPlayStartAndLoop(t *testing.T) {
	sk := treeSkeleton()
	c := NewClipSource(sk, rampClip("a", 2, 0), 0, 0.5, 0)
	cases := []struct{ t, x float64 }{{0, 0.5}, {1, 1.5}, {1.5, 2}, {1.75, 0.25}, {3.5, 2}, {3.6, 0.1}}
	for _, cs := range cases {
		if got := rootT(c, cs.t); !near(got[0], float32(cs.x), 1e-6) {
			t.Errorf("t=%v: clip at %v, want %v", cs.t, got[0], cs.x)
		}
	}
	if r := c.Remaining(0); r != 1.5 {
		t.Errorf("remaining at 0: %v", r)
	}
	clk := NewClock(c)
	clk.SetTime(1)
	clk.Advance(0.75)
	if clk.Time() != 1.75 {
		t.Errorf("clock %v", clk.Time())
	}
}

func evTimes(evs []TreeEvent) []float64 {
	var out []float64
	for _, e := range evs {
		out = append(out, math.Round(e.Time*1e9)/1e9)
	}
	return out
}

func sameTimes(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-9 {
			return false
		}
	}
	return true
}

// seqAsset is a Sequence of "a" (1 s, event at 0.5) and "b" (2 s, event at
// 1.0) whose join a→b is a 0.5 s Trans; b→a is left to the default (Snap).
func seqAsset(transDur float64) *formats.Asset {
	ca, cb := rampClip("a", 1, 0), rampClip("b", 2, 1)
	ca.Events = []formats.Event{{Time: 0.5, Name: "step", Kind: formats.EventUser, Bone: -1}}
	cb.Events = []formats.Event{{Time: 1.0, Name: "land", Kind: formats.EventUser, Bone: -1}}
	a := setAsset([]*formats.Clip{ca, cb}, formats.SetAnim{Name: "combo",
		Tree: &formats.MetaAnim{Kind: formats.MetaSequence, Children: []*formats.MetaAnim{play(0, 10, "a"), play(1, 11, "b")}}})
	a.AnimSet.Transitions = []formats.Transition{{From: 10, To: 11, Trans: formats.MetaTrans{Kind: formats.MetaTransTrans, Duration: transDur}}}
	return a
}

// TestSequence: the duration is d0 + max(T, d1) (CSequenceHelper::
// ComputeSequenceFundamentals) = 1 + max(0.5, 2) = 3; events are offset by
// the time before their child: 0.5 and 1 + 1.0 = 2.0, then the next pass
// (joined b→a by Snap, 1 + 2 = 3 long) at 3.5 and 5.0. Mid-join, t = 1.25,
// A holds its last frame (x = 1) and B is at 0.25 with weight 0.5:
// (0.5, 0.125, 0).
func TestSequence(t *testing.T) {
	s := mustBuild(t, seqAsset(0.5), 0, Options{})
	if d := s.Duration(); d != 3 {
		t.Errorf("duration %v, want 3", d)
	}
	if got := evTimes(s.Events(0, 6, nil)); !sameTimes(got, []float64{0.5, 2, 3.5, 5}) {
		t.Errorf("events %v", got)
	}
	if got := evTimes(s.Events(1.9, 3.6, nil)); !sameTimes(got, []float64{2, 3.5}) {
		t.Errorf("events in (1.9, 3.6]: %v", got)
	}
	if got := rootT(s, 1.25); !vecNear(got, mgl32.Vec3{0.5, 0.125, 0}, 1e-6) {
		t.Errorf("mid-join: %v", got)
	}
	if got := rootT(s, 2.5); !vecNear(got, mgl32.Vec3{0, 1.5, 0}, 1e-6) {
		t.Errorf("b alone: %v", got)
	}
	if got := rootT(s, 3.25); !vecNear(got, mgl32.Vec3{0.25, 0, 0}, 1e-6) {
		t.Errorf("second pass: %v", got)
	}
	// A join longer than the next child: segment 2 lasts the join, 3 s.
	s = mustBuild(t, seqAsset(3), 0, Options{})
	if d := s.Duration(); d != 4 {
		t.Errorf("long join: duration %v, want 4", d)
	}
}

// TestRandomDistribution: thresholds 20, 70, 100 are cumulative percents:
// 20 %, 50 % and 30 % of draws of CRandom16::Range(1, 100).
func TestRandomDistribution(t *testing.T) {
	clips := []*formats.Clip{rampClip("a", 1, 0), rampClip("b", 1, 1), rampClip("c", 1, 2)}
	tree := &formats.MetaAnim{Kind: formats.MetaRandom, Children: []*formats.MetaAnim{play(0, 0, "a"), play(1, 1, "b"), play(2, 2, "c")},
		Probabilities: []uint32{20, 70, 100}}
	a := setAsset(clips, formats.SetAnim{Name: "idle", Tree: tree})
	const n = 20000
	var count [3]int
	for seed := uint32(0); seed < n; seed++ {
		s := mustBuild(t, a, 0, Options{Seed: seed * 7919})
		count[s.contrib(0).prim]++
	}
	for i, want := range []float64{0.20, 0.50, 0.30} {
		if got := float64(count[i]) / n; math.Abs(got-want) > 0.015 {
			t.Errorf("child %d drawn %.3f of the time, want %.2f", i, got, want)
		}
	}
	// One generator shared by successive builds goes on drawing.
	r := NewRandom16(1)
	first := mustBuild(t, a, 0, Options{Rand: r}).contrib(0).prim
	if r.Seed == 1 {
		t.Errorf("the shared generator did not move")
	}
	_ = first
	// A pin overrides the draw.
	for seed := uint32(0); seed < 50; seed++ {
		if p := mustBuild(t, a, 0, Options{Seed: seed, Pins: map[*formats.MetaAnim]int{tree: 2}}).contrib(0).prim; p != 2 {
			t.Fatalf("pinned child 2, got %d", p)
		}
	}
}

// TestRandom16: CRandom16 has the C standard's sample rand() constants
// (1103515245, 12345), so from seed 1 its 16-bit draws are that
// generator's well-known 16838, 5758, 10113, 17515 with bit 15 kept.
func TestRandom16(t *testing.T) {
	r := NewRandom16(1)
	for i, want := range []int32{16838, 38526, 10113, 50283} {
		if got := r.Next(); got != want {
			t.Errorf("draw %d: %d, want %d", i, got, want)
		}
		if got := [4]int32{16838, 5758, 10113, 17515}[i]; (want & 0x7fff) != got {
			t.Errorf("draw %d does not match the C standard's sample", i)
		}
	}
	r = NewRandom16(1)
	if got := r.Range(1, 100); got != 1+16838%100 {
		t.Errorf("Range(1, 100) = %d", got)
	}
}

// transAsset: "a" holds the root at 0° about Z, "b" at 90°; the a→b
// transition is kind (with duration 1 and runA as given).
func transAsset(kind formats.MetaTransKind, runA bool) *formats.Asset {
	ca := constClip("a", 1, formats.InterpShortestArc, 0, mgl32.Vec3{}, nil)
	cb := constClip("b", 2, formats.InterpShortestArc, 90, mgl32.Vec3{}, nil)
	cm := constClip("m", 0.5, formats.InterpShortestArc, 45, mgl32.Vec3{}, nil)
	ca.Tracks[0].Translation = rampClip("", 1, 0).Tracks[0].Translation
	a := setAsset([]*formats.Clip{ca, cb, cm},
		formats.SetAnim{Name: "a", Tree: play(0, 1, "a")},
		formats.SetAnim{Name: "b", Tree: play(1, 2, "b")})
	a.AnimSet.Transitions = []formats.Transition{{From: 1, To: 2, Trans: formats.MetaTrans{Kind: kind, Duration: 1, RunA: runA, Anim: play(2, 3, "m")}}}
	return a
}

func rootRot(s Sampler, t float64) mgl32.Quat {
	p := NewPose(treeSkeleton())
	s.Sample(t, p)
	return p.Local[0].Rotation
}

// TestTransition: a 1 s Trans from A (0°) to B (90°) is A at its start,
// 45° halfway (weight 0.5) and B at its end; A stays put without runA and
// moves with it; the whole lasts max(1, dB) = 2 s.
func TestTransition(t *testing.T) {
	for _, runA := range []bool{false, true} {
		a := transAsset(formats.MetaTransTrans, runA)
		from := mustBuild(t, a, 0, Options{})
		tr, err := BuildTransition(a, from, 0.25, 1, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if d := tr.Duration(); d != 2 {
			t.Errorf("duration %v", d)
		}
		for _, c := range []struct {
			u   float64
			deg float64
		}{{0, 0}, {0.5, 45}, {1, 90}, {1.5, 90}} {
			if got := rootRot(tr, c.u); !got.OrientationEqualThreshold(quatZ(c.deg), 1e-5) {
				t.Errorf("runA=%v u=%v: %v, want %v°", runA, c.u, got, c.deg)
			}
		}
		// A's translation x is its clip time; B has none at the root
		// (bind 0), so the blended x is (1-w)·x_A.
		wantX := float32(0.5 * 0.25)
		if runA {
			wantX = 0.5 * 0.75
		}
		if got := rootT(tr, 0.5); !near(got[0], wantX, 1e-6) {
			t.Errorf("runA=%v: x at 0.5 = %v, want %v", runA, got[0], wantX)
		}
	}
}

// TestTransitionLookup: the pair first, then the half transition keyed by
// the destination, then the default (CTransitionDatabaseGame::GetMetaTrans).
func TestTransitionLookup(t *testing.T) {
	set := &formats.AnimSet{
		Transitions:       []formats.Transition{{From: 1, To: 2, Trans: formats.MetaTrans{Kind: formats.MetaTransTrans, Duration: 1}}},
		HalfTransitions:   []formats.HalfTransition{{To: 2, Trans: formats.MetaTrans{Kind: formats.MetaTransPhase, Duration: 2}}},
		DefaultTransition: formats.MetaTrans{Kind: formats.MetaTransSnap},
	}
	cases := []struct {
		from, to uint32
		want     formats.MetaTransKind
	}{{1, 2, formats.MetaTransTrans}, {3, 2, formats.MetaTransPhase}, {1, 3, formats.MetaTransSnap}}
	for _, c := range cases {
		if got := LookupTransition(set, c.from, c.to).Kind; got != c.want {
			t.Errorf("%d→%d: %v, want %v", c.from, c.to, got, c.want)
		}
	}
}

// TestPhaseTransition: B starts at A's phase. A (1 s) is 0.25 in, phase
// 0.25, so B (2 s) starts at 0.5 (VSetPhase); A's rate ramps 1 → 1/2 and
// B's 2 → 1 over the 1 s transition, so at u = 0.5 B has advanced
// 2·0.5 - 0.5²/2 = 0.875.
func TestPhaseTransition(t *testing.T) {
	sk := treeSkeleton()
	ca, cb := rampClip("a", 1, 0), rampClip("b", 2, 1)
	a := NewClipSource(sk, ca, 0, 0, 1)
	b := NewClipSource(sk, cb, 1, 0, 2)
	tr := NewPhaseTransition(sk, a, 0.25, b, 1, true, BlendShortest)
	if got := rootT(tr, 0); !vecNear(got, mgl32.Vec3{0.25, 0, 0}, 1e-6) {
		t.Errorf("start: %v", got)
	}
	// A ran 0.5 - 0.5²·0.5/2 = 0.4375 to 0.6875; weight 0.5.
	want := mgl32.Vec3{0.5 * 0.6875, 0.5 * (0.5 + 0.875), 0}
	if got := rootT(tr, 0.5); !vecNear(got, want, 1e-6) {
		t.Errorf("middle: %v, want %v", got, want)
	}
	// After the ramp B runs at 1: at u = 1 it advanced 2 - 0.5 = 1.5.
	if got := rootT(tr, 1.25); !vecNear(got, mgl32.Vec3{0, 0.5 + 1.5 + 0.25 - 2, 0}, 1e-6) {
		t.Errorf("after: %v", got)
	}
}

// TestMetaAnimTransition: A gives way to the middle animation M (the
// table has nothing for A→M or M→B: Snap), M plays its 0.5 s, then B.
func TestMetaAnimTransition(t *testing.T) {
	a := transAsset(formats.MetaTransAnim, false)
	from := mustBuild(t, a, 0, Options{})
	tr, err := BuildTransition(a, from, 0, 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ u, deg float64 }{{0.1, 45}, {0.5, 45}, {0.6, 90}, {3, 90}} {
		if got := rootRot(tr, c.u); !got.OrientationEqualThreshold(quatZ(c.deg), 1e-5) {
			t.Errorf("u=%v: %v, want %v°", c.u, got, c.deg)
		}
	}
}

// TestTreeErrors: malformed trees are errors that name the animation.
func TestTreeErrors(t *testing.T) {
	clips := []*formats.Clip{rampClip("a", 1, 0)}
	cyc := &formats.MetaAnim{Kind: formats.MetaBlend}
	cyc.Children = []*formats.MetaAnim{play(0, 0, "a"), cyc}
	deep := play(0, 0, "a")
	for i := 0; i < MaxDepth+2; i++ {
		deep = &formats.MetaAnim{Kind: formats.MetaSequence, Children: []*formats.MetaAnim{deep}}
	}
	cases := []struct {
		name string
		tree *formats.MetaAnim
		want error
	}{
		{"cycle", cyc, ErrCycle},
		{"dangling", play(7, 0, "gone"), ErrTree},
		{"kind", &formats.MetaAnim{Kind: 9}, ErrKind},
		{"thresholds", &formats.MetaAnim{Kind: formats.MetaRandom, Children: []*formats.MetaAnim{play(0, 0, "a"), play(0, 0, "a")}, Probabilities: []uint32{50, 90}}, ErrThresholds},
		{"one-child blend", &formats.MetaAnim{Kind: formats.MetaBlend, Children: []*formats.MetaAnim{play(0, 0, "a")}}, ErrTree},
		{"empty sequence", &formats.MetaAnim{Kind: formats.MetaSequence}, ErrTree},
		{"nil child", &formats.MetaAnim{Kind: formats.MetaBlend, Children: []*formats.MetaAnim{play(0, 0, "a"), nil}}, ErrTree},
		{"deep", deep, ErrDepth},
	}
	for _, c := range cases {
		a := setAsset(clips, formats.SetAnim{Name: "anim-" + c.name, Tree: c.tree})
		_, err := BuildAnim(a, 0, Options{})
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
			continue
		}
		if !strings.Contains(err.Error(), "anim-"+c.name) {
			t.Errorf("%s: %q does not name the animation", c.name, err)
		}
	}
	if _, err := BuildAnim(setAsset(clips), 0, Options{}); !errors.Is(err, ErrNoAnimSet) {
		t.Errorf("index out of range: %v", err)
	}
	if _, err := BuildAnim(&formats.Asset{}, 0, Options{}); !errors.Is(err, ErrNoAnimSet) {
		t.Errorf("no set: %v", err)
	}
}

// TestSetEvents: an animation's own events (MP2 inline sets) come with its
// tree's, once per pass.
func TestSetEvents(t *testing.T) {
	a := setAsset([]*formats.Clip{rampClip("a", 1, 0)}, formats.SetAnim{Name: "a", Tree: play(0, 0, "a"),
		Events: []formats.Event{{Time: 0.25, Name: "sfx", Kind: formats.EventSound, Bone: -1}}})
	s := mustBuild(t, a, 0, Options{})
	got := s.Events(0, 2, nil)
	if !sameTimes(evTimes(got), []float64{0.25, 1.25}) || got[0].Clip != -1 {
		t.Errorf("events %+v", got)
	}
}

// twoLevel builds Blend(Blend(a, b), PhaseBlend(c, d)) over the tree
// skeleton, with events in every clip.
func twoLevel(t testing.TB) (Source, *formats.Asset) {
	clips := []*formats.Clip{rampClip("a", 1, 0), rampClip("b", 1.5, 1), rampClip("c", 2, 2), rampClip("d", 0.75, 0)}
	for _, c := range clips {
		c.Events = []formats.Event{{Time: c.Duration / 2, Name: "mid", Kind: formats.EventUser, Bone: -1}}
	}
	tree := &formats.MetaAnim{Kind: formats.MetaBlend, Weight: 0.4, Children: []*formats.MetaAnim{
		{Kind: formats.MetaBlend, Weight: 0.3, Children: []*formats.MetaAnim{play(0, 0, "a"), play(1, 1, "b")}},
		{Kind: formats.MetaPhaseBlend, Weight: 0.6, Children: []*formats.MetaAnim{play(2, 2, "c"), play(3, 3, "d")}},
	}}
	a := setAsset(clips, formats.SetAnim{Name: "mix", Tree: tree})
	s, err := BuildAnim(a, 0, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s, a
}

// TestTreeAllocs: a built two-level tree samples, advances and reports
// events without allocating.
func TestTreeAllocs(t *testing.T) {
	src, a := twoLevel(t)
	s := NewClock(src)
	p := NewPose(a.Skeleton)
	evs := make([]TreeEvent, 0, 64)
	allocs := testing.AllocsPerRun(200, func() {
		from := s.Time()
		s.Advance(1.0 / 60)
		s.SampleNow(p)
		evs = s.Events(from, s.Time(), evs[:0])
	})
	if allocs != 0 {
		t.Errorf("%v allocations per frame", allocs)
	}
	// A transition too.
	tr := NewClock(NewTransition(a.Skeleton, src, 0.3, NewClipSource(a.Skeleton, a.Clips[0], 0, 0, 0), 0.5, true, BlendPrime))
	allocs = testing.AllocsPerRun(200, func() {
		tr.Advance(1.0 / 60)
		tr.SampleNow(p)
	})
	if allocs != 0 {
		t.Errorf("transition: %v allocations per frame", allocs)
	}
}

// TestSampleIsPure: a tree sampled at a time gives the same pose whatever
// was sampled before (scrubbing backwards included).
func TestSampleIsPure(t *testing.T) {
	s, a := twoLevel(t)
	p1, p2 := NewPose(a.Skeleton), NewPose(a.Skeleton)
	s.Sample(0.7, p1)
	for _, tt := range []float64{3.1, 0.1, 5.5} {
		s.Sample(tt, p2)
	}
	s.Sample(0.7, p2)
	for i := range p1.Local {
		if p1.Local[i] != p2.Local[i] {
			t.Errorf("bone %d differs", i)
		}
	}
}

// TestBlendRotFastPath: the blend's written-out lerp branch gives
// SlerpLocal's result to the bit, for both games, over random pairs that
// take every branch (lerp, slerp, flip).
func TestBlendRotFastPath(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	rq := func() mgl32.Quat {
		q := mgl32.Quat{W: rng.Float32()*2 - 1, V: mgl32.Vec3{rng.Float32()*2 - 1, rng.Float32()*2 - 1, rng.Float32()*2 - 1}}
		return q.Normalize()
	}
	for i := 0; i < 20000; i++ {
		a := rq()
		b := a
		if i%2 == 0 {
			b = rq()
		} else {
			// Close pairs take the lerp branch.
			b = mgl32.Quat{W: a.W + 0.1*(rng.Float32()-0.5), V: a.V.Add(mgl32.Vec3{0.1 * (rng.Float32() - 0.5), 0, 0.05})}.Normalize()
			if i%4 == 1 {
				b = b.Scale(-1)
			}
		}
		u := rng.Float32()
		for _, echoes := range []bool{false, true} {
			want := SlerpLocal(a, b, u, echoes)
			got := a
			blendRotPrime(&got, &b, u, echoes)
			if got != want && !(got.W != got.W && want.W != want.W) {
				t.Fatalf("echoes=%v %v %v u=%v: %v, want %v", echoes, a, b, u, got, want)
			}
		}
	}
}

// TestTweenDepthFallback: CAnimTreeTweenBase::VGetSegStatementSet (MP1
// asm 0x802F7360) blends at the first three nested tweens only; the
// fourth shows one child, B when w > 0.5, else A. Four nested Blends with
// the innermost at w = 0.3 pose as the same tree with the innermost
// replaced by its A; at w = 0.7, by its B.
func TestTweenDepthFallback(t *testing.T) {
	sk := treeSkeleton()
	clip := func(deg float64) Source {
		return NewClipSource(sk, constClip("c", 1, formats.InterpPrime, deg, mgl32.Vec3{float32(deg), 0, 0}, nil), 0, 0, 0)
	}
	wrap := func(inner Source) Source {
		s := NewBlend(sk, clip(5), inner, 0.6, BlendPrime)
		s = NewBlend(sk, clip(10), s, 0.6, BlendPrime)
		return NewBlend(sk, clip(20), s, 0.6, BlendPrime)
	}
	for _, c := range []struct {
		w    float32
		pick float64
	}{{0.3, 30}, {0.5, 30}, {0.7, 70}} {
		got, want := NewPose(sk), NewPose(sk)
		wrap(NewBlend(sk, clip(30), clip(70), c.w, BlendPrime)).Sample(0.5, got)
		wrap(clip(c.pick)).Sample(0.5, want)
		if got.Local[0] != want.Local[0] {
			t.Errorf("w=%v: %+v, want %+v", c.w, got.Local[0], want.Local[0])
		}
	}
	// Three levels still blend.
	got, alone := NewPose(sk), NewPose(sk)
	s := NewBlend(sk, clip(10), NewBlend(sk, clip(20), NewBlend(sk, clip(30), clip(70), 0.3, BlendPrime), 0.6, BlendPrime), 0.6, BlendPrime)
	s.Sample(0.5, got)
	clip(30).Sample(0.5, alone)
	NewBlend(sk, clip(10), NewBlend(sk, clip(20), clip(30), 0.6, BlendPrime), 0.6, BlendPrime).Sample(0.5, alone)
	if got.Local[0] == alone.Local[0] {
		t.Errorf("the third level did not blend")
	}
}

// TestBlendPosesMatchesSlerpLocal: BlendPoses' quick branch decision and
// written-out lerp give SlerpLocal's rotation to the bit, bone for bone,
// for pairs near each branch threshold too.
func TestBlendPosesMatchesSlerpLocal(t *testing.T) {
	const n = 64
	sk := &formats.Skeleton{Bones: make([]formats.Bone, n)}
	for i := range sk.Bones {
		sk.Bones[i] = formats.Bone{ID: i, Parent: i - 1, Bind: formats.Identity()}
	}
	rng := rand.New(rand.NewSource(9))
	mask := make([]bool, n)
	for round := 0; round < 400; round++ {
		a, b := NewPose(sk), NewPose(sk)
		for i := 0; i < n; i++ {
			q := mgl32.Quat{W: rng.Float32()*2 - 1, V: mgl32.Vec3{rng.Float32()*2 - 1, rng.Float32()*2 - 1, rng.Float32()*2 - 1}}.Normalize()
			// Angles between the children around the thresholds: dot
			// 0.95 is 36.4°, 0.866 is 60°, 1 is 0°.
			deg := []float32{36.4, 36.39, 36.41, 60, 59.99, 60.01, 0, 0.001, 10, 120, 200}[rng.Intn(11)]
			r := mgl32.QuatRotate(mgl32.DegToRad(deg), mgl32.Vec3{rng.Float32(), 1, rng.Float32()}.Normalize())
			a.Local[i].Rotation, b.Local[i].Rotation = q, r.Mul(q)
			if rng.Intn(3) == 0 {
				b.Local[i].Rotation = b.Local[i].Rotation.Scale(-1)
			}
		}
		w := []float32{0.3, 1e-4, 0.5, 0.99999, 0.999}[round%5]
		for _, echoes := range []bool{false, true} {
			rule := BlendPrime
			if echoes {
				rule = BlendPrime2
			}
			out := NewPose(sk)
			out.CopyFrom(a)
			BlendPoses(rule, w, sk, out, mask, b, mask, mask)
			for i := 0; i < n; i++ {
				want := SlerpLocal(a.Local[i].Rotation, b.Local[i].Rotation, w, echoes)
				if got := out.Local[i].Rotation; got != want {
					t.Fatalf("echoes=%v w=%v bone %d: %v, want %v", echoes, w, i, got, want)
				}
			}
		}
	}
}

// TestBuildCallbacks: a viewer finds the Blend built for a node and turns
// its weight while it plays; it learns Random's pick.
func TestBuildCallbacks(t *testing.T) {
	clips := []*formats.Clip{rampClip("a", 1, 0), rampClip("b", 1, 1)}
	blend := &formats.MetaAnim{Kind: formats.MetaBlend, Weight: 0, Children: []*formats.MetaAnim{play(0, 0, "a"), play(1, 1, "b")}}
	rnd := &formats.MetaAnim{Kind: formats.MetaRandom, Children: []*formats.MetaAnim{blend}, Probabilities: []uint32{100}}
	a := setAsset(clips, formats.SetAnim{Name: "r", Tree: rnd})
	var b *Blend
	picked := -1
	s := mustBuild(t, a, 0, Options{
		OnBuild: func(m *formats.MetaAnim, s Source) {
			if m == blend {
				b = s.(*Blend)
			}
		},
		OnRandom: func(m *formats.MetaAnim, child int) { picked = child },
	})
	if b == nil || picked != 0 {
		t.Fatalf("blend %v, pick %d", b, picked)
	}
	if got := rootT(s, 0.5); !vecNear(got, mgl32.Vec3{0.5, 0, 0}, 1e-6) {
		t.Errorf("weight 0: %v", got)
	}
	b.SetWeight(1)
	if got := rootT(s, 0.5); !vecNear(got, mgl32.Vec3{0, 0.5, 0}, 1e-6) {
		t.Errorf("weight 1: %v", got)
	}
}

// unboundBone returns the first bone whose translation in p is not sk's
// bind translation though mask says the pose has none of its own, or -1.
func unboundBone(sk *formats.Skeleton, p *Pose, mask BoneMask) int {
	for i := range sk.Bones {
		if !mask.Has(i) && !sameVecBits(p.Local[i].Translation, sk.Bones[i].Bind.Translation) {
			return i
		}
	}
	return -1
}

// TestSourcesHoldBindWithoutTranslation: every kind of node, sampled
// through a tree, holds the bind translation of each bone its mask says
// has no translation of its own, which BlendJob.bound relies on; the
// skeleton's bind offsets are not zero, and the clips give translations
// to some bones only.
func TestSourcesHoldBindWithoutTranslation(t *testing.T) {
	sk := treeSkeleton()
	legT := mgl32.Vec3{3, 4, 5}
	clips := []*formats.Clip{
		constClip("a", 1, formats.InterpPrime, 30, mgl32.Vec3{1, 2, 3}, nil),
		constClip("b", 1.5, formats.InterpPrime, -20, mgl32.Vec3{-1, 0, 2}, &legT),
		constClip("c", 0.5, formats.InterpPrime, 70, mgl32.Vec3{0, 1, 0}, &legT),
	}
	// Root and leg are translated in some clips only; arm in none.
	clips[2].Tracks[0].Translation = formats.Vec3Track{}
	trees := []*formats.MetaAnim{
		play(0, 0, "a"),
		{Kind: formats.MetaBlend, Weight: 0.3, Children: []*formats.MetaAnim{play(0, 0, "a"), play(1, 1, "b")}},
		{Kind: formats.MetaBlend, Weight: 0.6, Children: []*formats.MetaAnim{play(1, 1, "b"), play(2, 2, "c")}},
		{Kind: formats.MetaPhaseBlend, Weight: 0.5, Children: []*formats.MetaAnim{play(2, 2, "c"), play(0, 0, "a")}},
		{Kind: formats.MetaRandom, Children: []*formats.MetaAnim{play(1, 1, "b"), play(2, 2, "c")}, Probabilities: []uint32{50, 100}},
		{Kind: formats.MetaSequence, Children: []*formats.MetaAnim{play(2, 2, "c"), play(0, 0, "a"), play(1, 1, "b")}},
		{Kind: formats.MetaBlend, Weight: 0.4, Children: []*formats.MetaAnim{
			{Kind: formats.MetaBlend, Weight: 0.7, Children: []*formats.MetaAnim{play(0, 0, "a"), play(2, 2, "c")}},
			{Kind: formats.MetaPhaseBlend, Weight: 0.2, Children: []*formats.MetaAnim{play(1, 1, "b"), play(2, 2, "c")}},
		}},
	}
	var anims []formats.SetAnim
	for i, tr := range trees {
		anims = append(anims, formats.SetAnim{Name: fmt.Sprint("t", i), Tree: tr})
	}
	a := setAsset(clips, anims...)
	a.Skeleton = sk
	for _, kind := range []formats.MetaTransKind{formats.MetaTransTrans, formats.MetaTransPhase, formats.MetaTransSnap} {
		a.AnimSet.DefaultTransition = formats.MetaTrans{Kind: kind, Duration: 0.5}
		for _, rule := range []BlendRule{BlendPrime, BlendPrime2, BlendShortest} {
			p := NewPose(sk)
			for i := range trees {
				src := mustBuild(t, a, i, Options{Rule: rule})
				srcs := []Source{src}
				if tr, err := BuildTransition(a, src, 0.3, (i+1)%len(trees), Options{Rule: rule}); err == nil {
					srcs = append(srcs, tr)
				}
				for _, s := range srcs {
					for _, tt := range []float64{0, 0.1, 0.25, 0.7, 1.2, 2.9} {
						s.sampleAt(tt, p, 0)
						if b := unboundBone(sk, p, p.Translated); b >= 0 {
							t.Fatalf("%v tree %d (%T) transition %v at %v: bone %d has %v without a translation, bind %v",
								rule, i, s, kind, tt, b, p.Local[b].Translation, sk.Bones[b].Bind.Translation)
						}
					}
				}
			}
		}
	}
}

// TestCyclicTransition: a meta-animation transition whose middle
// animation is its own destination needs itself to reach it. Built
// without a Random node it is a cycle, named once with the table entry
// (issue 24 #10); with one it may draw its way out, so MaxDepth bounds
// it, and the error writes the repeated path step once with its count.
func TestCyclicTransition(t *testing.T) {
	a := transAsset(formats.MetaTransAnim, false)
	a.AnimSet.Transitions[0].ID = 7
	a.AnimSet.Transitions[0].Trans.Anim = play(1, 2, "b")
	from := mustBuild(t, a, 0, Options{})
	_, err := BuildTransition(a, from, 0, 1, Options{})
	const want = `"b": transition/to-middle: cyclic transition: a → b needs a → b again (the set's transition 0, id 7, a → b, plays b in between)`
	if !errors.Is(err, ErrCycle) || !strings.Contains(err.Error(), want) {
		t.Errorf("deterministic: %v\nwant ErrCycle with %q", err, want)
	}
	a.AnimSet.Transitions[0].Trans.Anim = &formats.MetaAnim{Kind: formats.MetaRandom, Children: []*formats.MetaAnim{play(1, 2, "b")}, Probabilities: []uint32{100}}
	_, err = BuildTransition(a, mustBuild(t, a, 0, Options{}), 0, 1, Options{})
	if !errors.Is(err, ErrDepth) || strings.Contains(err.Error(), "to-middle/to-middle") || !strings.Contains(err.Error(), "transition/to-middle×63/middle/random[0]: more than 64 levels") {
		t.Errorf("random: %v", err)
	}
}
