package render

import (
	"image/color"
	"slices"
	"strconv"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// Scene is what a draw list shows: a posed skeleton and the view's state.
type Scene struct {
	Skeleton *formats.Skeleton
	World    *player.WorldPose
	// Visible is the pose's visibility (morph keys); nil means all visible.
	Visible []bool
	// Hidden marks bones the user hid; nil means none. A hidden or invisible
	// bone draws no stick to its parent and no dot; its children still draw
	// theirs (from its joint).
	Hidden []bool
	// Selected is the bone to highlight, or -1.
	Selected int
	// Root is SceneRoot(asset.Coords). The zero matrix counts as identity.
	Root mgl32.Mat4
	// CameraMarker is an animation camera to draw as a small frustum with a
	// line to its target, or nil.
	CameraMarker *CameraMarker
	// Dim marks bones drawn dimmer: bones the current clip does not drive
	// (formats.Clip.Drives). nil means none.
	Dim []bool
	// Helper marks helper bones (IK targets, helpers, childless bones no
	// clip moves), drawn thinner and dimmer, or left out when
	// Options.HideHelpers is set. nil means none.
	Helper []bool
	// Ghosts are further world poses of the same skeleton drawn faint
	// behind the scene (onion skin); nil means none.
	Ghosts []*player.WorldPose
	// Compare is a second figure, another file's skeleton posed at the
	// same time (the window's compare view), drawn as thin sticks in
	// Theme.Compare over the meshes and under the scene's bones; nil
	// means none.
	Compare *Figure
	// Links marks bones whose stick to their parent only carries an offset
	// from a static scene root (Framing.Link): drawn as a faint thin line,
	// with no joint dot for the scene root. nil means none.
	Links []bool
	// Meshes are drawn skinned to World where Options.Show asks for them;
	// nil means none. Triangles whose vertices mainly follow a hidden or
	// invisible bone are left out, and the vertices the selected bone
	// moves are tinted.
	Meshes []*formats.Mesh
	// RootPath is the root's path over the clip, drawn on the ground over
	// the grid and under everything else; nil means none.
	RootPath *RootPath

	// selectedColor is the theme's selection colour, set by Build.
	selectedColor color.RGBA
}

// drawsMesh reports whether the scene has a mesh to draw in mode s.
func (sc *Scene) drawsMesh(s Show) bool {
	if sc == nil || s == ShowBones || sc.World == nil {
		return false
	}
	for _, m := range sc.Meshes {
		if m != nil && m.Triangles() > 0 {
			return true
		}
	}
	return false
}

// Build fills dst with the scene seen by cam in vp, reusing dst's slices:
// once dst has grown to the scene's size it allocates nothing. Sticks whose
// ends lie behind the near plane are cut at it, joints behind it are left
// out, and everything is clipped to a band around the viewport, so nothing
// is ever drawn inverted or with runaway coordinates.
func Build(dst *DrawList, sc *Scene, cam Camera, vp Viewport, opt Options) {
	th := &opt.Theme
	dst.reset(th.Background)
	dst.vp = vp
	if !(vp.W > 0 && vp.H > 0) || !finite32(vp.X, vp.Y, vp.W, vp.H) {
		return
	}
	pr := newProjector(cam, vp)
	step := opt.GridStep
	if !(step > 0) || !finite32(step) {
		step = float32(NiceStep(cam.viewDistance() / 10))
	}
	root := mgl32.Ident4()
	if sc != nil && sc.Root != (mgl32.Mat4{}) {
		root = sc.Root
	}
	if opt.Grid {
		addGrid(dst, &pr, cam.lookTarget(), step, th)
	}
	if opt.Axes {
		addAxes(dst, &pr, &root, 2*step, th)
	}
	if sc != nil && sc.RootPath != nil {
		addRootPath(dst, &pr, &root, sc.RootPath, step*0.5, th)
	}
	if sc != nil {
		// Ghosts go before the scene and out of its depth sort: they stay
		// behind the current pose wherever they are.
		for _, g := range sc.Ghosts {
			addGhost(dst, &pr, &root, sc, g, &opt)
		}
	}
	dst.MeshAt = len(dst.Lines)
	if sc != nil && sc.Compare != nil {
		// After the mesh layer and out of the depth sort: over the
		// meshes, under the scene's bones, so that it shows where the
		// two figures part.
		addFigure(dst, &pr, sc.Compare, &opt)
	}
	sceneStart := len(dst.Lines)
	if sc != nil {
		if sc.CameraMarker != nil {
			addCameraMarker(dst, &pr, &root, sc.CameraMarker, step*0.6, th)
		}
		mesh := sc.drawsMesh(opt.Show)
		if mesh {
			sc.selectedColor = th.BoneSelected
			addMeshes(dst, &pr, &root, sc, &opt)
		}
		addSkeleton(dst, &pr, &root, sc, &opt, !(mesh && opt.Show == ShowMesh))
	}
	sortFarToNear(dst.Lines[sceneStart:], func(l *Line) float32 { return l.Depth }, &dst.keys, &dst.lineScratch)
	sortFarToNear(dst.Dots, func(d *Dot) float32 { return d.Depth }, &dst.keys, &dst.dotScratch)
	if sc != nil && opt.SelectedAxes {
		// On top of everything, so the axes stay readable inside the figure.
		addBoneAxes(dst, &pr, &root, sc, step*0.5, th)
	}
}

// Faint styles are the theme's colours mixed toward the background by
// these amounts.
const (
	dimMix    = 0.45
	helperMix = 0.55
	linkMix   = 0.7
	ghostMix  = 0.75
)

// mix blends a toward b by t (0 gives a).
func mix(a, b color.RGBA, t float32) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float32(x) + (float32(y)-float32(x))*t + 0.5) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), f(a.A, b.A)}
}

// boneStyle is how bone i's stick and joint are drawn; ok is false when
// the bone is not drawn at all.
func boneStyle(sc *Scene, i int, opt *Options) (width, radius float32, stick, joint color.RGBA, kind Kind, ok bool) {
	th := &opt.Theme
	helper := i < len(sc.Helper) && sc.Helper[i]
	if helper && opt.HideHelpers {
		return 0, 0, stick, joint, KindBone, false
	}
	width, radius, stick, joint, kind = boneWidth, jointRadius, th.Bone, th.Joint, KindBone
	switch {
	case i == sc.Selected:
		return boneSelectedWidth, jointSelectedRad, th.BoneSelected, th.BoneSelected, kind, true
	case helper:
		width, radius = helperWidth, helperRadius
		stick, joint = mix(th.Bone, th.Background, helperMix), mix(th.Joint, th.Background, helperMix)
	case i < len(sc.Dim) && sc.Dim[i]:
		stick, joint = mix(th.Bone, th.Background, dimMix), mix(th.Joint, th.Background, dimMix)
	}
	return width, radius, stick, joint, kind, true
}

// isLink reports whether bone i's stick is a scene root's offset.
func isLink(sc *Scene, i int) bool { return i < len(sc.Links) && sc.Links[i] }

// lookTarget is the point the view is centred on.
func (c Camera) lookTarget() mgl32.Vec3 {
	if l, ok := c.through(); ok {
		return l.Target
	}
	return c.Target
}

// addSegment projects the eye-space segment ab and appends it when any of it
// is on screen.
func addSegment(dst *DrawList, pr *projector, a, b mgl32.Vec3, width float32, clr color.RGBA, kind Kind, bone int) {
	a, b, ok := pr.clipNear(a, b)
	if !ok {
		return
	}
	sa, sb, ok := pr.guard().clip(pr.screen(a), pr.screen(b))
	if !ok {
		return
	}
	dst.Lines = append(dst.Lines, Line{A: sa, B: sb, Depth: -(a[2] + b[2]) / 2, Width: width, Color: clr, Kind: kind, Bone: bone})
}

// addSkeleton draws the sticks, dots and labels when bones is set, and
// records every shown joint for picking either way.
func addSkeleton(dst *DrawList, pr *projector, root *mgl32.Mat4, sc *Scene, opt *Options, bones bool) {
	sk := sc.Skeleton
	if sk == nil || sc.World == nil {
		return
	}
	n := min(len(sk.Bones), sc.World.Len())
	dst.joints = slices.Grow(dst.joints[:0], n)[:n]
	joints := dst.joints
	eyeFromFile := pr.view.Mul4(*root)
	guard := pr.guard()
	for i := 0; i < n; i++ {
		e := pr.toEye(&eyeFromFile, sc.World.Position(i))
		j := &joints[i]
		j.eye, j.front, j.sceneRoot = e, pr.inFront(e), false
		if j.front {
			j.screen = pr.screen(e)
		}
	}
	// A bone with a link stick to a child is a scene root, not part of a
	// figure, and draws no dot. Marked from the children in one pass: a
	// search of the later bones for each bone's children cost the square
	// of the bones (issue 35).
	for c := 0; c < len(sk.Bones) && c < len(sc.Links); c++ {
		dst.checks++
		if p := sk.Bones[c].Parent; sc.Links[c] && p >= 0 && p < c && p < n {
			joints[p].sceneRoot = true
		}
	}
	th := &opt.Theme
	linkColor := mix(th.Bone, th.Background, linkMix)
	for i := 0; i < n; i++ {
		if !shown(sc, i) {
			continue
		}
		w, r, stickColor, c, kind, ok := boneStyle(sc, i, opt)
		if !ok {
			continue
		}
		j := &joints[i]
		if p := sk.Bones[i].Parent; bones && p >= 0 && p < i {
			if isLink(sc, i) && i != sc.Selected {
				addSegment(dst, pr, joints[p].eye, j.eye, linkWidth, linkColor, KindLink, i)
			} else {
				addSegment(dst, pr, joints[p].eye, j.eye, w, stickColor, kind, i)
			}
		}
		if !j.front {
			continue
		}
		if bones && guard.contains(j.screen, r) && !(j.sceneRoot && i != sc.Selected) {
			if opt.Joints {
				dst.Dots = append(dst.Dots, Dot{P: j.screen, Depth: -j.eye[2], Radius: r, Color: c, Bone: i})
			}
			if opt.Labels {
				if !opt.Joints {
					r = 2
				}
				off := r + labelGap
				dst.Labels = append(dst.Labels, Label{
					P: mgl32.Vec2{j.screen[0] + off, j.screen[1] - off}, Text: dst.boneName(sk, i), Color: th.Label, Bone: i,
				})
				dst.anchors = append(dst.anchors, labelAnchor{joint: j.screen, off: off})
			}
		}
		if (rect{pr.vp.X, pr.vp.Y, pr.vp.X + pr.vp.W, pr.vp.Y + pr.vp.H}).contains(j.screen, 0) {
			dst.pick = append(dst.pick, pickPoint{p: j.screen, depth: -j.eye[2], bone: i})
		}
	}
	placeLabels(dst, sc.Selected, pr.vp)
}

// shown reports whether bone i is neither invisible in the pose nor hidden
// by the user.
func shown(sc *Scene, i int) bool {
	if i < len(sc.Visible) && !sc.Visible[i] {
		return false
	}
	return !(i < len(sc.Hidden) && sc.Hidden[i])
}

// boneName returns a bone's label: its name, or "#id" for a nameless bone.
// The made-up names are cached per skeleton so labelling allocates nothing
// from frame to frame.
func (d *DrawList) boneName(sk *formats.Skeleton, i int) string {
	b := &sk.Bones[i]
	if b.Name != "" {
		return b.Name
	}
	if d.namesSkel != sk || len(d.names) != len(sk.Bones) {
		d.namesSkel = sk
		d.names = make([]string, len(sk.Bones))
	}
	if d.names[i] == "" {
		d.names[i] = "#" + strconv.Itoa(b.ID)
	}
	return d.names[i]
}

// addGhost draws another pose of the scene's skeleton as faint thin sticks,
// with no joints or labels; bones hidden in the scene stay hidden.
func addGhost(dst *DrawList, pr *projector, root *mgl32.Mat4, sc *Scene, g *player.WorldPose, opt *Options) {
	sk := sc.Skeleton
	if sk == nil || g == nil {
		return
	}
	n := min(len(sk.Bones), g.Len())
	dst.ghost = slices.Grow(dst.ghost[:0], n)[:n]
	eyeFromFile := pr.view.Mul4(*root)
	for i := 0; i < n; i++ {
		dst.ghost[i] = pr.toEye(&eyeFromFile, g.Position(i))
	}
	clr := mix(opt.Theme.Bone, opt.Theme.Background, ghostMix)
	for i := 0; i < n; i++ {
		p := sk.Bones[i].Parent
		if p < 0 || p >= i || !shown(sc, i) || isLink(sc, i) {
			continue
		}
		if i < len(sc.Helper) && sc.Helper[i] && opt.HideHelpers {
			continue
		}
		addSegment(dst, pr, dst.ghost[p], dst.ghost[i], ghostWidth, clr, KindGhost, i)
	}
}

// addBoneAxes draws the selected bone's local X, Y and Z axes (red, green,
// blue) from its joint, each length units long whatever the bone's scale.
func addBoneAxes(dst *DrawList, pr *projector, root *mgl32.Mat4, sc *Scene, length float32, th *Theme) {
	i := sc.Selected
	if sc.Skeleton == nil || sc.World == nil || i < 0 || i >= sc.World.Len() || i >= len(sc.Skeleton.Bones) || !shown(sc, i) {
		return
	}
	m := root.Mul4(sc.World.Matrix(i))
	origin := mgl32.Vec3{m[12], m[13], m[14]}
	eyeFromView := pr.view
	o := pr.toEye(&eyeFromView, origin)
	for k, c := range [3]color.RGBA{th.AxisX, th.AxisY, th.AxisZ} {
		axis := m.Col(k).Vec3()
		l := axis.Len()
		if !(l > 1e-9) || !finite3(axis) {
			continue
		}
		tip := origin.Add(axis.Mul(length / l))
		addSegment(dst, pr, o, pr.toEye(&eyeFromView, tip), axisWidth, c, KindAxis, i)
	}
}
