package render

import (
	"image/color"
	"math"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// chain returns a skeleton where each bone's parent is the one before and
// whose bind translations are the given offsets.
func chain(offsets ...mgl32.Vec3) *formats.Skeleton {
	sk := &formats.Skeleton{Name: "test"}
	names := []string{"root", "spine", "arm", "hand", "finger"}
	for i, o := range offsets {
		b := formats.Bone{ID: 100 + i, Parent: i - 1, Bind: formats.Identity()}
		if i < len(names) {
			b.Name = names[i]
		}
		b.Bind.Translation = o
		sk.Bones = append(sk.Bones, b)
	}
	return sk
}

// posed returns the world pose of a skeleton's bind pose.
func posed(sk *formats.Skeleton) *player.WorldPose {
	w := player.NewWorldPose(sk)
	player.ToWorld(sk, player.NewPose(sk), w)
	return w
}

// frontCamera looks down -Z from (0, 0, d) with a 90° field of view, so a
// point (x, y, z) lands at centre + (x, -y)·(half size)/(d - z).
func frontCamera(d float64) Camera {
	return Camera{Distance: d, FovY: 90}
}

func near2(a, b mgl32.Vec2, tol float32) bool {
	return abs32(a[0]-b[0]) <= tol && abs32(a[1]-b[1]) <= tol
}

func near3(a, b mgl32.Vec3, tol float32) bool {
	return abs32(a[0]-b[0]) <= tol && abs32(a[1]-b[1]) <= tol && abs32(a[2]-b[2]) <= tol
}

func abs32(x float32) float32 { return float32(math.Abs(float64(x))) }

// bonesOf returns the lines of kind KindBone.
func bonesOf(dl *DrawList) []Line {
	var out []Line
	for _, l := range dl.Lines {
		if l.Kind == KindBone {
			out = append(out, l)
		}
	}
	return out
}

func mustLine(t *testing.T, dl *DrawList, bone int) Line {
	t.Helper()
	for _, l := range dl.Lines {
		if l.Kind == KindBone && l.Bone == bone {
			return l
		}
	}
	t.Fatalf("no stick for bone %d in %+v", bone, dl.Lines)
	return Line{}
}

func hasDot(dl *DrawList, bone int) bool {
	for _, d := range dl.Dots {
		if d.Bone == bone {
			return true
		}
	}
	return false
}

var zUp = formats.Coords{Up: formats.AxisZ}

func rgba(c color.RGBA) [4]uint8 { return [4]uint8{c.R, c.G, c.B, c.A} }
