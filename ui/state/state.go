// Package state is the viewer's state as plain data: what is open, what
// plays and what is shown. It reads no files and starts no goroutines, and
// its fields are unexported: the window changes it only through State's
// methods, which the window's command table (ui/commands.go) calls for
// keys, buttons and --actions alike. Tests drive the same methods without
// a window.
//
// State holds the open asset and one value per concern: Playback (the
// clip, the time, the speed), Visibility (hidden bones, muted events, the
// selection, what of the figure is drawn), View (the camera), Messages
// (the error, the warnings, the help, a notice), Tree (a character set's
// meta-animation trees), TreePanel (the panel that shows them), Files
// (the readable extensions, the recent files), Browser (the in-app file
// browser), Recording (a GIF being written), Wardrobe (the suits a Sims
// skill can wear), Timeline (the timeline's zoom, and the range playback
// keeps to), Export (an export to glTF from the window), Curves (the
// curves panel), DopeSheet (the dope sheet), Image (an image shown by
// itself) and the root's path on the ground. State hands each out as a
// copy to read (State.Playback, State.Visibility, ...): none points back
// at State, and every change, within one concern or across several, is
// a method of State.
package state

import (
	"fmt"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
)

// State is everything the viewer shows.
type State struct {
	path  string
	asset *formats.Asset

	play    Playback
	vis     Visibility
	view    View
	msg     Messages
	tree    Tree
	panel   TreePanel
	files   Files
	browser Browser
	rec     Recording
	line    Timeline
	exp     Export
	curves  Curves
	dope    DopeSheet
	suits   Wardrobe
	img     Image
	root    rootPath
}

// New returns a state with an asset opened.
func New(path string, a *formats.Asset) *State {
	s := &State{}
	s.play = Playback{speed: 1, loop: true, playing: true}
	s.vis = Visibility{grid: true, show: render.ShowMeshBones}
	s.view = View{camera: render.DefaultCamera()}
	s.SetAsset(path, a)
	return s
}

// Playback is what plays and where (a copy: changes go through State).
func (s *State) Playback() Playback { return s.play }

// Visibility is what of the figure is drawn.
func (s *State) Visibility() Visibility { return s.vis }

// View is the camera.
func (s *State) View() View { return s.view }

// Messages are the error, the warnings, the help and the notice.
func (s *State) Messages() Messages { return s.msg }

// Tree is a character set's animation trees.
func (s *State) Tree() Tree { return s.tree }

// TreePanel is the panel that shows the playing tree.
func (s *State) TreePanel() TreePanel { return s.panel }

// Recording is the GIF recording the window shows.
func (s *State) Recording() Recording { return s.rec }

// Export is an export to glTF from the window.
func (s *State) Export() Export { return s.exp }

// Wardrobe is the suits a Sims skill can wear.
func (s *State) Wardrobe() Wardrobe { return s.suits }

// Path is the open file's path ("demo:" for the demo).
func (s *State) Path() string { return s.path }

// Asset is the open asset. It is immutable once loaded.
func (s *State) Asset() *formats.Asset { return s.asset }

// SetAsset opens an asset, resetting the selection, playback and the
// camera (turned to the format's front), and clearing the error.
func (s *State) SetAsset(path string, a *formats.Asset) {
	s.path, s.asset = path, a
	s.msg.err = ""
	s.msg.setWarnings(a.Warnings)
	s.play.clip, s.play.time, s.play.fired = -1, 0, nil
	s.vis.reset(a)
	s.view.reset(a.Coords.FrontYaw)
	if len(a.Clips) > 0 {
		s.SelectClip(a.DefaultClip(path))
	} else {
		s.vis.mutedEvents = nil
		s.play.sampler = nil
		s.vis.clearMarks()
	}
	s.panel.from, s.panel.to = 0, 0
	s.resetTree()
	s.suits.reset(a)
	s.img.level = 0
}

// CurrentClip returns the open clip or nil: while a tree plays, a clip
// made for the viewer (Tree).
func (s *State) CurrentClip() *formats.Clip {
	if s.tree.view != nil {
		return s.tree.view
	}
	if s.asset == nil || s.play.clip < 0 || s.play.clip >= len(s.asset.Clips) {
		return nil
	}
	return s.asset.Clips[s.play.clip]
}

// Sampler returns what plays (the open clip's sampler or an animation
// tree), or nil.
func (s *State) Sampler() player.Sampler {
	if s.tree.anim >= 0 {
		return s.tree.src // nil while a tree failed to build
	}
	if s.play.sampler == nil {
		return nil // no clip open
	}
	return s.play.sampler
}

// SelectClip opens clip i and rewinds.
func (s *State) SelectClip(i int) {
	if s.asset == nil || i < 0 || i >= len(s.asset.Clips) {
		return
	}
	s.tree.leave()
	c := s.asset.Clips[i]
	s.play.clip, s.play.time, s.play.fired = i, 0, nil
	s.play.loop = c.Loop || s.play.loop
	s.vis.mutedEvents = make([]bool, len(c.Events))
	s.play.sampler = player.NewClipSampler(s.asset.Skeleton, c)
	s.vis.markBones(c, len(s.asset.Skeleton.Bones))
	if c.Camera == nil {
		s.view.through = false
	}
}

// ClipByName returns the index of the clip name names (Asset.ClipIndex,
// the rule of --clip), or -1.
func (s *State) ClipByName(name string) int {
	if s.asset == nil {
		return -1
	}
	return s.asset.ClipIndex(name)
}

// SelectLast plays the open asset's last animation (a character's) or its
// last clip: where a step back into the previous entry lands, so that
// stepping back and forth visits each animation once.
func (s *State) SelectLast() {
	if s.asset == nil {
		return
	}
	if n := len(s.tree.AnimList()); n > 0 {
		_ = s.SelectAnim(n - 1) // an error shows as the window's error
		return
	}
	if n := len(s.asset.Clips); n > 0 {
		s.SelectClip(n - 1)
	}
}

// StepAnimation moves d animations on: to another entry of a container
// (returned for the caller to open, since opening reads the file, and to
// start at its last animation when d < 0: SelectLast) or, in a file
// without entries, to another clip (selected here; "" returned).
func (s *State) StepAnimation(d int) (entry string) {
	if s.asset == nil {
		return ""
	}
	if e, ok := s.stepTree(d); ok {
		return e
	}
	if es := s.asset.Entries; len(es) > 1 {
		// Entries known not to open (formats.Entry.Err) are passed over.
		n, at := len(es), s.entryIndex()
		for k := 1; k < n; k++ {
			if e := es[((at+k*d)%n+n)%n]; e.Err == "" {
				return e.Name
			}
		}
		return ""
	}
	if n := len(s.asset.Clips); n > 0 {
		s.SelectClip(((s.play.clip+d)%n + n) % n)
	}
	return ""
}

// entryIndex is the open entry's index in the container's entries (0
// when it is not listed).
func (s *State) entryIndex() int {
	cur := 0
	for i, e := range s.asset.Entries {
		if e.Name == s.asset.Entry {
			cur = i
		}
	}
	return cur
}

// ClipGroup is a run of clips that share formats.Clip.Group.
type ClipGroup struct {
	Name  string
	Clips []int
}

// ClipGroups lists the clips grouped by their Group, groups in order of
// first appearance; clips without a group form a group named "".
func (s *State) ClipGroups() []ClipGroup {
	if s.asset == nil {
		return nil
	}
	var gs []ClipGroup
	at := map[string]int{}
	for i, c := range s.asset.Clips {
		k, ok := at[c.Group]
		if !ok {
			k = len(gs)
			at[c.Group] = k
			gs = append(gs, ClipGroup{Name: c.Group})
		}
		gs[k].Clips = append(gs[k].Clips, i)
	}
	return gs
}

// ClipLabel is a clip's name in a grouped list: the part after its group's
// "Group/" prefix when it has one.
func (s *State) ClipLabel(i int) string {
	c := s.asset.Clips[i]
	if c.Group != "" {
		if rest, ok := strings.CutPrefix(c.Name, c.Group+"/"); ok {
			return rest
		}
	}
	return c.Name
}

// BoneByName returns the index of the bone called name, exactly or else
// ignoring case, or -1.
func (s *State) BoneByName(name string) int {
	if s.asset == nil {
		return -1
	}
	return s.asset.Skeleton.IndexByNameFold(name)
}

// Status is the one-line playback readout.
func (s *State) Status() string {
	if s.Texture() != nil {
		return s.imageStatus()
	}
	if s.CurrentClip() == nil {
		return "bind pose (no clips)"
	}
	p := &s.play
	f, n := s.Frame()
	state := "paused"
	if p.playing {
		state = "playing"
	}
	loop := ""
	if p.loop {
		loop = " loop"
	}
	// The drawn frame rate means something only while playing: a paused
	// window draws only on change, and its rate rounds to "0 fps".
	fps := ""
	if p.playing && p.fps >= 0.5 {
		fps = fmt.Sprintf("   %.0f fps", p.fps)
	}
	return fmt.Sprintf("frame %d / %d   %.3f s / %.3f s   %.2g×   %s%s%s", f, n-1, p.time, s.Duration(), p.speed, state, loop, fps) +
		s.Timeline().status() + s.rootPathStatus()
}
