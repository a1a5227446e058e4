package ui

import (
	"fmt"
	"image"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/animview/animview/formats/demo"

	"github.com/animview/animview/compare"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/render"
	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
)

// dropper asks what to do with an animation file dropped on a figure
// (issue 31): play its motion on the figure, as `--motion FILE` does, or
// open it instead. A file dropped on nothing, on an image, or one with no
// clip to play opens as before. It holds the tools, the hooks and the
// layout; the state comes with each call that reads or changes it.
type dropper struct {
	tools
	hooks
	// lay is the layout the question is drawn over the view of.
	lay *places
	// path and asset are the dropped file, opened, while the window asks
	// (asset nil: no question).
	path  string
	asset *formats.Asset
	clip  int
	// reopen, in the web page, opens the set of files the dropped file
	// came in as a choice of it would, for Open instead: its other files
	// (a skill's suits, a PAK's entries) come with it.
	reopen func()
}

// asking reports whether the window asks about a dropped file.
func (d *dropper) asking() bool { return d.asset != nil }

// drop takes a file dropped on the window (or the drop action): it asks
// when a figure is open and the file has a clip to play on it, and else
// opens the file.
func (d *dropper) drop(st *state.State, path string) {
	d.asset = nil
	asset, err := d.openPath(path)
	if err != nil {
		st.ShowError(err.Error())
		d.opt.Log(err.Error())
		return
	}
	ci, ok := motionClip(asset, path)
	if !d.onFigure(st) || !ok {
		d.show(st, path, asset)
		return
	}
	d.ask(st, path, asset, ci, nil)
}

// onFigure reports whether a drop lands on a figure the user opened: a
// skeleton, with or without a mesh; not an image, nor the built-in demo,
// which a first file replaces without a question.
func (d *dropper) onFigure(st *state.State) bool {
	cur, p := st.Asset(), st.Path()
	return cur != nil && open.RequireSkeleton(cur) == nil && st.Texture() == nil && p != "" && p != demo.Name
}

// ask puts the question for asset (read from path, the motion's clip ci).
func (d *dropper) ask(st *state.State, path string, asset *formats.Asset, ci int, reopen func()) {
	d.path, d.asset, d.clip, d.reopen = path, asset, ci, reopen
	d.opt.Log(fmt.Sprintf("drop: %s on %s: play its motion here, or open it?", filepath.Base(path), d.figure(st)))
}

// motionClip is the clip of a that a drop would play (the one --motion
// plays without --clip: Asset.FindClip), when a has a skeleton and that
// clip is valid and has keys.
func motionClip(a *formats.Asset, path string) (int, bool) {
	if open.RequireSkeleton(a) != nil {
		return 0, false
	}
	ci, err := a.FindClip("", path)
	if err != nil || ci < 0 || ci >= len(a.Clips) {
		return 0, false
	}
	c := a.Clips[ci]
	if c.Validate(len(a.Skeleton.Bones)) != nil {
		return 0, false
	}
	for i := range c.Tracks {
		if c.Tracks[i].Animated() {
			return ci, true
		}
	}
	return 0, false
}

// figure names the open figure for the question.
func (d *dropper) figure(st *state.State) string {
	p := st.Path()
	if p == "" || p == "demo:" {
		return "the built-in demo"
	}
	return filepath.Base(p)
}

// show opens an asset already read from path, as open does.
func (d *dropper) show(st *state.State, path string, asset *formats.Asset) {
	st.SetAsset(path, asset)
	d.changed()
	d.remember(path)
}

// openInstead answers the question: the dropped file replaces the open
// one. It reports whether there was a question.
func (d *dropper) openInstead(st *state.State) bool {
	if !d.asking() {
		return false
	}
	path, asset, reopen := d.path, d.asset, d.reopen
	d.asset, d.reopen = nil, nil
	if reopen != nil {
		reopen()
		d.opt.Log("drop: opened " + path)
		return true
	}
	d.show(st, path, asset)
	d.frameAll(st)
	d.opt.Log("drop: opened " + path)
	return true
}

// playHere answers the question: the dropped file's clip plays on the
// open figure, through what --motion runs (compare.NewRetarget on the two
// skeletons in their files' axes, then Retarget.Bake): bones matched by
// name, exactly and then in any case, then by the viewer's --map; the root's translation scaled by
// the figures' heights; the figure's bones the motion does not drive keep
// their bind pose and are named in a warning. The baked clip is added to
// the open file's clips (in the window only) and shown. It reports whether
// there was a question.
func (d *dropper) playHere(st *state.State) bool {
	if !d.asking() {
		return false
	}
	src, path, c := d.asset, d.path, d.asset.Clips[d.clip]
	d.asset, d.reopen = nil, nil
	cur := st.Asset()
	rt := compare.NewRetarget(src.Skeleton, c, cur.Skeleton, compare.RetargetOptions{Map: d.opt.Map,
		SourceAxes: render.SceneRoot(src.Coords).Mat3(), TargetAxes: render.SceneRoot(cur.Coords).Mat3()})
	name := c.Name + " (motion of " + filepath.Base(path) + ")"
	warn := ""
	if un := rt.Unmatched(); len(un) > 0 {
		warn = fmt.Sprintf("the motion of %s: %d of %d bones have no bone of the same name in it (or in --map) and keep their bind pose: %s",
			filepath.Base(path), len(un), len(cur.Skeleton.Bones), strings.Join(un, ", "))
		d.opt.Log("warning: " + warn)
	}
	na := withClip(cur, rt.Bake(name, c), warn)
	st.SetAsset(st.Path(), na)
	st.SelectClip(len(na.Clips) - 1)
	d.changed()
	d.opt.Log(fmt.Sprintf("drop: playing %q on %s", name, d.figure(st)))
	st.Notify("playing "+name, time.Now())
	return true
}

// withClip is a copy of a with clip c added after its own and the
// warning warn (when not "") after its own; a is left as it is.
func withClip(a *formats.Asset, c *formats.Clip, warn string) *formats.Asset {
	na := *a
	na.Clips = append(slices.Clip(a.Clips), c)
	if warn != "" {
		na.Warnings = append(slices.Clip(a.Warnings), warn)
	}
	return &na
}

// cancel closes the question, opening nothing; it reports whether there
// was one.
func (d *dropper) cancel(st *state.State) bool {
	if !d.asking() {
		return false
	}
	d.asset, d.reopen = nil, nil
	d.opt.Log("drop: kept " + st.Path())
	return true
}

// onRow reports whether (x, y) is on the question's row i: Play here
// (0) or Open instead (1).
func (d *dropper) onRow(i, x, y int) bool {
	_, rows := d.dialog()
	return image.Pt(x, y).In(rows[i])
}

// dialog is the question's box and its two rows, Play here and Open
// instead.
func (d *dropper) dialog() (box image.Rectangle, rows [2]image.Rectangle) {
	vp := d.lay.viewport()
	w := min(int(vp.W)-24, 440)
	const h = 56 + 2*24
	x0, y0 := int(vp.X+(vp.W-float32(w))/2), int(vp.Y+(vp.H-float32(h))/2)
	box = image.Rect(x0, y0, x0+w, y0+h)
	for i := range rows {
		rows[i] = image.Rect(x0+12, y0+40+24*i, x0+w-12, y0+40+24*i+20)
	}
	return box, rows
}

// draw draws the question over the view.
func (d *dropper) draw(st *state.State, screen *ebiten.Image) {
	if !d.asking() {
		return
	}
	box, rows := d.dialog()
	if box.Dx() < 60 {
		return
	}
	base := filepath.Base(d.path)
	title := "Play the motion of " + base + " on " + d.figure(st) + "?"
	labels := []string{
		fmt.Sprintf("Play here: %q on this figure", d.asset.Clips[d.clip].Name),
		"Open " + base + " instead",
	}
	d.drawQuestion(screen, box, rows[:], title, labels, "Enter: play here · O: open instead · Esc: cancel")
}

// question is the dropped file the window asks about, "" for none (the
// paint key).
func (d *dropper) question() string {
	if !d.asking() {
		return ""
	}
	return d.path
}
