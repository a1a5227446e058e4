package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/animview/animview/internal/displaytest"
	"github.com/animview/animview/render"
)

// The curves panel at 800×600 (ui/layout.go, ui/curves.go): two fifths
// of the view's 478 rows at its foot; the plot starts 70 pixels in from
// the view's left edge and ends 12 before its right.
const (
	curvesTop = barTop - barTop*2/5
	plotX0    = sideW + 6 + 64
	plotX1    = winW - sideW - 6 - 6
)

// curveRed is the x channel's colour (ui/curves.go).
var curveRed = color.RGBA{0xe8, 0x5a, 0x5a, 0xff}

// TestWindowCurves: K shows the curves panel under the view (the figure
// keeps the rows above it); it plots the selected bone's channels, and
// nothing without a selection; Shift+K changes the rotation strip to
// Euler angles; a click on the plot seeks to the time under it.
func TestWindowCurves(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	panel := image.Rect(plotX0, curvesTop, plotX1, barTop)
	plain, _ := shot(t, bin, "pause; select-bone l_thigh")
	sel, _ := shot(t, bin, "pause; key k; select-bone l_thigh")
	empty, _ := shot(t, bin, "pause; curves")
	p, s, e := countIn(plain, panel, curveRed, 30), countIn(sel, panel, curveRed, 30), countIn(empty, panel, curveRed, 30)
	// (The view's red x axis shows where the panel would be.)
	if s < p+300 || e > p {
		t.Errorf("x-channel pixels in the curves panel's place: %d without the panel, %d with l_thigh, %d with no bone", p, s, e)
	}
	// The panel's strips take its place; the figure stands above them.
	strip := color.RGBA{0x2a, 0x2f, 0x3a, 0xff}
	if a, b := countIn(plain, panel, strip, 2), countIn(sel, panel, strip, 2); b < a+20000 {
		t.Errorf("strip background pixels: %d without the panel, %d with it", a, b)
	}
	th := render.DefaultTheme()
	if n := countIn(sel, image.Rect(sideW, 0, winW-sideW, curvesTop), th.Bone, 24); n < 200 {
		t.Errorf("%d bone pixels above the curves panel", n)
	}
	// The rotation strip is the middle third: Euler angles in degrees
	// draw other lines there than quaternion components.
	rot := image.Rect(plotX0, curvesTop+(barTop-curvesTop)/3, plotX1, curvesTop+(barTop-curvesTop)*2/3)
	euler, _ := shot(t, bin, "pause; key k; key shift+k; select-bone l_thigh")
	if diff := diffPixels(sel, euler, rot, 24); diff < 200 {
		t.Errorf("Shift+K changed %d pixels of the rotation strip", diff)
	}
	// A click halfway along the plot seeks to 0.6 s: frame 18.
	_, out := shot(t, bin, fmt.Sprintf("pause; curves; select-bone l_thigh; wait 2; click %d %d", (plotX0+plotX1)/2, (curvesTop+barTop)/2))
	if f := shown(t, out); f != 18 {
		t.Errorf("a click halfway along the curves: frame %d, want 18", f)
	}
}

// TestWindowExport: the export action writes what `animview export`
// writes, byte for byte (every clip, or what plays); onto an existing file the window
// asks (its question drawn over the view) and leaves the file alone until
// confirm replaces it.
func TestWindowExport(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "walk.glb")
	_, log := shotIn(t, bin, dir, 4, "pause; export all "+out)
	if !regexp.MustCompile(`(?m)^animview: exported `).MatchString(log) {
		t.Fatalf("no \"exported\" line:\n%s", log)
	}
	if doc := decodeGLTF(t, out); len(doc.Animations) != 2 {
		t.Errorf("export all: %d animations, want the demo's 2", len(doc.Animations))
	}
	before, _ := os.ReadFile(out)
	// The same code as `animview export`: the same bytes.
	cli := filepath.Join(dir, "cli.glb")
	if b, err := exec.Command(bin, "export", "demo:", "-o", cli).CombinedOutput(); err != nil {
		t.Fatalf("export demo: %v\n%s", err, b)
	}
	if c, _ := os.ReadFile(cli); !bytes.Equal(c, before) {
		t.Errorf("the window's export all (%d bytes) differs from animview export (%d bytes)", len(before), len(c))
	}
	img, log := shotIn(t, bin, dir, 4, "pause; export clip "+out)
	if !regexp.MustCompile(`exists: asking before replacing it`).MatchString(log) {
		t.Errorf("no question before replacing:\n%s", log)
	}
	if after, _ := os.ReadFile(out); !bytes.Equal(before, after) {
		t.Error("the file changed before the question was answered")
	}
	// The question's first answer (Replace) is an accent-coloured row in
	// the middle of the view.
	accentLo := color.RGBA{0x2b, 0x5f, 0x96, 0xff}
	middle := image.Rect(sideW, barTop/2-60, winW-sideW, barTop/2+60)
	if n := countIn(img, middle, accentLo, 8); n < 2000 {
		t.Errorf("the question shows %d pixels of its Replace row", n)
	}
	_, log = shotIn(t, bin, dir, 4, "pause; export clip "+out+"; confirm")
	if doc := decodeGLTF(t, out); len(doc.Animations) != 1 || doc.Animations[0].Name != "walk" {
		t.Errorf("replaced: %d animations, want walk alone\n%s", len(doc.Animations), log)
	}
	// A name other than .glb or .gltf is refused, naming them.
	_, log = shotIn(t, bin, dir, 4, "pause; export clip "+filepath.Join(dir, "walk.fbx"))
	if !regexp.MustCompile(`\.glb \(binary\) or \.gltf`).MatchString(log) {
		t.Errorf("export to .fbx:\n%s", log)
	}
	if _, err := os.Stat(filepath.Join(dir, "walk.fbx")); err == nil {
		t.Error("walk.fbx was written")
	}
}

// TestWindowExportKeys: Ctrl+E asks what to export, Enter takes the
// first choice (every clip), and with no system chooser the built-in
// browser's first row writes the file in the working folder, with the
// X server's own keyboard (xdotool).
func TestWindowExportKeys(t *testing.T) {
	for _, c := range []string{"zenity", "qarma", "matedialog"} {
		if _, err := exec.LookPath(c); err == nil {
			t.Skipf("%s is installed: Ctrl+E would open it", c)
		}
	}
	w := startDriven(t)
	w.keyDown("ctrl", "ControlLeft")
	w.key("e", "E")
	w.keyUp("ctrl", "ControlLeft")
	w.key("Return", "Enter")
	// The file may be written before the key's release is handled.
	from := w.seen
	w.key("Return", "Enter")
	w.seen = from
	w.await(regexp.MustCompile(`(?m)^animview: exported (.+)$`))
	path := filepath.Join(w.dir, "demo.glb")
	if doc := decodeGLTF(t, path); len(doc.Animations) != 2 {
		t.Errorf("Ctrl+E, Enter, Enter: %d animations in %s, want 2", len(doc.Animations), path)
	}
}

// TestWindowExportTreeChoices: exporting what plays holds the tree as the
// window shows it: a pinned Random child (pin counts from 1, the facts
// from 0) and the window's seed, named in the take's facts, with motion
// other than the unpinned export's; and a Blend weight set in the tree
// panel.
func TestWindowExportTreeChoices(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	const pakFile = "../../formats/prime/pak/testdata/DemoSet-mp1.pak"
	pak, err := filepath.Abs(pakFile)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	plain, pinned, heavy := filepath.Join(dir, "plain.glb"), filepath.Join(dir, "pinned.glb"), filepath.Join(dir, "heavy.glb")
	_, log := shotIn(t, bin, dir, 4, "pause; anim random_idle; export clip "+plain+"; pin / 2; reseed 7; export clip "+pinned+
		"; anim walk_blend; weight / 0.9; export clip "+heavy, pak)
	if regexp.MustCompile(`action `).MatchString(log) {
		t.Fatalf("an action failed:\n%s", log)
	}
	facts := func(path string) (map[string][]string, []byte) {
		doc := decodeGLTF(t, path)
		if len(doc.Animations) != 1 || len(doc.Buffers) != 1 {
			t.Fatalf("%s: %d animations, %d buffers, want 1 of each", path, len(doc.Animations), len(doc.Buffers))
		}
		ex, _ := doc.Animations[0].Extras.(map[string]any)
		info, _ := ex["info"].([]any)
		out := map[string][]string{}
		for _, kv := range info {
			if p, ok := kv.([]any); ok && len(p) == 2 {
				k, _ := p[0].(string)
				v, _ := p[1].(string)
				out[k] = append(out[k], v)
			}
		}
		return out, doc.Buffers[0].Data
	}
	f0, b0 := facts(plain)
	f1, b1 := facts(pinned)
	if fmt.Sprint(f0["tree seed"], f0["random drew child"]) != `[0] [0 ("idle")]` {
		t.Errorf("unpinned at seed 0: seed %q, drew %q", f0["tree seed"], f0["random drew child"])
	}
	if fmt.Sprint(f1["tree seed"], f1["random pinned child"]) != `[7] [1 ("alert")]` || len(f1["random drew child"]) != 0 {
		t.Errorf("pinned at seed 7: facts %q", f1)
	}
	if bytes.Equal(b0, b1) {
		t.Error("the pinned export holds the unpinned one's motion")
	}
	if f2, _ := facts(heavy); fmt.Sprint(f2["blend weight of B"]) != `[Blend 0.9]` {
		t.Errorf("walk_blend at weight 0.9: facts %q", f2)
	}
}
