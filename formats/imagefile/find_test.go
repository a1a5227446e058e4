package imagefile

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
)

// TestFind: how a path a model names is found under its folder
// (docs/formats/milkshape-anm.md#textures).
func TestFind(t *testing.T) {
	fsys := fstest.MapFS{
		"secret.bmp":                        {Data: []byte("outside")},
		"models/hero.ms3d":                  {Data: []byte("m")},
		"models/textures/skin.bmp":          {Data: []byte("skin")},
		"models/textures/Skin2.bmp":         {Data: []byte("skin2")},
		"models/textures/face/eyes.TGA":     {Data: []byte("eyes")},
		"models/cape.png":                   {Data: []byte("cape")},
		"models/Mixed.jpg":                  {Data: []byte("mixed-upper")},
		"models/mixed.jpg":                  {Data: []byte("mixed-lower")},
		"models/other/deep/textures/x.bmp":  {Data: []byte("x")},
		"models/textures/sub/only-here.bmp": {Data: []byte("deep")},
	}
	files := formats.FSResolver{FS: fsys, Dir: "models"}
	for _, tc := range []struct {
		ref, path, data string
		tried           string // for a file not found: the paths the error lists
	}{
		{ref: `.\Textures\Skin.BMP`, path: "textures/skin.bmp", data: "skin"},
		{ref: `Textures/skin2.bmp`, path: "textures/Skin2.bmp", data: "skin2"},
		{ref: `textures\FACE\eyes.tga`, path: "textures/face/eyes.TGA", data: "eyes"},
		{ref: `.\\.\cape.png`, path: "cape.png", data: "cape"},
		{ref: `CAPE.PNG`, path: "cape.png", data: "cape"},
		{ref: `mixed.jpg`, path: "mixed.jpg", data: "mixed-lower"},
		{ref: `Mixed.jpg`, path: "Mixed.jpg", data: "mixed-upper"},
		// Absolute paths: their tail under the model's folder, down to
		// the file name alone.
		{ref: `C:\Work\Hero\textures\skin.bmp`, path: "textures/skin.bmp", data: "skin"},
		{ref: `D:\art\cape.png`, path: "cape.png", data: "cape"},
		{ref: `/home/me/skin.bmp`, path: "", tried: `"home/me/skin.bmp", "me/skin.bmp", "skin.bmp"`},
		// The file name alone, in the model's folder.
		{ref: `maps\cape.png`, path: "cape.png", data: "cape"},
		// ".." never leaves the folder: what follows it is looked for inside.
		{ref: `..\secret.bmp`, tried: `"secret.bmp"`},
		{ref: `../models/cape.png`, path: "cape.png", data: "cape"},
		{ref: `textures\..\..\secret.bmp`, tried: `"secret.bmp"`},
		// Missing: the error names every path tried.
		{ref: `.\Textures\missing.bmp`, tried: `"Textures/missing.bmp", "missing.bmp"`},
		{ref: `only-here.bmp`, tried: `"only-here.bmp"`},
		{ref: ``, tried: ""},
	} {
		t.Run(tc.ref, func(t *testing.T) {
			f, err := Find(files, tc.ref)
			if tc.path == "" {
				if err == nil {
					t.Fatalf("found %s (%q)", f.Path, f.Data)
				}
				if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "tried "+tc.tried+" in") && tc.tried != "" {
					t.Errorf("%v: want %v listing %q", err, ErrNotFound, tc.tried)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if f.Path != tc.path || string(f.Data) != tc.data {
				t.Errorf("found %s (%q), want %s (%q)", f.Path, f.Data, tc.path, tc.data)
			}
		})
	}
	if _, err := Find(nil, "skin.bmp"); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "no folder") {
		t.Errorf("no resolver: %v", err)
	}
	// A resolver without folders finds files beside the model only.
	flat := flatResolver{files}
	if f, err := Find(flat, `.\Textures\Skin.BMP`); err == nil {
		t.Errorf("a flat resolver reached %s", f.Path)
	}
	if f, err := Find(flat, `x\cape.png`); err != nil || f.Path != "cape.png" {
		t.Errorf("flat: %v %v", f, err)
	}
}

// flatResolver hides FSResolver's folders.
type flatResolver struct{ r formats.FSResolver }

func (f flatResolver) List() ([]string, error)          { return f.r.List() }
func (f flatResolver) Open(name string) ([]byte, error) { return f.r.Open(name) }

func TestCandidates(t *testing.T) {
	for _, tc := range []struct {
		ref     string
		want    []string
		escapes bool
	}{
		{`.\Textures\Skin.BMP`, []string{"Textures/Skin.BMP", "Skin.BMP"}, false},
		{`C:\a\b.tga`, []string{"a/b.tga", "b.tga"}, true},
		{`\\server\share\b.tga`, []string{"server/share/b.tga", "share/b.tga", "b.tga"}, true},
		{`a\..\b.tga`, []string{"b.tga"}, true},
		{`b.tga`, []string{"b.tga"}, false},
		{` . `, nil, false},
	} {
		paths, esc := Candidates(tc.ref)
		var got []string
		for _, p := range paths {
			got = append(got, strings.Join(p, "/"))
		}
		if !slices.Equal(got, tc.want) || esc != tc.escapes {
			t.Errorf("Candidates(%q) = %q %v, want %q %v", tc.ref, got, esc, tc.want, tc.escapes)
		}
	}
}
