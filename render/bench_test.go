package render

import (
	"math"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// tree100 is a 100-bone skeleton: a spine of 20 bones with four 20-bone
// limbs branching off it, bent so sticks cross in depth.
func tree100() *formats.Skeleton {
	sk := &formats.Skeleton{Name: "bench"}
	add := func(parent int, off mgl32.Vec3, angle float32) {
		b := formats.Bone{ID: len(sk.Bones), Name: "bone", Parent: parent, Bind: formats.Identity()}
		b.Bind.Translation = off
		b.Bind.Rotation = mgl32.QuatRotate(angle, mgl32.Vec3{0, 0, 1}.Add(mgl32.Vec3{0.3, 0.2, 0}).Normalize())
		sk.Bones = append(sk.Bones, b)
	}
	add(-1, mgl32.Vec3{}, 0)
	for i := 1; i < 20; i++ {
		add(i-1, mgl32.Vec3{0, 0.1, 0}, 0.05)
	}
	for limb := 0; limb < 4; limb++ {
		parent := 5 + 4*limb
		for i := 0; i < 20; i++ {
			add(parent, mgl32.Vec3{0.08, 0, 0.02}, float32(limb)*math.Pi/2+0.1)
			parent = len(sk.Bones) - 1
		}
	}
	return sk
}

func BenchmarkBuild100Bones(b *testing.B) {
	sk := tree100()
	if len(sk.Bones) != 100 {
		b.Fatalf("%d bones", len(sk.Bones))
	}
	w := player.NewWorldPose(sk)
	player.ToWorld(sk, player.NewPose(sk), w)
	sc := &Scene{Skeleton: sk, World: w, Selected: 10, Root: SceneRoot(zUp)}
	opt := DefaultOptions()
	opt.Labels = true
	cam := DefaultCamera()
	cam.Frame(ClipBounds(sk, nil, sc.Root, 2))
	vp := Viewport{0, 0, 1280, 720}
	var dl DrawList
	Build(&dl, sc, cam, vp, opt)
	b.ReportAllocs()
	for b.Loop() {
		Build(&dl, sc, cam, vp, opt)
	}
	b.ReportMetric(float64(len(dl.Lines)), "lines")
}
