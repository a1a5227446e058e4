package raster

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/lego"
	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/render"
)

// load reads a test file through its format's registry.
func load(t *testing.T, path string) *formats.Asset {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	reg := formats.NewRegistry(append(lego.Loaders(), sims.Loaders()...)...)
	a, err := reg.Load(&formats.Input{Name: filepath.Base(path), Data: data})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestRenderFramesFigures renders clips whose figures are far from the
// scene's origin or travel far, and checks that the figures fill a good
// part of the picture: LEGO Island actors 46 units from a static scene root
// (the writer's fixture), and FreeSO's 275-frame broom flight, followed.
func TestRenderFramesFigures(t *testing.T) {
	tests := []struct {
		name   string
		path   string
		time   float64
		follow Follow
		// minHeight is the figures' least share of the image height.
		minHeight float64
		// maxHeight, when set, is the most (a wide shot of the trip).
		maxHeight float64
	}{
		{"LEGO scene, figures far from the root", "../../formats/lego/testdata/scene_far.ani", 0.3, FollowAuto, 0.45, 0},
		{"broom flight followed", "../../formats/sims/testdata/tso/a2o-broom-fly-leftside.c3bde7b200000007.anim", 3, FollowAuto, 0.3, 0},
		{"broom flight, follow off", "../../formats/sims/testdata/tso/a2o-broom-fly-leftside.c3bde7b200000007.anim", 3, FollowOff, 0, 0.1},
	}
	for _, tc := range tests {
		a := load(t, tc.path)
		img, err := RenderFrame(a, 0, tc.time, FrameOptions{Width: 320, Height: 240, Yaw: 30 + a.Coords.FrontYaw, Pitch: 15, Follow: tc.follow})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		box, n := boneBox(img, render.DefaultTheme().Bone)
		share := float64(box.Dy()) / 240
		t.Logf("%s: %d bone pixels in %v (%.0f%% of the height)", tc.name, n, box, 100*share)
		if tc.minHeight > 0 && n < 20 {
			t.Errorf("%s: only %d bone pixels", tc.name, n)
		}
		if share < tc.minHeight {
			t.Errorf("%s: figures %.0f%% of the height, want at least %.0f%%", tc.name, 100*share, 100*tc.minHeight)
		}
		if tc.maxHeight > 0 && share > tc.maxHeight {
			t.Errorf("%s: figures %.0f%% of the height, want a wide shot under %.0f%%", tc.name, 100*share, 100*tc.maxHeight)
		}
	}
	if _, err := ParseFollow("sometimes"); err == nil {
		t.Error("ParseFollow accepted a bad word")
	}
	for s, want := range map[string]Follow{"on": FollowOn, "off": FollowOff, "auto": FollowAuto} {
		if f, err := ParseFollow(s); err != nil || f != want {
			t.Errorf("ParseFollow(%q) = %v, %v", s, f, err)
		}
	}
}
