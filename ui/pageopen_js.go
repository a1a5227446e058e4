package ui

import (
	"fmt"
	"io/fs"

	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/ui/state"
)

// The web page's files come as sets without paths (Options.OpenAside):
// the file to compare with and a motion dropped on a figure open from
// their set, beside the set that is open.

// openSet opens the file of a set handed over without paths (the web
// page's choice: Options.OpenAside) as B, as open does.
func (c *comparer) openSet(st *state.State, set fs.FS) error {
	if c.opt.OpenAside == nil {
		return fmt.Errorf("compare: these files have no path on disk to open them by")
	}
	b, name, err := c.opt.OpenAside(set)
	if err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	return c.openAsset(st, name, b)
}

// dropSet takes a set of files dropped on the web page: on a figure, when
// the set's file (open.Primary) has a clip to play and the set brings no
// mesh or suit, the window asks as for a dropped file, reopen opening the
// set for Open instead. It reports
// whether it asked; the caller opens the set when not.
func (d *dropper) dropSet(st *state.State, set fs.FS, reopen func()) bool {
	d.asset = nil
	if d.opt.OpenAside == nil || !d.onFigure(st) {
		return false
	}
	asset, name, err := d.opt.OpenAside(set)
	if err != nil {
		return false
	}
	// A set that brings a mesh or suits with its clip (a model with its
	// textures, a skill with what it wears) is dropped to be opened.
	if len(asset.Meshes) > 0 || len(open.SuitsIn(set)) > 0 {
		return false
	}
	ci, ok := motionClip(asset, name)
	if !ok {
		return false
	}
	d.ask(st, name, asset, ci, reopen)
	return true
}
