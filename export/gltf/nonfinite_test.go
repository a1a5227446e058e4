package gltf

import (
	"errors"
	"math"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/player"
)

// poisoned samples an inner source and writes a value into one bone's pose
// from time `from` on, counting its samples.
type poisoned struct {
	inner player.Sampler
	bone  int
	from  float64
	set   func(t *formats.Transform)
	// scaleAll scales every bone by 1e38 from `from` on instead.
	scaleAll bool
	samples  int
}

func (p *poisoned) Duration() float64 { return p.inner.Duration() }
func (p *poisoned) Sample(t float64, pose *player.Pose) {
	p.samples++
	p.inner.Sample(t, pose)
	switch {
	case t < p.from:
	case p.scaleAll:
		for i := range pose.Local {
			pose.Local[i].Scale = [3]float32{1e38, 1e38, 1e38}
		}
	default:
		p.set(&pose.Local[p.bone])
	}
}

// TestBuildStopsAtNonFinitePose is issue 25's item 3 seen from the
// exporter: a NaN pose used to make every interval fail its fit and split
// to maxDepth until the 2^20-key limit (33.6 s and 721 MB for a LEGO
// Island clip). Now the first non-finite pose, or a world position that
// overflows, ends the take with an error wrapping formats.ErrNonFinite,
// after no more samples than the base grid and its midpoints.
func TestBuildStopsAtNonFinitePose(t *testing.T) {
	a := demo.New()
	clip := a.Clips[0]
	nan := float32(math.NaN())
	// A chain of 12 bones, each scaled by 1e38: its locals are finite,
	// the twelfth's world position (1e38^11 in float64) is not.
	chain := &formats.Skeleton{}
	for i := 0; i < 12; i++ {
		b := formats.Bone{Parent: i - 1, Bind: formats.Identity()}
		b.Bind.Translation[1] = 1
		chain.Bones = append(chain.Bones, b)
	}
	huge := &formats.Asset{Skeleton: chain}
	for _, tc := range []struct {
		name  string
		asset *formats.Asset
		src   *poisoned
	}{
		{"NaN translation from the middle", a, &poisoned{inner: player.NewClipSampler(a.Skeleton, clip), bone: 3, from: clip.Duration / 2,
			set: func(t *formats.Transform) { t.Translation[1] = nan }}},
		{"NaN rotation from the start", a, &poisoned{inner: player.NewClipSampler(a.Skeleton, clip), bone: 0, from: 0,
			set: func(t *formats.Transform) { t.Rotation.W = nan }}},
		{"infinite scale", a, &poisoned{inner: player.NewClipSampler(a.Skeleton, clip), bone: 5, from: 0.1,
			set: func(t *formats.Transform) { t.Scale[0] = float32(math.Inf(1)) }}},
		{"world overflow", huge, &poisoned{inner: fixed{1, chain}, bone: 0, from: 0.5,
			set: func(*formats.Transform) {}, scaleAll: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			take := Take{Name: "poisoned", Source: tc.src, FrameRate: 30}
			doc, err := Build(tc.asset, []Take{take})
			if doc != nil || !errors.Is(err, formats.ErrNonFinite) {
				t.Fatalf("document %v, error %v; want an error wrapping ErrNonFinite", doc != nil, err)
			}
			frames := int(tc.src.Duration()*30) + 2
			if tc.src.samples > 2*frames+2 {
				t.Errorf("%d samples for a %d-frame grid: the sampler split intervals of a non-finite pose", tc.src.samples, frames)
			}
		})
	}
}
