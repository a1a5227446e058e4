package ui

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/animview/animview/compare"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/demo"
	"github.com/hajimehoshi/ebiten/v2"
)

// dropFiles opens the drop tests' files: the walker (figure.ms3d), a
// walker that goes 4 units with its hand called paw (paw.ms3d), a skeleton
// without clips (model.ms3d) and the demo.
func dropFiles(t *testing.T) Opener {
	return func(p string) (*formats.Asset, error) {
		switch p {
		case "figure.ms3d":
			return walkerAsset(t), nil
		case "paw.ms3d":
			return walkerWith(t, 4, "paw"), nil
		case "model.ms3d":
			a := walkerAsset(t)
			a.Clips = nil
			return a, nil
		case demo.Name:
			return demo.New(), nil
		}
		return nil, errors.New(p + ": no such file")
	}
}

// TestDropMotion: a file with a clip dropped on a figure makes the window
// ask; Enter (or play-here) plays its clip on the figure as --motion does,
// added to the figure's clips: the hand the motion lacks keeps its bind
// pose and a warning names it, the root goes the motion's 4 units; O (or
// open-instead) opens the file instead; Esc keeps the figure as it was;
// a click answers by its row. A file without clips, or one dropped on an
// empty window, opens without a question.
func TestDropMotion(t *testing.T) {
	var log []string
	a := newApp(t, Options{Path: "figure.ms3d", Open: dropFiles(t), Log: func(s string) { log = append(log, s) }})
	fig := a.st.Asset()

	// Enter plays here.
	a.runVerb("drop", "paw.ms3d")
	if !a.drop.asking() || a.st.Asset() != fig || !strings.Contains(strings.Join(log, "\n"), "drop: paw.ms3d on figure.ms3d: play its motion here, or open it?") {
		t.Fatalf("no question: %q", log)
	}
	a.press(ebiten.KeyEnter, 0)
	got := a.st.Asset()
	if a.drop.asking() || got == fig || len(got.Clips) != 2 || a.st.Path() != "figure.ms3d" {
		t.Fatalf("after Enter: asking %v, %d clips, path %s", a.drop.asking(), len(got.Clips), a.st.Path())
	}
	// MilkShape's one clip is called Timeline.
	if c := a.st.CurrentClip(); c == nil || c.Name != "Timeline (motion of paw.ms3d)" {
		t.Errorf("playing %q", a.st.ClipLabel(a.st.Playback().Clip()))
	}
	ws := a.st.Messages().Warnings()
	if len(ws) != 1 || ws[0] != "the motion of paw.ms3d: 1 of 3 bones have no bone of the same name in it (or in --map) and keep their bind pose: hand" {
		t.Errorf("warnings %q", ws)
	}
	if len(fig.Clips) != 1 || len(fig.Warnings) != 0 {
		t.Errorf("the figure's own asset was changed: %d clips, warnings %q", len(fig.Clips), fig.Warnings)
	}
	a.st.ToggleRootPath()
	if _, total, ok := a.st.RootTravelled(); !ok || math.Abs(total-4) > 1e-4 {
		t.Errorf("the motion's root path is %v long, want 4", total)
	}

	// Esc keeps the figure; O opens the file instead.
	a.runVerb("drop", "paw.ms3d")
	a.runVerb("close")
	if a.drop.asking() || a.st.Asset() != got {
		t.Errorf("Esc: asking %v, asset changed %v", a.drop.asking(), a.st.Asset() != got)
	}
	a.runVerb("drop", "paw.ms3d")
	a.runVerb("open-instead")
	if a.drop.asking() || a.st.Path() != "paw.ms3d" || a.st.BoneByName("paw") < 0 {
		t.Errorf("open instead: asking %v, path %s", a.drop.asking(), a.st.Path())
	}

	// A click on a row answers by it.
	a.open("figure.ms3d")
	a.runVerb("drop", "paw.ms3d")
	_, rows := a.drop.dialog()
	a.click(rows[0].Min.X+4, rows[0].Min.Y+4)
	if a.drop.asking() || len(a.st.Asset().Clips) != 2 {
		t.Errorf("a click on Play here: asking %v, %d clips", a.drop.asking(), len(a.st.Asset().Clips))
	}
	a.open("figure.ms3d")
	a.runVerb("drop", "paw.ms3d")
	a.click(rows[1].Min.X+4, rows[1].Min.Y+4)
	if a.drop.asking() || a.st.Path() != "paw.ms3d" {
		t.Errorf("a click on Open instead: asking %v, path %s", a.drop.asking(), a.st.Path())
	}

	// No clip to play: it opens.
	a.open("figure.ms3d")
	a.runVerb("drop", "model.ms3d")
	if a.drop.asking() || a.st.Path() != "model.ms3d" {
		t.Errorf("a model: asking %v, path %s", a.drop.asking(), a.st.Path())
	}
	// Answers without a question are errors.
	a.st.CloseMessages()
	a.runVerb("play-here")
	if e := a.st.Messages().Err(); e != "play-here: no dropped file to play" {
		t.Errorf("play-here without a question: %q", e)
	}
}

// TestDropMotionMap: the viewer's --map (Options.Map) pairs a dropped
// motion's bones too: with paw=hand the hand follows the paw and no bone
// is left out.
func TestDropMotionMap(t *testing.T) {
	a := newApp(t, Options{Path: "figure.ms3d", Open: dropFiles(t), Map: compare.Map{"paw": "hand"}})
	a.runVerb("drop", "paw.ms3d")
	a.runVerb("play-here")
	if ws := a.st.Messages().Warnings(); len(a.st.Asset().Clips) != 2 || len(ws) != 0 {
		t.Errorf("%d clips, warnings %q", len(a.st.Asset().Clips), ws)
	}
}

// TestDropOnNothing: a file dropped on a window whose first file did not
// open opens without a question.
func TestDropOnNothing(t *testing.T) {
	a := newApp(t, Options{Path: "missing.ms3d", Open: dropFiles(t)})
	a.runVerb("drop", "paw.ms3d")
	if a.drop.asking() || a.st.Path() != "paw.ms3d" {
		t.Errorf("asking %v, path %s", a.drop.asking(), a.st.Path())
	}
}
