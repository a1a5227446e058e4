package curves

import (
	"math"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// twoBones is a skeleton of a root and a child whose clip moves the child
// 0 to 2 along x over 1 s (keys at 0, 0.5, 1), turns it 0 to 90° about Z
// (keys at 0 and 1) and holds its scale at 1.
func twoBones() (*formats.Skeleton, *formats.Clip) {
	id := formats.Transform{Rotation: mgl32.QuatIdent(), Scale: mgl32.Vec3{1, 1, 1}}
	sk := &formats.Skeleton{Bones: []formats.Bone{{Name: "root", Parent: -1, Bind: id}, {Name: "arm", Parent: 0, Bind: id}}}
	c := &formats.Clip{Name: "move", Duration: 1, FrameRate: 30, Tracks: make([]formats.BoneTracks, 2)}
	c.Tracks[1].Translation = formats.Vec3Track{Times: []float64{0, 0.5, 1}, Values: []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}}
	c.Tracks[1].Rotation = formats.QuatTrack{Times: []float64{0, 1},
		Values: []mgl32.Quat{mgl32.QuatIdent(), mgl32.QuatRotate(math.Pi/2, mgl32.Vec3{0, 0, 1})}}
	return sk, c
}

// TestSampleAndLayout: the sampled channels are the clip's values; the
// laid-out x translation is a straight line from the strip's foot to its
// top; keys sit at their times' columns; a flat channel gets a range.
func TestSampleAndLayout(t *testing.T) {
	sk, c := twoBones()
	var s Series
	Sample(player.NewClipSampler(sk, c), sk, 1, 0, 1, 5, nil, &s)
	if len(s.Times) != 5 || s.Times[4] != 1 {
		t.Fatalf("times %v", s.Times)
	}
	if got := s.Values[TX]; math.Abs(got[2]-1) > 1e-6 || math.Abs(got[4]-2) > 1e-6 {
		t.Errorf("x translation %v, want 0 .. 1 at 0.5 .. 2", got)
	}
	if w := s.Values[RW][4]; math.Abs(w-math.Sqrt(0.5)) > 1e-5 {
		t.Errorf("rotation w at 1 s %v, want √½", w)
	}
	p := Layout(&s, TrackKeys(c, 1), 0, 1, 0.25, Rect{X: 0, Y: 0, W: 300 + titleW + 6, H: 300})
	if len(p.Strips) != 3 || p.X0 != titleW || p.X1 != 300+titleW {
		t.Fatalf("plot %+v", p)
	}
	tr := p.Strips[0]
	x := tr.Lines[0] // TX
	if x[0] != p.X0 || x[len(x)-2] != p.X1 {
		t.Errorf("x line runs %v..%v, want %v..%v", x[0], x[len(x)-2], p.X0, p.X1)
	}
	// Straight: the middle sample halfway between the ends, rising.
	y0, y2, y4 := x[1], x[5], x[9]
	if y4 >= y0 || math.Abs(float64(y2-(y0+y4)/2)) > 0.01 {
		t.Errorf("x line rows %v, %v, %v: not a straight rise", y0, y2, y4)
	}
	if len(tr.Keys) != 3 || tr.Keys[1] != p.X0+150 {
		t.Errorf("translation keys at %v, want 3 with the middle at %v", tr.Keys, p.X0+150)
	}
	if got := p.Strips[1].Keys; len(got) != 2 {
		t.Errorf("rotation keys at %v, want 2", got)
	}
	if sc := p.Strips[2]; len(sc.Keys) != 0 || !(sc.Max > sc.Min) || sc.Min > 1 || sc.Max < 1 {
		t.Errorf("flat scale: keys %v, range %v..%v", sc.Keys, sc.Min, sc.Max)
	}
	if !p.NowShown || p.Now != p.X0+75 {
		t.Errorf("now at %v (%v), want %v", p.Now, p.NowShown, p.X0+75)
	}
	if tm := p.TimeAt(p.X0+75, 0, 1); math.Abs(tm-0.25) > 1e-6 {
		t.Errorf("TimeAt(now's column) = %v", tm)
	}
	// Zoomed to 0.5..1: the first key falls outside, the time too.
	p = Layout(&s, TrackKeys(c, 1), 0.5, 1, 0.25, Rect{W: 370, H: 300})
	if len(p.Strips[0].Keys) != 2 || p.NowShown {
		t.Errorf("span 0.5..1: keys %v, now shown %v", p.Strips[0].Keys, p.NowShown)
	}
}

// TestSampleEuler: with Euler angles the rotation strip plots three
// channels in degrees.
func TestSampleEuler(t *testing.T) {
	sk, c := twoBones()
	var s Series
	euler := func(q mgl32.Quat) [3]float64 {
		// Z only, for this clip.
		return [3]float64{0, 0, 2 * math.Atan2(float64(q.V[2]), float64(q.W)) * 180 / math.Pi}
	}
	Sample(player.NewClipSampler(sk, c), sk, 1, 0, 1, 3, euler, &s)
	if !s.Euler || len(s.Values[RW]) != 0 || math.Abs(s.Values[RZ][2]-90) > 1e-3 {
		t.Fatalf("euler series: %v, rz %v", s.Euler, s.Values[RZ])
	}
	p := Layout(&s, Keys{}, 0, 1, 0, Rect{W: 200, H: 90})
	if r := p.Strips[1]; len(r.Lines) != 3 || r.Title != "rotation °" {
		t.Errorf("rotation strip: %d lines, %q", len(r.Lines), r.Title)
	}
}

// TestOneFrameAndBadInput: one frame gives one sample; a bad bone gives
// none, and laying that out neither panics nor makes NaN.
func TestOneFrameAndBadInput(t *testing.T) {
	sk, c := twoBones()
	var s Series
	Sample(player.NewClipSampler(sk, c), sk, 1, 0, 0, 50, nil, &s)
	if len(s.Times) != 1 {
		t.Errorf("a span of no length: %d samples", len(s.Times))
	}
	Sample(player.NewClipSampler(sk, c), sk, 7, 0, 1, 50, nil, &s)
	if len(s.Times) != 0 {
		t.Errorf("bone 7 of 2: %d samples", len(s.Times))
	}
	p := Layout(&s, Keys{}, 0, 0, 0, Rect{W: 100, H: 60})
	for _, st := range p.Strips {
		if math.IsNaN(st.Min) || math.IsNaN(st.Max) || st.Max <= st.Min {
			t.Errorf("empty strip range %v..%v", st.Min, st.Max)
		}
	}
}

// TestLegendBandClear: every strip keeps a band of LegendH rows at its
// top for the legend the viewer draws there, and no curve enters it
// (issue 33, item 9: the legend covered the curve's highest values).
func TestLegendBandClear(t *testing.T) {
	sk, c := twoBones()
	var s Series
	Sample(player.NewClipSampler(sk, c), sk, 1, 0, 1, 9, nil, &s)
	p := Layout(&s, TrackKeys(c, 1), 0, 1, 0, Rect{W: 400, H: 240})
	for _, st := range p.Strips {
		if st.PlotTop < st.Top+LegendH {
			t.Errorf("%s: values plot from row %v, inside the legend's band %v..%v", st.Title, st.PlotTop, st.Top, st.Top+LegendH)
		}
		for i, line := range st.Lines {
			for j := 1; j < len(line); j += 2 {
				if y := line[j]; y < st.Top+LegendH || y > st.Bottom {
					t.Errorf("%s channel %d: row %v outside %v..%v", st.Title, i, y, st.Top+LegendH, st.Bottom)
					break
				}
			}
		}
	}
}

// TestSampleDifference: a compared file's difference adds two strips,
// position and rotation, each with its one channel named "vs B", plotted
// at the series' times; a NaN (no bone in B) leaves its point out; a
// series sampled again without it has three strips.
func TestSampleDifference(t *testing.T) {
	sk, c := twoBones()
	var s Series
	Sample(player.NewClipSampler(sk, c), sk, 1, 0, 1, 5, nil, &s)
	SampleDifference(&s, func(t float64) (float64, float64) {
		if t == 1 {
			return math.NaN(), math.NaN()
		}
		return 2 * t, 90 * t
	})
	if !s.Diff || len(s.Values[DP]) != 5 || s.Values[DP][2] != 1 || s.Values[DR][3] != 67.5 {
		t.Fatalf("difference %v %v", s.Values[DP], s.Values[DR])
	}
	p := Layout(&s, TrackKeys(c, 1), 0, 1, 0.25, Rect{X: 0, Y: 0, W: 300 + titleW + 6, H: 500})
	if len(p.Strips) != 5 {
		t.Fatalf("%d strips, want 5", len(p.Strips))
	}
	for i, title := range []string{"Δ position", "Δ rotation °"} {
		st := p.Strips[3+i]
		if st.Title != title || len(st.Channels) != 1 || st.Channels[0] != DP+i || len(st.Names) != 1 || st.Names[0] != "vs B" {
			t.Errorf("strip %d: %+v", 3+i, st)
		}
		// 4 points: the NaN at 1 s is left out; the line rises.
		if l := st.Lines[0]; len(l) != 8 || l[7] >= l[1] {
			t.Errorf("strip %d's line %v", 3+i, l)
		}
	}
	Sample(player.NewClipSampler(sk, c), sk, 1, 0, 1, 5, nil, &s)
	if p := Layout(&s, Keys{}, 0, 1, 0, Rect{W: 400, H: 300}); s.Diff || len(p.Strips) != 3 {
		t.Errorf("sampled again: diff %v, %d strips", s.Diff, len(p.Strips))
	}
}
