package sims

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// TestBuiltInSkeletonsStand: the game's adult and child skeletons, as the
// built-in tables carry them, stand in the bind pose in the package's
// conventions (docs/formats/sims.md#rotations-and-coordinates): toes on the ground
// (y = 0 within 0.02), the head the highest bone, the toes in front of the
// ankles (+Z), the left hand on −X. Read the other way (the stored
// quaternion not conjugated) the same numbers put the adult's head at
// x = 2 and its feet at y = 3.2.
func TestBuiltInSkeletonsStand(t *testing.T) {
	for _, tc := range []struct {
		age    Age
		height float32 // of the head bone, worked out independently (a Python composition of the file values)
	}{{Adult, 5.050}, {Child, 3.838}} {
		t.Run(tc.age.String(), func(t *testing.T) {
			sk, warns := FallbackSkeleton(nil, tc.age)
			if len(warns) != 0 || len(sk.Bones) != 29 {
				t.Fatalf("%d bones, %q", len(sk.Bones), warns)
			}
			world, err := BindWorld(sk)
			if err != nil {
				t.Fatal(err)
			}
			at := func(name string) mgl32.Vec3 {
				i := sk.IndexByName(name)
				if i < 0 {
					t.Fatalf("no %s", name)
				}
				return world[i].Col(3).Vec3()
			}
			for _, toe := range []string{"L_TOE0", "R_TOE0"} {
				if y := at(toe).Y(); y < -0.02 || y > 0.02 {
					t.Errorf("%s at height %v", toe, y)
				}
			}
			head := at("HEAD")
			for i := range sk.Bones {
				if p := world[i].Col(3).Vec3(); p.Y() > head.Y() {
					t.Errorf("%s (%v) above the head (%v)", sk.Bones[i].Name, p.Y(), head.Y())
				}
			}
			if d := head.Y() - tc.height; d < -0.01 || d > 0.01 {
				t.Errorf("head at %v, want %v", head.Y(), tc.height)
			}
			if at("L_TOE0").Z() <= at("L_FOOT").Z()+0.2 {
				t.Errorf("toes %v not in front of the ankle %v", at("L_TOE0"), at("L_FOOT"))
			}
			if at("L_HAND").X() >= 0 || at("R_HAND").X() <= 0 {
				t.Errorf("hands: left %v, right %v", at("L_HAND"), at("R_HAND"))
			}
		})
	}
}

// TestBuiltInSkeletonWrites: the table written by our .cmx writer reads
// back as the same skeleton, in the real syntax.
func TestBuiltInSkeletonWrites(t *testing.T) {
	for _, age := range []Age{Adult, Child} {
		sk := BuiltInSkeleton(age)
		b, err := EncodeCMX(&CharacterFile{Skeletons: []Skeleton{*sk}})
		if err != nil {
			t.Fatal(err)
		}
		cf, err := ParseCMX(b)
		if err != nil {
			t.Fatal(err)
		}
		got := cf.Skeletons[0]
		if got.Name != age.String() || len(got.Bones) != 29 {
			t.Fatalf("%s: %d bones", got.Name, len(got.Bones))
		}
		for i := range got.Bones {
			if got.Bones[i].Translation != sk.Bones[i].Translation || got.Bones[i].Rotation != sk.Bones[i].Rotation || got.Bones[i].Parent != sk.Bones[i].Parent {
				t.Errorf("%s bone %d: %+v, want %+v", age, i, got.Bones[i], sk.Bones[i])
			}
		}
	}
}
