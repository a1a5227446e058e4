package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"
)

// TestHandlerServesCompressed: the program goes brotli- or gzip-encoded
// to a browser that accepts it (issue 32: it went uncompressed), as
// application/wasm, and plain to one that accepts neither; both copies
// decode to the program's bytes.
func TestHandlerServesCompressed(t *testing.T) {
	dir := t.TempDir()
	wasm := bytes.Repeat([]byte("\x00asm\x01\x00\x00\x00 the program "), 4096)
	path := filepath.Join(dir, WasmFile)
	if err := os.WriteFile(path, wasm, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := compress(path); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	for _, tc := range []struct {
		accept, want string
	}{
		{"gzip, deflate, br, zstd", "br"},
		{"gzip, deflate", "gzip"},
		{"br;q=0, gzip", "gzip"},
		{"identity", ""},
		{"", ""},
	} {
		req, _ := http.NewRequest("GET", srv.URL+"/"+WasmFile, nil)
		// Set by hand, Go's transport leaves the body encoded.
		req.Header.Set("Accept-Encoding", tc.accept)
		if tc.accept == "" {
			req.Header.Set("Accept-Encoding", "identity;q=1, *;q=0")
			tc.want = ""
		}
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if got := resp.Header.Get("Content-Encoding"); got != tc.want {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", tc.accept, got, tc.want)
		}
		if ct := resp.Header.Get("Content-Type"); ct != "application/wasm" {
			t.Errorf("Accept-Encoding %q: Content-Type %q", tc.accept, ct)
		}
		var r io.Reader = bytes.NewReader(body)
		switch tc.want {
		case "br":
			r = brotli.NewReader(r)
		case "gzip":
			if r, err = gzip.NewReader(r); err != nil {
				t.Fatal(err)
			}
		}
		got, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(got, wasm) {
			t.Errorf("Accept-Encoding %q: body decodes to %d bytes (%v), want the program's %d", tc.accept, len(got), err, len(wasm))
		}
		if tc.want != "" && len(body) >= len(wasm)/4 {
			t.Errorf("Accept-Encoding %q: %d bytes sent for a %d-byte program", tc.accept, len(body), len(wasm))
		}
	}
}
