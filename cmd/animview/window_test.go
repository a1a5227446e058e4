package main

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/animview/animview/internal/displaytest"
	"github.com/animview/animview/render"
)

// built is the program the window tests run, built once for all of them.
var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// buildBinary builds the program, once per test run (TestMain removes it).
func buildBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "animview-test-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "animview")
		if out, err := exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("%w\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatalf("build: %v", built.err)
	}
	return built.bin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// screenshot runs the program on args at 800x600 with a screenshot after
// 20 ticks (flags in args win over these) and returns the picture and the
// program's output.
func screenshot(t *testing.T, bin string, args ...string) (*image.RGBA, string) {
	t.Helper()
	return runScreenshot(t, bin, "", append([]string{"--after", "20", "--size", "800x600"}, args...)...)
}

// runScreenshot runs the program with args and --screenshot in the working
// folder dir ("" for this one) and returns the picture it saved and its
// output; the program failing fails the test.
func runScreenshot(t *testing.T, bin, dir string, args ...string) (*image.RGBA, string) {
	t.Helper()
	shot := filepath.Join(t.TempDir(), "shot.png")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	all := append([]string{"--screenshot", shot}, args...)
	cmd := exec.CommandContext(ctx, bin, all...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("animview %v: %v\n%s", all, err, out)
	}
	return readShot(t, shot, string(out)), string(out)
}

// readShot decodes a screenshot into RGBA; out is the program's output,
// shown when the file is missing.
func readShot(t *testing.T, path, out string) *image.RGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no screenshot: %v\n%s", err, out)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	return rgba
}

func closeTo(c color.RGBA, want color.RGBA, tol int) bool {
	d := func(a, b uint8) int {
		if a > b {
			return int(a - b)
		}
		return int(b - a)
	}
	return d(c.R, want.R) <= tol && d(c.G, want.G) <= tol && d(c.B, want.B) <= tol
}

func count(img *image.RGBA, want color.RGBA, tol int) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if closeTo(img.RGBAAt(x, y), want, tol) {
				n++
			}
		}
	}
	return n
}

// TestWindowShowsDemo launches the real program in a window and checks that
// the screenshot shows bone-coloured pixels over the view's background.
func TestWindowShowsDemo(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	img, _ := screenshot(t, bin)
	th := render.DefaultTheme()
	if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != 800 || h != 600 {
		t.Errorf("screenshot is %dx%d, want 800x600", w, h)
	}
	bones := count(img, th.Bone, 24)
	bg := count(img, th.Background, 6)
	if bones < 200 {
		t.Errorf("only %d bone-coloured pixels", bones)
	}
	if bg < 800*600/10 {
		t.Errorf("only %d background pixels: the 3D view is not showing", bg)
	}
	t.Logf("%d bone pixels, %d background pixels", bones, bg)

	// A file that fails to load still opens the window and shows the error
	// (red text) instead of crashing.
	junk := filepath.Join(t.TempDir(), "junk.anim")
	os.WriteFile(junk, []byte("junk"), 0o644)
	img, out := screenshot(t, bin, junk)
	if red := count(img, color.RGBA{0xff, 0x6b, 0x6b, 0xff}, 40); red < 50 {
		t.Errorf("no error text in the window (%d red pixels); output: %s", red, out)
	}
}
