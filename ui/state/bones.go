package state

import (
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/go-gl/mathgl/mgl32"
)

// markBones rebuilds Animated and Dim for clip c, reusing their storage.
func (s *State) markBones(c *formats.Clip) {
	n := len(s.Asset.Skeleton.Bones)
	s.Animated = resize(s.Animated, n)
	s.Dim = resize(s.Dim, n)
	for i := 0; i < n; i++ {
		s.Animated[i] = i < len(c.Tracks) && c.Tracks[i].Animated()
		s.Dim[i] = c.Drives != nil && (i >= len(c.Drives) || !c.Drives[i])
	}
	if c.Drives == nil {
		s.Dim = nil
	}
	s.findMover(c)
}

func resize(b []bool, n int) []bool {
	if cap(b) < n {
		return make([]bool, n)
	}
	b = b[:n]
	clear(b)
	return b
}

// BoneByName returns the index of the bone called name, exactly or else
// ignoring case, or -1.
func (s *State) BoneByName(name string) int {
	if s.Asset == nil {
		return -1
	}
	sk := s.Asset.Skeleton
	if i := sk.IndexByName(name); i >= 0 {
		return i
	}
	for i := range sk.Bones {
		if strings.EqualFold(sk.Bones[i].Name, name) {
			return i
		}
	}
	return -1
}

// SetBoneHidden hides or shows bone i, and with subtree every bone below
// it too (the bone tree's Shift-click).
func (s *State) SetBoneHidden(i int, hidden, subtree bool) {
	if i < 0 || i >= len(s.HiddenBones) {
		return
	}
	s.HiddenBones[i] = hidden
	if !subtree {
		return
	}
	bones := s.Asset.Skeleton.Bones
	// Parents come before children, so one forward pass finds every
	// descendant through its parent's mark.
	in := make([]bool, len(bones))
	in[i] = true
	for j := i + 1; j < len(bones); j++ {
		if p := bones[j].Parent; p >= 0 && in[p] {
			in[j] = true
			s.HiddenBones[j] = hidden
		}
	}
}

// ClickBoneBox is the bone tree's check box: it flips bone i, and with
// subtree sets the bone's whole subtree to the bone's new state.
func (s *State) ClickBoneBox(i int, subtree bool) {
	if i < 0 || i >= len(s.HiddenBones) {
		return
	}
	s.SetBoneHidden(i, !s.HiddenBones[i], subtree)
}

// ToggleHelpers hides or shows all helper bones at once.
func (s *State) ToggleHelpers() { s.HideHelpers = !s.HideHelpers }

// ClipGroup is a run of clips that share formats.Clip.Group.
type ClipGroup struct {
	Name  string
	Clips []int
}

// ClipGroups lists the clips grouped by their Group, groups in order of
// first appearance; clips without a group form a group named "".
func (s *State) ClipGroups() []ClipGroup {
	if s.Asset == nil {
		return nil
	}
	var gs []ClipGroup
	at := map[string]int{}
	for i, c := range s.Asset.Clips {
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
	c := s.Asset.Clips[i]
	if c.Group != "" {
		if rest, ok := strings.CutPrefix(c.Name, c.Group+"/"); ok {
			return rest
		}
	}
	return c.Name
}

// StepAnimation moves d animations on: to another entry of a container
// (returned for the caller to open, since opening reads the file) or, in
// a file without entries, to another clip (selected here; "" returned).
func (s *State) StepAnimation(d int) (entry string) {
	if s.Asset == nil {
		return ""
	}
	if e, ok := s.stepTree(d); ok {
		return e
	}
	if es := s.Asset.Entries; len(es) > 1 {
		cur := 0
		for i, e := range es {
			if e.Name == s.Asset.Entry {
				cur = i
			}
		}
		n := len(es)
		return es[((cur+d)%n+n)%n].Name
	}
	if n := len(s.Asset.Clips); n > 0 {
		s.SelectClip(((s.Clip+d)%n + n) % n)
	}
	return ""
}

// DismissWarnings closes the warnings banner (the list keeps them).
func (s *State) DismissWarnings() { s.WarningsDismissed = true }

// ToggleWarnings shows or hides the warnings list.
func (s *State) ToggleWarnings() {
	s.ShowWarnings = !s.ShowWarnings
	if s.ShowWarnings {
		s.WarningsDismissed = true
	}
}

// findMover picks the bone in-place mode holds: the first bone, in
// parent-before-child order, whose translation the clip animates, with its
// first key.
func (s *State) findMover(c *formats.Clip) {
	s.mover = -1
	for i := range c.Tracks {
		if tr := &c.Tracks[i].Translation; len(tr.Values) > 0 {
			s.mover, s.moverStart = i, tr.Values[0]
			return
		}
	}
}

// HoldInPlace, in in-place mode, sets the moving root's horizontal
// translation in p back to where the clip starts it, so a walk or a flight
// stays on the spot while its vertical motion plays.
func (s *State) HoldInPlace(p *player.Pose) {
	if !s.InPlace || s.mover < 0 || s.mover >= len(p.Local) {
		return
	}
	t := &p.Local[s.mover].Translation
	t[0] = s.moverStart[0]
	if s.Asset.Coords.Up == formats.AxisZ {
		t[1] = s.moverStart[1]
	} else {
		t[2] = s.moverStart[2]
	}
}

// ZoomTo frames a sphere of radius r around the model-space point p seen
// through root (the scene root that turns the data upright), for Z.
func (s *State) ZoomTo(root mgl32.Mat4, p mgl32.Vec3, r float32, aspect float64) {
	c := root.Mul4x1(p.Vec4(1)).Vec3()
	v := mgl32.Vec3{r, r, r}
	s.Camera.FrameAspect(render.Bounds{Min: c.Sub(v), Max: c.Add(v), Valid: true}, aspect)
}
