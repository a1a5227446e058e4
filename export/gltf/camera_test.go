package gltf

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// TestCameraExport exports the LEGO fixture whose clip carries a camera
// and reads it back: a perspective camera on a node at the scene root,
// outside the skin, whose animated pose, evaluated as an importer does,
// puts the eye at the clip's camera position and looks down -Z along the
// view direction with +Y along the camera's up (after the roll), both
// converted as the figure is.
func TestCameraExport(t *testing.T) {
	a := load(t, "../../formats/lego/testdata/minifig_walk.ani", "")
	clip := a.Clips[0]
	if clip.Camera == nil {
		t.Fatal("the fixture has no camera")
	}
	data := exportBytes(t, a)
	doc := new(gltf.Document)
	if err := gltf.NewDecoder(bytes.NewReader(data)).Decode(doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cameras) != 1 || doc.Cameras[0].Type != "perspective" || doc.Cameras[0].Perspective == nil ||
		!(doc.Cameras[0].Perspective.Znear > 0) {
		t.Fatalf("cameras %+v", doc.Cameras)
	}
	node := -1
	for i, nd := range doc.Nodes {
		if nd.Camera != nil && *nd.Camera == 0 {
			node = i
		}
	}
	if node < 0 {
		t.Fatal("no node holds the camera")
	}
	inScene := false
	for _, n := range doc.Scenes[0].Nodes {
		inScene = inScene || n == node
	}
	for _, j := range doc.Skins[0].Joints {
		if j == node {
			t.Error("the camera node is a joint of the skin")
		}
	}
	if !inScene {
		t.Error("the camera node is not at the scene root")
	}
	ev := newEvaluator(t, doc)
	conv := ConversionFor(a.Coords)
	checked, worst := 0, 0.0
	for k := 0; k <= 400; k++ {
		tm := clip.Duration * float64(k) / 400
		p := player.EvalCamera(clip.Camera, tm)
		if !p.Valid {
			continue
		}
		var pos, rot []float64
		for _, c := range ev.anims[0] {
			if c.node != node {
				continue
			}
			switch c.path {
			case gltf.TRSTranslation:
				pos = c.at(tm, false)
			case gltf.TRSRotation:
				rot = c.at(tm, false)
			}
		}
		if pos == nil || rot == nil {
			t.Fatal("the camera node has no translation or rotation channel")
		}
		q := mgl64.Quat{W: rot[3], V: mgl64.Vec3{rot[0], rot[1], rot[2]}}.Normalize()
		wantPos := conv.Point(p.Position)
		wantFwd := conv.Basis.Mul3x1(vec64(p.Forward()))
		wantUp := conv.Basis.Mul3x1(vec64(p.Up))
		gotFwd := q.Rotate(mgl64.Vec3{0, 0, -1})
		gotUp := q.Rotate(mgl64.Vec3{0, 1, 0})
		// Between the take's samples the export interpolates (3e-5 at
		// most here, the roll's steps kept by a key just before each).
		if d := (mgl64.Vec3{pos[0], pos[1], pos[2]}).Sub(wantPos).Len(); d > 1e-4*(1+wantPos.Len()) {
			t.Errorf("t=%v: eye %v, want %v", tm, pos, wantPos)
		}
		if d := gotFwd.Sub(wantFwd).Len(); d > 1e-4 {
			t.Errorf("t=%v: looks along %v, want %v", tm, gotFwd, wantFwd)
		}
		if d := gotUp.Sub(wantUp).Len(); d > 1e-4 {
			t.Errorf("t=%v: up %v, want %v", tm, gotUp, wantUp)
		}
		worst = math.Max(worst, math.Max(gotFwd.Sub(wantFwd).Len(), gotUp.Sub(wantUp).Len()))
		if math.Abs(gotFwd.Dot(gotUp)) > 1e-6 {
			t.Errorf("t=%v: forward and up not perpendicular", tm)
		}
		checked++
	}
	if checked < 200 {
		t.Fatalf("only %d valid camera poses checked", checked)
	}
	t.Logf("%d poses; largest direction difference %.2g", checked, worst)
}

// TestDrivenBonesExtras: an ANM clip, which animates only its set's
// bones, names them in its animation's extras; a clip that drives every
// bone has no such list.
func TestDrivenBonesExtras(t *testing.T) {
	for _, path := range []string{"../../formats/anm/testdata/cylindro.anm", "../../formats/lego/testdata/minifig_walk.ani"} {
		a := load(t, path, "")
		doc := new(gltf.Document)
		if err := gltf.NewDecoder(bytes.NewReader(exportBytes(t, a))).Decode(doc); err != nil {
			t.Fatal(err)
		}
		for k, c := range a.Clips {
			ex := doc.Animations[k].Extras.(map[string]any)
			got, ok := ex["driven_bones"].([]any)
			if c.Drives == nil {
				if ok {
					t.Errorf("%s %s: driven_bones %v for a clip that drives every bone", path, c.Name, got)
				}
				continue
			}
			var want []any
			for b, d := range c.Drives {
				if d {
					want = append(want, doc.Nodes[b].Name)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(want) || len(want) == 0 || len(want) == len(c.Drives) {
				t.Errorf("%s %s: driven_bones %v, want %v (of %d bones)", path, c.Name, got, want, len(c.Drives))
			}
		}
	}
}
