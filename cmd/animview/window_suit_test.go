package main

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/animview/animview/formats/sims/simstest"
	"github.com/animview/animview/internal/displaytest"
)

// writeSuit writes a suit file NAME.cmx and its skin into dir, made by
// the project's writers (formats/sims.EncodeCMX, EncodeSKN): a square of
// side r on the PELVIS, wound both ways so that it shows from any side.
func writeSuit(t *testing.T, dir, name string, r float32) {
	t.Helper()
	set, err := simstest.SquareSuit(name, r)
	if err != nil {
		t.Fatal(err)
	}
	for p, b := range set {
		if err := os.WriteFile(filepath.Join(dir, p), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestWindowSuitPicker opens a Sims clip beside two suits in the real
// window: it starts bare; U (next-suit) wears the first suit, the second
// and then none again; the suit verb wears one by name; and the picker's
// button runs the same command. Each suit's square covers the view where
// the bare clip does not, the wide one more than the narrow one.
func TestWindowSuitPicker(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	anim := filepath.Join(dir, "broom.anim")
	copyFile(t, "../../formats/sims/testdata/tso/a2o-broom-fly-leftside.c3bde7b200000007.anim", anim)
	writeSuit(t, dir, "a-wide", 0.6)
	writeSuit(t, dir, "b-narrow", 0.4)
	// The view above the notice line, which names the suit put on.
	view := image.Rect(sideW, 0, winW-sideW, barTop-70)
	bare, out := shot(t, bin, "pause; seek 0.5", anim)
	cover := func(actions string) int {
		t.Helper()
		img, _ := shot(t, bin, "pause; seek 0.5; "+actions, anim)
		return diffPixels(img, bare, view, 24)
	}
	wide, narrow := cover("key u"), cover("key u; key u")
	none, named := cover("key u; key u; key u"), cover("suit B-NARROW")
	back := cover("key shift+u")
	t.Logf("pixels covered: wide %d, narrow %d, none %d, by name %d, shift+u %d", wide, narrow, none, named, back)
	if !(narrow > 300 && wide > 2*narrow && none < 50 && named == narrow && back == narrow) {
		t.Errorf("pixels covered: wide %d, narrow %d (want over 300 and wide over twice narrow), none %d (want under 50), "+
			"suit b-narrow %d and shift+u %d (want narrow's)\n%s", wide, narrow, none, named, back, out)
	}
}
