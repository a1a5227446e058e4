package state

import (
	"math"
	"sort"
)

// keyEps treats key times this close to the current time as "here", so
// that a jump from a key goes to the next one and not to itself.
const keyEps = 1e-6

// KeyTimes appends to dst the sorted, distinct key times of bone i in the
// open clip (all of its channels), for the timeline's ticks.
func (s *State) KeyTimes(i int, dst []float64) []float64 {
	c := s.CurrentClip()
	if c == nil || i < 0 || i >= len(c.Tracks) {
		return dst
	}
	start := len(dst)
	tr := &c.Tracks[i]
	dst = append(dst, tr.Translation.Times...)
	dst = append(dst, tr.Rotation.Times...)
	dst = append(dst, tr.Scale.Times...)
	dst = append(dst, tr.Visibility.Times...)
	keys := dst[start:]
	sort.Float64s(keys)
	out := keys[:0]
	for k, t := range keys {
		if k == 0 || t-out[len(out)-1] > keyEps {
			out = append(out, t)
		}
	}
	return dst[:start+len(out)]
}

// JumpKey seeks to the selected bone's next (dir > 0) or previous key, or
// of any bone when none is selected. It reports whether there was one.
func (s *State) JumpKey(dir int) bool {
	var keys []float64
	if s.Selected >= 0 {
		keys = s.KeyTimes(s.Selected, nil)
	} else if c := s.CurrentClip(); c != nil {
		for i := range c.Tracks {
			keys = s.KeyTimes(i, keys)
		}
		sort.Float64s(keys)
	}
	return s.jump(keys, dir)
}

// JumpEvent seeks to the next (dir > 0) or previous event of the clip.
func (s *State) JumpEvent(dir int) bool {
	c := s.CurrentClip()
	if c == nil {
		return false
	}
	times := make([]float64, len(c.Events))
	for i, e := range c.Events {
		times[i] = e.Time
	}
	sort.Float64s(times)
	return s.jump(times, dir)
}

// jump seeks to the first time in sorted ts after (dir > 0) or before the
// current time.
func (s *State) jump(ts []float64, dir int) bool {
	if dir > 0 {
		for _, t := range ts {
			if t > s.Time+keyEps {
				s.Seek(t)
				return true
			}
		}
		return false
	}
	for k := len(ts) - 1; k >= 0; k-- {
		if ts[k] < s.Time-keyEps {
			s.Seek(ts[k])
			return true
		}
	}
	return false
}

// SeekFrame moves to frame n (clamped) and pauses: the frame-number box.
func (s *State) SeekFrame(n int) {
	_, count := s.Frame()
	n = max(0, min(n, count-1))
	s.Seek(float64(n) / s.FrameRate())
}

// SeekFraction moves to fraction f of the clip (a click on the timeline).
func (s *State) SeekFraction(f float64) {
	if math.IsNaN(f) {
		return
	}
	s.Seek(math.Max(0, math.Min(f, 1)) * s.Duration())
}

// OnionFrames are the frame offsets of the onion-skin ghosts.
var onionFrames = [...]int{-6, -3, 3, 6}

// GhostTimes appends the times of the onion-skin poses (a few frames
// before and after the current time, wrapped when looping, clamped
// otherwise) to dst; nothing when onion skin is off.
func (s *State) GhostTimes(dst []float64) []float64 {
	d := s.Duration()
	if !s.Onion || s.CurrentClip() == nil || d <= 0 {
		return dst
	}
	fr := s.FrameRate()
	for _, k := range onionFrames {
		t := s.Time + float64(k)/fr
		if s.Loop {
			t = math.Mod(t, d)
			if t < 0 {
				t += d
			}
		} else if t < 0 || t > d {
			continue
		}
		dst = append(dst, t)
	}
	return dst
}

// ToggleOnion turns onion skin on or off.
func (s *State) ToggleOnion() { s.Onion = !s.Onion }

// ToggleInPlace holds the root's horizontal motion at its start or lets it
// travel.
func (s *State) ToggleInPlace() { s.InPlace = !s.InPlace }

// ToggleAxes shows or hides the selected bone's local axes.
func (s *State) ToggleAxes() { s.Axes = !s.Axes }

// ToggleOrtho switches between perspective and orthographic projection.
func (s *State) ToggleOrtho() { s.Camera.Ortho = !s.Camera.Ortho }

// View is a standard view direction.
type View int

// Standard views, as Blender's numpad 1, 3 and 7.
const (
	ViewFront View = iota
	ViewSide
	ViewTop
)

// SetView turns the camera to a standard view, relative to the format's
// front.
func (s *State) SetView(v View) {
	front := 0.0
	if s.Asset != nil {
		front = s.Asset.Coords.FrontYaw
	}
	switch v {
	case ViewFront:
		s.Camera.Yaw, s.Camera.Pitch = front, 0
	case ViewSide:
		s.Camera.Yaw, s.Camera.Pitch = front+90, 0
	case ViewTop:
		s.Camera.Yaw, s.Camera.Pitch = front, 89
	}
}
