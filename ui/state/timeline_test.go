package state

import (
	"math"
	"testing"
)

// near reports whether a and b differ by less than a microsecond.
func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

// TestTimelineZoomKeepsThePointer: zooming around a time keeps that time
// at the same place on the timeline, never shows less than four frames or
// more than the clip, and panning stays inside the clip.
func TestTimelineZoomKeepsThePointer(t *testing.T) {
	s := demo() // walk: 1.2 s at 30 fps
	if lo, hi := s.Timeline().Span(); lo != 0 || hi != 1.2 || s.Timeline().Zoomed() {
		t.Fatalf("unzoomed span %v..%v zoomed %v", lo, hi, s.Timeline().Zoomed())
	}
	f := s.Timeline().FractionOf(0.3) // a quarter along
	s.ZoomTimeline(0.3, 0.5)
	lo, hi := s.Timeline().Span()
	if !near(hi-lo, 0.6) || !near(s.Timeline().FractionOf(0.3), f) || !s.Timeline().Zoomed() {
		t.Errorf("zoom 2× around 0.3: span %v..%v, 0.3 at %v (was %v)", lo, hi, s.Timeline().FractionOf(0.3), f)
	}
	if !near(s.Timeline().TimeAt(f), 0.3) {
		t.Errorf("TimeAt(%v) = %v, want 0.3", f, s.Timeline().TimeAt(f))
	}
	for i := 0; i < 20; i++ {
		s.ZoomTimeline(0.3, 0.5)
	}
	if lo, hi := s.Timeline().Span(); !near(hi-lo, 4.0/30) {
		t.Errorf("zoomed all the way in: span %v s, want 4 frames", hi-lo)
	}
	s.PanTimeline(10)
	if lo, hi := s.Timeline().Span(); !near(hi, 1.2) || !near(hi-lo, 4.0/30) {
		t.Errorf("panned past the end: span %v..%v", lo, hi)
	}
	s.PanTimeline(-10)
	if lo, _ := s.Timeline().Span(); lo != 0 {
		t.Errorf("panned past the start: span starts at %v", lo)
	}
	s.KeepInTimeline(1.0) // playback left the span: it pages on
	if lo, hi := s.Timeline().Span(); 1.0 < lo || 1.0 > hi {
		t.Errorf("Keep(1.0): span %v..%v", lo, hi)
	}
	s.ZoomTimeline(0.3, math.NaN())
	s.ZoomTimeline(0.3, -1)
	s.ZoomTimeline(0.3, 1e9)
	if s.Timeline().Zoomed() {
		t.Errorf("zooming out past the clip still zoomed: %v", s.Timeline().Zoomed())
	}
	s.ZoomTimeline(0.6, 0.25)
	s.SelectClip(1) // another clip shows whole
	if s.Timeline().Zoomed() {
		t.Error("another clip kept the zoom")
	}
}

// TestRangeBoundsPlayback: I and O snap to frames; playing loops inside
// the range, firing only its events; stepping wraps inside it; Home and
// End go to its ends; clearing gives the whole clip back.
func TestRangeBoundsPlayback(t *testing.T) {
	s := demo()
	s.SetIn(0.21) // frame 6.3: snaps to frame 6
	if in, out, ok := s.Timeline().Range(); !ok || !near(in, 0.2) || !near(out, 1.2) {
		t.Fatalf("SetIn(0.21): range %v..%v %v, want 0.2..1.2", in, out, ok)
	}
	s.SetOut(0.6)
	if in, out, _ := s.Timeline().Range(); !near(in, 0.2) || !near(out, 0.6) {
		t.Fatalf("SetOut(0.6): range %v..%v", in, out)
	}
	// Playing from 0 starts at the in point and loops in 0.2..0.6, which
	// holds footstep_left (0.3) only: 1.2 s is three passes.
	var fired []string
	for i := 0; i < 72; i++ {
		for _, e := range s.Advance(1.0/60, nil) {
			fired = append(fired, s.CurrentClip().Events[e].Name)
		}
		if tm := s.Playback().Time(); tm < 0.2-1e-9 || tm > 0.6+1e-9 {
			t.Fatalf("tick %d: time %v left the range", i, tm)
		}
	}
	if len(fired) != 3 || fired[0] != "footstep_left" || fired[2] != "footstep_left" {
		t.Errorf("three passes of 0.2..0.6 fired %v, want footstep_left three times", fired)
	}
	s.End()
	if !near(s.Playback().Time(), 0.6) {
		t.Errorf("End in a range: %v", s.Playback().Time())
	}
	s.StepFrames(1) // loop wraps to the in point
	if f, _ := s.Frame(); f != 6 {
		t.Errorf("step past the out point with loop: frame %d, want 6", f)
	}
	s.SetLoop(false)
	s.StepFrames(-1)
	s.Home()
	if !near(s.Playback().Time(), 0.2) {
		t.Errorf("Home in a range: %v", s.Playback().Time())
	}
	s.StepFrames(-3)
	if f, _ := s.Frame(); f != 6 {
		t.Errorf("step before the in point without loop: frame %d, want 6", f)
	}
	s.End()
	s.TogglePlay() // at the out point without loop: replays from the in point
	if !s.Playback().Playing() || !near(s.Playback().Time(), 0.2) {
		t.Errorf("play at the out point: playing %v at %v", s.Playback().Playing(), s.Playback().Time())
	}
	for i := 0; i < 60; i++ {
		s.Advance(1.0/60, nil)
	}
	if s.Playback().Playing() || !near(s.Playback().Time(), 0.6) {
		t.Errorf("without loop playback stops at the out point: playing %v at %v", s.Playback().Playing(), s.Playback().Time())
	}
	if s.SetRange(0.5, 0.51) {
		t.Error("a range within one frame was set")
	}
	if !s.SetRange(0.9, 0.3) {
		t.Fatal("SetRange(0.9, 0.3) refused")
	}
	if in, out, _ := s.Timeline().Range(); !near(in, 0.3) || !near(out, 0.9) {
		t.Errorf("SetRange(0.9, 0.3): %v..%v", in, out)
	}
	s.ClearRange()
	if lo, hi := s.bounds(); lo != 0 || hi != 1.2 {
		t.Errorf("cleared: bounds %v..%v", lo, hi)
	}
	s.SetRange(0.3, 0.9)
	s.SelectClip(1)
	if _, _, ok := s.Timeline().Range(); ok {
		t.Error("another clip kept the range")
	}
}

// TestTimelineOneFrameClip: a clip of one frame (duration 0) shows its
// frame at the start, and neither zooms nor takes a range.
func TestTimelineOneFrameClip(t *testing.T) {
	s := demo()
	a := *s.Asset()
	c := *a.Clips[0]
	c.Duration = 0
	a.Clips = append(a.Clips[:0:0], &c)
	s.SetAsset("one", &a)
	s.ZoomTimeline(0, 0.5)
	s.SetIn(0)
	if lo, hi := s.Timeline().Span(); lo != 0 || hi != 0 || s.Timeline().FractionOf(0) != 0 {
		t.Errorf("one frame: span %v..%v", lo, hi)
	}
	if _, _, ok := s.Timeline().Range(); ok {
		t.Error("one frame took a range")
	}
}

// TestRangeMarksTheFrameShown: I and O mark the frame the status line
// shows (State.Frame), also where playback stands past a frame's
// middle (issue 33, item 9: O put the out point one frame later). The
// demo steps at 30 frames a second: 0.055 s is frame 1.65, shown as 1.
func TestRangeMarksTheFrameShown(t *testing.T) {
	s := demo()
	for _, tm := range []float64{0.055, 0.3, 0.3166, 0.49} {
		s.Seek(tm)
		f, _ := s.Frame()
		s.SetOut(s.Playback().Time())
		if _, out, _ := s.Timeline().Range(); !near(out, float64(f)/30) {
			t.Errorf("O at %v s (frame %d shown): out point %v s, frame %.2f", tm, f, out, out*30)
		}
		s.ClearRange()
	}
	s.Seek(0.65) // frame 19.5, shown as 19
	f, _ := s.Frame()
	s.SetIn(s.Playback().Time())
	if in, _, _ := s.Timeline().Range(); !near(in, float64(f)/30) {
		t.Errorf("I at 0.65 s (frame %d shown): in point %v s", f, in)
	}
}
