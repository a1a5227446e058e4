package gltf

import (
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/primetest"
	"github.com/animview/animview/player"
)

// treeFixture is a character of a sample PAK with its animations as takes.
type treeFixture struct {
	name  string
	asset *formats.Asset
	takes []Take
}

// treeFixtures opens both characters of the committed demo PAKs (MP1 with
// zlib entries, MP2 with LZO): six animations each, among them a Blend
// ("walk_blend"), a PhaseBlend ("phase"), a Random and a Sequence.
func treeFixtures(t testing.TB) []treeFixture {
	t.Helper()
	var out []treeFixture
	for _, game := range []string{"mp1", "mp2"} {
		for _, char := range []string{"Crawler", "Crawler_Calm"} {
			a := load(t, "../../formats/prime/pak/testdata/DemoSet-"+game+".pak", char)
			takes, skipped, err := AssetTakes(a)
			if err != nil || len(skipped) != 0 {
				t.Fatalf("%s %s: %v, skipped %q", game, char, err, skipped)
			}
			out = append(out, treeFixture{game + "-" + char, a, takes})
		}
	}
	return out
}

// TestTreeRoundTrip exports the demo characters' trees and evaluates the
// export by the glTF specification (slerp and Blender's per-component
// lerp): every joint's world position must match the world pose of a tree
// the player builds afresh (BuildAnim, seed 0), converted by the basis,
// within 1e-4 of the figure's size, over the whole pass.
func TestTreeRoundTrip(t *testing.T) {
	for _, fx := range treeFixtures(t) {
		t.Run(fx.name, func(t *testing.T) {
			a := fx.asset
			ch := a.Characters[a.Character]
			if len(fx.takes) != len(ch.Animations) {
				t.Fatalf("%d takes for %d animations", len(fx.takes), len(ch.Animations))
			}
			back := roundTrip(t, a, fx.takes)
			ev, evBlender := newEvaluator(t, back), newEvaluator(t, back)
			evBlender.componentwise = true
			conv := ConversionFor(a.Coords)
			size := FigureSize(back)
			sk := a.Skeleton
			pose, world := player.NewPose(sk), player.NewWorldPose(sk)
			clipPose, clipWorld := player.NewPose(sk), player.NewWorldPose(sk)
			worst := 0.0
			for k, ca := range ch.Animations {
				if back.Animations[k].Name != ca.Name {
					t.Fatalf("animation %d is %q, want %q", k, back.Animations[k].Name, ca.Name)
				}
				src, err := player.BuildAnim(a, ca.SetIndex, player.Options{Seed: 0, Skeleton: sk})
				if err != nil {
					t.Fatal(err)
				}
				d := src.Duration()
				if ex := back.Animations[k].Extras.(map[string]any); ex["duration"] != d {
					t.Errorf("%s: extras duration %v, the tree's %v", ca.Name, ex["duration"], d)
				}
				// How far the tree's pose gets from its first clip's,
				// so that a blend that fell back to one clip is seen.
				apart := 0.0
				const n = 300
				for i := 0; i <= n+1; i++ {
					tm := math.Min(d*(float64(i)+0.377)/n, d)
					if i == n+1 {
						tm = d
					}
					src.Sample(tm, pose)
					player.ToWorld(sk, pose, world)
					player.NewClipSampler(sk, a.Clips[0]).Sample(math.Mod(tm, a.Clips[0].Duration), clipPose)
					player.ToWorld(sk, clipPose, clipWorld)
					for _, e := range []*evaluator{ev, evBlender} {
						got := e.world(k, tm)
						for b := range sk.Bones {
							want := conv.Point(world.Position(b))
							dd := got[b].Sub(want).Len() / size
							worst = math.Max(worst, dd)
							if dd > 1e-4 {
								t.Fatalf("%s t=%.5f bone %s, component-wise %v: glTF %v, player %v: off by %.3g of the figure's size",
									ca.Name, tm, sk.Bones[b].Name, e.componentwise, got[b], want, dd)
							}
							apart = math.Max(apart, float64(world.Position(b).Sub(clipWorld.Position(b)).Len()))
						}
					}
				}
				if ca.Name == "walk_blend" && apart < 1e-3 {
					t.Errorf("walk_blend never leaves the walk clip's pose (%.3g): not a blend", apart)
				}
			}
			t.Logf("%d animations, worst joint error %.2g of the figure's size", len(fx.takes), worst)
		})
	}
}

// TestTreeTakeFacts checks what a tree's take says of itself: the seed and
// the Random node's draw, the events of one pass on the tree's timeline,
// the played clips' rate and interpolation.
func TestTreeTakeFacts(t *testing.T) {
	for _, fx := range treeFixtures(t)[:1] {
		byName := map[string]*Take{}
		for i := range fx.takes {
			byName[fx.takes[i].Name] = &fx.takes[i]
		}
		info := func(tk *Take, key string) string {
			for _, kv := range tk.Info {
				if kv.Key == key {
					return kv.Value
				}
			}
			return ""
		}
		walk, rnd, seq := byName["walk"], byName["random_idle"], byName["sequence"]
		if info(walk, "tree seed") != "0" || math.Abs(walk.FrameRate-30) > 1e-3 || walk.Interp != "prime" || !walk.Loop {
			t.Errorf("walk: seed %q, rate %v, interp %q, loop %v", info(walk, "tree seed"), walk.FrameRate, walk.Interp, walk.Loop)
		}
		// CRandom16 seeded 0 draws 1 first (Range(1, 100)): the 70% child.
		if got := info(rnd, "random drew child"); got != `0 ("idle")` {
			t.Errorf("random draw %q", got)
		}
		// The walk's five events (demo EVNT), the loop point at its
		// start crossed when the clip wraps, at the end of the pass.
		var names []string
		for _, e := range walk.Events {
			names = append(names, e.Name)
		}
		if strings.Join(names, ",") != "Step_Left,Dust,Chirp,Step_Right,Loop" || walk.Events[0].Time != 0.25 || walk.Events[4].Time != 1 {
			t.Errorf("walk events %v (%+v)", names, walk.Events)
		}
		// The sequence plays its walk last: the walk's events come at the
		// walk's times after the alert and the joins.
		d := seq.Source.Duration()
		if n := len(seq.Events); n == 0 || seq.Events[n-1].Name != "Loop" || math.Abs(seq.Events[n-1].Time-d) > 1e-9 {
			t.Errorf("sequence of %v s: events %+v", d, seq.Events)
		}
	}
}

// TestCharacterTakesSkips opens the demo set without its idle ANIM: the
// animations whose trees play it (directly, drawn by the Random node or
// through the sequence's join) are left out and named; the others export.
func TestCharacterTakesSkips(t *testing.T) {
	files, err := primetest.SetFiles(prime.MP1)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for n, b := range files {
		if n == "1A2B3C4E.ANIM" {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a := load(t, filepath.Join(dir, primetest.ANCSName), "")
	takes, skipped, err := CharacterTakes(a, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tk := range takes {
		names = append(names, tk.Name)
	}
	if strings.Join(names, ",") != "walk,phase" || len(skipped) != 4 || !strings.Contains(skipped[0], `"idle"`) {
		t.Errorf("takes %v, skipped %q", names, skipped)
	}
	if _, _, err := CharacterTakes(a, 5); err == nil {
		t.Error("character 5 of 2: no error")
	}
	// An asset without an animation set exports its clips.
	demo := demo.New()
	if takes, _, err := AssetTakes(demo); err != nil || len(takes) != len(demo.Clips) {
		t.Errorf("demo: %d takes, %v", len(takes), err)
	}
}

// BenchmarkBuildTrees builds the trees of one demo character (MP1) as
// takes and exports them (sampling, splitting, encoding): the work of one
// character in a PAK batch after loading.
func BenchmarkBuildTrees(b *testing.B) {
	a := load(b, "../../formats/prime/pak/testdata/DemoSet-mp1.pak", "Crawler")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		takes, _, err := AssetTakes(a)
		if err != nil {
			b.Fatal(err)
		}
		doc, err := Build(a, takes)
		if err != nil {
			b.Fatal(err)
		}
		if err := Encode(io.Discard, doc, true); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTreeTakeWith exports the demo Random and Blend trees with a viewer's
// choices (another seed, a pinned child, a weight of B): the glTF,
// evaluated by the specification, poses the joints as the player does
// building the same tree with the same options, the pose differs from the
// seed-0 export's (so the choice reached the take), and the facts name
// the seed, the pin and the weight.
func TestTreeTakeWith(t *testing.T) {
	a := treeFixtures(t)[0].asset
	set := func(name string) (int, *formats.MetaAnim) {
		for i, an := range a.AnimSet.Animations {
			if an.Name == name {
				return i, an.Tree
			}
		}
		t.Fatalf("no animation %q in the demo set", name)
		return 0, nil
	}
	rndIdx, rnd := set("random_idle")
	blendIdx, blend := set("walk_blend")
	if rnd.Kind != formats.MetaRandom || blend.Kind != formats.MetaBlend {
		t.Fatalf("demo roots: %v, %v", rnd.Kind, blend.Kind)
	}
	// The first seed whose draw is not seed 0's (child 0, "idle").
	seed := uint32(1)
	for ; seed < 1000; seed++ {
		if uint32(player.NewRandom16(seed).Range(1, 100)) > rnd.Probabilities[0] {
			break
		}
	}
	cases := []struct {
		name     string
		set      int
		o        TreeOptions
		key, val string
	}{
		{"seed", rndIdx, TreeOptions{Seed: seed}, "tree seed", strconv.FormatUint(uint64(seed), 10)},
		{"pin", rndIdx, TreeOptions{Pins: map[*formats.MetaAnim]int{rnd: 1}}, "random pinned child", "1 (" + strconv.Quote(rnd.Children[1].Name) + ")"},
		{"weight", blendIdx, TreeOptions{Weights: map[*formats.MetaAnim]float32{blend: 0.9}}, "blend weight of B", blend.Kind.String() + " 0.9"},
	}
	sk := a.Skeleton
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tk, err := TreeTakeWith(a, c.set, "", c.o)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, kv := range tk.Info {
				found = found || kv.Key == c.key && kv.Value == c.val
			}
			if !found {
				t.Errorf("facts %v lack %s: %s", tk.Info, c.key, c.val)
			}
			back := roundTrip(t, a, []Take{tk})
			ev, conv, size := newEvaluator(t, back), ConversionFor(a.Coords), FigureSize(back)
			want, err := player.BuildAnim(a, c.set, player.Options{Seed: c.o.Seed, Pins: c.o.Pins, Weights: c.o.Weights, Skeleton: sk})
			if err != nil {
				t.Fatal(err)
			}
			plain, err := player.BuildAnim(a, c.set, player.Options{Seed: TreeSeed, Skeleton: sk})
			if err != nil {
				t.Fatal(err)
			}
			pose, world := player.NewPose(sk), player.NewWorldPose(sk)
			pPose, pWorld := player.NewPose(sk), player.NewWorldPose(sk)
			apart := 0.0
			d := want.Duration()
			for i := 0; i <= 40; i++ {
				tm := d * (float64(i) + 0.377) / 41
				want.Sample(tm, pose)
				player.ToWorld(sk, pose, world)
				plain.Sample(math.Min(tm, plain.Duration()), pPose)
				player.ToWorld(sk, pPose, pWorld)
				got := ev.world(0, tm)
				for b := range sk.Bones {
					w := conv.Point(world.Position(b))
					if dd := got[b].Sub(w).Len() / size; dd > 1e-4 {
						t.Fatalf("t=%.4f bone %s: glTF %v, player %v: off by %.3g of the figure's size", tm, sk.Bones[b].Name, got[b], w, dd)
					}
					apart = math.Max(apart, float64(world.Position(b).Sub(pWorld.Position(b)).Len()))
				}
			}
			if apart < 1e-3 {
				t.Errorf("the pose never leaves the seed-0 tree's (%.3g): the choice did not reach the take", apart)
			}
		})
	}
}
