package main

import (
	"image"
	"image/color"
	"testing"

	"github.com/animview/animview/internal/displaytest"
	"github.com/animview/animview/render"
)

// TestWindowSkillsOpenOnPlayableClip opens a skill file whose first two
// skills have no .cfp beside it (simstest.WalkSkills): the window opens on
// the third, the file's namesake, which has keys: its row is the
// highlighted one and the figure is not in the bind pose the first skill
// shows (issue 33 item 6: it opened on a2o-walking-start, in its bind
// pose).
func TestWindowSkillsOpenOnPlayableClip(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	cmx := writeWalkSkills(t)
	def, out := screenshot(t, bin, "--no-recent", "--after", "4", cmx)
	first, _ := screenshot(t, bin, "--no-recent", "--after", "4", "--clip", "0", cmx)
	// The clip list's highlighted row: accent-blue pixels below the
	// Clips heading, in the list's column.
	list := image.Rect(8, 66, sideW-24, 170)
	colAccentRGBA := color.RGBA{0x3d, 0x8b, 0xd9, 0xff} // ui's colAccent
	rowTop := func(img *image.RGBA) int {
		for y := list.Min.Y; y < list.Max.Y; y++ {
			if countIn(img, image.Rect(list.Min.X, y, list.Max.X, y+1), colAccentRGBA, 12) > 100 {
				return y
			}
		}
		return -1
	}
	d, f := rowTop(def), rowTop(first)
	if d < 0 || f < 0 || d-f < 30 {
		t.Errorf("the highlighted clip row starts at y %d by default and %d with --clip 0; want the default two rows lower (the third clip)\n%s", d, f, out)
	}
	// The figure moves: the view differs from the first skill's bind pose.
	view := image.Rect(sideW, 100, winW-sideW, barTop)
	bone := render.DefaultTheme().Bone
	changed := 0
	for y := view.Min.Y; y < view.Max.Y; y++ {
		for x := view.Min.X; x < view.Max.X; x++ {
			if closeTo(def.RGBAAt(x, y), bone, 24) != closeTo(first.RGBAAt(x, y), bone, 24) {
				changed++
			}
		}
	}
	if changed < 100 {
		t.Errorf("the default clip's figure differs from the first skill's bind pose in %d pixels: it is in the bind pose too", changed)
	}
}
