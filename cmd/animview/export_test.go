package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/export/batch"
	"github.com/animview/animview/export/gltf"
	"github.com/animview/animview/formats/prime"
	qgltf "github.com/qmuntal/gltf"
)

func decodeGLTF(t *testing.T, path string) *qgltf.Document {
	t.Helper()
	doc, err := qgltf.Open(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return doc
}

func TestExportSingle(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args  []string
		out   string
		anims []string
	}{
		{[]string{"demo:"}, "all.glb", []string{"walk", "idle"}},
		{[]string{"demo:", "--all"}, "all.gltf", []string{"walk", "idle"}},
		{[]string{"demo:", "--clip", "idle"}, "idle.glb", []string{"idle"}},
		{[]string{"../../formats/lego/testdata/minifig.si", "--entry", "minifig_wave"}, "wave.glb", []string{"minifig_wave"}},
	}
	for _, tt := range tests {
		out := filepath.Join(dir, tt.out)
		_, errs, code := runCLI(t, append(append([]string{"export"}, tt.args...), "-o", out)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tt.args, code, errs)
		}
		doc := decodeGLTF(t, out)
		var names []string
		for _, a := range doc.Animations {
			names = append(names, a.Name)
		}
		if strings.Join(names, ",") != strings.Join(tt.anims, ",") {
			t.Errorf("%v: animations %v, want %v", tt.args, names, tt.anims)
		}
	}
}

func TestExportErrors(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"export", "demo:"},
		{"export", "demo:", "-o", filepath.Join(dir, "x.glb"), "--clip", "nope"},
		{"export", "demo:", "-o", filepath.Join(dir, "x.glb"), "--clip", "walk", "--all"},
		{"export", "demo:", "-o", filepath.Join(dir, "x.glb"), "--character", "nobody"},
	} {
		if _, _, code := runCLI(t, args...); code == 0 {
			t.Errorf("%v: exit 0", args)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("failed exports left files: %v", ents)
	}
}

// TestExportBatch exports a folder with good files, a README and a broken
// animation: the good ones are written, the README is skipped, the broken
// one is named in the summary with its error, the exit is non-zero and no
// temporary or partial file is left.
func TestExportBatch(t *testing.T) {
	src, out := t.TempDir(), t.TempDir()
	samples, _ := filepath.Glob("../../formats/sims/testdata/tso/*.anim")
	for _, p := range samples[:3] {
		copyFile(t, p, filepath.Join(src, filepath.Base(p)))
	}
	copyFile(t, "../../formats/sims/testdata/tso/README.md", filepath.Join(src, "README.md"))
	good, _ := os.ReadFile(samples[0])
	if err := os.WriteFile(filepath.Join(src, "broken.anim"), good[:len(good)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, _, code := runCLI(t, "export", src, "-o", out, "--all", "--jobs", "2")
	if code == 0 {
		t.Fatalf("exit 0 with a broken file:\n%s", stdout)
	}
	if !strings.Contains(stdout, "1 failed:") || !strings.Contains(stdout, "broken.anim: ") {
		t.Errorf("summary does not name the failure:\n%s", stdout)
	}
	if !strings.Contains(stdout, "exported 3 clips to 3 files") || !strings.Contains(stdout, "1 skipped") {
		t.Errorf("summary:\n%s", stdout)
	}
	ents, _ := os.ReadDir(out)
	if len(ents) != 3 {
		t.Errorf("%d files in OUTDIR, want 3: %v", len(ents), ents)
	}
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".glb") || strings.HasPrefix(e.Name(), ".") {
			t.Errorf("unexpected file %s", e.Name())
		}
		decodeGLTF(t, filepath.Join(out, e.Name()))
	}
}

func TestExportBatchContainer(t *testing.T) {
	out := t.TempDir()
	stdout, errs, code := runCLI(t, "export", "../../formats/lego/testdata/minifig.si", "-o", out, "--all")
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, errs)
	}
	for _, name := range []string{"minifig_minifig_walk.glb", "minifig_minifig_wave.glb"} {
		decodeGLTF(t, filepath.Join(out, name))
	}
}

func TestRenderAllFrames(t *testing.T) {
	dir := t.TempDir()
	_, errs, code := runCLI(t, "render", "demo:", "--clip", "walk", "-o", filepath.Join(dir, "walk.png"), "--all-frames", "--size", "32x24")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// 1.2 s at the clip's 30 frames per second: frames 0 to 36.
	ents, _ := os.ReadDir(dir)
	if len(ents) != 37 || ents[0].Name() != "walk_0000.png" || ents[36].Name() != "walk_0036.png" {
		t.Errorf("%d files, first %s", len(ents), ents[0].Name())
	}
}

func copyFile(t testing.TB, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkExportBatch measures `animview export DIR -o OUTDIR --all` over
// the Sims samples in the repository and, when present, the shared folder
// of real FreeSO animations: reading, decoding, sampling, building and
// writing, on every core. It reports clips per second.
func BenchmarkExportBatch(b *testing.B) {
	for _, bc := range []struct {
		name, src string
	}{
		{"testdata", "../../formats/sims/testdata/tso"},
		{"shared", "../../../shared/samples/tso"},
		// A PAK: every character's animations (meta-animation trees
		// included) and its loose ANIM.
		{"pak", "../../formats/prime/pak/testdata/DemoSet-mp1.pak"},
		// A PAK of 1,000 resources, 300 of them loose ANIMs: each
		// entry's job opens it from the archive listed once.
		{"pak-300", ""},
	} {
		if bc.name == "pak-300" {
			bc.src = writeDemoPAK(b, prime.MP1, 300, 1000)
		}
		b.Run(bc.name, func(b *testing.B) {
			if _, err := os.Stat(bc.src); err != nil {
				b.Skipf("no %s", bc.src)
			}
			out := b.TempDir()
			var stdout bytes.Buffer
			clips := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				stdout.Reset()
				if err := exportBatch(batch.Export{Src: bc.src, OutDir: out, Ext: ".glb", Force: true}, &stdout, io.Discard); err != nil {
					b.Fatal(err)
				}
				var n int
				if _, err := fmt.Sscanf(stdout.String()[strings.LastIndex(stdout.String(), "exported "):], "exported %d clips", &n); err != nil {
					b.Fatalf("no summary: %v\n%s", err, stdout.String())
				}
				clips += n
			}
			b.ReportMetric(float64(clips)/b.Elapsed().Seconds(), "clips/s")
		})
	}
}

// TestExportCharacterTrees exports the demo set's characters, whose
// animations are meta-animation trees: one character with --character,
// every character of a PAK and of a folder of resources as a batch.
func TestExportCharacterTrees(t *testing.T) {
	anims := "walk,idle,walk_blend,phase,random_idle,sequence"
	names := func(doc *qgltf.Document) string {
		var ns []string
		for _, a := range doc.Animations {
			ns = append(ns, a.Name)
		}
		return strings.Join(ns, ",")
	}
	dir := t.TempDir()
	for _, game := range []string{"mp1", "mp2"} {
		out := filepath.Join(dir, game+".glb")
		pakPath := "../../formats/prime/pak/testdata/DemoSet-" + game + ".pak"
		_, errs, code := runCLI(t, "export", pakPath, "--character", "Crawler_Calm", "-o", out)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", game, code, errs)
		}
		doc := decodeGLTF(t, out)
		if got := names(doc); got != anims {
			t.Errorf("%s: animations %s", game, got)
		}
		ex := doc.Animations[4].Extras.(map[string]any)
		if !strings.Contains(fmt.Sprint(ex["info"]), "tree seed 0") {
			t.Errorf("%s: random_idle's facts do not give the seed: %v", game, ex["info"])
		}
		if ex := doc.Scenes[0].Extras.(map[string]any); ex["entry"] != "Crawler_Calm" {
			t.Errorf("%s: scene entry %v", game, ex["entry"])
		}
	}
	batches := []struct {
		src   string
		files []string
	}{
		{"../../formats/prime/pak/testdata/DemoSet-mp1.pak", []string{"DemoSet-mp1_A0000000.ANIM.glb", "DemoSet-mp1_Crawler.glb", "DemoSet-mp1_Crawler_Calm.glb"}},
		{writeDemoSet(t, prime.MP2), nil},
	}
	base := filepath.Base(batches[1].src)
	batches[1].files = []string{base + "_Crawler.glb", base + "_Crawler_Calm.glb"}
	for _, b := range batches {
		out := t.TempDir()
		stdout, errs, code := runCLI(t, "export", b.src, "-o", out)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s%s", b.src, code, stdout, errs)
		}
		ents, _ := os.ReadDir(out)
		var got []string
		for _, e := range ents {
			got = append(got, e.Name())
		}
		if strings.Join(got, " ") != strings.Join(b.files, " ") {
			t.Errorf("%s: wrote %v, want %v\n%s", b.src, got, b.files, stdout)
		}
		for _, f := range b.files {
			if !strings.HasSuffix(f, "Crawler.glb") && !strings.HasSuffix(f, "Crawler_Calm.glb") {
				continue
			}
			if n := names(decodeGLTF(t, filepath.Join(out, f))); n != anims {
				t.Errorf("%s: %s has %s", b.src, f, n)
			}
		}
	}
}

// TestExportBatchModel: a batch takes --model as a single export does. The
// ANM's model is in another folder, so only --model finds it (before, the
// batch dropped the choice: "tried --model FILE (not given)"); the batch
// writes what the single export writes, byte for byte.
func TestExportBatchModel(t *testing.T) {
	src, models, out := t.TempDir(), t.TempDir(), t.TempDir()
	copyFile(t, "../../formats/anm/testdata/cylindro.anm", filepath.Join(src, "cylindro.anm"))
	model := filepath.Join(models, "model.ms3d")
	copyFile(t, "../../formats/anm/testdata/cylindro.ms3d", model)
	stdout, errs, code := runCLI(t, "export", src, "-o", out, "--all", "--model", model)
	if code != 0 || !strings.Contains(stdout, "exported 6 clips to 1 files") {
		t.Fatalf("exit %d:\n%s%s", code, stdout, errs)
	}
	single := filepath.Join(t.TempDir(), "single.glb")
	if _, errs, code := runCLI(t, "export", filepath.Join(src, "cylindro.anm"), "-o", single, "--model", model); code != 0 {
		t.Fatalf("single export: exit %d: %s", code, errs)
	}
	batch, _ := os.ReadFile(filepath.Join(out, "cylindro.glb"))
	want, _ := os.ReadFile(single)
	if len(batch) == 0 || !bytes.Equal(batch, want) {
		t.Errorf("the batch wrote %d bytes, the single export %d: not the same file", len(batch), len(want))
	}
	if _, _, code := runCLI(t, "export", src, "-o", out, "--all", "--model", model, "--skeleton", model); code == 0 {
		t.Error("--model and --skeleton together: exit 0")
	}
}

// TestExportOutputNames: -o names a .glb or .gltf file, or a folder for a
// batch; anything else is an error that says so, and a missing folder is
// named as such (issue 24 #9: -o out.fbx made a folder out.fbx/ and
// exited 0; a missing folder was reported by the temporary's name).
func TestExportOutputNames(t *testing.T) {
	dir := t.TempDir()
	const folder = "../../formats/sims/testdata/tso"
	missing := filepath.Join(dir, "missing")
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"export", "demo:", "-o", filepath.Join(dir, "out.fbx")}, []string{`".fbx"`, ".glb", ".gltf", "folder"}},
		{[]string{"export", folder, "-o", filepath.Join(dir, "out.FBX"), "--all"}, []string{`".fbx"`, ".glb", ".gltf", "folder"}},
		{[]string{"export", "demo:", "-o", filepath.Join(missing, "x.glb")}, []string{"folder " + missing + " does not exist"}},
		{[]string{"render", "demo:", "-o", filepath.Join(missing, "x.png")}, []string{"folder " + missing + " does not exist"}},
		{[]string{"export", folder, "-o", filepath.Join(dir, "all.glb"), "--all"}, []string{"a folder exports one file per animation", "OUTDIR"}},
	} {
		_, errs, code := runCLI(t, tc.args...)
		if code == 0 {
			t.Errorf("%v: exit 0", tc.args)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: %q does not say %q", tc.args, errs, w)
			}
		}
		if strings.Contains(errs, ".tmp") {
			t.Errorf("%v: the error names a temporary: %s", tc.args, errs)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("failed exports left %v", ents)
	}
	// A batch goes to a folder: one that exists, whatever its name, or a
	// new one named without an extension or with a trailing separator.
	existing := filepath.Join(dir, "takes.v2")
	os.Mkdir(existing, 0o755)
	for _, out := range []string{existing, filepath.Join(dir, "new"), filepath.Join(dir, "other.v3") + string(filepath.Separator)} {
		if _, errs, code := runCLI(t, "export", "demo:", "-o", out); code != 0 {
			t.Errorf("-o %s: exit %d: %s", out, code, errs)
		} else if _, err := os.Stat(filepath.Join(out, "demo_.glb")); err != nil {
			t.Errorf("-o %s: %v", out, err)
		}
	}
}

// TestExportKeysFlags: --events writes the events as a JSON list beside
// the export, --stats prints the key counts, --bake samples uniformly,
// and a bad rate or these flags on a batch are refused.
func TestExportKeysFlags(t *testing.T) {
	dir := t.TempDir()
	out, evPath := filepath.Join(dir, "demo.glb"), filepath.Join(dir, "demo.json")
	stdout, errs, code := runCLI(t, "export", "demo:", "-o", out, "--events", evPath, "--stats")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(stdout, "source") || !strings.Contains(stdout, "walk") || !strings.Contains(stdout, "wrote "+evPath+" (4 events)") {
		t.Errorf("stdout: %s", stdout)
	}
	data, err := os.ReadFile(evPath)
	if err != nil {
		t.Fatal(err)
	}
	var evs struct {
		Schema string
		Events []gltf.EventRecord
	}
	if err := json.Unmarshal(data, &evs); err != nil || evs.Schema != gltf.EventsSchema || len(evs.Events) != 4 {
		t.Fatalf("events file %s: %v", data, err)
	}
	baked := filepath.Join(dir, "baked.glb")
	if _, errs, code := runCLI(t, "export", "demo:", "-o", baked, "--bake", "24"); code != 0 {
		t.Fatalf("--bake: exit %d: %s", code, errs)
	}
	doc := decodeGLTF(t, baked)
	if n := doc.Accessors[doc.Animations[0].Samplers[0].Input].Count; n != 30 {
		t.Errorf("--bake 24: %d keys for the 1.2 s walk, want 30", n)
	}
	for _, args := range [][]string{
		{"export", "demo:", "-o", filepath.Join(dir, "x.glb"), "--bake", "-1"},
		{"export", "demo:", "-o", filepath.Join(dir, "x.glb"), "--events", evPath},
		{"export", "../../formats/lego/testdata/minifig.si", "-o", filepath.Join(dir, "batch"), "--all", "--stats"},
	} {
		if _, _, code := runCLI(t, args...); code == 0 {
			t.Errorf("%v: exit 0", args)
		}
	}
}

// TestExportFor: `export --for blender` writes a MilkShape model's Hermite
// positions as LINEAR channels (Blender 3.4's importer drops a cubic's
// tangents), the default as CUBICSPLINE at the file's keys; an unknown
// target is a usage error (exit 2).
func TestExportFor(t *testing.T) {
	dir := t.TempDir()
	src := "../../formats/ms3d/testdata/arm_v4.ms3d"
	count := func(path string) map[qgltf.Interpolation]int {
		doc := decodeGLTF(t, path)
		n := map[qgltf.Interpolation]int{}
		for _, s := range doc.Animations[0].Samplers {
			n[s.Interpolation]++
		}
		return n
	}
	for _, tt := range []struct {
		args  []string
		cubic bool
	}{{nil, true}, {[]string{"--for", "gltf"}, true}, {[]string{"--for", "blender"}, false}} {
		out := filepath.Join(dir, fmt.Sprintf("arm%d.glb", len(tt.args)+len(strings.Join(tt.args, ""))))
		args := append([]string{"export", src, "-o", out}, tt.args...)
		if _, errs, code := runCLI(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", tt.args, code, errs)
		}
		if n := count(out); (n[qgltf.InterpolationCubicSpline] > 0) != tt.cubic {
			t.Errorf("%v: samplers by interpolation %v, want CUBICSPLINE %v", tt.args, n, tt.cubic)
		}
	}
	if _, _, code := runCLI(t, "export", src, "-o", filepath.Join(dir, "x.glb"), "--for", "maya"); code != 2 {
		t.Errorf("--for maya: exit %d, want 2", code)
	}
	// A batch takes --for too.
	in := filepath.Join(dir, "in")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(in, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(in, "arm.ms3d"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		target string
		cubic  bool
	}{{"gltf", true}, {"blender", false}} {
		out := filepath.Join(dir, "batch-"+tt.target)
		if _, errs, code := runCLI(t, "export", in, "-o", out, "--all", "--for", tt.target); code != 0 {
			t.Fatalf("batch --for %s: exit %d: %s", tt.target, code, errs)
		}
		if n := count(filepath.Join(out, "arm.glb")); (n[qgltf.InterpolationCubicSpline] > 0) != tt.cubic {
			t.Errorf("batch --for %s: samplers by interpolation %v, want CUBICSPLINE %v", tt.target, n, tt.cubic)
		}
	}
}
