package render

import (
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// moving returns a root at the origin and a child whose translation follows
// the keys (times in seconds), as a clip over a two-bone skeleton.
func moving(times []float64, keys ...mgl32.Vec3) (*formats.Skeleton, *formats.Clip) {
	sk := chain(mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	clip := &formats.Clip{Name: "move", Duration: times[len(times)-1], Tracks: make([]formats.BoneTracks, 2)}
	clip.Tracks[1].Translation = formats.Vec3Track{Times: times, Values: keys}
	return sk, clip
}

func TestBoundsAdd(t *testing.T) {
	var b Bounds
	b.Add(mgl32.Vec3{1, 2, 3})
	if !b.Valid || b.Min != b.Max || b.Min != (mgl32.Vec3{1, 2, 3}) {
		t.Fatalf("after one point: %+v", b)
	}
	b.Add(mgl32.Vec3{-1, 5, 0})
	nan := float32(0)
	nan /= nan
	b.Add(mgl32.Vec3{nan, 100, 100})
	if b.Min != (mgl32.Vec3{-1, 2, 0}) || b.Max != (mgl32.Vec3{1, 5, 3}) {
		t.Errorf("bounds %+v", b)
	}
}

func TestClipBounds(t *testing.T) {
	sk, clip := moving([]float64{0, 1}, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{3, 0, 2})
	peak, peakClip := moving([]float64{0, 0.5, 1}, mgl32.Vec3{}, mgl32.Vec3{0, 10, 0}, mgl32.Vec3{})
	tests := []struct {
		name     string
		sk       *formats.Skeleton
		src      player.Sampler
		root     mgl32.Mat4
		n        int
		min, max mgl32.Vec3
	}{
		{"linear move", sk, player.NewClipSampler(sk, clip), mgl32.Ident4(), 5, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{3, 0, 2}},
		// Z-up root: file (x, y, z) -> view (x, z, -y).
		{"Z-up root", sk, player.NewClipSampler(sk, clip), SceneRoot(zUp), 5, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{3, 2, 0}},
		{"zero root is identity", sk, player.NewClipSampler(sk, clip), mgl32.Mat4{}, 2, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{3, 0, 2}},
		{"bind pose", sk, nil, mgl32.Ident4(), 10, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 1, 0}},
		// Samples at 0, 0.5, 1 see the peak; n below 2 counts as 2 (0 and 1),
		// which misses it: ClipBounds is exactly as good as its sampling.
		{"peak seen with 3 samples", peak, player.NewClipSampler(peak, peakClip), mgl32.Ident4(), 3, mgl32.Vec3{}, mgl32.Vec3{0, 10, 0}},
		{"peak missed with 2 samples", peak, player.NewClipSampler(peak, peakClip), mgl32.Ident4(), 0, mgl32.Vec3{}, mgl32.Vec3{}},
	}
	for _, tc := range tests {
		b := ClipBounds(tc.sk, tc.src, tc.root, tc.n)
		if !b.Valid || !near3(b.Min, tc.min, 1e-5) || !near3(b.Max, tc.max, 1e-5) {
			t.Errorf("%s: %+v, want %v..%v", tc.name, b, tc.min, tc.max)
		}
	}
	if b := ClipBounds(nil, nil, mgl32.Ident4(), 3); b.Valid {
		t.Errorf("nil skeleton gave %+v", b)
	}
	if b := ClipBounds(&formats.Skeleton{}, nil, mgl32.Ident4(), 3); b.Valid {
		t.Errorf("empty skeleton gave %+v", b)
	}
}

// TestClipExtentAroundRoot: a root that travels 10 units along X with a
// child 1 unit above it. The whole clip spans the trip; around the root
// the figure is just its 1-unit stick.
func TestClipExtentAroundRoot(t *testing.T) {
	sk := &formats.Skeleton{Bones: []formats.Bone{
		{Parent: -1, Bind: formats.Identity()},
		{Parent: 0, Bind: formats.Transform{Translation: mgl32.Vec3{0, 1, 0}, Rotation: mgl32.QuatIdent(), Scale: mgl32.Vec3{1, 1, 1}}},
	}}
	clip := &formats.Clip{Duration: 1, Tracks: make([]formats.BoneTracks, 2)}
	clip.Tracks[0].Translation = formats.Vec3Track{Times: []float64{0, 1}, Values: []mgl32.Vec3{{0, 0, 0}, {10, 0, 0}}}
	whole, around := ClipExtent(sk, player.NewClipSampler(sk, clip), mgl32.Ident4(), 5)
	if whole.Min != (mgl32.Vec3{0, 0, 0}) || whole.Max != (mgl32.Vec3{10, 1, 0}) {
		t.Errorf("whole %v..%v", whole.Min, whole.Max)
	}
	if around.Min != (mgl32.Vec3{0, 0, 0}) || around.Max != (mgl32.Vec3{0, 1, 0}) {
		t.Errorf("around the root %v..%v", around.Min, around.Max)
	}
}
