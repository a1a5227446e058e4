package ui

import (
	"github.com/animview/animview/render"
	"github.com/animview/animview/ui/state"
	"github.com/go-gl/mathgl/mgl32"
)

// drawnRootPath is the root's path for this frame's scene (Shift+R), or
// nil when it is not shown. It uses the path the state measured (no copy)
// and the pose just posed, so it allocates nothing.
//
// In place (Shift+I), the path is drawn relative to the held root: the
// figure stays where the clip starts it and the path slides under it by
// the distance between where the clip has the root now and where it is
// drawn, so the path's point for now is always under the figure (at the
// marker) and the stretch ahead of it comes towards it as it plays, as a
// treadmill's belt does. Without in-place the path lies still and the
// marker moves along it with the figure.
func (s *scene) drawnRootPath(st *state.State) *render.RootPath {
	p, ok := st.RootPath()
	if !ok || p.Bone < 0 || p.Bone >= s.world.Len() {
		return nil
	}
	rp := &s.rootPath
	rp.Points = p.Points
	rp.At = s.world.Position(p.Bone)
	rp.Shift = mgl32.Vec3{}
	if vis := st.Visibility(); vis.InPlace() && !vis.BindPose() {
		now, _ := p.At(st.Playback().Time())
		rp.Shift = now.Sub(rp.At)
	}
	return rp
}
