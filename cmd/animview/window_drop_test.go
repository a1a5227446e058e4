package main

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/animview/animview/formats/ms3d"
	"github.com/animview/animview/internal/displaytest"
)

// pawWalker is the walker (diff_test.go) going 4 units, not 2, with its
// hand called paw: played on the walker, the root goes 4 and the hand,
// which the motion lacks, keeps its bind pose.
func pawWalker(t *testing.T) string {
	return walker(t, "paw.ms3d", func(f *ms3d.File) {
		f.Joints[0].PositionKeys[1].Position = [3]float32{4, 0, 0}
		f.Joints[2].Name = "paw"
	})
}

// colQuestion is the first answer's row of the window's questions (ui's
// colAccentLo).
var colQuestion = color.RGBA{0x2b, 0x5f, 0x96, 0xff}

// TestWindowDropMotion: the walker with the paw walker dropped on it (the
// drop action, which takes a path as a drop does): the window asks, its
// question's first row in the middle of the view; Play here plays the
// paw walker's clip on the walker, the hand named in a warning and the
// root going the motion's 4 units (the root path's distance on the status
// line, its colour on the ground), and with the viewer's --map paw=hand
// warns of nothing; Open instead opens the paw walker.
func TestWindowDropMotion(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	fig, paw := walker(t, "figure.ms3d", nil), pawWalker(t)
	middle := image.Rect(250, 220, 550, 380)

	img, _ := screenshot(t, bin, "--actions", "seek 0.5", fig)
	before := countIn(img, middle, colQuestion, 6)
	img, out := screenshot(t, bin, "--actions", "seek 0.5; drop "+paw, fig)
	asked := countIn(img, middle, colQuestion, 6)
	if !strings.Contains(out, "drop: paw.ms3d on figure.ms3d: play its motion here, or open it?") || asked < before+2000 {
		t.Errorf("no question: %d pixels of its first row, %d without it; output: %s", asked, before, out)
	}

	img, out = screenshot(t, bin, "--actions", "drop "+paw+"; play-here; root-path; seek 0.5", fig)
	n, _ := pathPixels(img)
	for _, want := range []string{
		`drop: playing "Timeline (motion of paw.ms3d)" on figure.ms3d`,
		"warning: the motion of paw.ms3d: 1 of 3 bones have no bone of the same name in it (or in --map) and keep their bind pose: hand",
		"root path 2 of 4",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("play here: no %q in the output: %s", want, out)
		}
	}
	if n < 100 || countIn(img, middle, colQuestion, 6) > before {
		t.Errorf("play here: %d pixels of the root path; the question still shows", n)
	}

	// The viewer's --map, without --motion, pairs the paw with the hand.
	_, out = screenshot(t, bin, "--map", "paw=hand", "--actions", "drop "+paw+"; play-here", fig)
	if !strings.Contains(out, "drop: playing") || strings.Contains(out, "warning:") {
		t.Errorf("play here with --map: %s", out)
	}

	_, out = screenshot(t, bin, "--actions", "drop "+paw+"; open-instead; root-path; seek 0.5", fig)
	if !strings.Contains(out, "drop: opened "+paw) || !strings.Contains(out, "root path 2 of 4") || strings.Contains(out, "warning:") {
		t.Errorf("open instead: %s", out)
	}
}

// TestWindowDropKeys: the question answers the real keyboard: Enter plays
// the dropped motion here, O opens the file instead.
func TestWindowDropKeys(t *testing.T) {
	fig, paw := walker(t, "figure.ms3d", nil), pawWalker(t)
	for _, c := range []struct{ xkey, name, want string }{
		{"Return", "Enter", `drop: playing "Timeline (motion of paw.ms3d)" on figure.ms3d`},
		{"o", "O", "drop: opened " + paw},
	} {
		w := startDrivenFile(t, "--actions", "pause; drop "+paw, fig)
		// The script asked before the window was ready.
		if !strings.Contains(w.out.String(), "animview: drop: paw.ms3d on figure.ms3d: play its motion here, or open it?\n") {
			t.Fatalf("no question:\n%s", w.out.String())
		}
		w.key(c.xkey, c.name)
		// The update that handled the key answered (the trace reports
		// the key at the update's end).
		if !strings.Contains(w.out.String(), "animview: "+c.want+"\n") {
			t.Errorf("%s: no %q:\n%s", c.name, c.want, w.out.String())
		}
	}
}
