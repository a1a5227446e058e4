//go:build !js

package ui

// The desktop's side of what differs in a browser (system_js.go): the
// system's file chooser, the clipboard tools, and files written to disk.

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/safefile"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render/raster"
	"github.com/animview/animview/ui/clipboard"
	"github.com/animview/animview/ui/folder"
	"github.com/animview/animview/ui/state"
	"github.com/ncruces/zenity"
)

// system is the desktop's own state: the system file chooser's answer
// while it is open.
type system struct {
	choosing chan string
}

// pageDrawn tells the page what a drawn frame shows; only a browser has one.
func (a *App) pageDrawn() {}

// savedWord says where an output went: a file in the working folder.
const savedWord = "saved"

// writeOutput writes a screenshot through write, whole or not at all
// (safefile.WriteAtomic). It replaces a file, as --screenshot OUT.png does
// when the README's pictures are made again; P picks a name no file has.
func writeOutput(path string, write func(io.Writer) error) error {
	return safefile.WriteAtomic(path, write)
}

// recordGIFFile writes a GIF recording (raster.EncodeGIFSampler) for
// path beside it (safefile.WritePending) and returns what puts it at path
// (keep) or removes it; the window's goroutine calls that, never the job's.
func recordGIFFile(path string, a *formats.Asset, src player.Sampler, fo raster.FrameOptions, progress func(done, total int) bool) (func(keep bool) error, error) {
	return commitOrDiscard(safefile.WritePending(path, true, func(w io.Writer) error {
		return raster.EncodeGIFSampler(w, a, src, fo, progress)
	}))
}

// commitOrDiscard is what commits (keep) or discards pending file p, or
// err when it could not be written.
func commitOrDiscard(p *safefile.Pending, err error) (func(keep bool) error, error) {
	if err != nil {
		return nil, err
	}
	return func(keep bool) error {
		if keep {
			return p.Commit()
		}
		return p.Discard()
	}, nil
}

// chooseCompare reports whether the platform chooses the file to compare
// with by itself: the desktop uses the built-in browser.
func (a *App) chooseCompare() bool { return false }

// openDialog opens a file: through the system's chooser (zenity or
// kdialog) when one is installed, in a goroutine whose answer Update
// picks up; else with the in-app browser.
func (a *App) openDialog() {
	if a.sys.choosing != nil {
		return
	}
	if a.systemChooser() {
		exts := a.st.Files().Exts()
		patterns := make([]string, len(exts))
		for i, e := range exts {
			patterns[i] = "*." + e
		}
		dir := "."
		if p := a.st.Path(); p != "" && p != "demo:" {
			dir = filepath.Dir(p)
		}
		a.sys.choosing = choose(func() (string, error) {
			return zenity.SelectFile(zenity.Title("Open an animation"), zenity.Filename(dir+string(filepath.Separator)),
				zenity.FileFilters{{Name: "Animations animview reads", Patterns: patterns, CaseFold: true}})
		})
		return
	}
	a.browser.show(a.st, "")
}

// systemChooser reports whether files are chosen through the system's
// chooser (zenity or kdialog installed, and not turned off).
func (a tools) systemChooser() bool { return !a.opt.NoSystemChooser && zenity.IsAvailable() }

// choose runs the system chooser dialog on a goroutine and returns where
// its answer comes: the path, "" when the user cancelled, or NUL and the
// error when the chooser failed (the caller falls back to the browser).
func choose(dialog func() (string, error)) chan string {
	ch := make(chan string, 1)
	go func() {
		p, err := dialog()
		if err != nil && !errors.Is(err, zenity.ErrCanceled) {
			p = "\x00" + err.Error()
		}
		ch <- p
	}()
	return ch
}

// pollChooser opens what the system chooser answered, if it has.
func (a *App) pollChooser() {
	if a.sys.choosing == nil {
		return
	}
	select {
	case p := <-a.sys.choosing:
		a.sys.choosing = nil
		switch {
		case strings.HasPrefix(p, "\x00"):
			a.opt.Log("file chooser: " + p[1:])
			a.browser.show(a.st, "")
		case p != "":
			a.open(p)
		}
	default:
	}
}

// copyJSON puts text, bone's values, on the clipboard (true: copied);
// where there is no clipboard to reach it writes them to a file and says
// where itself (false).
func (a *App) copyJSON(text, bone string) bool {
	err := clipboard.Copy(text)
	if err == nil {
		return true
	}
	why := "no clipboard"
	if errors.Is(err, clipboard.ErrUnavailable) {
		why = clipboard.ErrUnavailable.Error()
	}
	p := strings.TrimSuffix(folder.FreeName(a.opt.ShotDir, time.Now(), ".png"), ".png") + "-" + safeName(bone) + ".json"
	if werr := os.WriteFile(p, []byte(text+"\n"), 0o644); werr != nil {
		a.st.Notify(why+" and "+werr.Error(), time.Now())
		return false
	}
	a.st.Notify(why+": values saved to "+p, time.Now())
	a.opt.Log("saved " + p)
	return false
}

// pasteText reads the clipboard's text (the first line, trimmed: a path).
func pasteText() (string, bool) {
	out, err := clipboard.Paste()
	if err != nil {
		return "", false
	}
	line, _, _ := strings.Cut(out, "\n")
	return strings.TrimSpace(line), true
}

// destination asks where an export of name goes: through the system's
// chooser on a goroutine whose answer exporter.poll picks up, else with
// the in-app browser in folder dir.
func (x *exporter) destination(st *state.State, dir, name string) {
	if x.systemChooser() {
		x.choosing = choose(func() (string, error) {
			return zenity.SelectFileSave(zenity.Title("Export to glTF"), zenity.Filename(filepath.Join(dir, name)),
				zenity.FileFilters{{Name: "glTF 2.0 (.glb binary, .gltf JSON)", Patterns: []string{"*.glb", "*.gltf"}, CaseFold: true}})
		})
		return
	}
	x.saveAs(st, dir, name)
}

// checkExport returns nil when an export may write path
// (safefile.CheckOverwrite): an error wrapping safefile.ErrExists asks first.
func checkExport(path string, force bool) error { return safefile.CheckOverwrite(path, force) }

// writeExport writes an export's document through write
// (gltf.FileEncoder) as `animview export` does (gltf.WriteFile), and
// returns what puts it at path (keep) or removes it, as recordGIFFile
// does.
func writeExport(path string, write func(io.Writer) error, force bool) (func(keep bool) error, error) {
	if err := safefile.CheckOverwrite(path, force); err != nil {
		return nil, err
	}
	return commitOrDiscard(safefile.WritePending(path, force, write))
}
