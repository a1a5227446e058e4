package dopesheet

import (
	"fmt"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// figure is a root, a hip under it and a leg under the hip, and a clip of
// 2 s: the root keyed in translation at 0 and 1 s and in rotation at 0.5
// and 1 s, the hip not at all, the leg's translation a baked curve whose
// knots (the file's keys) are 0 and 2 s, and two events given out of
// time order.
func figure() (*formats.Skeleton, *formats.Clip) {
	sk := &formats.Skeleton{Bones: []formats.Bone{
		{Name: "root", Parent: -1}, {Name: "hip", Parent: 0}, {Name: "leg", Parent: 1},
	}}
	v := mgl32.Vec3{}
	q := mgl32.QuatIdent()
	c := &formats.Clip{Duration: 2, Tracks: []formats.BoneTracks{
		{Translation: formats.Vec3Track{Times: []float64{0, 1}, Values: []mgl32.Vec3{v, v}},
			Rotation: formats.QuatTrack{Times: []float64{0.5, 1.0005}, Values: []mgl32.Quat{q, q}}},
		{},
		{Translation: formats.Vec3Track{Times: []float64{0, 0.5, 1, 1.5, 2}, Values: []mgl32.Vec3{v, v, v, v, v},
			Knots: []float64{0, 2}}},
	}, Events: []formats.Event{{Time: 1.5, Name: "b", Bone: -1}, {Time: 0.25, Name: "a", Bone: -1}}}
	return sk, c
}

// The sheet of these tests: 600×100 at (100, 50). The names column is 160
// wide (NameW, under a third of 600), so the marks run from x 266 (100 +
// 160 + 6) to 694 (700 − 6): 214 pixels a second over 0–2 s. 100 pixels
// hold 6 rows of 16: the events row and 5 bone rows.
var area = Rect{X: 100, Y: 50, W: 600, H: 100}

func xs(ms []Mark) []float32 {
	out := make([]float32, len(ms))
	for i, m := range ms {
		out[i] = m.X
	}
	return out
}

// TestLayout: rows are the events row and the bones in the skeleton's
// order less the hidden ones; a row's marks are its bone's own key times
// merged over its channels, one a column (the root's 1 s and 1.0005 s
// fall on column 480); a baked curve shows its knots; events keep the
// clip's order.
func TestLayout(t *testing.T) {
	sk, c := figure()
	tests := []struct {
		name   string
		hidden []bool
		rows   []int
		marks  [][]float32
	}{
		{"all", nil, []int{-1, 0, 1, 2}, [][]float32{{587, 319.5}, {266, 373, 480}, {}, {266, 694}}},
		{"hip hidden", []bool{false, true}, []int{-1, 0, 2}, [][]float32{{587, 319.5}, {266, 373, 480}, {266, 694}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var s Sheet
			s.Layout(&Input{Skeleton: sk, Clip: c, Events: c.Events, Hidden: tc.hidden, Selected: 2, Lo: 0, Hi: 2, Rect: area}, 1)
			if s.X0 != 266 || s.X1 != 694 || s.Visible != 5 || s.Listed != len(tc.rows)-1 {
				t.Fatalf("X0 %v X1 %v visible %d listed %d", s.X0, s.X1, s.Visible, s.Listed)
			}
			if !s.NowShown || s.Now != 480 {
				t.Errorf("now at %v (shown %v), want 480", s.Now, s.NowShown)
			}
			if len(s.Rows) != len(tc.rows) {
				t.Fatalf("%d rows, want %d", len(s.Rows), len(tc.rows))
			}
			for i, r := range s.Rows {
				if r.Bone != tc.rows[i] || r.Top != area.Y+float32(i)*RowH {
					t.Errorf("row %d: bone %d top %v, want %d %v", i, r.Bone, r.Top, tc.rows[i], area.Y+float32(i)*RowH)
				}
				if got := xs(s.Marks(i)); fmt.Sprint(got) != fmt.Sprint(tc.marks[i]) {
					t.Errorf("row %d marks %v, want %v", i, got, tc.marks[i])
				}
				if r.Selected != (r.Bone == 2) {
					t.Errorf("row %d selected %v", i, r.Selected)
				}
			}
			if last := s.Rows[len(s.Rows)-1]; last.Depth != 2 || !last.Animated {
				t.Errorf("leg's row: depth %d animated %v", last.Depth, last.Animated)
			}
		})
	}
}

// TestZoomedSpan: zoomed to 0.4–1.2 s the root's marks are the keys
// inside it only, on the span's columns (535 pixels a second), and the
// events outside it are left out.
func TestZoomedSpan(t *testing.T) {
	sk, c := figure()
	var s Sheet
	s.Layout(&Input{Skeleton: sk, Clip: c, Events: c.Events, Selected: -1, Lo: 0.4, Hi: 1.2, Rect: area}, 0)
	if s.NowShown {
		t.Errorf("time 0 shown in 0.4–1.2")
	}
	if got := xs(s.Marks(0)); len(got) != 0 {
		t.Errorf("events %v, want none", got)
	}
	// 0.5 s: 266 + 0.1×535 = 319.5; 1 s: 266 + 0.6×535 = 587.
	if got, want := fmt.Sprint(xs(s.Marks(1))), "[319.5 587]"; got != want {
		t.Errorf("root's marks %s, want %s", got, want)
	}
	if got := s.TimeAt(587); got < 0.9999 || got > 1.0001 {
		t.Errorf("TimeAt(587) = %v, want 1", got)
	}
}

// TestHit: a click near a mark takes it (its exact time, not the
// column's), elsewhere on a bone's row or its name the bone; the events
// row off its marks, and outside the sheet, nothing.
func TestHit(t *testing.T) {
	sk, c := figure()
	var s Sheet
	s.Layout(&Input{Skeleton: sk, Clip: c, Events: c.Events, Selected: -1, Lo: 0, Hi: 2, Rect: area}, 0)
	row := func(i int) float32 { return area.Y + float32(i)*RowH + 5 }
	tests := []struct {
		name string
		x, y float32
		want Hit
	}{
		{"event a", 321, row(0), Hit{Kind: HitEvent, Bone: -1, Time: 0.25, Event: 1}},
		{"event b", 584, row(0), Hit{Kind: HitEvent, Bone: -1, Time: 1.5, Event: 0}},
		{"events row off a mark", 400, row(0), Hit{Kind: HitNone, Bone: -1, Event: -1}},
		{"root's key at 1 s", 482, row(1), Hit{Kind: HitKey, Bone: 0, Time: 1, Event: -1}},
		{"root's key at 0", 263, row(1), Hit{Kind: HitKey, Bone: 0, Time: 0, Event: -1}},
		{"root between keys", 420, row(1), Hit{Kind: HitBone, Bone: 0, Event: -1}},
		{"root's name", 120, row(1), Hit{Kind: HitBone, Bone: 0, Event: -1}},
		{"hip, no keys", 480, row(2), Hit{Kind: HitBone, Bone: 1, Event: -1}},
		{"leg's last knot", 692, row(3), Hit{Kind: HitKey, Bone: 2, Time: 2, Event: -1}},
		{"below the rows", 480, row(5), Hit{Kind: HitNone, Bone: -1, Event: -1}},
		{"left of the sheet", 99, row(1), Hit{Kind: HitNone, Bone: -1, Event: -1}},
	}
	for _, tc := range tests {
		if got := s.Hit(tc.x, tc.y); got != tc.want {
			t.Errorf("%s: Hit(%v, %v) = %+v, want %+v", tc.name, tc.x, tc.y, got, tc.want)
		}
	}
}

// chain is a chain of n bones each keyed in rotation every frame of
// frames at 30 fps.
func chain(n, frames int) (*formats.Skeleton, *formats.Clip) {
	sk := &formats.Skeleton{}
	c := &formats.Clip{Duration: float64(frames-1) / 30, Tracks: make([]formats.BoneTracks, n)}
	times := make([]float64, frames)
	qs := make([]mgl32.Quat, frames)
	for f := range times {
		times[f], qs[f] = float64(f)/30, mgl32.QuatIdent()
	}
	for i := range n {
		sk.Bones = append(sk.Bones, formats.Bone{Name: fmt.Sprintf("j%d", i), Parent: i - 1})
		c.Tracks[i].Rotation = formats.QuatTrack{Times: times, Values: qs}
	}
	return sk, c
}

// TestScrollAndFollow: on a chain of 20,000 bones only the rows that fit
// are laid out; the scroll stays inside the list; Follow brings the
// selected bone's row on screen, moving as little as it can.
func TestScrollAndFollow(t *testing.T) {
	sk, c := chain(20000, 31)
	tests := []struct {
		name             string
		scroll, selected int
		follow           bool
		want             int
	}{
		{"top", 0, -1, false, 0},
		{"past the end", 30000, -1, false, 19995},
		{"negative", -3, -1, false, 0},
		{"follow down", 0, 12000, true, 11996},
		{"follow up", 15000, 12000, true, 12000},
		{"already shown", 11998, 12000, true, 11998},
		{"not following", 0, 12000, false, 0},
	}
	for _, tc := range tests {
		var s Sheet
		s.Layout(&Input{Skeleton: sk, Clip: c, Events: c.Events, Selected: tc.selected, Lo: 0, Hi: 1, Rect: area, Scroll: tc.scroll, Follow: tc.follow}, 0)
		if s.Scroll != tc.want || len(s.Rows) != 6 || s.Rows[1].Bone != tc.want || s.Listed != 20000 {
			t.Errorf("%s: scroll %d, %d rows from bone %d, listed %d; want scroll %d, 6 rows", tc.name, s.Scroll, len(s.Rows), s.Rows[1].Bone, s.Listed, tc.want)
		}
		if s.Rows[1].Depth != tc.want {
			t.Errorf("%s: depth %d, want %d", tc.name, s.Rows[1].Depth, tc.want)
		}
	}
}

// TestLayoutDoesNotAllocate: laying out again, on a sheet whose storage
// has grown, allocates nothing, so the window's frames make no garbage.
func TestLayoutDoesNotAllocate(t *testing.T) {
	sk, c := chain(20000, 31)
	in := &Input{Skeleton: sk, Clip: c, Events: c.Events, Selected: 500, Follow: true, Lo: 0, Hi: 1, Rect: Rect{X: 0, Y: 0, W: 1000, H: 240}}
	var s Sheet
	s.Layout(in, 0.5)
	if n := testing.AllocsPerRun(20, func() { s.Layout(in, 0.5) }); n != 0 {
		t.Errorf("%v allocations per layout", n)
	}
	// With a bone hidden the rows are listed, in storage kept too.
	in.Hidden = make([]bool, 20000)
	in.Hidden[3] = true
	s.Layout(in, 0.5)
	if s.Listed != 19999 || s.Rows[len(s.Rows)-1].Bone != 500 {
		t.Fatalf("bone 3 hidden: %d listed, last row bone %d", s.Listed, s.Rows[len(s.Rows)-1].Bone)
	}
	if n := testing.AllocsPerRun(20, func() { s.Layout(in, 0.5) }); n != 0 {
		t.Errorf("%v allocations per layout with a bone hidden", n)
	}
}

// TestBadInput: no skeleton, no clip, an empty span or a clip with fewer
// tracks than bones lay out without marks where there are none, and
// without a panic.
func TestBadInput(t *testing.T) {
	sk, c := figure()
	short := &formats.Clip{Duration: 1, Tracks: c.Tracks[:1]}
	for _, in := range []Input{
		{Skeleton: sk, Events: c.Events, Selected: -1, Lo: 0, Hi: 2, Rect: area},
		{},
		{Skeleton: sk, Selected: -1, Lo: 0, Hi: 2, Rect: area},
		{Skeleton: sk, Clip: c, Events: c.Events, Selected: 7, Lo: 1, Hi: 1, Rect: area},
		{Skeleton: sk, Clip: short, Selected: -1, Lo: 0, Hi: 1, Rect: area},
		{Skeleton: sk, Clip: c, Events: c.Events, Selected: -1, Lo: 0, Hi: 2, Rect: Rect{W: 10, H: 5}},
	} {
		var s Sheet
		s.Layout(&in, 0)
		for i := range s.Rows {
			_ = s.Marks(i)
		}
		_ = s.Hit(area.X+300, area.Y+20)
	}
}

// BenchmarkLayout20000: a frame's layout of the dope sheet on a chain of
// 20,000 bones each keyed every frame.
func BenchmarkLayout20000(b *testing.B) {
	sk, c := chain(20000, 301)
	in := &Input{Skeleton: sk, Clip: c, Events: c.Events, Selected: 10000, Follow: true, Lo: 0, Hi: 10, Rect: Rect{X: 0, Y: 0, W: 1000, H: 240}}
	var s Sheet
	b.ReportAllocs()
	for b.Loop() {
		s.Layout(in, 5)
	}
}
