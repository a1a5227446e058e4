//go:build !js

package main

import (
	"io"
	"os"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// terminalProgress returns what moves a batch's progress bar one job on,
// or nil when w is not a terminal (each job then gets a line of its own).
func terminalProgress(w io.Writer, total int) func() {
	bar := terminalBar(w, total, "exporting")
	if bar == nil {
		return nil
	}
	done := 0
	return func() { done++; bar(done, total) }
}

// terminalBar returns what sets a progress bar of total steps, described
// by what, to done, or nil when w is not a terminal.
func terminalBar(w io.Writer, total int, what string) func(done, total int) {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	bar := progressbar.NewOptions(total, progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what), progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish())
	return func(done, _ int) { bar.Set(done) }
}
