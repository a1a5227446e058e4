package formats

import (
	"encoding/json"
	"testing"
)

// TestMetaKindText: every node kind has the name `info --json` gives it,
// the names read back, and an unknown kind is named, not an error.
func TestMetaKindText(t *testing.T) {
	for _, tc := range []struct {
		k    MetaKind
		want string
	}{
		{MetaPlay, "play"}, {MetaBlend, "blend"}, {MetaPhaseBlend, "phase-blend"},
		{MetaRandom, "random"}, {MetaSequence, "sequence"}, {MetaKind(9), "unknown (9)"},
	} {
		b, err := json.Marshal(struct {
			K MetaKind `json:"k"`
		}{tc.k})
		if err != nil || string(b) != `{"k":"`+tc.want+`"}` {
			t.Errorf("%d: %s, %v; want %q", tc.k, b, err, tc.want)
		}
		var back MetaKind
		err = back.UnmarshalText([]byte(tc.want))
		if tc.k < metaKinds && (err != nil || back != tc.k) {
			t.Errorf("%q reads as %d, %v", tc.want, back, err)
		}
		if tc.k >= metaKinds && err == nil {
			t.Errorf("%q reads as %d", tc.want, back)
		}
	}
}

func TestAxisString(t *testing.T) {
	if AxisY.String() != "y" || AxisZ.String() != "z" || Axis(7).String() != "axis 7" {
		t.Errorf("%s %s %s", AxisY, AxisZ, Axis(7))
	}
}

func TestIndexByNameFold(t *testing.T) {
	sk := &Skeleton{Bones: []Bone{{Name: "ROOT", Parent: -1}, {Name: "Spine", Parent: 0}, {Name: "spine", Parent: 1}}}
	for _, c := range []struct {
		name string
		want int
	}{
		{"ROOT", 0}, {"root", 0}, {"spine", 2}, {"Spine", 1}, {"SPINE", 1}, {"", -1}, {"head", -1},
	} {
		if got := sk.IndexByNameFold(c.name); got != c.want {
			t.Errorf("IndexByNameFold(%q) = %d, want %d", c.name, got, c.want)
		}
	}
}
