package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/primetest"
	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/formats/sims/simstest"
	"github.com/go-gl/mathgl/mgl32"
)

// The Windows build under Wine. scripts/test.sh cross-builds animview for
// windows/amd64 and linux/amd64 with the release's flags, makes a Wine
// prefix of its own with the stand-in bcryptprimitives.dll
// (scripts/wine/), and runs TestWindowsBuildUnderWine with
//
//	ANIMVIEW_WINDOWS_EXE  the Windows binary
//	ANIMVIEW_LINUX_EXE    the Linux binary
//	WINE                  the wine command (WINEPREFIX names the prefix)
//	ANIMVIEW_REQUIRE_WINE=1, so that it fails rather than skips without them.

// wineRun runs the Windows binary under Wine, or the Linux one, in dir.
type wineRun struct {
	wine, winExe, linExe, dir string
}

type runResult struct {
	stdout, stderr []byte
	code           int
}

// run runs animview with args in r.dir, the Windows build under Wine
// when windows is set.
func (r wineRun) run(t *testing.T, windows bool, args ...string) runResult {
	t.Helper()
	res := r.runOnce(t, windows, "-all", args...)
	if windows && res.code != 0 && len(res.stdout) == 0 && len(res.stderr) == 0 {
		// animview never fails without a word (every failure ends in a
		// message on stderr), so this is Wine failing to start the
		// program: CI saw it once, on a fresh prefix (exit 1, no
		// output, nothing written). Run it again with Wine's own errors
		// shown, so that a second time says why, and clear what the
		// first run wrote.
		t.Logf("%s: exit %d on Windows without output; again, with WINEDEBUG=err+all", strings.Join(args, " "), res.code)
		if out := outputArg(args); out != "" {
			os.RemoveAll(r.linuxPath(out))
		}
		res = r.runOnce(t, true, "err+all", args...)
	}
	return res
}

// runOnce is one run of run, the Windows one with WINEDEBUG set to
// wineDebug.
func (r wineRun) runOnce(t *testing.T, windows bool, wineDebug string, args ...string) runResult {
	t.Helper()
	var cmd *exec.Cmd
	if windows {
		cmd = exec.Command(r.wine, append([]string{r.winExe}, args...)...)
		cmd.Env = append(os.Environ(), "WINEDEBUG="+wineDebug)
	} else {
		cmd = exec.Command(r.linExe, args...)
	}
	cmd.Dir = r.dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	// Wine's helper processes (services.exe, winedevice.exe), when a run
	// starts them, inherit its output and outlive it: once the program
	// has exited, stop waiting for them to close it.
	cmd.WaitDelay = 2 * time.Second
	err := cmd.Run()
	if errors.Is(err, exec.ErrWaitDelay) {
		err = nil
	}
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%v: %v", cmd.Args, err)
	}
	return runResult{out.Bytes(), errb.Bytes(), code}
}

// tail is the end of a command's output, enough to show an export
// batch's last lines (a JSON document would drown the message).
func tail(b []byte) []byte {
	const keep = 1500
	if len(b) <= keep {
		return b
	}
	return append([]byte("…"), b[len(b)-keep:]...)
}

// outputArg is the value of a command's -o, or "" without one.
func outputArg(args []string) string {
	for i, a := range args {
		if a == "-o" && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// linuxPath is where a path given to the Windows build lies: a Z:\ path
// is Wine's view of the Linux root, a relative one is in r.dir.
func (r wineRun) linuxPath(p string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	if rest, ok := strings.CutPrefix(p, "Z:"); ok {
		return rest
	}
	return filepath.Join(r.dir, p)
}

// winPath is a Linux path as Wine's Z: drive shows it, with backslashes.
func winPath(p string) string { return `Z:` + strings.ReplaceAll(p, "/", `\`) }

// wineFixtures lays out a sample of every format the loaders read, in
// folders of their kind: the repository's samples, the demo character set
// of Metroid Prime as extracted resources, and The Sims 1 files written by
// our own writers (a .skel, a .cmx and a .bcf with a skill whose keys come
// from a FreeSO clip, and the skill's .cfp).
func wineFixtures(t *testing.T, dir string) {
	t.Helper()
	copies := map[string]string{
		"prime":    "../../formats/prime/testdata",
		"pak":      "../../formats/prime/pak/testdata",
		"lego":     "../../formats/lego/testdata",
		"tso":      "../../formats/sims/testdata/tso",
		"ms3d":     "../../formats/ms3d/testdata",
		"anm":      "../../formats/anm/testdata",
		"anmalone": "../../formats/anm/testdata/cylindro.anm",
	}
	for to, from := range copies {
		if err := os.MkdirAll(filepath.Join(dir, to), 0o755); err != nil {
			t.Fatal(err)
		}
		files := []string{from}
		if st, err := os.Stat(from); err != nil {
			t.Fatal(err)
		} else if st.IsDir() {
			ents, err := os.ReadDir(from)
			if err != nil {
				t.Fatal(err)
			}
			files = files[:0]
			for _, e := range ents {
				if e.Type().IsRegular() && e.Name() != "README.md" {
					files = append(files, filepath.Join(from, e.Name()))
				}
			}
		}
		for _, f := range files {
			copyFile(t, f, filepath.Join(dir, to, filepath.Base(f)))
		}
	}
	set, err := primetest.SetFiles(prime.MP1)
	if err != nil {
		t.Fatal(err)
	}
	for n, b := range set {
		writeFile(t, filepath.Join(dir, "primeset", n), b)
	}

	skel, err := sims.EncodeSkel(simsTPose())
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "sims", "tpose.skel"), skel)
	clip, err := os.ReadFile("../../formats/sims/testdata/tso/a2o-skeledeco-scare-to-idle.9ff6db5c00000007.anim")
	if err != nil {
		t.Fatal(err)
	}
	a, err := sims.ParseAnim(clip)
	if err != nil {
		t.Fatal(err)
	}
	skill := simstest.Skill(a, "a2o-scare")
	charSkel := *simsTPose()
	charSkel.Version = 0
	cf := &sims.CharacterFile{Version: 300, Skeletons: []sims.Skeleton{charSkel}, Skills: []sims.Animation{skill}}
	cmx, err := sims.EncodeCMX(cf)
	if err != nil {
		t.Fatal(err)
	}
	bcf, err := sims.EncodeBCF(cf)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "sims", "person.cmx"), cmx)
	writeFile(t, filepath.Join(dir, "sims", "person.bcf"), bcf)
	writeFile(t, filepath.Join(dir, "sims", "a2o-scare.cfp"), sims.EncodeCFP(a.Translations, a.Rotations))
	// A skin: one triangle on the pelvis, opened on tpose.skel beside it.
	skin, err := sims.EncodeSKN(&sims.Skin{
		Name: "tri", Texture: "x", Bones: []string{"PELVIS"}, Faces: [][3]int32{{0, 1, 2}},
		Bindings: []sims.SkinBinding{{Bone: 0, FirstVertex: 0, VertexCount: 3, FirstBlend: -1}},
		UVs:      []mgl32.Vec2{{0, 0}, {1, 0}, {0, 1}},
		Vertices: []mgl32.Vec3{{0, 0, 0}, {0.5, 0, 0}, {0, 0.5, 0}},
		Normals:  []mgl32.Vec3{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
	})
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "sims", "tri.skn"), skin)
}

func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// treeFiles reads every file under dir by its slash path.
func treeFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b, err := os.ReadFile(p)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestWindowsBuildUnderWine runs the Windows binary under Wine and the
// Linux binary on a sample of every format: `info --json`, `pose --json`
// and `export` (every folder as a batch) must give byte-identical JSON and
// identical .glb files, and paths with drive letters and backslashes must
// work in --skeleton, --model, FILE and a batch's output folder.
func TestWindowsBuildUnderWine(t *testing.T) {
	r := wineRun{wine: os.Getenv("WINE"), winExe: os.Getenv("ANIMVIEW_WINDOWS_EXE"), linExe: os.Getenv("ANIMVIEW_LINUX_EXE")}
	if r.winExe == "" || r.linExe == "" {
		if os.Getenv("ANIMVIEW_REQUIRE_WINE") != "" {
			t.Fatal("ANIMVIEW_REQUIRE_WINE is set but ANIMVIEW_WINDOWS_EXE or ANIMVIEW_LINUX_EXE is not")
		}
		if os.Getenv("CI") == "true" {
			t.Fatal("CI must run this: scripts/test.sh runs it in its own step, with the cross-built binaries and a Wine prefix")
		}
		t.Skip("scripts/test.sh runs this with the cross-built binaries and a Wine prefix")
	}
	if r.wine == "" {
		r.wine = "wine"
	}
	prefix := os.Getenv("WINEPREFIX")
	if prefix == "" {
		t.Fatal("WINEPREFIX is not set: the test uses a prefix of its own (scripts/test.sh makes it)")
	}
	var err error
	if r.dir, err = filepath.Abs(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	wineFixtures(t, r.dir)

	// Files on C:, the prefix's own drive, for --skeleton and --model.
	cdir, err := os.MkdirTemp(filepath.Join(prefix, "drive_c"), "animview-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(cdir) })
	for _, f := range []string{"sims/tpose.skel", "anm/cylindro.ms3d"} {
		copyFile(t, filepath.Join(r.dir, f), filepath.Join(cdir, filepath.Base(f)))
	}
	cPath := func(name string) string { return `C:\` + filepath.Base(cdir) + `\` + name }

	// Every case: the same command on both systems, where lin and win
	// differ only in how they spell a path.
	type cmdCase struct {
		name     string
		lin, win []string
		// fail: both must fail alike (the same exit code and message).
		fail bool
	}
	pair := func(name string, lin, win []string) cmdCase { return cmdCase{name: name, lin: lin, win: win} }
	same := func(args ...string) cmdCase { return pair(strings.Join(args, " "), args, args) }
	var cases []cmdCase
	// A sample of every format: info and pose, or info alone for files
	// without clips.
	for _, s := range []struct {
		file string
		pose []string // nil: info only
	}{
		{"demo:", []string{}},
		{"prime/1A2B3C4D.ANIM", []string{}}, {"prime/5E6F7081.CINF", nil}, {"prime/9C8D7E6F.EVNT", nil},
		{"primeset", []string{"--character", "Crawler", "--anim", "phase"}},
		{"primeset/" + firstWithSuffix(t, r.dir, "primeset", ".ANCS"), []string{"--anim", "walk_blend"}},
		{"pak/DemoSet-mp1.pak", []string{"--character", "Crawler", "--anim", "walk_blend"}},
		{"pak/DemoSet-mp2.pak", []string{"--character", "Crawler_Calm", "--anim", "phase"}},
		{"lego/minifig_walk.ani", []string{}}, {"lego/scene_far.ani", []string{}},
		{"lego/minifig.si", []string{"--entry", "minifig_wave"}},
		{"tso/a2o-broom-fly-leftside.c3bde7b200000007.anim", []string{}},
		{"tso/a2o-kart-ride.985c76ca00000007.anim", []string{}},
		{"tso/d2o-rc-turn45-cw.7c8b5a1e00000007.anim", []string{}},
		{"sims/tpose.skel", nil}, {"sims/person.cmx", []string{}}, {"sims/person.bcf", []string{}},
		{"sims/a2o-scare.cfp", []string{}}, {"sims/tri.skn", nil},
		{"ms3d/arm_v3.ms3d", []string{}}, {"ms3d/arm_v4.ms3d", []string{}}, {"ms3d/arm.txt", []string{}},
		{"ms3d/tube_v4.ms3d", []string{}},
		{"anm/cylindro.anm", []string{}},
	} {
		cases = append(cases, same("info", "--json", s.file))
		if s.pose != nil {
			cases = append(cases, same(append([]string{"pose", "--json", s.file, "--time", "0.37"}, s.pose...)...))
		}
	}
	// A missing companion fails alike, naming the file to add.
	miss := same("info", "--json", "anmalone/cylindro.anm")
	miss.fail = true
	cases = append(cases, miss)
	// Paths with a drive letter and backslashes.
	idle := "tso/a2o-skeledeco-idle.0557534f00000007.anim"
	cases = append(cases,
		pair("pose --skeleton C:\\...", []string{"pose", "--json", idle, "--skeleton", "sims/tpose.skel", "--frame", "1"},
			[]string{"pose", "--json", idle, "--skeleton", cPath("tpose.skel"), "--frame", "1"}),
		pair("info --model C:\\...", []string{"info", "--json", "anmalone/cylindro.anm", "--model", "anm/cylindro.ms3d"},
			[]string{"info", "--json", "anmalone/cylindro.anm", "--model", cPath("cylindro.ms3d")}),
		pair("pose --model C:\\...", []string{"pose", "--json", "anmalone/cylindro.anm", "--model", "anm/cylindro.ms3d", "--time", "0.5"},
			[]string{"pose", "--json", "anmalone/cylindro.anm", "--model", cPath("cylindro.ms3d"), "--time", "0.5"}),
		pair("pose Z:\\...\\ANIM (finds its CINF beside it)", []string{"pose", "--json", filepath.Join(r.dir, "prime", "1A2B3C4D.ANIM"), "--time", "0.2"},
			[]string{"pose", "--json", winPath(filepath.Join(r.dir, "prime", "1A2B3C4D.ANIM")), "--time", "0.2"}),
	)
	// Exports: one batch per folder into out-linux/ and out-windows/, the
	// Windows one named by a Z:\ path; then single files.
	dirs := []string{"prime", "primeset", "pak", "lego", "tso", "sims", "ms3d", "anm"}
	for _, d := range dirs {
		cases = append(cases, pair("export "+d+" --all",
			[]string{"export", d, "-o", filepath.Join(r.dir, "out-linux", d), "--all", "--jobs", "1"},
			[]string{"export", d, "-o", winPath(filepath.Join(r.dir, "out-windows", d)), "--all", "--jobs", "1"}))
	}
	for _, c := range []struct {
		src  string
		args []string
	}{
		{"demo:", nil}, {"lego/minifig.si", []string{"--entry", "minifig_walk"}},
		{"pak/DemoSet-mp2.pak", []string{"--character", "Crawler"}}, {"anmalone/cylindro.anm", []string{"--model", "anm/cylindro.ms3d"}},
	} {
		name := strings.NewReplacer("/", "_", ":", "").Replace(c.src) + ".glb"
		cases = append(cases, pair("export "+c.src,
			append([]string{"export", c.src, "-o", "out-linux/single/" + name}, c.args...),
			append([]string{"export", c.src, "-o", `out-windows\single\` + name}, c.args...)))
	}
	if err := os.MkdirAll(filepath.Join(r.dir, "out-linux", "single"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(r.dir, "out-windows", "single"), 0o755); err != nil {
		t.Fatal(err)
	}

	// Three at a time: one Wine server serves them all.
	var wg sync.WaitGroup
	sem := make(chan struct{}, 3)
	for _, c := range cases {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			lin := r.run(t, false, c.lin...)
			win := r.run(t, true, c.win...)
			if c.fail {
				if lin.code == 0 || lin.code != win.code || !bytes.Equal(lin.stderr, win.stderr) {
					t.Errorf("%s: want the same failure; exit %d on Linux, %d on Windows\nLinux: %s\nWindows: %s", c.name, lin.code, win.code, lin.stderr, win.stderr)
				}
				return
			}
			if lin.code != 0 || win.code != 0 {
				t.Errorf("%s: exit %d on Linux, %d on Windows\nLinux: %s%s\nWindows: %s%s", c.name, lin.code, win.code, tail(lin.stdout), lin.stderr, tail(win.stdout), win.stderr)
				return
			}
			if c.lin[0] != "export" && len(lin.stdout) == 0 {
				t.Errorf("%s: no output", c.name)
			}
			if c.lin[0] != "export" && !bytes.Equal(lin.stdout, win.stdout) {
				t.Errorf("%s: the outputs differ\n%s", c.name, firstDifference(lin.stdout, win.stdout))
			}
		}()
	}
	wg.Wait()

	lin := treeFiles(t, filepath.Join(r.dir, "out-linux"))
	win := treeFiles(t, filepath.Join(r.dir, "out-windows"))
	if len(lin) < 20 {
		t.Errorf("only %d exports on Linux", len(lin))
	}
	for name, b := range lin {
		if w, ok := win[name]; !ok {
			t.Errorf("export %s: only on Linux", name)
		} else if !bytes.Equal(b, w) {
			t.Errorf("export %s differs: %s", name, firstDifference(b, w))
		}
	}
	for name := range win {
		if _, ok := lin[name]; !ok {
			t.Errorf("export %s: only on Windows", name)
		}
	}
	t.Logf("%d commands on both systems, %d exported files identical", len(cases), len(lin))
}

// firstWithSuffix names the first file in dir/sub whose name ends in suffix.
func firstWithSuffix(t *testing.T, dir, sub, suffix string) string {
	t.Helper()
	ents, err := os.ReadDir(filepath.Join(dir, sub))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), suffix) {
			return e.Name()
		}
	}
	t.Fatalf("no %s in %s", suffix, sub)
	return ""
}

// firstDifference describes where two outputs first differ.
func firstDifference(a, b []byte) string {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	lo := max(0, i-80)
	return fmt.Sprintf("at byte %d of %d/%d:\nLinux:   %q\nWindows: %q", i, len(a), len(b), a[lo:min(len(a), i+80)], b[lo:min(len(b), i+80)])
}
