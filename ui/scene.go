package ui

import (
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/animview/animview/render/ebitenview"
	"github.com/animview/animview/ui/state"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/hajimehoshi/ebiten/v2"
)

// scene is the 3D view: the pose drawn, its framing and the camera's
// moves that depend on the view's size. It holds the tools, the layout and
// the compare view; the state comes with each call that reads it.
type scene struct {
	tools
	// lay is the layout the view's size comes from; cmp the compare
	// view, whose figure is drawn and framed with the file's.
	lay    *places
	cmp    *comparer
	drawer ebitenview.Drawer
	pose   *player.Pose
	world  *player.WorldPose
	dl     render.DrawList
	opts   render.Options
	// root turns the asset's axes into the view's (render.SceneRoot).
	root mgl32.Mat4

	ghostTimes []float64
	ghosts     []*player.WorldPose
	ghostPose  *player.Pose

	// framing is the figures' framing over the whole clip; followAuto
	// lets the next framing turn follow mode on for figures that travel;
	// needFrame asks for a framing at the next draw, when the view has
	// its size.
	framing    render.Framing
	followAuto bool
	needFrame  bool

	// rootPath is the root's path as drawn this frame (rootpath.go).
	rootPath render.RootPath

	// image draws an image opened by itself in place of the figure.
	image imageView

	// hidden, dim and helper hold the state's bone marks for this
	// frame's render.Scene (state.Visibility hands copies).
	hidden, dim, helper []bool
}

// reset fits the scene to a newly opened asset.
func (s *scene) reset(st *state.State) {
	a := st.Asset()
	sk := a.Skeleton
	s.pose = player.NewPose(sk)
	s.world = player.NewWorldPose(sk)
	s.ghostPose = player.NewPose(sk)
	s.ghosts = s.ghosts[:0]
	s.root = render.SceneRoot(a.Coords)
	// Framing needs the laid-out viewport's aspect: do it at the next draw.
	s.needFrame = true
	s.followAuto = true
}

// aspect is the view's width over its height.
func (s *scene) aspect() float64 {
	vp := s.lay.viewport()
	if vp.H > 0 {
		return float64(vp.W / vp.H)
	}
	return 1
}

// frameAll fits the camera to the figures over the whole clip through
// render.ClipFraming, the same framing `animview render` uses: static scene
// roots that only place figures far away are left out. When the figures
// travel far compared with their own size (a flight, a long walk), it turns
// on follow mode and frames them around the tracked point instead, so they
// are not specks in a wide shot.
func (s *scene) frameAll(st *state.State) {
	var src player.Sampler
	if smp := st.Sampler(); smp != nil {
		src = smp // a nil *ClipSampler must stay a nil interface
	}
	asset := st.Asset()
	s.framing = render.ClipFraming(asset.Skeleton, src, s.root, 32)
	if st.Visibility().Show() != render.ShowBones {
		s.framing.AddMeshes(asset.Skeleton, asset.Meshes, s.root)
	}
	s.cmp.frame(&s.framing) // the compared file's figure too
	if s.followAuto {
		s.followAuto = false
		st.SetFollow(s.framing.Travels)
	}
	cam := st.View().Camera()
	s.framing.Aim(&cam, s.aspect(), st.View().Follow())
	st.SetCamera(cam)
}

// zoomToSelected frames the selected bone closely (Z).
func (s *scene) zoomToSelected(st *state.State) {
	i := st.Visibility().Selected()
	if i < 0 || i >= s.world.Len() {
		return
	}
	// A radius from the bone's length to its parent, so a finger and a
	// spine get a sensible close-up.
	p := s.world.Position(i)
	r := float32(0)
	if pi := st.Asset().Skeleton.Bones[i].Parent; pi >= 0 {
		r = p.Sub(s.world.Position(pi)).Len()
	}
	if r <= 0 {
		r = 0.5
	}
	st.ZoomTo(s.root, p, r*1.5, s.aspect())
}

// pan moves the orbit target in the view plane.
func (s *scene) pan(st *state.State, dx, dy float64) {
	st.Pan(dx, dy, float64(s.lay.viewport().H))
}

// draw poses the figure at the playback time and draws it; an image by
// itself is drawn instead (imageView).
func (s *scene) draw(st *state.State, screen *ebiten.Image, vp render.Viewport) {
	if t := st.Texture(); t != nil {
		s.image.draw(screen, vp, t, st.Image().Level())
		return
	}
	vis, view := st.Visibility(), st.View()
	sk := st.Asset().Skeleton
	if smp := st.Sampler(); smp != nil && !vis.BindPose() {
		smp.Sample(st.Playback().Time(), s.pose)
		vis.HoldInPlace(s.pose)
	} else {
		s.pose.SetBind(sk)
	}
	player.ToWorld(sk, s.pose, s.world)
	s.opts.Labels = vis.Labels()
	s.opts.Grid = vis.Grid()
	s.opts.HideHelpers = vis.HideHelpers()
	s.opts.SelectedAxes = vis.Axes()
	s.opts.Show = vis.Show()
	s.opts.NoTextures = !vis.Textures()
	s.hidden, s.dim, s.helper = vis.HiddenBones(s.hidden[:0]), vis.Dim(s.dim[:0]), vis.Helper(s.helper[:0])
	sc := render.Scene{
		Skeleton: sk, World: s.world, Visible: s.pose.Visible, Hidden: s.hidden,
		Selected: vis.Selected(), Root: s.root, CameraMarker: s.cameraMarker(st),
		Links: s.framing.Link,
		Dim:   s.dim, Helper: s.helper, Ghosts: s.onionSkin(st),
		Meshes: st.Asset().Meshes, Compare: s.cmp.figure(st), RootPath: s.drawnRootPath(st),
	}
	cam := view.Camera()
	if view.Follow() && len(sk.Bones) > 0 {
		cam.Target = s.framing.Track(s.world, s.root)
	}
	if view.Through() {
		if lf := s.throughCamera(st); lf != nil {
			cam.Through = lf
		}
	}
	render.Build(&s.dl, &sc, cam, vp, s.opts)
	s.drawer.Draw(screen, &s.dl, s.kit.small)
}

// onionSkin fills the ghost poses a few frames around the current time,
// reusing their storage; nil when onion skin is off.
func (s *scene) onionSkin(st *state.State) []*player.WorldPose {
	smp := st.Sampler()
	if smp == nil || st.Visibility().BindPose() {
		return nil
	}
	s.ghostTimes = st.GhostTimes(s.ghostTimes[:0])
	if len(s.ghostTimes) == 0 {
		return nil
	}
	sk := st.Asset().Skeleton
	for len(s.ghosts) < len(s.ghostTimes) {
		s.ghosts = append(s.ghosts, player.NewWorldPose(sk))
	}
	for i, t := range s.ghostTimes {
		smp.Sample(t, s.ghostPose)
		st.Visibility().HoldInPlace(s.ghostPose)
		player.ToWorld(sk, s.ghostPose, s.ghosts[i])
	}
	return s.ghosts[:len(s.ghostTimes)]
}

// cameraMarker returns the clip's animated camera for drawing, or nil.
func (s *scene) cameraMarker(st *state.State) *render.CameraMarker {
	c := st.CurrentClip()
	if c == nil || c.Camera == nil || st.View().Through() {
		return nil
	}
	p := player.EvalCamera(c.Camera, st.Playback().Time())
	if !p.Valid {
		return nil
	}
	return &render.CameraMarker{Position: p.Position, Target: p.Target, Up: p.Up}
}

// throughCamera turns the clip's animated camera into view space.
func (s *scene) throughCamera(st *state.State) *render.LookFrom {
	c := st.CurrentClip()
	if c == nil || c.Camera == nil {
		return nil
	}
	p := player.EvalCamera(c.Camera, st.Playback().Time())
	if !p.Valid {
		return nil
	}
	lf := render.CameraMarker{Position: p.Position, Target: p.Target, Up: p.Up}.LookFrom(s.root)
	return &lf
}
