package main

import (
	"bufio"
	"fmt"
	"image"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/animview/animview/internal/displaytest"
)

// startXvfb starts an X server of its own with a w×h screen and returns
// its display; Xvfb writes the display's number once it takes clients
// (-displayfd), so nothing waits on a guess.
func startXvfb(t *testing.T, w, h int) string {
	t.Helper()
	displaytest.Need(t)
	displaytest.NeedTool(t, "Xvfb")
	r, wr, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", fmt.Sprintf("%dx%dx24", w, h), "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{wr}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	wr.Close()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil {
		t.Fatalf("Xvfb gave no display: %v", err)
	}
	return ":" + strings.TrimSpace(line)
}

// panelsWhole checks a screenshot for what clipped on small windows: the
// status line's text in the bottom bar's last row, the right panel's
// Events heading at its top, and the transport's last button (Open)
// inside the window.
func panelsWhole(t *testing.T, img *image.RGBA) {
	t.Helper()
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	if n := countIn(img, image.Rect(10, h-40, 300, h-2), colPanelText, 40); n < 80 {
		t.Errorf("%dx%d: status line: %d text pixels", w, h, n)
	}
	colAccent := colPanelText
	colAccent.R, colAccent.G, colAccent.B = 0x3d, 0x8b, 0xd9
	if n := countIn(img, image.Rect(w-sideW, 0, w, 30), colAccent, 40); n < 40 {
		t.Errorf("%dx%d: the right panel's Events heading: %d pixels", w, h, n)
	}
	// Nothing of the panels' text reaches the window's right edge.
	if n := countIn(img, image.Rect(w-6, 0, w, h), colPanelText, 50); n > 0 {
		t.Errorf("%dx%d: %d text pixels at the right edge", w, h, n)
	}
}

// TestWindowSize: the window opens at a size that fits the screen (issue
// 24 #3: it opened at 1280x800 on a 1024x768 screen, cutting off the
// right panel and the status line), and never below its minimum, 800x600,
// where the panels still show whole.
func TestWindowSize(t *testing.T) {
	bin := buildBinary(t)
	run := func(t *testing.T, args ...string) *image.RGBA {
		t.Helper()
		img, _ := runScreenshot(t, bin, "", append([]string{"--no-recent", "--after", "4", "--actions", "pause; select-bone head"}, args...)...)
		return img
	}
	t.Run("fits a 1024x768 screen", func(t *testing.T) {
		t.Setenv("DISPLAY", startXvfb(t, 1024, 768))
		img := run(t)
		w, h := img.Bounds().Dx(), img.Bounds().Dy()
		if w > 1024*9/10 || h > 768*85/100 || w < 800 || h < 600 {
			t.Errorf("window %dx%d on a 1024x768 screen", w, h)
		}
		panelsWhole(t, img)
	})
	for _, c := range []struct{ size, why string }{
		{"800x600", "the README's smallest"}, {"640x400", "below the minimum: opens at it"},
	} {
		t.Run(c.size, func(t *testing.T) {
			displaytest.Need(t)
			img := run(t, "--size", c.size)
			if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != 800 || h != 600 {
				t.Errorf("--size %s (%s) opened %dx%d, want 800x600", c.size, c.why, w, h)
			}
			panelsWhole(t, img)
		})
	}
}
