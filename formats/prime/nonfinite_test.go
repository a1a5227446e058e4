package prime

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// sentinelAt returns the offset of the one big-endian occurrence of v in
// data.
func sentinelAt(t *testing.T, data []byte, v float32) int {
	t.Helper()
	word := binary.BigEndian.AppendUint32(nil, math.Float32bits(v))
	if n := bytes.Count(data, word); n != 1 {
		t.Fatalf("%v occurs %d times in the fixture, want once", v, n)
	}
	return bytes.Index(data, word)
}

// nonFiniteCase is a file, a word of it to damage, the parser, and the
// field the error must name.
type nonFiniteCase struct {
	name  string
	data  []byte
	off   int
	word  uint32
	parse func([]byte) error
	field string
	// format is the error's format (fmtANIM when empty).
	format string
}

func tryANIM(b []byte) error { _, err := ParseANIM(b, GameAuto); return err }
func tryCINF(b []byte) error { _, err := ParseCINF(b, GameAuto); return err }
func tryEVNT(b []byte) error { _, err := ParseEVNT(b, GameAuto); return err }
func tryANCS(b []byte) error { _, err := ParseANCS(b, GameAuto); return err }

// TestNonFinite applies docs/formats/README.md#limits-and-non-finite-numbers
// to every Metroid Prime file type: a NaN or an infinity where the file
// holds a number is an error naming the format, the field and its offset
// (the field may carry its record's prefix), wrapping ErrNonFinite.
// Offsets come from the hand vectors (vectors_test.go) or from sentinels
// written by the project's writers.
func TestNonFinite(t *testing.T) {
	const nan, inf, huge = 0xFFFFFFFF, 0x7F800000, 0x7E967699 // huge: 1e38
	v0 := hexBytes(t, mp1V0Vector)
	mp1 := hexBytes(t, mp1V2Vector)
	mp2 := hexBytes(t, mp2V2Vector)
	cases := []nonFiniteCase{
		{name: "v0 duration", data: v0, off: 4, word: nan, parse: tryANIM, field: "duration"},
		{name: "v0 rotation key", data: v0, off: 68, word: inf, parse: tryANIM, field: "rotation keys"},
		{name: "v0 translation key", data: v0, off: 132, word: nan, parse: tryANIM, field: "translation keys"},
		{name: "MP1 v2 interval", data: mp1, off: 20, word: nan, parse: tryANIM, field: "interval"},
		{name: "MP1 v2 translation multiplier", data: mp1, off: 36, word: nan, parse: tryANIM, field: "translation multiplier"},
		// 1e38 is finite, but times the totals (10 and more) it is not.
		{name: "MP1 v2 translation overflow", data: mp1, off: 36, word: huge, parse: tryANIM, field: "translation multiplier"},
		{name: "MP2 v2 translation multiplier", data: mp2, off: 30, word: inf, parse: tryANIM, field: "translation multiplier"},
		{name: "MP2 v2 scale multiplier", data: mp2, off: 34, word: nan, parse: tryANIM, field: "scale multiplier"},
		{name: "MP2 v2 scale overflow", data: mp2, off: 34, word: huge, parse: tryANIM, field: "scale multiplier"},
	}
	add := func(name string, data []byte, v float32, parse func([]byte) error, field, format string) {
		cases = append(cases, nonFiniteCase{name: name, data: data, off: sentinelAt(t, data, v), word: nan, parse: parse, field: field, format: format})
	}
	marshal := func(m interface{ MarshalBinary() ([]byte, error) }) []byte {
		b, err := m.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}

	c := DemoCINF()
	c.Bones[2].Position[1] = 7.25
	add("CINF position", marshal(c), 7.25, tryCINF, "position", fmtCINF)
	c = DemoCINF()
	c.Game = MP2
	c.Bones[1].Rotation = q(0.6875, 0, 0, 0)
	add("MP2 CINF rotation", marshal(c), 0.6875, tryCINF, "rotation", fmtCINF)

	e := DemoEVNT()
	e.Users[1].Time.Seconds = 0.6875
	e.Effects[0].Weight = 0.4375
	e.Effects[0].Scale = 1.625
	e.Sounds[0].Falloff = 0.3125
	e.Sounds[0].MaxDistance = 51.5
	ev := marshal(e)
	add("EVNT time", ev, 0.6875, tryEVNT, "time", fmtEVNT)
	add("EVNT weight", ev, 0.4375, tryEVNT, "weight", fmtEVNT)
	add("EVNT particle scale", ev, 1.625, tryEVNT, "scale", fmtEVNT)
	add("EVNT sound falloff", ev, 0.3125, tryEVNT, "falloff", fmtEVNT)
	add("EVNT sound max distance", ev, 51.5, tryEVNT, "max distance", fmtEVNT)

	for _, game := range []Game{MP1, MP2} {
		a := DemoANCS(game)
		a.Characters[1].AABBs[0].Box.Min[2] = -0.3125
		a.Characters[0].Effects[0].Components[0].Scale = 1.875
		a.Characters[0].PAS.States = []PASState{{ID: 1, Parms: []PASParmInfo{{Type: PASFloat, Weight: 0.5625}}}}
		a.Anims.Animations[2].Tree.Weight = 0.4375
		a.Anims.Animations[1].Tree.Start.Seconds = 0.8125
		a.Anims.Transitions[1].Trans.Duration.Seconds = 0.3125
		a.Anims.Additive[0].FadeOut = 0.6875
		a.Anims.DefaultFadeIn = 0.1875
		b := marshal(a)
		g := game.String() + " "
		add(g+"ANCS AABB", b, -0.3125, tryANCS, "AABB", fmtANCS)
		add(g+"ANCS effect component scale", b, 1.875, tryANCS, "component scale", fmtANCS)
		add(g+"ANCS PAS weight", b, 0.5625, tryANCS, "PAS weight", fmtANCS)
		add(g+"ANCS blend weight", b, 0.4375, tryANCS, "blend weight", fmtANCS)
		add(g+"ANCS play start time", b, 0.8125, tryANCS, "play start time", fmtANCS)
		add(g+"ANCS transition duration", b, 0.3125, tryANCS, "transition duration", fmtANCS)
		add(g+"ANCS additive fade", b, 0.6875, tryANCS, "additive fade out", fmtANCS)
		add(g+"ANCS default fade", b, 0.1875, tryANCS, "default additive fade in", fmtANCS)
	}

	runNonFinite(t, cases)
}

// runNonFinite damages each case's word and checks the error: a
// *formats.Error of the case's format (fmtANIM when empty) naming its
// field (as a suffix) at its offset, wrapping ErrNonFinite.
func runNonFinite(t *testing.T, cases []nonFiniteCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.parse(tc.data); err != nil {
				t.Fatalf("the undamaged file fails: %v", err)
			}
			bad := bytes.Clone(tc.data)
			binary.BigEndian.PutUint32(bad[tc.off:], tc.word)
			err := tc.parse(bad)
			var fe *formats.Error
			if !errors.As(err, &fe) || !errors.Is(err, formats.ErrNonFinite) {
				t.Fatalf("error %v: want a *formats.Error wrapping ErrNonFinite", err)
			}
			format := tc.format
			if format == "" {
				format = fmtANIM
			}
			if fe.Format != format || !strings.HasSuffix(fe.Field, tc.field) || fe.Offset != int64(tc.off) {
				t.Errorf("error %q names %q %q at %d, want %q %q at %d", err, fe.Format, fe.Field, fe.Offset, format, tc.field, tc.off)
			}
		})
	}
}

// TestNearlyOppositeKeys is issue 35's Prime reproducer: one damaged
// byte of a compressed ANIM's bitstream gave consecutive rotation keys
// that are nearly opposite quaternions, which the game's slerp spins
// almost a full turn between (its path there is unstable, and the export
// split such an interval to 1e-7 s). The game plays them, so they are kept
// (docs/formats/metroid-prime.md#nearly-opposite-keys), with a warning that
// locates the first pair's record in the bitstream. Here the W bit of
// record 2 of a channel whose keys are all the identity is flipped where
// the warning says it is: key 2 becomes -1, opposite key 1.
func TestNearlyOppositeKeys(t *testing.T) {
	for _, game := range []Game{MP1, MP2} {
		ident := []mgl32.Quat{mgl32.QuatIdent(), mgl32.QuatIdent(), mgl32.QuatIdent(), mgl32.QuatIdent()}
		k := &Keys{Frames: []int{0, 1, 2, 3}, Channels: []ChannelKeys{
			{BoneID: 3, Rotation: ident, Translation: []mgl32.Vec3{{0, 0, 1}, {0, 0, 2}, {0, 0, 3}, {0, 0, 4}}},
			{BoneID: 4, Rotation: ident},
		}}
		data, err := EncodeANIM(game, 2, Header{Interval: 0.1}, k)
		if err != nil {
			t.Fatal(err)
		}
		a, err := ParseANIM(data, game)
		if err != nil || len(a.Warnings) != 0 {
			t.Fatalf("%v: warnings %v, error %v", game, a.Warnings, err)
		}
		// Channel 1's W bit in record 2: after record 1 and channel 0's
		// fields in record 2 (docs/formats/metroid-prime.md#records).
		p, sumBits := a.V2.plan()
		pre := 0
		for _, f := range p[:7] { // channel 0: W, rx, ry, rz, tx, ty, tz
			pre += int(f.bits)
		}
		bit := sumBits + pre
		words := (sumBits*a.V2.Records + 31) / 32
		off := len(data) - len(a.V2.Trailing) - 4*words + bit/32*4
		bad := bytes.Clone(data)
		binary.BigEndian.PutUint32(bad[off:], binary.BigEndian.Uint32(bad[off:])^1<<(bit%32))
		a, err = ParseANIM(bad, game)
		if err != nil {
			t.Fatal(err)
		}
		if q := a.Keys.Channels[1].Rotation[2]; q.W != -1 || a.Keys.Channels[1].Rotation[3].W != 1 {
			t.Fatalf("%v: the flipped bit gave key 2 = %v, not the W bit", game, q)
		}
		// Key 3's W bit is clear: it is opposite key 2 too.
		want := fmt.Sprintf("2 pairs of consecutive rotation keys are nearly opposite quaternions, which the game's slerp turns almost a full turn within one interval "+
			"(a damaged bitstream gives such keys); the first is channel 1 (bone id 4), keys 1 and 2 (frames 1 and 2, dot -1.00000), "+
			"whose record 2 starts at bit %d of the word at offset %d (0x%X)", bit%32, off, off)
		if len(a.Warnings) != 1 || a.Warnings[0] != want {
			t.Errorf("%v: warnings %q\nwant %q", game, a.Warnings, want)
		}
	}
}
