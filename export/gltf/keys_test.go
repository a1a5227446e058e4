package gltf

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"testing"

	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/formats/ms3d"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// times reads a sampler's key times.
func inputTimes(t *testing.T, doc *gltf.Document, s *gltf.AnimationSampler) []float32 {
	t.Helper()
	v, err := modeler.ReadAccessor(doc, doc.Accessors[s.Input], nil)
	if err != nil {
		t.Fatal(err)
	}
	return v.([]float32)
}

// TestOwnKeyTimes: a Sims clip, whose player lerps translations and
// slerps rotations between keys on every frame (docs/formats/sims.md#playback),
// is written at the file's own key times and nowhere else
// (docs/formats/gltf-export.md#keys): every channel's times are among its
// track's key times, with the clip's ends, and every channel is LINEAR.
// A rotation holds all of its track's key times, and where Blender's
// component-wise interpolation of two keys parts from their slerp, keys
// between them: fewer than half as many again in all.
func TestOwnKeyTimes(t *testing.T) {
	a := load(t, "../../formats/sims/testdata/tso/a2o-diefalldan.cdfc292500000007.anim", "")
	takes := allTakes(a)
	doc, err := Build(a, takes)
	if err != nil {
		t.Fatal(err)
	}
	c := a.Clips[0]
	checked, rotSrc, rotOut := 0, 0, 0
	for _, ch := range doc.Animations[0].Channels {
		b := *ch.Target.Node
		if b >= len(a.Skeleton.Bones) || ch.Target.Path == gltf.TRSScale {
			continue
		}
		s := doc.Animations[0].Samplers[ch.Sampler]
		src := c.Tracks[b].Rotation.Times
		if ch.Target.Path == gltf.TRSTranslation {
			src = c.Tracks[b].Translation.Times
		}
		ok := map[float32]bool{0: true, float32(c.Duration): true}
		for _, tm := range src {
			ok[float32(tm)] = true
		}
		ts := inputTimes(t, doc, s)
		if len(src) < 2 || len(ts) <= 2 { // a channel that holds still: one key (two for a take that all holds still)
			continue
		}
		if s.Interpolation != gltf.InterpolationLinear {
			t.Errorf("bone %d %v: %v, want LINEAR", b, ch.Target.Path, s.Interpolation)
		}
		have := map[float32]bool{}
		for _, tm := range ts {
			have[tm] = true
			if !ok[tm] && ch.Target.Path == gltf.TRSTranslation {
				t.Fatalf("bone %d %v: a key at %v s, which is none of the track's %d key times", b, ch.Target.Path, tm, len(src))
			}
		}
		for _, tm := range src {
			if !have[float32(tm)] {
				t.Fatalf("bone %d %v: no key at the track's key time %v s", b, ch.Target.Path, tm)
			}
		}
		if ch.Target.Path == gltf.TRSRotation {
			rotSrc, rotOut = rotSrc+len(src), rotOut+len(ts)
		}
		checked++
	}
	if checked < 10 {
		t.Fatalf("only %d animated channels checked", checked)
	}
	if float64(rotOut) > 1.5*float64(rotSrc) {
		t.Errorf("%d rotation keys for the tracks' %d", rotOut, rotSrc)
	}
	t.Logf("%d rotation keys for the tracks' %d", rotOut, rotSrc)
}

// TestMilkShapeCubic: MilkShape's Hermite positions
// (docs/formats/milkshape-anm.md#position-keys) are CUBICSPLINE channels
// keyed at the file's own key times, with the tangents of MilkShape's
// looped rule per second (ms3d.SetupTangents divided by the interval);
// for Blender (ForBlender), whose 3.4 importer drops a cubic's tangents,
// they are LINEAR channels keyed at the curve's knots (the file's key
// times and the curve's turns) and, between them, where the line parts
// from the curve. TestRoundTrip checks that both play as the player does.
func TestMilkShapeCubic(t *testing.T) {
	data, err := os.ReadFile("../../formats/ms3d/testdata/arm_v4.ms3d")
	if err != nil {
		t.Fatal(err)
	}
	f, err := ms3d.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	a := load(t, "../../formats/ms3d/testdata/arm_v4.ms3d", "")
	c := a.Clips[0]
	for _, target := range []Target{ForGLTF, ForBlender} {
		doc, err := Build(a, takesFor(a, target))
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for _, ch := range doc.Animations[0].Channels {
			b := *ch.Target.Node
			s := doc.Animations[0].Samplers[ch.Sampler]
			if b >= len(a.Skeleton.Bones) || ch.Target.Path != gltf.TRSTranslation || c.Tracks[b].Translation.Knots == nil {
				continue
			}
			ts := inputTimes(t, doc, s)
			checked++
			if target == ForBlender {
				if s.Interpolation != gltf.InterpolationLinear {
					t.Errorf("blender: bone %d translation: %v, want LINEAR", b, s.Interpolation)
					continue
				}
				have := map[float32]bool{}
				for _, tm := range ts {
					have[tm] = true
				}
				for _, k := range c.Tracks[b].Translation.Knots {
					if k >= 0 && k <= c.Duration && !have[float32(k)] {
						t.Errorf("blender: bone %d translation: no key at the knot %v s", b, k)
					}
				}
				continue
			}
			if s.Interpolation != gltf.InterpolationCubicSpline {
				t.Errorf("bone %d translation: %v, want CUBICSPLINE", b, s.Interpolation)
				continue
			}
			// The file's own keys, and each key's tangent per second:
			// MilkShape's per-interval tangent over the interval's
			// length, turned by the joint's reference rotation (the
			// arm's elbow turns 30°) and converted.
			var j *ms3d.Joint
			for k := range f.Joints {
				if f.Joints[k].Name == a.Skeleton.Bones[b].Name {
					j = &f.Joints[k]
				}
			}
			if j == nil || len(ts) != len(j.PositionKeys) {
				t.Fatalf("bone %d: %d keys, want the file's %d", b, len(ts), len(j.PositionKeys))
			}
			out, err := modeler.ReadAccessor(doc, doc.Accessors[s.Output], nil)
			if err != nil {
				t.Fatal(err)
			}
			vals := out.([][3]float32)
			tan := ms3d.SetupTangents(j.PositionKeys)
			ref, conv := ms3d.ReferenceMatrix(j), ConversionFor(a.Coords)
			place := func(v [3]float32, over float64) [3]float64 {
				var r mgl64.Vec3
				for row := 0; row < 3; row++ {
					r[row] = (float64(ref[row][0])*float64(v[0]) + float64(ref[row][1])*float64(v[1]) + float64(ref[row][2])*float64(v[2])) / over
				}
				return conv.Basis.Mul3x1(r).Mul(conv.Units)
			}
			for k, key := range j.PositionKeys {
				if ts[k] != float32(float64(key.Time)) {
					t.Errorf("bone %d key %d at %v s, want %v", b, k, ts[k], key.Time)
				}
				var in, outT [3]float64
				if k+1 < len(j.PositionKeys) {
					outT = place(tan[k].Out, float64(j.PositionKeys[k+1].Time)-float64(key.Time))
				}
				if k > 0 {
					in = place(tan[k].In, float64(key.Time)-float64(j.PositionKeys[k-1].Time))
				}
				for q := 0; q < 3; q++ {
					if math.Abs(float64(vals[3*k+2][q])-outT[q]) > 1e-5*(1+math.Abs(outT[q])) {
						t.Errorf("bone %d key %d out-tangent[%d] %v, want %v", b, k, q, vals[3*k+2][q], outT[q])
					}
					if math.Abs(float64(vals[3*k][q])-in[q]) > 1e-5*(1+math.Abs(in[q])) {
						t.Errorf("bone %d key %d in-tangent[%d] %v, want %v", b, k, q, vals[3*k][q], in[q])
					}
				}
			}
		}
		if checked == 0 {
			t.Fatal("no resampled translation")
		}
	}
}

// TestBakeUniform: a take with a BakeRate (`export --bake FPS`) writes
// every channel at every frame of a uniform grid.
func TestBakeUniform(t *testing.T) {
	a := demo.New()
	takes := allTakes(a)
	for i := range takes {
		takes[i].BakeRate = 24
	}
	doc, err := Build(a, takes)
	if err != nil {
		t.Fatal(err)
	}
	for k, an := range doc.Animations {
		dur := takes[k].Source.Duration()
		want := int(math.Floor(dur*24+1e-6)) + 1
		if math.Abs(dur*24-math.Round(dur*24)) > 1e-6 {
			want++
		}
		for _, s := range an.Samplers {
			ts := inputTimes(t, doc, s)
			if len(ts) != want {
				t.Fatalf("%s: a channel with %d keys, want %d (every 1/24 s over %v s)", an.Name, len(ts), want, dur)
			}
			for i := 0; i+1 < want-1; i++ {
				if d := float64(ts[i]) - float64(i)/24; math.Abs(d) > 1e-6 {
					t.Fatalf("%s: key %d at %v s, want %v", an.Name, i, ts[i], float64(i)/24)
				}
			}
		}
		if ex := an.Extras.(map[string]any); ex["baked_at"] != 24.0 {
			t.Errorf("%s: extras baked_at %v", an.Name, ex["baked_at"])
		}
	}
}

// TestAnimationNames: animations are named by their clips alone; a name
// that repeats gets " (2)", " (3)", and a take without one a number.
func TestAnimationNames(t *testing.T) {
	for _, tt := range []struct{ in, want []string }{
		{[]string{"walk", "idle"}, []string{"walk", "idle"}},
		{[]string{"walk", "walk", "walk", "walk (2)"}, []string{"walk", "walk (2)", "walk (3)", "walk (2) (2)"}},
		{[]string{"", "x"}, []string{"animation 1", "x"}},
	} {
		takes := make([]Take, len(tt.in))
		for i, n := range tt.in {
			takes[i].Name = n
		}
		got := animationNames(takes)
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
				break
			}
		}
	}
}

// TestFrameRateExtras: asset.extras and each animation's extras carry the
// source's frame rate, and a LEGO Island clip (keys in milliseconds, no
// rate) says that 30 is assumed.
func TestFrameRateExtras(t *testing.T) {
	for _, tt := range []struct {
		path    string
		rate    float64
		assumed bool
	}{
		{"../../formats/sims/testdata/tso/a2o-sus-dead.7f214ec600000007.anim", 30, false},
		{"../../formats/lego/testdata/minifig_walk.ani", DefaultRate, true},
	} {
		a := load(t, tt.path, "")
		doc, err := Build(a, allTakes(a))
		if err != nil {
			t.Fatal(err)
		}
		for _, ex := range []any{doc.Asset.Extras, doc.Animations[0].Extras} {
			m, _ := ex.(map[string]any)
			if m["frame_rate"] != tt.rate || m["frame_rate_assumed"] != tt.assumed {
				t.Errorf("%s: extras frame_rate %v assumed %v, want %v %v", tt.path, m["frame_rate"], m["frame_rate_assumed"], tt.rate, tt.assumed)
			}
		}
	}
}

// TestEventsJSON: the demo's walk has footsteps; `--events` lists them
// with the animation's name, time, frame and bone, under a schema name.
func TestEventsJSON(t *testing.T) {
	a := demo.New()
	takes := allTakes(a)
	doc, err := Build(a, takes)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteEvents(&b, Events(a.Skeleton, takes, doc)); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Schema string        `json:"schema"`
		Events []EventRecord `json:"events"`
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, c := range a.Clips {
		want += len(c.Events)
	}
	if got.Schema != EventsSchema || len(got.Events) != want || want == 0 {
		t.Fatalf("schema %q, %d events; want %q, %d", got.Schema, len(got.Events), EventsSchema, want)
	}
	e := got.Events[0]
	if e.Animation != "walk" || e.Name != "footstep_left" || e.Bone != "l_foot" || math.Abs(e.Frame-e.Time*e.FrameRate) > 1e-9 {
		t.Errorf("first event %+v", e)
	}
}
