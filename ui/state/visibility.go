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
	s           *State
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

// markBones rebuilds animated and dim for clip c, reusing their storage.
func (v *Visibility) markBones(c *formats.Clip) {
	n := len(v.s.asset.Skeleton.Bones)
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

// HiddenBones marks the bones the user hid, for drawing (read only).
func (v *Visibility) HiddenBones() []bool { return v.hiddenBones }

// BoneHidden reports whether the user hid bone i.
func (v *Visibility) BoneHidden(i int) bool {
	return i >= 0 && i < len(v.hiddenBones) && v.hiddenBones[i]
}

// ToggleBone hides or shows bone i.
func (v *Visibility) ToggleBone(i int) {
	if i >= 0 && i < len(v.hiddenBones) {
		v.hiddenBones[i] = !v.hiddenBones[i]
	}
}

// ShowAllBones makes every bone visible again.
func (v *Visibility) ShowAllBones() { clear(v.hiddenBones) }

// SetBoneHidden hides or shows bone i, and with subtree every bone below
// it too (the bone tree's Shift-click).
func (v *Visibility) SetBoneHidden(i int, hidden, subtree bool) {
	if i < 0 || i >= len(v.hiddenBones) {
		return
	}
	v.hiddenBones[i] = hidden
	if !subtree {
		return
	}
	bones := v.s.asset.Skeleton.Bones
	// Parents come before children, so one forward pass finds every
	// descendant through its parent's mark.
	in := make([]bool, len(bones))
	in[i] = true
	for j := i + 1; j < len(bones); j++ {
		if p := bones[j].Parent; p >= 0 && in[p] {
			in[j] = true
			v.hiddenBones[j] = hidden
		}
	}
}

// HiddenCount is how many bones the user hid.
func (v *Visibility) HiddenCount() int {
	n := 0
	for _, h := range v.hiddenBones {
		if h {
			n++
		}
	}
	return n
}

// Selected is the selected bone (-1: none).
func (v *Visibility) Selected() int { return v.selected }

// SelectBone selects bone i (-1 clears).
func (v *Visibility) SelectBone(i int) {
	if v.s.asset != nil && i >= -1 && i < len(v.s.asset.Skeleton.Bones) {
		v.selected = i
	}
}

// EventMuted reports whether event i of the open clip is muted.
func (v *Visibility) EventMuted(i int) bool {
	return i >= 0 && i < len(v.mutedEvents) && v.mutedEvents[i]
}

// MutedEvents marks the open clip's muted events (read only).
func (v *Visibility) MutedEvents() []bool { return v.mutedEvents }

// ToggleEvent mutes or unmutes event i of the open clip.
func (v *Visibility) ToggleEvent(i int) {
	if i >= 0 && i < len(v.mutedEvents) {
		v.mutedEvents[i] = !v.mutedEvents[i]
	}
}

// SetEventMuted mutes or unmutes event i of the open clip.
func (v *Visibility) SetEventMuted(i int, muted bool) {
	if i >= 0 && i < len(v.mutedEvents) {
		v.mutedEvents[i] = muted
	}
}

// Animated marks the bones the open clip animates (read only; nil
// without a clip).
func (v *Visibility) Animated() []bool { return v.animated }

// Dim marks the bones the open clip does not drive (read only; nil when
// it drives them all).
func (v *Visibility) Dim() []bool { return v.dim }

// Helper marks the helper bones (read only).
func (v *Visibility) Helper() []bool { return v.helper }

// HideHelpers reports whether helper bones are left out of the view.
func (v *Visibility) HideHelpers() bool { return v.hideHelpers }

// ToggleHelpers hides or shows all helper bones at once.
func (v *Visibility) ToggleHelpers() { v.hideHelpers = !v.hideHelpers }

// Labels reports whether bone names are drawn.
func (v *Visibility) Labels() bool { return v.labels }

// ToggleLabels draws bone names or stops.
func (v *Visibility) ToggleLabels() { v.labels = !v.labels }

// Grid reports whether the ground grid is drawn.
func (v *Visibility) Grid() bool { return v.grid }

// ToggleGrid draws the grid or stops.
func (v *Visibility) ToggleGrid() { v.grid = !v.grid }

// Show is what of a figure with a mesh is drawn.
func (v *Visibility) Show() render.Show { return v.show }

// CycleShow moves to the next of mesh, mesh with bones and bones (the M
// key); an asset without a mesh always shows its bones.
func (v *Visibility) CycleShow() { v.show = v.show.Next() }

// Textures reports whether meshes are drawn with their textures (the
// default) rather than in flat colours.
func (v *Visibility) Textures() bool { return !v.flat }

// SetTextures draws meshes textured or in flat colours.
func (v *Visibility) SetTextures(on bool) { v.flat = !on }

// Axes reports whether the selected bone's local axes are drawn.
func (v *Visibility) Axes() bool { return v.axes }

// ToggleAxes shows or hides the selected bone's local axes.
func (v *Visibility) ToggleAxes() { v.axes = !v.axes }

// Onion reports whether onion skin is on.
func (v *Visibility) Onion() bool { return v.onion }

// ToggleOnion turns onion skin on or off.
func (v *Visibility) ToggleOnion() { v.onion = !v.onion }

// BindPose reports whether the bind pose shows instead of the clip.
func (v *Visibility) BindPose() bool { return v.bindPose }

// ToggleBindPose shows the bind pose or the clip again.
func (v *Visibility) ToggleBindPose() { v.bindPose = !v.bindPose }

// InPlace reports whether the moving root is held at its start.
func (v *Visibility) InPlace() bool { return v.inPlace }

// ToggleInPlace holds the root's horizontal motion at its start or lets it
// travel.
func (v *Visibility) ToggleInPlace() { v.inPlace = !v.inPlace }

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
func (v *Visibility) HoldInPlace(p *player.Pose) {
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
