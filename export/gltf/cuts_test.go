package gltf

import (
	"bytes"
	"math"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/cuts"
	"github.com/animview/animview/player"
	"github.com/qmuntal/gltf"
)

// cutRanges are the ranges, as fractions of a clip's duration, that the
// cut tests take of every fixture's first clip: from the start, in the
// middle (between keys as a rule), to the end, and a sliver.
var cutRanges = [][2]float64{{0, 0.4}, {0.23, 0.61}, {0.5, 1}, {0.7, 0.71}}

// withCuts returns a copy of a with cuts of its first clip added (its
// clips are shared with a; the cuts are new).
func withCuts(t testing.TB, a *formats.Asset) *formats.Asset {
	t.Helper()
	b := *a
	b.Clips = append([]*formats.Clip(nil), a.Clips...)
	src := b.Clips[0]
	var cs []cuts.Cut
	for i, r := range cutRanges {
		cs = append(cs, cuts.Cut{Name: "cut " + string(rune('a'+i)), Clip: src.Name,
			From: r[0] * src.Duration, To: r[1] * src.Duration})
	}
	if errs := cuts.Apply(&b, cs); len(errs) > 0 {
		t.Fatal(errs)
	}
	return &b
}

// TestCutSamplesSource checks that a cut plays its source: the player's
// pose of the cut at t equals the source's at from+t, on every fixture,
// at the frames and at times between them. The cut interpolates between
// the source's own keys; only their times are shifted, which moves the
// interpolation factor by a rounding at most, so values agree to 1e-5
// (relative to the value's size, at least 1), and on the fixtures bit for bit (the log
// says how many).
func TestCutSamplesSource(t *testing.T) {
	for _, fx := range fixtures(t) {
		if len(fx.asset.Clips) == 0 || fx.asset.Clips[0].Duration <= 0 || fx.asset.Clips[0].Group == cuts.Group ||
			fx.asset.Clips[len(fx.asset.Clips)-1].Group == cuts.Group {
			continue
		}
		t.Run(fx.name, func(t *testing.T) {
			a := withCuts(t, fx.asset)
			sk := a.Skeleton
			src := a.Clips[0]
			ss := player.NewClipSampler(sk, src)
			ps, pc := player.NewPose(sk), player.NewPose(sk)
			exact, all := 0, 0
			for ci, c := range a.Clips[len(fx.asset.Clips):] {
				if err := c.Validate(len(sk.Bones)); err != nil {
					t.Fatalf("%s: %v", c.Name, err)
				}
				from := cutRanges[ci][0] * src.Duration
				cs := player.NewClipSampler(sk, c)
				const n = 97
				for k := 0; k <= n; k++ {
					tc := c.Duration * float64(k) / n
					ss.Sample(from+tc, ps)
					cs.Sample(tc, pc)
					all++
					same := true
					for b := range sk.Bones {
						x, y := ps.Local[b], pc.Local[b]
						if x != y {
							same = false
						}
						if d := transformDiff(x, y); d > 1e-5 {
							t.Fatalf("%s bone %d at %v (source %v): %v vs %v (diff %g)", c.Name, b, tc, from+tc, y, x, d)
						}
						if ps.Visible[b] != pc.Visible[b] {
							t.Fatalf("%s bone %d at %v: visible %v, source %v", c.Name, b, tc, pc.Visible[b], ps.Visible[b])
						}
					}
					if same {
						exact++
					}
				}
			}
			t.Logf("%d of %d poses bit for bit", exact, all)
		})
	}
}

// transformDiff is the largest difference of two transforms' components,
// relative to their size where that is over 1. A quaternion and its
// negation are one rotation.
func transformDiff(a, b formats.Transform) float64 {
	d := 0.0
	rel := func(x, y float32) {
		s := math.Max(1, math.Max(math.Abs(float64(x)), math.Abs(float64(y))))
		d = math.Max(d, math.Abs(float64(x)-float64(y))/s)
	}
	for i := range 3 {
		rel(a.Translation[i], b.Translation[i])
		rel(a.Scale[i], b.Scale[i])
	}
	qa, qb := a.Rotation, b.Rotation
	if qa.Dot(qb) < 0 {
		qb = qb.Scale(-1)
	}
	rel(qa.W, qb.W)
	for i := range 3 {
		rel(qa.V[i], qb.V[i])
	}
	return d
}

// TestCutExport exports every fixture with cuts of its first clip: the
// document has one animation per clip, named as the clips, each as long as
// its clip; TestRoundTrip and TestValidator's checks run on these assets
// too (cutFixtures in fixtures).
func TestCutExport(t *testing.T) {
	for _, fx := range cutFixtures(t) {
		t.Run(fx.name, func(t *testing.T) {
			a := fx.asset
			data := exportBytes(t, a)
			doc := new(gltf.Document)
			if err := gltf.NewDecoder(bytes.NewReader(data)).Decode(doc); err != nil {
				t.Fatal(err)
			}
			if len(doc.Animations) != len(a.Clips) {
				t.Fatalf("%d animations for %d clips", len(doc.Animations), len(a.Clips))
			}
			for i, c := range a.Clips {
				an := doc.Animations[i]
				end := 0.0
				for _, s := range an.Samplers {
					if acc := doc.Accessors[s.Input]; len(acc.Max) > 0 {
						end = math.Max(end, float64(acc.Max[0]))
					}
				}
				if math.Abs(end-c.Duration) > 1e-6 {
					t.Errorf("animation %d %q ends at %v, clip %q is %v s", i, an.Name, end, c.Name, c.Duration)
				}
			}
		})
	}
}

// TestCutKeepsCurve: a clip cut from a MilkShape timeline keeps its
// Hermite positions' curve (formats.CurveSpan: the piece of a cubic
// between the cut's ends is a cubic), so its export writes them as
// CUBICSPLINE too; TestRoundTrip's cuts-ms3d-* check that they play.
func TestCutKeepsCurve(t *testing.T) {
	a := withCuts(t, longMilkShape(t))
	doc, err := Build(a, allTakes(a))
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(a.Clips); i++ {
		curves, cubic := 0, 0
		for b := range a.Clips[i].Tracks {
			if a.Clips[i].Tracks[b].Translation.Curve != nil {
				curves++
			}
		}
		for _, s := range doc.Animations[i].Samplers {
			if s.Interpolation == gltf.InterpolationCubicSpline {
				cubic++
			}
		}
		if curves == 0 || cubic == 0 {
			t.Errorf("cut %q: %d tracks with a curve, %d CUBICSPLINE samplers", a.Clips[i].Name, curves, cubic)
		}
	}
}

// cutFixtures are a few fixtures with cuts of their first clip (the long
// MilkShape timeline, which is what cuts are for, and the other
// families' interpolation flavours).
func cutFixtures(t testing.TB) []fixture {
	var out []fixture
	for _, fx := range []fixture{
		{"ms3d-v4", load(t, "../../formats/ms3d/testdata/arm_v4.ms3d", "")},
		{"prime", load(t, "../../formats/prime/testdata/1A2B3C4D.ANIM", "")},
		{"lego-ani", load(t, "../../formats/lego/testdata/minifig_walk.ani", "")},
		{"ms3d-long", longMilkShape(t)},
	} {
		out = append(out, fixture{"cuts-" + fx.name, withCuts(t, fx.asset)})
	}
	return out
}
