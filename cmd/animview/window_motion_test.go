package main

import (
	"testing"

	"github.com/animview/animview/internal/displaytest"
	"github.com/animview/animview/render"
)

// TestWindowMotion: the window with --motion plays the motion's clip on
// the opened figure. Each of the demo's clips through --motion on the
// demo is the demo's own pose (the same rig), so the 3D view shows as
// many bone pixels as the demo playing that clip, within 2% (the clip's
// longer name in the panel is not bone-coloured); the two clips differ by
// more, so the window shows the clip --clip chose.
func TestWindowMotion(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	th := render.DefaultTheme()
	var own []int
	for _, clip := range []string{"walk", "idle"} {
		img, _ := screenshot(t, bin, "--clip", clip, "demo:")
		via, out := screenshot(t, bin, "--motion", "demo:", "--clip", clip, "demo:")
		a, b := count(img, th.Bone, 24), count(via, th.Bone, 24)
		if a < 200 || b < a*98/100 || b > a*102/100 {
			t.Errorf("%s: bone pixels: %d playing it, %d through --motion; output: %s", clip, a, b, out)
		}
		t.Logf("%s: %d and %d bone pixels", clip, a, b)
		own = append(own, a)
	}
	if d := own[0] - own[1]; d < own[0]/20 && -d < own[0]/20 {
		t.Errorf("the clips' figures differ by %d bone pixels: the test cannot tell them apart", d)
	}
}
