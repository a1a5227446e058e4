//go:build js

package ui

// The browser's side of what differs from a desktop (system_desktop.go).
// web/index.html hands over the files of its file button and of drops
// (animviewOpenFiles), opens its file chooser for Ctrl+O and the Open
// button (animviewChooseFiles), downloads outputs (animviewDownload),
// copies to the clipboard (animviewCopy) and shows what the viewer reports
// after each drawn frame that changed something (animviewStatus), which
// the browser test reads too. Nothing leaves the browser: files are read
// into memory by the page and outputs are offered as downloads.

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"math"
	"path"
	"runtime"
	"strings"
	"syscall/js"
	"testing/fstest"
	"time"

	"github.com/animview/animview/export"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render/raster"
	"github.com/qmuntal/gltf"
)

// system is the viewer's bridge to the page.
type system struct {
	started bool
	// files carries the sets the page hands over from its callback to
	// Update.
	files  chan fs.FS
	frames int
	last   pageStatus
}

// pageStatus is what the page is told.
type pageStatus struct {
	title, path, clip, err string
	// suit is the suit the skill wears (the suit picker's label).
	suit    string
	time    float64
	playing bool
}

// savedWord says where an output went: the browser's downloads.
const savedWord = "downloaded"

// startPage registers animviewOpenFiles, which the page calls with an
// array of {name, data: Uint8Array}, the files of one choice or drop.
// Folders come flattened; the first of two files with one name wins.
func (a *App) startPage() {
	w := &a.sys
	w.started = true
	w.files = make(chan fs.FS, 4)
	js.Global().Set("animviewOpenFiles", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) < 1 || args[0].Type() != js.TypeObject {
			return nil
		}
		list := args[0]
		set := fstest.MapFS{} // the standard library's in-memory fs.FS
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
		}
		select {
		case w.files <- set:
		default: // four sets not yet taken: the page is ahead of the viewer
		}
		return nil
	}))
	if f := js.Global().Get("animviewReady"); f.Type() == js.TypeFunction {
		f.Invoke()
	}
}

// pollChooser opens a set of files the page has handed over.
func (a *App) pollChooser() {
	if !a.sys.started {
		a.startPage()
	}
	select {
	case set := <-a.sys.files:
		a.openFiles(set)
	default:
	}
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
	}
	if w.frames > 1 && s == w.last {
		return
	}
	w.last = s
	if f := js.Global().Get("animviewStatus"); f.Type() == js.TypeFunction {
		f.Invoke(map[string]any{"frames": w.frames, "title": s.title, "path": s.path, "clip": s.clip,
			"error": s.err, "time": s.time, "playing": s.playing, "suit": s.suit})
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
		a.st.Messages().Notify("this page has no clipboard", time.Now())
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
func (x *exporter) destination(_, name string) { x.to(name, true) }

// checkExport lets every export through: a download replaces nothing.
func checkExport(string, bool) error { return nil }

// writeExport encodes an export's document in memory and downloads it.
func writeExport(p string, doc *gltf.Document, _ bool) (func(keep bool) error, error) {
	binary := strings.ToLower(path.Ext(p)) != ".gltf"
	return pendingOutput(p, func(w io.Writer) error { return export.Encode(w, doc, binary) })
}
