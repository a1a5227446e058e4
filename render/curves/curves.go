// Package curves is the geometry of the viewer's curves panel: a bone's
// local channels (translation x/y/z, rotation as quaternion components or
// Euler angles, scale x/y/z) sampled over a span of the clip, and laid out
// as polylines in three strips (five with a compared file's difference)
// with the clip's key times and the current
// time. It is pure Go, tested without a display; the window draws what
// Layout returns.
package curves

import (
	"math"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// Channel indices of Series.Values.
const (
	TX, TY, TZ     = 0, 1, 2 // translation
	RX, RY, RZ, RW = 3, 4, 5, 6
	SX, SY, SZ     = 7, 8, 9 // scale
	// DP and DR are the bone's difference from its bone in a compared
	// file: position (model units) and rotation (degrees); filled by
	// SampleDifference only.
	DP, DR = 10, 11
	// Channels is the number of channels; with Euler angles RW is unused.
	Channels = 12
)

// Series is one bone's channels sampled at Times.
type Series struct {
	Times []float64
	// Values[c][i] is channel c at Times[i].
	Values [Channels][]float64
	// Euler says rotation holds Euler angles in degrees (RX, RY, RZ; RW
	// empty) rather than quaternion components.
	Euler bool
	// Diff says DP and DR hold the difference from a compared file
	// (SampleDifference): Layout then adds their strips.
	Diff bool
}

// Sample samples bone of src's pose at n times evenly from lo to hi
// (both included; one time when n is 1 or hi <= lo) into s, reusing its
// slices. euler, when not nil, turns each rotation into angles in degrees
// (the inspector's state.Euler); else rotation is its x, y, z, w
// components, sign as sampled (a flip of sign shows as the jump it is).
func Sample(src player.Sampler, sk *formats.Skeleton, bone int, lo, hi float64, n int, euler func(mgl32.Quat) [3]float64, s *Series) {
	s.Times = s.Times[:0]
	for c := range s.Values {
		s.Values[c] = s.Values[c][:0]
	}
	s.Euler, s.Diff = euler != nil, false
	if src == nil || sk == nil || bone < 0 || bone >= len(sk.Bones) || n < 1 {
		return
	}
	if hi <= lo {
		n = 1
	}
	p := player.NewPose(sk)
	for i := 0; i < n; i++ {
		t := lo
		if n > 1 {
			t = lo + (hi-lo)*float64(i)/float64(n-1)
		}
		src.Sample(t, p)
		tr := p.Local[bone]
		s.Times = append(s.Times, t)
		for c, v := range tr.Translation {
			s.Values[TX+c] = append(s.Values[TX+c], float64(v))
		}
		for c, v := range tr.Scale {
			s.Values[SX+c] = append(s.Values[SX+c], float64(v))
		}
		if euler != nil {
			e := euler(tr.Rotation)
			for c, v := range e {
				s.Values[RX+c] = append(s.Values[RX+c], v)
			}
			continue
		}
		q := tr.Rotation
		s.Values[RX] = append(s.Values[RX], float64(q.V[0]))
		s.Values[RY] = append(s.Values[RY], float64(q.V[1]))
		s.Values[RZ] = append(s.Values[RZ], float64(q.V[2]))
		s.Values[RW] = append(s.Values[RW], float64(q.W))
	}
}

// SampleDifference fills s's difference channels (DP, DR) at each of its
// times with what diff returns there (NaN where there is none), reusing
// their slices, and marks s as having them.
func SampleDifference(s *Series, diff func(t float64) (position, rotationDeg float64)) {
	s.Values[DP], s.Values[DR] = s.Values[DP][:0], s.Values[DR][:0]
	for _, t := range s.Times {
		p, r := diff(t)
		s.Values[DP] = append(s.Values[DP], p)
		s.Values[DR] = append(s.Values[DR], r)
	}
	s.Diff = len(s.Times) > 0
}

// Keys are the key times of a bone's channels, where the format has keys.
type Keys struct {
	Translation, Rotation, Scale []float64
}

// TrackKeys returns the key times of bone's tracks in c (none for a clip
// without tracks of its own, as a tree's).
func TrackKeys(c *formats.Clip, bone int) Keys {
	if c == nil || bone < 0 || bone >= len(c.Tracks) {
		return Keys{}
	}
	tr := &c.Tracks[bone]
	return Keys{tr.Translation.Times, tr.Rotation.Times, tr.Scale.Times}
}

// Rect is a screen rectangle.
type Rect struct{ X, Y, W, H float32 }

// Strip is one of the plot's three bands: translation, rotation or scale.
type Strip struct {
	// Title names the strip; Channels are the Series channels it plots.
	Title    string
	Channels []int
	// Min and Max are the values at the strip's foot and top.
	Min, Max float64
	// Top and Bottom are its screen rows. The band of LegendH rows at its
	// top holds its legend (the channels' names): values plot from
	// PlotTop (Max) down to Bottom (Min), so that no curve runs under
	// the legend.
	Top, Bottom, PlotTop float32
	// Lines holds, per channel of Channels, the polyline as x, y pairs.
	Lines [][]float32
	// Keys are the x positions of its channels' keys inside the span.
	Keys []float32
	// Zero is the row of value 0 when inside the strip, else -1.
	Zero float32
	// Names name its channels in the legend; nil: x, y, z, w.
	Names []string
}

// Plot is the laid-out curves panel.
type Plot struct {
	// X0 and X1 are the plotting area's columns, for lo and hi.
	X0, X1 float32
	Strips []Strip
	// Now is the column of the current time; NowShown is false when the
	// current time is outside the span.
	Now      float32
	NowShown bool
}

// titleW is the width kept at a strip's left for its title and scale.
const titleW = 64

// Columns are the plot's columns for the span's start and end when it is
// laid out in r: the viewer lays its timeline's track out under them.
func Columns(r Rect) (x0, x1 float32) { return r.X + titleW, r.X + r.W - 6 }

// LegendH is the height of the band at a strip's top kept for its
// legend: one line of the viewer's small face.
const LegendH = 15

// Layout lays the series out in r: three strips stacked (translation,
// rotation, scale; and the difference's position and rotation when s has
// them, Series.Diff), each scaled to its own channels' range below its
// legend's band (a flat
// channel gets a small range around its value), the keys of each strip
// inside the span lo..hi, and now's column.
func Layout(s *Series, k Keys, lo, hi, now float64, r Rect) Plot {
	p := Plot{}
	p.X0, p.X1 = Columns(r)
	span := hi - lo
	col := func(t float64) float32 {
		if span <= 0 {
			return p.X0
		}
		return p.X0 + (p.X1-p.X0)*float32((t-lo)/span)
	}
	p.Now, p.NowShown = col(now), now >= lo-1e-9 && now <= hi+1e-9
	rot := []int{RX, RY, RZ, RW}
	rotTitle := "rotation q"
	if s.Euler {
		rot, rotTitle = rot[:3], "rotation °"
	}
	type group struct {
		title string
		ch    []int
		keys  []float64
		names []string
	}
	groups := []group{
		{"translation", []int{TX, TY, TZ}, k.Translation, nil},
		{rotTitle, rot, k.Rotation, nil},
		{"scale", []int{SX, SY, SZ}, k.Scale, nil},
	}
	if s.Diff {
		groups = append(groups, group{"Δ position", []int{DP}, nil, []string{"vs B"}},
			group{"Δ rotation °", []int{DR}, nil, []string{"vs B"}})
	}
	h := r.H / float32(len(groups))
	for g, gr := range groups {
		st := Strip{Title: gr.title, Channels: gr.ch, Names: gr.names, Top: r.Y + float32(g)*h + 3, Bottom: r.Y + float32(g+1)*h - 3}
		st.PlotTop = min(st.Top+LegendH, st.Bottom)
		st.Min, st.Max = valueRange(s, gr.ch)
		row := func(v float64) float32 {
			return st.Bottom - (st.Bottom-st.PlotTop)*float32((v-st.Min)/(st.Max-st.Min))
		}
		st.Zero = -1
		if st.Min < 0 && st.Max > 0 {
			st.Zero = row(0)
		}
		for _, c := range gr.ch {
			line := make([]float32, 0, 2*len(s.Times))
			for i, t := range s.Times {
				if v := s.Values[c][i]; !math.IsNaN(v) && !math.IsInf(v, 0) {
					line = append(line, col(t), row(v))
				}
			}
			st.Lines = append(st.Lines, line)
		}
		for _, t := range gr.keys {
			if t >= lo-1e-9 && t <= hi+1e-9 {
				st.Keys = append(st.Keys, col(t))
			}
		}
		p.Strips = append(p.Strips, st)
	}
	return p
}

// valueRange is the range the channels' finite values span, widened so
// that a flat channel still has height and lines stay off the edges.
func valueRange(s *Series, chs []int) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, c := range chs {
		for _, v := range s.Values[c] {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if lo > hi {
		return -1, 1
	}
	pad := (hi - lo) * 0.08
	if pad < 1e-3*math.Max(1, math.Max(math.Abs(lo), math.Abs(hi))) {
		pad = 0.05 * math.Max(1e-3, math.Max(math.Abs(lo), math.Abs(hi)))
	}
	return lo - pad, hi + pad
}

// TimeAt is the time under column x, clamped to lo..hi.
func (p *Plot) TimeAt(x float32, lo, hi float64) float64 {
	if p.X1 <= p.X0 {
		return lo
	}
	f := math.Max(0, math.Min(1, float64((x-p.X0)/(p.X1-p.X0))))
	return lo + (hi-lo)*f
}
