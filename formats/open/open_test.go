package open

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/pak"
	"github.com/animview/animview/formats/prime/primetest"
)

const (
	anmFile  = "../anm/testdata/cylindro.anm"
	ms3dFile = "../anm/testdata/cylindro.ms3d"
	siFile   = "../lego/testdata/minifig.si"
	pakFile  = "../prime/pak/testdata/DemoSet-mp1.pak"
	simsDir  = "../sims/testdata/tso"
)

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// demoSetFolder writes the demo character set as a folder of extracted
// resources (an ANCS, its CINF, three ANIMs and an EVNT).
func demoSetFolder(t *testing.T) string {
	t.Helper()
	files, err := primetest.SetFiles(prime.MP1)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for n, b := range files {
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// awayModel puts the ANM in a folder of its own and its model in another,
// so that only --model finds it.
func awayModel(t *testing.T) (anmDir, model string) {
	t.Helper()
	anmDir, modelDir := t.TempDir(), t.TempDir()
	copyFile(t, anmFile, filepath.Join(anmDir, "cylindro.anm"))
	model = filepath.Join(modelDir, "other.ms3d")
	copyFile(t, ms3dFile, model)
	return anmDir, model
}

func TestPath(t *testing.T) {
	anmDir, model := awayModel(t)
	folder := demoSetFolder(t)
	for _, tc := range []struct {
		name   string
		path   string
		o      Options
		format string
		entry  string
		clips  int
		err    string
	}{
		{"demo", demo.Name, Options{}, "demo", "", 2, ""},
		{"file", "../lego/testdata/minifig_walk.ani", Options{}, "lego-ani", "", 1, ""},
		{"container's first entry", siFile, Options{}, "lego-si", "minifig_walk", 1, ""},
		{"--entry", siFile, Options{Entry: "minifig_wave"}, "lego-si", "minifig_wave", 1, ""},
		{"PAK character", pakFile, Options{Entry: "Crawler_Calm"}, pak.LoaderName, "Crawler_Calm", 3, ""},
		{"folder of resources", folder, Options{}, FolderFormat, "Crawler", 3, ""},
		{"--model", filepath.Join(anmDir, "cylindro.anm"), Options{Model: model}, "anm", "", 6, ""},
		{"--skeleton as the model", filepath.Join(anmDir, "cylindro.anm"), Options{Skeleton: model}, "anm", "", 6, ""},
		{"no model", filepath.Join(anmDir, "cylindro.anm"), Options{}, "", "", 0, "choose one with --model FILE"},
		{"both", anmFile, Options{Model: ms3dFile, Skeleton: ms3dFile}, "", "", 0, "--skeleton and --model both"},
		{"missing model", anmFile, Options{Model: "nowhere.ms3d"}, "", "", 0, "model: stat nowhere.ms3d"},
		{"missing skeleton", anmFile, Options{Skeleton: "nowhere.ms3d"}, "", "", 0, "skeleton: stat nowhere.ms3d"},
		{"no entry", siFile, Options{Entry: "nope"}, "", "", 0, "nope"},
		{"no file", "nowhere.anim", Options{}, "", "", 0, "no such file"},
	} {
		a, err := Path(tc.path, tc.o)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one with %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if a.Format != tc.format || a.Entry != tc.entry || len(a.Clips) < tc.clips {
			t.Errorf("%s: format %q entry %q, %d clips; want %q %q, at least %d", tc.name, a.Format, a.Entry, len(a.Clips), tc.format, tc.entry, tc.clips)
		}
	}
	a, err := Entry(siFile, "minifig_wave", Options{Entry: "minifig_walk"})
	if err != nil || a.Entry != "minifig_wave" {
		t.Errorf("Entry: %v, %v", a, err)
	}
}

func TestEntries(t *testing.T) {
	folder := demoSetFolder(t)
	for _, tc := range []struct {
		path string
		ok   bool
		want []string
	}{
		{pakFile, true, []string{"Crawler", "Crawler_Calm", "A0000000.ANIM"}},
		{folder, true, []string{"Crawler", "Crawler_Calm"}},
		{siFile, false, nil},
		{demo.Name, false, nil},
		{"nowhere.pak", false, nil},
	} {
		es, _, ok, err := Entries(tc.path, Options{})
		var names []string
		for _, e := range es {
			names = append(names, e.Name)
		}
		if err != nil || ok != tc.ok || !slices.Equal(names, tc.want) {
			t.Errorf("%s: %v %v %v; want %v %v", tc.path, names, ok, err, tc.want, tc.ok)
		}
	}
}

func TestExtensions(t *testing.T) {
	exts := Extensions()
	for _, e := range []string{"anim", "cinf", "evnt", "ancs", "pak", "ani", "si", "skel", "cmx", "bcf", "cfp", "ms3d", "txt", "anm"} {
		if !slices.Contains(exts, e) {
			t.Errorf("%q is not readable: %v", e, exts)
		}
	}
	seen := map[string]bool{}
	for _, e := range exts {
		if seen[e] || e != strings.ToLower(e) || strings.HasPrefix(e, ".") {
			t.Errorf("extension %q twice or not lower case without a dot", e)
		}
		seen[e] = true
	}
}

// loadAll runs a batch's items as a batch runner does (each Load, then
// Expand and the items it adds) and returns each item's stem and what its
// Load gave: a + per clip, "skip" or "error: ...".
func loadAll(t *testing.T, items []Item) []string {
	t.Helper()
	var out []string
	for i := 0; i < len(items); i++ {
		it := items[i]
		a, err := it.Load()
		stem := it.Stem
		if err == nil && len(a.Entries) > 0 && it.Expand != nil {
			var more []Item
			_, stem, more = it.Expand(a)
			items = append(items, more...)
		}
		switch {
		case errors.Is(err, ErrSkip):
			out = append(out, stem+": skip")
		case err != nil:
			out = append(out, stem+": error: "+err.Error())
		default:
			out = append(out, stem+": "+strings.Repeat("+", len(a.Clips)))
		}
	}
	return out
}

// TestBatchModel is the batch's --model: an ANM whose model is elsewhere
// opens with it, as a single open does (before, the batch dropped the
// choice and failed with "tried --model FILE (not given)").
func TestBatchModel(t *testing.T) {
	anmDir, model := awayModel(t)
	for _, src := range []string{anmDir, filepath.Join(anmDir, "cylindro.anm")} {
		items, err := Batch(src, Options{Model: model})
		if err != nil {
			t.Fatal(err)
		}
		got := loadAll(t, items)
		if len(got) != 1 || got[0] != "cylindro: ++++++" {
			t.Errorf("%s with --model: %q", src, got)
		}
		items, _ = Batch(src, Options{})
		if got := loadAll(t, items); len(got) != 1 || !strings.Contains(got[0], "error: ") || !strings.Contains(got[0], "--model") {
			t.Errorf("%s without --model: %q", src, got)
		}
	}
	if _, err := Batch(anmDir, Options{Model: model, Skeleton: model}); err == nil {
		t.Error("--skeleton and --model together: no error")
	}
}

// TestBatchFolder: a folder's files are items in name order; one that is
// no animation is skipped; files that share a stem keep their extension
// in the stem; hidden files and sub-folders are left out.
func TestBatchFolder(t *testing.T) {
	dir := t.TempDir()
	sims, _ := filepath.Glob(filepath.Join(simsDir, "*.anim"))
	copyFile(t, sims[0], filepath.Join(dir, "walk.anim"))
	copyFile(t, anmFile, filepath.Join(dir, "cylindro.anm"))
	copyFile(t, ms3dFile, filepath.Join(dir, "cylindro.ms3d"))
	copyFile(t, filepath.Join(simsDir, "README.md"), filepath.Join(dir, "README.md"))
	copyFile(t, sims[1], filepath.Join(dir, ".hidden.anim"))
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	items, err := Batch(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(loadAll(t, items), "\n")
	want := "README: skip\ncylindro_anm: ++++++\ncylindro_ms3d: +\nwalk: +"
	if got != want {
		t.Errorf("items:\n%s\nwant:\n%s", got, want)
	}
}

// TestBatchContainers: a PAK's first item opens its first entry and adds
// the others; --entry opens that one alone; a folder of character sets
// is an item of its own, its resource files skipped.
func TestBatchContainers(t *testing.T) {
	items, err := Batch(pakFile, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(loadAll(t, items), "\n"), "DemoSet-mp1_Crawler: +++\nDemoSet-mp1_Crawler_Calm: +++\nDemoSet-mp1_A0000000.ANIM: +"; got != want {
		t.Errorf("PAK:\n%s\nwant:\n%s", got, want)
	}
	items, _ = Batch(siFile, Options{Entry: "minifig_wave"})
	if got := strings.Join(loadAll(t, items), "\n"); got != "minifig_minifig_wave: +" {
		t.Errorf("SI --entry: %s", got)
	}
	folder := demoSetFolder(t)
	items, _ = Batch(folder, Options{})
	base := filepath.Base(folder)
	got := loadAll(t, items)
	if got[0] != base+"_Crawler: +++" || got[len(got)-1] != base+"_Crawler_Calm: +++" {
		t.Errorf("folder: %q", got)
	}
	for _, g := range got[1 : len(got)-1] {
		if !strings.HasSuffix(g, ": skip") {
			t.Errorf("folder: resource %q not skipped", g)
		}
	}
	if len(got) != 2+6 {
		t.Errorf("folder: %d items, want the set's 2 and its 6 files", len(got))
	}
}

func TestFind(t *testing.T) {
	a, err := Path(pakFile, Options{Entry: "Crawler_Calm"})
	if err != nil {
		t.Fatal(err)
	}
	if i, err := a.FindClip("1", ""); err != nil || i != 1 {
		t.Errorf("clip 1: %d %v", i, err)
	}
	if i, err := a.FindClip(a.Clips[2].Name, ""); err != nil || i != 2 {
		t.Errorf("clip by name: %d %v", i, err)
	}
	if _, err := a.FindClip("nope", ""); err == nil {
		t.Error("clip nope: no error")
	}
	if _, err := (&formats.Asset{}).FindClip("", ""); err == nil {
		t.Error("no clips: no error")
	}
	if i, err := a.FindCharacter(""); err != nil || a.Characters[i].Name != "Crawler_Calm" {
		t.Errorf("own character: %d %v", i, err)
	}
	if i, err := a.FindCharacter("Crawler"); err != nil || i != 0 {
		t.Errorf("character by name: %d %v", i, err)
	}
	if _, err := a.FindCharacter("5"); err == nil {
		t.Error("character 5: no error")
	}
	r, err := a.FindAnim(1, "sequence")
	if err != nil || r.SetIndex < 0 || r.Name != "sequence" {
		t.Errorf("anim sequence: %+v %v", r, err)
	}
	if r2, err := a.FindAnim(-1, "sequence"); err != nil || r2 != r {
		t.Errorf("anim by the set's name: %+v %v", r2, err)
	}
	if _, err := a.FindAnim(1, "nope"); err == nil {
		t.Error("anim nope: no error")
	}
}

// TestFolderOfFreeSOFiles: a folder of FreeSO .anim files opens to its
// files (issue 24 #1: it failed with the first file's Metroid Prime error,
// "prime ANIM: duration at offset 16 (0x10): ... is not a clip length",
// and listed them as Prime ANIMs).
func TestFolderOfFreeSOFiles(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(simsDir, "*.anim"))
	if len(files) != 9 {
		t.Fatalf("%d FreeSO samples, want 9", len(files))
	}
	es, _, ok, err := Entries(simsDir, Options{})
	if err != nil || !ok || len(es) != len(files) {
		t.Fatalf("Entries: %v %v %v", es, ok, err)
	}
	for i, e := range es {
		if e.Name != filepath.Base(files[i]) || e.Type != "sims-anim" {
			t.Errorf("entry %d: %+v, want %s (sims-anim)", i, e, filepath.Base(files[i]))
		}
	}
	a, err := Path(simsDir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Format != "sims-anim" || a.Entry != es[0].Name || !slices.Equal(a.Entries, es) || len(a.Clips) != 1 {
		t.Errorf("first entry: format %q entry %q, %d entries, %d clips", a.Format, a.Entry, len(a.Entries), len(a.Clips))
	}
	last := es[len(es)-1].Name
	if a, err := Entry(simsDir, last, Options{}); err != nil || a.Entry != last || a.Clips[0].Name != strings.Split(last, ".")[0] {
		t.Errorf("Entry %s: %v", last, err)
	}
}

// mixedFolder holds the demo character set's resources beside files of
// other formats, a README, a text file that is no MilkShape export and a
// damaged .anim that no loader recognises.
func mixedFolder(t *testing.T) string {
	t.Helper()
	dir := demoSetFolder(t)
	sims, _ := filepath.Glob(filepath.Join(simsDir, "*.anim"))
	copyFile(t, sims[0], filepath.Join(dir, "walk.anim"))
	copyFile(t, siFile, filepath.Join(dir, "minifig.si"))
	copyFile(t, ms3dFile, filepath.Join(dir, "cylindro.ms3d"))
	copyFile(t, filepath.Join(simsDir, "README.md"), filepath.Join(dir, "README.md"))
	for name, data := range map[string]string{"notes.txt": "a note\n", "broken.anim": "\x00\x00\x00\x02 broken", ".hidden.si": "x"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestMixedFolder: a folder of several formats lists the Prime set's
// characters, then every readable file by name; a container's entries
// follow it once it is opened and open as FILE/ENTRY.
func TestMixedFolder(t *testing.T) {
	dir := mixedFolder(t)
	f, err := OpenFolder(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range f.Entries() {
		got = append(got, e.Name+" ("+e.Type+")")
	}
	want := []string{"Crawler (character)", "Crawler_Calm (character)", "broken.anim (prime-anim or sims-anim)",
		"cylindro.ms3d (ms3d)", "minifig.si (lego-si)", "walk.anim (sims-anim)"}
	if !slices.Equal(got, want) {
		t.Fatalf("entries:\n%q\nwant:\n%q", got, want)
	}
	for _, tc := range []struct{ entry, format, opened string }{
		{"", FolderFormat, "Crawler"},
		{"Crawler_Calm", FolderFormat, "Crawler_Calm"},
		{"crawler_calm", FolderFormat, "Crawler_Calm"},
		{"walk.anim", "sims-anim", "walk.anim"},
		{"cylindro.ms3d", "ms3d", "cylindro.ms3d"},
		{"minifig.si", "lego-si", "minifig.si/minifig_walk"},
		{"minifig.si/minifig_wave", "lego-si", "minifig.si/minifig_wave"},
	} {
		a, err := f.Open(tc.entry)
		if err != nil {
			t.Errorf("%q: %v", tc.entry, err)
			continue
		}
		if a.Format != tc.format || a.Entry != tc.opened {
			t.Errorf("%q: format %q entry %q, want %q %q", tc.entry, a.Format, a.Entry, tc.format, tc.opened)
		}
		n := len(want)
		if strings.HasPrefix(tc.opened, "minifig.si/") {
			n += 2
			if i := slices.IndexFunc(a.Entries, func(e formats.Entry) bool { return e.Name == "minifig.si" }); i < 0 || i+2 >= len(a.Entries) ||
				a.Entries[i+1].Name != "minifig.si/minifig_walk" || a.Entries[i+2].Name != "minifig.si/minifig_wave" {
				t.Errorf("%q: the SI's entries do not follow it: %v", tc.entry, a.Entries)
			}
		}
		if len(a.Entries) != n {
			t.Errorf("%q: %d entries, want %d", tc.entry, len(a.Entries), n)
		}
	}
	// The damaged file is listed, and opening it says what each loader of
	// its extension found.
	_, err = f.Open("broken.anim")
	var le *formats.LoadError
	if !errors.As(err, &le) || len(le.Errs) != 2 {
		t.Errorf("broken.anim: %v", err)
	}
	if _, err := f.Open("nope"); err == nil || !strings.Contains(err.Error(), `no entry named "nope"`) || !strings.Contains(err.Error(), `"walk.anim"`) {
		t.Errorf("nope: %v", err)
	}
	// Path and Entry go through the same list.
	if a, err := Entry(dir, "minifig.si/minifig_wave", Options{}); err != nil || a.Entry != "minifig.si/minifig_wave" {
		t.Errorf("Entry: %v", err)
	}
}

// TestFolderWithoutSets: Prime ANIMs beside their CINF and EVNT, with no
// character set, are the entries; the CINF and EVNT are their resources.
func TestFolderWithoutSets(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"1A2B3C4D.ANIM", "5E6F7081.CINF", "9C8D7E6F.EVNT"} {
		copyFile(t, filepath.Join("../prime/testdata", n), filepath.Join(dir, n))
	}
	a, err := Path(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Entries) != 1 || a.Entries[0] != (formats.Entry{Name: "1A2B3C4D.ANIM", Type: prime.EntryAnim}) ||
		a.Format != prime.LoaderANIM || len(a.Skeleton.Bones) == 0 || len(a.Clips[0].Events) == 0 {
		t.Errorf("entries %v, format %q, %d bones, %d events", a.Entries, a.Format, len(a.Skeleton.Bones), len(a.Clips[0].Events))
	}
	if _, err := Path(t.TempDir(), Options{}); err == nil || !strings.Contains(err.Error(), "nothing to open") {
		t.Errorf("empty folder: %v", err)
	}
}

// TestFolderOfModels: a folder of Prime models and textures alone lists
// them and opens each; in a folder of character sets they are resources
// the characters stand for (TestMixedFolder lists none).
func TestFolderOfModels(t *testing.T) {
	files, err := primetest.TexturedSetFiles(prime.MP1)
	if err != nil {
		t.Fatal(err)
	}
	dir, lib := t.TempDir(), t.TempDir()
	for n, b := range files {
		if err := os.WriteFile(filepath.Join(lib, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(n, ".CMDL") || strings.HasSuffix(n, ".TXTR") {
			if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	f, err := OpenFolder(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range f.Entries() {
		got = append(got, e.Name+" ("+e.Type+")")
	}
	want := []string{"0C0D0E0F.CMDL (prime-cmdl)", "0C0D0E10.CMDL (prime-cmdl)", "7E0A0001.TXTR (prime-txtr)", "7E0A0002.TXTR (prime-txtr)"}
	if !slices.Equal(got, want) {
		t.Fatalf("entries %q, want %q", got, want)
	}
	a, err := f.Open("0C0D0E10.CMDL")
	if err != nil || len(a.Meshes) != 1 || a.Meshes[0].Materials[0].Texture == nil {
		t.Fatalf("model: %v", err)
	}
	a, err = f.Open("7E0A0002.TXTR")
	if err != nil || len(a.Images) != 1 {
		t.Fatalf("texture: %v", err)
	}
	g, err := OpenFolder(lib, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if es := g.Entries(); len(es) != 2 || es[0].Type != prime.EntryCharacter || es[1].Type != prime.EntryCharacter {
		t.Errorf("library entries %v", es)
	}
}
