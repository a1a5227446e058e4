package prime

import (
	"bytes"
	"errors"
	"testing"

	"github.com/animview/animview/formats"
)

// mp1EVNTVector is a version 2 EVNT worked by hand
// (docs/formats/metroid-prime.md#evnt-layout): one user event.
const mp1EVNTVector = `
00000002 00000000 00000001            | version 2, no loop events, 1 user event
0001 5374657000 0006                  | node version 1, "Step", type 6 UserEvent
3F000000 00000000                     | time 0.5 s, state 0
00000007 01 3F800000 FFFFFFFF 00000000 | index 7, unique, weight 1, all characters, flags
00000003 4C00                         | value 3, locator "L"
00000000 00000000                     | no effect, no sound events
`

func TestVectorEVNT(t *testing.T) {
	data := hexBytes(t, mp1EVNTVector)
	e, err := ParseEVNT(data, GameAuto)
	if err != nil {
		t.Fatal(err)
	}
	if e.Version != 2 || len(e.Users) != 1 || len(e.Loops)+len(e.Effects)+len(e.Sounds) != 0 {
		t.Fatalf("%+v", e)
	}
	u := e.Users[0]
	if u.Name != "Step" || u.Type != POIUserEvent || u.Time.Seconds != 0.5 || u.Index != 7 || u.Unique != 1 ||
		u.Weight != 1 || u.CharIdx != -1 || u.Value != 3 || u.Locator != "L" || u.Unk != 1 {
		t.Errorf("user event %+v", u)
	}
	out, err := e.MarshalBinary()
	if err != nil || !bytes.Equal(out, data) {
		t.Errorf("re-encoded differs: %v", err)
	}
}

func TestEVNTRoundTrip(t *testing.T) {
	for _, game := range []Game{MP1, MP2} {
		for _, version := range []uint32{1, 2} {
			e := DemoEVNT()
			e.Game, e.Version = game, version
			if version == 1 {
				e.Sounds = nil
			}
			if game == MP2 {
				e.Effects[0].Bone, e.Effects[0].BoneID = "", 22
				e.Sounds = append([]SoundEvent(nil), e.Sounds...)
				for i := range e.Sounds {
					e.Sounds[i].Extra1, e.Sounds[i].Extra2, e.Sounds[i].Extra3, e.Sounds[i].Extra4 = 1, 2, 3, 4.5
				}
			}
			data, err := e.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			got, err := ParseEVNT(data, GameAuto)
			if err != nil {
				t.Fatalf("%v v%d: %v", game, version, err)
			}
			if got.Game != game {
				t.Errorf("%v v%d detected as %v", game, version, got.Game)
			}
			again, _ := got.MarshalBinary()
			if !bytes.Equal(again, data) {
				t.Errorf("%v v%d: re-encoded differs", game, version)
			}
		}
	}
}

func TestEVNTEvents(t *testing.T) {
	c := DemoCINF()
	sk, _, err := c.Skeleton("demo")
	if err != nil {
		t.Fatal(err)
	}
	evs := DemoEVNT().Events(sk)
	want := []struct {
		name string
		kind formats.EventKind
		time float64
		bone string
	}{
		{"Loop", formats.EventLoop, 0, ""},
		{"Step_Left", formats.EventUser, 0.25, "L_Front_Lower"},
		{"Dust", formats.EventEffect, 0.5, "L_Back_Foot"},
		{"Chirp", formats.EventSound, 0.6, ""},
		{"Step_Right", formats.EventUser, 0.75, "R_Front_Lower"},
	}
	if len(evs) != len(want) {
		t.Fatalf("%d events", len(evs))
	}
	for i, w := range want {
		e := evs[i]
		bone := ""
		if e.Bone >= 0 {
			bone = sk.Bones[e.Bone].Name
		}
		if e.Name != w.name || e.Kind != w.kind || !near(e.Time, w.time, 1e-6) || bone != w.bone {
			t.Errorf("event %d = %s %s %v bone %q, want %+v", i, e.Name, e.Kind, e.Time, bone, w)
		}
		if len(e.Payload) < 8 || e.Payload[0].Key != "type" {
			t.Errorf("event %d payload %v", i, e.Payload)
		}
	}
}

func TestEVNTErrors(t *testing.T) {
	good := hexBytes(t, mp1EVNTVector)
	tests := []struct {
		name, field string
		data        []byte
	}{
		{"version 3", "version", hexBytes(t, "00000003 00000000 00000000 00000000")},
		{"count beyond data", "loop event count", hexBytes(t, "00000001 7FFFFFFF")},
		{"count beyond the record minimum", "user event count", good[:16]},
		{"truncated value", "user event 0 value", good[:48]},
		{"locator without NUL", "user event 0 locator", good[:51]},
	}
	for _, tc := range tests {
		_, err := ParseEVNT(tc.data, MP1)
		var fe *formats.Error
		if !errors.As(err, &fe) || fe.Field != tc.field {
			t.Errorf("%s: %v, want field %q", tc.name, err, tc.field)
		}
	}
}
