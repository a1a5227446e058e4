package sims

import (
	"bytes"
	"errors"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// handSkel is a one-bone `.skel` worked out by hand from
// docs/formats/sims.md#tso-skel (TSO
// column): big-endian integers, little-endian floats, an int16 bone count.
var handSkel = []byte{
	0x00, 0x00, 0x00, 0x01, // version: u32 BE 1
	0x03, 'S', 'K', 'L', // name: u8 length
	0x00, 0x01, // boneCount: i16 BE 1
	0x00, 0x00, 0x00, 0x07, // per bone unknown: i32 BE 7
	0x04, 'R', 'O', 'O', 'T', // bone name
	0x04, 'N', 'U', 'L', 'L', // parent name: the root's is "NULL"
	0x01,                   // hasProps: u8
	0x00, 0x00, 0x00, 0x01, // props count: i32 BE 1
	0x00, 0x00, 0x00, 0x01, // pair count: i32 BE 1
	0x01, 'k', 0x01, 'v', // key "k", value "v"
	0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x40, 0x40, // translation 1, 2, 3: f32 LE
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3F, // rotation 0, 0, 0, 1
	0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, // canTranslate 1, canRotate 1, canBlend 0: i32 BE
	0x00, 0x00, 0x00, 0x3F, 0x00, 0x00, 0x80, 0xBF, // wiggleValue 0.5, wigglePower -1: f32 LE
}

var handSkelWant = &Skeleton{Version: 1, Name: "SKL", Bones: []SkelBone{{
	Unknown: 7, Name: "ROOT", Parent: "NULL", HasProps: true,
	Props:       []Prop{{Pairs: []formats.KV{{Key: "k", Value: "v"}}}},
	Translation: mgl32.Vec3{1, 2, 3}, Rotation: FileQuat{0, 0, 0, 1},
	CanTranslate: 1, CanRotate: 1, WiggleValue: 0.5, WigglePower: -1,
}}}

func TestHandVectorSkel(t *testing.T) {
	s, err := ParseSkel(handSkel)
	if err != nil {
		t.Fatal(err)
	}
	out, err := EncodeSkel(handSkelWant)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, handSkel) {
		t.Fatalf("encode\n% x\nwant\n% x", out, handSkel)
	}
	again, _ := EncodeSkel(s)
	if !bytes.Equal(again, handSkel) || s.Bones[0].Unknown != 7 || s.Bones[0].WigglePower != -1 {
		t.Fatalf("decode %+v", s)
	}
}

func TestSkelRoundTrip(t *testing.T) {
	s := &Skeleton{Version: 1, Name: "adult", Bones: []SkelBone{
		{Name: "ROOT", Parent: "NULL", Translation: mgl32.Vec3{-5.88894e-05, 3.01362, 0.00807638}, Rotation: FileQuat{-0.0262998, -0.706899, 0.0262789, -0.706336}},
		{Name: "PELVIS", Parent: "ROOT", HasProps: true, Translation: mgl32.Vec3{-0.0366778, -1.72489e-08, -2.62766e-12}, Rotation: FileQuat{0.499999, 0.5, 0.5, -0.500001}},
		{Name: "L_LEG", Parent: "PELVIS", Props: nil, CanBlend: 1},
	}}
	b, err := EncodeSkel(s)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseSkel(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := EncodeSkel(got)
	if !bytes.Equal(b, b2) || len(got.Bones) != 3 || got.Bones[1].Rotation != s.Bones[1].Rotation {
		t.Fatalf("%+v", got)
	}
	a, err := loadSkel(&formats.Input{Name: "adult.skel", Data: b})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Skeleton.Bones) != 3 || a.Skeleton.Bones[2].Parent != 1 || len(a.Clips) != 0 {
		t.Fatalf("%+v", a.Skeleton)
	}
}

func TestSkelErrors(t *testing.T) {
	neg := append([]byte(nil), handSkel...)
	neg[8], neg[9] = 0xFF, 0xFF
	trailing := append(append([]byte(nil), handSkel...), 1)
	tests := []struct {
		name  string
		data  []byte
		field string
		off   int64
	}{
		{"negative count", neg, "boneCount", 8},
		{"trailing", trailing, "end", int64(len(handSkel))},
		{"short", handSkel[:len(handSkel)-2], "bone.wigglePower", int64(len(handSkel) - 4)},
	}
	for _, tt := range tests {
		_, err := ParseSkel(tt.data)
		var fe *formats.Error
		if !errors.As(err, &fe) || fe.Field != tt.field || fe.Offset != tt.off {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}
