//go:build js

package main

import (
	"fmt"
	"io"
	"io/fs"
	"runtime/debug"
	"strings"
	"syscall/js"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/internal/printable"
	"github.com/animview/animview/ui"
)

// pageOnly: a web page runs the viewer and no other command (main), which
// leaves the commands' code out of its program: 0.65 MB of 28.7.
const pageOnly = true

// runPage runs the viewer in the page, as run does on a desktop without
// arguments: an error or a panic is a message on stderr (the browser's
// console) and an exit status.
func runPage(stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "animview: internal error: %v\n", r)
			code = exitInternal
		}
	}()
	if err := cmdView(nil); err != nil {
		fmt.Fprintf(stderr, "animview: %s\n", printable.Message(err.Error()))
		return exitFailed
	}
	return exitOK
}

// pageFiles opens what the web page (web/index.html) hands over: the files
// of one choice or drop come as a set without paths (ui.Options.OpenFiles);
// the viewer opens the set's primary file by its name, and container
// entries from the same set. A set replaces the previous one only once its
// file has opened, so a failed drop leaves what is open usable.
func pageFiles(uo *ui.Options, o open.Options) {
	// When the program's own code starts, after the Go runtime and every
	// package's initialisation: the page's timings split the time to the
	// first frame there.
	js.Global().Get("document").Get("body").Get("dataset").Set("mainMs", js.Global().Get("performance").Call("now").Int())
	// In the page the collector runs on the one thread the viewer has:
	// at the default GOGC it ran twice before the first frame (about
	// 0.25 s of it at a load of 10), on a heap of a few MB. A goal of 5×
	// the live heap runs none before it and costs a browser tab little.
	debug.SetGCPercent(400)
	var set, pending fs.FS
	openIn := func(p, entry string) (*formats.Asset, error) {
		if p == demo.Name {
			return demo.New(), nil
		}
		oe := o
		oe.Entry = entry
		if pending != nil {
			next := pending
			pending = nil
			a, err := open.InSet(next, p, oe)
			if err == nil {
				set = next
			}
			return a, err
		}
		if set == nil {
			return nil, fmt.Errorf("%s: choose or drop the file on the page to open it", p)
		}
		return open.InSet(set, p, oe)
	}
	uo.Open = func(p string) (*formats.Asset, error) { return openIn(p, o.Entry) }
	uo.OpenEntry = openIn
	// A skill wears the suits handed over together with it.
	uo.Suits = func(string) []string {
		if set == nil {
			return nil
		}
		return open.SuitsIn(set)
	}
	uo.Wear = func(a *formats.Asset, tone sims.Tone, suits ...string) (*formats.Asset, error) {
		if set == nil {
			return nil, fmt.Errorf("suit %s: choose or drop it together with the skill", strings.Join(suits, ", "))
		}
		return open.WearIn(a, set, tone, suits...)
	}
	uo.Retone = func(a *formats.Asset, tone sims.Tone) *formats.Asset {
		if set == nil {
			return a
		}
		return open.RetoneIn(a, set, tone)
	}
	// The file to compare with and a motion dropped on a figure open
	// beside the open set, which stays the one its entries and suits
	// come from.
	uo.OpenAside = func(files fs.FS) (*formats.Asset, string, error) {
		name, err := open.Primary(files)
		if err != nil {
			return nil, "", err
		}
		a, err := open.InSet(files, name, o)
		return a, name, err
	}
	uo.OpenFiles = func(files fs.FS) (string, error) {
		name, err := open.Primary(files)
		if err != nil {
			return "", err
		}
		pending = files
		return name, nil
	}
}

// outputFolder: a page's outputs are downloads, named without a folder.
func outputFolder() string { return "" }
