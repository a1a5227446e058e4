package gltf

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/ms3d"
)

// blenderBezier plays a CUBICSPLINE channel as Blender 3.4's glTF
// importer does (io_scene_gltf2/blender/imp/gltf2_blender_animation_node.py
// and gltf2_blender_animation_utils.py, docs/formats/gltf-export.md#keys):
// it keeps only the values ("values = values[1::3]", the written tangents
// are dropped), makes one Bézier F-curve a component with AUTO handles,
// and Blender's default auto smoothing for new curves (continuous
// acceleration) makes those handles a cubic spline with a continuous
// second derivative, flat at the first and last key (the curve holds
// outside them). A rotation's components are normalised after, as a pose
// bone's quaternion is. The model stands for Blender's handles; the point
// it makes is that the tangents an export writes do not reach Blender.
func blenderBezier(ts []float32, vals [][]float32, tm float64, rotation bool) []float64 {
	n := len(ts)
	out := make([]float64, len(vals[0]))
	if n == 1 || tm <= float64(ts[0]) {
		for i, v := range vals[0] {
			out[i] = float64(v)
		}
		return out
	}
	if tm >= float64(ts[n-1]) {
		for i, v := range vals[n-1] {
			out[i] = float64(v)
		}
		return out
	}
	k := 0
	for k+2 < n && float64(ts[k+1]) <= tm {
		k++
	}
	h := make([]float64, n-1)
	for i := range h {
		h[i] = float64(ts[i+1]) - float64(ts[i])
	}
	for c := range out {
		y := make([]float64, n)
		for i := range y {
			y[i] = float64(vals[i][c])
		}
		// Slopes m of a C2 spline with m[0] = m[n-1] = 0 (clamped): for
		// the inner keys, h[i] m[i-1] + 2 (h[i-1] + h[i]) m[i] + h[i-1]
		// m[i+1] = 3 (h[i] d[i-1] + h[i-1] d[i]), d the secants; solved
		// by the Thomas algorithm.
		m := make([]float64, n)
		if n > 2 {
			a, b, cc, r := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
			b[0], b[n-1] = 1, 1
			for i := 1; i < n-1; i++ {
				d0, d1 := (y[i]-y[i-1])/h[i-1], (y[i+1]-y[i])/h[i]
				a[i], b[i], cc[i], r[i] = h[i], 2*(h[i-1]+h[i]), h[i-1], 3*(h[i]*d0+h[i-1]*d1)
			}
			for i := 1; i < n; i++ {
				w := a[i] / b[i-1]
				b[i] -= w * cc[i-1]
				r[i] -= w * r[i-1]
			}
			m[n-1] = r[n-1] / b[n-1]
			for i := n - 2; i >= 0; i-- {
				m[i] = (r[i] - cc[i]*m[i+1]) / b[i]
			}
		}
		f := (tm - float64(ts[k])) / h[k]
		f2, f3 := f*f, f*f*f
		out[c] = (2*f3-3*f2+1)*y[k] + h[k]*(f3-2*f2+f)*m[k] + (-2*f3+3*f2)*y[k+1] + h[k]*(f3-f2)*m[k+1]
	}
	if rotation {
		l := math.Sqrt(out[0]*out[0] + out[1]*out[1] + out[2]*out[2] + out[3]*out[3])
		for i := range out {
			out[i] /= l
		}
	}
	return out
}

// swingMilkShapeFile is a MilkShape model written by our writer whose
// shape made the export write CUBICSPLINE channels Blender plays
// otherwise: a chain of three joints whose positions swing between keys
// half a second apart (MilkShape's Hermite curve,
// docs/formats/milkshape-anm.md#position-keys) and whose rotations turn
// 100° between keys (a normalised lerp of the components parts from the
// slerp by 2.6°).
func swingMilkShapeFile(t testing.TB) []byte {
	t.Helper()
	const seconds, fps = 3, 24
	f := &ms3d.File{Header: ms3d.Header{ID: ms3d.Magic, Version: 4},
		AnimationFPS: fps, TotalFrames: seconds * fps}
	parent := ""
	for j, name := range []string{"hip", "knee", "foot"} {
		jt := ms3d.Joint{Name: name, ParentName: parent, Position: [3]float32{0, 1, 0}}
		for k := 0; k <= 2*seconds; k++ {
			tm := float32(k) / 2
			sw := float32(1 - 2*(k%2))
			jt.PositionKeys = append(jt.PositionKeys, ms3d.PositionKey{Time: tm,
				Position: [3]float32{0.6 * sw, 0.3 * float32(k%3), 0.2 * float32(j)}})
			jt.RotationKeys = append(jt.RotationKeys, ms3d.RotationKey{Time: tm,
				Rotation: [3]float32{0, float32(k) * 100 * math.Pi / 180, 0.3 * sw}})
		}
		f.Joints = append(f.Joints, jt)
		parent = name
	}
	data, err := f.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func swingMilkShape(t testing.TB) *formats.Asset {
	t.Helper()
	p, err := ms3d.Parse(swingMilkShapeFile(t))
	if err != nil {
		t.Fatal(err)
	}
	a, err := p.Asset("swing", ms3d.FormatMS3D, nil)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestBlenderCheck exports the swing model (swingMilkShapeFile) for
// Blender (`export --for blender`, ForBlender: the default export's
// CUBICSPLINE positions and slerped rotations are not what Blender 3.4's
// importer plays) and runs
// scripts/blender_check.py on it in Blender, which imports the .glb with
// its own glTF importer and compares every bone head with `animview pose`
// at frames 0..24, within 1e-4 of the figure's size. Without Blender on
// the PATH it is skipped, unless ANIMVIEW_REQUIRE_BLENDER=1.
// TestRoundTrip's fixture "ms3d-swing/blender" checks the same keys by
// the model of Blender's importer (component-wise), without Blender.
func TestBlenderCheck(t *testing.T) {
	blender, err := exec.LookPath("blender")
	if err != nil {
		if os.Getenv("ANIMVIEW_REQUIRE_BLENDER") == "1" {
			t.Fatal("ANIMVIEW_REQUIRE_BLENDER=1 and no blender on the PATH")
		}
		t.Skip("no blender on the PATH")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "swing.ms3d")
	if err := os.WriteFile(src, swingMilkShapeFile(t), 0o644); err != nil {
		t.Fatal(err)
	}
	av := filepath.Join(dir, "animview")
	if out, err := exec.Command("go", "build", "-o", av, "../../cmd/animview").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	glb := filepath.Join(dir, "swing.glb")
	if out, err := exec.Command(av, "export", src, "--for", "blender", "-o", glb).CombinedOutput(); err != nil {
		t.Fatalf("export: %v\n%s", err, out)
	}
	cmd := exec.Command(blender, "-b", "--factory-startup", "--python", "../../scripts/blender_check.py", "--", glb, src, av)
	out, err := cmd.CombinedOutput()
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "CHECK") {
			lines = append(lines, l)
		}
	}
	t.Log(strings.Join(lines, "\n"))
	if err != nil || len(lines) < 2 {
		t.Fatalf("blender_check.py: %v\n%s", err, out)
	}
}

// TestThreeCheck exports the swing model (swingMilkShapeFile: Hermite
// positions, large turns between rotation keys) and the MilkShape arm
// fixture by default (ForGLTF: CUBICSPLINE positions, slerped rotations)
// and plays them with three.js (scripts/three_check.mjs), an engine that
// follows glTF's own interpolation, against `animview pose`, within 1e-4
// of the figure's size. Without node or three in .cache/node (where
// scripts/test.sh installs it) it is skipped, unless
// ANIMVIEW_REQUIRE_GLTF_VALIDATOR is set (the same step installs both).
func TestThreeCheck(t *testing.T) {
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat("../../.cache/node/node_modules/three")
	}
	if err != nil {
		if os.Getenv("ANIMVIEW_REQUIRE_GLTF_VALIDATOR") != "" {
			t.Fatalf("three.js not available: %v", err)
		}
		t.Skipf("three.js not available (%v); scripts/test.sh installs it", err)
	}
	dir := t.TempDir()
	swing := filepath.Join(dir, "swing.ms3d")
	if err := os.WriteFile(swing, swingMilkShapeFile(t), 0o644); err != nil {
		t.Fatal(err)
	}
	av := filepath.Join(dir, "animview")
	if out, err := exec.Command("go", "build", "-o", av, "../../cmd/animview").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, src := range []string{swing, "../../formats/ms3d/testdata/arm_v4.ms3d"} {
		glb := filepath.Join(dir, filepath.Base(src)+".glb")
		if out, err := exec.Command(av, "export", src, "-o", glb).CombinedOutput(); err != nil {
			t.Fatalf("export: %v\n%s", err, out)
		}
		out, err := exec.Command(node, "../../scripts/three_check.mjs", glb, src, av, "40").CombinedOutput()
		t.Logf("%s: %s", filepath.Base(src), strings.TrimSpace(string(out)))
		if err != nil {
			t.Fatalf("three_check.mjs: %v", err)
		}
	}
}
