// Package state is the viewer's state as plain data, changed only through
// named actions. Widgets display it and emit actions; tests drive the same
// actions without a window.
package state

import (
	"fmt"
	"math"
	"time"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/go-gl/mathgl/mgl32"
)

// Speeds are the playback speeds offered, in order.
var speeds = [...]float64{0.1, 0.25, 0.5, 1, 1.5, 2, 4}

// State is everything the viewer shows.
type State struct {
	Path  string
	Asset *formats.Asset
	// Err is the last error to show (a file that failed to load); the
	// previous asset stays open underneath it.
	Err string

	Clip    int // -1: no clip, show the bind pose
	Time    float64
	Playing bool
	Speed   float64
	Loop    bool
	// BindPose shows the skeleton's bind pose instead of the clip.
	BindPose bool

	Selected     int
	HiddenBones  []bool
	HiddenEvents []bool
	// Animated marks the bones the open clip has keys for (the bone tree
	// marks them); Dim marks the bones it does not drive (drawn dimmer,
	// render.Scene.Dim). Both are rebuilt when the clip changes, nil
	// without a clip.
	Animated, Dim []bool
	// Helper marks helper bones (render.Scene.Helper); HideHelpers leaves
	// them out of the view.
	Helper      []bool
	HideHelpers bool

	// Warnings are the open asset's loader warnings and the viewer's own
	// notes about it; the banner shows until DismissWarnings, the list
	// while ShowWarnings is set.
	Warnings          []string
	WarningsDismissed bool
	ShowWarnings      bool

	// InPlace holds the moving root's horizontal motion at its start.
	InPlace bool
	// Axes draws the selected bone's local axes.
	Axes bool
	// Onion draws the pose a few frames before and after, faint.
	Onion bool
	// FPS is the measured rate of drawn frames, for the status line.
	FPS float64

	// Exts are the file extensions the format registry reads (lower
	// case, no dot), for the browser and the next/previous file.
	Exts []string
	// Browser is the in-app file browser, nil when closed.
	Browser *Browser
	// Recent are recently opened files, newest first.
	Recent []string
	// Notice is a short message shown until NoticeUntil.
	Notice      string
	NoticeUntil time.Time

	Labels, Grid bool
	// Show is what of a figure with a mesh is drawn: the mesh, the mesh
	// with its bones (the default), or the bones (the M key cycles).
	Show render.Show
	// Follow keeps the camera on the root bone as it travels.
	Follow bool
	// ThroughCamera views through the clip's animated camera.
	ThroughCamera bool
	Help          bool

	Camera render.Camera

	// Tree is the character set's animation trees (anim.go).
	Tree AnimState

	// Fired lists recently crossed events (clip event indices) with the
	// playback time at which they fired, newest last, for the event flash.
	Fired []Fired
	// Clock is the total playback time advanced, for fading flashes.
	Clock float64

	sampler player.ClipSampler
	// mover is the bone in-place mode holds (-1: none), moverStart its
	// first translation key.
	mover      int
	moverStart mgl32.Vec3
}

// Fired is one event that playback crossed.
type Fired struct {
	Event int
	At    float64
}

// New returns a state with an asset opened.
func New(path string, a *formats.Asset) *State {
	s := &State{Speed: 1, Loop: true, Playing: true, Grid: true, Show: render.ShowMeshBones, Camera: render.DefaultCamera()}
	s.SetAsset(path, a)
	return s
}

// SetAsset opens an asset, resetting the selection and playback.
func (s *State) SetAsset(path string, a *formats.Asset) {
	s.Path, s.Asset, s.Err = path, a, ""
	s.Clip, s.Time, s.Selected, s.Fired = -1, 0, -1, nil
	s.HiddenBones = make([]bool, len(a.Skeleton.Bones))
	s.Helper = nil
	s.ThroughCamera = false
	s.Warnings = append([]string(nil), a.Warnings...)
	s.WarningsDismissed = len(s.Warnings) == 0
	if len(a.Clips) > 0 {
		s.SelectClip(0)
	} else {
		s.HiddenEvents = nil
		s.sampler = nil
		s.Animated, s.Dim, s.mover = nil, nil, -1
	}
	s.resetAnims()
}

// CycleShow moves to the next of mesh, mesh with bones and bones (the M
// key); an asset without a mesh always shows its bones.
func (s *State) CycleShow() { s.Show = s.Show.Next() }

// HasMesh reports whether the open asset has a mesh to draw.
func (s *State) HasMesh() bool {
	if s.Asset == nil {
		return false
	}
	for _, m := range s.Asset.Meshes {
		if m != nil && m.Triangles() > 0 {
			return true
		}
	}
	return false
}

// CurrentClip returns the open clip or nil.
func (s *State) CurrentClip() *formats.Clip {
	if s.Tree.view != nil {
		return s.Tree.view
	}
	if s.Asset == nil || s.Clip < 0 || s.Clip >= len(s.Asset.Clips) {
		return nil
	}
	return s.Asset.Clips[s.Clip]
}

// Sampler returns what plays (the open clip's sampler or an animation
// tree), or nil.
func (s *State) Sampler() player.Sampler {
	if s.Tree.Anim >= 0 {
		return s.Tree.src // nil while a tree failed to build
	}
	if s.sampler == nil {
		return nil // no clip open
	}
	return s.sampler
}

// SelectClip opens clip i and rewinds.
func (s *State) SelectClip(i int) {
	if s.Asset == nil || i < 0 || i >= len(s.Asset.Clips) {
		return
	}
	s.leaveAnims()
	c := s.Asset.Clips[i]
	s.Clip, s.Time, s.Fired = i, 0, nil
	s.Loop = c.Loop || s.Loop
	s.HiddenEvents = make([]bool, len(c.Events))
	s.sampler = player.NewClipSampler(s.Asset.Skeleton, c)
	s.markBones(c)
	if c.Camera == nil {
		s.ThroughCamera = false
	}
}

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
	return player.FrameAt(s.Time, fr), player.FrameCount(s.Duration(), fr)
}

// TogglePlay starts or pauses playback. Without loop, starting where the
// direction of play would stop at once replays: forwards from the last
// frame rewinds to the start, backwards from frame 0 jumps to the end.
func (s *State) TogglePlay() {
	s.Playing = !s.Playing
	if !s.Playing || s.Loop {
		return
	}
	if s.Speed >= 0 && s.Time >= s.Duration() {
		s.Time = 0
	} else if s.Speed < 0 && s.Time <= 0 {
		s.Time = s.Duration()
	}
}

// Seek moves to time t (clamped to the clip) and pauses: a user who scrubs
// wants to look.
func (s *State) Seek(t float64) {
	s.Playing = false
	s.Time = math.Max(0, math.Min(t, s.Duration()))
}

// Step moves n frames (negative: back), wrapping when looping.
func (s *State) Step(n int) {
	s.Playing = false
	f, count := s.Frame()
	f += n
	if s.Loop && count > 1 {
		f = ((f % count) + count) % count
	}
	s.Time = math.Max(0, math.Min(float64(f)/s.FrameRate(), s.Duration()))
}

// Home and End jump to the clip's ends.
func (s *State) Home() { s.Seek(0) }

// End jumps to the clip's last moment.
func (s *State) End() { s.Seek(s.Duration()) }

// ChangeSpeed moves d steps through the speed list.
func (s *State) ChangeSpeed(d int) {
	i := 0
	for k, v := range speeds {
		if math.Abs(v-math.Abs(s.Speed)) < 1e-9 {
			i = k
		}
	}
	i = max(0, min(len(speeds)-1, i+d))
	sign := 1.0
	if s.Speed < 0 {
		sign = -1
	}
	s.Speed = sign * speeds[i]
}

// Reverse flips the playback direction.
func (s *State) Reverse() { s.Speed = -s.Speed }

// ToggleBone hides or shows bone i.
func (s *State) ToggleBone(i int) {
	if i >= 0 && i < len(s.HiddenBones) {
		s.HiddenBones[i] = !s.HiddenBones[i]
	}
}

// ShowAllBones makes every bone visible again.
func (s *State) ShowAllBones() {
	for i := range s.HiddenBones {
		s.HiddenBones[i] = false
	}
}

// ToggleEvent mutes or unmutes event i of the open clip.
func (s *State) ToggleEvent(i int) {
	if i >= 0 && i < len(s.HiddenEvents) {
		s.HiddenEvents[i] = !s.HiddenEvents[i]
	}
}

// SelectBone selects bone i (-1 clears).
func (s *State) SelectBone(i int) {
	if s.Asset != nil && i >= -1 && i < len(s.Asset.Skeleton.Bones) {
		s.Selected = i
	}
}

// Advance plays dt seconds of wall time at the current speed and returns the
// events crossed (muted ones left out), appended to dst.
func (s *State) Advance(dt float64, dst []int) []int {
	if !s.Playing || s.CurrentClip() == nil {
		return dst
	}
	d := s.Duration()
	s.Clock += dt
	from := s.Time
	to := from + dt*s.Speed
	if d <= 0 {
		s.Time = 0
		return dst
	}
	wrapped := s.Loop && (to >= d || to < 0)
	if s.Loop {
		to = player.ClipTime(to, d, true)
	} else if to >= d || to <= 0 {
		to = math.Max(0, math.Min(to, d))
		s.Playing = false
	}
	s.Time = to
	start := len(dst)
	c := s.CurrentClip()
	if s.Speed >= 0 {
		dst = player.CrossedEvents(c.Events, from, to, d, wrapped, dst)
	} else {
		// Backwards play crosses the same interval the other way.
		dst = player.CrossedEvents(c.Events, to, from, d, wrapped, dst)
	}
	// Drop muted events in place.
	out := dst[:start]
	for _, e := range dst[start:] {
		if !s.HiddenEvents[e] {
			out = append(out, e)
			s.Fired = append(s.Fired, Fired{Event: e, At: s.Clock})
		}
	}
	if len(s.Fired) > 16 {
		s.Fired = s.Fired[len(s.Fired)-16:]
	}
	return out
}

// Status is the one-line playback readout.
func (s *State) Status() string {
	if s.CurrentClip() == nil {
		return "bind pose (no clips)"
	}
	f, n := s.Frame()
	state := "paused"
	if s.Playing {
		state = "playing"
	}
	loop := ""
	if s.Loop {
		loop = " loop"
	}
	fps := ""
	if s.FPS > 0 {
		fps = fmt.Sprintf("   %.0f fps", s.FPS)
	}
	return fmt.Sprintf("frame %d / %d   %.3f s / %.3f s   %.2g×   %s%s%s", f, n-1, s.Time, s.Duration(), s.Speed, state, loop, fps)
}
