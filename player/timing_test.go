package player

import (
	"testing"

	"github.com/animview/animview/formats"
)

// TestStepping: a clip steps at its own rate, else at 30 fps; Prime's
// float32 1/30 s interval (29.9999985 fps) still puts frame 30 at 1 s.
func TestStepping(t *testing.T) {
	const prime = 29.9999985
	for _, tc := range []struct {
		clip      *formats.Clip
		rate      float64
		frames    int
		frameAt1s int
	}{
		{&formats.Clip{Duration: 1.2, FrameRate: 30}, 30, 37, 30},
		{&formats.Clip{Duration: 1, FrameRate: prime}, prime, 31, 30},
		{&formats.Clip{Duration: 0.5}, DefaultFrameRate, 16, 30}, // LEGO Island: no rate of its own
		{&formats.Clip{Duration: 2, FrameRate: 24}, 24, 49, 24},
		{nil, DefaultFrameRate, 1, 30},
	} {
		rate := StepRate(tc.clip)
		d := 0.0
		if tc.clip != nil {
			d = tc.clip.Duration
		}
		if rate != tc.rate || FrameCount(d, rate) != tc.frames || FrameAt(1, rate) != tc.frameAt1s {
			t.Errorf("%+v: rate %v, %d frames, frame %d at 1 s; want %v, %d, %d",
				tc.clip, rate, FrameCount(d, rate), FrameAt(1, rate), tc.rate, tc.frames, tc.frameAt1s)
		}
	}
}

// TestListingDuration checks each node kind's rule on clips of 2 s and
// 0.5 s: Blend takes the longer child, PhaseBlend interpolates by its
// weight, Random its first child, Sequence the sum, a missing clip 0.
func TestListingDuration(t *testing.T) {
	clips := []*formats.Clip{{Duration: 2}, {Duration: 0.5}}
	play := func(c int) *formats.MetaAnim { return &formats.MetaAnim{Kind: formats.MetaPlay, Clip: c} }
	two := func(k formats.MetaKind, w float32) *formats.MetaAnim {
		return &formats.MetaAnim{Kind: k, Weight: w, Children: []*formats.MetaAnim{play(1), play(0)}}
	}
	for _, tc := range []struct {
		m    *formats.MetaAnim
		want float64
	}{
		{play(0), 2},
		{play(-1), 0},
		{two(formats.MetaBlend, 0.1), 2},
		{two(formats.MetaPhaseBlend, 0.25), 0.5 + 1.5*0.25},
		{two(formats.MetaRandom, 0), 0.5},
		{two(formats.MetaSequence, 0), 2.5},
		{nil, 0},
	} {
		if got := ListingDuration(tc.m, clips); got != tc.want {
			t.Errorf("%+v: %v, want %v", tc.m, got, tc.want)
		}
	}
}
