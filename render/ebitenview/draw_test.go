package ebitenview

import (
	"image"
	"image/color"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/internal/displaytest"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/hajimehoshi/ebiten/v2"
)

// Reading pixels back needs ebiten's game loop, which needs a window
// system: CI provides one with xvfb-run (and sets
// ANIMVIEW_REQUIRE_DISPLAY), a bare `go test` skips (displaytest).
func TestMain(m *testing.M) { displaytest.Main(m) }

// knownList is root (0,0,0), spine (0,5,0), arm (5,5,10) seen from
// (0,0,20) with a 90° field of view in 200×200: sticks (100,100)-(100,75)
// and (100,75)-(150,50), joints at their ends, labels on.
func knownList() *render.DrawList {
	sk := &formats.Skeleton{}
	for i, o := range []mgl32.Vec3{{}, {0, 5, 0}, {5, 0, 10}} {
		b := formats.Bone{ID: i, Name: []string{"root", "spine", "arm"}[i], Parent: i - 1, Bind: formats.Identity()}
		b.Bind.Translation = o
		sk.Bones = append(sk.Bones, b)
	}
	w := player.NewWorldPose(sk)
	player.ToWorld(sk, player.NewPose(sk), w)
	opt := render.DefaultOptions()
	opt.Grid, opt.Axes, opt.Labels = false, false, true
	var dl render.DrawList
	render.Build(&dl, &render.Scene{Skeleton: sk, World: w, Selected: -1, Root: mgl32.Ident4()},
		render.Camera{Distance: 20, FovY: 90}, render.Viewport{W: 200, H: 200}, opt)
	return &dl
}

func readBack(img *ebiten.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(b)
	img.ReadPixels(out.Pix)
	return out
}

func close(a, b color.RGBA) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= 3 && int(y)-int(x) <= 3 }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

func TestDrawKnownPose(t *testing.T) {
	displaytest.Need(t)
	th := render.DefaultTheme()
	dst := ebiten.NewImage(200, 200)
	Draw(dst, knownList(), DefaultFace(13))
	got := readBack(dst)
	tests := []struct {
		name string
		x, y int
		want color.RGBA
	}{
		{"mid spine", 100, 87, th.Bone},
		{"on the arm", 145, 52, th.Bone},
		{"root joint", 100, 100, th.Joint},
		{"arm joint", 150, 50, th.Joint},
		{"corner", 2, 2, th.Background},
		{"beside the spine", 90, 87, th.Background},
		{"below the figure", 100, 150, th.Background},
	}
	for _, tc := range tests {
		if c := got.RGBAAt(tc.x, tc.y); !close(c, tc.want) {
			t.Errorf("%s (%d,%d): %v, want %v", tc.name, tc.x, tc.y, c, tc.want)
		}
	}
	// The "spine" label starts right of and above its joint (100, 75).
	n := 0
	for y := 55; y < 72; y++ {
		for x := 106; x < 150; x++ {
			if c := got.RGBAAt(x, y); c != th.Background && c.B > c.R {
				n++
			}
		}
	}
	if n < 15 {
		t.Errorf("only %d label pixels", n)
	}
}

func TestDrawNilFaceAndNilInputs(t *testing.T) {
	displaytest.Need(t)
	dst := ebiten.NewImage(32, 32)
	Draw(dst, knownList(), nil)
	Draw(nil, knownList(), nil)
	Draw(dst, nil, nil)
	if DefaultFace(12) == nil {
		t.Error("no default face")
	}
}

// TestDrawerQueuedShapes: StrokeLine and FillCircle draw on Flush, with
// solid cores and background around them.
func TestDrawerQueuedShapes(t *testing.T) {
	displaytest.Need(t)
	dst := ebiten.NewImage(100, 100)
	var d Drawer
	defer d.Dispose()
	red := color.RGBA{0xff, 0, 0, 0xff}
	blue := color.RGBA{0, 0, 0xff, 0xff}
	d.StrokeLine(dst, 10, 20, 90, 20, 4, red)
	d.FillCircle(dst, 50, 70, 8, blue)
	if got := readBack(dst); got.RGBAAt(50, 20) == red {
		t.Fatal("drawn before Flush")
	}
	d.Flush(dst)
	got := readBack(dst)
	for _, tc := range []struct {
		x, y int
		want color.RGBA
	}{
		{50, 20, red}, {12, 21, red}, {50, 70, blue}, {56, 70, blue},
		{50, 26, color.RGBA{}}, {50, 80, color.RGBA{}}, {5, 5, color.RGBA{}},
	} {
		if c := got.RGBAAt(tc.x, tc.y); !close(c, tc.want) {
			t.Errorf("(%d,%d) = %v, want %v", tc.x, tc.y, c, tc.want)
		}
	}
}

// TestDrawTextureMemory: a full window's worth of long grid lines, sticks
// and joints must not grow ebiten's textures. Drawing them with ebiten's
// vector package grew its stencil atlas to 16384×8192 pixels (512 MiB, held
// in host memory by a software GL driver; 100 diagonal lines across this
// image with vector.StrokeLine grew the textures by 1032 MiB here). The
// triangle batches need only the 3×3 source image, which may open a new
// atlas page of a few MiB.
func TestDrawTextureMemory(t *testing.T) {
	displaytest.Need(t)
	sk := &formats.Skeleton{}
	for i := 0; i < 60; i++ {
		b := formats.Bone{ID: i, Parent: i - 1, Bind: formats.Identity()}
		b.Bind.Translation = mgl32.Vec3{float32(i%3) - 1, 0.3, float32(i%2) - 0.5}
		sk.Bones = append(sk.Bones, b)
	}
	w := player.NewWorldPose(sk)
	player.ToWorld(sk, player.NewPose(sk), w)
	var dl render.DrawList
	cam := render.DefaultCamera()
	cam.Distance = 30
	render.Build(&dl, &render.Scene{Skeleton: sk, World: w, Selected: -1}, cam, render.Viewport{W: 1280, H: 800}, render.DefaultOptions())
	dst := ebiten.NewImage(1280, 800)
	defer dst.Deallocate()
	var d Drawer
	defer d.Dispose()
	dst.Fill(color.White)
	readBack(dst) // allocates dst itself before the measure
	var before ebiten.DebugInfo
	ebiten.ReadDebugInfo(&before)
	for i := 0; i < 3; i++ {
		d.Draw(dst, &dl, nil)
	}
	readBack(dst) // runs the queued commands
	var after ebiten.DebugInfo
	ebiten.ReadDebugInfo(&after)
	grown := after.TotalGPUImageMemoryUsageInBytes - before.TotalGPUImageMemoryUsageInBytes
	t.Logf("%d lines, %d dots: textures grew by %d KiB", len(dl.Lines), len(dl.Dots), grown>>10)
	if len(dl.Lines) < 100 {
		t.Fatalf("only %d lines: the test draws too little", len(dl.Lines))
	}
	if grown > 16<<20 {
		t.Errorf("drawing grew the textures by %d MiB", grown>>20)
	}
}
