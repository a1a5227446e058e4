package main

import (
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/animview/animview/internal/displaytest"
	"github.com/animview/animview/render"
)

// shotIn runs the program in dir (where the viewer saves its GIFs) with
// a screenshot after `after` frames and returns the screenshot and the
// program's output.
func shotIn(t *testing.T, bin, dir string, after int, actions string, files ...string) (*image.RGBA, string) {
	t.Helper()
	return runScreenshot(t, bin, dir, append([]string{"--after", fmt.Sprint(after), "--size", fmt.Sprintf("%dx%d", winW, winH), "--actions", actions}, files...)...)
}

// TestWindowRecordGIF records the demo walk from the window: the
// record-gif action holds the script until the file is written, and the
// GIF has the view's size, one frame per 1/30 s of the clip and the figure
// in every frame; Shift+P shows the progress bar over the view, and a
// recording still running when the window closes leaves no file.
func TestWindowRecordGIF(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	th := render.DefaultTheme()
	view := image.Rect(sideW, 0, winW-sideW, barTop)

	t.Run("record-gif writes the walk", func(t *testing.T) {
		dir := t.TempDir()
		img, out := shotIn(t, bin, dir, 4, "clip walk; record-gif; pause; seek 0.6")
		if f := shown(t, out); f != 18 {
			t.Errorf("the actions after record-gif left frame %d, want 18 (0.6 s)", f)
		}
		m := regexp.MustCompile(`saved (\S+\.gif)\n`).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("no \"saved ….gif\" line:\n%s", out)
		}
		// The script waited for the GIF: it was saved before the screenshot.
		if strings.Index(out, m[0]) > strings.Index(out, "shot.png") {
			t.Errorf("the screenshot was taken before the GIF was written:\n%s", out)
		}
		g := readGIF(t, dir, m[1])
		// The walk is 1.2 s keyed at 30 fps (formats/demo/demo.go): 36 frames of
		// 1/30 s, 3 or 4 centiseconds each adding up to 120.
		if len(g.Image) != 36 {
			t.Errorf("%d frames, want 36", len(g.Image))
		}
		total := 0
		for _, d := range g.Delay {
			total += d
		}
		if total != 120 {
			t.Errorf("delays add up to %d cs, want 120", total)
		}
		// The view is 400×478 at 800×600, under the 640-pixel cap.
		if g.Config.Width != view.Dx() || g.Config.Height != view.Dy() {
			t.Errorf("GIF is %d×%d, want the view's %d×%d", g.Config.Width, g.Config.Height, view.Dx(), view.Dy())
		}
		checkFrames(t, g, th.Bone)
		if ents, _ := os.ReadDir(dir); len(ents) != 1 {
			t.Errorf("the working folder holds %v, want the GIF alone", ents)
		}
		// The notice naming the file is up in the screenshot.
		notice := image.Rect(view.Min.X+4, view.Max.Y-52, view.Max.X-4, view.Max.Y-30)
		if n := countIn(img, notice, color.RGBA{0x10, 0x30, 0x20, 0xff}, 12); n < 1000 {
			t.Errorf("no notice in the view (%d notice pixels)\n%s", n, out)
		}
	})

	t.Run("record-gif writes a character's animation tree", func(t *testing.T) {
		// A Metroid Prime sequence (alert then walk) has no clip index:
		// the recording plays the tree as the view does.
		pak, err := filepath.Abs("../../formats/prime/pak/testdata/DemoSet-mp1.pak")
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		_, out := shotIn(t, bin, dir, 2, "anim sequence; record-gif", pak)
		m := regexp.MustCompile(`saved (\S+\.gif)\n`).FindStringSubmatch(out)
		rec := regexp.MustCompile(`recording \S+: "sequence" at \d+×\d+, ([\d.]+) fps`).FindStringSubmatch(out)
		pass := regexp.MustCompile(`shown: frame \d+ / \d+ +[\d.]+ s / ([\d.]+) s`).FindStringSubmatch(out)
		if m == nil || rec == nil || pass == nil {
			t.Fatalf("no recording of the sequence, its frame rate or its pass in the output:\n%s", out)
		}
		fps, _ := strconv.ParseFloat(rec[1], 64)
		dur, _ := strconv.ParseFloat(pass[1], 64)
		g := readGIF(t, dir, m[1])
		// One frame per 1/fps of the pass (raster.GIFFrames).
		if want := int(math.Ceil((dur-0.005)*fps - 1e-6)); len(g.Image) != want {
			t.Errorf("%d frames, want %d for %.3f s at %g fps", len(g.Image), want, dur, fps)
		}
		checkFrames(t, g, th.Bone)
	})

	t.Run("Shift+P shows a progress bar", func(t *testing.T) {
		dir := t.TempDir()
		// The idle clip is 2 s: 60 frames, not done one tick after the key.
		img, out := shotIn(t, bin, dir, 1, "clip idle; key shift+p")
		if !strings.Contains(out, "recording ") {
			t.Fatalf("Shift+P did not start a recording:\n%s", out)
		}
		// The bar's track runs across the foot of the view (ui/record.go:
		// a panel 440 wide at most, 118 above the view's bottom).
		w := min(view.Dx()-24, 440)
		x0 := view.Min.X + (view.Dx()-w)/2 + 8
		bar := image.Rect(x0, view.Max.Y-118+30, x0+w-16, view.Max.Y-118+42)
		track := countIn(img, bar, color.RGBA{0x2a, 0x2e, 0x38, 0xff}, 6)
		done := countIn(img, bar, color.RGBA{0x3d, 0x8b, 0xd9, 0xff}, 6)
		if track+done < bar.Dx()*bar.Dy()*9/10 {
			t.Errorf("bar %v: %d track and %d done pixels of %d", bar, track, done, bar.Dx()*bar.Dy())
		}
		if text := countIn(img, image.Rect(x0, view.Max.Y-118+4, x0+w-16, view.Max.Y-118+24), colPanelText, 40); text < 100 {
			t.Errorf("no text over the bar (%d pixels)", text)
		}
		// The window closed mid-recording (the bar was up: the window had
		// not taken the recording's result, and only the window puts the
		// file in place): the program says it cancelled the recording,
		// which it does once the file is gone, and nothing is left over.
		rec := regexp.MustCompile(`recording (\S+\.gif):`).FindStringSubmatch(out)
		if rec == nil || !strings.Contains(out, "cancelled "+rec[1]+"\n") {
			t.Errorf("no \"cancelled ….gif\" line for the recording:\n%s", out)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Errorf("an unfinished recording left %v\n%s", ents, out)
		}
	})
}

// readGIF decodes the GIF the program named (relative to its folder dir),
// which must be an animview-….gif in dir.
func readGIF(t *testing.T, dir, name string) *gif.GIF {
	t.Helper()
	path := name
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	if filepath.Dir(path) != dir || !strings.HasPrefix(filepath.Base(path), "animview-") {
		t.Errorf("GIF at %s, want animview-….gif in the working folder %s", path, dir)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatalf("the GIF does not decode: %v", err)
	}
	return g
}

// checkFrames checks that every frame shows the figure (bone-coloured
// pixels) and that it moves between the first and the middle frame.
func checkFrames(t *testing.T, g *gif.GIF, bone color.RGBA) {
	t.Helper()
	for i, fr := range g.Image {
		n := 0
		for _, px := range fr.Pix {
			if closeTo(toRGBA(fr.Palette[px]), bone, 24) {
				n++
			}
		}
		if n < 100 {
			t.Errorf("frame %d: only %d bone-coloured pixels", i, n)
		}
	}
	if len(g.Image) < 2 {
		return
	}
	first, mid := g.Image[0], g.Image[len(g.Image)/2]
	diff := 0
	for k := range first.Pix {
		if first.Pix[k] != mid.Pix[k] {
			diff++
		}
	}
	if diff < 200 {
		t.Errorf("the first and middle frames differ in %d pixels: the figure does not move", diff)
	}
}

func toRGBA(c color.Color) color.RGBA {
	r, g, b, a := c.RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}
