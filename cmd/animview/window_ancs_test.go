package main

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/internal/displaytest"
	"github.com/animview/animview/render"
)

// TestWindowCharacterSet opens the demo character set's PAK and plays its
// animations' trees: a Blend's weight changes the figure (weight 1 is its
// B child, idle, to the pixel) and a transition preview passes from walk
// to idle.
func TestWindowCharacterSet(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	const pakFile = "../../formats/prime/pak/testdata/DemoSet-mp1.pak"
	th := render.DefaultTheme()
	// At 800x600 the tree panel (ui.treePanelH, 150 pixels) takes the
	// bottom of the view's column.
	const treeTop = barTop - 150
	view := image.Rect(sideW, 0, winW-sideW, treeTop)
	tree := image.Rect(sideW, treeTop, winW-sideW, barTop)
	colAccent := colPanelText
	colAccent.R, colAccent.G, colAccent.B = 0x3d, 0x8b, 0xd9
	// Every picture comes from one start of the program (shots): each
	// script sets the animation, time, weight or pin it shows. The
	// window frames the figures before the script runs, over what plays
	// then (the first animation, walk), so every picture has one camera.
	// What carries over from one script to the next shows only in the
	// tree panel's picker row, which no comparison but the first two
	// pictures' reads.
	scripts := []string{
		"anim walk_blend; seek 0.4",               // blend
		"anim walk_blend; seek 0.4; weight / 1",   // heavy
		"anim idle; seek 0.4",                     // idle
		"anim walk; seek 0.4",                     // walk
		"anim walk_blend; seek 0.4; weight / 0",   // light
		"anim random_idle; seek 0.4; pin / 2",     // alert
		"anim phase; seek 0.4; weight / 1",        // phase's B
		"anim random_idle; seek 0.4; pin / 1",     // pinned idle
		"transition-at walk idle 0.5; seek 0.625", // mid
		"anim walk; seek 0.625",                   // walk then
		"anim idle; seek 0.125",                   // idle then
		"transition-at walk idle 0.5; seek 0.8",   // after
		"anim idle; seek 0.3",                     // idle after
	}
	for i := range scripts {
		scripts[i] = "pause; " + scripts[i]
	}
	pics, out := shots(t, bin, scripts, pakFile)
	if strings.Contains(out, "action ") {
		t.Fatalf("an action failed:\n%s", out)
	}
	blend, heavy, idle, walk, light := pics[0], pics[1], pics[2], pics[3], pics[4]

	if n := countIn(blend, view, th.Bone, 24); n < 300 {
		t.Errorf("walk_blend at 0.4: %d bone pixels in the view", n)
	}
	// The tree panel lists the tree, its root line selected.
	if n := countIn(blend, tree, colAccent, 10); n < 500 {
		t.Errorf("tree panel: %d pixels of the selected line", n)
	}

	t.Run("the blend weight changes the figure", func(t *testing.T) {
		if n := diffPixels(blend, heavy, view, 8); n < 100 {
			t.Errorf("weight 0.3 and 1 differ in %d pixels", n)
		}
		// The root line's text changes with it ("Blend  B 1.00 (file 0.30)").
		if n := diffPixels(blend, heavy, tree, 8); n < 50 {
			t.Errorf("the tree panel shows weights 0.3 and 1 alike but for %d pixels", n)
		}
		if n := diffPixels(heavy, idle, view, 8); n > 0 {
			t.Errorf("weight 1 differs from idle (B) in %d pixels", n)
		}
		if n := diffPixels(heavy, walk, view, 8); n < 100 {
			t.Errorf("weight 1 and walk differ in %d pixels", n)
		}
		if n := diffPixels(light, walk, view, 8); n > 0 {
			t.Errorf("weight 0 differs from walk (A) in %d pixels", n)
		}
	})

	t.Run("a pinned Random child plays", func(t *testing.T) {
		alert, phaseB, pinnedIdle := pics[5], pics[6], pics[7]
		// phase at weight 1 is its B, alert, at its own rate.
		if n := diffPixels(alert, phaseB, view, 8); n > 0 {
			t.Errorf("random_idle pinned to alert differs from alert in %d pixels", n)
		}
		if n := diffPixels(pinnedIdle, idle, view, 8); n > 0 {
			t.Errorf("random_idle pinned to idle differs from idle in %d pixels", n)
		}
		if n := diffPixels(alert, pinnedIdle, view, 8); n < 100 {
			t.Errorf("the two pins differ in %d pixels", n)
		}
	})

	t.Run("a transition plays", func(t *testing.T) {
		// walk plays 0.5 s, then the table's 0.25 s Trans to idle.
		mid, walkThen, idleThen, after, idleAfter := pics[8], pics[9], pics[10], pics[11], pics[12]
		if n := diffPixels(mid, walkThen, view, 8); n < 50 {
			t.Errorf("mid-transition equals walk but for %d pixels", n)
		}
		if n := diffPixels(mid, idleThen, view, 8); n < 50 {
			t.Errorf("mid-transition equals idle but for %d pixels", n)
		}
		if n := diffPixels(after, idleAfter, view, 8); n > 0 {
			t.Errorf("after the transition idle plays: differs in %d pixels", n)
		}
	})
}

// TestWindowCharacterSteps: [ on a character's first animation plays the
// previous character's last one (sequence, 90 frames), not its first
// (walk, 30), and `clip NAME` plays a character's animation on a PAK as
// --clip does (issue 24, smaller ones).
func TestWindowCharacterSteps(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	const pakFile = "../../formats/prime/pak/testdata/DemoSet-mp1.pak"
	_, out := shot(t, bin, "pause; key BracketLeft", "--entry", "Crawler_Calm", pakFile)
	if strings.Contains(out, "action ") || !strings.Contains(out, "shown: frame 0 / 90 ") {
		t.Errorf("[ from Crawler_Calm's first animation does not show Crawler's last (sequence, 90 frames):\n%s", out)
	}
	byClip, out := shot(t, bin, "clip walk_blend; seek 0.4", pakFile)
	if strings.Contains(out, "action ") {
		t.Fatalf("clip walk_blend failed on a PAK:\n%s", out)
	}
	byAnim, _ := shot(t, bin, "anim walk_blend; seek 0.4", pakFile)
	if n := diffPixels(byClip, byAnim, byClip.Bounds(), 8); n > 0 {
		t.Errorf("clip walk_blend and anim walk_blend differ in %d pixels", n)
	}
}

// TestWindowPickerWidth clicks the transition picker's "to" button (idle)
// with the X server's mouse on the demo set's random_idle: its new name,
// walk_blend, is wider, and must push Play on rather than be drawn over
// the arrow and Play (issue 24 #5). The picker row must then look as the
// same state reached by the button's verb in a script does.
func TestWindowPickerWidth(t *testing.T) {
	const pakFile = "../../formats/prime/pak/testdata/DemoSet-mp1.pak"
	abs, err := filepath.Abs(pakFile)
	if err != nil {
		t.Fatal(err)
	}
	w := startDrivenFile(t, "--actions", "pause; anim random_idle", abs)
	// The picker row at 800x600: the tree panel's third row, the "to"
	// button right of the arrow.
	const rowY, toX = 460, 398
	w.click(toX, rowY)
	w.move(400, 200)
	mouse := readShot(t, w.screenshot(), w.out.String())
	script, out := shot(t, w.bin, "pause; anim random_idle; pick-to", abs)
	if strings.Contains(out, "action ") {
		t.Fatalf("an action failed:\n%s", out)
	}
	row := image.Rect(sideW, rowY-15, winW-sideW, rowY+15)
	if os.Getenv("ANIMVIEW_KEEP") != "" {
		savePNG(t, "/tmp/picker-mouse.png", mouse)
		savePNG(t, "/tmp/picker-script.png", script)
	}
	if n := diffPixels(mouse, script, row, 8); n > 0 {
		t.Errorf("after the click the picker row differs from the scripted one in %d pixels (the button kept its width)", n)
	}
	// The scripted row is right: the arrow and Play are where a wide
	// name leaves them, not under it.
	before, _ := shot(t, w.bin, "pause; anim random_idle", abs)
	arrow := image.Rect(372, rowY-8, 390, rowY+8)
	if n := diffPixels(before, script, arrow, 8); n > 0 {
		t.Errorf("the arrow changed in %d pixels when the name widened", n)
	}
}
