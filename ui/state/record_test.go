package state

import (
	"testing"

	fdemo "github.com/animview/animview/formats/demo"
	"github.com/animview/animview/player"
)

// TestRecordSourceTree checks that what a recording samples is what
// plays: for a meta-animation tree, a transition preview, a plain clip
// and in-place mode, the recording's own sampler gives the viewer's poses
// at every frame time, and it is a different object from the one the
// window draws with.
func TestRecordSourceTree(t *testing.T) {
	tests := []struct {
		name  string
		held  bool // in-place mode holds the root
		setup func(t *testing.T) *State
	}{
		{"random tree", false, func(t *testing.T) *State {
			s := demoSet(t)
			if err := s.Reseed(7); err != nil {
				t.Fatal(err)
			}
			if err := s.SelectAnim(s.Tree().AnimByName("random_idle")); err != nil {
				t.Fatal(err)
			}
			return s
		}},
		{"blend", false, func(t *testing.T) *State {
			s := demoSet(t)
			if err := s.SelectAnim(s.Tree().AnimByName("walk_blend")); err != nil {
				t.Fatal(err)
			}
			return s
		}},
		{"transition", false, func(t *testing.T) *State {
			s := demoSet(t)
			if err := s.PlayTransitionAt(s.Tree().AnimByName("walk"), s.Tree().AnimByName("idle"), 0.3); err != nil {
				t.Fatal(err)
			}
			return s
		}},
		{"clip in place", true, func(t *testing.T) *State {
			s := New("demo:", fdemo.New())
			s.SelectClip(0)
			s.ToggleInPlace()
			return s
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.setup(t)
			src, name, err := s.RecordSource()
			if err != nil {
				t.Fatal(err)
			}
			if name != s.CurrentClip().Name {
				t.Errorf("name %q, want %q", name, s.CurrentClip().Name)
			}
			if _, ok := src.(*heldSampler); ok != tt.held {
				t.Errorf("root held: %v, want %v", ok, tt.held)
			}
			if any(src) == any(s.Sampler()) {
				t.Fatal("the recording shares the window's sampler")
			}
			if src.Duration() != s.Sampler().Duration() {
				t.Errorf("duration %v, want %v", src.Duration(), s.Sampler().Duration())
			}
			got := player.NewPose(s.Asset().Skeleton)
			want := player.NewPose(s.Asset().Skeleton)
			for k := 0; k < 20; k++ {
				tm := src.Duration() * float64(k) / 20
				src.Sample(tm, got)
				s.Sampler().Sample(tm, want)
				s.Visibility().HoldInPlace(want)
				if d := poseDiff(got, want); d > 1e-6 {
					t.Fatalf("at %.3f s the recording's pose is %g off the viewer's", tm, d)
				}
			}
		})
	}
}

// TestRecordingShown: the recording the window shows follows what it
// reports from its writer, and ends.
func TestRecordingShown(t *testing.T) {
	s := demo()
	s.StartRecording("x.gif", "walk")
	if !s.Recording().Active() || s.Recording().Path() != "x.gif" || s.Recording().Name() != "walk" || s.Recording().Fraction() != 0 {
		t.Fatalf("started: %+v", s.Recording())
	}
	s.SetRecordingProgress(3, 4)
	if d, n := s.Recording().progress(); d != 3 || n != 4 || s.Recording().Fraction() != 0.75 || s.Recording().Cancelled() {
		t.Errorf("progress %d of %d (%v)", d, n, s.Recording().Fraction())
	}
	s.CancelRecording()
	if !s.Recording().Cancelled() || !s.Recording().Active() {
		t.Error("cancelling")
	}
	s.FinishRecording()
	if s.Recording().Active() || s.Recording().Cancelled() || s.Recording().Path() != "" {
		t.Errorf("finished: %+v", s.Recording())
	}
}
