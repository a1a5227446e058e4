package raster

import (
	"bytes"
	"image"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"github.com/go-gl/mathgl/mgl32"
)

// BenchmarkDraw640x480 rasterizes a framed 40-bone figure with grid, axes,
// joints and labels, the CLI's screenshot workload.
func BenchmarkDraw640x480(b *testing.B) {
	sk := &formats.Skeleton{}
	for i := 0; i < 40; i++ {
		bone := formats.Bone{ID: i, Name: "bone", Parent: i - 1, Bind: formats.Identity()}
		if i%10 == 0 && i > 0 {
			bone.Parent = 0
		}
		bone.Bind.Translation = mgl32.Vec3{0.1, 0.2, 0.05}
		bone.Bind.Rotation = mgl32.QuatRotate(0.3, mgl32.Vec3{0, 0, 1})
		sk.Bones = append(sk.Bones, bone)
	}
	w := player.NewWorldPose(sk)
	player.ToWorld(sk, player.NewPose(sk), w)
	opt := render.DefaultOptions()
	opt.Labels = true
	cam := render.DefaultCamera()
	cam.Frame(render.ClipBounds(sk, nil, mgl32.Ident4(), 2))
	var dl render.DrawList
	render.Build(&dl, &render.Scene{Skeleton: sk, World: w, Selected: -1}, cam, render.Viewport{W: 640, H: 480}, opt)
	img := image.NewRGBA(image.Rect(0, 0, 640, 480))
	face := DefaultFace()
	b.ReportAllocs()
	for b.Loop() {
		Draw(img, &dl, face)
	}
}

// BenchmarkEncodeGIF1s encodes a one-second clip at 30 fps, 320×240.
func BenchmarkEncodeGIF1s(b *testing.B) {
	a := waving(formats.Coords{}, mgl32.Vec3{0, 2, 0})
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := EncodeGIF(&buf, a, 0, FrameOptions{Width: 320, Height: 240}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}
