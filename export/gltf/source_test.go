package gltf

import (
	"bytes"
	"math"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/player"
	"github.com/qmuntal/gltf"
)

// blend is a stand-in for a meta-animation node: two sources mixed with a
// weight that ramps over the take (translations lerped, rotations
// nlerped), which no glTF interpolation reproduces from the clips' keys.
type blend struct {
	a, b   player.Sampler
	pa, pb *player.Pose
}

func (s *blend) Duration() float64 { return math.Max(s.a.Duration(), s.b.Duration()) }

func (s *blend) Sample(t float64, p *player.Pose) {
	s.a.Sample(math.Min(t, s.a.Duration()), s.pa)
	s.b.Sample(math.Min(t, s.b.Duration()), s.pb)
	w := float32(t / s.Duration())
	for i := range p.Local {
		la, lb := &s.pa.Local[i], &s.pb.Local[i]
		p.Local[i] = formats.Transform{
			Translation: la.Translation.Add(lb.Translation.Sub(la.Translation).Mul(w)),
			Rotation:    player.SlerpShortest(la.Rotation, lb.Rotation, w),
			Scale:       la.Scale.Add(lb.Scale.Sub(la.Scale).Mul(w)),
		}
		p.Visible[i] = true
	}
}

// TestSourceTake exports a take built from a player.Sampler (the slot
// ANCS meta-animations and transitions fill) and checks its round trip.
func TestSourceTake(t *testing.T) {
	a := demo.New()
	sk := a.Skeleton
	src := &blend{a: player.NewClipSampler(sk, a.Clips[0]), b: player.NewClipSampler(sk, a.Clips[1]),
		pa: player.NewPose(sk), pb: player.NewPose(sk)}
	back := roundTrip(t, a, []Take{{Name: "walk to idle", Source: src, FrameRate: 30, Interp: "blend"}})
	ev := newEvaluator(t, back)
	conv := ConversionFor(a.Coords)
	size := FigureSize(back)
	pose, world := player.NewPose(sk), player.NewWorldPose(sk)
	for k := 0; k <= 300; k++ {
		tm := src.Duration() * float64(k) / 300
		src.Sample(tm, pose)
		player.ToWorld(sk, pose, world)
		got := ev.world(0, tm)
		for b := range sk.Bones {
			if d := got[b].Sub(conv.Point(world.Position(b))).Len() / size; d > 1e-4 {
				t.Fatalf("t=%.4f bone %d: off by %.3g of the figure's size", tm, b, d)
			}
		}
	}
}

// fixed is a source of a given duration that holds the bind pose.
type fixed struct {
	d  float64
	sk *formats.Skeleton
}

func (f fixed) Duration() float64                { return f.d }
func (f fixed) Sample(t float64, p *player.Pose) { p.SetBind(f.sk) }

// TestBuildRejects checks that bad takes and assets give errors, not
// panics or runaway allocations.
func TestBuildRejects(t *testing.T) {
	a := demo.New()
	sk := a.Skeleton
	tests := []struct {
		name  string
		asset *formats.Asset
		take  Take
	}{
		{"no skeleton", &formats.Asset{}, Take{Source: fixed{1, sk}}},
		{"NaN duration", a, Take{Name: "nan", Source: fixed{math.NaN(), sk}}},
		{"negative duration", a, Take{Name: "neg", Source: fixed{-1, sk}}},
		{"infinite duration", a, Take{Name: "inf", Source: fixed{math.Inf(1), sk}, FrameRate: 30}},
		{"too long", a, Take{Name: "long", Source: fixed{1e7, sk}, FrameRate: 30}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Build(tt.asset, []Take{tt.take}); err == nil {
				t.Error("no error")
			}
		})
	}
	// An infinite frame rate falls back to the default rate.
	if _, err := Build(a, []Take{{Name: "inf rate", Source: fixed{1, sk}, FrameRate: math.Inf(1)}}); err != nil {
		t.Errorf("infinite frame rate: %v", err)
	}
}

// roundTrip builds the glTF of a's takes, encodes it as a .glb and decodes
// it again, as a reader of the file would have it.
func roundTrip(t testing.TB, a *formats.Asset, takes []Take) *gltf.Document {
	t.Helper()
	doc, err := Build(a, takes)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Encode(&buf, doc, true); err != nil {
		t.Fatal(err)
	}
	back := new(gltf.Document)
	if err := gltf.NewDecoder(&buf).Decode(back); err != nil {
		t.Fatal(err)
	}
	return back
}
