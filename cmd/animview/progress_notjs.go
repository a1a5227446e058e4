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
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	bar := progressbar.NewOptions(total, progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("exporting"), progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish())
	return func() { bar.Add(1) }
}
