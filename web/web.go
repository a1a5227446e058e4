// Package web builds and serves the viewer's browser page: index.html, the
// Go toolchain's wasm_exec.js (copied at build time, so that it matches the
// Go that built the program) and animview.wasm, cmd/animview built for
// js/wasm. scripts/web.sh builds it into this folder and serves it on
// localhost (web/serve); the browser test does the same in a temporary
// folder and drives the page in headless Chromium.
package web

import (
	"bytes"
	_ "embed"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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

// Handler serves the page's three files from dir, and nothing else there.
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
		http.ServeFile(w, r, filepath.Join(dir, name))
	})
}
