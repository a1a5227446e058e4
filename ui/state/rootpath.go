package state

import (
	"fmt"

	"github.com/animview/animview/compare"
	"github.com/animview/animview/formats"
)

// rootPath is the root's path over what plays (issue 31): whether the
// window draws it on the ground, and the path, measured as `info`
// measures root motion (compare.RootPath: the same bone, samples and
// lengths) once for each clip or animation tree while it is shown.
type rootPath struct {
	on bool
	// path was measured for the asset, clip and tree build in key.
	path compare.Path
	key  rootPathKey
	have bool
}

// rootPathKey is what a measured path belongs to: the asset, the open
// clip (a tree's made-up clip while a tree plays) and the tree's build.
type rootPathKey struct {
	asset *formats.Asset
	clip  *formats.Clip
	tree  int
}

// RootPathShown reports whether the window draws the root's path.
func (s *State) RootPathShown() bool { return s.root.on }

// ToggleRootPath draws the root's path or stops.
func (s *State) ToggleRootPath() { s.root.on = !s.root.on }

// RootPath returns the root's path over what plays, measured when it is
// first asked for after the clip or tree changed (which allocates; after
// that it allocates nothing); ok is false when the path is not shown or
// nothing plays. The path's points are shared: read only.
func (s *State) RootPath() (p compare.Path, ok bool) {
	r := &s.root
	c := s.CurrentClip()
	if !r.on || c == nil || s.asset == nil {
		return compare.Path{}, false
	}
	k := rootPathKey{s.asset, c, s.tree.gen}
	if !r.have || k != r.key {
		if s.tree.anim >= 0 {
			// A tree's clip is made up for the timeline and has no
			// tracks: what the tree plays is sampled instead.
			r.path = compare.SamplerRootPath(s.asset.Skeleton, s.Sampler())
		} else {
			r.path = compare.RootPath(s.asset.Skeleton, c)
		}
		r.key, r.have = k, true
	}
	return r.path, true
}

// RootTravelled is how far the root has come along its path at the
// playback time, and the path's whole length; ok is false when the path
// is not shown.
func (s *State) RootTravelled() (along, total float64, ok bool) {
	p, ok := s.RootPath()
	if !ok || p.Bone < 0 {
		return 0, 0, false
	}
	_, along = p.At(s.play.time)
	return along, p.PathLength, true
}

// rootPathStatus is the status line's part for the root's path: how far
// the root has come of the path's length, "" when the path is not shown.
func (s *State) rootPathStatus() string {
	along, total, ok := s.RootTravelled()
	if !ok {
		return ""
	}
	return fmt.Sprintf("   root path %.4g of %.4g", along, total)
}
