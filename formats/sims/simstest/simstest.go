// Package simstest makes The Sims fixtures for tests in other packages
// (the window, the Wine comparison, the web page) with formats/sims' own
// writers, so that each test does not build its own copy. Programs never
// import it.
package simstest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"slices"

	"github.com/animview/animview/formats/sims"
	"github.com/go-gl/mathgl/mgl32"
	"golang.org/x/image/bmp"
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

// The skin tones' colours of the fixture Sim's textures: a skin colour
// for each tone (light, medium, dark), and the shirt's and the hair's,
// which every tone shares.
var (
	SkinColours = [3]color.NRGBA{{232, 184, 140, 255}, {176, 120, 80, 255}, {96, 60, 36, 255}}
	ShirtColour = color.NRGBA{40, 90, 210, 255}
	HairColour  = color.NRGBA{40, 28, 20, 255}
)

// Sim returns a whole Sim made with formats/sims' writers and
// x/image/bmp's, by name: the game's adult skeleton (adult-skeleton.cmx,
// from the built-in table), a body suit B001MAFit_01.cmx whose skin
// (xskin-b001mafit_01-PELVIS-BODY.skn) names its light texture
// b001mafitlgt_test, and a head suit C001MA_test.cmx whose skin
// (xskin-c001ma_test-HEAD-HEAD.skn) names none ("x"), with their 8-bit
// paletted textures in the three tones, named as the game's are:
// B001MAFit{lgt,med,drk}_test.bmp (a checker of skin and shirt) and
// C001MA{lgt,med,drk}_test.bmp (skin, hair across the top half). Each skin
// is a closed cube, each face the whole texture: the body's of half side
// 0.6 about the PELVIS, the head's of 0.3 about the HEAD
// (docs/formats/sims.md#skin-textures).
func Sim() (map[string][]byte, error) {
	out := map[string][]byte{}
	skel, err := sims.EncodeCMX(&sims.CharacterFile{Version: 300, Skeletons: []sims.Skeleton{*sims.BuiltInSkeleton(sims.Adult)}})
	if err != nil {
		return nil, fmt.Errorf("simstest: skeleton: %w", err)
	}
	out["adult-skeleton.cmx"] = skel
	for _, p := range []struct {
		file, suit, bone, part, texture, bmp string
		r                                    float32
		paint                                func(x, y int, skin color.NRGBA) color.NRGBA
	}{
		{"B001MAFit_01.cmx", "b001mafit_01", "PELVIS", "BODY", "b001mafitlgt_test", "B001MAFit%s_test.bmp", 0.6,
			func(x, y int, skin color.NRGBA) color.NRGBA {
				if (x/4+y/4)%2 == 0 {
					return ShirtColour
				}
				return skin
			}},
		{"C001MA_test.cmx", "c001ma_test", "HEAD", "HEAD", "x", "C001MA%s_test.bmp", 0.3,
			func(x, y int, skin color.NRGBA) color.NRGBA {
				if y < 8 {
					return HairColour
				}
				return skin
			}},
	} {
		skin := "xskin-" + p.suit + "-" + p.bone + "-" + p.part
		cmx, err := sims.EncodeCMX(&sims.CharacterFile{Version: 300, Suits: []sims.Suit{{Name: p.suit,
			Bindings: []sims.SuitBinding{{Bone: p.bone, Mesh: skin}}}}})
		if err != nil {
			return nil, fmt.Errorf("simstest: suit %s: %w", p.suit, err)
		}
		out[p.file] = cmx
		s := cube(p.r)
		s.Name, s.Texture, s.Bones = skin, p.texture, []string{p.bone}
		skn, err := sims.EncodeSKN(s)
		if err != nil {
			return nil, fmt.Errorf("simstest: skin %s: %w", skin, err)
		}
		out[skin+".skn"] = skn
		for i, tone := range sims.Tones {
			pal := color.Palette{SkinColours[i], ShirtColour, HairColour}
			img := image.NewPaletted(image.Rect(0, 0, 16, 16), pal)
			for y := 0; y < 16; y++ {
				for x := 0; x < 16; x++ {
					img.SetColorIndex(x, y, uint8(pal.Index(p.paint(x, y, SkinColours[i]))))
				}
			}
			var b bytes.Buffer
			if err := bmp.Encode(&b, img); err != nil {
				return nil, fmt.Errorf("simstest: texture: %w", err)
			}
			out[fmt.Sprintf(p.bmp, tone.Code())] = b.Bytes()
		}
	}
	return out, nil
}

// cube is a skin of one bone: a cube of half side r about the bone's
// origin, 24 vertices (four a face, each face the whole texture) and 12
// triangles, their fronts outwards.
func cube(r float32) *sims.Skin {
	s := &sims.Skin{}
	for axis := 0; axis < 3; axis++ {
		for _, sign := range []float32{-1, 1} {
			var n mgl32.Vec3
			n[axis] = sign
			u, v := (axis+1)%3, (axis+2)%3
			base := int32(len(s.Vertices))
			for _, c := range [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
				var p mgl32.Vec3
				p[axis], p[u], p[v] = sign*r, c[0]*r, c[1]*r
				s.Vertices = append(s.Vertices, p)
				s.Normals = append(s.Normals, n)
				s.UVs = append(s.UVs, mgl32.Vec2{(c[0] + 1) / 2, (1 - c[1]) / 2})
			}
			// Counter-clockwise about the outward normal (u × v is the
			// axis), the way a .skn's front faces wind.
			if sign > 0 {
				s.Faces = append(s.Faces, [3]int32{base, base + 1, base + 2}, [3]int32{base, base + 2, base + 3})
			} else {
				s.Faces = append(s.Faces, [3]int32{base, base + 2, base + 1}, [3]int32{base, base + 3, base + 2})
			}
		}
	}
	s.Bindings = []sims.SkinBinding{{Bone: 0, FirstVertex: 0, VertexCount: int32(len(s.Vertices)), FirstBlend: -1}}
	return s
}

// WalkSkills returns a skill file as The Sims ships them, made from a TSO
// animation's motions: ross-walking-loop.cmx holds three skills (no
// skeleton; they play on the built-in adult table), a2o-walking-start and
// a2o-walking-stop, whose .cfp files are absent (they show the bind
// pose), and third the file's namesake a2o-ross-walking-loop, whose
// a2o-ross-walking-loop.cfp holds a's keys (issue 33 item 6). The map
// holds the two files by name.
func WalkSkills(a *sims.Animation) (map[string][]byte, error) {
	names := []string{"a2o-walking-start", "a2o-walking-stop", "a2o-ross-walking-loop"}
	cf := &sims.CharacterFile{Version: 300}
	for _, n := range names {
		cf.Skills = append(cf.Skills, Skill(a, n))
	}
	cmx, err := sims.EncodeCMX(cf)
	if err != nil {
		return nil, fmt.Errorf("simstest: skills: %w", err)
	}
	return map[string][]byte{
		"ross-walking-loop.cmx":     cmx,
		"a2o-ross-walking-loop.cfp": sims.EncodeCFP(a.Translations, a.Rotations),
	}, nil
}
