package lego

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// sceneFixture is a LEGO Island-style scene: a static '-' scene root at the
// origin and two actors about 3 units apart placed about 46 units from it,
// as the game's own animations place theirs, each marking time on the spot. Viewers must frame
// the two figures, not the long offsets from the root.
const sceneFixture = "testdata/scene_far.ani"

// farActor is a 2-unit minifigure at (x, 0, z) whose arms and legs swing.
func farActor(name string, x, z float32, phase float64) *Node {
	limb := func(n string, sign float64, lx, ly, length float32) *Node {
		return &Node{
			Name:        n,
			Translation: []TranslationKey{trKey(0, FlagActive, lx, ly, 0)},
			Rotation: []RotationKey{
				rotKey(0, FlagActive, axisX, 25*sign*phase),
				rotKey(600, FlagActive, axisX, -25*sign*phase),
				rotKey(1200, FlagActive, axisX, 25*sign*phase),
			},
			Children: []*Node{{Name: n + "-END", Translation: []TranslationKey{trKey(0, FlagActive, 0, -length, 0)}}},
		}
	}
	return &Node{
		Name:        name,
		Translation: []TranslationKey{trKey(0, FlagActive, x, 0, z)},
		Children: []*Node{{
			Name:        "BODY",
			Translation: []TranslationKey{trKey(0, FlagActive, 0, 0.8, 0)},
			Children: []*Node{
				{Name: "HEAD", Translation: []TranslationKey{trKey(0, FlagActive, 0, 1.2, 0)},
					Children: []*Node{{Name: "HEAD-END", Translation: []TranslationKey{trKey(0, FlagActive, 0, 0.4, 0)}}}},
				limb("ARM-LFT", 1, -0.45, 0.9, 0.6),
				limb("ARM-RT", -1, 0.45, 0.9, 0.6),
				limb("LEG-LFT", -1, -0.2, 0, 0.8),
				limb("LEG-RT", 1, 0.2, 0, 0.8),
			},
		}},
	}
}

func farScene() *File {
	return &File{
		Header:   Header{Magic: Magic, BoundingRadius: 50, Unused: 1},
		Actors:   []Actor{{Name: "pepper", Type: 2}, {Name: "mama", Type: 2}},
		Duration: 1200,
		Root: &Node{Name: "-FAR_SCENE", Children: []*Node{
			// |(44, 0, 13.5)| = 46.0 and |(46, 0, 11)| = 47.3.
			farActor("pepper", 44, 13.5, 1),
			farActor("mama", 46, 11, -1),
		}},
	}
}

func TestSceneFixture(t *testing.T) {
	b := mustEncode(t, farScene())
	if *update {
		if err := os.WriteFile(filepath.FromSlash(sceneFixture), b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(filepath.FromSlash(sceneFixture))
	if err != nil {
		t.Fatalf("%v (regenerate with -update)", err)
	}
	if !bytes.Equal(got, b) {
		t.Errorf("%s differs from the writer's output; regenerate with -update", sceneFixture)
	}
	f, err := Parse(got)
	if err != nil {
		t.Fatal(err)
	}
	a, err := f.Asset("scene_far")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(a.Skeleton.Bones); n != 1+2*12 {
		t.Errorf("%d nodes, want 25", n)
	}
}
