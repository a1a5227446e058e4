package player

import (
	"math"

	"github.com/animview/animview/formats"
)

// This file holds the timing rules the viewer, `info` and the reports
// share: how a clip is stepped in frames, and how long a meta-animation
// tree lasts.

// DefaultFrameRate is the rate a clip without one of its own (a LEGO
// Island .ani keyed in milliseconds) is stepped at.
const DefaultFrameRate = 30

// StepRate returns the rate clip c is stepped at, frame by frame: its own
// frame rate, else DefaultFrameRate.
func StepRate(c *formats.Clip) float64 {
	if c != nil && c.FrameRate > 0 {
		return c.FrameRate
	}
	return DefaultFrameRate
}

// FrameAt returns the frame shown at t seconds at rate frames per second.
// Frame rates that come from float32 intervals (Prime's 1/30 s is
// 29.9999985 fps) put whole frames a hair below the integer, hence the
// tolerance.
func FrameAt(t, rate float64) int { return int(math.Floor(t*rate + 1e-3)) }

// FrameCount returns the number of frames of d seconds at rate frames per
// second: frames 0 to FrameAt(d, rate).
func FrameCount(d, rate float64) int { return FrameAt(d, rate) + 1 }

// TreeTiming is what the player's builds of one animation of a character
// set say: its duration, each node's, and the child each Random node drew.
type TreeTiming struct {
	// Seed is the seed the build's Random nodes drew with.
	Seed     uint32
	Duration float64
	nodes    map[*formats.MetaAnim]float64
	drawn    map[*formats.MetaAnim]int
}

// maxPinBuilds bounds the extra builds that measure a tree's Random
// children the seed did not draw.
const maxPinBuilds = 32

// MeasureAnim builds animation setIndex of a's animation set as it plays
// (its Random nodes drawing from seed) and records every node's duration;
// the Random children the seed did not draw are measured by further
// builds that pin them (at most 32: a child that cannot be built, or one
// past the limit, is not measured).
func MeasureAnim(a *formats.Asset, setIndex int, seed uint32) (*TreeTiming, error) {
	tt := &TreeTiming{Seed: seed, nodes: map[*formats.MetaAnim]float64{}, drawn: map[*formats.MetaAnim]int{}}
	var randoms []*formats.MetaAnim
	first := true
	build := func(pins map[*formats.MetaAnim]int) (Source, error) {
		return BuildAnim(a, setIndex, Options{Seed: seed, Pins: pins,
			OnBuild: func(m *formats.MetaAnim, s Source) {
				// The seed's build comes first and is the one shown.
				if _, ok := tt.nodes[m]; !ok {
					tt.nodes[m] = s.Duration()
				}
			},
			OnRandom: func(m *formats.MetaAnim, child int) {
				if _, ok := tt.drawn[m]; !ok && first {
					tt.drawn[m] = child
				}
				randoms = append(randoms, m)
			}})
	}
	src, err := build(nil)
	if err != nil {
		return nil, err
	}
	first = false
	tt.Duration = src.Duration()
	builds := 0
	for i := 0; i < len(randoms) && builds < maxPinBuilds; i++ {
		m := randoms[i]
		for c, child := range m.Children {
			if _, done := tt.nodes[child]; done || child == nil || builds >= maxPinBuilds {
				continue
			}
			builds++
			// A child that cannot be built stays unmeasured.
			_, _ = build(map[*formats.MetaAnim]int{m: c})
		}
	}
	return tt, nil
}

// Node returns the duration the builds gave node m; ok is false for a
// node they did not build (or a nil TreeTiming).
func (tt *TreeTiming) Node(m *formats.MetaAnim) (d float64, ok bool) {
	if tt == nil {
		return 0, false
	}
	d, ok = tt.nodes[m]
	return d, ok
}

// Drawn returns the child Random node m drew in the seed's build; ok is
// false for other nodes (or a nil TreeTiming).
func (tt *TreeTiming) Drawn(m *formats.MetaAnim) (child int, ok bool) {
	if tt == nil {
		return 0, false
	}
	child, ok = tt.drawn[m]
	return child, ok
}

// ListingRule says how ListingDuration measures a tree.
const ListingRule = "Play = its clip, Blend = the longer child, PhaseBlend = dA+(dB-dA)w, Random = its first child, Sequence = the sum"

// ListingDuration is a tree's duration by ListingRule, from the file's
// listing alone: for nodes the player does not build (a transition's
// middle animation) or cannot build. Trees deeper than 64 levels count 0
// below that depth.
func ListingDuration(m *formats.MetaAnim, clips []*formats.Clip) float64 {
	return listingDuration(m, clips, 0)
}

func listingDuration(m *formats.MetaAnim, clips []*formats.Clip, depth int) float64 {
	if m == nil || depth > 64 {
		return 0
	}
	child := func(i int) float64 {
		if i < len(m.Children) {
			return listingDuration(m.Children[i], clips, depth+1)
		}
		return 0
	}
	switch m.Kind {
	case formats.MetaPlay:
		if m.Clip >= 0 && m.Clip < len(clips) {
			return clips[m.Clip].Duration
		}
		return 0
	case formats.MetaBlend:
		return max(child(0), child(1))
	case formats.MetaPhaseBlend:
		a, b := child(0), child(1)
		return a + (b-a)*float64(m.Weight)
	case formats.MetaRandom:
		return child(0)
	case formats.MetaSequence:
		var d float64
		for i := range m.Children {
			d += child(i)
		}
		return d
	}
	return 0
}
