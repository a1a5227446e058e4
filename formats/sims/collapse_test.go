package sims

import (
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// rotationOnly builds an .anim whose motions move the named bones with
// rotations only, except the first, which also translates (as FreeSO
// clips that collapse do: the root travels, the limbs only turn).
func rotationOnly(t *testing.T, bones ...string) []byte {
	t.Helper()
	a := &Animation{Version: 2, Name: "rot-only", Duration: 1,
		TranslationCount: 1, Translations: []mgl32.Vec3{{0, 3, 0}}}
	for i, b := range bones {
		a.Rotations = append(a.Rotations, FileQuat{0, 0, 0, 1})
		m := Motion{BoneName: b, FrameCount: 1, Duration: 1, HasRotation: true, FirstRotation: uint32(i)}
		if i == 0 {
			m.HasTranslation = true
		}
		a.Motions = append(a.Motions, m)
	}
	a.RotationCount = uint32(len(a.Rotations))
	data, err := EncodeAnim(a)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestCollapseWarning: a clip whose motions carry rotations only stands on
// the built-in adult table, whose bones have the game's bind translations;
// on the dog's table (names only) it collapses and gets a warning that says
// why and that --skeleton helps.
func TestCollapseWarning(t *testing.T) {
	tests := []struct {
		name  string
		data  func(*testing.T) []byte
		warns bool
	}{
		{"rotations only, adult", func(t *testing.T) []byte {
			return rotationOnly(t, "ROOT", "PELVIS", "SPINE", "SPINE1", "NECK", "HEAD", "L_LEG", "R_LEG")
		}, false},
		{"rotations only, dog", func(t *testing.T) []byte {
			return rotationOnly(t, "ROOT", "PELVIS", "SPINE", "TAIL", "TAIL1", "NECK1", "HEAD", "L_HORSELINK")
		}, true},
		{"one bone", func(t *testing.T) []byte { return rotationOnly(t, "ROOT") }, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := loadAnim(&formats.Input{Name: "x.anim", Data: tc.data(t)})
			if err != nil {
				t.Fatal(err)
			}
			var got string
			for _, w := range a.Warnings {
				if strings.Contains(w, "zero translation") {
					got = w
				}
			}
			if tc.warns != (got != "") {
				t.Fatalf("warnings %q", a.Warnings)
			}
			if tc.warns && (!strings.Contains(got, "7 of 8 bones") || !strings.Contains(got, "--skeleton")) {
				t.Errorf("warning %q", got)
			}
		})
	}
}
