package gltf

import (
	"math"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/primetest"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
)

// chanKey names a channel: its node and path.
type chanKey struct {
	node int
	path gltf.TRSProperty
}

// TestPrimeLongWay: Metroid Prime slerps between keys without the
// short-arc flip (docs/formats/metroid-prime.md), so a key in the
// hemisphere opposite the previous one makes the bone turn the long way
// round to it (and back to the next). glTF's slerp takes the short arc,
// so the export adds keys there, and only there
// (docs/formats/gltf-export.md#keys): against the export of the same clip
// without the turn, every key the turn brings is on that bone's rotation
// inside the turn, and the round trip plays the turn as the player does. The clip is the demo creature's
// scuttle on every frame, as a version 0 ANIM written by our encoder,
// over its CINF, with one rotation key of one bone turned 200°. For
// glTF's slerp a key on the same great arc inside each of the two long
// intervals makes both halves short arcs; MP1's slerp weighs by
// FastSinR of FastArcCosR (docs/formats/metroid-prime.md#mp1-slerp), not
// quite constant speed along the arc, so the halves' quarters may take a
// key too: at most three an interval. For Blender (ForBlender), whose
// component-wise lerp leaves the arc, many more.
func TestPrimeLongWay(t *testing.T) {
	for _, tt := range []struct {
		target   Target
		maxAdded int
	}{{ForGLTF, 6}, {ForBlender, 64}} {
		t.Run(tt.target.String(), func(t *testing.T) { primeLongWay(t, tt.target, tt.maxAdded) })
	}
}

func primeLongWay(t *testing.T, target Target, maxAdded int) {
	cdata, err := primetest.CINF().MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	const flip = 14 // frames 13 to 15 are distinct keys (DemoKeys)
	build := func(turn bool) (*formats.Asset, int, map[chanKey][]float32) {
		k := everyFrame(primetest.Keys())
		ci := 1
		if turn {
			// Key 14 turns 200° about the bone's Z from key 13: its
			// quaternion (w = cos 100°) lies in the hemisphere opposite
			// key 13's, so the game turns the 200°, where glTF's slerp
			// would turn 160° the other way.
			r := k.Channels[ci].Rotation
			r[flip] = r[flip-1].Mul(mgl32.QuatRotate(float32(200*math.Pi/180), mgl32.Vec3{0, 0, 1}))
		}
		h := prime.Header{Interval: 1.0 / 30, Duration: 1, RootBone: 3, Looping: true}
		data, err := prime.EncodeANIM(prime.MP1, 0, h, k)
		if err != nil {
			t.Fatal(err)
		}
		a, err := prime.LoadANIM(&formats.Input{Name: "1A2B3C4D.ANIM", Data: data,
			Skeleton: &formats.Input{Name: "5E6F7081.CINF", Data: cdata}})
		if err != nil {
			t.Fatal(err)
		}
		bone := -1
		for b := range a.Skeleton.Bones {
			if a.Skeleton.Bones[b].ID == k.Channels[ci].BoneID {
				bone = b
			}
		}
		doc, err := Build(a, takesFor(a, target))
		if err != nil {
			t.Fatal(err)
		}
		times := map[chanKey][]float32{}
		for _, ch := range doc.Animations[0].Channels {
			key := chanKey{*ch.Target.Node, ch.Target.Path}
			times[key] = inputTimes(t, doc, doc.Animations[0].Samplers[ch.Sampler])
		}
		return a, bone, times
	}
	_, _, before := build(false)
	a, bone, after := build(true)
	lo, hi := float32(flip-1)/30, float32(flip+1)/30
	added := 0
	for key, ts := range after {
		had := map[float32]bool{}
		for _, tm := range before[key] {
			had[tm] = true
		}
		for _, tm := range ts {
			if had[tm] || tm*30 == float32(math.Round(float64(tm*30))) {
				continue
			}
			if key != (chanKey{bone, gltf.TRSRotation}) || !(tm > lo && tm < hi) {
				t.Errorf("node %d %v: a key at %v s, off the frames and outside the long turn (%v, %v)", key.node, key.path, tm, lo, hi)
			}
			added++
		}
	}
	if added == 0 || added > maxAdded {
		t.Fatalf("%d keys added for the long turn, want 1 to %d", added, maxAdded)
	}
	t.Logf("%d keys added between %v s and %v s", added, lo, hi)
	// The round trip, as TestRoundTrip's: the glTF evaluated by the
	// specification (slerp) and, for Blender, component-wise too against
	// the player, forty times a frame over the turn.
	back := roundTrip(t, a, takesFor(a, target))
	conv, size, sk, c := ConversionFor(a.Coords), FigureSize(back), a.Skeleton, a.Clips[0]
	smp := player.NewClipSampler(sk, c)
	pose, world := player.NewPose(sk), player.NewWorldPose(sk)
	readings := []bool{false}
	if target == ForBlender {
		readings = append(readings, true)
	}
	for _, cw := range readings {
		ev := newEvaluator(t, back)
		ev.componentwise = cw
		for i := 0; i <= 80; i++ {
			tm := float64(lo) + float64(hi-lo)*float64(i)/80
			smp.Sample(tm, pose)
			player.ToWorld(sk, pose, world)
			got := ev.world(0, tm)
			for b := range sk.Bones {
				if d := got[b].Sub(conv.Point(world.Position(b))).Len() / size; d > 1e-4 {
					t.Fatalf("t=%.4f bone %d, component-wise %v: off by %.3g of the figure's size", tm, b, cw, d)
				}
			}
		}
	}
}
