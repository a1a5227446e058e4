package lego

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// The committed fixtures are made here, from the writers, and contain no
// game data. Regenerate them with
//
//	go test ./formats/lego -run TestFixtures -update
var update = flag.Bool("update", false, "rewrite the testdata fixtures")

const (
	walkFixture = "testdata/minifig_walk.ani"
	siFixture   = "testdata/minifig.si"
)

// fileQuat returns the file's (w, x, y, z) for a key that turns a node by
// deg degrees about axis as the game shows it: the engine rotates by the
// conjugate of the stored quaternion, so the stored vector part is negated.
func fileQuat(axis [3]float32, deg float64) (w, x, y, z float32) {
	s, c := math.Sincos(deg * math.Pi / 360)
	return float32(c), -axis[0] * float32(s), -axis[1] * float32(s), -axis[2] * float32(s)
}

func rotKey(ms uint32, flags uint8, axis [3]float32, deg float64) RotationKey {
	w, x, y, z := fileQuat(axis, deg)
	return RotationKey{Key: Key{Time: ms, Flags: flags}, W: w, X: x, Y: y, Z: z}
}

func trKey(ms uint32, flags uint8, x, y, z float32) TranslationKey {
	return TranslationKey{Key: Key{Time: ms, Flags: flags}, X: x, Y: y, Z: z}
}

var axisX = [3]float32{1, 0, 0}

// minifigWalk is a LEGO-style minifigure walking forward for 1.2 s, seen
// by an animated camera: a '-' root that binds no ROI, the figure, its
// body with head, arms and legs, and a '*' hat that grows and then hides
// (one morph key). The keys use every flag the game knows: an inactive
// zero translation, a 0x04 step hold and a 0x02 negated key.
func minifigWalk() *File {
	// LEGO Island is left-handed with the figure facing +Z (it walks
	// that way), so its left side is -X. Each limb has an end node so the
	// viewer draws it as a stick.
	swing := func(name string, sign float64, x, y, length float32) *Node {
		return &Node{
			Name:        name,
			Translation: []TranslationKey{trKey(0, FlagActive, x, y, 0)},
			Children: []*Node{{
				Name:        name + "-END",
				Translation: []TranslationKey{trKey(0, FlagActive, 0, -length, 0)},
			}},
			Rotation: []RotationKey{
				rotKey(0, FlagActive, axisX, 30*sign),
				rotKey(600, FlagActive, axisX, -30*sign),
				rotKey(1200, FlagActive, axisX, 30*sign),
			},
		}
	}
	armLeft := swing("ARM-LFT", 1, -0.45, 0.9, 0.6)
	// The last key is stored negated and flagged 0x02: the game negates
	// it back before slerping, so the swing is unchanged.
	last := &armLeft.Rotation[2]
	last.Flags |= FlagNegate
	last.W, last.X, last.Y, last.Z = -last.W, -last.X, -last.Y, -last.Z
	legRight := swing("LEG-RT", -1, 0.2, 0, 0.8)
	// Hold the first pose for 300 ms: key 1 repeats key 0 with 0x04.
	legRight.Rotation = append([]RotationKey{legRight.Rotation[0],
		rotKey(300, FlagActive|FlagSkipInterp, axisX, -30)}, legRight.Rotation[1:]...)
	return &File{
		Header: Header{
			Magic:          Magic,
			BoundingRadius: 2.5,
			Center:         [3]float32{0, 1.2, 0.6},
			HasCamera:      1,
			Unused:         1,
		},
		Actors:   []Actor{{Name: "minifig", Type: 2}, {Name: "prop", Type: 1}},
		Duration: 1200,
		Camera: &Camera{
			Position: []TranslationKey{trKey(0, 0, 0, 1.5, -5), trKey(1200, 0, 2, 1.5, -4.5)},
			Target:   []TranslationKey{trKey(0, 0, 0, 1, 0.6)},
			Roll:     []RollKey{{Key: Key{Time: 0, Flags: FlagActive}}, {Key: Key{Time: 600, Flags: FlagActive}, Angle: 0.1}},
		},
		Root: &Node{Name: "-MINIFIG_WALK", Children: []*Node{{
			Name: "minifig",
			// The first key is zero and not flagged, so it is inactive;
			// the second is active, so the figure still walks from 0.
			Translation: []TranslationKey{trKey(0, 0, 0, 0, 0), trKey(1200, 0, 0, 0, 1.2)},
			Children: []*Node{{
				Name:        "BODY",
				Translation: []TranslationKey{trKey(0, FlagActive, 0, 0.8, 0)},
				Children: []*Node{
					{
						Name:        "HEAD",
						Translation: []TranslationKey{trKey(0, FlagActive, 0, 1.2, 0)},
						Rotation: []RotationKey{
							rotKey(0, 0, axisX, 0),
							rotKey(600, FlagActive, axisX, 10),
							rotKey(1200, 0, axisX, 0),
						},
						Children: []*Node{{
							Name:        "*HAT",
							Translation: []TranslationKey{trKey(0, FlagActive, 0, 0.5, 0)},
							Scale: []ScaleKey{
								{Key: Key{Time: 0}, X: 1, Y: 1, Z: 1},
								{Key: Key{Time: 300}, X: 1.2, Y: 1.2, Z: 1.2},
							},
							Morph: []MorphKey{{Key: Key{Time: 900}, Visible: 0}},
						}},
					},
					armLeft,
					swing("ARM-RT", -1, 0.45, 0.9, 0.6),
					swing("LEG-LFT", 1, -0.2, 0, 0.8),
					legRight,
				},
			}},
		}}},
		Trailing: []byte{0},
	}
}

// minifigWave is a looping wave of the right arm, without a camera.
func minifigWave() *File {
	return &File{
		Header:   Header{Magic: Magic, BoundingRadius: 2, Center: [3]float32{0, 1, 0}, Unused: 1},
		Actors:   []Actor{{Name: "minifig", Type: 2}},
		Duration: 800,
		Root: &Node{Name: "-MINIFIG_WAVE", Children: []*Node{{
			Name: "minifig",
			Children: []*Node{{
				Name:        "BODY",
				Translation: []TranslationKey{trKey(0, FlagActive, 0, 0.8, 0)},
				Children: []*Node{{
					Name:        "ARM-RT",
					Translation: []TranslationKey{trKey(0, FlagActive, 0.45, 0.9, 0)},
					Children: []*Node{{
						Name:        "ARM-RT-END",
						Translation: []TranslationKey{trKey(0, FlagActive, 0, -0.6, 0)},
					}},
					Rotation: []RotationKey{
						rotKey(0, FlagActive, [3]float32{0, 0, 1}, 150),
						rotKey(400, FlagActive, [3]float32{0, 0, 1}, 120),
						rotKey(800, FlagActive, [3]float32{0, 0, 1}, 150),
					},
				}},
			}},
		}}},
	}
}

func mustEncode(t testing.TB, f *File) []byte {
	t.Helper()
	b, err := f.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// minifigSI wraps both animations the way game SI files do: the walk
// inside a LegoAnimMMPresenter composite, the wave as a looping presenter
// of its own, and a sound the loader must step over. The small buffer
// makes the walk's payload split across chunks.
func minifigSI(t testing.TB) []byte {
	t.Helper()
	walk := &SIObject{
		Type: TypeAnim, Presenter: "LegoAnimPresenter", Name: "minifig_walk", ID: 2,
		Flags: 0, Duration: 1200, LoopCount: 1, Up: [3]float64{0, 1, 0}, Direction: [3]float64{0, 0, 1},
		MediaSrc: `C:\fixture\minifig_walk.ani`, PaletteManagement: 1,
		Data: [][]byte{mustEncode(t, minifigWalk())},
	}
	step := &SIObject{
		Type: TypeSound, Presenter: "MxWavePresenter", Name: "step_sound", ID: 3,
		Duration: 1200, LoopCount: 1, MediaSrc: `C:\fixture\step.wav`, MediaFormat: fourCC(" WAV"),
		Volume: 79, Data: [][]byte{[]byte("RIFF-less fake header"), bytes.Repeat([]byte{0x80}, 300)},
	}
	scene := &SIObject{
		Type: TypeParallelAction, Presenter: "LegoAnimMMPresenter", Name: "minifig_scene", ID: 1,
		Duration: 1200, LoopCount: 1, Extra: []byte("FROM_PARENT"),
		Children: []*SIObject{walk, step},
	}
	wave := &SIObject{
		Type: TypeAnim, Presenter: "LegoLoopingAnimPresenter", Name: "minifig_wave", ID: 4,
		Duration: -1, LoopCount: -1, MediaSrc: `C:\fixture\minifig_wave.ani`, PaletteManagement: 1,
		Data: [][]byte{mustEncode(t, minifigWave())},
	}
	b, err := SIWriter{BufferSize: 1024, BufferCount: 2}.Encode([]*SIObject{scene, wave})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestFixtures(t *testing.T) {
	want := map[string][]byte{
		walkFixture: mustEncode(t, minifigWalk()),
		siFixture:   minifigSI(t),
	}
	for name, b := range want {
		if *update {
			if err := os.WriteFile(filepath.FromSlash(name), b, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(filepath.FromSlash(name))
		if err != nil {
			t.Fatalf("%v (regenerate with -update)", err)
		}
		if !bytes.Equal(got, b) {
			t.Errorf("%s differs from the writer's output; regenerate with -update", name)
		}
	}
}
