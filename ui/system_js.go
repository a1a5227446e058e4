//go:build js

package ui

// The browser's side of what differs from a desktop (system_desktop.go).
// web/index.html hands over the files of its file button and of drops
// (animviewOpenFiles), opens its file chooser for Ctrl+O and the Open
// button (animviewChooseFiles), downloads outputs (animviewDownload),
// copies to the clipboard (animviewCopy) and shows what the viewer reports
// after each drawn frame that changed something (animviewStatus), which
// the browser test reads too. Nothing leaves the browser: files are read
// into memory by the page and outputs are offered as downloads. The
// page's address records the view (state.Link): the viewer reads it at
// start (readLink), asks the page for its files (animviewLinkPrompt),
// applies it to them (applyLink) and gives the page the view's link as it
// changes (animviewLink).

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"math"
	"path"
	"runtime"
	"slices"
	"strings"
	"syscall/js"
	"testing/fstest"
	"time"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render/raster"
	"github.com/animview/animview/ui/state"
)

// system is the viewer's bridge to the page.
type system struct {
	started bool
	// files carries the sets the page hands over from its callback to
	// Update.
	files  chan pageSet
	frames int
	last   pageStatus
	// View links (state.Link): the page's address records the view.
	// opened are the open set's files (the opened file first); pending
	// is the link the page was opened with while it waits for its files;
	// apply is a link's view waiting for the opened file's framing;
	// told is the link last given to the page.
	opened  []state.LinkFile
	pending *state.Link
	apply   *state.LinkView
	told    state.LinkView
	toldSet bool
	// notes say how the files opened differ from the link's, shown
	// when its view is (wearing a suit replaces the warnings).
	notes []string
}

// pageSet is a set of files the page handed over, with their names,
// sizes and SHA-256 hashes.
type pageSet struct {
	fs    fs.FS
	files []state.LinkFile
	// how is how the page got them: "drop" (dropped on the page: a
	// motion dropped on a figure asks where to play), "compare" (chosen
	// after Compare…: the file to compare with), else chosen to open.
	how string
}

// pageStatus is what the page is told.
type pageStatus struct {
	title, path, clip, err string
	// suit is the suit the skill wears (the suit picker's label).
	suit    string
	time    float64
	playing bool
	// frame is the frame shown; warning is the banner's first warning
	// ("" while the banner does not show).
	frame   int
	warning string
	// compare is the compare view's part of the status line ("" without
	// one); asking is the question of a motion dropped on a figure.
	compare, asking string
}

// savedWord says where an output went: the browser's downloads.
const savedWord = "downloaded"

// startPage registers animviewOpenFiles, which the page calls with an
// array of {name, data: Uint8Array}, the files of one choice or drop.
// Folders come flattened; the first of two files with one name wins.
func (a *App) startPage() {
	w := &a.sys
	w.started = true
	w.files = make(chan pageSet, 4)
	js.Global().Set("animviewOpenFiles", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) < 1 || args[0].Type() != js.TypeObject {
			return nil
		}
		list := args[0]
		how := ""
		if len(args) > 1 && args[1].Type() == js.TypeString {
			how = args[1].String()
		}
		set := fstest.MapFS{} // the standard library's in-memory fs.FS
		var files []state.LinkFile
		for i := range list.Length() {
			f := list.Index(i)
			name := path.Base(strings.ReplaceAll(f.Get("name").String(), `\`, "/"))
			data := f.Get("data")
			if !fs.ValidPath(name) || name == "." || data.Type() != js.TypeObject || set[name] != nil {
				continue
			}
			b := make([]byte, data.Get("byteLength").Int())
			js.CopyBytesToGo(b, data)
			set[name] = &fstest.MapFile{Data: b, Mode: 0o444}
			files = append(files, state.LinkFile{Name: name, Size: int64(len(b)), SHA256: fileHash(f.Get("sha256"), b)})
		}
		select {
		case w.files <- pageSet{set, files, how}:
		default: // four sets not yet taken: the page is ahead of the viewer
		}
		return nil
	}))
	a.readLink(js.Global().Get("location").Get("hash").String())
	if f := js.Global().Get("animviewReady"); f.Type() == js.TypeFunction {
		f.Invoke()
	}
}

// fileHash is a file's SHA-256 for a view link: the page's, computed by
// the browser's SubtleCrypto (about 220 MB/s against Go's 30 MB/s in
// WebAssembly), or where the page has none (SubtleCrypto needs HTTPS or
// localhost) Go's crypto/sha256 of data.
func fileHash(page js.Value, data []byte) [32]byte {
	var h [32]byte
	if page.Type() == js.TypeObject && page.Get("byteLength").Int() == len(h) {
		js.CopyBytesToGo(h[:], page)
		return h
	}
	return sha256.Sum256(data)
}

// readLink reads the view link the page's address holds (state.Link):
// one without files applies to the demo; one with files waits for them,
// the page asking for them by name and size (animviewLinkPrompt); a bad
// one is a warning, and the page opens as it would without it.
func (a *App) readLink(frag string) {
	w := &a.sys
	if frag == "" || frag == "#" {
		return
	}
	l, err := state.ParseLink(frag)
	if err != nil {
		a.st.AddWarning("this page's address holds a view that cannot be read: " + err.Error())
		a.opt.Log(err.Error())
		return
	}
	if len(l.Files) == 0 {
		w.apply = &l.View
		return
	}
	w.pending = &l
	if f := js.Global().Get("animviewLinkPrompt"); f.Type() == js.TypeFunction {
		list := make([]any, len(l.Files))
		for i, lf := range l.Files {
			list[i] = map[string]any{"name": lf.Name, "size": float64(lf.Size)}
		}
		f.Invoke(list)
	}
}

// linkOpened follows a set's opening: its files are what the address
// records from now on, and a link waiting for files applies to them,
// with a warning for each of its files that differs or is missing.
func (a *App) linkOpened(primary string, files []state.LinkFile) {
	w := &a.sys
	slices.SortFunc(files, func(x, y state.LinkFile) int {
		return cmp.Or(cmp.Compare(b2i(x.Name != primary), b2i(y.Name != primary)), strings.Compare(x.Name, y.Name))
	})
	w.opened, w.toldSet = files, false
	if l := w.pending; l != nil {
		w.pending = nil
		w.notes = state.CompareLinkFiles(l.Files, files)
		w.apply = &l.View
		if f := js.Global().Get("animviewLinkPrompt"); f.Type() == js.TypeFunction {
			f.Invoke(nil)
		}
	}
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// addWarnings puts notes first among the warnings, in their order.
func (a *App) addWarnings(notes []string) {
	for i := len(notes) - 1; i >= 0; i-- {
		a.st.AddWarning(notes[i])
		a.opt.Log(notes[i])
	}
}

// applyLink shows a link's view once the opened file is framed (the
// framing would replace the link's camera), and updates the panels.
func (a *App) applyLink() {
	w := &a.sys
	if w.apply == nil || !a.drawn || a.scene.needFrame {
		return
	}
	v := *w.apply
	w.apply = nil
	if v.Entry != "" && v.Entry != a.st.Asset().Entry {
		// The link's entry opens first; the rest waits for its framing.
		if a.openEntry(v.Entry) {
			v.Entry = ""
			w.apply = &v
			return
		}
		w.notes = append(w.notes, fmt.Sprintf("the link's entry %q: %s", v.Entry, a.st.Messages().Err()))
	}
	notes := w.notes
	w.notes = nil
	if v.Suits[0] != "" {
		if err := a.wearLink(v); err != nil {
			notes = append(notes, "the link's suit: "+err.Error())
		}
	}
	notes = append(notes, a.st.ApplyLink(v)...)
	a.addWarnings(notes)
	a.w.syncTree(a.st)
	a.w.refreshEvents(a.st)
	a.w.refreshBoneLabels(a.st)
	a.w.selectClipEntry(a.st)
	a.w.scrollToBone(a.st.Visibility().Selected())
	w.toldSet = false
}

// wearLink wears the suits a link names, in its tone (or the tone worn).
func (a *App) wearLink(v state.LinkView) error {
	a.suits.list(a.st)
	var worn []int
	for _, name := range v.Suits {
		if name == "" {
			break
		}
		i, ok := a.st.Wardrobe().Find(name)
		if !ok {
			return fmt.Errorf("no suit %q among the files opened", name)
		}
		worn = append(worn, i)
	}
	for len(worn) < 2 {
		worn = append(worn, -1)
	}
	tone := a.st.Wardrobe().Tone()
	if v.HasTone {
		tone = v.Tone
	}
	return a.suits.wear(a.st, worn, tone)
}

// tellLink gives the page the view's link when it changed
// (animviewLink, which puts it in the address), unless a link still
// waits for its files or to be applied.
func (a *App) tellLink() {
	w := &a.sys
	if w.pending != nil || w.apply != nil {
		return
	}
	v := a.st.LinkView()
	if w.toldSet && v == w.told {
		return
	}
	w.told, w.toldSet = v, true
	if f := js.Global().Get("animviewLink"); f.Type() == js.TypeFunction {
		f.Invoke(state.Link{Files: w.opened, View: v}.String())
	}
}

// pollChooser opens a set of files the page has handed over.
func (a *App) pollChooser() {
	if !a.sys.started {
		a.startPage()
	}
	select {
	case set := <-a.sys.files:
		openSet := func() {
			if p, ok := a.openFiles(set.fs); ok {
				a.linkOpened(p, set.files)
			}
		}
		switch {
		case set.how == "compare":
			// The files chosen after Compare…: B, beside what is open.
			if err := a.cmp.openSet(a.st, set.fs); err != nil {
				a.st.ShowError(err.Error())
				a.opt.Log(err.Error())
			}
		case set.how == "drop" && a.drop.dropSet(a.st, set.fs, openSet):
			// A motion dropped on a figure: the window asks.
		default:
			openSet()
		}
	default:
	}
	a.applyLink()
}

// chooseCompare opens the page's file chooser for the file to compare
// with: the built-in browser lists no folders in a page.
func (a *App) chooseCompare() bool {
	if f := js.Global().Get("animviewChooseFiles"); f.Type() == js.TypeFunction {
		f.Invoke("compare")
	}
	return true
}

// openDialog opens the page's file chooser (a browser lets a page do so
// right after a key press or a click).
func (a *App) openDialog() {
	if f := js.Global().Get("animviewChooseFiles"); f.Type() == js.TypeFunction {
		f.Invoke()
	}
}

// pageDrawn tells the page what a drawn frame shows, when that changed.
func (a *App) pageDrawn() {
	w := &a.sys
	w.frames++
	pb := a.st.Playback()
	s := pageStatus{title: a.shownTitle, path: a.st.Path(), err: a.st.Messages().Err(), playing: pb.Playing(),
		time: math.Round(pb.Time()*1000) / 1000, suit: a.st.Wardrobe().Label()}
	if c := a.st.CurrentClip(); c != nil {
		s.clip = c.Name
		s.frame, _ = a.st.Frame()
	}
	if m := a.st.Messages(); m.WarningCount() > 0 && !m.WarningsDismissed() {
		s.warning = m.Warnings()[0]
	}
	s.compare = a.cmp.status(a.st)
	if a.drop.asking() {
		s.asking = a.drop.question()
	}
	if w.frames > 1 {
		// Not at the first frame: building the link is code the browser
		// compiles when it first runs, which the first frame need not wait for.
		a.tellLink()
	}
	if w.frames > 1 && s == w.last {
		return
	}
	w.last = s
	if f := js.Global().Get("animviewStatus"); f.Type() == js.TypeFunction {
		f.Invoke(map[string]any{"frames": w.frames, "title": s.title, "path": s.path, "clip": s.clip,
			"error": s.err, "time": s.time, "playing": s.playing, "suit": s.suit, "frame": s.frame, "warning": s.warning,
			"compare": s.compare, "asking": s.asking})
	}
}

// download offers data to the user as a file named name.
func download(name, mime string, data []byte) error {
	f := js.Global().Get("animviewDownload")
	if f.Type() != js.TypeFunction {
		return fmt.Errorf("%s: this page cannot download files", name)
	}
	arr := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	f.Invoke(name, mime, arr)
	return nil
}

// mimeOf is an output's media type by its extension.
func mimeOf(name string) string {
	switch strings.ToLower(path.Ext(name)) {
	case ".png":
		return "image/png"
	case ".gif":
		return "image/gif"
	case ".json":
		return "application/json"
	case ".glb":
		return "model/gltf-binary"
	case ".gltf":
		return "model/gltf+json"
	}
	return "application/octet-stream"
}

// writeOutput encodes an output in memory and offers it as a download
// under its base name at once (pendingOutput, kept).
func writeOutput(p string, write func(io.Writer) error) error {
	finish, err := pendingOutput(p, write)
	if err != nil {
		return err
	}
	return finish(true)
}

// recordGIFFile records the GIF in memory and downloads it. A browser runs
// Go on one thread: the recording yields after each frame so that the
// window goes on drawing its progress.
// As on the desktop, the download waits for the window's word (keep).
func recordGIFFile(p string, a *formats.Asset, src player.Sampler, fo raster.FrameOptions, progress func(done, total int) bool) (func(keep bool) error, error) {
	return pendingOutput(p, func(w io.Writer) error {
		return raster.EncodeGIFSampler(w, a, src, fo, func(done, total int) bool {
			ok := progress == nil || progress(done, total)
			runtime.Gosched()
			return ok
		})
	})
}

// pendingOutput encodes an output in memory; its download waits for the
// window's word: the returned function offers it under its base name
// (keep) or drops it.
func pendingOutput(p string, write func(io.Writer) error) (func(keep bool) error, error) {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return nil, err
	}
	return func(keep bool) error {
		if !keep {
			return nil
		}
		name := path.Base(strings.ReplaceAll(p, `\`, "/"))
		return download(name, mimeOf(name), buf.Bytes())
	}, nil
}

// copyJSON hands text, bone's values, to the page, which puts them on the
// clipboard or, where the browser refuses, downloads them (false: the
// page cannot, which it says).
func (a *App) copyJSON(text, bone string) bool {
	f := js.Global().Get("animviewCopy")
	if f.Type() != js.TypeFunction {
		a.st.Notify("this page has no clipboard", time.Now())
		return false
	}
	f.Invoke(text+"\n", "animview-"+safeName(bone)+".json")
	return true
}

// pasteText has no clipboard to read in the page: the browser's field
// takes typed text there.
func pasteText() (string, bool) { return "", false }

// destination downloads an export under its name: a page chooses no
// folder.
func (x *exporter) destination(st *state.State, _, name string) { x.to(st, name, true) }

// checkExport lets every export through: a download replaces nothing.
func checkExport(string, bool) error { return nil }

// writeExport encodes an export's document through write
// (gltf.FileEncoder) in memory and downloads it.
func writeExport(p string, write func(io.Writer) error, _ bool) (func(keep bool) error, error) {
	return pendingOutput(p, write)
}
