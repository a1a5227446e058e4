package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats/lego"
	"github.com/animview/animview/formats/ms3d"
	"github.com/animview/animview/formats/prime"
	"github.com/go-gl/mathgl/mgl32"
)

// longNameSI writes an SI of four animations, the first named with 300
// characters, and returns its path and that name. With broken >= 0, the
// animation of that index is cut short.
func longNameSI(t *testing.T, broken int) (string, string) {
	t.Helper()
	ani, err := os.ReadFile("../../formats/lego/testdata/minifig_walk.ani")
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("a_very_long_animation_name_", 11) + "end"
	var objs []*lego.SIObject
	for i, name := range []string{long, "walk2", "walk3", "walk4"} {
		objs = append(objs, &lego.SIObject{Type: lego.TypeAnim, Presenter: "LegoAnimPresenter", Name: name, ID: uint32(i + 1),
			Duration: 1200, LoopCount: 1, Up: [3]float64{0, 1, 0}, Direction: [3]float64{0, 0, 1},
			MediaSrc: `C:\` + name + ".ani", Data: [][]byte{ani}})
		if i == broken {
			objs[i].Data = [][]byte{ani[:len(ani)/2]}
		}
	}
	b, err := lego.SIWriter{}.Encode(objs)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "scene.si")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p, long
}

// TestExportLongEntryName is issue 25's item 6: a container entry whose
// name is longer than the file system takes exports under a shortened
// name, and every entry counts in the summary (before: "file name too
// long" on the temporary file, and "1 of 1 exports failed" for four
// entries of which three were written).
func TestExportLongEntryName(t *testing.T) {
	si, long := longNameSI(t, -1)
	out := t.TempDir()
	stdout, errs, code := runCLI(t, "export", si, "-o", out, "--all", "--jobs", "2")
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, stdout, errs)
	}
	if !strings.Contains(stdout, "to 4 files") {
		t.Errorf("summary:\n%s", stdout)
	}
	ents, _ := os.ReadDir(out)
	if len(ents) != 4 {
		t.Fatalf("%d files: %v", len(ents), ents)
	}
	for _, e := range ents {
		if len(e.Name()) > 255 || strings.HasPrefix(e.Name(), ".") {
			t.Errorf("file %q (%d bytes)", e.Name(), len(e.Name()))
		}
		decodeGLTF(t, filepath.Join(out, e.Name()))
	}
	if !strings.HasPrefix(ents[0].Name(), "scene_"+long[:100]) {
		t.Errorf("the long name's start is not kept: %q", ents[0].Name())
	}

	// A failure among the entries a container adds counts against all
	// of them: one broken animation of four.
	si, _ = longNameSI(t, 2)
	stdout, errs, code = runCLI(t, "export", si, "-o", t.TempDir(), "--all")
	if code == 0 || !strings.Contains(stdout, "exported 3 clips to 3 files") || !strings.Contains(stdout, "1 failed:") ||
		!strings.Contains(errs, "1 of 4 exports failed") {
		t.Errorf("exit %d:\n%s%s", code, stdout, errs)
	}
}

// TestExportRefusesToReplace is issue 25's item 7: an export does not
// replace an existing file without --force (a batch leaves it, lists it
// and exits non-zero); with --force it does.
func TestExportRefusesToReplace(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "demo.glb")
	if err := os.WriteFile(out, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code := runCLI(t, "export", "demo:", "-o", out)
	if code == 0 || !strings.Contains(errs, "exists") || !strings.Contains(errs, "--force") {
		t.Errorf("exit %d: %s", code, errs)
	}
	if b, _ := os.ReadFile(out); string(b) != "mine" {
		t.Error("the file was replaced")
	}
	if _, errs, code := runCLI(t, "export", "demo:", "-o", out, "--force"); code != 0 {
		t.Errorf("--force: exit %d: %s", code, errs)
	}
	decodeGLTF(t, out)

	batch := t.TempDir()
	if _, errs, code := runCLI(t, "export", "../../formats/lego/testdata/minifig.si", "-o", batch, "--all"); code != 0 {
		t.Fatalf("first batch: exit %d: %s", code, errs)
	}
	walk := filepath.Join(batch, "minifig_minifig_walk.glb")
	if err := os.WriteFile(walk, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, errs, code := runCLI(t, "export", "../../formats/lego/testdata/minifig.si", "-o", batch, "--all")
	if code == 0 || !strings.Contains(stdout, "2 not written, their files exist (--force replaces them):") ||
		!strings.Contains(stdout, walk) || !strings.Contains(errs, "2 of 2 exports not written") {
		t.Errorf("second batch: exit %d:\n%s%s", code, stdout, errs)
	}
	if b, _ := os.ReadFile(walk); string(b) != "mine" {
		t.Error("the batch replaced a file")
	}
	if stdout, errs, code := runCLI(t, "export", "../../formats/lego/testdata/minifig.si", "-o", batch, "--all", "--force"); code != 0 {
		t.Errorf("batch with --force: exit %d:\n%s%s", code, stdout, errs)
	}
	decodeGLTF(t, walk)
}

// TestBatchSweepsStaleTemps is issue 25's item 8: a batch removes the
// temporary file a killed run left in its output folder.
func TestBatchSweepsStaleTemps(t *testing.T) {
	// A process id that is no longer running: a child that has ended.
	child := exec.Command(os.Args[0], "-test.run", "^$")
	if err := child.Run(); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	stale := filepath.Join(out, fmt.Sprintf(".animview-%d-12345.tmp", child.Process.Pid))
	if err := os.WriteFile(stale, []byte("glTF half"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, errs, code := runCLI(t, "export", "../../formats/lego/testdata/minifig.si", "-o", out, "--all")
	if code != 0 || !strings.Contains(stdout, "removed 1 temporary files an earlier export left") {
		t.Errorf("exit %d:\n%s%s", code, stdout, errs)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("the stale temporary is still there")
	}
}

// TestExportFolderOfSymlinks is issue 25's item 9 for a batch: a folder of
// symbolic links to animations exports them (before: "no animation
// files").
func TestExportFolderOfSymlinks(t *testing.T) {
	src, out := t.TempDir(), t.TempDir()
	samples, _ := filepath.Glob("../../formats/sims/testdata/tso/*.anim")
	for _, p := range samples[:2] {
		abs, _ := filepath.Abs(p)
		if err := os.Symlink(abs, filepath.Join(src, filepath.Base(p))); err != nil {
			t.Skipf("symbolic links: %v", err)
		}
	}
	stdout, errs, code := runCLI(t, "export", src, "-o", out, "--all")
	if code != 0 || !strings.Contains(stdout, "exported 2 clips to 2 files") {
		t.Errorf("exit %d:\n%s%s", code, stdout, errs)
	}
}

// TestNearFloatMax is issue 35's item 8: values near FLT_MAX made `pose
// --json` fail while `render` and `export` exited 0, and the export turned
// a rotation the viewer showed as none into a half turn. Now one rule
// (docs/formats/README.md#values-near-the-float-limit), checked as the
// asset is loaded, refuses such a file in every command with the same
// error. The fixtures are Metroid Prime version 0 ANIMs (raw singles) from
// our writer, on the CINF of the test data: a quaternion component of
// 3e38, whose squared length overflows, and translations of 3e38 on the
// root and its child, whose world positions sum past the float range; and
// MilkShape joints at 3e38 (issue 25's JSON case).
func TestNearFloatMax(t *testing.T) {
	cinf, err := os.ReadFile("../../formats/prime/testdata/5E6F7081.CINF")
	if err != nil {
		t.Fatal(err)
	}
	anim := func(rot mgl32.Quat, trans float32) []byte {
		// Bones 3 (Skeleton_Root) and 4 (Body, its child), two frames.
		k := &prime.Keys{Frames: []int{0, 1}, Channels: []prime.ChannelKeys{
			{BoneID: 3, Rotation: []mgl32.Quat{mgl32.QuatIdent(), mgl32.QuatIdent()},
				Translation: []mgl32.Vec3{{0, 0, 1}, {trans, 0, 1}}},
			{BoneID: 4, Rotation: []mgl32.Quat{mgl32.QuatIdent(), rot},
				Translation: []mgl32.Vec3{{0, 0, 1}, {trans, 0, 1}}},
		}}
		b, err := prime.EncodeANIM(prime.MP1, 0, prime.Header{Interval: 1.0 / 30}, k)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	ms := &ms3d.File{Header: ms3d.Header{ID: ms3d.Magic, Version: 4}, AnimationFPS: 24, TotalFrames: 2,
		Joints: []ms3d.Joint{{Name: "a", Position: [3]float32{3e38, 0, 0}}, {Name: "b", ParentName: "a", Position: [3]float32{3e38, 0, 0}}}}
	msb, err := ms.Encode()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, file string
		data       []byte
		want       string
	}{
		{"quaternion component 3e38", "1A2B3C4D.ANIM", anim(mgl32.Quat{W: 1, V: mgl32.Vec3{3e38, 0, 0}}, 1),
			`bone 1 ("Body") rotation key 1 (0.0333333 s): {1 [3e+38 0 0]} has length 3e+38, more than 1e+07`},
		{"translations of 3e38", "1A2B3C4D.ANIM", anim(mgl32.QuatIdent(), 3e38),
			`bone 0 ("Skeleton_Root") could reach a world position or scale of 3e+38, more than 1e+30`},
		{"MilkShape joints at 3e38", "huge.ms3d", msb,
			`bone 0 ("a") could reach a world position or scale of 3e+38, more than 1e+30 (bone 0 ("a") bind translation [3e+38 0 0])`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, tc.file)
			if err := os.WriteFile(p, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "5E6F7081.CINF"), cinf, 0o644); err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{
				{"info", p}, {"info", "--json", p}, {"pose", "--json", p, "--time", "0.02"},
				{"render", p, "-o", filepath.Join(dir, "out.png"), "--time", "0.02"},
				{"export", p, "-o", filepath.Join(dir, "out.glb")},
			} {
				stdout, errs, code := runCLI(t, args...)
				if code != 1 || !strings.Contains(errs, tc.want) || !strings.Contains(errs, "not a finite number") {
					t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 1 with %q", args[0], code, stdout[:min(len(stdout), 80)], errs, tc.want)
				}
			}
			if ents, _ := os.ReadDir(dir); len(ents) != 2 {
				t.Errorf("the folder holds %v: a command wrote a file", ents)
			}
		})
	}
}

// TestRenderFailureKeepsFile: render writes atomically too, so a render
// that fails leaves the file that was there (before, it was truncated).
func TestRenderFailureKeepsFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "mine.gif")
	if err := os.WriteFile(out, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A CINF is a skeleton without clips: no GIF to make.
	_, errs, code := runCLI(t, "render", "../../formats/prime/testdata/5E6F7081.CINF", "-o", out, "--force")
	if code == 0 || !strings.Contains(errs, "needs a clip") {
		t.Errorf("exit %d: %s", code, errs)
	}
	if b, _ := os.ReadFile(out); string(b) != "mine" {
		t.Errorf("the file now holds %q", b)
	}
	if ents, _ := os.ReadDir(filepath.Dir(out)); len(ents) != 1 {
		t.Errorf("folder holds %v", ents)
	}
}
