package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/animview/animview/compare"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/render"
)

// motionFlags are --motion and --map, which pose, render and export share:
// a clip of another file played on the opened file's skeleton.
type motionFlags struct {
	file, mapArg string
}

func (m *motionFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&m.file, "motion", "", "play a clip of `FILE` on the opened file's skeleton (--clip names it)")
	fs.StringVar(&m.mapArg, "map", "", "with --motion: bone names of the motion to the figure: `OLD=NEW,...` or a map FILE")
}

// check refuses --map without --motion.
func (m *motionFlags) check() error {
	if m.mapArg != "" && m.file == "" {
		return fmt.Errorf("--map needs --motion: %w", errUsage)
	}
	return nil
}

// motion is a clip of another file retargeted onto an asset.
type motion struct {
	rt   *compare.Retarget
	clip *formats.Clip
}

// open loads --motion's file (with no loading flags: those are the
// opened file's), picks its clip (--clip, the first by default) and
// builds the retarget onto a. The bones of a that the motion does not
// drive are written to warn as one warning.
func (m *motionFlags) open(a *formats.Asset, clipSel string, warn io.Writer) (*motion, error) {
	mapping, err := loadMap(m.mapArg)
	if err != nil {
		return nil, err
	}
	src, err := open.Path(m.file, open.Options{})
	if err != nil {
		return nil, fmt.Errorf("--motion: %w", err)
	}
	if err := open.RequireSkeleton(src); err != nil {
		return nil, fmt.Errorf("--motion %s: %w", m.file, err)
	}
	ci, err := open.FindClip(src, clipSel)
	if err != nil {
		return nil, fmt.Errorf("--motion %s: %w", m.file, err)
	}
	c := src.Clips[ci]
	if err := c.Validate(len(src.Skeleton.Bones)); err != nil {
		return nil, fmt.Errorf("--motion %s: clip %q: %w", m.file, c.Name, err)
	}
	rt := compare.NewRetarget(src.Skeleton, c, a.Skeleton, compare.RetargetOptions{Map: mapping,
		SourceAxes: render.SceneRoot(src.Coords).Mat3(), TargetAxes: render.SceneRoot(a.Coords).Mat3()})
	if un := rt.Unmatched(); len(un) > 0 {
		fmt.Fprintf(warn, "warning: --motion: %d of %d bones have no bone of the same name in %s (or in --map) and keep their bind pose: %s\n",
			len(un), len(a.Skeleton.Bones), m.file, strings.Join(un, ", "))
	}
	return &motion{rt: rt, clip: c}, nil
}
