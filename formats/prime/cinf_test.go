package prime

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// mp1CINFVector is an MP1 CINF worked by hand
// (docs/formats/metroid-prime.md#cinf-layout, #bind-pose): bones listed
// child first, absolute positions, parent 2 of the root not in the table.
const mp1CINFVector = `
00000003                                              | 3 bones
00000005 00000004 3F800000 3F800000 3F800000 00000001 00000004 | id 5, parent 4, (1,1,1), linked [4]
00000003 00000002 00000000 00000000 3F800000 00000002 00000002 00000004 | id 3, parent 2, (0,0,1), linked [2 4]
00000004 00000003 00000000 3F800000 3F800000 00000002 00000003 00000005 | id 4, parent 3, (0,1,1), linked [3 5]
00000003 00000003 00000005 00000004                   | build order 3 5 4
00000003                                              | 3 names
726F6F7400 00000003                                   | "root" → 3
68616E6400 00000005                                   | "hand" → 5
61726D00 00000004                                     | "arm" → 4
FFFFFFFF FFFFFFFF                                     | padding
`

func TestVectorCINF(t *testing.T) {
	data := hexBytes(t, mp1CINFVector)
	c, err := ParseCINF(data, GameAuto)
	if err != nil {
		t.Fatal(err)
	}
	if c.Game != MP1 || len(c.Bones) != 3 || len(c.BuildOrder) != 3 || len(c.Names) != 3 {
		t.Fatalf("game %v bones %d build %d names %d", c.Game, len(c.Bones), len(c.BuildOrder), len(c.Names))
	}
	sk, warn, err := c.Skeleton("x")
	if err != nil || len(warn) != 0 {
		t.Fatal(err, warn)
	}
	// Parent before child: 3 (root) first, then 4, then 5. Local offsets
	// are pos − parentPos: 3 → (0,0,1) absolute; 4 → (0,1,0); 5 → (1,0,0).
	want := []struct {
		id, parent int
		name       string
		local      mgl32.Vec3
	}{{3, -1, "root", mgl32.Vec3{0, 0, 1}}, {4, 0, "arm", mgl32.Vec3{0, 1, 0}}, {5, 1, "hand", mgl32.Vec3{1, 0, 0}}}
	for i, w := range want {
		b := sk.Bones[i]
		if b.ID != w.id || b.Parent != w.parent || b.Name != w.name || b.Bind.Translation != w.local ||
			b.Bind.Rotation != mgl32.QuatIdent() || b.Bind.Scale != (mgl32.Vec3{1, 1, 1}) {
			t.Errorf("bone %d = %+v, want id %d parent %d %q %v", i, b, w.id, w.parent, w.name, w.local)
		}
	}
	out, err := c.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, data) {
		t.Errorf("re-encoded CINF differs")
	}
}

func TestCINFRoundTripMP2(t *testing.T) {
	c := DemoCINF()
	c.Game = MP2
	for i := range c.Bones {
		c.Bones[i].Rotation = mgl32.QuatIdent()
		c.Bones[i].LocalRotation = mgl32.QuatRotate(float32(i)*0.1, mgl32.Vec3{0, 0, 1})
	}
	data, err := c.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if DetectCINFGame(data) != MP2 {
		t.Error("MP2 CINF detected as MP1")
	}
	got, err := ParseCINF(data, GameAuto)
	if err != nil {
		t.Fatal(err)
	}
	if got.Game != MP2 || len(got.Bones) != len(c.Bones) || got.Bones[5].LocalRotation != c.Bones[5].LocalRotation {
		t.Fatalf("got %v with %d bones", got.Game, len(got.Bones))
	}
	again, _ := got.MarshalBinary()
	if !bytes.Equal(again, data) {
		t.Error("re-encoded MP2 CINF differs")
	}
}

func TestCINFErrors(t *testing.T) {
	good := hexBytes(t, mp1CINFVector)
	tests := []struct {
		name  string
		data  []byte
		field string
	}{
		{"empty", nil, "bone count"},
		{"count beyond data", hexBytes(t, "00000050 00000001"), "bone count"},
		{"bone id 100", hexBytes(t, "00000001 00000064 00000002 00000000 00000000 00000000 00000000"), "bone 0 id"},
		{"duplicate id", hexBytes(t, `00000002 00000003 00000002 00000000 00000000 00000000 00000000
			00000003 00000002 00000000 00000000 00000000 00000000 00000000 00000000`), "bone 1 id"},
		{"linked count huge", hexBytes(t, "00000001 00000003 00000002 00000000 00000000 00000000 0FFFFFFF"), "bone 0 linked count"},
		{"name without NUL", append(good[:len(good)-8-9:len(good)-8-9], 'a', 'r', 'm'), "name 2"},
		{"count beyond data", good[:40], "bone count"},
		{"truncated", good[:80], "bone 2 position"},
		{"garbage after", append(append([]byte(nil), good...), 1, 2, 3), "end of data"},
	}
	for _, tc := range tests {
		_, err := ParseCINF(tc.data, MP1)
		var fe *formats.Error
		if !errors.As(err, &fe) {
			t.Errorf("%s: error %v is not a formats.Error", tc.name, err)
			continue
		}
		if !strings.HasPrefix(fe.Field, tc.field) {
			t.Errorf("%s: field %q, want %q (%v)", tc.name, fe.Field, tc.field, err)
		}
	}
}

func TestCINFParentLoop(t *testing.T) {
	c := &CINF{Game: MP1, Bones: []CINFBone{{ID: 3, Parent: 4}, {ID: 4, Parent: 3}}}
	if _, _, err := c.Skeleton("loop"); err == nil {
		t.Fatal("no error for a parent loop")
	}
}

// passOrder is the placement Skeleton's rounds stand for, written as the
// passes they replace: place, in file order, every bone whose parent is
// placed, until a pass places none.
func passOrder(c *CINF) ([]int, bool) {
	idx := map[uint32]int{}
	for i := range c.Bones {
		idx[c.Bones[i].ID] = i
	}
	parentOf := func(i int) int {
		if p, ok := idx[c.Bones[i].Parent]; ok && p != i {
			return p
		}
		return -1
	}
	var order []int
	placed := make([]bool, len(c.Bones))
	for len(order) < len(c.Bones) {
		progress := false
		for i := range c.Bones {
			if p := parentOf(i); !placed[i] && (p < 0 || placed[p]) {
				order, placed[i], progress = append(order, i), true, true
			}
		}
		if !progress {
			return nil, false
		}
	}
	return order, true
}

// TestCINFOrder checks Skeleton's order against the passes on random
// hierarchies (children before and after their parents, duplicate ids,
// loops), and that a 20,000-bone chain stored child first, which took the
// passes 20,000 rounds (issue 35), comes out parent first.
func TestCINFOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 1))
	check := func(name string, c *CINF) {
		t.Helper()
		want, ok := passOrder(c)
		sk, _, err := c.Skeleton(name)
		if !ok {
			if err == nil {
				t.Errorf("%s: no error for a loop", name)
			}
			return
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for si, i := range want {
			if sk.Bones[si].ID != int(c.Bones[i].ID) {
				t.Fatalf("%s: bone %d is id %d, want %d", name, si, sk.Bones[si].ID, c.Bones[i].ID)
			}
		}
	}
	for k := range 300 {
		n := 1 + rng.IntN(12)
		c := &CINF{Game: MP1}
		for range n {
			c.Bones = append(c.Bones, CINFBone{ID: uint32(rng.IntN(n + 2)), Parent: uint32(rng.IntN(n + 3))})
		}
		check(fmt.Sprintf("random %d", k), c)
	}
	const n = 20000
	c := &CINF{Game: MP1}
	for i := range n {
		c.Bones = append(c.Bones, CINFBone{ID: uint32(n - i), Parent: uint32(n - i - 1)})
	}
	sk, _, err := c.Skeleton("chain")
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range sk.Bones {
		if b.ID != i+1 || b.Parent != i-1 {
			t.Fatalf("bone %d: id %d parent %d, want id %d parent %d", i, b.ID, b.Parent, i+1, i-1)
		}
	}
}
