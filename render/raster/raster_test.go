package raster

import (
	"bytes"
	"image"
	"image/color"
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

func TestDrawSurvivesNonsense(t *testing.T) {
	nan := float32(math.NaN())
	dl := &render.DrawList{
		Lines: []render.Line{
			{A: mgl32.Vec2{nan, 0}, B: mgl32.Vec2{10, 10}, Width: 3},
			{A: mgl32.Vec2{-1e9, -1e9}, B: mgl32.Vec2{1e9, 1e9}, Width: 2, Color: color.RGBA{255, 0, 0, 255}},
			{A: mgl32.Vec2{5, 5}, B: mgl32.Vec2{5, 5}, Width: 4, Kind: render.KindBone},
			{A: mgl32.Vec2{5, 5}, B: mgl32.Vec2{8, 5}, Width: -1},
		},
		Dots: []render.Dot{{P: mgl32.Vec2{nan, nan}, Radius: 3}, {P: mgl32.Vec2{5, 5}, Radius: 1e6}, {P: mgl32.Vec2{500, 500}, Radius: 2}},
	}
	img := image.NewRGBA(image.Rect(0, 0, 20, 20))
	Draw(img, dl, nil)
	Draw(nil, dl, nil)
	Draw(img, nil, nil)
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
