package state

import (
	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/go-gl/mathgl/mgl32"
)

// Visibility is what of the figure is drawn and how: the bones the user
// hid, the events muted, the selected bone, the marks of the bone tree,
// and the drawing toggles.
type Visibility struct {
	hiddenBones []bool
	mutedEvents []bool
	selected    int
	// animated marks the bones the open clip has keys for (the bone tree
	// marks them); dim marks the bones it does not drive (drawn dimmer,
	// render.Scene.Dim). Both are rebuilt when the clip changes, nil
	// without a clip.
	animated, dim []bool
	// helper marks helper bones (render.Scene.Helper); hideHelpers leaves
	// them out of the view.
	helper      []bool
	hideHelpers bool
	labels      bool
	grid        bool
	// show is what of a figure with a mesh is drawn: the mesh, the mesh
	// with its bones (the default), or the bones (the M key cycles).
	show render.Show
	// flat draws meshes in their materials' flat colours, leaving their
	// textures out (Shift+M).
	flat bool
	// axes draws the selected bone's local axes; onion the poses a few
	// frames before and after, faint; bindPose the skeleton's bind pose
	// instead of the clip.
	axes, onion, bindPose bool
	// inPlace holds the moving root's horizontal motion at its start:
	// mover is that bone (-1: none), moverStart its first translation key.
	inPlace    bool
	mover      int
	moverStart mgl32.Vec3
	zUp        bool
}

// reset fits the masks to a newly opened asset: nothing hidden, nothing
// selected, the helper bones found.
func (v *Visibility) reset(a *formats.Asset) {
	v.selected = -1
	v.hiddenBones = make([]bool, len(a.Skeleton.Bones))
	v.helper = render.HelperBones(a.Skeleton, a.Clips)
	v.zUp = a.Coords.Up == formats.AxisZ
}

// clearMarks drops the clip's bone marks (no clip, or a tree that did
// not build).
func (v *Visibility) clearMarks() { v.animated, v.dim, v.mover = nil, nil, -1 }

// markBones rebuilds animated and dim for clip c on a skeleton of n
// bones, reusing their storage.
func (v *Visibility) markBones(c *formats.Clip, n int) {
	v.animated = resize(v.animated, n)
	v.dim = resize(v.dim, n)
	for i := 0; i < n; i++ {
		v.animated[i] = i < len(c.Tracks) && c.Tracks[i].Animated()
		v.dim[i] = c.Drives != nil && (i >= len(c.Drives) || !c.Drives[i])
	}
	if c.Drives == nil {
		v.dim = nil
	}
	v.findMover(c)
}

func resize(b []bool, n int) []bool {
	if cap(b) < n {
		return make([]bool, n)
	}
	b = b[:n]
	clear(b)
	return b
}

// HiddenBones appends to dst the marks of the bones the user hid, for
// drawing.
func (v Visibility) HiddenBones(dst []bool) []bool { return append(dst, v.hiddenBones...) }

// BoneHidden reports whether the user hid bone i.
func (v Visibility) BoneHidden(i int) bool {
	return i >= 0 && i < len(v.hiddenBones) && v.hiddenBones[i]
}

// ToggleBone hides or shows bone i.
func (s *State) ToggleBone(i int) {
	if i >= 0 && i < len(s.vis.hiddenBones) {
		s.vis.hiddenBones[i] = !s.vis.hiddenBones[i]
	}
}

// ShowAllBones makes every bone visible again.
func (s *State) ShowAllBones() { clear(s.vis.hiddenBones) }

// SetBoneHidden hides or shows bone i, and with subtree every bone below
// it too (the bone tree's Shift-click).
func (s *State) SetBoneHidden(i int, hidden, subtree bool) {
	if i < 0 || i >= len(s.vis.hiddenBones) {
		return
	}
	s.vis.hiddenBones[i] = hidden
	if !subtree {
		return
	}
	bones := s.asset.Skeleton.Bones
	// Parents come before children, so one forward pass finds every
	// descendant through its parent's mark.
	in := make([]bool, len(bones))
	in[i] = true
	for j := i + 1; j < len(bones); j++ {
		if p := bones[j].Parent; p >= 0 && in[p] {
			in[j] = true
			s.vis.hiddenBones[j] = hidden
		}
	}
}

// HiddenCount is how many bones the user hid.
func (v Visibility) HiddenCount() int {
	n := 0
	for _, h := range v.hiddenBones {
		if h {
			n++
		}
	}
	return n
}

// Selected is the selected bone (-1: none).
func (v Visibility) Selected() int { return v.selected }

// SelectBone selects bone i (-1 clears).
func (s *State) SelectBone(i int) {
	if s.asset != nil && i >= -1 && i < len(s.asset.Skeleton.Bones) {
		s.vis.selected = i
	}
}

// EventMuted reports whether event i of the open clip is muted.
func (v Visibility) EventMuted(i int) bool {
	return i >= 0 && i < len(v.mutedEvents) && v.mutedEvents[i]
}

// eventCount is how many events of the open clip can be muted.
func (v Visibility) eventCount() int { return len(v.mutedEvents) }

// toggleEvent mutes or unmutes event i of the open clip.
func (s *State) toggleEvent(i int) {
	if i >= 0 && i < len(s.vis.mutedEvents) {
		s.vis.mutedEvents[i] = !s.vis.mutedEvents[i]
	}
}

// SetEventMuted mutes or unmutes event i of the open clip.
func (s *State) SetEventMuted(i int, muted bool) {
	if i >= 0 && i < len(s.vis.mutedEvents) {
		s.vis.mutedEvents[i] = muted
	}
}

// Animated reports whether the open clip animates bone i (false
// without a clip).
func (v Visibility) Animated(i int) bool { return i >= 0 && i < len(v.animated) && v.animated[i] }

// animatedCount is how many bones Animated marks (0 without a clip).
func (v Visibility) animatedCount() int { return len(v.animated) }

// Dim appends to dst the marks of the bones the open clip does not
// drive (nothing when it drives them all).
func (v Visibility) Dim(dst []bool) []bool { return append(dst, v.dim...) }

// Helper appends to dst the marks of the helper bones.
func (v Visibility) Helper(dst []bool) []bool { return append(dst, v.helper...) }

// HideHelpers reports whether helper bones are left out of the view.
func (v Visibility) HideHelpers() bool { return v.hideHelpers }

// ToggleHelpers hides or shows all helper bones at once.
func (s *State) ToggleHelpers() { s.vis.hideHelpers = !s.vis.hideHelpers }

// Labels reports whether bone names are drawn.
func (v Visibility) Labels() bool { return v.labels }

// ToggleLabels draws bone names or stops.
func (s *State) ToggleLabels() { s.vis.labels = !s.vis.labels }

// Grid reports whether the ground grid is drawn.
func (v Visibility) Grid() bool { return v.grid }

// ToggleGrid draws the grid or stops.
func (s *State) ToggleGrid() { s.vis.grid = !s.vis.grid }

// Show is what of a figure with a mesh is drawn.
func (v Visibility) Show() render.Show { return v.show }

// CycleShow moves to the next of mesh, mesh with bones and bones (the M
// key); an asset without a mesh always shows its bones.
func (s *State) CycleShow() { s.vis.show = s.vis.show.Next() }

// Textures reports whether meshes are drawn with their textures (the
// default) rather than in flat colours.
func (v Visibility) Textures() bool { return !v.flat }

// SetTextures draws meshes textured or in flat colours.
func (s *State) SetTextures(on bool) { s.vis.flat = !on }

// Axes reports whether the selected bone's local axes are drawn.
func (v Visibility) Axes() bool { return v.axes }

// ToggleAxes shows or hides the selected bone's local axes.
func (s *State) ToggleAxes() { s.vis.axes = !s.vis.axes }

// Onion reports whether onion skin is on.
func (v Visibility) Onion() bool { return v.onion }

// ToggleOnion turns onion skin on or off.
func (s *State) ToggleOnion() { s.vis.onion = !s.vis.onion }

// BindPose reports whether the bind pose shows instead of the clip.
func (v Visibility) BindPose() bool { return v.bindPose }

// ToggleBindPose shows the bind pose or the clip again.
func (s *State) ToggleBindPose() { s.vis.bindPose = !s.vis.bindPose }

// InPlace reports whether the moving root is held at its start.
func (v Visibility) InPlace() bool { return v.inPlace }

// ToggleInPlace holds the root's horizontal motion at its start or lets it
// travel.
func (s *State) ToggleInPlace() { s.vis.inPlace = !s.vis.inPlace }

// findMover picks the bone in-place mode holds: the first bone, in
// parent-before-child order, whose translation the clip animates, with its
// first key.
func (v *Visibility) findMover(c *formats.Clip) {
	v.mover = -1
	for i := range c.Tracks {
		if tr := &c.Tracks[i].Translation; len(tr.Values) > 0 {
			v.mover, v.moverStart = i, tr.Values[0]
			return
		}
	}
}

// HoldInPlace, in in-place mode, sets the moving root's horizontal
// translation in p back to where the clip starts it, so a walk or a flight
// stays on the spot while its vertical motion plays.
func (v Visibility) HoldInPlace(p *player.Pose) {
	if !v.inPlace || v.mover < 0 || v.mover >= len(p.Local) {
		return
	}
	hold(&p.Local[v.mover].Translation, v.moverStart, v.zUp)
}

// hold puts the horizontal components of start into t: X and the
// horizontal one of Y and Z (Y when Z is up, else Z).
func hold(t *mgl32.Vec3, start mgl32.Vec3, zUp bool) {
	t[0] = start[0]
	if zUp {
		t[1] = start[1]
	} else {
		t[2] = start[2]
	}
}
