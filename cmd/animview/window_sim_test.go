package main

import (
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/animview/animview/formats/sims/simstest"
	"github.com/animview/animview/internal/displaytest"
)

// ratioPixels counts the pixels of r whose colour is c at any light: its
// green and blue in the same proportion to its red (the view lights a
// texel by scaling it), within tol, and not dark.
func ratioPixels(img *image.RGBA, r image.Rectangle, c [3]float64, tol float64) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := img.RGBAAt(x, y)
			pr, pg, pb := float64(p.R), float64(p.G), float64(p.B)
			top := math.Max(pr, math.Max(pg, pb))
			if top < 50 {
				continue
			}
			if math.Abs(pr/top-c[0]) < tol && math.Abs(pg/top-c[1]) < tol && math.Abs(pb/top-c[2]) < tol {
				n++
			}
		}
	}
	return n
}

// proportions is a colour's channels over its largest.
func proportions(r, g, b uint8) [3]float64 {
	top := math.Max(float64(r), math.Max(float64(g), float64(b)))
	return [3]float64{float64(r) / top, float64(g) / top, float64(b) / top}
}

// TestWindowWholeSim dresses a Sims clip in the fixture Sim
// (formats/sims/testdata/sim, made by simstest.Sim: a body suit whose
// texture is a checker of shirt and skin, a head suit whose texture is
// hair over skin, each in three tones) in the real window and looks at
// the textures' colours on screen: the body alone (suit B001MAFit_01)
// shows the shirt's blue and the light skin; J then wears the head too
// (the one suit named c…), which covers more of the view; the suit
// action wears both at once; tone dark (and Shift+T twice) turns every
// skin texel dark and leaves the shirt; textures off draws the flat grey,
// without a shirt pixel. The body's suit file opened by itself turns dark
// with tone dark too.
func TestWindowWholeSim(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	anim := filepath.Join(dir, "broom.anim")
	copyFile(t, "../../formats/sims/testdata/tso/a2o-broom-fly-leftside.c3bde7b200000007.anim", anim)
	files, err := simstest.Sim()
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	view := image.Rect(sideW, 0, winW-sideW, barTop-70)
	c := simstest.ShirtColour
	shirt := proportions(c.R, c.G, c.B)
	var skin [3][3]float64
	for i, s := range simstest.SkinColours {
		skin[i] = proportions(s.R, s.G, s.B)
	}
	type counts struct{ covered, shirt, light, dark int }
	bare, _ := shot(t, bin, "pause; seek 0.5", anim)
	look := func(actions string) (counts, string) {
		t.Helper()
		img, out := shot(t, bin, "pause; seek 0.5; "+actions, anim)
		return counts{diffPixels(img, bare, view, 24), ratioPixels(img, view, shirt, 0.06),
			ratioPixels(img, view, skin[0], 0.04), ratioPixels(img, view, skin[2], 0.04)}, out
	}
	body, out := look("suit B001MAFit_01")
	both, _ := look("suit B001MAFit_01; key j")
	named, _ := look("suit B001MAFit_01 C001MA_test")
	dark, _ := look("suit B001MAFit_01 C001MA_test; tone dark")
	keyed, _ := look("suit B001MAFit_01 C001MA_test; key shift+t; key shift+t")
	flat, _ := look("suit B001MAFit_01 C001MA_test; textures off")
	t.Logf("covered, shirt, light skin, dark skin pixels: body %v, body and J %v, suit with two names %v, tone dark %v, Shift+T twice %v, textures off %v",
		body, both, named, dark, keyed, flat)
	if body.shirt < 200 || body.light < 200 || body.dark > body.light/10 {
		t.Errorf("the body alone: %d shirt and %d light skin pixels (want 200 or more of each), %d dark\n%s", body.shirt, body.light, body.dark, out)
	}
	if both.covered < body.covered+100 || both.light <= body.light || named != both {
		t.Errorf("J wears the head beside the body: covered %d (body alone %d), light skin %d (body alone %d); suit with both names %v, want %v",
			both.covered, body.covered, both.light, body.light, named, both)
	}
	if dark.dark < 200 || dark.light > dark.dark/10 || dark.shirt < body.shirt/2 || keyed != dark {
		t.Errorf("tone dark: %d dark and %d light skin pixels, %d shirt; Shift+T twice %v, want %v", dark.dark, dark.light, dark.shirt, keyed, dark)
	}
	if flat.shirt > 20 || flat.covered < both.covered/2 {
		t.Errorf("textures off: %d shirt pixels (want none), %d covered", flat.shirt, flat.covered)
	}
	// The body's suit file opened alone, on the skeleton beside it: light
	// by default, dark after tone dark (the asset as opened, retoned).
	suit := filepath.Join(dir, "B001MAFit_01.cmx")
	alone := func(actions string) counts {
		t.Helper()
		img, _ := shot(t, bin, "pause; "+actions, suit)
		return counts{0, ratioPixels(img, view, shirt, 0.06), ratioPixels(img, view, skin[0], 0.04), ratioPixels(img, view, skin[2], 0.04)}
	}
	opened, retoned := alone("seek 0"), alone("seek 0; tone dark")
	t.Logf("the suit file alone: %v, after tone dark %v", opened, retoned)
	if opened.light < 200 || opened.dark > opened.light/10 || retoned.dark < 200 || retoned.light > retoned.dark/10 {
		t.Errorf("the suit file alone: light and dark skin pixels %d and %d, after tone dark %d and %d", opened.light, opened.dark, retoned.light, retoned.dark)
	}
}
