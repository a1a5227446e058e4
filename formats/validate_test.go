package formats

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// fullAsset is a hand-made asset with every kind of number the guard
// checks: binds, a second skeleton, keys of each channel, a camera, events,
// a set with a tree, transitions and fades, a character and a mesh.
func fullAsset() *Asset {
	bones := []Bone{{Parent: -1, Bind: Identity()}, {Parent: 0, Bind: Identity()}}
	sk := &Skeleton{Bones: bones}
	tracks := make([]BoneTracks, 2)
	tracks[1] = BoneTracks{
		Translation: Vec3Track{Times: []float64{0, 1}, Values: []mgl32.Vec3{{0, 1, 0}, {1, 1, 0}}},
		Rotation:    QuatTrack{Times: []float64{0}, Values: []mgl32.Quat{mgl32.QuatIdent()}},
		Scale:       Vec3Track{Times: []float64{0}, Values: []mgl32.Vec3{{1, 1, 1}}},
	}
	clip := &Clip{Name: "walk", Duration: 1, FrameRate: 30, Tracks: tracks,
		Events: []Event{{Time: 0.5, Name: "step", Bone: -1}},
		Camera: &CameraTrack{
			Position: Vec3Track{Times: []float64{0}, Values: []mgl32.Vec3{{0, 0, 5}}},
			Target:   Vec3Track{Times: []float64{0}, Values: []mgl32.Vec3{{0, 0, 0}}},
			Roll:     FloatTrack{Times: []float64{0}, Values: []float32{0}},
		}}
	tree := &MetaAnim{Kind: MetaBlend, Clip: -1, Weight: 0.5, Children: []*MetaAnim{
		{Kind: MetaPlay, Clip: 0, StartTime: 0}, {Kind: MetaPlay, Clip: 0, StartTime: 0.25}}}
	set := &AnimSet{
		Animations:        []SetAnim{{Name: "blend", Tree: tree, Events: []Event{{Time: 0.1, Bone: -1}}}},
		Transitions:       []Transition{{From: 0, To: 1, Trans: MetaTrans{Kind: MetaTransTrans, Duration: 0.2}}},
		HalfTransitions:   []HalfTransition{{To: 1, Trans: MetaTrans{Kind: MetaTransAnim, Anim: &MetaAnim{Kind: MetaPlay, Clip: 0}}}},
		DefaultTransition: MetaTrans{Kind: MetaTransSnap},
		Additive:          []AdditiveAnim{{Anim: 0, Fade: AdditiveFade{FadeIn: 0.1, FadeOut: 0.1}}},
	}
	return &Asset{Skeleton: sk, Skeletons: []*Skeleton{sk, {Bones: []Bone{{Parent: -1, Bind: Identity()}}}},
		Clips: []*Clip{clip}, AnimSet: set,
		Characters: []Character{{Name: "c", Animations: []CharacterAnim{{Name: "blend", Meta: tree}}}},
		Meshes:     []*Mesh{validMesh()}}
}

// TestValidateRefusesNonFinite is the last-line guard of
// docs/formats/README.md#limits-and-non-finite-numbers: a NaN or an
// infinity anywhere the player, the renderer, the exporter or JSON output
// reads a number is an error that wraps ErrNonFinite and says where.
func TestValidateRefusesNonFinite(t *testing.T) {
	if err := fullAsset().Validate(); err != nil {
		t.Fatalf("the hand-made asset is refused: %v", err)
	}
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	cases := []struct {
		name  string
		where string
		set   func(a *Asset)
	}{
		{"bind translation", "bone 1 (\"\") bind translation", func(a *Asset) { a.Skeleton.Bones[1].Bind.Translation[2] = nan }},
		{"bind rotation", "bind rotation", func(a *Asset) { a.Skeleton.Bones[0].Bind.Rotation.W = inf }},
		{"bind scale", "bind scale", func(a *Asset) { a.Skeleton.Bones[0].Bind.Scale[0] = nan }},
		{"second skeleton", "skeleton 1", func(a *Asset) { a.Skeletons[1].Bones[0].Bind.Translation[0] = inf }},
		{"frame rate", "frame rate", func(a *Asset) { a.Clips[0].FrameRate = math.Inf(1) }},
		{"translation key", "bone 1 translation key 1", func(a *Asset) { a.Clips[0].Tracks[1].Translation.Values[1][0] = nan }},
		{"rotation key", "bone 1 rotation key 0", func(a *Asset) { a.Clips[0].Tracks[1].Rotation.Values[0].V[1] = nan }},
		{"scale key", "bone 1 scale key 0", func(a *Asset) { a.Clips[0].Tracks[1].Scale.Values[0][2] = -inf }},
		{"key time", "translation: key 1", func(a *Asset) { a.Clips[0].Tracks[1].Translation.Times[1] = math.NaN() }},
		{"event time", "event 0 (\"step\")", func(a *Asset) { a.Clips[0].Events[0].Time = math.NaN() }},
		{"camera position", "camera position key 0", func(a *Asset) { a.Clips[0].Camera.Position.Values[0][1] = nan }},
		{"camera target", "camera target key 0", func(a *Asset) { a.Clips[0].Camera.Target.Values[0][1] = inf }},
		{"camera roll", "camera roll key 0", func(a *Asset) { a.Clips[0].Camera.Roll.Values[0] = nan }},
		{"blend weight", "Blend node", func(a *Asset) { a.AnimSet.Animations[0].Tree.Weight = nan }},
		{"play start", "start time", func(a *Asset) { a.AnimSet.Animations[0].Tree.Children[1].StartTime = math.Inf(-1) }},
		{"set event", "animation 0 (\"blend\") event 0", func(a *Asset) { a.AnimSet.Animations[0].Events[0].Time = math.NaN() }},
		{"transition", "transition 0: duration", func(a *Asset) { a.AnimSet.Transitions[0].Trans.Duration = math.NaN() }},
		{"half transition", "half transition 0: animation", func(a *Asset) { a.AnimSet.HalfTransitions[0].Trans.Anim.StartTime = math.NaN() }},
		{"default transition", "default transition", func(a *Asset) { a.AnimSet.DefaultTransition.Duration = math.Inf(1) }},
		{"additive fade", "additive animation 0 fade", func(a *Asset) { a.AnimSet.Additive[0].Fade.FadeOut = nan }},
		{"default fade", "default additive fade", func(a *Asset) { a.AnimSet.DefaultAdditive.FadeIn = inf }},
		{"character tree", "character \"c\"", func(a *Asset) {
			a.AnimSet = nil
			a.Characters[0].Animations[0].Meta.Weight = nan
		}},
		{"mesh position", "vertex 0 position", func(a *Asset) { a.Meshes[0].Positions[0][0] = nan }},
		{"mesh material", "diffuse", func(a *Asset) {
			a.Meshes[0].Materials = []Material{{Diffuse: [4]float32{1, nan, 1, 1}}}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := fullAsset()
			tc.set(a)
			err := a.Validate()
			if !errors.Is(err, ErrNonFinite) {
				t.Fatalf("error %v, want one wrapping ErrNonFinite", err)
			}
			if !strings.Contains(err.Error(), tc.where) {
				t.Errorf("error %q does not say %q", err, tc.where)
			}
		})
	}
}

// TestRegistryRefusesNonFinite: an asset with a NaN from a loader (a
// loader bug) never leaves the registry.
func TestRegistryRefusesNonFinite(t *testing.T) {
	l := Loader{Name: "buggy", Extensions: []string{"bug"}, Load: func(*Input) (*Asset, error) {
		a := fullAsset()
		a.Clips[0].Tracks[1].Rotation.Values[0].W = float32(math.NaN())
		return a, nil
	}}
	a, err := NewRegistry(l).Load(&Input{Name: "x.bug"})
	if a != nil || !errors.Is(err, ErrNonFinite) || !strings.Contains(err.Error(), "buggy loader") {
		t.Fatalf("asset %v, error %v", a != nil, err)
	}
}
