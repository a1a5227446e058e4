// Package simstest makes The Sims fixtures for tests in other packages
// (the window, the Wine comparison, the web page) with formats/sims' own
// writers, so that each test does not build its own copy. Programs never
// import it.
package simstest

import (
	"fmt"
	"slices"

	"github.com/animview/animview/formats/sims"
	"github.com/go-gl/mathgl/mgl32"
)

// Skill returns a Sims 1 skill named name made from a TSO animation's
// motions: the same motions with their key data left for a .cfp
// (sims.EncodeCFP(a.Translations, a.Rotations)), and the props and time
// props a version 300 skill carries (docs/formats/sims.md#skills).
func Skill(a *sims.Animation, name string) sims.Animation {
	skill := *a
	skill.Version, skill.Name, skill.XSkillName = 0, name, name
	skill.Translations, skill.Rotations = nil, nil
	skill.Motions = slices.Clone(a.Motions)
	for i := range skill.Motions {
		m := &skill.Motions[i]
		m.Unknown, m.HasProps, m.HasTimeProps, m.Props, m.TimeProps = 0, true, true, nil, nil
	}
	return skill
}

// SquareSuit returns a suit name.cmx that binds one skin, xskin-NAME.skn,
// to the PELVIS: a square of side 2r in the pelvis's XY plane, wound both
// ways so that it shows from either side. The map holds the two files by
// name.
func SquareSuit(name string, r float32) (map[string][]byte, error) {
	skin := "xskin-" + name
	cmx, err := sims.EncodeCMX(&sims.CharacterFile{Version: 300, Suits: []sims.Suit{{Name: name,
		Bindings: []sims.SuitBinding{{Bone: "PELVIS", Mesh: skin}}}}})
	if err != nil {
		return nil, fmt.Errorf("simstest: suit %s: %w", name, err)
	}
	n := mgl32.Vec3{0, 0, 1}
	skn, err := sims.EncodeSKN(&sims.Skin{Name: skin, Texture: "x", Bones: []string{"PELVIS"},
		Faces:    [][3]int32{{0, 1, 2}, {0, 2, 3}, {0, 2, 1}, {0, 3, 2}},
		Bindings: []sims.SkinBinding{{Bone: 0, FirstVertex: 0, VertexCount: 4, FirstBlend: -1}},
		UVs:      []mgl32.Vec2{{0, 0}, {1, 0}, {1, 1}, {0, 1}},
		Vertices: []mgl32.Vec3{{-r, -r, 0}, {r, -r, 0}, {r, r, 0}, {-r, r, 0}},
		Normals:  []mgl32.Vec3{n, n, n, n},
	})
	if err != nil {
		return nil, fmt.Errorf("simstest: skin %s: %w", skin, err)
	}
	return map[string][]byte{name + ".cmx": cmx, skin + ".skn": skn}, nil
}
