package state

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/pak"
	"github.com/animview/animview/formats/prime/primetest"
	"github.com/animview/animview/player"
)

// demoPak opens the demo character set's PAK (formats/prime/pak's golden
// fixture: characters Crawler and Crawler_Calm, animations walk, idle,
// walk_blend (Blend 0.3 of walk and idle), phase (PhaseBlend 0.5 of walk
// and alert), random_idle (Random idle ≤70, alert ≤100) and sequence
// (alert then walk)) at entry ("" for the first character).
func demoPak(t testing.TB, game, entry string) *formats.Asset {
	t.Helper()
	path := filepath.Join("..", "..", "formats", "prime", "pak", "testdata", "DemoSet-"+game+".pak")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := pak.Load(&formats.Input{Name: filepath.Base(path), Data: data, Entry: entry})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func demoSet(t testing.TB) *State { return New("DemoSet-mp1.pak", demoPak(t, "mp1", "")) }

// poseAt samples what the state plays at time tm.
func poseAt(s *State, tm float64) *player.Pose {
	p := player.NewPose(s.Asset().Skeleton)
	s.Sampler().Sample(tm, p)
	return p
}

// samePose reports the largest difference between two poses' local
// transforms (rotation components, translations, scales).
func poseDiff(a, b *player.Pose) float64 {
	d := 0.0
	for i := range a.Local {
		x, y := a.Local[i], b.Local[i]
		for k := 0; k < 3; k++ {
			d = math.Max(d, math.Abs(float64(x.Translation[k]-y.Translation[k])))
			d = math.Max(d, math.Abs(float64(x.Scale[k]-y.Scale[k])))
			d = math.Max(d, math.Abs(float64(x.Rotation.V[k]-y.Rotation.V[k])))
		}
		d = math.Max(d, math.Abs(float64(x.Rotation.W-y.Rotation.W)))
	}
	return d
}

// built samples the set's animation setIndex built by the player itself
// with opts, at time tm.
func built(t *testing.T, a *formats.Asset, setIndex int, opts player.Options, tm float64) *player.Pose {
	t.Helper()
	src, err := player.BuildAnim(a, setIndex, opts)
	if err != nil {
		t.Fatal(err)
	}
	p := player.NewPose(a.Skeleton)
	src.Sample(tm, p)
	return p
}

// clipPose samples the asset's clip called name at tm.
func clipPose(t *testing.T, a *formats.Asset, name string, tm float64) *player.Pose {
	t.Helper()
	for _, c := range a.Clips {
		if c.Name == name {
			p := player.NewPose(a.Skeleton)
			player.NewClipSampler(a.Skeleton, c).Sample(tm, p)
			return p
		}
	}
	t.Fatalf("no clip %q", name)
	return nil
}

func anim(t *testing.T, s *State, name string) {
	t.Helper()
	i := s.Tree().AnimByName(name)
	if i < 0 {
		t.Fatalf("no animation %q", name)
	}
	if err := s.SelectAnim(i); err != nil {
		t.Fatal(err)
	}
}

func TestOpensCharacterAnimations(t *testing.T) {
	s := demoSet(t)
	if !s.Tree().HasAnims() || s.Tree().characterName() != "Crawler" {
		t.Fatalf("HasAnims %v character %q", s.Tree().HasAnims(), s.Tree().characterName())
	}
	var names []string
	for _, a := range s.Tree().AnimList() {
		names = append(names, a.Name)
	}
	if got := strings.Join(names, " "); got != "walk idle walk_blend phase random_idle sequence" {
		t.Fatalf("animations %q", got)
	}
	// The first animation plays: a Play of walk, which starts at 0 and is
	// the walk clip itself.
	if s.Tree().Anim() != 0 || s.Playback().Clip() != -1 || s.CurrentClip().Name != "walk" || s.Duration() != 1 {
		t.Fatalf("anim %d clip %d current %q duration %v", s.Tree().Anim(), s.Playback().Clip(), s.CurrentClip().Name, s.Duration())
	}
	if d := poseDiff(poseAt(s, 0.3), clipPose(t, s.Asset(), "walk", 0.3)); d > 1e-6 {
		t.Errorf("walk at 0.3 differs from its clip by %g", d)
	}
	// The walk's events (its EVNT) are the timeline's, the Loop event at
	// the pass's end shown at its start.
	var evs []string
	for _, e := range s.CurrentClip().Events {
		evs = append(evs, e.Name+"@"+strconv.FormatFloat(e.Time, 'g', 4, 64))
	}
	if got := strings.Join(evs, " "); got != "Step_Left@0.25 Dust@0.5 Chirp@0.6 Step_Right@0.75 Loop@0" {
		t.Errorf("events %q", got)
	}
	if s.Visibility().eventCount() != 5 || s.Visibility().animatedCount() != len(s.Asset().Skeleton.Bones) || !s.Visibility().Animated(1) {
		t.Errorf("hidden events %d, animated %d", s.Visibility().eventCount(), s.Visibility().animatedCount())
	}
	// Playing 1.33 s crosses the events in order and wraps.
	var fired []string
	for i := 0; i < 80; i++ {
		for _, e := range s.Advance(1.0/60, nil) {
			fired = append(fired, s.CurrentClip().Events[e].Name)
		}
	}
	if got := strings.Join(fired, " "); got != "Step_Left Dust Chirp Step_Right Loop Step_Left" {
		t.Errorf("fired %q", got)
	}
}

func TestBlendWeight(t *testing.T) {
	s := demoSet(t)
	anim(t, s, "walk_blend")
	root := s.Tree().CurrentTree()
	if root == nil || root.Kind != formats.MetaBlend || s.Tree().BlendWeight(root) != 0.3 {
		t.Fatalf("walk_blend's tree: %+v", root)
	}
	set := s.Tree().AnimList()[s.Tree().Anim()].SetIndex
	const tm = 0.4
	s.Seek(tm)
	if d := poseDiff(poseAt(s, tm), built(t, s.Asset(), set, player.Options{}, tm)); d > 1e-6 {
		t.Errorf("the file's weight: differs from the player's build by %g", d)
	}
	walk, idle := clipPose(t, s.Asset(), "walk", tm), clipPose(t, s.Asset(), "idle", tm)
	if poseDiff(poseAt(s, tm), walk) < 1e-3 || poseDiff(poseAt(s, tm), idle) < 1e-3 {
		t.Fatal("the blend at 0.3 equals one of its children")
	}
	// Weight 0 is A (walk), weight 1 is B (idle); the time stays.
	for _, c := range []struct {
		w    float32
		want *player.Pose
	}{{0, walk}, {1, idle}} {
		if err := s.SetBlendWeight(root, c.w); err != nil {
			t.Fatal(err)
		}
		if s.Playback().Time() != tm {
			t.Errorf("weight %v: time moved to %v", c.w, s.Playback().Time())
		}
		if d := poseDiff(poseAt(s, tm), c.want); d > 1e-6 {
			t.Errorf("weight %v differs from the child by %g", c.w, d)
		}
	}
	// 0.7 is the player's build with that weight.
	if err := s.SetBlendWeight(root, 0.7); err != nil {
		t.Fatal(err)
	}
	want := built(t, s.Asset(), set, player.Options{Weights: map[*formats.MetaAnim]float32{root: 0.7}}, tm)
	if d := poseDiff(poseAt(s, tm), want); d > 1e-6 {
		t.Errorf("weight 0.7 differs from the player's build by %g", d)
	}
	if err := s.SetBlendWeight(root, 3); err != nil || s.Tree().BlendWeight(root) != 1 {
		t.Errorf("weight 3 clamps to 1: %v, %v", s.Tree().BlendWeight(root), err)
	}
	if err := s.resetBlendWeight(root); err != nil || s.Tree().BlendWeight(root) != 0.3 {
		t.Errorf("reset: %v, %v", s.Tree().BlendWeight(root), err)
	}
	if err := s.SetBlendWeight(root.Children[0], 0.5); err == nil {
		t.Error("a Play took a weight")
	}
}

func TestPhaseBlendWeightChangesThePass(t *testing.T) {
	s := demoSet(t)
	anim(t, s, "phase")
	root := s.Tree().CurrentTree()
	set := s.Tree().AnimList()[s.Tree().Anim()].SetIndex
	for _, w := range []float32{0, 0.25, 1} {
		if err := s.SetBlendWeight(root, w); err != nil {
			t.Fatal(err)
		}
		src, err := player.BuildAnim(s.Asset(), set, player.Options{Weights: map[*formats.MetaAnim]float32{root: w}})
		if err != nil {
			t.Fatal(err)
		}
		if s.Duration() != src.Duration() {
			t.Errorf("weight %v: duration %v, the player's %v", w, s.Duration(), src.Duration())
		}
		p := player.NewPose(s.Asset().Skeleton)
		src.Sample(0.55, p)
		if d := poseDiff(poseAt(s, 0.55), p); d > 1e-6 {
			t.Errorf("weight %v: pose differs by %g", w, d)
		}
	}
}

func TestRandomPinAndSeed(t *testing.T) {
	s := demoSet(t)
	anim(t, s, "random_idle")
	root := s.Tree().CurrentTree()
	set := s.Tree().AnimList()[s.Tree().Anim()].SetIndex
	const tm = 0.35
	// The draw is the player's for the same seed, for many seeds.
	seen := map[int]bool{}
	for seed := uint32(0); seed < 40; seed++ {
		if err := s.Reseed(seed); err != nil {
			t.Fatal(err)
		}
		drew := -1
		want := built(t, s.Asset(), set, player.Options{Seed: seed, OnRandom: func(_ *formats.MetaAnim, c int) { drew = c }}, tm)
		if got, ok := s.Tree().Drawn(root); !ok || got != drew {
			t.Fatalf("seed %d: drew %d (%v), the player %d", seed, got, ok, drew)
		}
		if d := poseDiff(poseAt(s, tm), want); d > 1e-6 {
			t.Fatalf("seed %d: pose differs by %g", seed, d)
		}
		seen[drew] = true
	}
	if !seen[0] || !seen[1] {
		t.Fatalf("40 seeds drew only %v", seen)
	}
	// Pinned, the child plays whatever the seed.
	for child, clip := range []string{"idle", "alert"} {
		if err := s.PinRandom(root, child); err != nil {
			t.Fatal(err)
		}
		for _, seed := range []uint32{1, 2, 3} {
			_ = s.Reseed(seed)
			drawn, _ := s.Tree().Drawn(root)
			if d := poseDiff(poseAt(s, tm), clipPose(t, s.Asset(), clip, tm)); d > 1e-6 || drawn != child {
				t.Errorf("pinned %d seed %d: drawn %d, pose differs from %s by %g", child, seed, drawn, clip, d)
			}
		}
	}
	lines := s.TreeLines(nil)
	if len(lines) != 3 || !strings.Contains(lines[0].Text, "pinned 2") || lines[1].Active || !lines[2].Active ||
		!strings.HasPrefix(lines[1].Text, "1–70%: Play idle") || !strings.Contains(lines[2].Text, "← plays") {
		t.Errorf("tree lines: %+v", lines)
	}
	if err := s.PinRandom(root, 2); err == nil {
		t.Error("pinned a child the Random does not have")
	}
	if err := s.Unpin(root); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Tree().Pin(root); ok {
		t.Error("still pinned")
	}
}

func TestSequenceAndTreeLines(t *testing.T) {
	s := demoSet(t)
	anim(t, s, "sequence")
	set := s.Tree().AnimList()[s.Tree().Anim()].SetIndex
	src, err := player.BuildAnim(s.Asset(), set, player.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Duration() != src.Duration() || s.Duration() <= 1 {
		t.Errorf("duration %v, the player's %v", s.Duration(), src.Duration())
	}
	p := player.NewPose(s.Asset().Skeleton)
	src.Sample(1.3, p)
	if d := poseDiff(poseAt(s, 1.3), p); d > 1e-6 {
		t.Errorf("pose at 1.3 differs by %g", d)
	}
	var got []string
	for _, l := range s.TreeLines(nil) {
		got = append(got, strings.Repeat(" ", l.Depth)+l.Path+" "+l.Text)
	}
	want := []string{" Sequence  2 parts", " 0 1. Play alert  #2", " 1 2. Play walk  #0"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("lines %q, want %q", got, want)
	}
	if m, err := s.Tree().NodeAt("1"); err != nil || m.Name != "walk" {
		t.Errorf("NodeAt(1): %v %v", m, err)
	}
	if _, err := s.Tree().NodeAt("2"); err == nil {
		t.Error("NodeAt(2) of two children")
	}
}

func TestPlayTransition(t *testing.T) {
	s := demoSet(t)
	walk, idle := s.Tree().AnimByName("walk"), s.Tree().AnimByName("idle")
	// walk → idle is the table's Trans of 0.25 s; walk, which does not
	// play now, plays half its pass first.
	_ = s.SelectAnim(idle)
	if err := s.PlayTransition(walk, idle); err != nil {
		t.Fatal(err)
	}
	tp, ok := s.Tree().Transition()
	if !ok || tp.FromTime != 0.5 || tp.Kind != "trans 0.25 s" || s.Tree().Anim() != idle || !s.Playback().Playing() || s.Playback().Time() != 0 {
		t.Fatalf("preview %+v anim %d playing %v time %v", tp, s.Tree().Anim(), s.Playback().Playing(), s.Playback().Time())
	}
	// The CLI's pose --anim idle --transition-from walk --from-time 0.5.
	opts := player.Options{Rand: player.NewRandom16(0)}
	a, err := player.BuildAnim(s.Asset(), s.Tree().AnimList()[walk].SetIndex, opts)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := player.BuildTransition(s.Asset(), a, 0.5, s.Tree().AnimList()[idle].SetIndex, opts)
	if err != nil {
		t.Fatal(err)
	}
	if s.Duration() != 0.5+tr.Duration() || s.CurrentClip().Name != "walk → idle" {
		t.Errorf("duration %v, want 0.5 + %v; name %q", s.Duration(), tr.Duration(), s.CurrentClip().Name)
	}
	for _, u := range []float64{0, 0.1, 0.25, 0.6} {
		p := player.NewPose(s.Asset().Skeleton)
		tr.Sample(u, p)
		if d := poseDiff(poseAt(s, 0.5+u), p); d > 1e-6 {
			t.Errorf("%v into the transition: differs by %g", u, d)
		}
	}
	if d := poseDiff(poseAt(s, 0.2), clipPose(t, s.Asset(), "walk", 0.2)); d > 1e-6 {
		t.Errorf("before the transition the walk plays: differs by %g", d)
	}
	// Midway the pose is neither walk's nor idle's; at the end it is idle's.
	mid := poseAt(s, 0.5+0.125)
	if poseDiff(mid, clipPose(t, s.Asset(), "walk", 0.625)) < 1e-3 || poseDiff(mid, clipPose(t, s.Asset(), "idle", 0.125)) < 1e-3 {
		t.Error("mid-transition pose equals a child")
	}
	if d := poseDiff(poseAt(s, 0.5+0.3), clipPose(t, s.Asset(), "idle", 0.3)); d > 1e-6 {
		t.Errorf("after the transition idle plays: differs by %g", d)
	}
	// The walk's events before the transition are on the timeline.
	if evs := s.CurrentClip().Events; len(evs) == 0 || evs[0].Name != "Step_Left" || evs[0].Time != 0.25 {
		t.Errorf("preview events %+v", evs)
	}
	// From the animation playing, the transition starts where it stands.
	if err := s.SelectAnim(walk); err != nil {
		t.Fatal(err)
	}
	s.Seek(0.3)
	err = s.PlayTransition(walk, idle)
	if tp, _ := s.Tree().Transition(); err != nil || tp.FromTime != 0.3 {
		t.Errorf("from the current time: %+v %v", tp, err)
	}
	// Weights and pins rebuild the preview, not the animation alone.
	err = s.Reseed(7)
	if _, ok := s.Tree().Transition(); err != nil || !ok {
		t.Errorf("reseed ended the preview: %v", err)
	}
	err = s.stopTransition()
	if _, still := s.Tree().Transition(); err != nil || still || s.Tree().Anim() != idle || s.CurrentClip().Name != "idle" {
		t.Errorf("stop: %v", err)
	}
}

// TestTreePanelVerbs: the tree panel's selected node leads the weight
// and pin buttons; without a selection the weight buttons change the
// first Blend; the picker cycles through the animations.
func TestTreePanelVerbs(t *testing.T) {
	s := demoSet(t)
	anim(t, s, "walk_blend")
	if l, ok := s.BlendTarget(); !ok || l.Path != "" {
		t.Fatalf("blend target %+v %v", l, ok)
	}
	if err := s.NudgeWeight(0.1); err != nil || s.Tree().BlendWeight(s.Tree().CurrentTree()) != 0.4 {
		t.Errorf("+0.1 from 0.3: %v %v", s.Tree().BlendWeight(s.Tree().CurrentTree()), err)
	}
	if _, _, ok := s.PinTarget(); ok {
		t.Error("a Blend's tree has a pin target")
	}
	if err := s.SelectNode("5"); err == nil {
		t.Error("selected a node the tree does not have")
	}
	anim(t, s, "random_idle")
	root := s.Tree().CurrentTree()
	if err := s.SelectNode("/1"); err != nil || s.TreePanel().Node() != "1" {
		t.Fatalf("select /1: %v, node %q", err, s.TreePanel().Node())
	}
	if m, child, ok := s.PinTarget(); !ok || m != root || child != 1 || s.PinsTarget() {
		t.Errorf("pin target %v %d %v", m, child, ok)
	}
	if err := s.TogglePin(); err != nil || !s.PinsTarget() {
		t.Fatalf("pin: %v", err)
	}
	if p, ok := s.Tree().Pin(root); !ok || p != 1 {
		t.Errorf("pinned to %d %v", p, ok)
	}
	if err := s.SelectNode(""); err != nil {
		t.Fatal(err)
	}
	if _, child, _ := s.PinTarget(); child != -1 || !s.PinsTarget() {
		t.Errorf("the Random itself: child %d, unpins %v", child, s.PinsTarget())
	}
	if err := s.TogglePin(); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Tree().Pin(root); ok {
		t.Error("still pinned")
	}
	from := s.TreePanel().From()
	to := s.TreePanel().To()
	s.CyclePick(0)
	s.CyclePick(1)
	n := len(s.Tree().AnimList())
	if s.TreePanel().From() != (from+1)%n || s.TreePanel().To() != (to+1)%n {
		t.Errorf("picker %d → %d, was %d → %d", s.TreePanel().From(), s.TreePanel().To(), from, to)
	}
}

func TestStepThroughAnimationsAndCharacters(t *testing.T) {
	s := demoSet(t)
	if e := s.StepAnimation(1); e != "" || s.Tree().Anim() != 1 {
		t.Fatalf("step: entry %q anim %d", e, s.Tree().Anim())
	}
	if e := s.StepAnimation(-2); e != "A0000000.ANIM" {
		// Before the first animation: the previous entry, wrapping.
		t.Errorf("step back past the first: entry %q", e)
	}
	_ = s.SelectAnim(len(s.Tree().AnimList()) - 1)
	if e := s.StepAnimation(1); e != "Crawler_Calm" {
		t.Errorf("step past the last: entry %q", e)
	}
	// The second character opens with its own animations.
	c := New("DemoSet-mp1.pak", demoPak(t, "mp1", "Crawler_Calm"))
	if c.Tree().characterName() != "Crawler_Calm" || c.Tree().Anim() != 0 || c.CurrentClip() == nil {
		t.Errorf("second character: %q anim %d", c.Tree().characterName(), c.Tree().Anim())
	}
	// Choosing a plain clip leaves the trees.
	s.SelectClip(1)
	if s.Tree().Anim() != -1 || s.CurrentClip() != s.Asset().Clips[1] {
		t.Errorf("SelectClip left anim %d", s.Tree().Anim())
	}
}

func TestEchoesDemoSet(t *testing.T) {
	s := New("DemoSet-mp2.pak", demoPak(t, "mp2", ""))
	anim(t, s, "walk_blend")
	set := s.Tree().AnimList()[s.Tree().Anim()].SetIndex
	if d := poseDiff(poseAt(s, 0.45), built(t, s.Asset(), set, player.Options{}, 0.45)); d > 1e-6 {
		t.Errorf("MP2 walk_blend differs from the player's by %g", d)
	}
	// MP2's walk carries its own event set (the animation's): on the
	// timeline too.
	anim(t, s, "walk")
	if len(s.CurrentClip().Events) == 0 {
		t.Error("MP2 walk has no events on the timeline")
	}
}

func TestTreeThatFailsToBuild(t *testing.T) {
	a := demoPak(t, "mp1", "")
	// The walk's Play loses its ANIM, as when the file is missing.
	a.AnimSet.Animations[0].Tree = &formats.MetaAnim{Kind: formats.MetaPlay, Clip: -1, AnimID: 0x1A2B3C4D, Name: "walk"}
	s := New("DemoSet-mp1.pak", a)
	if s.Tree().Anim() != 0 || s.Sampler() != nil || s.CurrentClip() != nil || s.Status() != "bind pose (no clips)" {
		t.Fatalf("anim %d sampler %v clip %v status %q", s.Tree().Anim(), s.Sampler(), s.CurrentClip(), s.Status())
	}
	if !strings.Contains(s.Messages().Err(), `animation "walk"`) || !strings.Contains(s.Messages().Err(), "has no clip") {
		t.Errorf("error %q", s.Messages().Err())
	}
	// Another animation plays again.
	s.ShowError("")
	anim(t, s, "idle")
	if s.Sampler() == nil || s.Messages().Err() != "" {
		t.Errorf("idle after the failure: %v %q", s.Sampler(), s.Messages().Err())
	}
	// A transition from the broken one fails the same way.
	if err := s.PlayTransition(0, 1); err == nil || s.Sampler() != nil {
		t.Errorf("transition from a broken tree: %v", err)
	}
	// Advancing and stepping without a tree do nothing.
	if got := s.Advance(0.5, nil); len(got) != 0 || s.Playback().Time() != 0 {
		t.Errorf("advance without a tree: %v at %v", got, s.Playback().Time())
	}
}

// TestTransitionsMatchTheCLI: the preview is `pose --anim TO
// --transition-from FROM --from-time S --time U` at preview time S + U,
// for every kind the demo table gives (a Trans, a PhaseTrans, the default,
// a MetaAnim through idle for the sequence's alert) in both games.
func TestTransitionsMatchTheCLI(t *testing.T) {
	for _, game := range []string{"mp1", "mp2"} {
		a := demoPak(t, game, "")
		s := New("DemoSet.pak", a)
		for _, c := range []struct {
			from, to, kind string
		}{
			{"walk", "idle", "trans 0.25 s"},
			{"idle", "walk", "phase-trans 0.30 s"},
			{"walk", "walk", "trans 0.20 s"},
			{"walk_blend", "phase", ""},
			{"sequence", "walk", ""},
		} {
			from, to := s.Tree().AnimByName(c.from), s.Tree().AnimByName(c.to)
			const lead = 0.4
			if err := s.PlayTransitionAt(from, to, lead); err != nil {
				t.Fatal(err)
			}
			if tp, _ := s.Tree().Transition(); tp.Kind != c.kind {
				t.Errorf("%s %s → %s: kind %q, want %q", game, c.from, c.to, tp.Kind, c.kind)
			}
			opts := player.Options{Rand: player.NewRandom16(0)}
			src, err := player.BuildAnim(a, s.Tree().AnimList()[from].SetIndex, opts)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := player.BuildTransition(a, src, lead, s.Tree().AnimList()[to].SetIndex, opts)
			if err != nil {
				t.Fatal(err)
			}
			if s.Duration() != lead+tr.Duration() {
				t.Errorf("%s %s → %s: duration %v, want %v", game, c.from, c.to, s.Duration(), lead+tr.Duration())
			}
			for _, u := range []float64{0, 0.1, 0.3, 1.0} {
				p := player.NewPose(a.Skeleton)
				tr.Sample(u, p)
				if d := poseDiff(poseAt(s, lead+u), p); d > 1e-6 {
					t.Errorf("%s %s → %s at %v: differs by %g", game, c.from, c.to, u, d)
				}
			}
		}
	}
}

// TestANCSFolderWithAMissingANIM opens the demo set's ANCS from a folder
// whose walk ANIM is missing: the loader warns, walk and the trees that
// play it fail to build with their name, the others play.
func TestANCSFolderWithAMissingANIM(t *testing.T) {
	files, err := primetest.SetFiles(prime.MP1)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for n, b := range files {
		if n != "1A2B3C4D.ANIM" {
			fsys[n] = &fstest.MapFile{Data: b}
		}
	}
	a, err := prime.LoadANCS(&formats.Input{Name: primetest.ANCSName, Data: fsys[primetest.ANCSName].Data,
		Siblings: formats.FSResolver{FS: fsys}})
	if err != nil {
		t.Fatal(err)
	}
	s := New(primetest.ANCSName, a)
	if len(s.Messages().Warnings()) == 0 || !s.Tree().HasAnims() {
		t.Fatalf("warnings %q, anims %v", s.Messages().Warnings(), s.Tree().HasAnims())
	}
	if !strings.Contains(s.Messages().Err(), `animation "walk"`) || s.Sampler() != nil {
		t.Errorf("walk without its ANIM: error %q", s.Messages().Err())
	}
	for _, c := range []struct {
		name string
		ok   bool
	}{{"idle", true}, {"walk_blend", false}, {"random_idle", true}, {"sequence", false}} {
		s.ShowError("")
		err := s.SelectAnim(s.Tree().AnimByName(c.name))
		if (err == nil) != c.ok || (s.Sampler() != nil) != c.ok {
			t.Errorf("%s: error %v, sampler %v", c.name, err, s.Sampler())
		}
		if !c.ok && !strings.Contains(s.Messages().Err(), c.name) {
			t.Errorf("%s: error %q does not name it", c.name, s.Messages().Err())
		}
	}
}

// TestMutesFollowTheAnimation: a muted event stays muted while the tree is
// rebuilt (a weight) and not into another animation.
func TestMutesFollowTheAnimation(t *testing.T) {
	s := demoSet(t)
	anim(t, s, "walk_blend")
	if s.Visibility().eventCount() != 5 {
		t.Fatalf("walk_blend has %d events", s.Visibility().eventCount())
	}
	s.toggleEvent(1)
	if err := s.SetBlendWeight(s.Tree().CurrentTree(), 0.6); err != nil {
		t.Fatal(err)
	}
	if !s.Visibility().EventMuted(1) {
		t.Error("a new weight unmuted the event")
	}
	anim(t, s, "walk")
	if s.Visibility().eventCount() != 5 || s.Visibility().EventMuted(1) {
		t.Errorf("walk inherits the mute: %v", s.Visibility().eventCount())
	}
}
