// Package web builds and serves the viewer's browser page: index.html, the
// Go toolchain's wasm_exec.js (copied at build time, so that it matches the
// Go that built the program) and animview.wasm, cmd/animview built for
// js/wasm. scripts/web.sh builds it into this folder and serves it on
// localhost (web/serve); the browser test does the same in a temporary
// folder and drives the page in headless Chromium.
package web

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
)

// indexHTML is the page, written beside the program when the page is
// built elsewhere than in this folder.
//
//go:embed index.html
var indexHTML []byte

// Page files, as Build writes them and Handler serves them.
const (
	IndexFile = "index.html"
	WasmFile  = "animview.wasm"
	RuntimeJS = "wasm_exec.js"
)

// Build builds the page into dir from the module at root: animview.wasm
// (cmd/animview for js/wasm, -trimpath, stripped), wasm_exec.js from the
// toolchain's lib/wasm, and index.html when dir is not this folder.
func Build(root, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	out, err := filepath.Abs(filepath.Join(dir, WasmFile))
	if err != nil {
		return err
	}
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, "./cmd/animview")
	build.Dir = root
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if msg, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("web: building %s: %w\n%s", WasmFile, err, msg)
	}
	if err := compress(out); err != nil {
		return err
	}
	env := exec.Command("go", "env", "GOROOT")
	env.Dir = root
	goroot, err := env.Output()
	if err != nil {
		return fmt.Errorf("web: go env GOROOT: %w", err)
	}
	js, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", RuntimeJS))
	if err != nil {
		return fmt.Errorf("web: the toolchain's %s: %w", RuntimeJS, err)
	}
	if err := os.WriteFile(filepath.Join(dir, RuntimeJS), js, 0o644); err != nil {
		return err
	}
	index := filepath.Join(dir, IndexFile)
	if old, err := os.ReadFile(index); err == nil && bytes.Equal(old, indexHTML) {
		return nil
	}
	return os.WriteFile(index, indexHTML, 0o644)
}

// Encodings are the compressed copies of the program Build writes beside
// it, by the Content-Encoding they are served with, best first: brotli
// (about a fifth of the program's size) and gzip (about a quarter), which
// every browser takes.
var Encodings = []struct{ Name, Ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// brotliQuality trades the build's time for the download's size: 9 packs
// the 29 MB program in a few seconds, within 3% of quality 11's size,
// which takes minutes.
const brotliQuality = 9

// compress writes path.br and path.gz beside path.
func compress(path string) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	write := func(ext string, enc func(io.Writer) (io.WriteCloser, error)) error {
		var buf bytes.Buffer
		zw, err := enc(&buf)
		if err != nil {
			return err
		}
		if _, err := zw.Write(raw); err != nil {
			return err
		}
		if err := zw.Close(); err != nil {
			return err
		}
		if err := os.WriteFile(path+ext, buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("web: %w", err)
		}
		return nil
	}
	if err := write(".gz", func(w io.Writer) (io.WriteCloser, error) { return gzip.NewWriterLevel(w, gzip.BestCompression) }); err != nil {
		return err
	}
	return write(".br", func(w io.Writer) (io.WriteCloser, error) {
		return brotli.NewWriterLevel(w, brotliQuality), nil
	})
}

// Handler serves the page's three files from dir, and nothing else there.
// The program goes compressed to a browser that accepts it, with its
// Content-Encoding, as application/wasm (which streaming compilation
// needs).
func Handler(dir string) http.Handler {
	files := map[string]string{"/": IndexFile, "/" + IndexFile: IndexFile, "/" + RuntimeJS: RuntimeJS, "/" + WasmFile: WasmFile}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		// Each build replaces the files: never serve an old one.
		w.Header().Set("Cache-Control", "no-cache")
		if name == WasmFile {
			w.Header().Set("Vary", "Accept-Encoding")
			if enc, f := encoded(dir, r.Header.Get("Accept-Encoding")); f != nil {
				defer f.Close()
				st, err := f.Stat()
				if err == nil {
					w.Header().Set("Content-Type", "application/wasm")
					w.Header().Set("Content-Encoding", enc)
					http.ServeContent(w, r, WasmFile, st.ModTime(), f)
					return
				}
			}
		}
		http.ServeFile(w, r, filepath.Join(dir, name))
	})
}

// encoded opens the best compressed copy of the program that accept (an
// Accept-Encoding header) allows and Build wrote, or returns nil.
func encoded(dir, accept string) (string, *os.File) {
	accepts := map[string]bool{}
	for _, part := range strings.Split(accept, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if q := strings.TrimSpace(params); q == "q=0" || q == "q=0.0" || q == "q=0.00" || q == "q=0.000" {
			continue
		}
		accepts[strings.ToLower(strings.TrimSpace(name))] = true
	}
	for _, e := range Encodings {
		if !accepts[e.Name] {
			continue
		}
		if f, err := os.Open(filepath.Join(dir, WasmFile+e.Ext)); err == nil {
			return e.Name, f
		}
	}
	return "", nil
}
