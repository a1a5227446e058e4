package sims

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

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
// docs/formats/sims.md#cfp-key-data (a repeat count R makes R+1 values; Delta[252]
// is +0.1 and Delta[0] −0.1 as float32).
var handCFP = cat(
	[]byte{0xFF}, le32(1), []byte{0x7E}, // tx: literal 1.0; delta code 126 (Delta = 0) → 1, 1
	[]byte{0xFF}, le32(3), []byte{0xFC}, // ty: literal 3.0; code 252 → 3 + 0.1 = 3.1 (float32)
	[]byte{0xFE, 0x01, 0x00},                        // tz: repeat R=1 of the plane's start value 0 → 0, 0
	[]byte{0xFE, 0x01, 0x00},                        // rx → 0, 0
	[]byte{0xFE, 0x01, 0x00},                        // ry → 0, 0
	[]byte{0x00, 0xFC},                              // rz: code 0 (−0.1) then 252 (+0.1) → −0.1, 0
	[]byte{0xFF}, le32(1), []byte{0xFE, 0x00, 0x00}, // rw: literal 1; repeat R=0 → one more 1
)

// TestCFPDeltaTable checks entries worked out by hand from the table's
// definition, Delta[c] = sign(v)·0.1·v⁴ with v = 2c/252 − 1.
func TestCFPDeltaTable(t *testing.T) {
	for _, tt := range []struct {
		c    int
		want float32
	}{
		{126, 0},
		{252, 0.1},             // v = 1
		{0, -0.1},              // v = −1
		{189, 0.00625},         // v = 1/2: 0.1/16
		{63, -0.00625},         // v = −1/2
		{127, 0.1 / 252047376}, // v = 1/126: 0.1/126⁴ = 3.967503e-10 (FreeSO: 3.9676e-10)
	} {
		if got := cfpDelta[tt.c]; got != tt.want {
			t.Errorf("Delta[%d] = %v, want %v", tt.c, got, tt.want)
		}
	}
	for c := 1; c < cfpDeltas; c++ {
		if cfpDelta[c] <= cfpDelta[c-1] || cfpDelta[c] != -cfpDelta[252-c] {
			t.Fatalf("not increasing and odd at %d", c)
		}
	}
}

func TestHandVectorCFP(t *testing.T) {
	tr, rot, err := ParseCFP(handCFP, 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	if tr[0] != (mgl32.Vec3{1, 3, 0}) || tr[1] != (mgl32.Vec3{1, 3.1, 0}) {
		t.Errorf("translations %v", tr)
	}
	if rot[0] != (FileQuat{0, 0, -0.1, 1}) || rot[1] != (FileQuat{0, 0, 0, 1}) {
		t.Errorf("rotations %v", rot)
	}
}

// TestRealCFPPlane decodes the first plane of The Sims' xskill-A2O-idle1.cfp
// (adult-idle1.cmx: 120 translations, ROOT's 60 frames then PELVIS's 60),
// its first 14 bytes retyped:
//
//	FF 5C 71 BF 3B   literal 0.0058423709 (0x3BBF715C)
//	FE 3A 00         repeat R = 58: 59 more, 60 values, ROOT's frames
//	53 6A 76         deltas −43⁴, −20⁴, −8⁴ (×0.1/126⁴)
//	FE 38 00         repeat R = 56: 57 more, 60 values, PELVIS's frames
//
// Read as FreeSO's encoder writes R (R values), the plane ends two values
// short. The values after the deltas were worked out independently
// (Python, float32 sums): 0x3B92FEF3, 0x3B90EA70, 0x3B90DCCE.
func TestRealCFPPlane(t *testing.T) {
	data := []byte{0xFF, 0x5C, 0x71, 0xBF, 0x3B, 0xFE, 0x3A, 0x00, 0x53, 0x6A, 0x76, 0xFE, 0x38, 0x00}
	out := make([]float32, 120)
	off, err := decodePlane(data, 0, out, 0)
	if err != nil || off != len(data) {
		t.Fatalf("%v, used %d of %d bytes", err, off, len(data))
	}
	want := func(i int) uint32 {
		switch {
		case i < 60:
			return 0x3BBF715C
		case i == 60:
			return 0x3B92FEF3
		case i == 61:
			return 0x3B90EA70
		}
		return 0x3B90DCCE
	}
	for i, v := range out {
		if math.Float32bits(v) != want(i) {
			t.Fatalf("value %d = %08X, want %08X", i, math.Float32bits(v), want(i))
		}
	}
	// One value less: the second run passes the plane's end.
	if _, err := decodePlane(data, 0, make([]float32, 119), 0); err == nil {
		t.Error("a plane of 119 values took the 120 of the stream")
	}
}

// TestCFPRoundTrip: what EncodeCFP writes, ParseCFP reads back bit for
// bit, including runs longer than one repeat code holds.
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
		q := FileQuat{rng.Float32(), 0, 0.5, float32(i)}
		if i%3 == 0 {
			q = FileQuat{0, float32(math.Copysign(0, -1)), 0.5, 1}
		}
		// Unit length, as key data's rotations are
		// (docs/formats/sims.md#cfp-key-data).
		l := float32(math.Sqrt(float64(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])))
		rot[i] = FileQuat{q[0] / l, q[1] / l, q[2] / l, q[3] / l}
	}
	data := EncodeCFP(tr, rot)
	gt, gr, err := ParseCFP(data, nT, nR)
	if err != nil {
		t.Fatal(err)
	}
	for i := range tr {
		for k := 0; k < 3; k++ {
			if math.Float32bits(gt[i][k]) != math.Float32bits(tr[i][k]) {
				t.Fatalf("translation %d.%d = %v, want %v", i, k, gt[i][k], tr[i][k])
			}
		}
	}
	for i := range rot {
		for k := 0; k < 4; k++ {
			if math.Float32bits(gr[i][k]) != math.Float32bits(rot[i][k]) {
				t.Fatalf("rotation %d.%d = %v, want %v", i, k, gr[i][k], rot[i][k])
			}
		}
	}
}

func TestCFPErrors(t *testing.T) {
	nan := math.Float32frombits(0x7FC00000)
	tests := []struct {
		name   string
		data   []byte
		nT, nR int
		field  string
		off    int64
		want   string
	}{
		{"short literal", []byte{0xFF, 0, 0}, 1, 0, "translation x", 0, "literal needs 4 bytes"},
		{"short repeat", []byte{0xFE, 0}, 1, 0, "translation x", 0, "repeat count"},
		{"bad code", []byte{0xFD}, 1, 0, "translation x", 0, "code 0xfd"},
		{"decodes short", []byte{0x7E, 0x7E}, 1, 0, "translation z", 2, "value 0 of 1: unexpected end"},
		{"run past plane", []byte{0x7E, 0x7E, 0x7E, 0xFE, 5, 0}, 0, 1, "rotation w", 3, "runs past"},
		{"decodes long", []byte{0x7E, 0x7E, 0x7E, 0x7E, 0x7E, 0x7E, 0x7E, 0x7E}, 1, 1, "rotation w", 7, "1 bytes after the last value"},
		{"NaN literal", cat([]byte{0xFF}, le32(nan)), 1, 0, "translation x", 1, "not a finite number"},
		{"too many", nil, 1 << 24, 0, "counts", 0, "more than"},
	}
	for _, tt := range tests {
		_, _, err := ParseCFP(tt.data, tt.nT, tt.nR)
		var fe *formats.Error
		if !errors.As(err, &fe) || fe.Field != tt.field || fe.Offset != tt.off || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
	// ApplyCFP names the skill and its file as well.
	a := &Animation{Name: "a2o-x", XSkillName: "xskill-a2o-x", TranslationCount: 1}
	if err := ApplyCFP(a, []byte{0x7E, 0x7E}); err == nil || !strings.Contains(err.Error(), `skill "a2o-x" (xskill-a2o-x.cfp): sims-cfp: translation z`) {
		t.Errorf("apply: %v", err)
	}
}

// TestRawKeys: the 1998 prototype's .bin key data, worked out by hand: one
// translation (x, y, z) then one rotation (x, y, z, w), little-endian; the
// rotation a unit quaternion, as the real files' are
// (docs/formats/sims.md#skill-bin).
func TestRawKeys(t *testing.T) {
	data := cat(le32(1), le32(2), le32(3), le32(0), le32(0.6), le32(0), le32(-0.8))
	tr, rot, err := ParseRawKeys(data, 1, 1)
	if err != nil || tr[0] != (mgl32.Vec3{1, 2, 3}) || rot[0] != (FileQuat{0, 0.6, 0, -0.8}) {
		t.Fatalf("%v %v %v", tr, rot, err)
	}
	if string(EncodeRawKeys(tr, rot)) != string(data) {
		t.Error("encode")
	}
	if _, _, err := ParseRawKeys(data, 1, 2); err == nil || !strings.Contains(err.Error(), "28 bytes") {
		t.Errorf("size: %v", err)
	}
	bad := cat(le32(1), le32(float32(math.Inf(1))), le32(3))
	var fe *formats.Error
	if _, _, err := ParseRawKeys(bad, 1, 0); !errors.As(err, &fe) || fe.Offset != 4 || !errors.Is(err, errNonFinite) {
		t.Errorf("inf: %v", err)
	}
}

// TestRawKeysDamaged is issue 35's Sims reproducer: a damaged byte in a
// .bin rotation made a key the game never stored (a quaternion of length
// 3e5, or 1e-30), which the export then chased. The prototype's rotations
// are unit quaternions (docs/formats/sims.md#skill-bin), so one more than
// 1e-3 from unit length is an error naming the rotation and its offset; a
// damaged lowest mantissa byte, which moves the length by less than 1e-6,
// is kept. Every byte of the rotations is damaged in turn.
func TestRawKeysDamaged(t *testing.T) {
	tr := []mgl32.Vec3{{0, 3, 0}, {0, 3, 0.1}}
	var rot []FileQuat
	for i := 0; i < 6; i++ {
		q := mgl32.QuatRotate(0.2*float32(i), mgl32.Vec3{0, 0.6, 0.8})
		rot = append(rot, FileQuat{q.V[0], q.V[1], q.V[2], q.W})
	}
	data := EncodeRawKeys(tr, rot)
	if _, _, err := ParseRawKeys(data, len(tr), len(rot)); err != nil {
		t.Fatal(err)
	}
	refused := 0
	for off := 12 * len(tr); off < len(data); off++ {
		for _, v := range []byte{0x00, 0x7F, 0xFF, 0x40, data[off] ^ 0x01} {
			bad := bytes.Clone(data)
			bad[off] = v
			i := (off - 12*len(tr)) / 16
			q := rot[i]
			bq := FileQuat{}
			for k := range bq {
				bq[k] = math.Float32frombits(binary.LittleEndian.Uint32(bad[12*len(tr)+16*i+4*k:]))
			}
			l := math.Sqrt(float64(bq[0]*bq[0] + bq[1]*bq[1] + bq[2]*bq[2] + bq[3]*bq[3]))
			_, r, err := ParseRawKeys(bad, len(tr), len(rot))
			var fe *formats.Error
			switch {
			case math.IsNaN(l) || math.IsInf(l, 0):
				// The non-finite rule's error, tested above.
			case math.Abs(l-1) > 1e-3:
				refused++
				if !errors.As(err, &fe) || fe.Field != "rotations" || fe.Offset != int64(12*len(tr)+16*i) ||
					!strings.Contains(err.Error(), fmt.Sprintf("rotation %d ", i)) {
					t.Fatalf("byte %d = 0x%02X (length %g): error %v; want one at rotation %d, offset %d", off, v, l, err, i, 12*len(tr)+16*i)
				}
			case err != nil:
				t.Fatalf("byte %d = 0x%02X (length %g, %v for %v): error %v", off, v, l, bq, q, err)
			case r[i] != bq:
				t.Fatalf("byte %d: decoded %v, want %v", off, r[i], bq)
			}
		}
	}
	if refused < 100 {
		t.Errorf("only %d damaged rotations refused", refused)
	}
}

// TestRawKeysDamagedInSkill: through the loader, the error names the
// skill, its file, the motion's bone and frame, and the byte offset: a
// version 200 skill of two motions (ROOT translates and rotates, PELVIS
// rotates) over three frames, PELVIS's frame 2 damaged.
func TestRawKeysDamagedInSkill(t *testing.T) {
	unit := FileQuat{0, 0, 0, 1}
	tr := []mgl32.Vec3{{0, 3, 0}, {0, 3, 0.1}, {0, 3, 0.2}}
	rot := []FileQuat{unit, unit, unit, unit, unit, {0, 3e5, 0, 1}}
	cf := &CharacterFile{Version: Version200, Skills: []Animation{{Name: "a2o-test", XSkillName: "xskill-test",
		TranslationCount: 3, RotationCount: 6, Motions: []Motion{
			{BoneName: "ROOT", FrameCount: 3, HasTranslation: true, HasRotation: true},
			{BoneName: "PELVIS", FrameCount: 3, HasRotation: true, FirstRotation: 3},
		}}}}
	cmx, err := EncodeCMX(cf)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{"xskill-test.bin": {Data: EncodeRawKeys(tr, rot)}}
	_, err = loadCharacter(&formats.Input{Name: "test.cmx", Data: cmx, Siblings: formats.FSResolver{FS: fsys, Dir: "."}}, true)
	want := `skill "a2o-test" (xskill-test.bin) bone PELVIS frame 2: sims-skill-bin: rotations at offset 116 (0x74): rotation 5 [0 300000 0 1] has length 300000`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v\nwant %q", err, want)
	}
}

// TestCFPNotUnit: a .cfp rotation further than 0.05 from unit length is
// damage (docs/formats/sims.md#cfp-key-data: the demo's 107,562 rotations
// lie within 0.0015 of it), an error naming the rotation and the offsets
// of the rotation planes; one within is kept.
func TestCFPNotUnit(t *testing.T) {
	tr := []mgl32.Vec3{{0, 3, 0}}
	for _, tc := range []struct {
		q  FileQuat
		ok bool
	}{
		{FileQuat{0, 0, 0, 1.04}, true},
		{FileQuat{0, 0, 0, 0.94}, false},
		{FileQuat{0, 7.7e14, 0, 1}, false},
	} {
		data := EncodeCFP(tr, []FileQuat{{0, 0, 0, 1}, tc.q})
		_, _, err := ParseCFP(data, 1, 2)
		var fe *formats.Error
		switch {
		case tc.ok && err != nil:
			t.Errorf("%v: %v", tc.q, err)
		case !tc.ok && (!errors.As(err, &fe) || fe.Field != "rotations" || !strings.Contains(err.Error(), "rotation 1 ")):
			t.Errorf("%v: error %v; want one naming rotation 1", tc.q, err)
		}
	}
}
