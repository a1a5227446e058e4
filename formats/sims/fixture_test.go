package sims_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/formats/sims/simstest"
)

// The committed Sim fixture (testdata/sim) is made here, from the
// writers (simstest.Sim), and contains no game data. Regenerate it with
//
//	go test ./formats/sims -run TestSimFixture -update
var update = flag.Bool("update", false, "rewrite the testdata fixtures")

const simDir = "testdata/sim"

// TestSimFixture: the committed files are what the writers make today.
func TestSimFixture(t *testing.T) {
	files, err := simstest.Sim()
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		os.RemoveAll(simDir)
		if err := os.MkdirAll(simDir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, b := range files {
			if err := os.WriteFile(filepath.Join(simDir, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	ents, err := os.ReadDir(simDir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	var want []string
	for n := range files {
		want = append(want, n)
	}
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Fatalf("%s holds %q, the writers make %q (go test -run TestSimFixture -update)", simDir, names, want)
	}
	for name, b := range files {
		got, err := os.ReadFile(filepath.Join(simDir, name))
		if err != nil || !bytes.Equal(got, b) {
			t.Errorf("%s differs from the writers' (%v; go test -run TestSimFixture -update)", name, err)
		}
	}
}

// TestSimFixtureTextures: each suit of the fixture Sim, loaded beside its
// files, draws with the texture of the tone asked for (rule 1 for the
// body, whose skin names its light texture; rule 2 for the head, whose
// skin names none), its pixels the tone's skin colour; and a skin opened
// alone binds to adult-skeleton.cmx beside it and is textured alike.
func TestSimFixtureTextures(t *testing.T) {
	res := formats.FSResolver{FS: os.DirFS(simDir)}
	for _, tone := range sims.Tones {
		for _, tc := range []struct{ file, texture string }{
			{"B001MAFit_01.cmx", "B001MAFit" + tone.Code() + "_test"},
			{"C001MA_test.cmx", "C001MA" + tone.Code() + "_test"},
		} {
			for _, alone := range []bool{false, true} {
				name := tc.file
				if alone {
					name = map[string]string{"B001MAFit_01.cmx": "xskin-b001mafit_01-PELVIS-BODY.skn",
						"C001MA_test.cmx": "xskin-c001ma_test-HEAD-HEAD.skn"}[tc.file]
				}
				data, err := os.ReadFile(filepath.Join(simDir, name))
				if err != nil {
					t.Fatal(err)
				}
				in := &formats.Input{Name: name, Data: data, Siblings: res, Options: map[string]string{sims.ToneOption: tone.String()}}
				a, err := formats.NewRegistry(sims.Loaders()...).Load(in)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if len(a.Warnings) != 0 || len(a.Meshes) != 1 || a.Skeleton.Name != "adult" {
					t.Fatalf("%s %s: warnings %q, %d meshes, skeleton %q", name, tone, a.Warnings, len(a.Meshes), a.Skeleton.Name)
				}
				mat := a.Meshes[0].Materials[0]
				tex := mat.Texture
				if tex == nil || mat.Name != tc.texture || !strings.EqualFold(tex.Name, tc.texture+".bmp") || tex.Format != "BMP 8-bit paletted" {
					t.Fatalf("%s %s: material %q texture %+v, want %s.bmp", name, tone, mat.Name, tex, tc.texture)
				}
				// Texel (0, 15) is skin in both textures: the checker's
				// fourth square down, the face below the hair.
				if got := tex.Image().NRGBAAt(0, 15); got != simstest.SkinColours[tone] {
					t.Errorf("%s %s: texel (0, 15) = %v, want %v", name, tone, got, simstest.SkinColours[tone])
				}
			}
		}
	}
}
