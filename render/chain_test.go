package render

import (
	"fmt"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// serpentine is a chain of n bones, each the child of the one before,
// whose joints run along rows of cols joints, back and forth: issue 35's
// deep chain, spread over the view so that every joint is drawn and
// labelled.
func serpentine(n, cols int) *formats.Skeleton {
	sk := &formats.Skeleton{Name: "serpentine"}
	dir := float32(1)
	for i := range n {
		b := formats.Bone{ID: i, Name: fmt.Sprintf("j%d", i), Parent: i - 1, Bind: formats.Identity()}
		switch {
		case i == 0:
		case i%cols == 0:
			b.Bind.Translation = mgl32.Vec3{0, 1, 0}
			dir = -dir
		default:
			b.Bind.Translation = mgl32.Vec3{dir, 0, 0}
		}
		sk.Bones = append(sk.Bones, b)
	}
	return sk
}

// TestDeepChainWork counts the steps of framing and of building a frame
// for chains of 1,000 and 4,000 bones: both linear in the bones. Issue 35:
// framing added each joint to the box of every ancestor, a frame searched
// the later bones for each bone's link children, and each label was tested
// against every label placed before it: the square of a chain's depth
// (12.5 M framing merges for 5,000 bones).
func TestDeepChainWork(t *testing.T) {
	const samples = 4
	for _, n := range []int{1000, 4000} {
		sk := serpentine(n, 50)
		f := ClipFraming(sk, nil, mgl32.Ident4(), samples)
		if f.visits > samples*n {
			t.Errorf("%d bones: framing merged %d boxes, want at most %d", n, f.visits, samples*n)
		}
		sc := &Scene{Skeleton: sk, World: posed(sk), Selected: -1, Links: make([]bool, n)}
		opt := DefaultOptions()
		opt.Labels = true
		cam := DefaultCamera()
		vp := Viewport{0, 0, 3840, 2160}
		f.Aim(&cam, float64(vp.W/vp.H), false)
		var dl DrawList
		Build(&dl, sc, cam, vp, opt)
		if len(dl.Labels) < 100 {
			t.Fatalf("%d bones: only %d labels drawn; the test wants many", n, len(dl.Labels))
		}
		// Each label tries up to 16 places, each against the labels in
		// the cells it covers, a handful.
		if limit := 16 * 16 * n; dl.checks > limit {
			t.Errorf("%d bones: a frame took %d checks, want at most %d", n, dl.checks, limit)
		}
		t.Logf("%d bones: %d framing merges, %d checks for a frame with %d labels", n, f.visits, dl.checks, len(dl.Labels))
	}
}

// BenchmarkDeepChainFrame frames and builds a frame of chains of 1,000
// and 5,000 bones with labels: the time per bone stays the same.
func BenchmarkDeepChainFrame(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			sk := serpentine(n, 50)
			world := posed(sk)
			sc := &Scene{Skeleton: sk, World: world, Selected: -1, Links: make([]bool, n)}
			opt := DefaultOptions()
			opt.Labels = true
			vp := Viewport{0, 0, 1280, 800}
			var dl DrawList
			for b.Loop() {
				f := ClipFraming(sk, nil, mgl32.Ident4(), 16)
				cam := DefaultCamera()
				f.Aim(&cam, float64(vp.W/vp.H), false)
				Build(&dl, sc, cam, vp, opt)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/bone")
		})
	}
}
