package state

import (
	"math"
	"sort"

	"github.com/animview/animview/player"
)

// Speeds are the playback speeds offered, in order.
var speeds = [...]float64{0.1, 0.25, 0.5, 1, 1.5, 2, 4}

// keyEps treats key times this close to the current time as "here", so
// that a jump from a key goes to the next one and not to itself.
const keyEps = 1e-6

// maxFired bounds the events kept for the event flash.
const maxFired = 16

// Playback is what plays and where: the clip, the time, the speed and
// direction, looping, and the events crossed.
type Playback struct {
	// clip indexes Asset.Clips; -1 while a tree plays or without clips.
	clip    int
	time    float64
	playing bool
	speed   float64
	loop    bool
	sampler player.ClipSampler
	// fired lists recently crossed events, newest last, for the flash;
	// clock is the total playback time advanced, for fading them.
	fired []Fired
	clock float64
	// fps is the measured rate of drawn frames, for the status line.
	fps float64
}

// Fired is one event that playback crossed.
type Fired struct {
	Event int
	At    float64
}

// Clip is the index of the open clip in the asset's clips (-1: none, or a
// tree plays).
func (p Playback) Clip() int { return p.clip }

// Time is the playback time in seconds.
func (p Playback) Time() float64 { return p.time }

// Playing reports whether playback runs.
func (p Playback) Playing() bool { return p.playing }

// Speed is the playback speed (negative: backwards).
func (p Playback) Speed() float64 { return p.speed }

// Loop reports whether playback loops.
func (p Playback) Loop() bool { return p.loop }

// Fired appends the recently crossed events, newest last, to dst.
func (p Playback) Fired(dst []Fired) []Fired { return append(dst, p.fired...) }

// FiredCount is how many recently crossed events Fired lists.
func (p Playback) FiredCount() int { return len(p.fired) }

// Clock is the total playback time advanced, for fading flashes.
func (p Playback) Clock() float64 { return p.clock }

// FPS is the measured rate of drawn frames.
func (p Playback) FPS() float64 { return p.fps }

// SetFPS records the measured rate of drawn frames.
func (s *State) SetFPS(fps float64) { s.play.fps = fps }

// Duration is the open clip's duration (0 without a clip).
func (s *State) Duration() float64 {
	if c := s.CurrentClip(); c != nil {
		return c.Duration
	}
	return 0
}

// FrameRate is the rate the clip is stepped at: its own frame rate, or
// player.DefaultFrameRate for clips without one.
func (s *State) FrameRate() float64 { return player.StepRate(s.CurrentClip()) }

// Frame returns the current frame number and the frame count
// (player.FrameAt, player.FrameCount).
func (s *State) Frame() (int, int) {
	fr := s.FrameRate()
	return player.FrameAt(s.play.time, fr), player.FrameCount(s.Duration(), fr)
}

// bounds are the times playback keeps to: the timeline's range when one
// is set (Timeline), else the whole clip.
func (s *State) bounds() (lo, hi float64) {
	if in, out, ok := s.Timeline().Range(); ok {
		return in, out
	}
	return 0, s.Duration()
}

// TogglePlay starts or pauses playback. Without loop, starting where the
// direction of play would stop at once replays: forwards from the end
// (of the range, when one is set) rewinds to the start, backwards from
// the start jumps to the end. Starting outside the range starts at its
// in point.
func (s *State) TogglePlay() {
	s.play.playing = !s.play.playing
	if !s.play.playing {
		return
	}
	lo, hi := s.bounds()
	if s.play.time < lo-keyEps || s.play.time > hi+keyEps {
		s.play.time = lo
		return
	}
	if s.play.loop {
		return
	}
	if s.play.speed >= 0 && s.play.time >= hi {
		s.play.time = lo
	} else if s.play.speed < 0 && s.play.time <= lo {
		s.play.time = hi
	}
}

// Play starts playback (TogglePlay's replay included) unless it runs.
func (s *State) Play() {
	if !s.play.playing {
		s.TogglePlay()
	}
}

// Pause stops playback.
func (s *State) Pause() { s.play.playing = false }

// Seek moves to time t (clamped to the clip) and pauses: a user who scrubs
// wants to look.
func (s *State) Seek(t float64) {
	s.play.playing = false
	s.play.time = math.Max(0, math.Min(t, s.Duration()))
}

// SeekFrame moves to frame n (clamped) and pauses: the frame-number box.
func (s *State) SeekFrame(n int) {
	_, count := s.Frame()
	n = max(0, min(n, count-1))
	s.Seek(float64(n) / s.FrameRate())
}

// seekFraction moves to fraction f of the clip (a click on the timeline).
func (s *State) seekFraction(f float64) {
	if math.IsNaN(f) {
		return
	}
	s.Seek(math.Max(0, math.Min(f, 1)) * s.Duration())
}

// StepFrames moves n frames (negative: back) within the bounds (the range,
// when one is set), wrapping when looping.
func (s *State) StepFrames(n int) {
	s.play.playing = false
	fr := s.FrameRate()
	lo, hi := s.bounds()
	first, last := player.FrameAt(lo, fr), player.FrameAt(hi, fr)
	f, _ := s.Frame()
	f = max(first, min(f, last)) + n
	if count := last - first + 1; s.play.loop && count > 1 {
		f = first + (((f-first)%count)+count)%count
	}
	f = max(first, min(f, last))
	s.play.time = math.Max(lo, math.Min(float64(f)/fr, hi))
}

// Home jumps to the start (of the range, when one is set).
func (s *State) Home() {
	lo, _ := s.bounds()
	s.Seek(lo)
}

// End jumps to the last moment (of the range, when one is set).
func (s *State) End() {
	_, hi := s.bounds()
	s.Seek(hi)
}

// ChangeSpeed moves d steps through the speed list.
func (s *State) ChangeSpeed(d int) {
	i := 0
	for k, v := range speeds {
		if math.Abs(v-math.Abs(s.play.speed)) < 1e-9 {
			i = k
		}
	}
	i = max(0, min(len(speeds)-1, i+d))
	sign := 1.0
	if s.play.speed < 0 {
		sign = -1
	}
	s.play.speed = sign * speeds[i]
}

// SetSpeed sets the speed (negative: backwards).
func (s *State) SetSpeed(v float64) { s.play.speed = v }

// Reverse flips the playback direction.
func (s *State) Reverse() { s.play.speed = -s.play.speed }

// SetLoop turns looping on or off.
func (s *State) SetLoop(on bool) { s.play.loop = on }

// ToggleLoop turns looping on or off, whichever it is not.
func (s *State) ToggleLoop() { s.play.loop = !s.play.loop }

// Advance plays dt seconds of wall time at the current speed and returns the
// events crossed (muted ones left out), appended to dst.
func (s *State) Advance(dt float64, dst []int) []int {
	c := s.CurrentClip()
	if !s.play.playing || c == nil {
		return dst
	}
	d := s.Duration()
	s.play.clock += dt
	if d <= 0 {
		s.play.time = 0
		return dst
	}
	// Playback keeps to the bounds (the range, when one is set): from
	// outside them it starts at their start.
	lo, hi := s.bounds()
	from := s.play.time
	if from < lo-keyEps || from > hi+keyEps {
		from = lo
	}
	to := from + dt*s.play.speed
	wrapped := s.play.loop && (to >= hi || to < lo)
	if s.play.loop {
		to = lo + player.ClipTime(to-lo, hi-lo, true)
	} else if to >= hi || to <= lo {
		to = math.Max(lo, math.Min(to, hi))
		s.play.playing = false
	}
	s.play.time = to
	start := len(dst)
	a, b := from, to
	if s.play.speed < 0 {
		a, b = to, from // backwards play crosses the same interval the other way
	}
	switch {
	case !wrapped || (lo <= 0 && hi >= d):
		dst = player.CrossedEvents(c.Events, a, b, d, wrapped, dst)
	default:
		// A wrap inside a range crosses to its end, then from its start.
		dst = player.CrossedEvents(c.Events, a, hi, d, false, dst)
		dst = player.CrossedEvents(c.Events, math.Nextafter(lo, math.Inf(-1)), b, d, false, dst)
	}
	// Drop muted events in place.
	muted := s.vis.mutedEvents
	out := dst[:start]
	for _, e := range dst[start:] {
		if !muted[e] {
			out = append(out, e)
			s.play.fired = append(s.play.fired, Fired{Event: e, At: s.play.clock})
		}
	}
	if len(s.play.fired) > maxFired {
		s.play.fired = s.play.fired[len(s.play.fired)-maxFired:]
	}
	return out
}

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
	if sel := s.vis.selected; sel >= 0 {
		keys = s.KeyTimes(sel, nil)
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
			if t > s.play.time+keyEps {
				s.Seek(t)
				return true
			}
		}
		return false
	}
	for k := len(ts) - 1; k >= 0; k-- {
		if ts[k] < s.play.time-keyEps {
			s.Seek(ts[k])
			return true
		}
	}
	return false
}

// onionFrames are the frame offsets of the onion-skin ghosts.
var onionFrames = [...]int{-6, -3, 3, 6}

// GhostTimes appends the times of the onion-skin poses (a few frames
// before and after the current time, wrapped when looping, clamped
// otherwise) to dst; nothing when onion skin is off.
func (s *State) GhostTimes(dst []float64) []float64 {
	d := s.Duration()
	if !s.vis.onion || s.CurrentClip() == nil || d <= 0 {
		return dst
	}
	fr := s.FrameRate()
	for _, k := range onionFrames {
		t := s.play.time + float64(k)/fr
		if s.play.loop {
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
