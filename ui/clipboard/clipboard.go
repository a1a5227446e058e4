//go:build !js

// Package clipboard puts text on the system clipboard and reads it back:
// through the Win32 clipboard on Windows, pbcopy and pbpaste on macOS, and
// the first of wl-copy, xclip and xsel that runs on Linux and the BSDs.
// A browser's clipboard belongs to the page (ui's system_js.go).
package clipboard

import "errors"

// ErrUnavailable is the cause of an error when this system has no
// clipboard a program can reach (no tool installed, no display).
var ErrUnavailable = errors.New("no clipboard (on Linux, install wl-copy, xclip or xsel)")

// Copy puts text on the clipboard.
func Copy(text string) error { return copyText(text) }

// Paste returns the clipboard's text.
func Paste() (string, error) { return pasteText() }
