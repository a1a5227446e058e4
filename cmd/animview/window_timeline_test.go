package main

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/internal/displaytest"
	"github.com/go-gl/mathgl/mgl32"
)

// The timeline's rows at 800×600 (ui/timeline.go): the ruler above the
// track, the track 18 pixels tall.
const (
	rulerY   = barTop + 4 + 6
	trackTop = barTop + 4 + 13
)

// colRange is the range's brackets and bar (ui/timeline.go).
var colRange = color.RGBA{0xf0, 0x70, 0x9a, 0xff}

// timelineArea is the bottom bar's timeline rows.
var timelineArea = image.Rect(0, barTop, winW, barTop+4+46)

// spans reads the status line's range and timeline span ("range A–B s",
// "timeline A–B s") from the program's "shown:" line; ok false when absent.
func spans(t *testing.T, out, what string) (lo, hi float64, ok bool) {
	t.Helper()
	m := regexp.MustCompile(`shown: .*` + what + ` ([0-9.]+)–([0-9.]+) s`).FindStringSubmatch(out)
	if m == nil {
		return 0, 0, false
	}
	lo, _ = strconv.ParseFloat(m[1], 64)
	hi, _ = strconv.ParseFloat(m[2], 64)
	return lo, hi, true
}

// TestWindowTimelineRange: a range is drawn on the timeline, playback
// started outside it starts at its in point and stays inside it, I and O
// mark the same range as the range action, Backspace clears it, and the
// timeline zooms around a time.
func TestWindowTimelineRange(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	none, _ := shot(t, bin, "pause")
	img, out := shot(t, bin, "pause; range 0.3 0.9")
	a, b := countIn(none, timelineArea, colRange, 30), countIn(img, timelineArea, colRange, 30)
	if a > 10 || b < 400 {
		t.Errorf("range pixels: %d without a range, %d with 0.3–0.9", a, b)
	}
	if lo, hi, ok := spans(t, out, "range"); !ok || lo != 0.3 || hi != 0.9 {
		t.Errorf("status range %v–%v (%v):\n%s", lo, hi, ok, out)
	}
	keys, out := shot(t, bin, "pause; seek 0.3; key i; seek 0.9; key o; seek 0")
	if lo, hi, ok := spans(t, out, "range"); !ok || lo != 0.3 || hi != 0.9 {
		t.Errorf("I at 0.3 and O at 0.9: range %v–%v (%v)", lo, hi, ok)
	}
	if n := countIn(keys, timelineArea, colRange, 30); n != b {
		t.Errorf("I and O drew %d range pixels, the range action %d", n, b)
	}
	cleared, out := shot(t, bin, "pause; range 0.3 0.9; key backspace")
	if n := countIn(cleared, timelineArea, colRange, 30); n > 10 {
		t.Errorf("Backspace left %d range pixels", n)
	}
	if _, _, ok := spans(t, out, "range"); ok {
		t.Errorf("Backspace left a range:\n%s", out)
	}
	// 40 ticks of 1/60 s from the in point 0.3: 0.967 passes the out
	// point 0.6 and wraps to 0.3 + 0.067.
	_, out = screenshot(t, bin, "--size", "800x600", "--after", "40", "--actions", "seek 0.1; range 0.3 0.6; play")
	if f := shown(t, out); f != 11 {
		t.Errorf("40 ticks into 0.3–0.6 from 0.1: frame %d, want 11 (0.367 s)", f)
	}
	_, out = shot(t, bin, "pause; seek 0.6; timeline-zoom 4 0.6")
	if lo, hi, ok := spans(t, out, "timeline"); !ok || math.Abs(lo-0.45) > 1e-3 || math.Abs(hi-0.75) > 1e-3 {
		t.Errorf("zoom 4× around 0.6: timeline %v–%v (%v)\n%s", lo, hi, ok, out)
	}
}

// eventsAnim writes a FreeSO .anim of frames frames (at 30 fps) turning
// the Sims skeleton's root; two events (xevt 1, sound step) share the
// time 0.5 s when shared is set.
func eventsAnim(t *testing.T, frames int, shared bool) string {
	t.Helper()
	a := &sims.Animation{Version: 2, Name: "two-events", Duration: float32(frames-1) * 1000 / 30}
	for i := 0; i < frames; i++ {
		s, c := math.Sincos(float64(i) * 0.05)
		a.Rotations = append(a.Rotations, sims.FileQuat{0, float32(s), 0, float32(c)})
		a.Translations = append(a.Translations, mgl32.Vec3{0, 3, 0})
	}
	a.RotationCount, a.TranslationCount = uint32(len(a.Rotations)), uint32(len(a.Translations))
	m := sims.Motion{BoneName: "ROOT", FrameCount: uint32(frames), Duration: a.Duration, HasRotation: true, HasTranslation: true}
	if shared {
		kv := func(k, v string) sims.Prop { return sims.Prop{Pairs: []formats.KV{{Key: k, Value: v}}} }
		m.HasTimeProps = true
		m.TimeProps = []sims.TimePropsList{{Items: []sims.TimeProp{
			{ID: 500, Props: sims.PropsList{Props: []sims.Prop{kv("xevt", "1")}}},
			{ID: 500, Props: sims.PropsList{Props: []sims.Prop{kv("sound", "step")}}},
		}}}
	}
	a.Motions = []sims.Motion{m}
	data, err := sims.EncodeAnim(a)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), fmt.Sprintf("frames%d.anim", frames))
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestWindowOneFrameRuler: a clip of one frame has a ruler: frame 0's
// label and its time above and under the track (it had none).
func TestWindowOneFrameRuler(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	img, out := shot(t, bin, "pause", eventsAnim(t, 1, false))
	if m := regexp.MustCompile(`shown: frame 0 / 0 `).FindString(out); m == "" {
		t.Fatalf("not a one-frame clip:\n%s", out)
	}
	dim := color.RGBA{0x8a, 0x90, 0x9c, 0xff} // the ruler's labels
	above := image.Rect(0, barTop+2, 60, trackTop-1)
	under := image.Rect(0, trackTop+18, 60, trackTop+18+14)
	if a, u := countIn(img, above, dim, 30), countIn(img, under, dim, 30); a < 8 || u < 20 {
		t.Errorf("one-frame ruler: %d label pixels above the track, %d under it", a, u)
	}
}

// TestWindowTimelineMouse drives the timeline with the X server's mouse
// (xdotool): the wheel zooms around the pointer, a right drag pans, a
// drag on the ruler marks the range, and hovering over two events that
// share a time names both.
func TestWindowTimelineMouse(t *testing.T) {
	w := startDriven(t)
	x34 := trackX0 + (trackX1-trackX0)*3/4 // 0.9 s of the 1.2 s walk
	w.move(x34, trackMidY)
	for i := 0; i < 2; i++ {
		w.xdo("click", "--window", w.wid, "4")
		w.handled(fmt.Sprintf("wheel 0,1 at %d,%d", x34, trackMidY))
	}
	// Two notches of 0.81 each: 0.787 s shown, 0.9 still three quarters in.
	w.xdo("mousedown", "3")
	w.handled(fmt.Sprintf("right button down at %d,%d", x34, trackMidY))
	w.move(x34-96, trackMidY) // pans 96 px later: 0.0984 s
	w.xdo("mouseup", "3")
	w.handled(fmt.Sprintf("right button up at %d,%d", x34-96, trackMidY))
	// A drag on the ruler from the span's first quarter to its half.
	w.move(trackX0+(trackX1-trackX0)/4, rulerY)
	w.press()
	w.move(trackX0+(trackX1-trackX0)/2, rulerY)
	w.release()
	w.move(400, 300)
	w.screenshot()
	out := w.out.String()
	lo, hi, ok := spans(t, out, "timeline")
	wantLo := 0.9 - 0.75*1.2*0.81*0.81 + 96*(1.2*0.81*0.81)/float64(trackX1-trackX0)
	if !ok || math.Abs(hi-lo-1.2*0.81*0.81) > 2e-3 || math.Abs(lo-wantLo) > 2e-3 {
		t.Fatalf("timeline %v–%v (%v), want %.3f–%.3f\n%s", lo, hi, ok, wantLo, wantLo+1.2*0.81*0.81, out)
	}
	in, out2, ok := spans(t, out, "range")
	// The ruler drag's ends, each on its nearest frame.
	snap := func(tm float64) float64 { return math.Round(tm*30) / 30 }
	if wi, wo := snap(lo+(hi-lo)/4), snap(lo+(hi-lo)/2); !ok || math.Abs(in-wi) > 2e-3 || math.Abs(out2-wo) > 2e-3 {
		t.Errorf("ruler drag: range %v–%v (%v), want %.3f–%.3f", in, out2, ok, wi, wo)
	}
}

// TestWindowSharedEventsHover: hovering over two events at one time shows
// both names, each in its kind's colour (only one showed).
func TestWindowSharedEventsHover(t *testing.T) {
	file := eventsAnim(t, 31, true) // 1 s; the events at 0.5 s
	w := startDrivenFile(t, file)
	x := trackX0 + (trackX1-trackX0)/2
	w.move(x, trackTop+4)
	shotPath := w.screenshot()
	img := readShot(t, shotPath, w.out.String())
	shown(t, w.out.String()) // the clip opened
	if os.Getenv("ANIMVIEW_KEEP") != "" {
		savePNG(t, "/tmp/hover.png", img)
		t.Log(w.out.String())
	}
	band := image.Rect(0, trackTop-45, winW, trackTop-2)
	user, sound := color.RGBA{0x4f, 0xc3, 0xf7, 0xff}, color.RGBA{0x6b, 0xd3, 0x8a, 0xff}
	if u, s := countIn(img, band, user, 20), countIn(img, band, sound, 20); u < 40 || s < 40 {
		t.Errorf("hover over two events at 0.5 s: %d pixels of the user event's name, %d of the sound's", u, s)
	}
}
