package formats

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// TestMagnitudes checks the rule of
// docs/formats/README.md#values-near-the-float-limit (issue 35, item 8):
// finite values that would overflow single precision as the player uses
// them are refused by Validate, naming the bone and the value; values that
// cannot overflow are kept, however deep the chain.
func TestMagnitudes(t *testing.T) {
	// chain is n bones, each a unit along X from its parent, with a clip
	// that keys every bone at its bind.
	chain := func(n int) *Asset {
		sk := &Skeleton{}
		c := &Clip{Name: "walk", Duration: 1, Tracks: make([]BoneTracks, n)}
		for i := 0; i < n; i++ {
			b := Bone{Name: string(rune('a' + i%26)), Parent: i - 1, Bind: Identity()}
			b.Bind.Translation[0] = 1
			sk.Bones = append(sk.Bones, b)
			c.Tracks[i].Translation = Vec3Track{Times: []float64{0, 1}, Values: []mgl32.Vec3{{1, 0, 0}, {1, 0, 0}}}
			c.Tracks[i].Rotation = QuatTrack{Times: []float64{0}, Values: []mgl32.Quat{mgl32.QuatIdent()}}
		}
		return &Asset{Skeleton: sk, Clips: []*Clip{c}}
	}
	for _, tc := range []struct {
		name string
		n    int
		edit func(a *Asset)
		want string // "" for no error
	}{
		{"a chain of 5,000 unit bones", 5000, func(*Asset) {}, ""},
		{"a rotation of length 2 (normalised by the player)", 3, func(a *Asset) {
			a.Clips[0].Tracks[1].Rotation.Values[0] = mgl32.Quat{W: 2}
		}, ""},
		{"a root far away, 1e29", 3, func(a *Asset) {
			a.Clips[0].Tracks[0].Translation.Values[1] = mgl32.Vec3{1e29, 0, 0}
		}, ""},
		{"a root translation of 3e38", 2, func(a *Asset) {
			a.Clips[0].Tracks[0].Translation.Values[1] = mgl32.Vec3{3e38, 0, 0}
			a.Clips[0].Tracks[1].Translation.Values[1] = mgl32.Vec3{3e38, 0, 0}
		}, `bone 0 ("a") could reach a world position or scale of 3e+38, more than 1e+30 (bone 0 ("a") clip "walk" translation key 1 (1 s) [3e+38 0 0])`},
		{"a scale of 1e20 times a child's translation of 1e20", 3, func(a *Asset) {
			a.Clips[0].Tracks[1].Scale = Vec3Track{Times: []float64{0}, Values: []mgl32.Vec3{{1, 1e20, 1}}}
			a.Clips[0].Tracks[2].Translation.Values[0] = mgl32.Vec3{0, 0, 1e20}
		}, `bone 2 ("c") could reach a world position or scale of 1e+40, more than 1e+30 (bone 2 ("c") clip "walk" translation key 0 (0 s) [0 0 1e+20])`},
		{"a quaternion component of 3e38", 3, func(a *Asset) {
			a.Clips[0].Tracks[2].Rotation.Values[0] = mgl32.Quat{W: 1, V: mgl32.Vec3{3e38, 0, 0}}
		}, `clip "walk" bone 2 ("c") rotation key 0 (0 s): {1 [3e+38 0 0]} has length 3e+38, more than 1e+07`},
		{"a bind rotation of length 1e8", 3, func(a *Asset) {
			a.Skeleton.Bones[1].Bind.Rotation = mgl32.Quat{W: 1e8}
		}, `bone 1 ("b") bind rotation {1e+08 [0 0 0]} has length 1e+08, more than 1e+07`},
		{"a bind translation of 2e30", 3, func(a *Asset) {
			a.Skeleton.Bones[0].Bind.Translation = mgl32.Vec3{2e30, 0, 0}
		}, `bone 0 ("a") could reach a world position or scale of 2e+30, more than 1e+30 (bone 0 ("a") bind translation [2e+30 0 0])`},
		{"another skeleton of the file", 2, func(a *Asset) {
			alt := &Skeleton{Name: "alt", Bones: append([]Bone(nil), a.Skeleton.Bones...)}
			alt.Bones[1].Bind.Scale = mgl32.Vec3{1, 1, 2e30}
			a.Skeletons = []*Skeleton{a.Skeleton, alt}
		}, `skeleton 1 ("alt"): bone 1 ("b") could reach a world position or scale of 2e+30, more than 1e+30 (bone 1 ("b") bind scale [1 1 2e+30])`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := chain(tc.n)
			tc.edit(a)
			err := a.Validate()
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("error %v", err)
			case tc.want != "" && (!errors.Is(err, ErrNonFinite) || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("error %v\nwant one wrapping ErrNonFinite with %q", err, tc.want)
			}
		})
	}
}
