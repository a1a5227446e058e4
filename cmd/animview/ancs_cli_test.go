package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/pak"
	"github.com/animview/animview/formats/prime/primetest"
	"github.com/animview/animview/internal/lzo/lzotest"
	"github.com/animview/animview/report"
)

// writeDemoSet writes the demo character set (with its models and skin)
// into a new folder, leaving out the files named in skip.
func writeDemoSet(t *testing.T, game prime.Game, skip ...string) string {
	t.Helper()
	files, err := primetest.SkinnedSetFiles(game)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for n, b := range files {
		if strings.Contains(strings.Join(skip, " "), n) {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// writeDemoPAK packs the demo set (MP2: LZO entries) and loose copies of
// its walk ANIM (the first as DEADBEEF.ANIM), padded with texture
// fillers to total resources.
func writeDemoPAK(t testing.TB, game prime.Game, loose, total int) string {
	t.Helper()
	files, err := primetest.SkinnedSetFiles(game)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < loose; i++ {
		id := 0xA0000000 + uint32(i)
		if i == 0 {
			id = 0xDEADBEEF
		}
		files[fmt.Sprintf("%08X.ANIM", id)] = files["1A2B3C4D.ANIM"]
	}
	for i := 0; len(files) < total; i++ {
		files[fmt.Sprintf("%08X.TXTR", 0xB0000000+uint32(i))] = []byte("texture data")
	}
	var names []string
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	comp := pak.Zlib
	if game == prime.MP2 {
		comp = pak.LZO
	}
	var es []pak.WriteEntry
	for _, n := range names {
		var id uint32
		var typ string
		fmt.Sscanf(n, "%08X.%s", &id, &typ)
		c := comp
		if typ == "TXTR" {
			c = pak.Plain
		}
		es = append(es, pak.WriteEntry{Type: pak.Type4(typ), ID: id, Data: files[n], Compression: c})
	}
	data, err := pak.Write(nil, es, pak.WriteOptions{CompressLZO: lzotest.Compress})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "Demo.pak")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

type ancsJSON struct {
	Format     string `json:"format"`
	Entry      string `json:"entry"`
	Characters []struct {
		Name       string `json:"name"`
		Version    int    `json:"version"`
		Skeleton   int    `json:"skeleton"`
		SkeletonID string `json:"skeleton_id"`
		Animations []struct {
			Name         string       `json:"name"`
			Index        int          `json:"index"`
			Duration     float64      `json:"duration"`
			DurationRule string       `json:"duration_rule"`
			DurationSeed *uint32      `json:"duration_seed"`
			Tree         *report.Tree `json:"tree"`
		} `json:"animations"`
	} `json:"characters"`
	Transitions []report.Transition `json:"transitions"`
	AnimSet     *report.AnimSet     `json:"anim_set"`
	Info        []report.KV         `json:"info"`
	Warnings    []string            `json:"warnings"`
}

func infoJSON(t *testing.T, args ...string) ancsJSON {
	t.Helper()
	out, errs, code := runCLI(t, append([]string{"info", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var j ancsJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	return j
}

func TestInfoJSONCharacters(t *testing.T) {
	dir := writeDemoSet(t, prime.MP1)
	for _, tc := range []struct {
		name, format string
		args         []string
	}{
		{"ancs", "prime-ancs", []string{filepath.Join(dir, primetest.ANCSName)}},
		{"folder", "prime-folder", []string{dir}},
		{"pak", "prime-pak", []string{writeDemoPAK(t, prime.MP2, 1, 0)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j := infoJSON(t, tc.args...)
			if j.Format != tc.format || len(j.Characters) != 2 || len(j.Warnings) != 0 {
				t.Fatalf("format %s, %d characters, warnings %q", j.Format, len(j.Characters), j.Warnings)
			}
			// The opened character's model and skin, found by id.
			info := map[string]string{}
			for _, kv := range j.Info {
				info[kv.Key] = kv.Value
			}
			if !strings.HasPrefix(info["model"], "0C0D0E0F.CMDL: 2 surfaces, 128 vertices, 192 triangles") ||
				!strings.HasPrefix(info["skin"], "0D0E0F10.CSKR: 32 weight groups") {
				t.Errorf("model %q, skin %q", info["model"], info["skin"])
			}
			c := j.Characters[0]
			if c.Name != "Crawler" || c.SkeletonID != "5E6F7081" || c.Skeleton != 0 || len(c.Animations) != 6 {
				t.Errorf("character %+v", c)
			}
			phase := c.Animations[3]
			tr := phase.Tree
			if phase.Name != "phase" || phase.Index != 3 || tr.Kind != formats.MetaPhaseBlend || *tr.Weight != 0.5 ||
				len(tr.Children) != 2 || tr.Children[1].Name != "alert" || *tr.Children[1].Clip != 2 {
				t.Errorf("phase blend %+v", phase)
			}
			// The player's tree of two one-second clips, seed 0.
			if phase.Duration != 1 || phase.DurationSeed == nil || *phase.DurationSeed != 0 ||
				!strings.HasPrefix(phase.DurationRule, "player") {
				t.Errorf("phase duration %v (seed %v, rule %q)", phase.Duration, phase.DurationSeed, phase.DurationRule)
			}
			rnd := c.Animations[4].Tree
			// Seed 0 draws 1 of 1..100: the first child.
			if rnd.Kind != formats.MetaRandom || fmt.Sprint(rnd.Thresholds) != "[70 100]" || fmt.Sprint(rnd.Percent) != "[70 30]" ||
				rnd.Drawn == nil || *rnd.Drawn != 0 {
				t.Errorf("random %+v", rnd)
			}
			// Sequence (alert, walk) as the player builds it: alert (1 s),
			// then the join from alert to walk, which the table's (2, 0)
			// entry makes a meta-transition through idle (1 s: a cross-fade
			// into idle, idle to its end, a cross-fade into walk), then
			// walk (1 s). The listing rule said 2.
			if seq := c.Animations[5]; seq.Tree.Kind != formats.MetaSequence || seq.Duration != 3 {
				t.Errorf("sequence %+v", seq)
			}
			if len(j.Transitions) != 4 || j.Transitions[0].Trans.Kind != "trans" || j.Transitions[2].Trans.Anim.Name != "idle" ||
				float32(j.AnimSet.DefaultTransition.Duration) != 0.2 || len(j.AnimSet.HalfTransitions) != 1 {
				t.Errorf("transitions %+v, set %+v", j.Transitions, j.AnimSet)
			}
		})
	}
	j := infoJSON(t, "--character", "Crawler_Calm", dir)
	if j.Entry != "Crawler_Calm" {
		t.Errorf("--character opened %q", j.Entry)
	}
}

func TestInfoJSONMissing(t *testing.T) {
	dir := writeDemoSet(t, prime.MP1, "1A2B3C4E.ANIM")
	j := infoJSON(t, dir)
	found := false
	for _, w := range j.Warnings {
		found = found || strings.Contains(w, "ANIM 1A2B3C4E is missing")
	}
	idle := j.Characters[0].Animations[1].Tree
	if !found || !idle.Missing || *idle.Clip != -1 {
		t.Errorf("warnings %q, idle %+v", j.Warnings, idle)
	}
}

func TestListPAKAndFolder(t *testing.T) {
	p := writeDemoPAK(t, prime.MP1, 1, 0)
	out, errs, code := runCLI(t, "list", p)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := "Crawler\tcharacter\nCrawler_Calm\tcharacter\nDEADBEEF.ANIM\tanim\n"
	if out != want {
		t.Errorf("list:\n%s\nwant:\n%s", out, want)
	}
	out, _, code = runCLI(t, "list", writeDemoSet(t, prime.MP2))
	if code != 0 || out != "Crawler\tcharacter\nCrawler_Calm\tcharacter\n" {
		t.Errorf("folder list %d:\n%s", code, out)
	}
	// A loose animation of the PAK opens with the PAK's CINF.
	out, errs, code = runCLI(t, "info", "--entry", "DEADBEEF.ANIM", p)
	if code != 0 || !strings.Contains(out, "5E6F7081.CINF") {
		t.Errorf("loose anim %d %s:\n%s", code, errs, out)
	}
}

// TestFolderCommands: every command treats a folder of FreeSO files as a
// container of its files, as `export DIR --all` reads them (issue 24 #1:
// info, pose and render failed with a Metroid Prime error and list named
// them Prime ANIMs): list names each with its format, info describes the
// first and says which entry it is, --entry picks another, and pose and
// render pose it.
func TestFolderCommands(t *testing.T) {
	const dir = "../../formats/sims/testdata/tso"
	const first, other = "a2o-broom-fly-leftside.c3bde7b200000007.anim", "a2o-sus-dead.7f214ec600000007.anim"
	out, errs, code := runCLI(t, "list", dir)
	if code != 0 || !strings.HasPrefix(out, first+"\tsims-anim\n") || strings.Count(out, "\tsims-anim\n") != 9 {
		t.Errorf("list %d %s:\n%s", code, errs, out)
	}
	out, errs, code = runCLI(t, "info", dir)
	if code != 0 || !strings.Contains(out, "format:   sims-anim\n") || !strings.Contains(out, "entry:    "+first+", one of the 9 below") {
		t.Errorf("info %d %s:\n%s", code, errs, out)
	}
	out, errs, code = runCLI(t, "info", "--json", "--entry", other, dir)
	var j struct {
		Entry   string      `json:"entry"`
		Entries []report.KV `json:"entries"`
		Clips   []struct {
			Name string `json:"name"`
		} `json:"clips"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != 0 {
		t.Fatalf("info --json %d %s: %v", code, errs, err)
	}
	if j.Entry != other || len(j.Entries) != 9 || len(j.Clips) != 1 || j.Clips[0].Name != "a2o-sus-dead" {
		t.Errorf("info --entry: entry %q, %d entries, clips %v", j.Entry, len(j.Entries), j.Clips)
	}
	p := poseFile(t, dir, "--entry", other, "--time", "0")
	if p.Clip != "a2o-sus-dead" || len(p.Bones) == 0 {
		t.Errorf("pose: clip %q, %d bones", p.Clip, len(p.Bones))
	}
	png := filepath.Join(t.TempDir(), "folder.png")
	if _, errs, code := runCLI(t, "render", dir, "-o", png); code != 0 {
		t.Errorf("render %d: %s", code, errs)
	}
}

// TestCyclicTransition: a set whose idle → walk transition plays walk in
// between needs idle → walk again to reach its middle animation, for
// ever. The error says so once and names the set's entry (issue 24 #10:
// it repeated "to-middle/" 64 times before "more than 64 levels").
func TestCyclicTransition(t *testing.T) {
	dir := writeDemoSet(t, prime.MP1)
	a := primetest.ANCS(prime.MP1)
	tr := &a.Anims.Transitions[1]
	if tr.From != 1 || tr.To != 0 {
		t.Fatalf("the demo's transition 1 is %d → %d, not idle → walk", tr.From, tr.To)
	}
	tr.Trans = prime.ANCSMetaTrans{Kind: prime.MetaTransAnimKind, Anim: &prime.ANCSMetaAnim{Kind: prime.MetaAnimPlay, AnimID: 0x1A2B3C4D, Prim: 0, Name: "walk"}}
	b, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, primetest.ANCSName), b, 0o644); err != nil {
		t.Fatal(err)
	}
	const want = `cyclic transition: idle → walk needs idle → walk again (the set's transition 1, id 1, idle → walk, plays walk in between)`
	_, errs, code := runCLI(t, "pose", "--json", dir, "--anim", "walk", "--transition-from", "idle", "--from-time", "0.1", "--time", "0.5")
	if code == 0 || !strings.Contains(errs, want) || strings.Contains(errs, "to-middle/to-middle") {
		t.Errorf("pose: exit %d:\n%s\nwant an error with %q", code, errs, want)
	}
	// The sequence alert, walk joins alert → idle → walk: its duration
	// falls back to the listing rule, with the same error as a warning.
	j := infoJSON(t, dir)
	found := false
	for _, w := range j.Warnings {
		found = found || strings.Contains(w, want)
	}
	if !found {
		t.Errorf("info warnings %q lack %q", j.Warnings, want)
	}
}
