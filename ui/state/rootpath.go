package state

import (
	"fmt"

	"github.com/animview/animview/compare"
	"github.com/animview/animview/formats"
)

// RootPath is the root's path over what plays (issue 31): whether the
// window draws it on the ground, and the path, measured as `info`
// measures root motion (compare.RootPath: the same bone, samples and
// lengths) once for each clip or animation tree while it is shown.
type RootPath struct {
	s  *State
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

// RootPath is the root's path over what plays.
func (s *State) RootPath() *RootPath { return &s.root }

// Shown reports whether the window draws the root's path.
func (r *RootPath) Shown() bool { return r.on }

// Toggle draws the root's path or stops.
func (r *RootPath) Toggle() { r.on = !r.on }

// Path returns the root's path over what plays, measured when it is first
// asked for after the clip or tree changed (which allocates; after that it
// allocates nothing), or nil when the path is not shown or nothing plays.
func (r *RootPath) Path() *compare.Path {
	s := r.s
	c := s.CurrentClip()
	if !r.on || c == nil || s.asset == nil {
		return nil
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
	return &r.path
}

// Travelled is how far the root has come along its path at the playback
// time, and the path's whole length; ok is false when the path is not
// shown.
func (r *RootPath) Travelled() (along, total float64, ok bool) {
	p := r.Path()
	if p == nil || p.Bone < 0 {
		return 0, 0, false
	}
	_, along = p.At(r.s.play.time)
	return along, p.PathLength, true
}

// status is the status line's part for the root's path: how far the root
// has come of the path's length, "" when the path is not shown.
func (r *RootPath) status() string {
	along, total, ok := r.Travelled()
	if !ok {
		return ""
	}
	return fmt.Sprintf("   root path %.4g of %.4g", along, total)
}
