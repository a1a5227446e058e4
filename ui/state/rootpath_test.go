package state

import (
	"math"
	"strings"
	"testing"

	"github.com/animview/animview/compare"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/ms3d/ms3dtest"
)

// walker is ms3dtest's default walker: a root that walks 2 units along X
// in a second, an arm that swings and a hand.
func walker(t testing.TB) *formats.Asset {
	t.Helper()
	return ms3dtest.DefaultWalker().Asset(t, "walk")
}

// TestRootPath: the path is measured only while shown, as `info`
// measures it (the walker's root comes 2 units); the status line says
// how far the root has come (half way at half time); the path is kept
// until the clip changes, and asking for it again allocates nothing.
func TestRootPath(t *testing.T) {
	s := New("walk.ms3d", walker(t))
	if _, ok := s.RootPath(); s.RootPathShown() || ok || strings.Contains(s.Status(), "root path") {
		t.Fatalf("shown before the toggle: %q", s.Status())
	}
	s.ToggleRootPath()
	p, ok := s.RootPath()
	if !ok || p.Name != "root" || math.Abs(p.PathLength-2) > 1e-5 || p.Root != compare.RootMotion(s.Asset().Skeleton, s.CurrentClip()) {
		t.Fatalf("path %+v", p)
	}
	s.Seek(0.5)
	along, total, ok := s.RootTravelled()
	if !ok || math.Abs(along-1) > 1e-4 || total != p.PathLength {
		t.Errorf("travelled %v of %v (%v)", along, total, ok)
	}
	if st := s.Status(); !strings.HasSuffix(st, "   root path 1 of 2") {
		t.Errorf("status %q", st)
	}
	if q, _ := s.RootPath(); len(q.Points) == 0 || &q.Points[0] != &p.Points[0] || testing.AllocsPerRun(50, func() { s.RootTravelled() }) != 0 {
		t.Errorf("the path is measured again, or asking for it allocates")
	}
	s.ToggleRootPath()
	if _, ok := s.RootPath(); ok || strings.Contains(s.Status(), "root path") {
		t.Errorf("shown after the second toggle: %q", s.Status())
	}
}

// TestRootPathFollowsTheClip: the demo's walk bobs its hips along a path
// of about 0.26 (`info demo:`), its idle keeps them still; a character
// set's tree is sampled as it plays.
func TestRootPathFollowsTheClip(t *testing.T) {
	s := demo()
	s.ToggleRootPath()
	if p, ok := s.RootPath(); !ok || p.Name != "hips" || math.Abs(p.PathLength-0.2594) > 1e-3 {
		t.Errorf("walk: %+v", p)
	}
	s.SelectClip(1)
	if p, ok := s.RootPath(); !ok || p.PathLength != 0 {
		t.Errorf("idle: %+v", p)
	}
	set := demoSet(t)
	set.ToggleRootPath()
	if err := set.SelectAnim(set.Tree().AnimByName("walk")); err != nil {
		t.Fatal(err)
	}
	p, ok := set.RootPath()
	want := compare.SamplerRootPath(set.Asset().Skeleton, set.Sampler())
	if ok {
		t.Logf("the tree's walk: %s along %.4g, %d samples", p.Name, p.PathLength, p.Samples)
	}
	if !ok || p.Bone != want.Bone || p.PathLength != want.PathLength || !(p.PathLength > 0) || len(p.Points) < 2 {
		t.Errorf("tree: %+v, want %+v", p, want.Root)
	}
}
