package main

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/internal/displaytest"
	"github.com/animview/animview/render"
	"github.com/go-gl/mathgl/mgl32"
)

// The panel geometry at 800×600 (ui/layout.go): side panels 200 wide, the
// bottom bar 122 tall, the timeline's track 6 pixels inside the bar's
// 10-pixel padding, its rows 13 pixels below the bar's top plus 4.
const (
	winW, winH   = 800, 600
	sideW        = 200
	barTop       = winH - 122
	trackX0      = 10 + 6
	trackX1      = winW - 10 - 6
	trackMidY    = barTop + 4 + 13 + 9
	inspectorTop = 170 // below the events list and the warnings button
)

var colPanelText = color.RGBA{0xe6, 0xe8, 0xee, 0xff}

// countIn counts pixels within tol of want inside r.
func countIn(img *image.RGBA, r image.Rectangle, want color.RGBA, tol int) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if closeTo(img.RGBAAt(x, y), want, tol) {
				n++
			}
		}
	}
	return n
}

// shown returns the frame the program says its screenshot shows.
func shown(t *testing.T, out string) int {
	t.Helper()
	m := regexp.MustCompile(`shown: frame (\d+) /`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no \"shown:\" line in the output:\n%s", out)
	}
	f, _ := strconv.Atoi(m[1])
	return f
}

func shot(t *testing.T, bin, actions string, args ...string) (*image.RGBA, string) {
	t.Helper()
	return screenshot(t, bin, append([]string{"--size", fmt.Sprintf("%dx%d", winW, winH), "--after", "4", "--actions", actions}, args...)...)
}

// shots runs the program once on args with each script in turn, each
// followed by a picture taken as shot takes its one (4 ticks after the
// script: the snap action), and returns the pictures in order and the
// program's output. Tests that only read pictures share one start of the
// program this way; each script should set what it depends on (pause,
// seek, the animation), since the state carries over.
func shots(t *testing.T, bin string, scripts []string, args ...string) ([]*image.RGBA, string) {
	t.Helper()
	dir := t.TempDir()
	var all []string
	for i, s := range scripts[:len(scripts)-1] {
		all = append(all, s, "snap "+filepath.Join(dir, fmt.Sprintf("%d.png", i)))
	}
	all = append(all, scripts[len(scripts)-1])
	last, out := shot(t, bin, strings.Join(all, "; "), args...)
	imgs := make([]*image.RGBA, 0, len(scripts))
	for i := range scripts[:len(scripts)-1] {
		imgs = append(imgs, readShot(t, filepath.Join(dir, fmt.Sprintf("%d.png", i)), out))
	}
	return append(imgs, last), out
}

// TestWindowActions drives the real program with action scripts and
// checks the pixels of its screenshots.
func TestWindowActions(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	th := render.DefaultTheme()
	view := image.Rect(sideW, 0, winW-sideW, barTop)

	// The demo's pictures come from one start of the program (shots), in
	// an order in which what one script leaves (hidden legs, a selected
	// bone) is undone or read by no later check.
	x := trackX0 + (trackX1-trackX0)*3/4 // 0.9 s of the 1.2 s walk: frame 27
	pics, out := shots(t, bin, []string{
		"seek 0.4", "seek 0.4; hide-subtree l_thigh; hide-subtree r_thigh",
		"show-all; seek 0.2", "seek 0.2; select-bone head",
		fmt.Sprintf("seek 0; click %d %d", x, trackMidY)})
	all, hid, none, sel, clicked := pics[0], pics[1], pics[2], pics[3], pics[4]
	frames := regexp.MustCompile(`shown: frame (\d+) / `).FindAllStringSubmatch(out, -1)
	frameOf := func(i int) int {
		if len(frames) != len(pics) {
			t.Fatalf("%d pictures shown, want %d:\n%s", len(frames), len(pics), out)
		}
		f, _ := strconv.Atoi(frames[i][1])
		return f
	}

	t.Run("inspector shows the selected bone", func(t *testing.T) {
		// The lower half of the inspector holds the world transform: text
		// there only when a bone is selected, and at once (it used to be
		// cut off after the first selection).
		rows := image.Rect(winW-sideW+4, inspectorTop+130, winW-4, barTop-40)
		a, b := countIn(none, rows, colPanelText, 40), countIn(sel, rows, colPanelText, 40)
		if a > 20 || b < 150 {
			t.Errorf("inspector's lower rows: %d text pixels without a selection, %d with head selected", a, b)
		}
		if f := frameOf(3); f != 6 {
			t.Errorf("frame %d after seek 0.2, want 6", f)
		}
	})

	t.Run("a hidden bone's pixels disappear", func(t *testing.T) {
		a, b := countIn(all, view, th.Bone, 24), countIn(hid, view, th.Bone, 24)
		if a < 300 || b > a*2/3 {
			t.Errorf("bone pixels: %d with every bone, %d with both legs hidden", a, b)
		}
		// No bone pixel appears where there was none.
		extra := 0
		for y := view.Min.Y; y < view.Max.Y; y++ {
			for x := view.Min.X; x < view.Max.X; x++ {
				if closeTo(hid.RGBAAt(x, y), th.Bone, 24) && !closeTo(all.RGBAAt(x, y), th.Bone, 60) {
					extra++
				}
			}
		}
		if extra > 20 {
			t.Errorf("%d bone pixels appeared by hiding bones", extra)
		}
	})

	t.Run("a click on the timeline moves the time", func(t *testing.T) {
		if f := frameOf(4); f != 27 {
			t.Errorf("frame %d after a click at three quarters, want 27", f)
		}
		// The playhead (white) is drawn where the click was.
		head := -1
		for px := trackX0; px <= trackX1; px++ {
			if closeTo(clicked.RGBAAt(px, trackMidY), color.RGBA{0xff, 0xff, 0xff, 0xff}, 8) {
				head = px
				break
			}
		}
		if head < x-3 || head > x+3 {
			t.Errorf("playhead at x=%d, clicked at %d", head, x)
		}
	})

	t.Run("layout at 800x600 keeps text inside its panel", func(t *testing.T) {
		img, _ := shot(t, bin, "seek 0.5; select-bone L_ARM1; labels",
			"../../formats/sims/testdata/tso/a2o-broom-fly-leftside.c3bde7b200000007.anim")
		if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != winW || h != winH {
			t.Fatalf("window %dx%d", w, h)
		}
		// Strips just inside each panel's inner edge: text that ran past
		// its panel (under the view or another panel) shows there.
		strips := map[string]image.Rectangle{
			"left panel's right edge":    image.Rect(sideW-8, 0, sideW-1, barTop),
			"right panel's left edge":    image.Rect(winW-sideW+1, 0, winW-sideW+4, barTop),
			"bottom bar's right edge":    image.Rect(winW-8, barTop, winW, winH),
			"bottom bar's lower edge":    image.Rect(0, winH-3, winW, winH),
			"between panels and the bar": image.Rect(0, barTop-2, winW, barTop+1),
		}
		for name, r := range strips {
			if n := countIn(img, r, colPanelText, 50); n > 0 {
				t.Errorf("%s: %d text pixels", name, n)
			}
		}
		// The 3D view is at least half the window.
		if view.Dx()*2 < winW {
			t.Errorf("view %d of %d pixels wide", view.Dx(), winW)
		}
		// The status line (its own row) shows: text in the bar's last row.
		status := image.Rect(10, winH-40, 300, winH-2)
		if n := countIn(img, status, colPanelText, 40); n < 80 {
			t.Errorf("status line: %d text pixels", n)
		}
	})
}

// warnedAnim writes a FreeSO .anim whose motions turn eight bones of the
// Sims skeleton and one bone no Sims skeleton has: the loader warns that
// the built-in table does not know it.
func warnedAnim(t *testing.T) string {
	t.Helper()
	a := &sims.Animation{Version: 2, Name: "unknown-bone", Duration: 1,
		TranslationCount: 1, Translations: []mgl32.Vec3{{0, 3, 0}}}
	for i, b := range []string{"ROOT", "PELVIS", "SPINE", "SPINE1", "NECK", "HEAD", "L_LEG", "R_LEG", "Armature_0"} {
		a.Rotations = append(a.Rotations, sims.FileQuat{0, 0, 0, 1})
		m := sims.Motion{BoneName: b, FrameCount: 1, Duration: 1, HasRotation: true, FirstRotation: uint32(i), HasTranslation: i == 0}
		a.Motions = append(a.Motions, m)
	}
	a.RotationCount = uint32(len(a.Rotations))
	data, err := sims.EncodeAnim(a)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "unknown-bone.anim")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestWindowWarnings: a loader's warning shows as a banner over the view
// until dismissed, and W lists it.
func TestWindowWarnings(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	file := warnedAnim(t)
	banner := image.Rect(sideW, 0, winW-sideW, 80)
	warn := color.RGBA{0xff, 0xc8, 0x57, 0xff}
	img, _ := shot(t, bin, "pause", file)
	if n := countIn(img, banner, warn, 40); n < 150 {
		t.Errorf("banner: %d warning-coloured pixels", n)
	}
	img, _ = shot(t, bin, "pause; dismiss", file)
	if n := countIn(img, banner, warn, 40); n > 10 {
		t.Errorf("dismissed banner still shows: %d pixels", n)
	}
	img, _ = shot(t, bin, "pause; key w", file)
	if n := countIn(img, image.Rect(sideW, 40, winW-sideW, barTop), warn, 40); n < 150 {
		t.Errorf("warnings list: %d warning-coloured pixels", n)
	}
}
