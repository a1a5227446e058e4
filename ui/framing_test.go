package ui

import (
	"os"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/lego"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/hajimehoshi/ebiten/v2"
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
	a := newApp(t, Options{Path: path, Open: open})
	before := a.st.View().Camera()
	a.press(ebiten.KeyF, 0)
	sk := a.st.Asset().Skeleton
	want := before
	f := render.ClipFraming(sk, player.NewClipSampler(sk, a.st.CurrentClip()), a.scene.root, 32)
	f.Aim(&want, 1, false)
	cam := a.st.View().Camera()
	if cam != want {
		t.Errorf("F gave %+v, ClipFraming %+v", cam, want)
	}
	if a.st.View().Follow() {
		t.Error("figures on the spot turned follow on")
	}
	if x := cam.Target[0]; x < 43 || x > 47 || cam.Distance > 15 {
		t.Errorf("camera looks at %v from %v: not at the figures", cam.Target, cam.Distance)
	}
	// The scene root's sticks are drawn as links.
	if len(a.scene.framing.Link) != len(sk.Bones) || !a.scene.framing.Link[1] {
		t.Errorf("links %v", a.scene.framing.Link)
	}
}
