package main

import (
	"errors"
	"strings"
	"testing"
)

// TestNeedsDisplay: the viewer started without a display says that it
// needs one and that render works without (issue 33, item 9: it said
// only "fbdev: failed to open /dev/fb0"), keeping the original words and
// the error chain; other errors are left as they are. The first case is
// Ebitengine v2.10's error on Linux with neither X11 nor Wayland.
func TestNeedsDisplay(t *testing.T) {
	fb := errors.New("ui: no window system is available: fbdev: failed to open /dev/fb0: no such file or directory")
	other := errors.New("demo: bad file")
	cases := []struct {
		err  error
		want []string
	}{
		{fb, []string{"the viewer needs a display", "xvfb-run", "animview render FILE -o OUT.png", "without one", "fbdev: failed to open /dev/fb0"}},
		{errors.New("glfw: X11: The DISPLAY environment variable is missing"), []string{"the viewer needs a display"}},
		{other, []string{"demo: bad file"}},
	}
	for _, c := range cases {
		got := needsDisplay(c.err)
		for _, w := range c.want {
			if !strings.Contains(got.Error(), w) {
				t.Errorf("needsDisplay(%q) = %q, want it to hold %q", c.err, got, w)
			}
		}
		if !errors.Is(got, c.err) {
			t.Errorf("needsDisplay(%q) lost the error chain", c.err)
		}
	}
	if needsDisplay(other) != other || needsDisplay(nil) != nil {
		t.Error("needsDisplay changed an error that is not about a display")
	}
}
