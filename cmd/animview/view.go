package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/animview/animview/assets"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/ui"
)

func cmdView(args []string) error {
	fs := flag.NewFlagSet("animview", flag.ContinueOnError)
	clip := fs.String("clip", "", "clip `NAME or INDEX` to show first")
	shot := fs.String("screenshot", "", "save the window as PNG `FILE` after --after frames, then exit")
	after := fs.Int("after", 30, "frames to render before --screenshot")
	size := fs.String("size", "1280x800", "window size `WxH`")
	var lf loadFlags
	lf.register(fs)
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return fmt.Errorf("the viewer opens one FILE: %w", errUsage)
	}
	path := assets.DemoName
	if len(pos) == 1 {
		path = pos[0]
	}
	w, h, err := parseSize(*size)
	if err != nil {
		return err
	}
	if *after < 1 {
		return fmt.Errorf("--after must be at least 1")
	}
	o := lf.options()
	var started time.Time
	if os.Getenv("ANIMVIEW_STARTUP_LOG") != "" {
		started = processStart
	}
	return ui.Run(ui.Options{
		Started: started,
		Path:    path,
		Open:    func(p string) (*formats.Asset, error) { return openAsset(p, o) },
		OpenEntry: func(p, entry string) (*formats.Asset, error) {
			oe := o
			oe.Entry = entry
			return openAsset(p, oe)
		},
		Clip:       *clip,
		Screenshot: *shot,
		After:      *after,
		Width:      w,
		Height:     h,
		Log:        func(s string) { fmt.Fprintln(os.Stderr, "animview:", s) },
	})
}
