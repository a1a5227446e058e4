package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/animview/animview/compare"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/render"
	"github.com/animview/animview/ui"
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

// open loads --motion's file and builds the retarget of its clip onto a
// (source, then onto).
func (m *motionFlags) open(a *formats.Asset, clipSel string, warn io.Writer) (*motion, error) {
	src, err := m.source(clipSel)
	if err != nil {
		return nil, err
	}
	return src.onto(a, warn), nil
}

// motionSource is --motion's file opened, its clip chosen, and --map read.
type motionSource struct {
	file    string
	asset   *formats.Asset
	clip    *formats.Clip
	mapping compare.Map
}

// source loads --motion's file (with no loading flags: those are the
// opened file's), picks its clip (--clip, the first by default) and reads
// --map.
func (m *motionFlags) source(clipSel string) (*motionSource, error) {
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
	ci, err := src.FindClip(clipSel, m.file)
	if err != nil {
		return nil, fmt.Errorf("--motion %s: %w", m.file, err)
	}
	c := src.Clips[ci]
	if err := c.Validate(len(src.Skeleton.Bones)); err != nil {
		return nil, fmt.Errorf("--motion %s: clip %q: %w", m.file, c.Name, err)
	}
	return &motionSource{file: m.file, asset: src, clip: c, mapping: mapping}, nil
}

// onto builds the retarget of the clip onto a. The bones of a that the
// motion does not drive are written to warn as one warning.
func (s *motionSource) onto(a *formats.Asset, warn io.Writer) *motion {
	rt := compare.NewRetarget(s.asset.Skeleton, s.clip, a.Skeleton, compare.RetargetOptions{Map: s.mapping,
		SourceAxes: render.SceneRoot(s.asset.Coords).Mat3(), TargetAxes: render.SceneRoot(a.Coords).Mat3()})
	if un := rt.Unmatched(); len(un) > 0 {
		fmt.Fprintf(warn, "warning: --motion: %d of %d bones have no bone of the same name in %s (or in --map) and keep their bind pose: %s\n",
			len(un), len(a.Skeleton.Bones), s.file, strings.Join(un, ", "))
	}
	return &motion{rt: rt, clip: s.clip}
}

// bakedName is the name of the clip the window plays for --motion.
func (s *motionSource) bakedName() string {
	return s.clip.Name + " (--motion " + filepath.Base(s.file) + ")"
}

// motionOpener opens files for the window: the first, path, with the clip
// of src played on it baked in as its last clip, named src.bakedName()
// (the window plays clips, compare.Retarget.Bake; last, so that the
// indices a character set's animations give its clips stay right); any
// file opened later as it is.
func motionOpener(path string, lo open.Options, src *motionSource, warn io.Writer) ui.Opener {
	first := true
	return func(p string) (*formats.Asset, error) {
		if !first || p != path {
			return open.Path(p, lo)
		}
		first = false
		a, err := open.Path(p, lo)
		if err != nil {
			return nil, err
		}
		if err := open.RequireSkeleton(a); err != nil {
			return nil, err
		}
		a.Clips = append(a.Clips, src.onto(a, warn).rt.Bake(src.bakedName(), src.clip))
		return a, nil
	}
}
