//go:build js

package main

import "io"

// terminalProgress: a page has no terminal. Leaving the progress bar out
// of the js build keeps net/http and crypto/tls, which the progress bar
// package imports, out of the page's .wasm (smaller, and faster to compile
// and start).
func terminalProgress(io.Writer, int) func() { return nil }

// terminalBar: a page has no terminal.
func terminalBar(io.Writer, int, string) func(done, total int) { return nil }
