package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStdoutOutput: -o - writes the one output to standard output and
// nothing else there (issue 32: it made a folder named "-").
func TestStdoutOutput(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	out, errs, code := runCLI(t, "export", "demo:", "-o", "-")
	if code != 0 {
		t.Fatalf("export -o -: exit %d: %s", code, errs)
	}
	// A GLB: magic, version 2, and the length its header declares is what
	// was written.
	b := []byte(out)
	if len(b) < 12 || string(b[:4]) != "glTF" || binary.LittleEndian.Uint32(b[4:]) != 2 ||
		int(binary.LittleEndian.Uint32(b[8:])) != len(b) {
		t.Errorf("export -o - wrote %d bytes that are not a whole GLB", len(b))
	}
	out, errs, code = runCLI(t, "export", "demo:", "-o", "-", "--format", "gltf")
	var doc struct {
		Asset struct{ Version string } `json:"asset"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &doc) != nil || doc.Asset.Version != "2.0" {
		t.Errorf("export -o - --format gltf: exit %d %s: %.80q", code, errs, out)
	}
	out, errs, code = runCLI(t, "render", "demo:", "-o", "-", "--size", "64x48")
	if code != 0 {
		t.Fatalf("render -o -: exit %d: %s", code, errs)
	}
	if img, err := png.Decode(strings.NewReader(out)); err != nil || img.Bounds().Dx() != 64 {
		t.Errorf("render -o -: %v", err)
	}
	out, errs, code = runCLI(t, "render", "demo:", "-o", "-", "--format", "gif", "--size", "64x48", "--fps", "10")
	if code != 0 {
		t.Fatalf("render -o - --format gif: exit %d: %s", code, errs)
	}
	if g, err := gif.DecodeAll(bytes.NewReader([]byte(out))); err != nil || len(g.Image) < 2 {
		t.Errorf("render -o - --format gif: %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("-o - left files in the working folder: %v", ents)
	}
}

// TestRenderRefusesToReplace: render replaces a file only with --force,
// as export does.
func TestRenderRefusesToReplace(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"mine.png", "mine.gif", "seq_0001.png"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("mine"), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"render", "demo:", "-o", p, "--size", "32x24", "--fps", "5"}
		if name == "seq_0001.png" {
			args = []string{"render", "demo:", "-o", filepath.Join(dir, "seq.png"), "--all-frames", "--size", "32x24", "--fps", "5"}
		}
		_, errs, code := runCLI(t, args...)
		if code != exitFailed || !strings.Contains(errs, "the file exists (--force replaces it)") {
			t.Errorf("%s: exit %d: %s", name, code, errs)
		}
		if b, _ := os.ReadFile(p); string(b) != "mine" {
			t.Errorf("%s was replaced without --force", name)
		}
		if name == "seq_0001.png" {
			if _, err := os.Stat(filepath.Join(dir, "seq_0000.png")); err == nil {
				t.Error("a refused sequence wrote its first frame")
			}
		}
		if _, errs, code := runCLI(t, append(args, "--force")...); code != 0 {
			t.Errorf("%s --force: exit %d: %s", name, code, errs)
		}
		if b, _ := os.ReadFile(p); string(b) == "mine" {
			t.Errorf("%s --force left the old file", name)
		}
	}
}

// TestJSONSchemas: every JSON document names its schema and version, and
// list has --json.
func TestJSONSchemas(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		schema string
	}{
		{[]string{"info", "--json", "demo:"}, "animview.info/1"},
		{[]string{"pose", "--json", "demo:", "--time", "0.5"}, "animview.pose/1"},
		{[]string{"list", "--json", "demo:"}, "animview.list/1"},
		{[]string{"diff", "--json", "demo:", "demo:"}, "animview.diff/1"},
		{[]string{"list", "--json", "../../formats/lego/testdata"}, "animview.list/1"},
	} {
		out, errs, code := runCLI(t, tc.args...)
		var j struct {
			Schema  string `json:"schema"`
			Clips   []json.RawMessage
			Entries []json.RawMessage
		}
		if code != 0 || json.Unmarshal([]byte(out), &j) != nil {
			t.Fatalf("%v: exit %d %s: %s", tc.args, code, errs, out)
		}
		if j.Schema != tc.schema {
			t.Errorf("%v: schema %q, want %q", tc.args, j.Schema, tc.schema)
		}
		if tc.args[0] == "list" && len(j.Clips)+len(j.Entries) == 0 {
			t.Errorf("%v: lists nothing: %s", tc.args, out)
		}
	}
}
