package report

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/demo"
)

// TestWriteJSON: indented JSON and a newline; a value past single
// precision is an error wrapping formats.ErrNonFinite, and nothing is
// written.
func TestWriteJSON(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, map[string]float32{"x": 1.5}); err != nil || buf.String() != "{\n  \"x\": 1.5\n}\n" {
		t.Errorf("%q, %v", buf.String(), err)
	}
	buf.Reset()
	err := WriteJSON(&buf, Transform{Scale: [3]float32{float32(math.Inf(1)), 1, 1}})
	if !errors.Is(err, formats.ErrNonFinite) || !strings.Contains(err.Error(), "+Inf") || buf.Len() != 0 {
		t.Errorf("overflow: %v, wrote %q", err, buf.String())
	}
}

// TestFrameTime: the demo's walk (1.2 s at 30 frames a second) has frames
// 0 to 36; frame N is at N/30 s, fractions allowed.
func TestFrameTime(t *testing.T) {
	a := demo.New()
	for _, c := range []struct{ frame, want float64 }{{0, 0}, {15, 0.5}, {36, 1.2}, {1.5, 0.05}} {
		if got, err := FrameTime(a, 0, c.frame); err != nil || math.Abs(got-c.want) > 1e-12 {
			t.Errorf("frame %v: %v, %v; want %v", c.frame, got, err, c.want)
		}
	}
	for _, f := range []float64{-1, 36.5, math.NaN(), math.Inf(1)} {
		if _, err := FrameTime(a, 0, f); err == nil || !strings.Contains(err.Error(), "frames are 0 to 36") {
			t.Errorf("frame %v: %v", f, err)
		}
	}
	if _, err := FrameTime(a, -1, 0); err == nil || !strings.Contains(err.Error(), "needs a clip") {
		t.Errorf("no clip: %v", err)
	}
}
