package render

import (
	"math"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// topCamera looks straight down from (0, d, 0) with a 90° field of view
// and -Z up the screen, so a ground point (x, 0, z) lands at
// centre + (x, z)·(half size)/d.
func topCamera(d float32) Camera {
	return Camera{FovY: 90, Through: &LookFrom{Eye: mgl32.Vec3{0, d, 0}, Up: mgl32.Vec3{0, 0, -1}}}
}

// pathLines returns the draw list's root-path strokes.
func pathLines(t *testing.T, dl *DrawList) []Line {
	t.Helper()
	var out []Line
	th := DefaultTheme()
	for i, l := range dl.Lines {
		if l.Kind != KindRootPath {
			continue
		}
		if l.Color != th.RootPath || (l.Width != rootPathWidth && l.Width != rootPathWidth/2) || l.Bone != -1 || i >= dl.MeshAt {
			t.Errorf("stroke %d %+v: want the root path's colour and width, no bone, under the mesh (MeshAt %d)", i, l, dl.MeshAt)
		}
		out = append(out, l)
	}
	return out
}

// TestRootPathGeometry works the path's strokes out by hand, seen from
// topCamera(10) in a 200×200 viewport (10 px a unit, the origin at the
// centre) with a grid step of 4, so the marker's ring is 4·0.5 = 2 units
// across (10 px in radius): the points are put on the ground (their
// height dropped), a root off the ground has a thin drop line down to the
// marker, Shift moves the path but not the marker, a file with Z
// up has its Y along the view's -Z (SceneRoot), consecutive equal or
// nearly equal points draw nothing and a point that is not finite breaks
// the line.
func TestRootPathGeometry(t *testing.T) {
	nan := float32(math.NaN())
	cases := []struct {
		name   string
		coords formats.Coords
		path   RootPath
		want   [][2]mgl32.Vec2 // the path's segments, before the marker's
		marker mgl32.Vec2
		// top is where the root itself is seen, 10/(10 - its height)
		// times as far from the centre as on the ground; the drop line
		// goes from there to the marker when it is off the ground.
		top mgl32.Vec2
	}{
		{"a walk along X, 1 above the ground", formats.Coords{},
			RootPath{Points: []mgl32.Vec3{{0, 1, 0}, {1, 1, 0}, {2, 1.5, 0}}, At: mgl32.Vec3{1, 1, 0}},
			[][2]mgl32.Vec2{{{100, 100}, {110, 100}}, {{110, 100}, {120, 100}}}, mgl32.Vec2{110, 100}, mgl32.Vec2{100 + 100.0/9, 100}},
		{"in place: the path slides back under the held root", formats.Coords{},
			RootPath{Points: []mgl32.Vec3{{0, 1, 0}, {1, 1, 0}, {2, 1, 0}}, At: mgl32.Vec3{0, 1, 0}, Shift: mgl32.Vec3{1, 0, 0}},
			[][2]mgl32.Vec2{{{90, 100}, {100, 100}}, {{100, 100}, {110, 100}}}, mgl32.Vec2{100, 100}, mgl32.Vec2{100, 100}},
		{"Z up: the file's Y goes up the screen", formats.Coords{Up: formats.AxisZ},
			RootPath{Points: []mgl32.Vec3{{0, 0, 5}, {0, 2, 5}, {0, 2, 5}, {1, 2, 0}}, At: mgl32.Vec3{0, 2, 5}},
			[][2]mgl32.Vec2{{{100, 100}, {100, 80}}, {{100, 80}, {110, 80}}}, mgl32.Vec2{100, 80}, mgl32.Vec2{100, 60}},
		{"points within a fiftieth of the grid step (0.08) of the last drawn are passed over, but the last", formats.Coords{},
			RootPath{Points: []mgl32.Vec3{{0, 0, 0}, {0.05, 0, 0}, {0.07, 0, 0}, {1, 0, 0}, {1.05, 0, 0}}, At: mgl32.Vec3{1.05, 0, 0}},
			[][2]mgl32.Vec2{{{100, 100}, {110, 100}}, {{110, 100}, {110.5, 100}}}, mgl32.Vec2{110.5, 100}, mgl32.Vec2{110.5, 100}},
		{"a point that is not finite breaks the line", formats.Coords{},
			RootPath{Points: []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {nan, 0, 0}, {2, 0, 0}, {2, 0, 1}}, At: mgl32.Vec3{2, 0, 1}},
			[][2]mgl32.Vec2{{{100, 100}, {110, 100}}, {{120, 100}, {120, 110}}}, mgl32.Vec2{120, 110}, mgl32.Vec2{120, 110}},
	}
	for _, c := range cases {
		var dl DrawList
		opt := DefaultOptions()
		opt.GridStep = 4
		sc := threeBones()
		sc.Root = SceneRoot(c.coords)
		sc.RootPath = &c.path
		Build(&dl, sc, topCamera(10), square, opt)
		got := pathLines(t, &dl)
		drop := 0
		if c.path.At[1] != 0 && c.coords.Up != formats.AxisZ || c.path.At[2] != 0 && c.coords.Up == formats.AxisZ {
			drop = 1 // the drop line, seen end on from above
		}
		if len(got) != len(c.want)+drop+rootPathRings+2 {
			t.Errorf("%s: %d strokes, want %d of the path and %d of the marker: %+v", c.name, len(got), len(c.want), drop+rootPathRings+2, got)
			continue
		}
		for i, w := range c.want {
			if !near2(got[i].A, w[0], 1e-3) || !near2(got[i].B, w[1], 1e-3) {
				t.Errorf("%s: segment %d %v–%v, want %v–%v", c.name, i, got[i].A, got[i].B, w[0], w[1])
			}
		}
		if drop == 1 {
			if l := got[len(c.want)]; !near2(l.A, c.top, 1e-3) || !near2(l.B, c.marker, 1e-3) || l.Width != rootPathWidth/2 {
				t.Errorf("%s: drop line %+v, want %v–%v", c.name, l, c.top, c.marker)
			}
		}
		// The ring's corners lie 10 px from the marker's centre, the
		// cross's ends 6 px.
		for i, l := range got[len(c.want)+drop:] {
			r := float32(10)
			if i >= rootPathRings {
				r = 6
			}
			for _, p := range []mgl32.Vec2{l.A, l.B} {
				if d := p.Sub(c.marker).Len(); abs32(d-r) > 1e-3 {
					t.Errorf("%s: marker stroke %d's end %v is %v px from %v, want %v", c.name, i, p, d, c.marker, r)
				}
			}
		}
	}
}

// TestRootPathOff: without Scene.RootPath nothing of it is drawn, and
// with it the grid stays under the path, the bones over it.
func TestRootPathOff(t *testing.T) {
	var dl DrawList
	Build(&dl, threeBones(), topCamera(10), square, DefaultOptions())
	if n := len(pathLines(t, &dl)); n != 0 {
		t.Errorf("%d root-path strokes without a path", n)
	}
	sc := threeBones()
	sc.RootPath = &RootPath{Points: []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}}}
	Build(&dl, sc, topCamera(10), square, DefaultOptions())
	lastGrid, firstPath, firstBone := -1, -1, -1
	for i, l := range dl.Lines {
		switch {
		case l.Kind == KindGrid:
			lastGrid = i
		case l.Kind == KindRootPath && firstPath < 0:
			firstPath = i
		case l.Kind == KindBone && firstBone < 0:
			firstBone = i
		}
	}
	if !(lastGrid < firstPath && firstPath < firstBone) {
		t.Errorf("order: last grid line %d, first path stroke %d, first bone %d", lastGrid, firstPath, firstBone)
	}
}

// TestRootPathBuildDoesNotAllocate: a frame with the path allocates
// nothing once the list has grown.
func TestRootPathBuildDoesNotAllocate(t *testing.T) {
	var dl DrawList
	sc := threeBones()
	pts := make([]mgl32.Vec3, 600)
	for i := range pts {
		pts[i] = mgl32.Vec3{float32(i) / 100, 0, float32(math.Sin(float64(i) / 50))}
	}
	sc.RootPath = &RootPath{Points: pts, At: pts[300]}
	cam := DefaultCamera()
	Build(&dl, sc, cam, square, DefaultOptions())
	if n := testing.AllocsPerRun(20, func() { Build(&dl, sc, cam, square, DefaultOptions()) }); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
}

// BenchmarkBuildRootPath is a frame of the three bones with a path of
// 600 points (10 s at 60 Hz) against one without it.
func BenchmarkBuildRootPath(b *testing.B) {
	pts := make([]mgl32.Vec3, 600)
	for i := range pts {
		pts[i] = mgl32.Vec3{float32(i) / 100, 0, float32(math.Sin(float64(i) / 50))}
	}
	for _, on := range []bool{false, true} {
		name := "without"
		sc := threeBones()
		if on {
			name = "with"
			sc.RootPath = &RootPath{Points: pts, At: pts[300]}
		}
		b.Run(name, func(b *testing.B) {
			var dl DrawList
			cam := DefaultCamera()
			for i := 0; i < b.N; i++ {
				Build(&dl, sc, cam, square, DefaultOptions())
			}
		})
	}
}
