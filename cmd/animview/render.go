package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/internal/safefile"
	"github.com/animview/animview/render"
	"github.com/animview/animview/render/raster"
)

func cmdRender(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("render")
	out := fs.String("o", "", "output `FILE` (.png for one frame, .gif for the whole clip; - for standard output)")
	kind := fs.String("format", "", "`png|gif`: what to write (by default from -o's extension; png for -o -)")
	force := fs.Bool("force", false, "replace a file that exists (without it the render fails and leaves the file alone)")
	clip := fs.String("clip", "", "the clip `NAME|INDEX` (by default the file's namesake, else the first with keys)")
	tm := fs.Float64("time", 0, "time in `SECONDS` (a PNG)")
	size := fs.String("size", "640x480", "image size `WxH`")
	yaw := fs.Float64("yaw", 30, "camera yaw in `DEGREES` from the character's front")
	pitch := fs.Float64("pitch", 15, "camera pitch in `DEGREES`")
	fps := fs.Float64("fps", 30, "`RATE` in frames per second of a GIF or --all-frames (a sequence: the clip's own by default)")
	labels := fs.Bool("labels", false, "draw bone names")
	dither := fs.Bool("dither", false, "dither a GIF's frames against its palette (smoother ramps, some grain)")
	allFrames := fs.Bool("all-frames", false, "write every frame as OUT_0000.png, OUT_0001.png, ...")
	followArg := fs.String("follow", "auto", "`on|off|auto`: keep the camera on figures that travel far")
	showArg := fs.String("show", "mesh+bones", "`mesh|mesh+bones|bones`: what to draw where the file has a mesh")
	noTextures := fs.Bool("no-textures", false, "draw meshes in their materials' flat colours, without their textures")
	var mf motionFlags
	mf.register(fs)
	var show render.Show
	var w, h int
	var follow raster.Follow
	a, file, err := openFileArgPath(fs, args, func() error {
		if *out == "" {
			return fmt.Errorf("render needs -o OUT: %w", errUsage)
		}
		ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(*out), "."))
		given := *kind != ""
		switch {
		case *out == "-" && *allFrames:
			return badValue("-o -: --all-frames writes many files; name a .png to number them after")
		case *out == "-" && *kind == "":
			*kind = "png"
		case *kind == "":
			*kind = ext
		}
		if *kind != "png" && *kind != "gif" {
			if given {
				return badValue("--format %q: want png or gif", *kind)
			}
			return badValue("-o %s: want a .png or .gif name", *out)
		}
		if *out != "-" && ext != *kind {
			return badValue("-o %s: --format %s wants a .%s name", *out, *kind, *kind)
		}
		if *out != "-" && !*allFrames {
			// Checked before the work; the write checks again.
			if err := safefile.CheckOverwrite(*out, *force); err != nil {
				return err
			}
		} else if err := safefile.CheckFolder(*out); err != nil && *out != "-" {
			return err
		}
		var err error
		if w, h, err = raster.ParseSize(*size); err != nil {
			return badFlag("--", err)
		}
		if *fps <= 0 || *fps > 100 {
			return badValue("--fps must be in (0, 100]")
		}
		if follow, err = raster.ParseFollow(*followArg); err != nil {
			return badFlag("--", err)
		}
		var ok bool
		if show, ok = render.ParseShow(*showArg); !ok {
			return badValue("--show %q: want mesh, mesh+bones or bones", *showArg)
		}
		if mf.file != "" && *allFrames {
			return badValue("--motion draws a PNG or a GIF; not with --all-frames")
		}
		return mf.check()
	})
	if err != nil {
		return err
	}
	ci := -1
	var mo *motion
	if raster.IsImage(a) {
		// A texture alone: its first level at its own size, written as
		// any render is (-o -, --force).
		if *allFrames || mf.file != "" {
			return badValue("%s is a still image: not with --all-frames or --motion", a.Images[0].Name)
		}
	} else {
		if err := open.RequireDrawable(a); err != nil {
			return err
		}
		if mf.file != "" {
			if err := open.RequireSkeleton(a); err != nil {
				return err
			}
			if mo, err = mf.open(a, *clip, stderr); err != nil {
				return err
			}
		} else if len(a.Clips) > 0 {
			if ci, err = a.FindClip(*clip, file); err != nil {
				return err
			}
		}
	}
	opt := render.DefaultOptions()
	opt.Labels = *labels
	opt.Show = show
	opt.NoTextures = *noTextures
	// --yaw is relative to the character's front, whatever way the format faces.
	fo := raster.FrameOptions{Width: w, Height: h, Yaw: *yaw + a.Coords.FrontYaw, Pitch: *pitch, Options: opt, FPS: *fps, Follow: follow, Dither: *dither}
	progress := renderProgress(stderr, *kind == "gif" || *allFrames)
	if *allFrames {
		// The clip's own rate unless --fps is given.
		n, base, err := renderFrames(a, ci, *out, fo, !fpsSet(fs), *force, progress)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %d frames %s_0000.png ... %s_%04d.png\n", n, base, base, n-1)
		return nil
	}
	if *out == "-" {
		// The image is the whole of standard output; what would say
		// "wrote" is left out, as the file is the answer.
		bw := bufio.NewWriter(stdout)
		if mo != nil {
			err = raster.EncodeSampler(bw, *kind, a, mo.rt, *tm, fo, progress)
		} else {
			err = raster.Encode(bw, *kind, a, ci, *tm, fo, progress)
		}
		if err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return fmt.Errorf("render: standard output: %w", err)
		}
		return nil
	}
	if mo != nil {
		err = renderSamplerFile(*out, a, mo.rt, *tm, fo, *force, progress)
	} else {
		err = renderFile(*out, a, ci, *tm, fo, *force, progress)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	return nil
}

// renderProgress returns what shows a long render's progress (a GIF's or a
// sequence's frames) as a bar on stderr when it is a terminal, or nil.
func renderProgress(stderr io.Writer, long bool) func(done, total int) bool {
	if !long {
		return nil
	}
	var bar func(done, total int)
	return func(done, total int) bool {
		if bar == nil {
			if bar = terminalBar(stderr, total, "rendering"); bar == nil {
				bar = func(int, int) {}
			}
		}
		bar(done, total)
		return true
	}
}

// fpsSet reports whether the user gave --fps.
func fpsSet(fs *flag.FlagSet) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "fps" })
	return set
}
