package prime

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
)

// demoSetFolder is the demo character set with its models and skin.
func demoSetFolder(t testing.TB, game Game) fstest.MapFS {
	t.Helper()
	files, err := DemoSkinnedSetFiles(game)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for n, b := range files {
		fsys[n] = &fstest.MapFile{Data: b}
	}
	return fsys
}

func loadDemoSet(t testing.TB, fsys fstest.MapFS, entry string) *formats.Asset {
	t.Helper()
	in := &formats.Input{Name: DemoANCSName, Data: fsys[DemoANCSName].Data,
		Siblings: formats.FSResolver{FS: fsys}, Entry: entry}
	a, err := LoadANCS(in)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestLoadANCS(t *testing.T) {
	for _, game := range []Game{MP1, MP2} {
		t.Run(game.String(), func(t *testing.T) {
			a := loadDemoSet(t, demoSetFolder(t, game), "")
			if len(a.Warnings) > 0 {
				t.Errorf("warnings: %q", a.Warnings)
			}
			if len(a.Entries) != 2 || a.Entry != "Crawler" || a.Entries[1] != (formats.Entry{Name: "Crawler_Calm", Type: EntryCharacter}) {
				t.Errorf("entries %v, entry %q", a.Entries, a.Entry)
			}
			if a.Skeleton.Name != "5E6F7081" || len(a.Skeleton.Bones) != len(DemoBonePositions()) {
				t.Errorf("skeleton %q with %d bones", a.Skeleton.Name, len(a.Skeleton.Bones))
			}
			// Clips in the order the set first plays them: walk, idle,
			// alert.
			var names []string
			for _, c := range a.Clips {
				names = append(names, c.Name)
				if c.Group != "Crawler" {
					t.Errorf("clip %q group %q", c.Name, c.Group)
				}
			}
			if strings.Join(names, " ") != "walk idle alert" {
				t.Fatalf("clips %v", names)
			}
			s := a.AnimSet
			if s == nil || len(s.Animations) != 6 || s.TableCount != 4 {
				t.Fatalf("anim set %+v", s)
			}
			blend := s.Animations[2].Tree
			if blend.Kind != formats.MetaBlend || blend.Weight != 0.3 || blend.Children[0].Clip != 0 || blend.Children[1].Clip != 1 {
				t.Errorf("blend %+v", blend)
			}
			rnd := s.Animations[4].Tree
			if rnd.Kind != formats.MetaRandom || rnd.Probabilities[1] != 100 || rnd.Children[1].Clip != 2 || rnd.Children[1].Prim != 2 {
				t.Errorf("random %+v", rnd)
			}
			if tr := s.Transitions[0]; tr.Trans.Kind != formats.MetaTransTrans || tr.Trans.Duration != 0.25 || !tr.Trans.RunA || tr.Trans.Flags != 3 {
				t.Errorf("transition %+v", tr)
			}
			if tr := s.Transitions[2]; tr.Trans.Kind != formats.MetaTransAnim || tr.Trans.Anim.Clip != 1 {
				t.Errorf("meta-anim transition %+v", tr)
			}
			if s.DefaultTransition.Kind != formats.MetaTransTrans || s.HalfTransitions[0].To != 2 || s.Additive[0].Fade.FadeOut != 0.2 {
				t.Errorf("set tables %+v", s)
			}
			if len(a.Characters) != 2 || a.Character != 0 {
				t.Fatalf("characters %d, opened %d", len(a.Characters), a.Character)
			}
			ch := a.Characters[0]
			if ch.SkeletonID != 0x5E6F7081 || ch.Skeleton != 0 || len(ch.Animations) != 6 ||
				(game == MP2) != (ch.Version == 10) {
				t.Errorf("character %+v", ch)
			}
			for i, an := range ch.Animations {
				if an.SetIndex != i || an.Meta != s.Animations[i].Tree || an.Name != s.Animations[i].Name {
					t.Errorf("character animation %d: %+v", i, an)
				}
			}
			switch game {
			case MP1:
				// The walk's events come through the set's (ANIM, EVNT)
				// pair; MP1 has no events on the set.
				if len(a.Clips[0].Events) != 5 || len(s.Animations[0].Events) != 0 || len(s.Resources) != 1 {
					t.Errorf("MP1 events: clip %d, set %d", len(a.Clips[0].Events), len(s.Animations[0].Events))
				}
			case MP2:
				// Inline event sets, by animation index.
				if len(a.Clips[0].Events) != 0 || len(s.Animations[0].Events) != 3 || s.Animations[0].Events[0].Name != "Loop" {
					t.Errorf("MP2 events: clip %d, set %v", len(a.Clips[0].Events), s.Animations[0].Events)
				}
			}
		})
	}
}

func TestLoadANCSEntry(t *testing.T) {
	fsys := demoSetFolder(t, MP1)
	a := loadDemoSet(t, fsys, "crawler_calm")
	if a.Character != 1 || a.Entry != "Crawler_Calm" {
		t.Errorf("opened %d %q", a.Character, a.Entry)
	}
	_, err := LoadANCS(&formats.Input{Name: DemoANCSName, Data: fsys[DemoANCSName].Data, Entry: "Nobody",
		Siblings: formats.FSResolver{FS: fsys}})
	if err == nil || !strings.Contains(err.Error(), `no entry named "Nobody"`) || !strings.Contains(err.Error(), `"Crawler_Calm"`) {
		t.Errorf("error %v", err)
	}
}

// A missing resource is a warning naming its id and type; the rest loads.
func TestLoadANCSMissing(t *testing.T) {
	fsys := demoSetFolder(t, MP1)
	delete(fsys, fmt.Sprintf("%08X.ANIM", DemoIdleID))
	a := loadDemoSet(t, fsys, "")
	if !hasWarning(a.Warnings, "ANIM 1A2B3C4E is missing") {
		t.Errorf("warnings %q", a.Warnings)
	}
	if len(a.Clips) != 2 || a.AnimSet.Animations[1].Tree.Clip != -1 || a.AnimSet.Animations[5].Tree.Children[0].Clip != 1 {
		t.Errorf("clips %d, idle clip %d", len(a.Clips), a.AnimSet.Animations[1].Tree.Clip)
	}
	delete(fsys, fmt.Sprintf("%08X.CINF", DemoCINFID))
	delete(fsys, fmt.Sprintf("%08X.EVNT", DemoEVNTID))
	a = loadDemoSet(t, fsys, "")
	if !hasWarning(a.Warnings, "CINF 5E6F7081 is missing") || !hasWarning(a.Warnings, "EVNT 9C8D7E6F is missing") {
		t.Errorf("warnings %q", a.Warnings)
	}
	if !strings.Contains(a.Skeleton.Source, "flat bones") || len(a.Skeleton.Bones) == 0 {
		t.Errorf("fallback skeleton %+v", a.Skeleton)
	}
}

func hasWarning(ws []string, sub string) bool {
	for _, w := range ws {
		if strings.Contains(w, sub) {
			return true
		}
	}
	return false
}

// A folder opens to every character of its ANCS files and, with loose,
// the ANIMs no set plays.
func TestOpenLibrary(t *testing.T) {
	fsys := demoSetFolder(t, MP2)
	fsys["DEADBEEF.ANIM"] = fsys[fmt.Sprintf("%08X.ANIM", DemoWalkID)]
	r := formats.FSResolver{FS: fsys}
	es, warns, err := LibraryEntries(r, true)
	if err != nil || len(warns) > 0 {
		t.Fatal(err, warns)
	}
	want := []formats.Entry{{Name: "Crawler", Type: EntryCharacter}, {Name: "Crawler_Calm", Type: EntryCharacter}, {Name: "DEADBEEF.ANIM", Type: EntryAnim}}
	if fmt.Sprint(es) != fmt.Sprint(want) {
		t.Errorf("entries %v", es)
	}
	a, err := OpenLibrary(r, "folder", "DEADBEEF.ANIM", true, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Format != LoaderANIM || a.Entry != "DEADBEEF.ANIM" || len(a.Entries) != 3 || !strings.Contains(a.Skeleton.Source, "5E6F7081.CINF") {
		t.Errorf("loose anim: format %s entry %q skeleton %q", a.Format, a.Entry, a.Skeleton.Source)
	}
	a, err = OpenLibrary(r, "folder", "", false, nil)
	if err != nil || a.Format != LoaderANCS || len(a.Entries) != 2 {
		t.Fatalf("%v %+v", err, a)
	}
}

// countingResolver counts the reads of each resource.
type countingResolver struct {
	formats.Resolver
	mu    sync.Mutex
	reads map[string]int
}

func (r *countingResolver) Open(name string) ([]byte, error) {
	r.mu.Lock()
	r.reads[name]++
	r.mu.Unlock()
	return r.Resolver.Open(name)
}

// A Library lists its folder once: opening every entry, from several
// goroutines at once (a batch export's workers), reads and parses each
// character set once and gives what OpenLibrary gives for each entry.
func TestLibraryOpensEntriesWithoutListingAgain(t *testing.T) {
	fsys := demoSetFolder(t, MP1)
	fsys["DEADBEEF.ANIM"] = fsys[fmt.Sprintf("%08X.ANIM", DemoWalkID)]
	r := &countingResolver{Resolver: formats.FSResolver{FS: fsys}, reads: map[string]int{}}
	lib, err := NewLibrary(r, "folder", true, nil)
	if err != nil {
		t.Fatal(err)
	}
	es := lib.Entries()
	if len(es) != 3 {
		t.Fatalf("entries %v", es)
	}
	got := make([]*formats.Asset, len(es))
	var wg sync.WaitGroup
	for i := range es {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, err := lib.Open(es[i].Name)
			if err != nil {
				t.Error(err)
			}
			got[i] = a
		}()
	}
	wg.Wait()
	if n := r.reads[DemoANCSName]; n != 1 {
		t.Errorf("the ANCS was read %d times, want once", n)
	}
	for i, e := range es {
		want, err := OpenLibrary(formats.FSResolver{FS: fsys}, "folder", e.Name, true, nil)
		if err != nil {
			t.Fatal(err)
		}
		a := got[i]
		if a == nil || a.Entry != want.Entry || a.Format != want.Format || len(a.Clips) != len(want.Clips) ||
			fmt.Sprint(a.Info) != fmt.Sprint(want.Info) || fmt.Sprint(a.Warnings) != fmt.Sprint(want.Warnings) ||
			fmt.Sprint(a.Entries) != fmt.Sprint(want.Entries) {
			t.Errorf("%s: the library gave %+v, OpenLibrary %+v", e.Name, a, want)
		}
	}
}

// Transition keys that no Play carries are reported.
func TestDanglingKeys(t *testing.T) {
	s := DemoANCS(MP1).Anims
	s.Transitions = append(s.Transitions, ANCSTransition{ID: 7, From: 0, To: 9, Trans: ANCSMetaTrans{Kind: MetaTransSnapKind}})
	s.HalfTransitions = append(s.HalfTransitions, ANCSHalfTransition{To: 8, Trans: ANCSMetaTrans{Kind: MetaTransSnapKind}})
	got := danglingKeys(&s)
	if len(got) != 2 || !strings.Contains(got[0], "transition 4 (id 7, 0 to 9): no Play has primitive index 9") ||
		!strings.Contains(got[1], "half transition 1: no Play has primitive index 8") {
		t.Errorf("%q", got)
	}
}

// The EVNT the ANIM header names wins over the set's pair (the engine
// loads the header's; the pairs list dependencies).
func TestLoadANCSEventSource(t *testing.T) {
	fsys := demoSetFolder(t, MP1)
	h := Header{Interval: 1.0 / 30, Duration: 1, RootBone: 3, Looping: true, EVNT: DemoEVNTID}
	b, err := EncodeANIM(MP1, 2, h, DemoKeys())
	if err != nil {
		t.Fatal(err)
	}
	fsys[fmt.Sprintf("%08X.ANIM", DemoWalkID)].Data = b
	a := DemoANCS(MP1)
	a.Anims.Resources[0].Event = 0x12345678
	if fsys[DemoANCSName].Data, err = a.MarshalBinary(); err != nil {
		t.Fatal(err)
	}
	asset := loadDemoSet(t, fsys, "")
	src := ""
	for _, kv := range asset.Clips[0].Info {
		if kv.Key == "event source" {
			src = kv.Value
		}
	}
	if len(asset.Warnings) > 0 || len(asset.Clips[0].Events) != 5 || !strings.Contains(src, "the ANIM header") {
		t.Errorf("warnings %q, %d events, source %q", asset.Warnings, len(asset.Clips[0].Events), src)
	}
}
