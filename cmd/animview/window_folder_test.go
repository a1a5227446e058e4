package main

import (
	"image"
	"strings"
	"testing"

	"github.com/animview/animview/internal/displaytest"
	"github.com/animview/animview/render"
)

// TestWindowFolderOfFreeSOFiles opens a folder of FreeSO clips in the
// window (issue 24 #1: the window tried the folder's first file as a
// Metroid Prime ANIM, showed "prime ANIM: duration at offset 16 … is not
// a clip length" and an empty view, while list and export read the same
// folder): the folder's files are listed, the first plays, and the view
// has its figure.
func TestWindowFolderOfFreeSOFiles(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	copyTSO(t, dir, map[string]string{
		"a2o-broom-fly-leftside.anim":  "a2o-broom-fly-leftside.c3bde7b200000007.anim",
		"a2o-lever-pull-complete.anim": "a2o-lever-pull-complete.db9ea02800000007.anim",
	})
	img, out := screenshot(t, bin, "--no-recent", "--after", "2", dir)
	if strings.Contains(out, "prime") || strings.Contains(out, "error") {
		t.Errorf("opening the folder reported an error:\n%s", out)
	}
	// The broom clip (first by name) plays: 275 frames.
	if !strings.Contains(out, " / 274 ") {
		t.Errorf("the window does not show the folder's first clip:\n%s", out)
	}
	view := image.Rect(sideW, 0, winW-sideW, barTop)
	if n := countIn(img, view, render.DefaultTheme().Bone, 24); n < 200 {
		t.Errorf("the view has %d bone pixels: no figure", n)
	}
	panelsWhole(t, img)
}
