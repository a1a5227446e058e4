package sims

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
	"github.com/go-gl/mathgl/mgl32"
)

// sampleFacts were read out of the samples by an independent throwaway
// script (Python struct over docs/formats/sims.md#tso-anim), not by this
// package.
var sampleFacts = []struct {
	file                  string
	size                  int
	name                  string
	durationBits          uint32
	translations, motions int
	frames                uint32
	timeLists             int // time props lists per motion
	lastBone              string
	lastFirst             uint32
}{
	{"a2o-broom-fly-leftside.c3bde7b200000007.anim", 421957, "a2o-broom-fly-leftside", 0x40f471c7, 14850, 54, 275, 1, "ROOT", 14575},
	{"a2o-diefalldan.cdfc292500000007.anim", 59150, "a2o-diefalldan", 0x40022222, 2072, 28, 74, 0, "Armature_0", 1998},
	{"a2o-kart-ride.985c76ca00000007.anim", 2098, "a2o-kart-ride", 0, 29, 29, 1, 1, "ROOT", 28},
	{"a2o-lever-pull-complete.db9ea02800000007.anim", 21818, "a2o-lever-pull-complete", 0x3eaaaaab, 702, 54, 13, 0, "ROOT", 689},
	{"a2o-skeledeco-idle.0557534f00000007.anim", 2915, "a2o-skeledeco-idle", 0x3ce38e39, 58, 29, 2, 1, "ROOT", 56},
	{"a2o-skeledeco-scare-to-idle.9ff6db5c00000007.anim", 6172, "a2o-skeledeco-scare-to-idle", 0x3e0e38e4, 174, 29, 6, 1, "ROOT", 168},
	{"a2o-sus-dead.7f214ec600000007.anim", 1383, "a2o-sus-dead", 0, 19, 19, 1, 1, "ROOT", 18},
	{"d2o-rc-turn45-cw.7c8b5a1e00000007.anim", 9776, "d2o-rc-turn45-cw", 0x3e4ccccd, 296, 37, 8, 0, "ROOT", 288},
}

func readSample(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "tso", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSamplesParseToEnd checks every FreeSO sample against the facts read
// out independently: ParseAnim refuses trailing bytes, so success means
// the layout reached exactly the end of the file.
func TestSamplesParseToEnd(t *testing.T) {
	for _, s := range sampleFacts {
		t.Run(s.name, func(t *testing.T) {
			data := readSample(t, s.file)
			if len(data) != s.size {
				t.Fatalf("size %d, want %d", len(data), s.size)
			}
			a, err := ParseAnim(data)
			if err != nil {
				t.Fatal(err)
			}
			if a.Version != 2 || a.Name != s.name || math.Float32bits(a.Duration) != s.durationBits {
				t.Errorf("header: version %d name %q duration %08x", a.Version, a.Name, math.Float32bits(a.Duration))
			}
			if len(a.Translations) != s.translations || len(a.Rotations) != s.translations || len(a.Motions) != s.motions {
				t.Errorf("%d translations, %d rotations, %d motions", len(a.Translations), len(a.Rotations), len(a.Motions))
			}
			for i, m := range a.Motions {
				if m.Unknown != 0 || m.FrameCount != s.frames || !m.HasTranslation || !m.HasRotation ||
					m.FirstTranslation != uint32(i)*s.frames || m.FirstRotation != uint32(i)*s.frames ||
					!m.HasProps || len(m.Props) != 0 || !m.HasTimeProps || len(m.TimeProps) != s.timeLists {
					t.Fatalf("motion %d: %+v", i, m)
				}
			}
			last := a.Motions[len(a.Motions)-1]
			if last.BoneName != s.lastBone || last.FirstTranslation != s.lastFirst {
				t.Errorf("last motion %q from %d", last.BoneName, last.FirstTranslation)
			}
			// Our own encoder gives back the same bytes.
			out, err := EncodeAnim(a)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, data) {
				t.Errorf("re-encoded file differs")
			}
		})
	}
}

// TestBroomTimeProps checks the time props of the broom sample: every one
// of its 54 motions carries dress at 1 ms and undress at 8756 ms.
func TestBroomTimeProps(t *testing.T) {
	a, err := ParseAnim(readSample(t, sampleFacts[0].file))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range a.Motions {
		items := m.TimeProps[0].Items
		if len(items) != 2 || items[0].ID != 1 || items[1].ID != 8756 {
			t.Fatalf("%s: %+v", m.BoneName, items)
		}
		want := []formats.KV{{Key: "dress", Value: "fso-broom-handr"}}
		if got := items[0].Props.Props; len(got) != 1 || len(got[0].Pairs) != 1 || got[0].Pairs[0] != want[0] {
			t.Fatalf("%s: dress %+v", m.BoneName, got)
		}
		if got := items[1].Props.Props[0].Pairs[0]; got != (formats.KV{Key: "undress", Value: "fso-broom-handr"}) {
			t.Fatalf("%s: undress %+v", m.BoneName, got)
		}
	}
	// Spot values read independently: HEAD is motion 18, frame 100.
	m := a.Motions[18]
	if m.BoneName != "HEAD" {
		t.Fatalf("motion 18 is %q", m.BoneName)
	}
	tr := a.Translations[m.FirstTranslation+100]
	q := a.Rotations[m.FirstRotation+100]
	if tr[0] != 0.3986155390739441 || q != (FileQuat{0.36548277735710144, 0.3703358769416809, -0.13241517543792725, -0.843646764755249}) {
		t.Errorf("HEAD frame 100: %v %v", tr, q)
	}
}

// handAnim is a minimal `.anim` worked out by hand from
// docs/formats/sims.md#tso-anim: one
// translation, one rotation, one motion with a time prop.
var handAnim = []byte{
	0x00, 0x00, 0x00, 0x02, // version: u32 BE 2 (row "u32 BE version")
	0x00, 0x02, 'a', 'b', // name: u16 BE length 2 (row "u16 BE + bytes name")
	0x00, 0x00, 0x80, 0x3F, // duration: f32 LE 1.0 = 0x3F800000 (row "f32 LE duration")
	0x00, 0x00, 0x00, 0xC0, // distance: f32 LE -2.0 = 0xC0000000
	0x01,                   // isMoving: u8
	0x00, 0x00, 0x00, 0x01, // translationCount: u32 BE 1
	0x00, 0x00, 0x40, 0x40, // x = 3.0 (0x40400000 LE)
	0x00, 0x00, 0x80, 0x3E, // y = 0.25 (0x3E800000 LE)
	0x00, 0x00, 0x20, 0xC1, // z = -10.0 (0xC1200000 LE)
	0x00, 0x00, 0x00, 0x01, // rotationCount: u32 BE 1
	0x00, 0x00, 0x00, 0x00, // x = 0
	0x00, 0x00, 0x00, 0x00, // y = 0
	0xF3, 0x04, 0x35, 0x3F, // z = 0.70710677 (0x3F3504F3 LE)
	0xF3, 0x04, 0x35, 0x3F, // w = 0.70710677
	0x00, 0x00, 0x00, 0x01, // motionCount: u32 BE 1
	0x00, 0x00, 0x00, 0x00, // the per-motion unknown u32 the seed omits
	0x04, 'R', 'O', 'O', 'T', // boneName: u8 length
	0x00, 0x00, 0x00, 0x01, // frameCount: u32 BE 1
	0x00, 0x00, 0x80, 0x3F, // duration: f32 LE 1.0
	0x01, 0x01, // hasTranslation, hasRotation
	0x00, 0x00, 0x00, 0x00, // firstTranslationIndex: BE 0
	0x00, 0x00, 0x00, 0x00, // firstRotationIndex: BE 0
	0x00,                   // hasProps: 0, no list follows
	0x01,                   // hasTimeProps
	0x00, 0x00, 0x00, 0x01, // time props list count: 1
	0x00, 0x00, 0x00, 0x01, // items: 1
	0x00, 0x00, 0x01, 0xF4, // id: BE 500 ms
	0x00, 0x00, 0x00, 0x01, // props: 1
	0x00, 0x00, 0x00, 0x01, // pairs: 1
	0x04, 'x', 'e', 'v', 't', 0x01, '7', // xevt = "7", u8-length strings
}

func TestHandVectorAnim(t *testing.T) {
	a, err := ParseAnim(handAnim)
	if err != nil {
		t.Fatal(err)
	}
	want := &Animation{
		Version: 2, Name: "ab", Duration: 1, Distance: -2, IsMoving: 1,
		TranslationCount: 1, RotationCount: 1,
		Translations: []mgl32.Vec3{{3, 0.25, -10}},
		Rotations:    []FileQuat{{0, 0, 0.70710677, 0.70710677}},
		Motions: []Motion{{
			BoneName: "ROOT", FrameCount: 1, Duration: 1, HasTranslation: true, HasRotation: true,
			HasTimeProps: true,
			TimeProps: []TimePropsList{{Items: []TimeProp{{ID: 500, Props: PropsList{Props: []Prop{{
				Pairs: []formats.KV{{Key: "xevt", Value: "7"}}}}}}}}},
		}},
	}
	if !equalAnim(a, want) {
		t.Fatalf("got %+v\nwant %+v", a, want)
	}
	out, err := EncodeAnim(want)
	if err != nil || !bytes.Equal(out, handAnim) {
		t.Fatalf("encode: %v\n% x", err, out)
	}
}

// TestAnimErrors checks that broken files give positioned errors.
func TestAnimErrors(t *testing.T) {
	trailing := append(append([]byte(nil), handAnim...), 0)
	badIndex := append([]byte(nil), handAnim...)
	badIndex[76] = 1 // firstTranslationIndex (bytes 76..79) = 0x01000000
	hugeCount := append([]byte(nil), handAnim...)
	copy(hugeCount[17:], []byte{0x7F, 0xFF, 0xFF, 0xFF})
	tests := []struct {
		name  string
		data  []byte
		field string
		off   int64
		cause error
	}{
		{"empty", nil, "version", 0, bin.ErrShort},
		{"truncated", handAnim[:len(handAnim)-1], "prop.value", int64(len(handAnim) - 1), bin.ErrShort},
		{"trailing", trailing, "end", int64(len(handAnim)), nil},
		{"index", badIndex, "motion.firstTranslationIndex", 76, nil},
		{"count", hugeCount, "translationCount", 21, bin.ErrCount},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseAnim(tt.data)
			var fe *formats.Error
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *formats.Error", err)
			}
			if fe.Field != tt.field || fe.Offset != tt.off {
				t.Errorf("got %v; want field %s at %d", err, tt.field, tt.off)
			}
			if tt.cause != nil && !errors.Is(err, tt.cause) {
				t.Errorf("%v does not wrap %v", err, tt.cause)
			}
		})
	}
}

func equalAnim(a, b *Animation) bool {
	x, err1 := EncodeAnim(a)
	y, err2 := EncodeAnim(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y) &&
		a.TranslationCount == b.TranslationCount && a.RotationCount == b.RotationCount
}

func TestLittleEndianFloatInBigEndianFile(t *testing.T) {
	// docs/formats/sims.md#byte-order-and-strings: ReadFloat does not swap.
	// 1.0 stored LE is 00 00 80 3F; read
	// BE it would be 4.6e-41.
	r := bin.NewReader([]byte{0x00, 0x00, 0x80, 0x3F}, binary.BigEndian, "t")
	if f := r.F32Order("f", binary.LittleEndian); f != 1 {
		t.Fatalf("%v", f)
	}
}
