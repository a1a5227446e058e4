package ui

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"

	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/player"
	"github.com/animview/animview/report"
	"github.com/animview/animview/ui/state"
	"github.com/go-gl/mathgl/mgl32"
)

// TestBoneJSON: Copy JSON gives the bone as `pose --json` does
// (report.PoseBone's keys: rotation, the parent's index), plus the time
// and the hiding. Needs no display.
func TestBoneJSON(t *testing.T) {
	s := state.New("demo:", demo.New())
	sk := s.Asset().Skeleton
	p, w := player.NewPose(sk), player.NewWorldPose(sk)
	s.SelectBone(4)
	p.Local[4].Rotation = mgl32.QuatRotate(math.Pi/2, mgl32.Vec3{0, 1, 0})
	p.Local[3].Scale = mgl32.Vec3{2, 2, 2}
	player.ToWorld(sk, p, w)
	info, ok := s.Inspect(p, w)
	if !ok {
		t.Fatal("no bone to inspect")
	}
	text := boneJSON(info)
	var back copiedBone
	if err := json.Unmarshal([]byte(text), &back); err != nil {
		t.Fatalf("JSON: %v\n%s", err, text)
	}
	want := report.PoseBone{Index: 4, ID: sk.Bones[4].ID, Name: "head", Parent: 3, Visible: true,
		Local: report.LocalTransform(p.Local[4]), World: report.WorldTransform(w.Matrix(4))}
	if !reflect.DeepEqual(back.PoseBone, want) {
		t.Errorf("copied %+v, want pose --json's %+v", back.PoseBone, want)
	}
	var keys map[string]any
	if err := json.Unmarshal([]byte(text), &keys); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"time", "index", "id", "name", "parent", "visible", "hidden", "local", "world"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("no key %q in %s", k, text)
		}
	}
	if l, _ := keys["local"].(map[string]any); l["rotation"] == nil || l["rotation_xyzw"] != nil {
		t.Errorf("local has other keys than pose --json's: %v", l)
	}
}
