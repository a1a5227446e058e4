package state

import (
	"math"
	"strings"
	"testing"

	fdemo "github.com/animview/animview/formats/demo"
)

func demo() *State { return New("demo:", fdemo.New()) }

func TestStepAndSeek(t *testing.T) {
	s := demo()
	if s.Playback().Clip() != 0 || !s.Playback().Playing() || s.Duration() != 1.2 {
		t.Fatalf("opened: clip %d playing %v duration %v", s.Playback().Clip(), s.Playback().Playing(), s.Duration())
	}
	s.StepFrames(3)
	if s.Playback().Playing() || math.Abs(s.Playback().Time()-0.1) > 1e-9 {
		t.Errorf("step 3 frames: time %v playing %v", s.Playback().Time(), s.Playback().Playing())
	}
	if f, n := s.Frame(); f != 3 || n != 37 {
		t.Errorf("frame %d of %d", f, n)
	}
	s.StepFrames(-5) // wraps to the last frames when looping
	if f, _ := s.Frame(); f != 35 {
		t.Errorf("step back past 0 with loop: frame %d, want 35", f)
	}
	s.SetLoop(false)
	s.Home()
	s.StepFrames(-1)
	if s.Playback().Time() != 0 {
		t.Errorf("step back at 0 without loop: %v", s.Playback().Time())
	}
	s.Seek(99)
	if s.Playback().Time() != 1.2 {
		t.Errorf("seek past the end clamps: %v", s.Playback().Time())
	}
}

func TestAdvanceFiresEventsAcrossTheLoop(t *testing.T) {
	s := demo()
	var fired []string
	for i := 0; i < 90; i++ { // 1.5 s at 60 ticks per second
		for _, e := range s.Advance(1.0/60, nil) {
			fired = append(fired, s.CurrentClip().Events[e].Name)
		}
	}
	want := []string{"footstep_left", "footstep_right", "loop", "footstep_left"}
	if len(fired) != len(want) {
		t.Fatalf("fired %v, want %v", fired, want)
	}
	for i := range want {
		if fired[i] != want[i] {
			t.Fatalf("fired %v, want %v", fired, want)
		}
	}
	if math.Abs(s.Playback().Time()-0.3) > 1e-6 {
		t.Errorf("after 1.5 s of a 1.2 s loop the time is %v", s.Playback().Time())
	}
}

func TestMutedEventsDoNotFire(t *testing.T) {
	s := demo()
	s.toggleEvent(0) // footstep_left
	var fired []int
	for i := 0; i < 60; i++ {
		fired = s.Advance(1.0/60, fired)
	}
	for _, e := range fired {
		if e == 0 {
			t.Fatal("a muted event fired")
		}
	}
	if len(fired) != 1 {
		t.Errorf("fired %v, want only footstep_right", fired)
	}
}

func TestNonLoopingStopsAtTheEnd(t *testing.T) {
	s := demo()
	s.SetLoop(false)
	for i := 0; i < 200; i++ {
		s.Advance(1.0/60, nil)
	}
	if s.Playback().Playing() || s.Playback().Time() != s.Duration() {
		t.Errorf("playing %v at %v", s.Playback().Playing(), s.Playback().Time())
	}
	s.TogglePlay() // play again from the start
	if !s.Playback().Playing() || s.Playback().Time() != 0 {
		t.Errorf("replay: playing %v at %v", s.Playback().Playing(), s.Playback().Time())
	}
}

func TestSpeedAndReverse(t *testing.T) {
	s := demo()
	s.ChangeSpeed(1)
	if s.Playback().Speed() != 1.5 {
		t.Errorf("speed %v", s.Playback().Speed())
	}
	for i := 0; i < 10; i++ {
		s.ChangeSpeed(-1)
	}
	if s.Playback().Speed() != 0.1 {
		t.Errorf("slowest speed %v", s.Playback().Speed())
	}
	s.SetSpeed(1)
	s.Reverse()
	s.Seek(0.5)
	s.Play()
	// Backwards from 0.5 to 0.25 crosses the left footstep at 0.3.
	fired := s.Advance(0.25, nil)
	if math.Abs(s.Playback().Time()-0.25) > 1e-9 || len(fired) != 1 || fired[0] != 0 {
		t.Errorf("reverse play: time %v, fired %v", s.Playback().Time(), fired)
	}
	// On past 0 it wraps to the end of the loop.
	s.Advance(0.35, nil)
	if math.Abs(s.Playback().Time()-1.1) > 1e-9 {
		t.Errorf("reverse wrap: time %v, want 1.1", s.Playback().Time())
	}
}

func TestBonesAndSelection(t *testing.T) {
	s := demo()
	s.ToggleBone(3)
	s.ToggleBone(99) // out of range: ignored
	if !s.Visibility().HiddenBones(nil)[3] {
		t.Error("bone 3 not hidden")
	}
	s.ShowAllBones()
	if s.Visibility().HiddenBones(nil)[3] {
		t.Error("show all left bone 3 hidden")
	}
	s.SelectBone(5)
	s.SelectBone(1000)
	if s.Visibility().Selected() != 5 {
		t.Errorf("selected %d", s.Visibility().Selected())
	}
	s.SelectClip(1)
	if s.CurrentClip().Name != "idle" || s.Visibility().eventCount() != 1 || s.Playback().Time() != 0 {
		t.Errorf("clip 1: %q, %d event toggles", s.CurrentClip().Name, s.Visibility().eventCount())
	}
}

// TestFrameCountWithFloat32Interval: Prime stores 1/30 s as a float32, so
// its frame rate is 29.9999985; a 1 s clip still has frames 0..30.
func TestFrameCountWithFloat32Interval(t *testing.T) {
	s := demo()
	c := s.CurrentClip()
	c.FrameRate = 1 / float64(float32(1.0/30))
	c.Duration = 1
	s.Seek(float64(float32(1.0/30)) * 7)
	if f, n := s.Frame(); f != 7 || n != 31 {
		t.Errorf("frame %d of %d, want 7 of 31", f, n)
	}
}

// TestStatusFPS: the status line gives the drawn frame rate while playing
// only; paused, a window that draws on change only measured "0 fps".
func TestStatusFPS(t *testing.T) {
	s := New("demo:", fdemo.New())
	s.Play()
	s.SetFPS(29.6)
	if st := s.Status(); !strings.HasSuffix(st, "   30 fps") {
		t.Errorf("playing: %q", st)
	}
	s.Pause()
	s.SetFPS(0.2)
	if st := s.Status(); strings.Contains(st, "fps") {
		t.Errorf("paused: %q", st)
	}
}
