package gltf

import (
	"bytes"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// fixture is one asset the tests export: every landed format's samples.
type fixture struct {
	name  string
	asset *formats.Asset
}

// load opens a sample as animview does (formats/open).
func load(t testing.TB, path, entry string) *formats.Asset {
	t.Helper()
	a, err := open.Entry(path, entry, open.Options{})
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return a
}

func fixtures(t testing.TB) []fixture {
	fs := []fixture{
		{"demo", demo.New()},
		{"prime", load(t, "../../formats/prime/testdata/1A2B3C4D.ANIM", "")},
		{"lego-ani", load(t, "../../formats/lego/testdata/minifig_walk.ani", "")},
	}
	si := load(t, "../../formats/lego/testdata/minifig.si", "")
	for _, e := range si.Entries {
		fs = append(fs, fixture{"lego-si-" + e.Name, load(t, "../../formats/lego/testdata/minifig.si", e.Name)})
	}
	tso, _ := filepath.Glob("../../formats/sims/testdata/tso/*.anim")
	for _, p := range tso {
		fs = append(fs, fixture{"sims-" + strings.SplitN(filepath.Base(p), ".", 2)[0], load(t, p, "")})
	}
	// MilkShape: both binary versions and the ASCII export, each one
	// Timeline clip; the ANM set over its .ms3d beside it (load's Siblings
	// resolver finds the model), every Set/Anim clip.
	fs = append(fs,
		fixture{"ms3d-v4", load(t, "../../formats/ms3d/testdata/arm_v4.ms3d", "")},
		fixture{"ms3d-v3", load(t, "../../formats/ms3d/testdata/arm_v3.ms3d", "")},
		fixture{"ms3d-txt", load(t, "../../formats/ms3d/testdata/arm.txt", "")},
		fixture{"anm-cylindro", load(t, "../../formats/anm/testdata/cylindro.anm", "")},
		// A long timeline whose joints are all resampled at times of
		// their own (longtake_test.go).
		fixture{"ms3d-long", longMilkShape(t)},
		// Hermite positions and rotation keys a large arc apart
		// (blender_test.go).
		fixture{"ms3d-swing", swingMilkShape(t)},
	)
	// Metroid Prime 2 clips with scale keys on bones that have children.
	fs = append(fs, mp2Scaled(t)...)
	// Clips cut from the first clip of a few of them (cuts_test.go).
	fs = append(fs, cutFixtures(t)...)
	return fs
}

func allTakes(a *formats.Asset) []Take {
	var ts []Take
	for _, c := range a.Clips {
		ts = append(ts, ClipTake(a.Skeleton, c))
	}
	return ts
}

// takesFor returns an asset's clips as takes for a target.
func takesFor(a *formats.Asset, target Target) []Take {
	takes := allTakes(a)
	for i := range takes {
		takes[i].For = target
	}
	return takes
}

// exportBytes builds and encodes an asset's clips as .glb.
func exportBytes(t testing.TB, a *formats.Asset) []byte {
	t.Helper()
	return exportBytesFor(t, a, ForGLTF)
}

// exportBytesFor builds and encodes an asset's clips as .glb for a target.
func exportBytesFor(t testing.TB, a *formats.Asset, target Target) []byte {
	t.Helper()
	doc, err := Build(a, takesFor(a, target))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Encode(&b, doc, true); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestRoundTrip re-opens each export and evaluates its joints with the
// glTF specification's rules (evaluator below: slerp, cubic Hermite
// splines) at many times; every joint's world position must match the
// player's world pose, converted as documented, within 1e-4 of the
// figure's size. The export for Blender (ForBlender) must match evaluated
// as Blender 3.4's importer plays the keys too (component-wise).
func TestRoundTrip(t *testing.T) {
	outDir := os.Getenv("ANIMVIEW_GLTF_OUT")
	// Every fixture built, encoded, read back and evaluated both ways, in
	// one goroutine: the race detector finds nothing in it and slows it
	// about tenfold (it was most of export's 326 s in the race suite with
	// both cores busy). scripts/test.sh runs it without the detector, in
	// the validator's step (ANIMVIEW_GLTF_OUT set).
	if raceEnabled && os.Getenv("ANIMVIEW_ROUNDTRIP_RACE") == "" {
		t.Skip("runs without the race detector (scripts/test.sh's validator step); ANIMVIEW_ROUNDTRIP_RACE=1 runs it here")
	}
	for _, fx := range fixtures(t) {
		for _, target := range []Target{ForGLTF, ForBlender} {
			t.Run(fx.name+"/"+target.String(), func(t *testing.T) {
				roundTripFixture(t, fx, target, outDir)
			})
		}
	}
}

// TestRoundTripFiles is TestRoundTrip over the files listed in
// ANIMVIEW_KEYS_FILES (public models, as TestKeyTable takes them); it
// skips without them.
func TestRoundTripFiles(t *testing.T) {
	extra := os.Getenv("ANIMVIEW_KEYS_FILES")
	if extra == "" {
		t.Skip("no ANIMVIEW_KEYS_FILES")
	}
	for _, p := range filepath.SplitList(extra) {
		fx := fixture{filepath.Base(p), load(t, p, "")}
		for _, target := range []Target{ForGLTF, ForBlender} {
			t.Run(fx.name+"/"+target.String(), func(t *testing.T) {
				roundTripFixture(t, fx, target, os.Getenv("ANIMVIEW_GLTF_OUT"))
			})
		}
	}
}

func roundTripFixture(t *testing.T, fx fixture, target Target, outDir string) {
	a := fx.asset
	data := exportBytesFor(t, a, target)
	if outDir != "" {
		if err := os.WriteFile(filepath.Join(outDir, fx.name+"-"+target.String()+".glb"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	doc := new(gltf.Document)
	if err := gltf.NewDecoder(bytes.NewReader(data)).Decode(doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Animations) != len(a.Clips) {
		t.Fatalf("%d animations, want %d", len(doc.Animations), len(a.Clips))
	}
	evs := []*evaluator{newEvaluator(t, doc)}
	if target == ForBlender {
		// Blender's importer turns rotation keys into
		// per-component curves: the same keys evaluated that
		// way must match too.
		evBlender := newEvaluator(t, doc)
		evBlender.componentwise = true
		evs = append(evs, evBlender)
	}
	conv := ConversionFor(a.Coords)
	size := FigureSize(doc)
	sk := a.Skeleton
	worst := 0.0
	// Visibility helpers: node index -> bone index.
	helpers := map[int]int{}
	for i, nd := range doc.Nodes {
		if ex, ok := nd.Extras.(map[string]any); ok {
			if of, ok := ex["visibility_of"].(string); ok {
				for b := range sk.Bones {
					if doc.Nodes[b].Name == of {
						helpers[i] = b
					}
				}
			}
		}
	}
	hidden := 0
	for ci, c := range a.Clips {
		smp := player.NewClipSampler(sk, c)
		pose, world := player.NewPose(sk), player.NewWorldPose(sk)
		const n = 500
		for k := 0; k <= n+1; k++ {
			// Times between the grid's keys, and both ends.
			tm := c.Duration * (float64(k) + 0.377) / n
			if k == n+1 {
				tm = c.Duration
			}
			tm = math.Min(tm, c.Duration)
			smp.Sample(tm, pose)
			player.ToWorld(sk, pose, world)
			for _, e := range evs {
				got := e.world(ci, tm)
				for node, b := range helpers {
					shown := e.scratch[node].S != (mgl64.Vec3{})
					if shown != pose.Visible[b] {
						t.Fatalf("clip %q t=%.6f bone %d: glTF shows it %v, the player %v", c.Name, tm, b, shown, pose.Visible[b])
					}
					if !shown {
						hidden++
					}
				}
				for b := range sk.Bones {
					want := conv.Point(world.Position(b))
					d := got[b].Sub(want).Len() / size
					worst = math.Max(worst, d)
					if d > 1e-4 {
						t.Fatalf("clip %q t=%.6f bone %d (%s), component-wise %v: glTF %v, player %v: off by %.3g of the figure's size",
							c.Name, tm, b, sk.Bones[b].Name, e.componentwise, got[b], want, d)
					}
				}
			}
		}
	}
	t.Logf("%d clips, worst joint error %.2g of the figure's size (%.4g); %d visibility helpers, hidden at %d checks",
		len(a.Clips), worst, size, len(helpers), hidden)
}

// evaluator plays a glTF document's animations by the specification:
// LINEAR lerps vectors and slerps rotations along the shorter arc, STEP
// holds, before the first and after the last key the end keys hold.
type evaluator struct {
	doc     *gltf.Document
	parent  []int
	rest    []trs
	anims   [][]evChannel
	scratch []trs
	// mats holds every node's world matrix after a call to world.
	mats []mgl64.Mat4
	// componentwise interpolates rotations per component and normalises
	// (Blender's importer) instead of the specification's slerp, and plays
	// a CUBICSPLINE as Blender 3.4's importer does (blenderBezier).
	componentwise bool
}

type evChannel struct {
	node int
	path gltf.TRSProperty
	step bool
	// cubic is a CUBICSPLINE sampler: tangents holds each key's in- and
	// out-tangent (vals the values).
	cubic    bool
	tangents [][2][]float32
	times    []float32
	vals     [][]float32
}

func newEvaluator(t *testing.T, doc *gltf.Document) *evaluator {
	t.Helper()
	e := &evaluator{doc: doc, parent: make([]int, len(doc.Nodes))}
	for i := range e.parent {
		e.parent[i] = -1
	}
	for i, nd := range doc.Nodes {
		for _, c := range nd.Children {
			e.parent[c] = i
		}
		e.rest = append(e.rest, trs{
			T: mgl64.Vec3(nd.Translation),
			R: mgl64.Quat{W: nd.Rotation[3], V: mgl64.Vec3{nd.Rotation[0], nd.Rotation[1], nd.Rotation[2]}},
			S: mgl64.Vec3(nd.Scale)})
	}
	for _, an := range doc.Animations {
		var chs []evChannel
		for _, ch := range an.Channels {
			s := an.Samplers[ch.Sampler]
			in, err := modeler.ReadAccessor(doc, doc.Accessors[s.Input], nil)
			if err != nil {
				t.Fatal(err)
			}
			out, err := modeler.ReadAccessor(doc, doc.Accessors[s.Output], nil)
			if err != nil {
				t.Fatal(err)
			}
			c := evChannel{node: *ch.Target.Node, path: ch.Target.Path, step: s.Interpolation == gltf.InterpolationStep,
				times: in.([]float32)}
			switch v := out.(type) {
			case [][3]float32:
				for _, x := range v {
					c.vals = append(c.vals, x[:])
				}
			case [][4]float32:
				for _, x := range v {
					c.vals = append(c.vals, x[:])
				}
			default:
				t.Fatalf("output accessor of type %T", out)
			}
			if s.Interpolation == gltf.InterpolationCubicSpline {
				// glTF's CUBICSPLINE output: in-tangent, value,
				// out-tangent for each key (Appendix C).
				if len(c.vals) != 3*len(c.times) {
					t.Fatalf("cubic sampler with %d keys and %d outputs", len(c.times), len(c.vals))
				}
				c.cubic = true
				all := c.vals
				c.vals = nil
				for k := 0; k < len(all); k += 3 {
					c.tangents = append(c.tangents, [2][]float32{all[k], all[k+2]})
					c.vals = append(c.vals, all[k+1])
				}
			}
			if len(c.vals) != len(c.times) {
				t.Fatalf("sampler with %d keys and %d values", len(c.times), len(c.vals))
			}
			chs = append(chs, c)
		}
		e.anims = append(e.anims, chs)
	}
	return e
}

func (c *evChannel) at(tm float64, componentwise bool) []float64 {
	ts := c.times
	t32 := float32(tm)
	k := 0
	for k+1 < len(ts) && ts[k+1] <= t32 {
		k++
	}
	val := func(i int) []float64 {
		out := make([]float64, len(c.vals[i]))
		for j, v := range c.vals[i] {
			out[j] = float64(v)
		}
		return out
	}
	if c.step || t32 <= ts[0] || k+1 >= len(ts) {
		return val(k)
	}
	f := (tm - float64(ts[k])) / (float64(ts[k+1]) - float64(ts[k]))
	a, b := val(k), val(k+1)
	if c.cubic && componentwise {
		return blenderBezier(c.times, c.vals, tm, c.path == gltf.TRSRotation)
	}
	if c.cubic {
		// The specification's cubic Hermite spline, tangents per second.
		td := float64(ts[k+1]) - float64(ts[k])
		s2, s3 := f*f, f*f*f
		for i := range a {
			bk, ak1 := float64(c.tangents[k][1][i]), float64(c.tangents[k+1][0][i])
			a[i] = (2*s3-3*s2+1)*a[i] + td*(s3-2*s2+f)*bk + (-2*s3+3*s2)*b[i] + td*(s3-s2)*ak1
		}
		if c.path == gltf.TRSRotation {
			// A rotation is normalised after the spline (Appendix C).
			n := math.Sqrt(a[0]*a[0] + a[1]*a[1] + a[2]*a[2] + a[3]*a[3])
			for i := range a {
				a[i] /= n
			}
		}
		return a
	}
	if c.path == gltf.TRSRotation && !componentwise {
		q := slerpSpec(mgl64.Quat{W: a[3], V: mgl64.Vec3{a[0], a[1], a[2]}}, mgl64.Quat{W: b[3], V: mgl64.Vec3{b[0], b[1], b[2]}}, f)
		return []float64{q.V[0], q.V[1], q.V[2], q.W}
	}
	for i := range a {
		a[i] += (b[i] - a[i]) * f
	}
	return a
}

// slerpSpec is the glTF 2.0 specification's slerp (Appendix C), written
// out again here so that the test does not lean on the exporter's own.
func slerpSpec(a, b mgl64.Quat, f float64) mgl64.Quat {
	d := a.Dot(b)
	if d < 0 {
		b, d = b.Scale(-1), -d
	}
	if d > 0.9995 {
		return mgl64.QuatNlerp(a, b, f)
	}
	th := math.Acos(d)
	return a.Scale(math.Sin((1-f)*th) / math.Sin(th)).Add(b.Scale(math.Sin(f*th) / math.Sin(th)))
}

// world returns every node's world position in animation ai at time tm.
func (e *evaluator) world(ai int, tm float64) []mgl64.Vec3 {
	e.scratch = append(e.scratch[:0], e.rest...)
	for _, c := range e.anims[ai] {
		v := c.at(tm, e.componentwise)
		l := &e.scratch[c.node]
		switch c.path {
		case gltf.TRSTranslation:
			l.T = mgl64.Vec3{v[0], v[1], v[2]}
		case gltf.TRSRotation:
			l.R = mgl64.Quat{W: v[3], V: mgl64.Vec3{v[0], v[1], v[2]}}.Normalize()
		case gltf.TRSScale:
			l.S = mgl64.Vec3{v[0], v[1], v[2]}
		}
	}
	ws := make([]mgl64.Mat4, len(e.scratch))
	pos := make([]mgl64.Vec3, len(e.scratch))
	done := make([]bool, len(ws))
	var resolve func(i int) mgl64.Mat4
	resolve = func(i int) mgl64.Mat4 {
		if done[i] {
			return ws[i]
		}
		m := e.scratch[i].mat()
		if p := e.parent[i]; p >= 0 {
			m = resolve(p).Mul4(m)
		}
		ws[i], done[i] = m, true
		return m
	}
	for i := range ws {
		m := resolve(i)
		pos[i] = mgl64.Vec3{m[12], m[13], m[14]}
	}
	e.mats = ws
	return pos
}

// TestValidator runs the Khronos glTF validator (scripts/gltf-validate.js
// under node) over every export; scripts/test.sh installs it, elsewhere the
// test skips without it unless ANIMVIEW_REQUIRE_GLTF_VALIDATOR is set.
func TestValidator(t *testing.T) {
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat("../../.cache/node/node_modules/gltf-validator")
	}
	if err != nil {
		if os.Getenv("ANIMVIEW_REQUIRE_GLTF_VALIDATOR") != "" {
			t.Fatalf("glTF validator not available: %v", err)
		}
		t.Skipf("glTF validator not available (%v); scripts/test.sh installs it", err)
	}
	dir := t.TempDir()
	for _, fx := range append(fixtures(t), meshFixtures(t)...) {
		a := fx.asset
		doc, err := Build(a, allTakes(a))
		if err != nil {
			t.Fatal(err)
		}
		for _, ext := range []string{".glb", ".gltf"} {
			if err := WriteFile(filepath.Join(dir, fx.name+ext), doc, true); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The demo set's characters in both games: their meta-animation
	// trees (blends, a phase blend, a random, a sequence).
	for _, fx := range treeFixtures(t) {
		doc, err := Build(fx.asset, fx.takes)
		if err != nil {
			t.Fatal(err)
		}
		if err := WriteFile(filepath.Join(dir, fx.name+".glb"), doc, true); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command(node, "../../scripts/gltf-validate.js", dir).CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("validator: %v", err)
	}
	if !strings.Contains(string(out), " 0 with errors") {
		t.Fatalf("unexpected validator summary:\n%s", out)
	}
}

// BenchmarkBuildSims builds and encodes every Sims sample in the
// repository, one after another on one goroutine: the per-core cost the
// batch spreads over the cores (BenchmarkExportBatch in cmd/animview
// measures the whole batch).
func BenchmarkBuildSims(b *testing.B) {
	paths, _ := filepath.Glob("../../formats/sims/testdata/tso/*.anim")
	var as []*formats.Asset
	for _, p := range paths {
		as = append(as, load(b, p, ""))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, a := range as {
			doc, err := Build(a, allTakes(a))
			if err != nil {
				b.Fatal(err)
			}
			if err := Encode(io.Discard, doc, true); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(as)*b.N)/b.Elapsed().Seconds(), "clips/s")
}
