package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/animview/animview/export"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/render"
	"github.com/animview/animview/render/raster"
)

func cmdRender(args []string, stdout io.Writer) error {
	fs := newFlagSet("render")
	out := fs.String("o", "", "output `FILE` (.png for one frame, .gif for the whole clip)")
	clip := fs.String("clip", "", "the clip `NAME|INDEX` (the first by default)")
	tm := fs.Float64("time", 0, "time in `SECONDS` (a PNG)")
	size := fs.String("size", "640x480", "image size `WxH`")
	yaw := fs.Float64("yaw", 30, "camera yaw in `DEGREES` from the character's front")
	pitch := fs.Float64("pitch", 15, "camera pitch in `DEGREES`")
	fps := fs.Float64("fps", 30, "`RATE` in frames per second of a GIF or --all-frames (a sequence: the clip's own by default)")
	labels := fs.Bool("labels", false, "draw bone names")
	allFrames := fs.Bool("all-frames", false, "write every frame as OUT_0000.png, OUT_0001.png, ...")
	followArg := fs.String("follow", "auto", "`on|off|auto`: keep the camera on figures that travel far")
	showArg := fs.String("show", "mesh+bones", "`mesh|mesh+bones|bones`: what to draw where the file has a mesh")
	noTextures := fs.Bool("no-textures", false, "draw meshes in their materials' flat colours, without their textures")
	var show render.Show
	var w, h int
	var follow raster.Follow
	a, err := openFileArg(fs, args, func() error {
		if *out == "" {
			return fmt.Errorf("render needs -o OUT: %w", errUsage)
		}
		if ext := strings.ToLower(filepath.Ext(*out)); ext != ".png" && ext != ".gif" {
			return fmt.Errorf("-o %s: want a .png or .gif name", *out)
		}
		if err := export.CheckFolder(*out); err != nil {
			return err
		}
		var err error
		if w, h, err = raster.ParseSize(*size); err != nil {
			return fmt.Errorf("--%w", err)
		}
		if *fps <= 0 || *fps > 100 {
			return errors.New("--fps must be in (0, 100]")
		}
		if follow, err = raster.ParseFollow(*followArg); err != nil {
			return fmt.Errorf("--%w", err)
		}
		var ok bool
		if show, ok = render.ParseShow(*showArg); !ok {
			return fmt.Errorf("--show %q: want mesh, mesh+bones or bones", *showArg)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if export.IsImage(a) {
		// A texture alone: its first level at its own size.
		if *allFrames {
			return fmt.Errorf("--all-frames: %s is a still image", a.Images[0].Name)
		}
		if err := export.RenderImage(*out, a.Images[0]); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", *out)
		return nil
	}
	if err := open.RequireDrawable(a); err != nil {
		return err
	}
	ci := -1
	if len(a.Clips) > 0 {
		if ci, err = open.FindClip(a, *clip); err != nil {
			return err
		}
	}
	opt := render.DefaultOptions()
	opt.Labels = *labels
	opt.Show = show
	opt.NoTextures = *noTextures
	// --yaw is relative to the character's front, whatever way the format faces.
	fo := raster.FrameOptions{Width: w, Height: h, Yaw: *yaw + a.Coords.FrontYaw, Pitch: *pitch, Options: opt, FPS: *fps, Follow: follow}
	if *allFrames {
		// The clip's own rate unless --fps is given.
		n, base, err := export.RenderFrames(a, ci, *out, fo, !fpsSet(fs))
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %d frames %s_0000.png ... %s_%04d.png\n", n, base, base, n-1)
		return nil
	}
	if err := export.RenderFile(*out, a, ci, *tm, fo); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	return nil
}

// fpsSet reports whether the user gave --fps.
func fpsSet(fs *flag.FlagSet) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "fps" })
	return set
}
