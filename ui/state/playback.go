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
	s *State
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
func (p *Playback) Clip() int { return p.clip }

// Time is the playback time in seconds.
func (p *Playback) Time() float64 { return p.time }

// Playing reports whether playback runs.
func (p *Playback) Playing() bool { return p.playing }

// Speed is the playback speed (negative: backwards).
func (p *Playback) Speed() float64 { return p.speed }

// Loop reports whether playback loops.
func (p *Playback) Loop() bool { return p.loop }

// Fired lists the recently crossed events, newest last.
func (p *Playback) Fired() []Fired { return p.fired }

// Clock is the total playback time advanced, for fading flashes.
func (p *Playback) Clock() float64 { return p.clock }

// FPS is the measured rate of drawn frames.
func (p *Playback) FPS() float64 { return p.fps }

// SetFPS records the measured rate of drawn frames.
func (p *Playback) SetFPS(fps float64) { p.fps = fps }

// Duration is the open clip's duration (0 without a clip).
func (p *Playback) Duration() float64 {
	if c := p.s.CurrentClip(); c != nil {
		return c.Duration
	}
	return 0
}

// FrameRate is the rate the clip is stepped at: its own frame rate, or
// player.DefaultFrameRate for clips without one.
func (p *Playback) FrameRate() float64 { return player.StepRate(p.s.CurrentClip()) }

// Frame returns the current frame number and the frame count
// (player.FrameAt, player.FrameCount).
func (p *Playback) Frame() (int, int) {
	fr := p.FrameRate()
	return player.FrameAt(p.time, fr), player.FrameCount(p.Duration(), fr)
}

// Bounds are the times playback keeps to: the timeline's range when one
// is set (Timeline), else the whole clip.
func (p *Playback) Bounds() (lo, hi float64) {
	if in, out, ok := p.s.line.Range(); ok {
		return in, out
	}
	return 0, p.Duration()
}

// TogglePlay starts or pauses playback. Without loop, starting where the
// direction of play would stop at once replays: forwards from the end
// (of the range, when one is set) rewinds to the start, backwards from
// the start jumps to the end. Starting outside the range starts at its
// in point.
func (p *Playback) TogglePlay() {
	p.playing = !p.playing
	if !p.playing {
		return
	}
	lo, hi := p.Bounds()
	if p.time < lo-keyEps || p.time > hi+keyEps {
		p.time = lo
		return
	}
	if p.loop {
		return
	}
	if p.speed >= 0 && p.time >= hi {
		p.time = lo
	} else if p.speed < 0 && p.time <= lo {
		p.time = hi
	}
}

// Play starts playback (TogglePlay's replay included) unless it runs.
func (p *Playback) Play() {
	if !p.playing {
		p.TogglePlay()
	}
}

// Pause stops playback.
func (p *Playback) Pause() { p.playing = false }

// Seek moves to time t (clamped to the clip) and pauses: a user who scrubs
// wants to look.
func (p *Playback) Seek(t float64) {
	p.playing = false
	p.time = math.Max(0, math.Min(t, p.Duration()))
}

// SeekFrame moves to frame n (clamped) and pauses: the frame-number box.
func (p *Playback) SeekFrame(n int) {
	_, count := p.Frame()
	n = max(0, min(n, count-1))
	p.Seek(float64(n) / p.FrameRate())
}

// SeekFraction moves to fraction f of the clip (a click on the timeline).
func (p *Playback) SeekFraction(f float64) {
	if math.IsNaN(f) {
		return
	}
	p.Seek(math.Max(0, math.Min(f, 1)) * p.Duration())
}

// Step moves n frames (negative: back) within the bounds (the range,
// when one is set), wrapping when looping.
func (p *Playback) Step(n int) {
	p.playing = false
	fr := p.FrameRate()
	lo, hi := p.Bounds()
	first, last := player.FrameAt(lo, fr), player.FrameAt(hi, fr)
	f, _ := p.Frame()
	f = max(first, min(f, last)) + n
	if count := last - first + 1; p.loop && count > 1 {
		f = first + (((f-first)%count)+count)%count
	}
	f = max(first, min(f, last))
	p.time = math.Max(lo, math.Min(float64(f)/fr, hi))
}

// Home jumps to the start (of the range, when one is set).
func (p *Playback) Home() {
	lo, _ := p.Bounds()
	p.Seek(lo)
}

// End jumps to the last moment (of the range, when one is set).
func (p *Playback) End() {
	_, hi := p.Bounds()
	p.Seek(hi)
}

// ChangeSpeed moves d steps through the speed list.
func (p *Playback) ChangeSpeed(d int) {
	i := 0
	for k, v := range speeds {
		if math.Abs(v-math.Abs(p.speed)) < 1e-9 {
			i = k
		}
	}
	i = max(0, min(len(speeds)-1, i+d))
	sign := 1.0
	if p.speed < 0 {
		sign = -1
	}
	p.speed = sign * speeds[i]
}

// SetSpeed sets the speed (negative: backwards).
func (p *Playback) SetSpeed(v float64) { p.speed = v }

// Reverse flips the playback direction.
func (p *Playback) Reverse() { p.speed = -p.speed }

// SetLoop turns looping on or off.
func (p *Playback) SetLoop(on bool) { p.loop = on }

// ToggleLoop turns looping on or off, whichever it is not.
func (p *Playback) ToggleLoop() { p.loop = !p.loop }

// Advance plays dt seconds of wall time at the current speed and returns the
// events crossed (muted ones left out), appended to dst.
func (p *Playback) Advance(dt float64, dst []int) []int {
	c := p.s.CurrentClip()
	if !p.playing || c == nil {
		return dst
	}
	d := p.Duration()
	p.clock += dt
	if d <= 0 {
		p.time = 0
		return dst
	}
	// Playback keeps to the bounds (the range, when one is set): from
	// outside them it starts at their start.
	lo, hi := p.Bounds()
	from := p.time
	if from < lo-keyEps || from > hi+keyEps {
		from = lo
	}
	to := from + dt*p.speed
	wrapped := p.loop && (to >= hi || to < lo)
	if p.loop {
		to = lo + player.ClipTime(to-lo, hi-lo, true)
	} else if to >= hi || to <= lo {
		to = math.Max(lo, math.Min(to, hi))
		p.playing = false
	}
	p.time = to
	start := len(dst)
	a, b := from, to
	if p.speed < 0 {
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
	muted := p.s.vis.mutedEvents
	out := dst[:start]
	for _, e := range dst[start:] {
		if !muted[e] {
			out = append(out, e)
			p.fired = append(p.fired, Fired{Event: e, At: p.clock})
		}
	}
	if len(p.fired) > maxFired {
		p.fired = p.fired[len(p.fired)-maxFired:]
	}
	return out
}

// KeyTimes appends to dst the sorted, distinct key times of bone i in the
// open clip (all of its channels), for the timeline's ticks.
func (p *Playback) KeyTimes(i int, dst []float64) []float64 {
	c := p.s.CurrentClip()
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
func (p *Playback) JumpKey(dir int) bool {
	var keys []float64
	if sel := p.s.vis.selected; sel >= 0 {
		keys = p.KeyTimes(sel, nil)
	} else if c := p.s.CurrentClip(); c != nil {
		for i := range c.Tracks {
			keys = p.KeyTimes(i, keys)
		}
		sort.Float64s(keys)
	}
	return p.jump(keys, dir)
}

// JumpEvent seeks to the next (dir > 0) or previous event of the clip.
func (p *Playback) JumpEvent(dir int) bool {
	c := p.s.CurrentClip()
	if c == nil {
		return false
	}
	times := make([]float64, len(c.Events))
	for i, e := range c.Events {
		times[i] = e.Time
	}
	sort.Float64s(times)
	return p.jump(times, dir)
}

// jump seeks to the first time in sorted ts after (dir > 0) or before the
// current time.
func (p *Playback) jump(ts []float64, dir int) bool {
	if dir > 0 {
		for _, t := range ts {
			if t > p.time+keyEps {
				p.Seek(t)
				return true
			}
		}
		return false
	}
	for k := len(ts) - 1; k >= 0; k-- {
		if ts[k] < p.time-keyEps {
			p.Seek(ts[k])
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
func (p *Playback) GhostTimes(dst []float64) []float64 {
	d := p.Duration()
	if !p.s.vis.onion || p.s.CurrentClip() == nil || d <= 0 {
		return dst
	}
	fr := p.FrameRate()
	for _, k := range onionFrames {
		t := p.time + float64(k)/fr
		if p.loop {
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
