//go:build !js

package main

import (
	"io"
	"os"
	"path/filepath"
	"runtime"

	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/ui"
)

// pageOnly: a desktop program runs every command (main).
const pageOnly = false

// runPage runs the viewer in a web page (view_js.go); here, where main
// never calls it, it is run without arguments.
func runPage(stderr io.Writer) int { return run(nil, os.Stdout, stderr) }

// pageFiles sets up opening files a web page hands over (view_js.go); a
// desktop window opens files by their paths.
func pageFiles(*ui.Options, open.Options) {}

// finderFolder is where a viewer started from macOS's Finder saves its
// screenshots and GIFs. An app bundle opened from Finder runs in "/",
// where nothing can be written: there the user's Desktop takes the place
// of the working folder. Elsewhere it is "" (the working folder).
func finderFolder(goos, wd, home string) string {
	if goos != "darwin" || wd != "/" || home == "" {
		return ""
	}
	return filepath.Join(home, "Desktop")
}

// outputFolder is finderFolder for this process.
func outputFolder() string {
	wd, _ := os.Getwd()
	home, _ := os.UserHomeDir()
	return finderFolder(runtime.GOOS, wd, home)
}
