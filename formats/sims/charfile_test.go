package sims

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// handCMX is a text character file in the layout of
// docs/formats/sims.md#character-files-cmx-and-bcf: a comment,
// the version line, then one skeleton (two bones: the adult-skeleton.cmx
// values quoted in the notes), no suits and one skill. Numbers share lines
// freely; strings are whole lines.
const handCMX = `// Character File. Copyright 1997, Maxis Inc.
version 300
1
adult-skeleton
2
ROOT
NULL
0
-5.88894e-005 3.01362 0.00807638
-0.0262998 -0.706899 0.0262789 -0.706336
1 1 1 0 0
PELVIS
ROOT
1
1
side
middle
-0.0366778 -1.72489e-008 -2.62766e-012
0.499999 0.5 0.5 -0.500001
1 1 1
0 0
0
1
a2o-test
A2O-Test
1000 0 0
2 2
2
ROOT
2 33.3
1 1 0 0
0
1
1 500 1
xevt
3
PELVIS
2 33.3
0 1 -1 0
1
1
rhs
yes
0
`

func TestHandCMX(t *testing.T) {
	cf, err := DecodeCMX([]byte(handCMX))
	if err != nil {
		t.Fatal(err)
	}
	want := &CharacterFile{
		Version: 300,
		Skeletons: []Skeleton{{Name: "adult-skeleton", Bones: []SkelBone{
			{Name: "ROOT", Parent: "NULL", HasProps: true,
				Translation: mgl32.Vec3{-5.88894e-05, 3.01362, 0.00807638}, Rotation: FileQuat{-0.0262998, -0.706899, 0.0262789, -0.706336},
				CanTranslate: 1, CanRotate: 1, CanBlend: 1},
			{Name: "PELVIS", Parent: "ROOT", HasProps: true, Props: []Prop{{Pairs: []formats.KV{{Key: "side", Value: "middle"}}}},
				Translation: mgl32.Vec3{-0.0366778, -1.72489e-08, -2.62766e-12}, Rotation: FileQuat{0.499999, 0.5, 0.5, -0.500001},
				CanTranslate: 1, CanRotate: 1, CanBlend: 1},
		}}},
		Suits: []Suit{},
		Skills: []Animation{{
			Name: "a2o-test", XSkillName: "A2O-Test", Duration: 1000, TranslationCount: 2, RotationCount: 2,
			Motions: []Motion{
				{BoneName: "ROOT", FrameCount: 2, Duration: 33.3, HasTranslation: true, HasRotation: true,
					HasProps: true, Props: []PropsList{}, HasTimeProps: true,
					TimeProps: []TimePropsList{{Items: []TimeProp{{ID: 500, Props: PropsList{Props: []Prop{{Pairs: []formats.KV{{Key: "xevt", Value: "3"}}}}}}}}}},
				{BoneName: "PELVIS", FrameCount: 2, Duration: 33.3, HasRotation: true, FirstTranslation: 0xFFFFFFFF,
					HasProps: true, Props: []PropsList{{Props: []Prop{{Pairs: []formats.KV{{Key: "rhs", Value: "yes"}}}}}},
					HasTimeProps: true, TimeProps: []TimePropsList{}},
			},
		}},
	}
	if !reflect.DeepEqual(cf, want) {
		t.Fatalf("got  %+v\nwant %+v", cf, want)
	}
	// Text and binary writers give back the same file.
	for _, enc := range []struct {
		name string
		enc  func(*CharacterFile) ([]byte, error)
		dec  func([]byte) (*CharacterFile, error)
	}{{"cmx", EncodeCMX, DecodeCMX}, {"bcf", EncodeBCF, DecodeBCF}} {
		b, err := enc.enc(cf)
		if err != nil {
			t.Fatal(err)
		}
		back, err := enc.dec(b)
		if err != nil {
			t.Fatalf("%s: %v\n%s", enc.name, err, b)
		}
		if enc.name == "bcf" {
			back.Version = cf.Version
		}
		if !reflect.DeepEqual(back, cf) {
			t.Fatalf("%s round trip:\n%+v\n%+v", enc.name, back, cf)
		}
	}
}

// handBCF is a binary character file worked out by hand
// (docs/formats/sims.md#character-files-cmx-and-bcf;
// all little-endian): one skeleton of one bone with an int32 bone count,
// one suit with one binding, no skills.
var handBCF = cat(
	[]byte{1, 0, 0, 0},            // skeletonCount: i32 LE 1
	[]byte{3, 'a', 'd', 'u'},      // skeleton name: counted string
	[]byte{1, 0, 0, 0},            // boneCount: i32 LE (FreeSO reads i16 and gets a dummy bone from the zero bytes)
	[]byte{4, 'R', 'O', 'O', 'T'}, // name
	[]byte{4, 'N', 'U', 'L', 'L'}, // parent
	[]byte{0, 0, 0, 0},            // props count: always present in BCF
	le32(1), le32(2), le32(3),     // translation
	le32(0), le32(0), le32(0), le32(1), // rotation x y z w
	[]byte{1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}, // canTranslate 1, canRotate 1, canBlend 0
	le32(0), le32(0), // wiggle value, power
	[]byte{1, 0, 0, 0},                              // suitCount 1
	[]byte{4, 'b', 'o', 'd', 'y'},                   // suit name
	[]byte{0, 0, 0, 0, 0, 0, 0, 0},                  // type 0, unknown 0
	[]byte{1, 0, 0, 0},                              // binding count 1
	[]byte{4, 'R', 'O', 'O', 'T', 3, 'b', 'o', 'x'}, // bone, mesh
	[]byte{2, 0, 0, 0, 0, 0, 0, 0},                  // censor flags 2, unknown 0
	[]byte{0, 0, 0, 0},                              // skillCount 0
)

func TestHandBCF(t *testing.T) {
	cf, err := DecodeBCF(handBCF)
	if err != nil {
		t.Fatal(err)
	}
	b := cf.Skeletons[0].Bones[0]
	if cf.Skeletons[0].Name != "adu" || b.Name != "ROOT" || b.Translation != (mgl32.Vec3{1, 2, 3}) || b.Rotation[3] != 1 ||
		b.CanRotate != 1 || cf.Suits[0].Bindings[0] != (SuitBinding{Bone: "ROOT", Mesh: "box", CensorFlags: 2}) {
		t.Fatalf("%+v", cf)
	}
	out, err := EncodeBCF(cf)
	if err != nil || !bytes.Equal(out, handBCF) {
		t.Fatalf("%v\n% x", err, out)
	}
	if !SniffBCF(handBCF) || SniffBCF(handBCF[:len(handBCF)-1]) {
		t.Error("sniff")
	}
}

func TestCountedStringEscape(t *testing.T) {
	long := strings.Repeat("x", 300)
	cf := &CharacterFile{Suits: []Suit{{Name: long}}, Skeletons: []Skeleton{}, Skills: []Animation{}}
	b, err := EncodeBCF(cf)
	if err != nil {
		t.Fatal(err)
	}
	// 255 then an int32 length (Hopkins' countedstring).
	if b[8] != 255 || b[9] != 44 || b[10] != 1 {
		t.Fatalf("% x", b[:12])
	}
	back, err := DecodeBCF(b)
	if err != nil || back.Suits[0].Name != long {
		t.Fatal(err)
	}
}

func TestCharacterErrors(t *testing.T) {
	tests := []struct {
		name, text, field string
		line              int
	}{
		{"no version", "// nothing\n1\n", "version", 2},
		{"bad number", "version 300\nx\n", "skeletonCount", 2},
		{"short", "version 300\n1\nskel\n", "skeleton.boneCount", 3},
		{"negative", "version 300\n0\n-1\n", "suitCount", 3},
		{"huge", "version 300\n0\n0\n1\ns\nx\n1 0 0\n9 9\n", "skill.motionCount", 8},
		{"range", "version 300\n0\n0\n1\ns\nx\n1 0 0\n1 1\n1\nB\n2 0\n1 0 0 0\n0\n0\n", "motion.firstTranslationIndex", 12},
		{"trailing", "version 300\n0\n0\n0\nmore\n", "end", 5},
	}
	for _, tt := range tests {
		_, err := DecodeCMX([]byte(tt.text))
		var fe *formats.Error
		if !errors.As(err, &fe) || fe.Field != tt.field || fe.Line != tt.line {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}

// skillFolder is a folder with a .cmx (skeleton + skill) and the skill's
// .cfp under a name of another case.
func skillFolder(t *testing.T) fstest.MapFS {
	t.Helper()
	cfp := EncodeCFP(
		[]mgl32.Vec3{{0, 3, 0}, {0, 3.5, 0}},
		[]FileQuat{{0, 0, 0, 1}, {0, 0.70710677, 0, 0.70710677}}, RepeatPlusOne)
	return fstest.MapFS{
		"test.cmx":     {Data: []byte(handCMX)},
		"a2o-test.cfp": {Data: cfp},
		"other.txt":    {Data: []byte("x")},
	}
}

func TestLoadCharacterWithCFP(t *testing.T) {
	fsys := skillFolder(t)
	in := &formats.Input{Name: "test.cmx", Data: []byte(handCMX), Siblings: formats.FSResolver{FS: fsys}}
	a, err := loadCharacter(in, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Warnings) != 0 || a.Skeleton.Name != "adult-skeleton" || len(a.Clips) != 1 || len(a.Characters) != 1 {
		t.Fatalf("%q %+v", a.Warnings, a)
	}
	c := a.Clips[0]
	root := &c.Tracks[a.Skeleton.IndexByName("ROOT")]
	pelvis := &c.Tracks[a.Skeleton.IndexByName("PELVIS")]
	if c.Duration != 1.0/30 || root.Translation.Values[1] != (mgl32.Vec3{0, 3.5, 0}) || len(pelvis.Translation.Times) != 0 ||
		pelvis.Rotation.Values[1] != (FileQuat{0, 0.70710677, 0, 0.70710677}).Model() {
		t.Fatalf("%+v %+v", root, pelvis)
	}
	if len(c.Events) != 1 || c.Events[0].Name != "xevt 3" || c.Events[0].Time != 0.5 || c.Events[0].Bone != a.Skeleton.IndexByName("ROOT") {
		t.Fatalf("events %+v", c.Events)
	}
	// The same skill opened through its .cfp.
	cfpIn := &formats.Input{Name: "a2o-test.cfp", Data: fsys["a2o-test.cfp"].Data, Siblings: formats.FSResolver{FS: fsys}}
	b, err := loadCFP(cfpIn)
	if err != nil {
		t.Fatal(err)
	}
	if b.Format != cfpFormat || len(b.Clips) != 1 || b.Clips[0].Tracks[0].Rotation.Values[1] != c.Tracks[0].Rotation.Values[1] {
		t.Fatalf("%+v", b)
	}
	// Without the .cfp the skill is listed in its bind pose with a warning.
	delete(fsys, "a2o-test.cfp")
	d, err := loadCharacter(in, true)
	if err != nil || len(d.Clips) != 1 || len(d.Warnings) != 1 || d.Clips[0].Tracks[0].Animated() {
		t.Fatalf("%v %q", err, d.Warnings)
	}
}

// TestSkillsWithoutSkeleton: a skill-only file plays on the built-in table.
func TestSkillsWithoutSkeleton(t *testing.T) {
	cf, err := DecodeCMX([]byte(handCMX))
	if err != nil {
		t.Fatal(err)
	}
	cf.Skeletons = nil
	cf.Skills = append(cf.Skills, cf.Skills[0])
	cf.Skills[1].Name = "second"
	bcf, err := EncodeBCF(cf)
	if err != nil {
		t.Fatal(err)
	}
	fsys := skillFolder(t)
	a, err := loadCharacter(&formats.Input{Name: "skills.bcf", Data: bcf, Siblings: formats.FSResolver{FS: fsys}}, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Clips) != 2 || a.Clips[1].Name != "second" || !strings.Contains(a.Skeleton.Source, "built-in") ||
		parentName(a.Skeleton, "PELVIS") != "ROOT" || a.Skeleton.Bones[0].Bind.Translation != (mgl32.Vec3{0, 3, 0}) {
		t.Fatalf("%+v", a)
	}
}

// TestCharacterSkeletonOverride: --skeleton replaces the file's skeleton
// for the skills; the file's own skeleton stays listed after it.
func TestCharacterSkeletonOverride(t *testing.T) {
	in := &formats.Input{Name: "test.cmx", Data: []byte(handCMX), Siblings: formats.FSResolver{FS: skillFolder(t)},
		Skeleton: &formats.Input{Name: "one.skel", Data: handSkel}}
	a, err := loadCharacter(in, true)
	if err != nil {
		t.Fatal(err)
	}
	if a.Skeleton.Source != "--skeleton one.skel" || len(a.Skeletons) != 2 || a.Skeletons[1].Name != "adult-skeleton" ||
		len(a.Skeleton.Bones) != 1 || !a.Clips[0].Tracks[0].Animated() {
		t.Fatalf("%+v", a)
	}
	if len(a.Warnings) != 1 || !strings.Contains(a.Warnings[0], `"PELVIS"`) {
		t.Errorf("warnings %q", a.Warnings)
	}
}
