package sims

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// crlf joins lines as Maxis's tools end them.
func crlf(lines ...string) string { return strings.Join(lines, "\r\n") + "\r\n" }

// handCMX is a version 300 character file in the real syntax
// (docs/formats/sims.md#text-form): the header and lines retyped from The
// Sims' files: the first two bones of adult-skeleton.cmx and the suit of
// B001FAFat_01.cmx, then a small skill of our own (one field a line, the
// layout of adult-idle1.cmx).
var handCMX = crlf(
	"// Character File. Copyright 1997, Maxis Inc.",
	"version 300",
	"1", "adult", "2",
	"ROOT", "NULL", "0",
	"| -5.88894e-005 3.01362 0.00807638 |",
	"| -0.0262998 -0.706899 0.0262789 -0.706336 |",
	"1", "1", "0", "0", "0",
	"PELVIS", "ROOT", "1", "1", "name", "adult",
	"| -0.0366778 -1.72489e-008 -2.62766e-012 |",
	"| 0.499999 0.5 0.5 -0.500001 |",
	"1", "1", "0", "0", "0",
	"1", "b001fafat_01", "0", "0", "1", "PELVIS", "xskin-b001fafat_01-PELVIS-BODY", "0", "0",
	"1", "a2o-test", "A2O-Test", "1000", "0", "0", "2", "2", "2",
	"ROOT", "2", "33.3", "1", "1", "0", "0", "0", "1", "1", "500", "1", "xevt", "3",
	"PELVIS", "2", "33.3", "0", "1", "-1", "0", "1", "1", "rhs", "yes", "0",
)

// handCMX200 is a version 200 (1998 prototype) file: its lines retyped
// from bradsuit.cmx (the first two bones and two skins of its suit). Bones
// have no props, canBlend or wiggle; suits no type and bindings no flags.
var handCMX200 = crlf(
	"// Character File. Copyright 1997, Maxis Inc.",
	"version 200",
	"1", "new", "2",
	"ROOT", "NULL",
	"| -5.88894e-005 3.01498 0.00820644 |",
	"| -0.0262998 -0.706899 0.0262789 -0.706336 |",
	"1", "1",
	"PELVIS", "ROOT",
	"| -0.0550166 -6.62719e-008 -2.72286e-012 |",
	"| 0.499999 0.5 0.5 -0.500001 |",
	"1", "1",
	"1", "bradsuit", "2",
	"PELVIS", "xskin-bradsuit-PELVIS-HIPB",
	"SPINE", "xskin-bradsuit-SPINE-COLLARB",
	"0",
)

var maxisHeader = []string{"// Character File. Copyright 1997, Maxis Inc."}

func TestHandCMX(t *testing.T) {
	cf, err := ParseCMX([]byte(handCMX))
	if err != nil {
		t.Fatal(err)
	}
	want := &CharacterFile{
		Version: 300,
		Header:  maxisHeader,
		Skeletons: []Skeleton{{Name: "adult", Bones: []SkelBone{
			{Name: "ROOT", Parent: "NULL", HasProps: true,
				Translation: mgl32.Vec3{-5.88894e-05, 3.01362, 0.00807638}, Rotation: FileQuat{-0.0262998, -0.706899, 0.0262789, -0.706336},
				CanTranslate: 1, CanRotate: 1},
			{Name: "PELVIS", Parent: "ROOT", HasProps: true, Props: []Prop{{Pairs: []formats.KV{{Key: "name", Value: "adult"}}}},
				Translation: mgl32.Vec3{-0.0366778, -1.72489e-08, -2.62766e-12}, Rotation: FileQuat{0.499999, 0.5, 0.5, -0.500001},
				CanTranslate: 1, CanRotate: 1},
		}}},
		Suits: []Suit{{Name: "b001fafat_01", Bindings: []SuitBinding{{Bone: "PELVIS", Mesh: "xskin-b001fafat_01-PELVIS-BODY"}}}},
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
	// Our writer writes what Maxis writes: the same bytes.
	b, err := EncodeCMX(cf)
	if err != nil || string(b) != handCMX {
		t.Fatalf("%v\n%q\nwant\n%q", err, b, handCMX)
	}
	// The binary writer gives back the same file.
	b, err = EncodeBCF(cf)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseBCF(b)
	if err != nil {
		t.Fatal(err)
	}
	back.Version, back.Header = cf.Version, cf.Header
	if !reflect.DeepEqual(back, cf) {
		t.Fatalf("bcf round trip:\n%+v\n%+v", back, cf)
	}
}

func TestHandCMX200(t *testing.T) {
	cf, err := ParseCMX([]byte(handCMX200))
	if err != nil {
		t.Fatal(err)
	}
	want := &CharacterFile{
		Version: 200,
		Header:  maxisHeader,
		Skeletons: []Skeleton{{Name: "new", Bones: []SkelBone{
			{Name: "ROOT", Parent: "NULL", Translation: mgl32.Vec3{-5.88894e-05, 3.01498, 0.00820644},
				Rotation: FileQuat{-0.0262998, -0.706899, 0.0262789, -0.706336}, CanTranslate: 1, CanRotate: 1},
			{Name: "PELVIS", Parent: "ROOT", Translation: mgl32.Vec3{-0.0550166, -6.62719e-08, -2.72286e-12},
				Rotation: FileQuat{0.499999, 0.5, 0.5, -0.500001}, CanTranslate: 1, CanRotate: 1},
		}}},
		Suits: []Suit{{Name: "bradsuit", Bindings: []SuitBinding{
			{Bone: "PELVIS", Mesh: "xskin-bradsuit-PELVIS-HIPB"}, {Bone: "SPINE", Mesh: "xskin-bradsuit-SPINE-COLLARB"}}}},
		Skills: []Animation{},
	}
	if !reflect.DeepEqual(cf, want) {
		t.Fatalf("got  %+v\nwant %+v", cf, want)
	}
	b, err := EncodeCMX(cf)
	if err != nil || string(b) != handCMX200 {
		t.Fatalf("%v\n%q", err, b)
	}
	// Read as version 300, the same lines fail where the layouts part: the
	// props count of the first bone meets the translation's bar.
	as300 := strings.Replace(handCMX200, "version 200", "version 300", 1)
	var fe *formats.Error
	if _, err := ParseCMX([]byte(as300)); !errors.As(err, &fe) || fe.Field != "bone.propsCount" || fe.Line != 8 {
		t.Errorf("as version 300: %v", err)
	}
	// What version 200 has no place for is an error, not a loss.
	cf.Skeletons[0].Bones[0].CanBlend = 1
	if _, err := EncodeCMX(cf); err == nil {
		t.Error("version 200 wrote a canBlend")
	}
}

// TestCMXNumbers: the number syntax of the real files (bars, exponents of
// three digits, CRLF) and what the writer makes of numbers.
func TestCMXNumbers(t *testing.T) {
	for _, tt := range []struct {
		f    float32
		text string
	}{
		{-5.88894e-05, "-5.88894e-005"},
		{3.01362, "3.01362"},
		{1999, "1999"},
		{0, "0"},
		{-1, "-1"},
		{700000, "700000"},
		{1.5e20, "1.5e+020"},
		{1e-10, "1e-010"},
		{1.2345678e-38, "1.2345678e-038"},
		{float32(math.SmallestNonzeroFloat32), "1e-045"},
	} {
		got := string(appendMaxisFloat(nil, tt.f))
		if got != tt.text {
			t.Errorf("%v: %q, want %q", tt.f, got, tt.text)
		}
		v, err := parseFinite(cmxFormat, "x", 1, got)
		if err != nil || v != tt.f {
			t.Errorf("%q reads back as %v, %v", got, v, err)
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
	cf, err := ParseBCF(handBCF)
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
	back, err := ParseBCF(b)
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
		_, err := ParseCMX([]byte(tt.text))
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
		[]FileQuat{{0, 0, 0, 1}, {0, 0.70710677, 0, 0.70710677}})
	return fstest.MapFS{
		"test.cmx":     {Data: []byte(handCMX)},
		"a2o-test.cfp": {Data: cfp},
		// The suit's skin, on the bones of handCMX's skeleton.
		"xskin-b001fafat_01-PELVIS-BODY.skn": {Data: []byte(strings.Replace(handSKN, "SPINE", "ROOT", 1))},
		"other.txt":                          {Data: []byte("x")},
	}
}

func TestLoadCharacterWithCFP(t *testing.T) {
	fsys := skillFolder(t)
	in := &formats.Input{Name: "test.cmx", Data: []byte(handCMX), Siblings: formats.FSResolver{FS: fsys}}
	a, err := loadCharacter(in, true)
	if err != nil {
		t.Fatal(err)
	}
	// The one warning: the skin's texture is not beside it (the folder has
	// no .bmp), named as tried.
	if len(a.Warnings) != 1 || !strings.Contains(a.Warnings[0], "no light texture beside it (tried extrememlgt_01.bmp") ||
		a.Skeleton.Name != "adult" || len(a.Clips) != 1 || len(a.Characters) != 1 || len(a.Meshes) != 1 {
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
	if err != nil || len(d.Clips) != 1 || len(d.Warnings) != 2 || !strings.Contains(d.Warnings[0], "A2O-Test.cfp not found") || d.Clips[0].Tracks[0].Animated() {
		t.Fatalf("%v %q", err, d.Warnings)
	}
}

// TestSkillsWithoutSkeleton: a skill-only file plays on the built-in table.
func TestSkillsWithoutSkeleton(t *testing.T) {
	cf, err := ParseCMX([]byte(handCMX))
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
		parentName(a.Skeleton, "PELVIS") != "ROOT" || len(a.Skeleton.Bones) != 29 ||
		a.Skeleton.Bones[0].Bind.Translation != (mgl32.Vec3{-5.88894e-005, 3.01362, 0.00807638}) {
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
	if a.Skeleton.Source != "--skeleton one.skel" || len(a.Skeletons) != 2 || a.Skeletons[1].Name != "adult" ||
		len(a.Skeleton.Bones) != 1 || !a.Clips[0].Tracks[0].Animated() {
		t.Fatalf("%+v", a)
	}
	// The one-bone skeleton has no PELVIS for the skill's motion nor for
	// the suit's skin.
	if len(a.Warnings) != 2 || !strings.Contains(a.Warnings[0], `bone "PELVIS" is not in skeleton`) || !strings.Contains(a.Warnings[1], `no bone "PELVIS"`) {
		t.Errorf("warnings %q", a.Warnings)
	}
}

// TestSkillFindsGameSkeleton: a skill-only file plays on the game's
// skeleton beside it, the child's for a child's skill (c2o-…), found
// ignoring case; without one, on the built-in table of that age.
func TestSkillFindsGameSkeleton(t *testing.T) {
	write := func(age Age) []byte {
		b, err := EncodeCMX(&CharacterFile{Skeletons: []Skeleton{*BuiltInSkeleton(age)}})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	skill := func(name string) []byte {
		cf, err := ParseCMX([]byte(handCMX))
		if err != nil {
			t.Fatal(err)
		}
		cf.Skeletons, cf.Suits = nil, nil
		cf.Skills[0].Name = name
		b, err := EncodeCMX(cf)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	fsys := fstest.MapFS{
		"ADULT-SKELETON.CMX": {Data: write(Adult)},
		"child-skeleton.cmx": {Data: write(Child)},
		"a2o-test.cfp":       {Data: skillFolder(t)["a2o-test.cfp"].Data},
	}
	for _, tc := range []struct {
		name, skill, file string
		rootY             float32
	}{
		{"adult", "a2o-test", "ADULT-SKELETON.CMX", 3.01362},
		{"child", "c2o-test", "child-skeleton.cmx", 2.27301},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := skill(tc.skill)
			a, err := loadCharacter(&formats.Input{Name: "s.cmx", Data: data, Siblings: formats.FSResolver{FS: fsys}}, true)
			if err != nil {
				t.Fatal(err)
			}
			if a.Skeleton.Source != tc.file+" (beside the file)" || len(a.Warnings) != 0 || a.Skeleton.Bones[0].Bind.Translation[1] != tc.rootY {
				t.Fatalf("%q %q %v", a.Skeleton.Source, a.Warnings, a.Skeleton.Bones[0].Bind)
			}
			// Without the skeleton files: the built-in table of that age.
			a, err = loadCharacter(&formats.Input{Name: "s.cmx", Data: data}, true)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(a.Skeleton.Source, tc.name+"-skeleton.cmx") || a.Skeleton.Bones[0].Bind.Translation[1] != tc.rootY {
				t.Fatalf("%q %v", a.Skeleton.Source, a.Skeleton.Bones[0].Bind)
			}
		})
	}
}

// TestSkillsPickTheirSkeleton: of a file's skeletons, the skills play on
// the one that has their motions' bones (the 1998 prototype's
// adult-joke.cmx holds two with the exporter's renamed bones first).
func TestSkillsPickTheirSkeleton(t *testing.T) {
	cf, err := ParseCMX([]byte(handCMX))
	if err != nil {
		t.Fatal(err)
	}
	renamed := cf.Skeletons[0]
	renamed.Bones = append([]SkelBone(nil), renamed.Bones...)
	renamed.Bones[1].Name = "PELVIS01"
	cf.Skeletons = []Skeleton{renamed, cf.Skeletons[0]}
	cf.Suits = nil
	data, err := EncodeCMX(cf)
	if err != nil {
		t.Fatal(err)
	}
	a, err := loadCharacter(&formats.Input{Name: "two.cmx", Data: data, Siblings: formats.FSResolver{FS: skillFolder(t)}}, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Skeletons) != 2 || a.Skeleton.IndexByName("PELVIS") < 0 || len(a.Warnings) != 0 {
		t.Fatalf("%q %+v", a.Warnings, a.Skeleton)
	}
}

// TestManySkills is issue 35's item 3: a 4.7 MB .cmx of 100,000 skills
// took 920 MB and 37 s to list, since every skill becomes a clip. A
// character file of more than MaxSkills skills is refused at its count
// (docs/formats/sims.md#how-many-skills), in both forms, before any skill
// is read: the load allocates a few kilobytes, not a clip per skill. A file
// of exactly MaxSkills skills opens with a clip each.
func TestManySkills(t *testing.T) {
	many := func(n int) *CharacterFile {
		cf := &CharacterFile{Version: Version300, Skills: make([]Animation, n)}
		for i := range cf.Skills {
			cf.Skills[i] = Animation{Name: "a2o-skill", XSkillName: "xskill-none"}
		}
		return cf
	}
	for _, tc := range []struct {
		name   string
		encode func(*CharacterFile) ([]byte, error)
		text   bool
		file   string
		line   int
		off    int64
	}{
		// Text: comment, version, skeleton count, suit count, skill count.
		{"cmx", EncodeCMX, true, "many.cmx", 5, -1},
		// Binary: skeleton count, suit count, then the skill count at 8.
		{"bcf", EncodeBCF, false, "many.bcf", 0, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := tc.encode(many(100000))
			if err != nil {
				t.Fatal(err)
			}
			in := &formats.Input{Name: tc.file, Data: data}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			a, err := loadCharacter(in, tc.text)
			runtime.ReadMemStats(&after)
			var fe *formats.Error
			if a != nil || !errors.As(err, &fe) || fe.Field != "skillCount" || fe.Line != tc.line ||
				(tc.off >= 0 && fe.Offset != tc.off) || !strings.Contains(err.Error(), "100000 skills are more than the 1024") {
				t.Errorf("asset %v, error %v; want a skillCount error at line %d / offset %d", a != nil, err, tc.line, tc.off)
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
				t.Errorf("refusing 100,000 skills allocated %d bytes", n)
			}
			data, err = tc.encode(many(MaxSkills))
			if err != nil {
				t.Fatal(err)
			}
			a, err = loadCharacter(&formats.Input{Name: tc.file, Data: data}, tc.text)
			if err != nil || len(a.Clips) != MaxSkills {
				t.Fatalf("%d skills: error %v", MaxSkills, err)
			}
		})
	}
	// The skills' key values together: three skills of 2^21 rotations
	// (2^23 floats each) pass one by one, the third goes over 2^24.
	cf := many(3)
	for i := range cf.Skills {
		cf.Skills[i].Name = fmt.Sprintf("a2o-big-%d", i)
		cf.Skills[i].RotationCount = 1 << 21
	}
	data, err := EncodeCMX(cf)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ParseCMX(data)
	var fe *formats.Error
	if !errors.As(err, &fe) || fe.Field != "skill.rotationCount" || !strings.Contains(err.Error(), `skill "a2o-big-2"`) {
		t.Errorf("error %v; want one naming skill a2o-big-2's rotation count", err)
	}
}
