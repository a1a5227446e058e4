package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/animview/animview/compare"
	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/internal/printable"
	"github.com/animview/animview/render/raster"
	"github.com/animview/animview/ui"
	recentfiles "github.com/animview/animview/ui/recent"
)

func cmdView(args []string) error {
	fs := newFlagSet(viewName)
	clip := fs.String("clip", "", "the clip (or a character's animation) `NAME|INDEX` to show first")
	shot := fs.String("screenshot", "", "save the window as PNG `FILE` after --after ticks, then exit")
	after := fs.Int("after", 30, "the `N` ticks of 1/60 s that play before --screenshot saves")
	size := fs.String("size", "", "window size `WxH` (default: 1280x800, or less to fit the screen; at least 800x600)")
	actions := fs.String("actions", "", "`SCRIPT` of viewer actions run at start, ';'-separated: open FILE, select-bone B, hide-bone B, seek S, frame N, clip C, key K, click X Y, wait N, anim A, weight PATH W, pin PATH N, transition A B, ...")
	noRecent := fs.Bool("no-recent", false, "neither read nor write the list of recent files")
	var lf loadFlags
	lf.register(fs)
	var mf motionFlags
	mf.register(fs)
	cmpFile := fs.String("compare", "", "open `FILE` over the opened file as a ghost in another colour, to compare them (--map pairs renamed bones)")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	// The viewer takes --map without --motion: a motion dropped on the
	// figure pairs its bones with it, and a compared file's bones too.
	if *cmpFile != "" && mf.file != "" && mf.mapArg != "" {
		return fmt.Errorf("--map with both --motion and --compare: give one of them: %w", errUsage)
	}
	dropMap, err := loadMap(mf.mapArg)
	if err != nil {
		return err
	}
	var cmpMap compare.Map
	if *cmpFile != "" && mf.file == "" {
		cmpMap = dropMap
	}
	if len(pos) > 1 {
		return fmt.Errorf("the viewer opens one FILE: %w", errUsage)
	}
	if err := lf.check(); err != nil {
		return err
	}
	path := demo.Name
	if len(pos) == 1 {
		path = pos[0]
	}
	var w, h int
	if *size != "" {
		if w, h, err = raster.ParseSize(*size); err != nil {
			return badFlag("--", err)
		}
	}
	if *after < 1 {
		return badValue("--after must be at least 1")
	}
	script, err := ui.ParseActions(*actions)
	if err != nil {
		return badFlag("--actions: ", err)
	}
	recent := ""
	if !*noRecent && *shot == "" {
		// Scripted screenshots leave the user's recent files alone.
		if p, err := recentfiles.File(); err == nil {
			recent = p
		}
	}
	// ANIMVIEW_SLOW_DRAW=300ms makes each frame that long, as software GL
	// on a busy machine does, for tests of input at a few frames a second.
	slow, _ := time.ParseDuration(os.Getenv("ANIMVIEW_SLOW_DRAW"))
	var started time.Time
	if os.Getenv("ANIMVIEW_STARTUP_LOG") != "" {
		started = processStart
	}
	uo := ui.Options{
		Started:    started,
		Path:       path,
		Load:       lf.options(),
		Clip:       *clip,
		Screenshot: *shot,
		After:      *after,
		Width:      w,
		Height:     h,
		Log:        func(s string) { fmt.Fprintln(os.Stderr, "animview:", printable.Message(s)) },
		Actions:    script,
		RecentFile: recent,
		ShotDir:    outputFolder(),
		// What the window handled and drew, for tests that drive it.
		Trace:    os.Getenv("ANIMVIEW_TRACE") != "",
		SlowDraw: slow,
		// Ctrl+O's built-in browser even where zenity is installed.
		NoSystemChooser: os.Getenv("ANIMVIEW_BUILTIN_BROWSER") != "",
		// The first frame shown, for tests that it is complete.
		FirstFrame: os.Getenv("ANIMVIEW_FIRST_FRAME"),
		Compare:    *cmpFile,
		CompareMap: cmpMap,
		Map:        dropMap,
	}
	pageFiles(&uo, lf.options())
	if mf.file != "" {
		// --clip names the motion's clip; the window shows the clip the
		// opener adds. A motion that does not open fails before the
		// window does.
		src, err := mf.source(*clip)
		if err != nil {
			return err
		}
		uo.Open, uo.Clip = motionOpener(path, lf.options(), src, os.Stderr), src.bakedName()
	}
	return needsDisplay(ui.Run(uo))
}

// needsDisplay rewrites the error of a window that could not open for
// want of a display (Ebitengine's "no window system is available", then
// GLFW's or the framebuffer's own words, such as "fbdev: failed to open
// /dev/fb0") into one that says what is missing and what works without
// it, keeping the original words at the end; other errors pass as they
// are.
func needsDisplay(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	for _, s := range []string{"no window system is available", "fbdev: failed to open", "DISPLAY environment variable is missing", "failed to open display"} {
		if strings.Contains(msg, s) {
			return fmt.Errorf("the viewer needs a display (an X11 or Wayland session; on a server, run it under xvfb-run), "+
				"and none was found; `animview render FILE -o OUT.png` draws a clip to a PNG or GIF without one, "+
				"and info, pose and export need none either (%w)", err)
		}
	}
	return err
}
