package prime

import (
	"bytes"
	"github.com/animview/animview/internal/retromath"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// mp1V2Vector is a compressed MP1 ANIM worked by hand. Rotation divisor 90
// makes one quantisation step a degree; translation multiplier 0.5.
//
// Channel 0 (bone 3) rotates: initial (0, 100, -5), widths (3, 5, 2).
// Channel 1 (bone 4) rotates, initial (0, 0, 0), widths (1, 1, 1), and
// translates: initial (10, -20, 30), widths (4, 17, 1).
// A record is 11 + 26 = 37 bits; 2 records take 74 bits, 3 words.
//
// docs/formats/metroid-prime.md#records: each rotating channel's W bit
// comes before its deltas.
// Record 1 (bits 0..36):  ch0 W=1, Δ(-3, +15, -2); ch1 W=0, Δ(-1, 0, -1),
// Δt(+7, +40000, -1). docs/formats/metroid-prime.md#bit-order: the 17-bit
// Δty sits at bits 19..35, its
// low 13 bits at the top of word 0, its high 4 bits at the bottom of word 1.
// Record 2 (bits 37..73): ch0 W=0, Δ(+3, -16, +1); ch1 W=1, Δ(0, -1, 0),
// Δt(-8, -65535, 0). Δty sits at bits 56..72, across words 1 and 2.
//
// Word 0 = 1 | 5<<1 | 15<<4 | 2<<9 | 0<<11 | 1<<12 | 0<<13 | 1<<14 | 7<<15 |
// (40000 & 0x1FFF)<<19 = 0xE203D4FB.
const mp1V2Vector = `
00000002 000000A0 FFFFFFFF 00000001 | version, scratch, EVNT none, unk0
3F000000 3DCCCCCD 00000003 00000001 | duration 0.5, interval 0.1, root 3, looping
0000005A 3F000000 00000002 00000001 | rotDiv 90, transMult 0.5, channels, unk3
00000006 00000025 00000002          | bitmap: 6 bits, frames 0, 2, 5 set; extra u32
00000002                            | descriptor count
00000003 0002 0000 03 0064 05 FFFB 02 0000
00000004 0002 0000 01 0000 01 0000 01 0002 000A 04 FFEC 11 001E 01
E203D4FB 018560D4 00000100
FFFFFFFF FFFFFFFF                   | PAK padding
`

// TestFastSin checks the game's sine (CMath::FastSinR) bit for bit on
// values worked by hand: at x = 1 every power is 1, so the result is
// c1 + c2 + c3 + c4 = 0.99980587 - 0.16621658 + 0.008087108 - 0.000152977
// = 0.84152342; at 0.5 it is 0.5c1 + 0.125c2 + 0.03125c3 + 0.0078125c4 =
// 0.47937739. Angles past π wrap by whole turns first: 4 becomes 4 - 2π.
func TestFastSin(t *testing.T) {
	tests := []struct {
		x    float32
		bits uint32
		want float64
	}{
		{0.5, 0x3ef570f4, 0.479377389},
		{1, 0x3f576e14, 0.841523409},
		{-1, 0xbf576e14, -0.841523409},
		{4, 0xbf41b72d, -0.756701291},
		{10, 0xbf0b63ac, -0.544489622},
		{0, 0, 0},
	}
	for _, tc := range tests {
		got := retromath.FastSinR(tc.x)
		if math.Float32bits(got) != tc.bits || !near(float64(got), tc.want, 1e-8) {
			t.Errorf("FastSinR(%v) = %v (%#08x), want %v (%#08x)", tc.x, got, math.Float32bits(got), tc.want, tc.bits)
		}
	}
}

func TestVectorMP1V2(t *testing.T) {
	data := hexBytes(t, mp1V2Vector)
	a, err := ParseANIM(data, GameAuto)
	if err != nil {
		t.Fatal(err)
	}
	if a.Game != MP1 || a.Version != 2 || a.V2.Records != 2 || len(a.Warnings) != 0 {
		t.Fatalf("game %v version %d records %d warnings %q", a.Game, a.Version, a.V2.Records, a.Warnings)
	}
	// docs/formats/metroid-prime.md#key-timing: keys at frame 0 and the set
	// bits after it (2 and 5).
	if got := a.Keys.Frames; len(got) != 3 || got[0] != 0 || got[1] != 2 || got[2] != 5 {
		t.Fatalf("frames %v, want [0 2 5]", got)
	}
	// docs/formats/metroid-prime.md#records, #implicit-first-key and
	// #running-totals: running totals per row. Row 0 is the
	// initial values with W positive. Channel 1's ty: -20 + 40000 = 39980
	// wraps to -25556; then -25556 - 65535 = -91091 wraps to -25555.
	wantRows := [][]int16{
		{0, 0, 100, -5, 0, 0, 0, 0, 10, -20, 30},
		{1, -3, 115, -7, 0, -1, 0, -1, 17, -25556, 29},
		{0, 0, 99, -6, 1, -1, -1, -1, 9, -25555, 29},
	}
	for k, want := range wantRows {
		got := a.V2.Values[k*11 : (k+1)*11]
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("row %d = %v, want %v", k, got, want)
			}
		}
	}
	// docs/formats/metroid-prime.md#dequantisation: X, Y, Z =
	// sin(total·90°/90), W = ±sqrt(1 - X² - Y² - Z²),
	// with the game's sine, FastSinR (see TestFastSin): the values are the
	// polynomial at whole degrees, worked in single precision; the exact
	// sines differ from 1e-5 on (sin 100° = 0.98480775, FastSinR 0.98471284).
	rot0 := []mgl32.Quat{
		q(0.15082240, 0, 0.98471284, -0.08713909),            // (0°, 100°, -5°), W+
		q(-0.40175667, -0.05232586, 0.90609437, -0.12184644), // (-3°, 115°, -7°), W-
		q(0.11712085, 0, 0.98760349, -0.10450865),            // (0°, 99°, -6°), W+
	}
	rot1 := []mgl32.Quat{
		q(1, 0, 0, 0),
		q(0.99969548, -0.01744902, 0, -0.01744902),            // (-1°, 0°, -1°), W+
		q(-0.99954319, -0.01744902, -0.01744902, -0.01744902), // (-1°, -1°, -1°), W-
	}
	// Translation: totals × 0.5.
	trans1 := []mgl32.Vec3{{5, -10, 15}, {8.5, -12778, 14.5}, {4.5, -12777.5, 14.5}}
	c0, c1 := a.Keys.Channels[0], a.Keys.Channels[1]
	if c0.BoneID != 3 || c1.BoneID != 4 || c0.Translation != nil {
		t.Fatalf("channels %d, %d; channel 0 translation %v", c0.BoneID, c1.BoneID, c0.Translation)
	}
	for k := range rot0 {
		if !quatNear(c0.Rotation[k], rot0[k], 1e-6) || !quatNear(c1.Rotation[k], rot1[k], 1e-6) {
			t.Errorf("key %d rotations %v %v, want %v %v", k, c0.Rotation[k], c1.Rotation[k], rot0[k], rot1[k])
		}
		if !vecNear(c1.Translation[k], trans1[k], 1e-6) {
			t.Errorf("key %d translation %v, want %v", k, c1.Translation[k], trans1[k])
		}
	}
	// Re-encoding keeps the totals, not the stored deltas: -65535 is
	// written as its int16 equivalent +1, so the bytes differ but decode to
	// the same values.
	out, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseANIM(out, GameAuto)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.V2.Values {
		if a.V2.Values[i] != b.V2.Values[i] {
			t.Fatalf("re-encoded value %d = %d, want %d", i, b.V2.Values[i], a.V2.Values[i])
		}
	}
	if bytes.Equal(out, data) {
		t.Error("re-encoded bytes equal the original, but the 17-bit delta should have become +1")
	}
}

// mp2V2Vector is a compressed MP2 ANIM worked by hand: the 0x0101 marker, a
// scale multiplier, u8 bone ids and independent blocks
// (docs/formats/metroid-prime.md#version-2-header, #channel-descriptors).
//
// Channel 0 (bone 0): rotation initial (45, 0, 0) widths (2, 1, 1); no
// translation; scale initial (4, 4, 4) widths (3, 3, 3).
// Channel 1 (bone 1): no rotation; translation initial (-2, 0, 2) widths
// (2, 2, 2); no scale. A record is 1+2+1+1+9 + 6 = 20 bits, one word.
// Record 1: W=1, Δr(+1, -1, 0), Δs(-4, +3, 0), Δt(+1, -2, -1):
// 1 | 1<<1 | 1<<3 | 0<<4 | 4<<5 | 3<<8 | 0<<11 | 1<<14 | 2<<16 | 3<<18
// = 0x000E438B.
const mp2V2Vector = `
00000002 00000040 0101               | version, scratch, marker
3DCCCCCD 3DCCCCCD 00000000 00000000  | duration 0.1, interval 0.1, root 0, not looping
0000005A 3F000000 3E800000           | rotDiv 90, transMult 0.5, scaleMult 0.25
00000002 00000001                    | channels, unk
00000002 00000003                    | bitmap: 2 bits, both set
00000002                             | descriptor count (no extra u32 in MP2)
00 0001 002D 02 0000 01 0000 01 0000 0001 0004 03 0004 03 0004 03
01 0000 0001 FFFE 02 0000 02 0002 02 0000
000E438B
`

func TestVectorMP2V2(t *testing.T) {
	data := hexBytes(t, mp2V2Vector)
	a, err := ParseANIM(data, GameAuto)
	if err != nil {
		t.Fatal(err)
	}
	if a.Game != MP2 || a.V2.Records != 1 || len(a.Warnings) != 0 {
		t.Fatalf("game %v records %d warnings %q", a.Game, a.V2.Records, a.Warnings)
	}
	c0, c1 := a.Keys.Channels[0], a.Keys.Channels[1]
	if c0.BoneID != 0 || c1.BoneID != 1 || c0.Translation != nil || c1.Rotation != nil || c1.Scale != nil {
		t.Fatalf("unexpected channel layout %+v %+v", c0, c1)
	}
	// (45°, 0, 0) W+ then (46°, -1°, 0°) W-, sines by FastSinR.
	wantRot := []mgl32.Quat{q(0.70710671, 0.70710683, 0, 0), q(-0.69443476, 0.71934408, -0.01744902, 0)}
	wantScale := []mgl32.Vec3{{1, 1, 1}, {0, 1.75, 1}}     // (4,4,4), (0,7,4) × 0.25
	wantTrans := []mgl32.Vec3{{-1, 0, 1}, {-0.5, -1, 0.5}} // (-2,0,2), (-1,-2,1) × 0.5
	for k := 0; k < 2; k++ {
		if !quatNear(c0.Rotation[k], wantRot[k], 1e-6) || !vecNear(c0.Scale[k], wantScale[k], 1e-6) ||
			!vecNear(c1.Translation[k], wantTrans[k], 1e-6) {
			t.Errorf("key %d: %v %v %v, want %v %v %v", k, c0.Rotation[k], c0.Scale[k], c1.Translation[k],
				wantRot[k], wantScale[k], wantTrans[k])
		}
	}
	out, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, data) {
		t.Errorf("re-encoded\n%x\nwant\n%x", out, data)
	}
}

// mp1V0Vector is an uncompressed MP1 ANIM worked by hand
// (docs/formats/metroid-prime.md#version-0-layout): 2
// frames, bones 3 and 5 on channels 1 and 0, channel 1 translated by
// translation channel 0. Arrays are channel-major: rotation of channel c at
// frame f is element c·2+f.
const mp1V0Vector = `
00000000 3F000000 00000000 3E800000 00000000 | version, duration 0.5, interval 0.25
00000002 00000003                            | 2 frames, root 3
00000006 FF FF FF 01 FF 00                   | bones 0..5: bone 3 → ch 1, bone 5 → ch 0
00000002 FF 00                               | ch 0 no translation, ch 1 → translation 0
00000004                                     | 4 rotations
3F800000 00000000 00000000 00000000          | ch 0 f 0: identity
00000000 3F800000 00000000 00000000          | ch 0 f 1: (0, 1, 0, 0)
00000000 00000000 3F800000 00000000          | ch 1 f 0: (0, 0, 1, 0)
00000000 00000000 00000000 3F800000          | ch 1 f 1: (0, 0, 0, 1)
00000002                                     | 2 translations
3F800000 40000000 40400000                   | tr 0 f 0: (1, 2, 3)
40800000 40A00000 40C00000                   | tr 0 f 1: (4, 5, 6)
12345678                                     | EVNT id
FFFFFFFF                                     | padding
`

func TestVectorMP1V0(t *testing.T) {
	a, err := ParseANIM(hexBytes(t, mp1V0Vector), GameAuto)
	if err != nil {
		t.Fatal(err)
	}
	if a.Game != MP1 || a.Version != 0 {
		t.Fatalf("game %v version %d", a.Game, a.Version)
	}
	if id, ok := a.EVNTID(); !ok || id != 0x12345678 {
		t.Errorf("EVNT id %08X %v", id, ok)
	}
	want := map[int]ChannelKeys{
		3: {Rotation: []mgl32.Quat{q(0, 0, 1, 0), q(0, 0, 0, 1)}, Translation: []mgl32.Vec3{{1, 2, 3}, {4, 5, 6}}},
		5: {Rotation: []mgl32.Quat{q(1, 0, 0, 0), q(0, 1, 0, 0)}},
	}
	if len(a.Keys.Channels) != 2 {
		t.Fatalf("%d channels", len(a.Keys.Channels))
	}
	for _, c := range a.Keys.Channels {
		w := want[c.BoneID]
		if len(c.Rotation) != 2 || len(c.Translation) != len(w.Translation) {
			t.Fatalf("bone %d: %d rotations, %d translations", c.BoneID, len(c.Rotation), len(c.Translation))
		}
		for f := 0; f < 2; f++ {
			if c.Rotation[f] != w.Rotation[f] {
				t.Errorf("bone %d frame %d rotation %v, want %v", c.BoneID, f, c.Rotation[f], w.Rotation[f])
			}
			if w.Translation != nil && c.Translation[f] != w.Translation[f] {
				t.Errorf("bone %d frame %d translation %v, want %v", c.BoneID, f, c.Translation[f], w.Translation[f])
			}
		}
	}
}

// mp2V0Vector is an uncompressed MP2 ANIM worked by hand: four channel
// tables, scales frame-major (element f·scaleChannels+s, the Echoes
// engine's indexing), then channel-major rotations and translations.
// Bones 0 and 1 → channels 0 and 1; channel 0 rotates (rotation channel 0)
// and scales (scale channel 1); channel 1 only scales (scale channel 0).
const mp2V0Vector = `
00000000 3E800000 00000000 3E800000 00000000 | version, duration 0.25, interval 0.25
00000002 00000000                            | 2 frames, root 0
00000002 00 01                               | bone → channel
00000002 00 FF                               | channel → rotation
00000002 FF FF                               | channel → translation
00000002 01 00                               | channel → scale
00000004                                     | 4 scales, frame-major
3F800000 3F800000 3F800000                   | f 0 s 0: (1, 1, 1)
40000000 40000000 40000000                   | f 0 s 1: (2, 2, 2)
40400000 40400000 40400000                   | f 1 s 0: (3, 3, 3)
40800000 40800000 40800000                   | f 1 s 1: (4, 4, 4)
00000002                                     | 2 rotations
3F800000 00000000 00000000 00000000
00000000 3F800000 00000000 00000000
00000000                                     | no translations
`

func TestVectorMP2V0(t *testing.T) {
	a, err := ParseANIM(hexBytes(t, mp2V0Vector), GameAuto)
	if err != nil {
		t.Fatal(err)
	}
	if a.Game != MP2 {
		t.Fatalf("game %v, want mp2 (the MP1 layout does not end at the data's end)", a.Game)
	}
	c0, c1 := a.Keys.Channels[0], a.Keys.Channels[1]
	// Channel 0 uses scale channel 1: frames 0 and 1 are elements 1 and 3.
	if c0.Scale[0] != (mgl32.Vec3{2, 2, 2}) || c0.Scale[1] != (mgl32.Vec3{4, 4, 4}) {
		t.Errorf("channel 0 scales %v, want (2,2,2) (4,4,4)", c0.Scale)
	}
	if c1.Scale[0] != (mgl32.Vec3{1, 1, 1}) || c1.Scale[1] != (mgl32.Vec3{3, 3, 3}) {
		t.Errorf("channel 1 scales %v, want (1,1,1) (3,3,3)", c1.Scale)
	}
	if c0.Rotation[1] != q(0, 1, 0, 0) || c1.Rotation != nil || c0.Translation != nil {
		t.Errorf("rotations %v %v translations %v", c0.Rotation, c1.Rotation, c0.Translation)
	}
}
