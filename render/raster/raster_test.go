package raster

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/ms3d"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/go-gl/mathgl/mgl32"
)

// chain returns a skeleton of bones each parented to the one before, with
// the given bind translations.
func chain(offsets ...mgl32.Vec3) *formats.Skeleton {
	sk := &formats.Skeleton{Name: "test"}
	for i, o := range offsets {
		b := formats.Bone{ID: i, Name: []string{"root", "spine", "arm", "hand"}[i%4], Parent: i - 1, Bind: formats.Identity()}
		b.Bind.Translation = o
		sk.Bones = append(sk.Bones, b)
	}
	return sk
}

// knownList is the three-bone pose root (0,0,0), spine (0,5,0), arm
// (5,5,10) seen from (0,0,20) down -Z with a 90° field of view in 200×200:
// sticks (100,100)-(100,75) and (100,75)-(150,50), width 3.
func knownList(joints bool) (*render.DrawList, [][2]mgl32.Vec2) {
	sk := chain(mgl32.Vec3{}, mgl32.Vec3{0, 5, 0}, mgl32.Vec3{5, 0, 10})
	w := player.NewWorldPose(sk)
	player.ToWorld(sk, player.NewPose(sk), w)
	opt := render.DefaultOptions()
	opt.Grid, opt.Axes, opt.Joints = false, false, joints
	var dl render.DrawList
	render.Build(&dl, &render.Scene{Skeleton: sk, World: w, Selected: -1, Root: mgl32.Ident4()},
		render.Camera{Distance: 20, FovY: 90}, render.Viewport{W: 200, H: 200}, opt)
	return &dl, [][2]mgl32.Vec2{{{100, 100}, {100, 75}}, {{100, 75}, {150, 50}}}
}

// segDist is the distance from p to the segment ab.
func segDist(p, a, b mgl32.Vec2) float32 {
	ab, ap := b.Sub(a), p.Sub(a)
	t := ap.Dot(ab) / ab.Dot(ab)
	t = max(0, min(1, t))
	return p.Sub(a.Add(ab.Mul(t))).Len()
}

func at(img *image.RGBA, x, y int) color.RGBA { return img.RGBAAt(x, y) }

// between reports whether c lies on the blend from a to b, channel by
// channel (±1 for rounding).
func between(c, a, b color.RGBA) bool {
	in := func(x, p, q uint8) bool {
		lo, hi := int(min(p, q))-1, int(max(p, q))+1
		return int(x) >= lo && int(x) <= hi
	}
	return in(c.R, a.R, b.R) && in(c.G, a.G, b.G) && in(c.B, a.B, b.B)
}

// checkSticks asserts that every pixel of img is
// exactly bone-coloured when its square lies inside a stick's capsule,
// exactly background when it is clear of all of them, and a blend of the two
// in between.
func checkSticks(t *testing.T, img *image.RGBA, sticks [][2]mgl32.Vec2, th render.Theme) {
	t.Helper()
	const half = 1.5 // stick width 3
	var inside, outside int
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			px, py := float32(x), float32(y)
			centre := mgl32.Vec2{px + 0.5, py + 0.5}
			full, clear := false, true
			for _, s := range sticks {
				worst := float32(0)
				for _, c := range []mgl32.Vec2{{px, py}, {px + 1, py}, {px, py + 1}, {px + 1, py + 1}} {
					worst = max(worst, segDist(c, s[0], s[1]))
				}
				if worst <= half-0.15 { // the round caps are polygons 0.1 px inside the circle
					full = true
				}
				if segDist(centre, s[0], s[1]) <= half+0.75 {
					clear = false
				}
			}
			c := at(img, x, y)
			switch {
			case full:
				inside++
				if c != th.Bone {
					t.Fatalf("pixel (%d,%d) inside a stick is %v, want bone %v", x, y, c, th.Bone)
				}
			case clear:
				outside++
				if c != th.Background {
					t.Fatalf("pixel (%d,%d) away from the sticks is %v, want background", x, y, c)
				}
			default:
				if !between(c, th.Background, th.Bone) {
					t.Fatalf("edge pixel (%d,%d) is %v, not a blend of background and bone", x, y, c)
				}
			}
		}
	}
	if inside < 40 || outside < 10000 {
		t.Errorf("only %d bone and %d background pixels checked", inside, outside)
	}
}

func TestDrawSticksWhereTheyBelong(t *testing.T) {
	dl, sticks := knownList(false)
	img := image.NewRGBA(image.Rect(0, 0, 200, 200))
	Draw(img, dl, nil)
	checkSticks(t, img, sticks, render.DefaultTheme())

	// Through PNG and back: the same pixels.
	var buf bytes.Buffer
	if err := EncodePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	dec, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	back := image.NewRGBA(dec.Bounds())
	for y := 0; y < 200; y++ {
		for x := 0; x < 200; x++ {
			back.Set(x, y, dec.At(x, y))
		}
	}
	if !bytes.Equal(back.Pix, img.Pix) {
		t.Error("PNG round trip changed the pixels")
	}
}

func TestDrawIntoSubImage(t *testing.T) {
	// The list's coordinates are the image's own: a sub-image shows its part
	// of the same picture and leaves the rest of its parent alone.
	dl, sticks := knownList(false)
	parent := image.NewRGBA(image.Rect(0, 0, 200, 200))
	sub := parent.SubImage(image.Rect(90, 40, 200, 200)).(*image.RGBA)
	Draw(sub, dl, nil)
	checkSticks(t, sub, sticks, render.DefaultTheme())
	if c := parent.RGBAAt(50, 50); c != (color.RGBA{}) {
		t.Errorf("pixel outside the sub-image painted %v", c)
	}
}

func TestDrawDotsAndLabels(t *testing.T) {
	dl, _ := knownList(true)
	th := render.DefaultTheme()
	img := image.NewRGBA(image.Rect(0, 0, 200, 200))
	Draw(img, dl, nil)
	// Dots (radius 3.5) cover the joints and are painted over the sticks.
	for _, p := range [][2]int{{100, 100}, {100, 75}, {150, 50}, {98, 73}, {101, 76}} {
		if c := at(img, p[0], p[1]); c != th.Joint {
			t.Errorf("joint pixel %v is %v, want %v", p, c, th.Joint)
		}
	}
	if c := at(img, 100, 87); c != th.Bone {
		t.Errorf("mid-spine pixel is %v", c)
	}

	// Labels: text pixels appear right of and above each joint.
	dl.Labels = append(dl.Labels[:0], render.Label{P: mgl32.Vec2{110, 60}, Text: "spine", Color: th.Label, Bone: 1})
	Draw(img, dl, DefaultFace())
	n := 0
	for y := 48; y < 62; y++ {
		for x := 110; x < 150; x++ {
			if c := at(img, x, y); c != th.Background && between(c, th.Background, th.Label) {
				n++
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d label pixels drawn", n)
	}
}

// TestDrawSurvivesNonsense draws geometry no projection should give (NaN
// and infinite coordinates, widths that are not widths, ends a billion
// pixels away, huge and far discs) and checks what each leaves on a 20×20
// frame: nothing for what cannot be drawn, the background kept around
// what can, and the drawable parts drawn even beside nonsense of the same
// colour (one path is filled per colour).
func TestDrawSurvivesNonsense(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	bg := color.RGBA{10, 20, 30, 255}
	red := color.RGBA{255, 0, 0, 255}
	// Grid lines: square ends (bones, the zero Kind, have round caps).
	line := func(ax, ay, bx, by, w float32) render.Line {
		return render.Line{A: mgl32.Vec2{ax, ay}, B: mgl32.Vec2{bx, by}, Width: w, Color: red, Kind: render.KindGrid}
	}
	dot := func(x, y, r float32) render.Dot { return render.Dot{P: mgl32.Vec2{x, y}, Radius: r, Color: red} }
	bone := render.Line{A: mgl32.Vec2{5, 5}, B: mgl32.Vec2{5, 5}, Width: 4, Color: red, Kind: render.KindBone}
	// The pixels drawn red (fully covered) and those left untouched.
	diagonal, row10 := make([]image.Point, 20), make([]image.Point, 0, 16)
	for i := range diagonal {
		diagonal[i] = image.Pt(i, i)
	}
	for x := 2; x < 18; x++ {
		row10 = append(row10, image.Pt(x, 10))
	}
	none := []image.Point{}
	for _, tc := range []struct {
		name string
		dl   render.DrawList
		// red pixels; kept pixels (nil: every pixel not in red); n, when
		// not 0, the number of pixels drawn at all.
		red, kept []image.Point
		n         int
	}{
		{name: "NaN end", dl: render.DrawList{Lines: []render.Line{line(nan, 0, 10, 10, 3)}}, red: none},
		{name: "infinite end", dl: render.DrawList{Lines: []render.Line{line(-inf, 10, 10, 10, 3)}}, red: none},
		{name: "NaN width", dl: render.DrawList{Lines: []render.Line{line(2, 2, 18, 18, nan)}}, red: none},
		{name: "infinite width", dl: render.DrawList{Lines: []render.Line{line(2, 2, 18, 18, inf)}}, red: none},
		{name: "negative width", dl: render.DrawList{Lines: []render.Line{line(5, 5, 8, 5, -1)}}, red: none},
		{name: "far line off the frame", dl: render.DrawList{Lines: []render.Line{line(-1e9, 500, 1e9, 500, 2)}}, red: none},
		// Its ends a billion pixels away, the diagonal crosses the frame.
		{name: "far ends", dl: render.DrawList{Lines: []render.Line{line(-1e9, -1e9, 1e9, 1e9, 2)}},
			red: diagonal, kept: []image.Point{{19, 0}, {0, 19}, {10, 0}, {0, 10}}},
		// A bone to a far end keeps the round cap of its near end.
		{name: "bone to a far end", dl: render.DrawList{Lines: []render.Line{{A: mgl32.Vec2{10, 10}, B: mgl32.Vec2{1e9, 10}, Width: 4, Color: red}}},
			red: []image.Point{{9, 9}, {9, 10}, {19, 8}, {19, 11}}, kept: []image.Point{{7, 9}, {7, 10}, {19, 7}, {19, 12}, {0, 10}}},
		// A stick of no length is its round caps: a disc of radius 2.
		{name: "zero-length bone", dl: render.DrawList{Lines: []render.Line{bone}},
			red: []image.Point{{4, 4}, {5, 5}, {4, 5}, {5, 4}}, kept: []image.Point{{2, 2}, {8, 8}, {10, 10}}, n: 16},
		{name: "NaN within a path", dl: render.DrawList{Lines: []render.Line{line(nan, 0, 10, 10, 3), line(2, 10.5, 18, 10.5, 1), line(5, 5, 8, 5, -1)}},
			red: row10, kept: []image.Point{{1, 10}, {18, 10}, {5, 5}, {10, 9}, {10, 11}}, n: 16},
		{name: "NaN dot", dl: render.DrawList{Dots: []render.Dot{dot(nan, nan, 3), dot(5, 5, nan), dot(5, 5, -2)}}, red: none},
		{name: "dot off the frame", dl: render.DrawList{Dots: []render.Dot{dot(500, 500, 2)}}, red: none},
		{name: "dot over everything", dl: render.DrawList{Dots: []render.Dot{dot(5, 5, 1e6)}}, red: everyPixel(20), kept: none},
		{name: "labels at nonsense places", dl: render.DrawList{Labels: []render.Label{
			{P: mgl32.Vec2{nan, 10}, Text: "nan", Color: red}, {P: mgl32.Vec2{1e7, 10}, Text: "far", Color: red}, {P: mgl32.Vec2{10, -inf}, Text: "inf", Color: red}}},
			red: none},
	} {
		tc.dl.Background = bg
		img := image.NewRGBA(image.Rect(0, 0, 20, 20))
		Draw(img, &tc.dl, nil)
		for _, p := range tc.red {
			if c := at(img, p.X, p.Y); c != red {
				t.Errorf("%s: %v is %v, want drawn", tc.name, p, c)
			}
		}
		kept := tc.kept
		if kept == nil {
			kept = everyPixel(20)
		}
		for _, p := range kept {
			if c := at(img, p.X, p.Y); c != bg {
				t.Errorf("%s: %v is %v, want the background", tc.name, p, c)
			}
		}
		drawn := 20*20 - countColor(img, bg)
		if tc.n != 0 && (drawn < tc.n-4 || drawn > tc.n+4) {
			t.Errorf("%s: %d pixels drawn, want about %d", tc.name, drawn, tc.n)
		}
	}

	// No frame, or no list: nothing happens, and the frame keeps what it had.
	img := image.NewRGBA(image.Rect(0, 0, 20, 20))
	draw.Draw(img, img.Bounds(), image.NewUniform(red), image.Point{}, draw.Src)
	Draw(nil, &render.DrawList{Background: bg, Lines: []render.Line{line(0, 0, 9, 9, 2)}}, nil)
	Draw(img, nil, nil)
	if n := countColor(img, red); n != 400 {
		t.Errorf("Draw(img, nil) changed %d pixels", 400-n)
	}
}

// everyPixel lists the pixels of an n×n frame.
func everyPixel(n int) []image.Point {
	ps := make([]image.Point, 0, n*n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			ps = append(ps, image.Pt(x, y))
		}
	}
	return ps
}

// countColor counts the pixels of colour c.
func countColor(img *image.RGBA, c color.RGBA) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if at(img, x, y) == c {
				n++
			}
		}
	}
	return n
}

// waving is a three-bone figure whose arm swings from +X to -X over one
// second, in the given coordinates.
func waving(coords formats.Coords, up mgl32.Vec3) *formats.Asset {
	sk := chain(mgl32.Vec3{}, up, mgl32.Vec3{})
	clip := &formats.Clip{Name: "wave", Duration: 1, FrameRate: 30, Loop: true, Tracks: make([]formats.BoneTracks, 3)}
	clip.Tracks[2].Translation = formats.Vec3Track{Times: []float64{0, 1}, Values: []mgl32.Vec3{{1, 0, 0}, {-1, 0, 0}}}
	return &formats.Asset{Format: "test", Coords: coords, Skeleton: sk, Clips: []*formats.Clip{clip}}
}

// boneBox returns the bounding box of the pixels of colour c.
func boneBox(img *image.RGBA, c color.RGBA) (image.Rectangle, int) {
	var r image.Rectangle
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if at(img, x, y) == c {
				r = r.Union(image.Rect(x, y, x+1, y+1))
				n++
			}
		}
	}
	return r, n
}

func TestRenderFrame(t *testing.T) {
	th := render.DefaultTheme()
	opt := render.DefaultOptions()
	opt.Grid, opt.Axes, opt.Joints = false, false, false
	fo := FrameOptions{Width: 160, Height: 120, Options: opt}
	for _, tc := range []struct {
		name  string
		asset *formats.Asset
	}{
		{"Y-up", waving(formats.Coords{}, mgl32.Vec3{0, 2, 0})},
		// Z-up: the spine runs along file +Z; drawn upright only if
		// SceneRoot is applied (else it would point at the camera).
		{"Z-up", waving(formats.Coords{Up: formats.AxisZ}, mgl32.Vec3{0, 0, 2})},
	} {
		for _, tm := range []float64{0, 0.5, 0.999} {
			img, err := RenderFrame(tc.asset, 0, tm, fo)
			if err != nil {
				t.Fatal(err)
			}
			if img.Bounds() != image.Rect(0, 0, 160, 120) {
				t.Fatalf("size %v", img.Bounds())
			}
			box, n := boneBox(img, th.Bone)
			if n < 50 {
				t.Fatalf("%s t=%v: %d bone pixels", tc.name, tm, n)
			}
			// Framed on the whole clip: the figure is inside with a margin at
			// every time, and the spine stands tall.
			if !box.In(image.Rect(4, 4, 156, 116)) {
				t.Errorf("%s t=%v: figure %v touches the border", tc.name, tm, box)
			}
			if box.Dy() < 40 {
				t.Errorf("%s t=%v: figure %v is not upright", tc.name, tm, box)
			}
			if at(img, 0, 0) != th.Background {
				t.Errorf("%s: corner is %v", tc.name, at(img, 0, 0))
			}
		}
	}

	// The arm swings across: at t=0 it reaches right of the spine, at 0.999
	// left of it (the camera looks from +Z, so file +X is screen right).
	a := waving(formats.Coords{}, mgl32.Vec3{0, 2, 0})
	img0, _ := RenderFrame(a, 0, 0, fo)
	img1, _ := RenderFrame(a, 0, 0.999, fo)
	b0, _ := boneBox(img0, th.Bone)
	b1, _ := boneBox(img1, th.Bone)
	if !(b0.Max.X > 90 && b0.Min.X > 70) || !(b1.Min.X < 70 && b1.Max.X < 90) {
		t.Errorf("arm boxes %v at t=0 and %v at t=1", b0, b1)
	}

	// Bind pose of an asset without clips, with default options.
	bind := waving(formats.Coords{}, mgl32.Vec3{0, 2, 0})
	bind.Clips = nil
	img, err := RenderFrame(bind, -1, 0, FrameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != defaultWidth || img.Bounds().Dy() != defaultHeight {
		t.Errorf("default size %v", img.Bounds())
	}
	if _, n := boneBox(img, th.Bone); n == 0 {
		t.Error("bind pose drew no bones")
	}
}

func TestRenderFrameErrors(t *testing.T) {
	good := waving(formats.Coords{}, mgl32.Vec3{0, 1, 0})
	badClip := waving(formats.Coords{}, mgl32.Vec3{0, 1, 0})
	badClip.Clips[0].Tracks = badClip.Clips[0].Tracks[:1]
	badSkel := waving(formats.Coords{}, mgl32.Vec3{0, 1, 0})
	badSkel.Skeleton.Bones[0].Parent = 2
	tests := []struct {
		name  string
		asset *formats.Asset
		clip  int
		fo    FrameOptions
	}{
		{"nil asset", nil, -1, FrameOptions{}},
		{"no skeleton", &formats.Asset{}, -1, FrameOptions{}},
		{"clip past the end", good, 1, FrameOptions{}},
		{"clip -2", good, -2, FrameOptions{}},
		{"clip with missing tracks", badClip, 0, FrameOptions{}},
		{"parent after child", badSkel, -1, FrameOptions{}},
		{"negative size", good, 0, FrameOptions{Width: -1, Height: 10}},
		{"huge size", good, 0, FrameOptions{Width: 100000, Height: 100000}},
	}
	for _, tc := range tests {
		if _, err := RenderFrame(tc.asset, tc.clip, 0, tc.fo); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
		if err := EncodeGIF(&bytes.Buffer{}, tc.asset, tc.clip, tc.fo); err == nil {
			t.Errorf("%s: EncodeGIF gave no error", tc.name)
		}
	}
}

// TestRenderMesh: the tube fixture renders its skinned mesh (pixels in
// its material's clay colour, shaded) under its bones, and --show bones
// leaves the mesh out.
func TestRenderMesh(t *testing.T) {
	data, err := os.ReadFile("../../formats/ms3d/testdata/tube_v4.ms3d")
	if err != nil {
		t.Fatal(err)
	}
	a, err := ms3d.Load(&formats.Input{Name: "tube_v4.ms3d", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	count := func(show render.Show) int {
		o := render.DefaultOptions()
		o.Show = show
		img, err := RenderFrame(a, 0, 1, FrameOptions{Width: 200, Height: 200, Options: o})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for i := 0; i < len(img.Pix); i += 4 {
			r, g, b := float64(img.Pix[i]), float64(img.Pix[i+1]), float64(img.Pix[i+2])
			// Clay (0.8, 0.55, 0.4) at any light keeps its ratios; the
			// bones' amber (0.95, 0.76, 0.31) does not have them.
			if r > 60 && math.Abs(g/r-0.69) < 0.05 && math.Abs(b/r-0.5) < 0.06 {
				n++
			}
		}
		return n
	}
	mesh, bones := count(render.ShowMeshBones), count(render.ShowBones)
	if mesh < 500 || bones > 50 {
		t.Errorf("clay pixels: %d with the mesh, %d with bones only", mesh, bones)
	}
}
