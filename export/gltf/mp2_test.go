package gltf

import (
	"bytes"
	"math"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/primetest"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// mp2Scaled returns the demo creature's scuttle as Metroid Prime 2 ANIMs
// (versions 0 and 2) over the demo CINF read as MP2, with scale keys on
// bones that have children: Body pulses (1, 1+0.25 sin, 0.8), each upper
// leg stretches along its length, the first tail bone squashes. Echoes
// composes these without inheriting scale
// (docs/formats/metroid-prime.md#world-pose), so the joints below a scaled
// bone are where a product of scaled matrices does not put them.
func mp2Scaled(t testing.TB) []fixture {
	t.Helper()
	k := primetest.Keys()
	phase := func(f int) float64 { return 2 * math.Pi * float64(f) / 30 }
	for i := range k.Channels {
		c := &k.Channels[i]
		var fn func(ph float64) mgl32.Vec3
		switch {
		case c.BoneID == 4:
			fn = func(ph float64) mgl32.Vec3 { return mgl32.Vec3{1, 1 + 0.25*float32(math.Sin(ph)), 0.8} }
		case c.BoneID == 7:
			fn = func(ph float64) mgl32.Vec3 { return mgl32.Vec3{0.7, 0.7 + 0.3*float32(math.Cos(ph)), 1} }
		case c.BoneID >= 10 && (c.BoneID-10)%3 == 0:
			fn = func(ph float64) mgl32.Vec3 { return mgl32.Vec3{1.2 + 0.3*float32(math.Sin(2*ph)), 1, 1} }
		default:
			continue
		}
		c.Scale = make([]mgl32.Vec3, len(k.Frames))
		for j, f := range k.Frames {
			c.Scale[j] = fn(phase(f))
		}
	}
	cinf := primetest.CINF()
	cinf.Game = prime.MP2
	cdata, err := cinf.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var out []fixture
	for _, v := range []int{0, 2} {
		h := prime.Header{Interval: 1.0 / 30, Duration: 1, RootBone: 3, Looping: true}
		keys := k
		if v == 0 {
			keys = everyFrame(k)
		}
		data, err := prime.EncodeANIM(prime.MP2, v, h, keys)
		if err != nil {
			t.Fatal(err)
		}
		a, err := prime.LoadANIM(&formats.Input{Name: "0E0C4E05.ANIM", Data: data,
			Skeleton: &formats.Input{Name: "5E6F7081.CINF", Data: cdata}})
		if err != nil {
			t.Fatal(err)
		}
		if a.Skeleton.Compose != formats.ComposePrime2 {
			t.Fatalf("MP2 v%d: the skeleton composes by rule %d, not Echoes'", v, a.Skeleton.Compose)
		}
		out = append(out, fixture{"mp2-scaled-v" + string(rune('0'+v)), a})
	}
	return out
}

// everyFrame returns keys on every frame (version 0 has no bitmap), each
// holding the last key at or before it.
func everyFrame(k *prime.Keys) *prime.Keys {
	last := k.Frames[len(k.Frames)-1]
	out := &prime.Keys{}
	src := make([]int, 0, last+1)
	j := 0
	for f := 0; f <= last; f++ {
		for j+1 < len(k.Frames) && k.Frames[j+1] <= f {
			j++
		}
		out.Frames = append(out.Frames, f)
		src = append(src, j)
	}
	for _, c := range k.Channels {
		d := prime.ChannelKeys{BoneID: c.BoneID}
		for _, s := range src {
			if c.Rotation != nil {
				d.Rotation = append(d.Rotation, c.Rotation[s])
			}
			if c.Translation != nil {
				d.Translation = append(d.Translation, c.Translation[s])
			}
			if c.Scale != nil {
				d.Scale = append(d.Scale, c.Scale[s])
			}
		}
		out.Channels = append(out.Channels, d)
	}
	return out
}

// TestMP2ScaleJoints checks the whole joint matrices of the MP2 exports,
// not only the joints' positions: the node each bone's mesh is bound to
// (its scale helper, or the bone's node) must carry the player's world
// matrix, its own scale included and no ancestor's, converted by the
// basis (B·M·B⁻¹), within 1e-4 of the figure's size per unit vector.
func TestMP2ScaleJoints(t *testing.T) {
	for _, fx := range mp2Scaled(t) {
		t.Run(fx.name, func(t *testing.T) {
			a := fx.asset
			doc := roundTripDoc(t, a)
			ev := newEvaluator(t, doc)
			sk := a.Skeleton
			bind := make([]int, len(sk.Bones))
			for i := range bind {
				bind[i] = i
			}
			helpers := 0
			for i, nd := range doc.Nodes {
				if ex, ok := nd.Extras.(map[string]any); ok {
					if of, ok := ex["scale_of"].(string); ok {
						for b := range sk.Bones {
							if doc.Nodes[b].Name == of {
								bind[b] = i
								helpers++
							}
						}
					}
				}
			}
			if helpers == 0 {
				t.Fatal("no scale helpers in an export whose bones scale")
			}
			conv := ConversionFor(a.Coords)
			size := FigureSize(doc)
			c := a.Clips[0]
			smp := player.NewClipSampler(sk, c)
			pose, world := player.NewPose(sk), player.NewWorldPose(sk)
			var b3 mgl64.Mat4
			for col := 0; col < 3; col++ {
				for row := 0; row < 3; row++ {
					b3[col*4+row] = conv.Basis[col*3+row]
				}
			}
			b3[15] = 1
			worst := 0.0
			for k := 0; k <= 60; k++ {
				tm := c.Duration * (float64(k) + 0.29) / 60
				tm = math.Min(tm, c.Duration)
				smp.Sample(tm, pose)
				player.ToWorld(sk, pose, world)
				ev.world(0, tm)
				for b := range sk.Bones {
					var m mgl64.Mat4
					for i, v := range world.Matrix(b) {
						m[i] = float64(v)
					}
					want := b3.Mul4(m).Mul4(b3.Transpose())
					got := ev.mats[bind[b]]
					for i := 0; i < 16; i++ {
						d := math.Abs(got[i] - want[i])
						if i >= 12 {
							d /= size
						}
						worst = math.Max(worst, d)
						if d > 1e-4 {
							t.Fatalf("t=%.4f bone %s: joint matrix\n%v\nwant\n%v", tm, sk.Bones[b].Name, got, want)
						}
					}
				}
			}
			t.Logf("%d scale helpers, worst matrix entry error %.2g", helpers, worst)
		})
	}
}

// roundTripDoc exports an asset's clips and reads the .glb back.
func roundTripDoc(t *testing.T, a *formats.Asset) *gltf.Document {
	t.Helper()
	doc := new(gltf.Document)
	if err := gltf.NewDecoder(bytes.NewReader(exportBytes(t, a))).Decode(doc); err != nil {
		t.Fatal(err)
	}
	return doc
}
