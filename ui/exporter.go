package ui

import (
	"errors"
	"fmt"
	"image"
	"path/filepath"
	"strings"
	"time"

	"github.com/animview/animview/export/gltf"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/safefile"
	"github.com/animview/animview/ui/state"
	"github.com/animview/animview/ui/task"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// exporter is the window's export to glTF (Ctrl+E, the Export button, the
// export action): it asks what to export, asks for the destination (the
// system's chooser, else the in-app browser), asks before replacing a
// file (safefile.CheckOverwrite), and writes it with gltf.Build and
// gltf.WriteFile, the code of `animview export`, on a task of its own
// while the window shows a bar (system_desktop.go; a web page downloads
// the file, system_js.go). The state's Export hears of each step. It
// holds the tools, the hooks, the layout and the job; the state comes with
// each call that reads or changes it.
type exporter struct {
	tools
	hooks
	// lay is the layout the questions and the bar are drawn over the view
	// of.
	lay *places
	job *task.Job
	// choosing receives the system chooser's answer.
	choosing chan string
	// count is how many animations the running export holds, for its notice.
	count int
	// finish, set by the job before it returns, commits (keep) or
	// discards the written file: as for the recorder, the window's
	// goroutine has the last word, so a cancel it asked for before it
	// picked the job up never leaves a file.
	finish func(keep bool) error
}

// begin asks what to export; with one thing to export, it asks for the
// destination at once (a question with one answer is none).
func (x *exporter) begin(st *state.State) {
	idle := st.Export().Stage() == state.ExportIdle
	switch {
	case !st.BeginExport():
		st.Notify("nothing to export: the file has no skeleton", time.Now())
	case idle && len(st.Export().Offered()) == 1:
		x.choose(st, st.Export().Offered()[0].What)
	}
}

// choose takes what to export and asks for the destination
// (destination: the system's chooser or the in-app browser in the
// working folder; in a web page, a download).
func (x *exporter) choose(st *state.State, w state.ExportWhat) {
	if st.Export().Stage() != state.ExportChoosing {
		return
	}
	st.ChooseExport(w)
	name := x.defaultName(st, w)
	dir := x.opt.ShotDir
	if dir == "" {
		dir = "."
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	x.destination(st, dir, name)
}

// defaultName is the file name offered for an export of w.
func (x *exporter) defaultName(st *state.State, w state.ExportWhat) string {
	stem := formats.Stem(st.Path())
	if st.Path() == "" || st.Path() == "demo:" {
		stem = "demo"
	}
	a := st.Asset()
	switch {
	case w == state.ExportCharacter && a.Character >= 0 && a.Character < len(a.Characters):
		stem = a.Characters[a.Character].Name
	case w == state.ExportClip && st.CurrentClip() != nil:
		stem += "-" + st.CurrentClip().Name
	}
	return safeName(stem) + ".glb"
}

// to exports to path: a file that exists is replaced only when force is
// given, else the window asks first; a missing folder or a name other
// than .glb or .gltf is an error. A name without an extension gets .glb.
func (x *exporter) to(st *state.State, path string, force bool) {
	if ext := strings.ToLower(filepath.Ext(path)); ext == "" {
		path += ".glb"
	} else if ext != ".glb" && ext != ".gltf" {
		x.fail(st, fmt.Errorf("export: %s: export writes glTF 2.0: name a .glb (binary) or .gltf (JSON) file", path))
		return
	}
	err := checkExport(path, force)
	switch {
	case errors.Is(err, safefile.ErrExists):
		st.AskExport(path)
		x.opt.Log("export: " + path + " exists: asking before replacing it")
	case err != nil:
		x.fail(st, err)
	default:
		x.start(st, path, force)
	}
}

// fail ends the export with err shown.
func (x *exporter) fail(st *state.State, err error) {
	st.FinishExport()
	st.ShowError(err.Error())
	x.opt.Log(err.Error())
}

// takes returns what an export of w holds, with the animations left out.
func (x *exporter) takes(st *state.State, w state.ExportWhat) ([]gltf.Take, []string, error) {
	a := st.Asset()
	if a == nil || a.Skeleton == nil {
		return nil, nil, errors.New("export: the file has no skeleton")
	}
	switch w {
	case state.ExportCharacter:
		return gltf.CharacterTakes(a, a.Character)
	case state.ExportAllClips:
		takes, skipped := gltf.ClipTakes(a)
		return takes, skipped, nil
	}
	// What plays: a character's animation as the window plays it (its
	// tree built with the window's seed, pins and weights), else the open
	// clip. A transition preview is not a take: the animation it goes to
	// is exported.
	if i := st.Tree().Anim(); i >= 0 && i < len(st.Tree().AnimList()) {
		ca := st.Tree().AnimList()[i]
		if ca.Meta != nil {
			var o gltf.TreeOptions
			o.Seed, o.Pins, o.Weights = st.Tree().Overrides()
			tk, err := gltf.TreeTakeWith(a, ca.SetIndex, ca.Name, o)
			return []gltf.Take{tk}, nil, err
		}
		if ca.Clip >= 0 && ca.Clip < len(a.Clips) {
			tk := gltf.ClipTake(a.Skeleton, a.Clips[ca.Clip])
			tk.Name = ca.Name
			return []gltf.Take{tk}, nil, nil
		}
	}
	if c := st.CurrentClip(); c != nil && st.Playback().Clip() >= 0 {
		return []gltf.Take{gltf.ClipTake(a.Skeleton, c)}, nil, nil
	}
	return nil, nil, errors.New("export: nothing plays")
}

// start writes the export to path on a task: building the takes, the
// document, then the file, each a step of the bar.
func (x *exporter) start(st *state.State, path string, force bool) {
	if x.job != nil {
		// One export at a time: the window's stage can have moved on
		// (another file opened) while the last job still writes, and poll
		// ends that job when it returns.
		x.fail(st, errExportRunning)
		return
	}
	takes, skipped, err := x.takes(st, st.Export().What())
	if err == nil && len(takes) == 0 {
		err = errors.New("export: nothing to export")
	}
	if err != nil {
		x.fail(st, err)
		return
	}
	for _, s := range skipped {
		x.opt.Log("warning: " + s)
	}
	asset := st.Asset() // immutable once loaded: safe to share with the goroutine
	x.count = len(takes)
	x.finish = nil
	st.StartExport(path)
	x.opt.Log(fmt.Sprintf("exporting %s to %s", plural(len(takes), "animation"), path))
	x.job = task.Start(func(progress func(done, total int) bool) error {
		progress(0, 2)
		doc, err := gltf.Build(asset, takes)
		if err != nil {
			return err
		}
		if !progress(1, 2) {
			return errExportCancelled
		}
		write, err := gltf.FileEncoder(path, doc)
		if err != nil {
			return err
		}
		finish, err := writeExport(path, write, force)
		if err != nil {
			return err
		}
		x.finish = finish
		progress(2, 2)
		return nil
	})
}

// errExportRunning refuses an export while another is being written.
var errExportRunning = errors.New("export: an export is running")

// errExportCancelled ends an export cancelled before its file was put in
// place.
var errExportCancelled = errors.New("export cancelled")

// poll picks up the system chooser's answer, and reports a running
// export's progress and its end: a notice names the file; a failure
// shows as the error. A script held by the export (s) goes on.
func (x *exporter) poll(st *state.State, s *script) {
	if x.choosing != nil {
		select {
		case p := <-x.choosing:
			x.choosing = nil
			switch {
			case strings.HasPrefix(p, "\x00"):
				x.opt.Log("file chooser: " + p[1:])
				x.saveAs(st, ".", x.defaultName(st, st.Export().What()))
			case p == "":
				st.FinishExport()
			default:
				x.to(st, p, false)
			}
		default:
		}
	}
	if x.job == nil {
		return
	}
	st.SetExportProgress(x.job.Progress())
	if done, err := x.job.Poll(); done {
		x.end(st, err, s)
	}
}

// end ends the export whose job returned err (poll, stop) and lets the
// script s go on.
func (x *exporter) end(st *state.State, err error, s *script) {
	path := st.Export().Path()
	err = settleJob(x.job, x.finish, err, errExportCancelled)
	x.job, x.finish = nil, nil
	st.FinishExport()
	s.hold = false
	switch {
	case err == nil:
		st.Notify(fmt.Sprintf("exported %s to %s", plural(x.count, "animation"), path), time.Now())
		x.opt.Log("exported " + path)
	case errors.Is(err, errExportCancelled):
		st.Notify("export cancelled", time.Now())
		x.opt.Log("export cancelled")
	default:
		x.fail(st, err)
	}
}

// confirm answers the window's question: the first choice of what to
// export, or replacing the file. It reports whether there was one.
func (x *exporter) confirm(st *state.State) bool {
	switch st.Export().Stage() {
	case state.ExportChoosing:
		x.choose(st, st.Export().Offered()[0].What)
	case state.ExportAsking:
		x.start(st, st.Export().Path(), true)
	default:
		return false
	}
	return true
}

// cancel closes the export's question, or stops it before its file is
// written, reporting whether there was one.
func (x *exporter) cancel(st *state.State) bool {
	switch {
	case x.job != nil && !x.job.Cancelled():
		x.job.Cancel()
	case st.Export().Stage() == state.ExportAsking:
		x.opt.Log("export: kept " + st.Export().Path())
		st.FinishExport()
	case st.Export().Stage() == state.ExportChoosing:
		st.FinishExport()
	case st.Export().Stage() == state.ExportDestination && x.choosing == nil:
		st.FinishExport()
	default:
		return false
	}
	return true
}

// stop cancels an export still running when the window closes, waits
// for it and ends it as poll does: whatever it wrote is removed before
// the log says so.
func (x *exporter) stop(st *state.State, s *script) {
	if x.job == nil {
		return
	}
	x.job.Cancel()
	x.end(st, x.job.Wait(), s)
}

// key is the export's part of the paint key.
func (x *exporter) key(st *state.State) int {
	return int(st.Export().Stage())*1000 + int(1000*st.Export().Fraction())/10
}

// dialog is the box of the export's question, and its rows: the
// choices, or the Replace and Keep answers.
func (x *exporter) dialog(st *state.State) (box image.Rectangle, rows []image.Rectangle) {
	vp := x.lay.viewport()
	n := len(st.Export().Offered())
	if st.Export().Stage() == state.ExportAsking {
		n = 2
	}
	w := min(int(vp.W)-24, 420)
	h := 56 + n*24
	x0, y0 := int(vp.X+(vp.W-float32(w))/2), int(vp.Y+(vp.H-float32(h))/2)
	box = image.Rect(x0, y0, x0+w, y0+h)
	for i := 0; i < n; i++ {
		rows = append(rows, image.Rect(x0+12, y0+40+24*i, x0+w-12, y0+40+24*i+20))
	}
	return box, rows
}

// rowAt is the row of the export's question under (x, y): a choice of
// what to export, or Replace (0) and Keep (1); -1 for none.
func (x *exporter) rowAt(st *state.State, mx, my int) int {
	_, rows := x.dialog(st)
	for i, r := range rows {
		if image.Pt(mx, my).In(r) {
			return i
		}
	}
	return -1
}

// inBox reports whether (x, y) is in the box of the export's question.
func (x *exporter) inBox(st *state.State, mx, my int) bool {
	box, _ := x.dialog(st)
	return image.Pt(mx, my).In(box)
}

// exportWords name what an export holds in the export action.
var exportWords = map[state.ExportWhat]string{
	state.ExportClip: "clip", state.ExportAllClips: "all", state.ExportCharacter: "character",
}

// exportWhat reads an export action's WHAT.
func exportWhat(word string) (state.ExportWhat, error) {
	for w, s := range exportWords {
		if strings.EqualFold(s, word) {
			return w, nil
		}
	}
	return 0, fmt.Errorf("export: %q is not clip, all or character", word)
}

// run carries out the export action: WHAT to FILE, asking before it
// replaces a file.
func (x *exporter) run(st *state.State, c *call) error {
	w, err := exportWhat(c.args[0])
	if err != nil {
		return err
	}
	if x.job != nil || st.Export().Stage() == state.ExportRunning {
		return errExportRunning
	}
	if !x.offers(st, w) {
		return fmt.Errorf("export %s: the file has no such thing to export", c.args[0])
	}
	st.FinishExport()
	st.BeginExport()
	st.ChooseExport(w)
	x.to(st, c.args[1], false)
	return nil
}

// offers reports whether the open file offers w.
func (x *exporter) offers(st *state.State, w state.ExportWhat) bool {
	for _, ch := range st.ExportChoices() {
		if ch.What == w {
			return true
		}
	}
	return false
}

// draw draws the export's question over the view, or while it writes
// its progress at the view's foot.
func (x *exporter) draw(st *state.State, screen *ebiten.Image) {
	switch st.Export().Stage() {
	case state.ExportChoosing, state.ExportAsking:
		box, rows := x.dialog(st)
		title, hint := "Export to glTF: what?", "click one · Enter: the first · Esc: cancel"
		labels := make([]string, 0, len(rows))
		if st.Export().Stage() == state.ExportAsking {
			title, hint = filepath.Base(st.Export().Path())+" exists. Replace it?", "Enter: replace · Esc: keep it"
			labels = append(labels, "Replace", "Keep the file")
		} else {
			for _, c := range st.Export().Offered() {
				labels = append(labels, c.Label)
			}
		}
		x.drawQuestion(screen, box, rows, title, labels, hint)
	case state.ExportRunning:
		vp := x.lay.viewport()
		if w := min(vp.W-24, 440); w >= 40 {
			status := fmt.Sprintf("%d%% · Esc: cancel", int(100*st.Export().Fraction()))
			x.drawProgress(screen, vp.X+(vp.W-w)/2, vp.Y+vp.H-64, w, "Exporting "+filepath.Base(st.Export().Path()), status, st.Export().Fraction())
		}
	}
}

// plural is n things: "1 animation", "2 animations".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// drawQuestion draws one of the window's questions (the export's, a
// dropped motion's) in box: its title, a row per answer (the first, the
// one Enter gives, in the accent colour) and the keys' hint at its foot.
func (a tools) drawQuestion(screen *ebiten.Image, box image.Rectangle, rows []image.Rectangle, title string, labels []string, hint string) {
	k := a.kit
	face := k.small
	fx, fy, fw, fh := float32(box.Min.X), float32(box.Min.Y), float32(box.Dx()), float32(box.Dy())
	a.fill.rect(screen, fx, fy, fw, fh, colRecordPanel)
	a.fill.rect(screen, fx, fy, fw, 2, colAccent)
	k.drawText(screen, k.fitLeft(title, k.face, box.Dx()-24), float64(fx+12), float64(fy+8), colText, k.face)
	for i, r := range rows {
		c := colButtonLo
		if i == 0 {
			c = colAccentLo
		}
		a.fill.rect(screen, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), c)
		k.drawText(screen, k.fitLeft(labels[i], face, r.Dx()-12), float64(r.Min.X+6), float64(r.Min.Y+2), colText, face)
	}
	hw, _ := text.Measure(hint, face, 0)
	k.drawText(screen, hint, float64(fx+fw-12)-hw, float64(fy+fh-20), colDim, face)
}
