// Command serve builds the viewer's web page into web/ and serves it on
// localhost (scripts/web.sh):
//
//	go run ./web/serve [-addr localhost:8080] [-build-only]
//
// Run it from the module's root. The page reads the files a user opens
// into the browser's memory; this server only sends the page.
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/animview/animview/web"
)

func main() {
	addr := flag.String("addr", "localhost:8080", "`HOST:PORT` to listen on")
	buildOnly := flag.Bool("build-only", false, "build the page and exit")
	flag.Parse()
	if err := run(*addr, *buildOnly); err != nil {
		fmt.Fprintln(os.Stderr, "web:", err)
		os.Exit(1)
	}
}

func run(addr string, buildOnly bool) error {
	dir := "web"
	start := time.Now()
	fmt.Fprintln(os.Stderr, "building the page (animview for js/wasm; the first time takes a few minutes)…")
	if err := web.Build(".", dir); err != nil {
		return err
	}
	if st, err := os.Stat(filepath.Join(dir, web.WasmFile)); err == nil {
		fmt.Fprintf(os.Stderr, "built %s (%.1f MB) in %.0f s\n", filepath.Join(dir, web.WasmFile), float64(st.Size())/1e6, time.Since(start).Seconds())
	}
	if buildOnly {
		return nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "serving http://%s/ (Ctrl+C stops)\n", ln.Addr())
	return http.Serve(ln, web.Handler(dir))
}
