package prime

import (
	"bytes"
	"encoding/binary"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
)

// atVersion clears what character version v does not store (MP1
// CCharacterInfo and Echoes CCharacterInfo constructors), so that a round
// trip compares equal.
func atVersion(c ANCSCharacter, v uint16) ANCSCharacter {
	c.Version = v
	if v >= 10 {
		for i := range c.AnimNames {
			c.AnimNames[i].Unused = ""
		}
	} else {
		names := append([]ANCSAnimName(nil), c.AnimNames...)
		for i := range names {
			names[i].Unused = ""
		}
		c.AnimNames = names
	}
	if v <= 5 {
		c.Particles.ELSC = nil
	} else if c.Particles.ELSC == nil {
		c.Particles.ELSC = []uint32{0x55}
	}
	if v <= 8 {
		c.Particles.SPSC, c.Particles.SRSC = nil, nil
	} else {
		c.Particles.SPSC, c.Particles.SRSC = []uint32{0x66}, []uint32{0x67, 0x68}
	}
	if v <= 1 {
		c.AABBs = nil
	}
	if v <= 2 {
		c.Effects = nil
	}
	if v <= 3 {
		c.FrozenModel, c.FrozenSkin = 0, 0
	}
	if v <= 4 {
		c.AnimIDMap = nil
	}
	if v <= 6 {
		c.SpatialPrims = 0
	} else {
		c.SpatialPrims = 0x1234
	}
	if v <= 7 {
		c.AnimatedScale = 0
	} else {
		c.AnimatedScale = 1
	}
	if v <= 9 {
		c.IndexedAABBs = nil
	} else if c.IndexedAABBs == nil {
		c.IndexedAABBs = []IndexedAABB{{ID: 7}}
	}
	return c
}

// atTables clears the tables a table count does not store (CAnimationSet).
func atTables(s ANCSAnimSet, tc uint16) ANCSAnimSet {
	s.TableCount = tc
	if tc <= 1 {
		s.Additive, s.DefaultFadeIn, s.DefaultFadeOut = nil, 0, 0
	}
	if tc <= 2 {
		s.HalfTransitions = nil
	}
	if tc <= 3 {
		s.Resources, s.EventSets = nil, nil
	}
	return s
}

// normalize sets every empty slice reachable from a to nil: decoders make
// empty slices, fixtures leave them nil, and both encode the same.
func normalize(a *ANCS) { nilEmpty(reflect.ValueOf(a)) }

func nilEmpty(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			nilEmpty(v.Elem())
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Field(i).CanSet() {
				nilEmpty(v.Field(i))
			}
		}
	case reflect.Slice:
		if v.Len() == 0 {
			if !v.IsNil() {
				v.Set(reflect.Zero(v.Type()))
			}
			return
		}
		for i := 0; i < v.Len(); i++ {
			nilEmpty(v.Index(i))
		}
	}
}

// Every character version (1..10) of both games' layouts, every table
// count (0..4): encode, decode, compare, encode again.
func TestANCSRoundTripVersions(t *testing.T) {
	for _, game := range []Game{MP1, MP2} {
		for v := uint16(1); v <= 10; v++ {
			for tc := uint16(0); tc <= 4; tc++ {
				a := DemoANCS(game)
				for i := range a.Characters {
					a.Characters[i] = atVersion(a.Characters[i], v)
				}
				a.Anims = atTables(a.Anims, tc)
				b, err := a.MarshalBinary()
				if err != nil {
					t.Fatalf("%v v%d tables %d: %v", game, v, tc, err)
				}
				got, err := ParseANCS(b, game)
				if err != nil {
					t.Fatalf("%v v%d tables %d: %v", game, v, tc, err)
				}
				normalize(got)
				normalize(a)
				if !reflect.DeepEqual(got, a) {
					t.Fatalf("%v v%d tables %d: decoded differs\n got %+v\nwant %+v", game, v, tc, got.Characters[0], a.Characters[0])
				}
				b2, _ := got.MarshalBinary()
				if !bytes.Equal(b, b2) {
					t.Fatalf("%v v%d tables %d: re-encoding differs", game, v, tc)
				}
			}
		}
	}
}

// The game is detected from the first character's version (PWE: version
// 10 is MP2).
func TestANCSDetectGame(t *testing.T) {
	for _, game := range []Game{MP1, MP2} {
		b, err := DemoANCS(game).MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		a, err := ParseANCS(b, GameAuto)
		if err != nil || a.Game != game {
			t.Errorf("%v: detected %v, %v", game, a.Game, err)
		}
		if !SniffANCS(b) {
			t.Errorf("%v: not sniffed", game)
		}
	}
}

// MP1 character version 1, table count 0: the smallest layout.
const ancsMP1V1Vector = `
0001 0001 00000001                | ANCS version 1, character set version 1, 1 character (docs/formats/metroid-prime.md#ancs-layout)
00000000 0001 4100                | character id 0, version 1, name "A"
00000010 00000011 00000012        | CMDL, CSKR, CINF ids
00000001 00000000 00 6100         | 1 animation name: id 0, unused "" (version < 10), "a"
50415334 00000000 FFFFFFFF        | PAS4 database: 0 states, default state -1
00000000 00000000 00000000        | particle lists PART, SWHC, third (ELSC only if v > 5)
00000000                          | default animation; no AABBs (v > 1), effects (v > 2), frozen (v > 3), id map (v > 4)
0000                              | animation set: table count 0
00000001 6100                     | 1 animation "a"
00000000 00000020 00000007 7000 3F000000 00000000 | Play: ANIM 0x20, primitive 7, "p", start 0.5 s state 0
00000000                          | 0 transitions
00000003                          | default transition: Snap
`

// MP1 character version 6, table count 4: PAS parameters, ELSC (v > 5),
// AABBs (v > 1), effects with a bone name (MP1, v > 2), frozen model and
// skin (v > 3), the id map (v > 4); Blend, Trans, PhaseTrans, additive,
// half transitions, (ANIM, EVNT) pairs.
const ancsMP1V6Vector = `
0001 0001 00000001
00000005 0006 4200                | id 5, version 6, "B"
00000010 00000011 00000012
00000001 00000003 00 6200         | animation id 3, unused "", "b"
50415334 00000001 00000007        | PAS4: 1 state, default 7
00000007 00000001 00000001        | state 7: 1 parameter, 1 animation
00000003 00000000 3F800000 00 01  | parameter: Bool (one-byte min 0 and max 1), weight function 0, weight 1
00000009 01                       | animation 9: bool value 1
00000001 00000100 00000000 00000000 | PART [0x100], SWHC [], third []
00000001 00000200                 | ELSC [0x200] (v > 5)
00000004                          | default animation 4
00000001 6200 00000000 00000000 00000000 3F800000 3F800000 3F800000 | 1 AABB "b": (0,0,0)-(1,1,1)
00000001 4500 00000001            | 1 effect "E" with 1 component
6300 50415254 00000100 6A00 3F800000 00000000 00000000 | "c", PART 0x100, bone "j" (MP1 string), scale 1, parent mode 0, flags 0
00000030 00000031                 | frozen CMDL, CSKR (v > 3)
00000004 00000000 00000000 00000000 00000000 | id map of 4 (v > 4)
0004                              | table count 4
00000001 6200
00000001                          | Blend
00000000 00000020 00000000 7000 00000000 00000000 | A: Play ANIM 0x20 prim 0 "p"
00000000 00000021 00000001 7100 00000000 00000000 | B: Play ANIM 0x21 prim 1 "q"
3E800000 01                       | weight 0.25, flag 1
00000001 00000009 00000000 00000001 | 1 transition: id 9, from 0, to 1
00000001 3E800000 00000000 00 01 00000003 | Trans: 0.25 s state 0, unused 0, runA 1, flags 3
00000002 3F000000 00000000 00 00 00000000 | default: PhaseTrans 0.5 s
00000001 00000000 3DCCCCCD 3E4CCCCD | table count > 1: 1 additive (anim 0, fade in 0.1, out 0.2)
3E800000 3E800000                 | default fades 0.25, 0.25
00000001 00000001 00000003        | table count > 2: 1 half transition to 1: Snap
00000001 00000020 00000040        | table count > 3 (MP1): 1 pair (ANIM 0x20, EVNT 0x40)
`

// MP2 character version 10, table count 4: no unused name string, SPSC and
// SRSC (v > 8), an effect bone id (MP2 u32), CSPP (v > 6), animated scale
// (v > 7), indexed AABBs (v > 9); Random over a Play and a Sequence, a
// MetaAnim default transition and an inline event set.
const ancsMP2V10Vector = `
0001 0001 00000001
00000000 000A 4300                | id 0, version 10, "C"
00000010 00000011 00000012
00000001 00000000 6300            | animation id 0, "c" (no unused string at v10)
50415334 00000000 FFFFFFFF
00000000 00000000 00000000 00000000 | PART, SWHC, third, ELSC (v > 5)
00000001 00000300 00000000        | SPSC [0x300], SRSC [] (v > 8)
00000002                          | default animation 2
00000000                          | 0 AABBs
00000001 4500 00000001 6300 50415254 00000100 00000015 3F800000 00000001 00000000 | effect: bone id 21 (MP2 u32), parent mode 1
FFFFFFFF FFFFFFFF                 | frozen
00000001 00000000                 | id map [0]
00000099                          | CSPP (v > 6)
01                                | animated scale (v > 7)
00000001 00000000 00000000 00000000 00000000 3F800000 3F800000 3F800000 | 1 indexed AABB, id 0 (v > 9)
0004
00000001 6300
00000003 00000002                 | Random of 2
00000000 00000020 00000000 7000 00000000 00000000 00000032 | Play, cumulative threshold 50
00000004 00000001 00000000 00000021 00000001 7100 00000000 00000000 00000064 | Sequence [Play], threshold 100
00000000                          | 0 transitions
00000000 00000000 00000022 00000002 7200 00000000 00000000 | default: MetaAnim transition through a Play
00000000 3E800000 3E800000        | 0 additive, default fades
00000000                          | 0 half transitions
00000001                          | table count > 3 (MP2): 1 inline event set
00000002 00000001                 | EVNT version 2, 1 loop event
0001 4C6F6F7000 0000 3F000000 00000000 00000000 01 3F800000 FFFFFFFF 00000000 01 | "Loop" at 0.5 s, character -1, value 1
00000000 00000000 00000000        | no user, effect or sound events
`

func TestANCSVectors(t *testing.T) {
	t.Run("mp1 v1", func(t *testing.T) {
		data := hexBytes(t, ancsMP1V1Vector)
		a, err := ParseANCS(data, GameAuto)
		if err != nil {
			t.Fatal(err)
		}
		c := a.Characters[0]
		if a.Game != MP1 || c.Version != 1 || c.Name != "A" || c.Skeleton != 0x12 || c.AnimNames[0].Name != "a" {
			t.Errorf("character %+v", c)
		}
		p := a.Anims.Animations[0].Tree
		if p.Kind != MetaAnimPlay || p.AnimID != 0x20 || p.Prim != 7 || p.Name != "p" || p.Start.Seconds != 0.5 {
			t.Errorf("play %+v", p)
		}
		if a.Anims.Default.Kind != MetaTransSnapKind {
			t.Errorf("default %+v", a.Anims.Default)
		}
		reencode(t, a, data)
	})
	t.Run("mp1 v6", func(t *testing.T) {
		data := hexBytes(t, ancsMP1V6Vector)
		a, err := ParseANCS(data, GameAuto)
		if err != nil {
			t.Fatal(err)
		}
		c := a.Characters[0]
		if c.PAS.DefaultState != 7 || len(c.PAS.States) != 1 || c.PAS.States[0].Parms[0].Max != 1 || c.PAS.States[0].Anims[0].Values[0] != 1 {
			t.Errorf("PAS %+v", c.PAS)
		}
		if !reflect.DeepEqual(c.Particles.ELSC, []uint32{0x200}) || c.DefaultAnim != 4 || c.AABBs[0].Box.Max[2] != 1 {
			t.Errorf("particles/AABBs %+v %+v", c.Particles, c.AABBs)
		}
		if comp := c.Effects[0].Components[0]; comp.Bone != "j" || comp.Scale != 1 {
			t.Errorf("effect %+v", comp)
		}
		if c.FrozenModel != 0x30 || c.FrozenSkin != 0x31 || len(c.AnimIDMap) != 4 {
			t.Errorf("frozen/id map %+v", c)
		}
		s := a.Anims
		b := s.Animations[0].Tree
		if b.Kind != MetaAnimBlend || b.Weight != 0.25 || b.Flag != 1 || b.Children[1].AnimID != 0x21 {
			t.Errorf("blend %+v", b)
		}
		tr := s.Transitions[0]
		if tr.ID != 9 || tr.To != 1 || tr.Trans.Kind != MetaTransTransKind || tr.Trans.Duration.Seconds != 0.25 || tr.Trans.RunA != 1 || tr.Trans.Flags != 3 {
			t.Errorf("transition %+v", tr)
		}
		if s.Default.Kind != MetaTransPhaseKind || s.Additive[0].FadeOut != float32(0.2) || s.DefaultFadeIn != 0.25 ||
			s.HalfTransitions[0].To != 1 || s.Resources[0] != (ANCSAnimResource{Anim: 0x20, Event: 0x40}) {
			t.Errorf("set tables %+v", s)
		}
		reencode(t, a, data)
	})
	t.Run("mp2 v10", func(t *testing.T) {
		data := hexBytes(t, ancsMP2V10Vector)
		a, err := ParseANCS(data, GameAuto)
		if err != nil {
			t.Fatal(err)
		}
		c := a.Characters[0]
		if a.Game != MP2 || c.AnimNames[0].Name != "c" || !reflect.DeepEqual(c.Particles.SPSC, []uint32{0x300}) || c.DefaultAnim != 2 {
			t.Errorf("character %+v", c)
		}
		if comp := c.Effects[0].Components[0]; comp.BoneID != 21 || comp.ParentMode != 1 {
			t.Errorf("effect %+v", comp)
		}
		if c.SpatialPrims != 0x99 || c.AnimatedScale != 1 || len(c.IndexedAABBs) != 1 {
			t.Errorf("MP2 extras %+v", c)
		}
		r := a.Anims.Animations[0].Tree
		if r.Kind != MetaAnimRandom || !reflect.DeepEqual(r.Probabilities, []uint32{50, 100}) || r.Children[1].Kind != MetaAnimSequence {
			t.Errorf("random %+v", r)
		}
		if d := a.Anims.Default; d.Kind != MetaTransAnimKind || d.Anim.AnimID != 0x22 {
			t.Errorf("default %+v", d)
		}
		ev := a.Anims.EventSets
		if len(ev) != 1 || len(ev[0].Loops) != 1 || ev[0].Loops[0].Name != "Loop" || ev[0].Loops[0].Time.Seconds != 0.5 {
			t.Errorf("event sets %+v", ev)
		}
		reencode(t, a, data)
	})
}

func reencode(t *testing.T, a *ANCS, want []byte) {
	t.Helper()
	b, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, want) {
		t.Errorf("re-encoded bytes differ:\n got %x\nwant %x", b, want)
	}
}

func TestANCSErrors(t *testing.T) {
	v1 := hexBytes(t, ancsMP1V1Vector)
	// The Play's kind word is at the animation's start: find "a\0" of
	// the set's animation name and step past it.
	playAt := bytes.LastIndex(v1, []byte{0x61, 0}) + 2
	kind5 := append([]byte(nil), v1...)
	kind5[playAt+3] = 5
	deep := append([]byte(nil), v1[:playAt]...)
	for i := 0; i < maxMetaDepth+2; i++ {
		deep = append(deep, 0, 0, 0, 4, 0, 0, 0, 1) // Sequence of one
	}
	deep = append(deep, v1[playAt:]...)
	random := append(append([]byte(nil), v1[:playAt]...), 0, 0, 0, 3, 0, 0, 0, 1)
	random = append(append(random, v1[playAt:playAt+22]...), 0, 0, 0, 99)
	random = append(random, v1[playAt+22:]...)
	emptySeq := append(append(append([]byte(nil), v1[:playAt]...), 0, 0, 0, 4, 0, 0, 0, 0), v1[playAt+22:]...)
	emptyRandom := append(append(append([]byte(nil), v1[:playAt]...), 0, 0, 0, 3, 0, 0, 0, 0), v1[playAt+22:]...)
	huge := append([]byte(nil), v1...)
	copy(huge[4:], []byte{0xFF, 0xFF, 0xFF, 0xFF})
	tests := []struct {
		name string
		data []byte
		want []string
		off  int64
	}{
		{"unknown node kind", kind5, []string{`animation 0 "a" meta-animation kind`, "5 is not Play"}, int64(playAt)},
		{"too deep", deep, []string{`animation 0 "a"`, "deeper than 64"}, -1},
		{"random under 100", random, []string{`animation 0 "a" random thresholds`, "never reach 100"}, int64(playAt)},
		{"empty sequence", emptySeq, []string{`animation 0 "a" sequence child count`, "plays nothing"}, int64(playAt)},
		{"empty random", emptyRandom, []string{`animation 0 "a" random thresholds`, "never reach 100"}, int64(playAt)},
		{"character count", huge, []string{"character count"}, 8},
		{"truncated", v1[:len(v1)-2], []string{"meta-transition kind", "unexpected end"}, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseANCS(tc.data, MP1)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			var fe *formats.Error
			if !errors.As(err, &fe) {
				t.Fatalf("not a formats.Error: %v", err)
			}
			if tc.off >= 0 && fe.Offset != tc.off {
				t.Errorf("offset %d, want %d", fe.Offset, tc.off)
			}
			if tc.name == "character count" && !errors.Is(err, bin.ErrCount) {
				t.Errorf("want ErrCount: %v", err)
			}
		})
	}
}

// The size of an empty character record per version, worked from the
// constructors' conditions (MP1 CCharacterInfo, Echoes CCharacterInfo):
// id 4 + version 2 + name 1 + CMDL/CSKR/CINF 12 + name count 4 + PAS
// (magic, count, default) 12 + PART/SWHC/third counts 12 + default
// animation 4 = 51; then AABB count (v > 1) 4, effect count (v > 2) 4,
// frozen CMDL and CSKR (v > 3) 8, id map count (v > 4) 4, ELSC count
// (v > 5) 4, CSPP (v > 6) 4, animated scale (v > 7) 1, SPSC and SRSC
// counts (v > 8) 8, indexed AABB count (v > 9) 4.
func TestCharacterLayoutSizes(t *testing.T) {
	want := map[uint16]int{1: 51, 2: 55, 3: 59, 4: 67, 5: 71, 6: 75, 7: 79, 8: 80, 9: 88, 10: 92}
	for v := uint16(1); v <= 10; v++ {
		var w writer
		if err := w.character(MP1, &ANCSCharacter{Version: v}); err != nil {
			t.Fatal(err)
		}
		if len(w.b) != want[v] {
			t.Errorf("version %d: %d bytes, want %d", v, len(w.b), want[v])
		}
		r := bin.NewReader(w.b, binary.BigEndian, fmtANCS)
		var c ANCSCharacter
		readCharacter(r, MP1, &c)
		if r.Err() != nil || r.Len() != 0 || c.Version != v {
			t.Errorf("version %d: %v, %d bytes left", v, r.Err(), r.Len())
		}
	}
}
