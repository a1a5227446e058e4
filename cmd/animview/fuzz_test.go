package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/animview/animview/render/raster"
	"github.com/animview/animview/report"
)

// pipelineExts are the names the fuzzer tries a payload under, so that the
// extension fallback of every loader is exercised too.
var pipelineExts = []string{"ANIM", "CINF", "EVNT", "ani", "si", "anim", "skel", "cmx", "bcf", "cfp", "ms3d", "anm", "txt"}

// FuzzPipeline feeds any bytes through the whole path a user's file takes:
// detection, loading, sampling at odd times, local-to-world, the draw list
// and a small raster frame. The per-format fuzzers stop at the loader; this
// one makes sure that whatever a loader accepts, nothing after it panics.
func FuzzPipeline(f *testing.F) {
	for _, glob := range []string{"../../formats/*/testdata/*.*", "../../formats/sims/testdata/tso/*.anim"} {
		files, _ := filepath.Glob(glob)
		for _, p := range files {
			data, err := os.ReadFile(p)
			if err != nil || len(data) > 16<<10 {
				continue // the fuzzer spends its time shrinking large seeds
			}
			for i, e := range pipelineExts {
				if filepath.Ext(p)[1:] == e {
					f.Add(data, uint8(i))
				}
			}
		}
	}
	reg := open.Registry()
	f.Fuzz(func(t *testing.T, data []byte, ext uint8) {
		if err := runPipeline(reg, data, ext); err != nil {
			t.Fatal(err)
		}
	})
}

func runPipeline(reg *formats.Registry, data []byte, ext uint8) error {
	{
		name := "fuzz." + pipelineExts[int(ext)%len(pipelineExts)]
		a, err := reg.Load(&formats.Input{Name: name, Data: data})
		if err != nil {
			return nil
		}
		sk := a.Skeleton
		pose := player.NewPose(sk)
		world := player.NewWorldPose(sk)
		var dl render.DrawList
		cam := render.DefaultCamera()
		helper := render.HelperBones(sk, a.Clips)
		opt := render.DefaultOptions()
		opt.SelectedAxes = true
		for ci, c := range a.Clips {
			s := player.NewClipSampler(sk, c)
			root := render.SceneRoot(a.Coords)
			fr := render.ClipFraming(sk, s, root, 4)
			cam.Ortho, opt.HideHelpers = ci%2 == 1, ci%3 == 1
			fr.Aim(&cam, 4.0/3, ci%2 == 0)
			for _, tm := range []float64{0, c.Duration / 3, c.Duration, -1, c.Duration * 2, math.Nextafter(c.Duration, 0)} {
				s.Sample(player.ClipTime(tm, c.Duration, c.Loop), pose)
				player.ToWorld(sk, pose, world)
				cam.Target = fr.Track(world, root)
				render.Build(&dl, &render.Scene{Skeleton: sk, World: world, Visible: pose.Visible, Selected: 0,
					Root: root, Helper: helper, Links: fr.Link, Dim: helper, Ghosts: []*player.WorldPose{world}},
					cam, render.Viewport{W: 64, H: 48}, opt)
			}
			if c.Camera != nil {
				player.EvalCamera(c.Camera, c.Duration/2)
			}
			if ci == 0 {
				if _, err := raster.RenderFrame(a, 0, c.Duration/2, raster.FrameOptions{Width: 32, Height: 24, Follow: raster.FollowOn}); err != nil {
					return fmt.Errorf("a loaded file does not render: %w", err)
				}
			}
		}
		report.Describe(a)
		report.ClipPose(a, min(0, len(a.Clips)-1), 0)
	}
	return nil
}
