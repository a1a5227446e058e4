package prime

import (
	"bytes"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// testKeys makes keys at the given frames for bones 0..n-1: smooth
// rotations (some with W < 0 on later keys), translations on every other
// channel and, for MP2, scales on every third channel and a channel without
// rotation.
func testKeys(game Game, n int, frames []int) *Keys {
	k := &Keys{Frames: frames}
	for c := 0; c < n; c++ {
		ck := ChannelKeys{BoneID: c}
		if game == MP1 || c%4 != 3 {
			ck.Rotation = make([]mgl32.Quat, len(frames))
			for i, f := range frames {
				a := float32(f)*0.2 + float32(c)
				q := mgl32.QuatRotate(a, mgl32.Vec3{float32(c%3) + 1, 1, float32(c % 2)}.Normalize())
				ck.Rotation[i] = q
			}
		}
		if c%2 == 0 {
			ck.Translation = make([]mgl32.Vec3, len(frames))
			for i, f := range frames {
				ck.Translation[i] = mgl32.Vec3{float32(c), float32(math.Sin(float64(f) * 0.3)), -float32(f) * 0.1}
			}
		}
		if game == MP2 && c%3 == 0 {
			ck.Scale = make([]mgl32.Vec3, len(frames))
			for i, f := range frames {
				ck.Scale[i] = mgl32.Vec3{1, 1 + 0.05*float32(f), 0.5}
			}
		}
		k.Channels = append(k.Channels, ck)
	}
	return k
}

// keysNear compares decoded keys with the keys encoded. flipFirst expects a
// first key with negative W to come back negated (version 2).
func keysNear(t *testing.T, got, want *Keys, rotEps, vecEps float64, flipFirst bool) {
	t.Helper()
	if len(got.Frames) != len(want.Frames) || len(got.Channels) != len(want.Channels) {
		t.Fatalf("%d frames %d channels, want %d %d", len(got.Frames), len(got.Channels), len(want.Frames), len(want.Channels))
	}
	for i := range want.Frames {
		if got.Frames[i] != want.Frames[i] {
			t.Fatalf("frames %v, want %v", got.Frames, want.Frames)
		}
	}
	for c := range want.Channels {
		g, w := &got.Channels[c], &want.Channels[c]
		if g.BoneID != w.BoneID || (g.Rotation == nil) != (w.Rotation == nil) ||
			(g.Translation == nil) != (w.Translation == nil) || (g.Scale == nil) != (w.Scale == nil) {
			t.Fatalf("channel %d layout differs: bone %d/%d", c, g.BoneID, w.BoneID)
		}
		for i := range w.Rotation {
			wq := w.Rotation[i].Normalize()
			if flipFirst && i == 0 && wq.W < 0 {
				wq = mgl32.Quat{W: -wq.W, V: wq.V.Mul(-1)}
			}
			// W is recomputed from X, Y, Z, so its error grows as W nears 0;
			// compare the rotations (and the sign) by their dot product.
			if d := float64(g.Rotation[i].Dot(wq)); d < 1-rotEps {
				t.Fatalf("channel %d key %d rotation %v, want %v", c, i, g.Rotation[i], wq)
			}
		}
		for i := range w.Translation {
			if !vecNear(g.Translation[i], w.Translation[i], vecEps) {
				t.Fatalf("channel %d key %d translation %v, want %v", c, i, g.Translation[i], w.Translation[i])
			}
		}
		for i := range w.Scale {
			if !vecNear(g.Scale[i], w.Scale[i], vecEps) {
				t.Fatalf("channel %d key %d scale %v, want %v", c, i, g.Scale[i], w.Scale[i])
			}
		}
	}
}

func TestRoundTripV2(t *testing.T) {
	// Gaps in the bitmap: frames 1, 2, 5..7 and 9 have no keys.
	frames := []int{0, 3, 4, 8, 10, 11, 12}
	for _, game := range []Game{MP1, MP2} {
		t.Run(game.String(), func(t *testing.T) {
			k := testKeys(game, 9, frames)
			h := Header{Interval: 1.0 / 30, RootBone: 3, Looping: true, EVNT: 0xABCD0123, Pad: true}
			a, err := BuildV2(game, h, k)
			if err != nil {
				t.Fatal(err)
			}
			data, err := a.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			if len(data)%32 != 0 {
				t.Errorf("padded length %d", len(data))
			}
			got, err := ParseANIM(data, GameAuto)
			if err != nil {
				t.Fatal(err)
			}
			if got.Game != game || len(got.Warnings) != 0 {
				t.Fatalf("game %v warnings %q", got.Game, got.Warnings)
			}
			// Bitmap: bits 0, 3, 4, 8, 10, 11, 12 of a 13-bit map.
			if got.V2.BitmapBits != 13 || got.V2.Bitmap[0] != 1|1<<3|1<<4|1<<8|1<<10|1<<11|1<<12 {
				t.Errorf("bitmap %d bits %#x", got.V2.BitmapBits, got.V2.Bitmap)
			}
			// A rotation step is 90°/32767: sines are off by at most half a
			// step, about 2.4e-5; translations by half the multiplier.
			// Near W = 0 the recomputed W is sensitive to the quantised X, Y, Z.
			keysNear(t, &got.Keys, k, 1e-5, float64(a.TransMult)+float64(a.ScaleMult), true)
			if id, ok := got.EVNTID(); (game == MP1) != ok || (ok && id != 0xABCD0123) {
				t.Errorf("EVNT id %08X %v", id, ok)
			}
			again, err := got.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again, data) {
				t.Error("decoding and encoding again changed the bytes")
			}
		})
	}
}

func TestRoundTripV0(t *testing.T) {
	frames := []int{0, 1, 2, 3, 4}
	for _, game := range []Game{MP1, MP2} {
		t.Run(game.String(), func(t *testing.T) {
			k := testKeys(game, 7, frames)
			h := Header{Interval: 0.25, Duration: 1.25, RootBone: 3, EVNT: 0x01020304, Pad: true}
			data, err := EncodeANIM(game, 0, h, k)
			if err != nil {
				t.Fatal(err)
			}
			got, err := ParseANIM(data, GameAuto)
			if err != nil {
				t.Fatal(err)
			}
			if got.Game != game || got.Version != 0 {
				t.Fatalf("game %v version %d", got.Game, got.Version)
			}
			// Version 0 stores floats: exact. Rotations are stored as given
			// (not normalised), so compare raw.
			for c := range k.Channels {
				for i := range k.Channels[c].Rotation {
					if got.Keys.Channels[c].Rotation[i] != k.Channels[c].Rotation[i] {
						t.Fatalf("channel %d key %d rotation differs", c, i)
					}
				}
			}
			keysNear(t, &got.Keys, k, 1e-6, 0, false)
			again, err := got.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again, data) {
				t.Error("decoding and encoding again changed the bytes")
			}
		})
	}
}

// The encoder picks the fewest bits that hold every delta of a component
// (at least 1), after the int16 wrap
// (docs/formats/metroid-prime.md#running-totals).
func TestBuildV2BitWidths(t *testing.T) {
	k := &Keys{Frames: []int{0, 1, 2}, Channels: []ChannelKeys{{
		BoneID:   3,
		Rotation: []mgl32.Quat{q(1, 0, 0, 0), q(1, 0, 0, 0), q(1, 0, 0, 0)},
		// With multiplier 1: tx deltas +15, -16 → 5 bits; ty constant → 1
		// bit; tz 32767 → -32768 wraps to a delta of +1 → 2 bits, not 17.
		Translation: []mgl32.Vec3{{0, 7, 32767}, {15, 7, -32768}, {-1, 7, -32767}},
	}}}
	a, err := BuildV2(MP1, Header{Interval: 0.1, TransMult: 1}, k)
	if err != nil {
		t.Fatal(err)
	}
	d := a.Channels[0]
	if d.Rot.Bits != [3]uint8{1, 1, 1} || d.Trans.Bits != [3]uint8{5, 1, 2} {
		t.Errorf("widths rot %v trans %v, want [1 1 1] [5 1 2]", d.Rot.Bits, d.Trans.Bits)
	}
	if d.Trans.Init != [3]int16{0, 7, 32767} || d.Rot.KeyCount != 2 || d.Trans.KeyCount != 2 {
		t.Errorf("init %v counts %d %d", d.Trans.Init, d.Rot.KeyCount, d.Trans.KeyCount)
	}
	data, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseANIM(data, MP1)
	if err != nil {
		t.Fatal(err)
	}
	if tz := got.Keys.Channels[0].Translation[1][2]; tz != -32768 {
		t.Errorf("wrapped tz = %v, want -32768", tz)
	}
}

// W sign bits: a later key's negative W survives (the game does not flip
// to the shortest arc: docs/formats/metroid-prime.md#mp1-slerp); a first
// key's negative W is negated with the rest of the quaternion because the
// implicit first key is always W-positive
// (docs/formats/metroid-prime.md#implicit-first-key).
func TestBuildV2WSigns(t *testing.T) {
	s := float32(math.Sqrt(0.5))
	rots := []mgl32.Quat{q(-s, s, 0, 0), q(-s, 0, s, 0), q(s, 0, 0, s), q(-1, 0, 0, 0)}
	k := &Keys{Frames: []int{0, 1, 2, 3}, Channels: []ChannelKeys{{BoneID: 0, Rotation: rots}}}
	data, err := EncodeANIM(MP2, 2, Header{Interval: 0.1}, k)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseANIM(data, GameAuto)
	if err != nil {
		t.Fatal(err)
	}
	want := []mgl32.Quat{q(s, -s, 0, 0), q(-s, 0, s, 0), q(s, 0, 0, s), q(-1, 0, 0, 0)}
	for i, w := range want {
		if g := got.Keys.Channels[0].Rotation[i]; !quatNear(g, w, 1e-4) {
			t.Errorf("key %d = %v, want %v", i, g, w)
		}
	}
}

func TestBuildErrors(t *testing.T) {
	one := []mgl32.Quat{q(1, 0, 0, 0)}
	two := []mgl32.Quat{q(1, 0, 0, 0), q(1, 0, 0, 0)}
	tests := []struct {
		name    string
		game    Game
		version int
		k       Keys
	}{
		{"no game", GameAuto, 2, Keys{Frames: []int{0, 1}}},
		{"first frame not 0", MP1, 2, Keys{Frames: []int{1, 2}}},
		{"frames not ascending", MP1, 2, Keys{Frames: []int{0, 2, 2}}},
		{"bone id 100", MP1, 2, Keys{Frames: []int{0, 1}, Channels: []ChannelKeys{{BoneID: 100, Rotation: two}}}},
		{"two channels for a bone", MP1, 2, Keys{Frames: []int{0, 1}, Channels: []ChannelKeys{{BoneID: 1, Rotation: two}, {BoneID: 1, Rotation: two}}}},
		{"MP1 channel without rotation", MP1, 2, Keys{Frames: []int{0, 1}, Channels: []ChannelKeys{{BoneID: 1, Translation: []mgl32.Vec3{{}, {}}}}}},
		{"MP1 scale", MP1, 0, Keys{Frames: []int{0, 1}, Channels: []ChannelKeys{{BoneID: 1, Rotation: two, Scale: []mgl32.Vec3{{}, {}}}}}},
		{"key count", MP2, 2, Keys{Frames: []int{0, 1}, Channels: []ChannelKeys{{BoneID: 1, Rotation: one}}}},
		{"v2 single key", MP2, 2, Keys{Frames: []int{0}, Channels: []ChannelKeys{{BoneID: 1, Rotation: one}}}},
		{"v0 gap", MP1, 0, Keys{Frames: []int{0, 2}, Channels: []ChannelKeys{{BoneID: 1, Rotation: two}}}},
		{"version 1", MP1, 1, Keys{}},
	}
	for _, tc := range tests {
		if _, err := EncodeANIM(tc.game, tc.version, Header{Interval: 0.1}, &tc.k); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}
