package sims

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

func le32(f float32) []byte { return appendLEF32(nil, f) }

func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

// handCFP holds 2 translations and 2 rotations, worked out by hand from
// docs/formats/sims.md#cfp-key-data in FreeSO's reading (a repeat count R
// makes R+1 values).
var handCFP = cat(
	[]byte{0xFF}, le32(1), []byte{0x7E}, // tx: literal 1.0; delta code 126 (Delta = 0) → 1, 1
	[]byte{0xFF}, le32(3), []byte{0xFC}, // ty: literal 3.0; code 252 → 3 + 3.9676e-10·126⁴ = 3.1000023
	[]byte{0xFE, 0x01, 0x00},                        // tz: repeat R=1 of the plane's start value 0 → 0, 0
	[]byte{0xFE, 0x01, 0x00},                        // rx → 0, 0
	[]byte{0xFE, 0x01, 0x00},                        // ry → 0, 0
	[]byte{0x00, 0xFC},                              // rz: code 0 (−0.1000023) then 252 (+0.1000023) → −0.1000023, 0
	[]byte{0xFF}, le32(1), []byte{0xFE, 0x00, 0x00}, // rw: literal 1; repeat R=0 → one more 1
)

func TestCFPDeltaTable(t *testing.T) {
	// Delta[c] = 3.9676e-10·(c−126)³·|c−126| (docs/formats/sims.md#cfp-key-data):
	// 126 is zero, the
	// table is odd around it, and the ends are ±3.9676e-10·126⁴ ≈ ±0.1000023.
	if cfpDelta[126] != 0 || cfpDelta[127] != float32(3.9676e-10) || cfpDelta[125] != -float32(3.9676e-10) ||
		math.Abs(float64(cfpDelta[252])-0.1000023) > 1e-7 || cfpDelta[0] != -cfpDelta[252] {
		t.Fatalf("%v %v %v %v", cfpDelta[125], cfpDelta[127], cfpDelta[0], cfpDelta[252])
	}
	for c := 1; c < cfpDeltas; c++ {
		if cfpDelta[c] <= cfpDelta[c-1] {
			t.Fatalf("not increasing at %d", c)
		}
	}
}

func TestHandVectorCFP(t *testing.T) {
	tr, rot, used, err := DecodeCFP(handCFP, 2, 2, RepeatPlusOne)
	if err != nil || used != len(handCFP) {
		t.Fatalf("%v, used %d of %d", err, used, len(handCFP))
	}
	if tr[0] != (mgl32.Vec3{1, 3, 0}) || tr[1][0] != 1 || tr[1][2] != 0 || math.Abs(float64(tr[1][1])-3.1000023) > 1e-6 {
		t.Errorf("translations %v", tr)
	}
	if rot[0][3] != 1 || rot[1][3] != 1 || math.Abs(float64(rot[0][2])+0.1000023) > 1e-7 || rot[1][2] != 0 {
		t.Errorf("rotations %v", rot)
	}
	// Read with the encoder's count instead, the stream does not fit: the
	// run in tz ends one value short and everything after shifts.
	if _, _, _, err := DecodeCFP(handCFP, 2, 2, RepeatExact); err == nil {
		t.Errorf("RepeatExact decoded the R+1 stream")
	}
	tr2, _, reading, extra, err := DecodeCFPAuto(handCFP, 2, 2)
	if err != nil || reading != RepeatPlusOne || extra != 0 || tr2[1] != tr[1] {
		t.Errorf("auto: %v %v %d", err, reading, extra)
	}
}

// TestCFPFallbackReading: a stream that fits only when R means R values is
// decoded that way by DecodeCFPAuto, and ApplyCFP says so.
func TestCFPFallbackReading(t *testing.T) {
	data := cat([]byte{0xFF}, le32(2), []byte{0xFE, 0x01, 0x00}, []byte{0xFE, 0x01, 0x00}) // tx 2; ty, tz one 0 each
	if _, _, _, err := DecodeCFP(data, 1, 0, RepeatPlusOne); err == nil {
		t.Fatal("R+1 reading accepted a run of 2 in a plane of 1")
	}
	a := &Animation{Name: "s", XSkillName: "x", TranslationCount: 1}
	reading, warn, err := ApplyCFP(a, data)
	if err != nil || reading != RepeatExact || warn == "" || a.Translations[0] != (mgl32.Vec3{2, 0, 0}) {
		t.Fatalf("%v %v %q %v", err, reading, warn, a.Translations)
	}
}

// TestCFPRoundTrip settles the repeat-count question for our own files:
// what EncodeCFP writes in a reading, DecodeCFP reads back bit for bit in
// that reading, including runs longer than one repeat code holds.
func TestCFPRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	nT, nR := 70000, 300
	tr := make([]mgl32.Vec3, nT)
	rot := make([]FileQuat, nR)
	for i := range tr {
		switch {
		case i < 66000: // a long run of zeros in every plane: more than 65536
		case i%7 == 0:
			tr[i] = tr[i-1]
		default:
			tr[i] = mgl32.Vec3{rng.Float32(), float32(i) * 0.001, tr[i-1][2] + cfpDelta[130]}
		}
	}
	for i := range rot {
		if i%3 == 0 {
			rot[i] = FileQuat{0, float32(math.Copysign(0, -1)), 0.5, 1}
		} else {
			rot[i] = FileQuat{rng.Float32(), 0, 0.5, float32(i)}
		}
	}
	for _, reading := range []RepeatReading{RepeatPlusOne, RepeatExact} {
		data := EncodeCFP(tr, rot, reading)
		gt, gr, used, err := DecodeCFP(data, nT, nR, reading)
		if err != nil || used != len(data) {
			t.Fatalf("%v: %v, used %d of %d", reading, err, used, len(data))
		}
		for i := range tr {
			for k := 0; k < 3; k++ {
				if math.Float32bits(gt[i][k]) != math.Float32bits(tr[i][k]) {
					t.Fatalf("%v: translation %d.%d = %v, want %v", reading, i, k, gt[i][k], tr[i][k])
				}
			}
		}
		for i := range rot {
			for k := 0; k < 4; k++ {
				if math.Float32bits(gr[i][k]) != math.Float32bits(rot[i][k]) {
					t.Fatalf("%v: rotation %d.%d = %v, want %v", reading, i, k, gr[i][k], rot[i][k])
				}
			}
		}
		if reading == RepeatPlusOne {
			// Our files decode with the default reading and no warning.
			a := &Animation{TranslationCount: uint32(nT), RotationCount: uint32(nR)}
			if r, warn, err := ApplyCFP(a, data); err != nil || r != RepeatPlusOne || warn != "" {
				t.Fatalf("apply: %v %v %q", err, r, warn)
			}
		}
	}
}

func TestCFPErrors(t *testing.T) {
	tests := []struct {
		name   string
		data   []byte
		nT, nR int
		field  string
		off    int64
	}{
		{"short literal", []byte{0xFF, 0, 0}, 1, 0, "translation x", 0},
		{"short repeat", []byte{0xFE, 0}, 1, 0, "translation x", 0},
		{"bad code", []byte{0xFD}, 1, 0, "translation x", 0},
		{"end", []byte{0x7E, 0x7E}, 1, 0, "translation z", 2},
		{"run past plane", []byte{0x7E, 0x7E, 0x7E, 0xFE, 5, 0}, 0, 1, "rotation w", 3},
		{"too many", nil, 1 << 24, 0, "counts", 0},
	}
	for _, tt := range tests {
		_, _, _, err := DecodeCFP(tt.data, tt.nT, tt.nR, RepeatPlusOne)
		var fe *formats.Error
		if !errors.As(err, &fe) || fe.Field != tt.field || fe.Offset != tt.off {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}
