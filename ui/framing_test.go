package ui

import (
	"os"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/lego"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
)

// TestFrameAllFramesTheFigures: the viewer's F (and its initial framing,
// which calls the same frameAll) aims the camera exactly as
// render.ClipFraming does for `animview render`: on the LEGO fixture's two
// figures 46 units from the scene root, not on the root.
func TestFrameAllFramesTheFigures(t *testing.T) {
	const path = "../formats/lego/testdata/scene_far.ani"
	open := func(p string) (*formats.Asset, error) {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		f, err := lego.Parse(data)
		if err != nil {
			return nil, err
		}
		return f.Asset("scene_far")
	}
	a, err := NewApp(Options{Path: path, Open: open, Log: func(string) {}})
	if err != nil {
		t.Fatal(err)
	}
	before := a.st.Camera
	a.frameAll()
	sk := a.st.Asset.Skeleton
	want := before
	f := render.ClipFraming(sk, player.NewClipSampler(sk, a.st.CurrentClip()), a.root, 32)
	f.Aim(&want, 1, false)
	if a.st.Camera != want {
		t.Errorf("F gave %+v, ClipFraming %+v", a.st.Camera, want)
	}
	if a.st.Follow {
		t.Error("figures on the spot turned follow on")
	}
	if x := a.st.Camera.Target[0]; x < 43 || x > 47 || a.st.Camera.Distance > 15 {
		t.Errorf("camera looks at %v from %v: not at the figures", a.st.Camera.Target, a.st.Camera.Distance)
	}
	// The scene root's sticks are drawn as links.
	if len(a.frameFigures.Link) != len(sk.Bones) || !a.frameFigures.Link[1] {
		t.Errorf("links %v", a.frameFigures.Link)
	}
}
