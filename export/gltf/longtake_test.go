package gltf

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/ms3d"
	"github.com/animview/animview/player"
	"github.com/qmuntal/gltf"
)

// longMilkShape is a MilkShape model written by the project's writer in
// the shape of the public Woman4.ms3d that export once refused: a long
// timeline (30 s at 30 fps) whose joints each have their own Hermite
// position keys, five a second off the frames and at times of their own, which the
// loader resamples many times per key interval
// (docs/formats/milkshape-anm.md#baking-into-tracks). Every joint hangs
// from the root, a unit away, and wobbles by a twentieth of that.
func longMilkShape(t testing.TB) *formats.Asset {
	t.Helper()
	const joints, seconds, fps = 24, 30, 30
	f := &ms3d.File{Header: ms3d.Header{ID: ms3d.Magic, Version: 4},
		AnimationFPS: fps, TotalFrames: seconds * fps}
	f.Joints = append(f.Joints, ms3d.Joint{Name: "root",
		RotationKeys: []ms3d.RotationKey{{Time: 0}, {Time: seconds, Rotation: [3]float32{0, 1, 0}}}})
	for j := 1; j < joints; j++ {
		a := 2 * math.Pi * float64(j) / joints
		jt := ms3d.Joint{Name: "j" + string(rune('a'+j-1)), ParentName: "root",
			Position: [3]float32{float32(math.Cos(a)), 0, float32(math.Sin(a))}}
		for k := 0; k < seconds*5; k++ {
			// Keys a fifth of a second apart, each joint's shifted by
			// its own fraction of that, so that no two joints share a
			// time.
			tm := (float32(k) + float32(j)/(joints+1)) / 5
			jt.PositionKeys = append(jt.PositionKeys, ms3d.PositionKey{Time: tm, Position: [3]float32{
				float32(0.05 * math.Sin(1.3*float64(k)+a)), float32(0.05 * math.Cos(0.7*float64(k)+a)), 0}})
		}
		f.Joints = append(f.Joints, jt)
	}
	data, err := f.Encode()
	if err != nil {
		t.Fatal(err)
	}
	p, err := ms3d.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	a, err := p.Asset("long", ms3d.FormatMS3D, nil)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestLongResampledTake: a take whose resampled tracks would put more
// times on the shared grid than the bone-sample bound allows (the
// failure's shape, checked first so that the test cannot pass
// vacuously) exports, because only their knots join the base grid
// (docs/formats/gltf-export.md#sampling), and stays well inside the bound.
// TestRoundTrip and TestValidator check the same export (fixture
// "ms3d-long") against the player and the Khronos validator.
func TestLongResampledTake(t *testing.T) {
	a := longMilkShape(t)
	c := a.Clips[0]
	n := len(a.Skeleton.Bones)
	var all []float64
	for i := range c.Tracks {
		tr := &c.Tracks[i].Translation
		if i > 0 && (tr.Knots == nil || len(tr.Knots) >= len(tr.Times)) {
			t.Fatalf("bone %d: %d translation keys, %d knots: the loader did not resample it", i, len(tr.Times), len(tr.Knots))
		}
		all = append(all, tr.Times...)
		all = append(all, c.Tracks[i].Rotation.Times...)
	}
	old := baseGrid(&Take{FrameRate: c.FrameRate, KeyTimes: all}, c.Duration)
	if 2*len(old)*n <= maxBoneSamples {
		t.Fatalf("every sample on the grid makes %d times for %d bones: within the bound, not the failure's shape", len(old), n)
	}
	tk := ClipTake(a.Skeleton, c)
	base := baseGrid(&tk, c.Duration)
	doc, err := Build(a, []Take{tk})
	if err != nil {
		t.Fatal(err)
	}
	keys := doc.Accessors[doc.Animations[0].Samplers[0].Input].Count
	for _, s := range doc.Animations[0].Samplers {
		keys = max(keys, doc.Accessors[s.Input].Count)
	}
	t.Logf("%d bones; all samples on the grid: %d times; knots and frames: %d; the largest channel: %d keys", n, len(old), len(base), keys)
	// Each channel keeps its own keys (docs/formats/gltf-export.md#keys):
	// none needs the whole base grid.
	if keys < 2 || int(keys) > len(base) {
		t.Fatalf("a channel of %d keys from a base grid of %d: expected at most the base", keys, len(base))
	}
}

// TestResampledBetweenKeys: where a resampled track's samples are not on
// the grid, the export follows the player's curve within its stated
// tolerance at any time, not only at the times the sampler and the key
// reduction measure: the grid's (twice the sampler's tolerance, the
// knots holding the curve's turns, docs/formats/gltf-export.md#sampling)
// plus what the channels on a chain may miss by together (chainTol,
// docs/formats/gltf-export.md#keys); the cubic pieces merged over a
// curve's knots must not leave the player's hold before the first key. anm-cylindro's Legs/run, with
// only its key times as knots, was 7.1e-5 of the figure's size off a
// quarter into a frame centred on a turn.
func TestResampledBetweenKeys(t *testing.T) {
	for _, fx := range []fixture{{"anm-cylindro", load(t, "../../formats/anm/testdata/cylindro.anm", "")}, {"ms3d-long", longMilkShape(t)}} {
		t.Run(fx.name, func(t *testing.T) {
			a := fx.asset
			doc := new(gltf.Document)
			if err := gltf.NewDecoder(bytes.NewReader(exportBytes(t, a))).Decode(doc); err != nil {
				t.Fatal(err)
			}
			ev, conv, size, sk := newEvaluator(t, doc), ConversionFor(a.Coords), FigureSize(doc), a.Skeleton
			worst, where := 0.0, ""
			for ci, c := range a.Clips {
				smp := player.NewClipSampler(sk, c)
				pose, world := player.NewPose(sk), player.NewWorldPose(sk)
				// Eight times a frame, off the frames, or 2000 times.
				n := min(int(math.Ceil(c.Duration*c.FrameRate*8)), 2000)
				for k := 0; k < n; k++ {
					tm := c.Duration * (float64(k) + 0.5) / float64(n)
					smp.Sample(tm, pose)
					player.ToWorld(sk, pose, world)
					got := ev.world(ci, tm)
					for b := range sk.Bones {
						if d := got[b].Sub(conv.Point(world.Position(b))).Len() / size; d > worst {
							worst, where = d, fmt.Sprintf("clip %q bone %d (%s) at %.4f s", c.Name, b, sk.Bones[b].Name, tm)
						}
					}
				}
			}
			t.Logf("worst joint error %.3g of the figure's size (%s)", worst, where)
			if worst > 2*relTol+chainTol {
				t.Fatalf("worst joint error %.3g of the figure's size, more than the grid's %g and the chain's %g", worst, 2*relTol, chainTol)
			}
		})
	}
}
