package main

import (
	"image"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/animview/animview/internal/displaytest"
	"github.com/animview/animview/render"
)

// TestWindowFirstFrame saves the first frame the window shows
// (ANIMVIEW_FIRST_FRAME) and checks it is complete (issue 24 #4: it
// showed no figure and no title, "F1: keys" in a corner, and the start-up
// log counted it): the figure in the view, the file's name and the clip
// list in the left panel, the Events heading and the status line. The
// log's "first frame after" is that frame's.
func TestWindowFirstFrame(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	for _, file := range []string{"demo:", "../../formats/sims/testdata/tso/a2o-broom-fly-leftside.c3bde7b200000007.anim"} {
		t.Run(filepath.Base(file), func(t *testing.T) {
			first := filepath.Join(t.TempDir(), "first.png")
			t.Setenv("ANIMVIEW_FIRST_FRAME", first)
			t.Setenv("ANIMVIEW_STARTUP_LOG", "1")
			_, out := screenshot(t, bin, "--no-recent", "--after", "2", file)
			if !regexp.MustCompile(`(?m)^animview: first frame after \S+\nanimview: saved the first frame in `).MatchString(out) {
				t.Errorf("the start-up log does not count the frame saved:\n%s", out)
			}
			img := readShot(t, first, out)
			if os.Getenv("ANIMVIEW_KEEP") != "" {
				savePNG(t, "/tmp/first-frame.png", img)
			}
			th := render.DefaultTheme()
			view := image.Rect(sideW, 0, winW-sideW, barTop)
			if n := countIn(img, view, th.Bone, 24); n < 200 {
				t.Errorf("the first frame has %d bone pixels in the view: no figure", n)
			}
			if n := countIn(img, image.Rect(8, 6, sideW-8, 26), colPanelText, 40); n < 40 {
				t.Errorf("the first frame has %d text pixels where the file's name goes", n)
			}
			panelsWhole(t, img)
		})
	}
}
