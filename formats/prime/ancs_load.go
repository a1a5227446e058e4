package prime

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
)

// LoaderANCS names the ANCS loader.
const LoaderANCS = "prime-ancs"

// Entry types of a character set or a resource library.
const (
	EntryCharacter = "character"
	EntryAnim      = "anim"
)

// SniffANCS reports whether data looks like an ANCS: version 1, character
// set version 1, a plausible character count and the first character's
// version between 1 and 10.
func SniffANCS(data []byte) bool {
	if len(data) < 8 || be16(data, 0) != 1 || be16(data, 2) != 1 {
		return false
	}
	n := be32(data, 4)
	if n > 1000 {
		return false
	}
	if n == 0 {
		return len(data) >= 10
	}
	if len(data) < 14 {
		return false
	}
	v := be16(data, 12)
	return v >= 1 && v <= 10
}

func be16(b []byte, off int) uint16 { return uint16(b[off])<<8 | uint16(b[off+1]) }

// LoadANCS opens an ANCS: its characters are the entries, and the one
// Input.Entry names (the first by default) is opened with its skeleton and
// the clips its animation set plays, from the resources beside the file.
func LoadANCS(in *formats.Input) (*formats.Asset, error) {
	game, err := ParseGame(in.Options["game"])
	if err != nil {
		return nil, err
	}
	a, err := ParseANCS(in.Data, game)
	if err != nil {
		return nil, err
	}
	set := &loadedSet{name: in.Name, ancs: a}
	lib := newLibrary(in.Siblings)
	entries := lib.characterEntries([]*loadedSet{set})
	pick, err := pickEntry(entries, in.Entry)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", fmtANCS, err)
	}
	asset, err := lib.characterAsset(set, entries[pick].char)
	if err != nil {
		return nil, err
	}
	asset.Entries, asset.Entry = publicEntries(entries), entries[pick].Name
	return asset, nil
}

// library indexes the resources beside a file or inside a PAK by
// <ID>.<TYPE> (upper case), so that every lookup is one map access.
type library struct {
	r     formats.Resolver
	names map[string]string
	// sorted holds every name of the resolver, sorted, for listings.
	sorted []string
	err    error
	// failedSets says, for each character set that failed to load, its
	// name and error (set once, as the entries are listed).
	failedSets []string
}

func newLibrary(r formats.Resolver) *library {
	l := &library{r: r, names: map[string]string{}}
	if r == nil {
		return l
	}
	names, err := r.List()
	if err != nil {
		l.err = err
		return l
	}
	sort.Strings(names)
	l.sorted = names
	for _, n := range names {
		dot := strings.LastIndexByte(n, '.')
		id, ok := idFromName(n)
		if !ok || dot < 0 {
			continue
		}
		key := resKey(id, n[dot+1:])
		// The exact name wins over a prefixed one, then the first.
		if old, dup := l.names[key]; !dup || len(n) < len(old) {
			l.names[key] = n
		}
	}
	return l
}

func resKey(id uint32, typ string) string { return fmt.Sprintf("%08X.%s", id, strings.ToUpper(typ)) }

// open returns the bytes of resource id of type typ and its name, or an
// error that names both.
func (l *library) open(id uint32, typ string) ([]byte, string, error) {
	name, ok := l.names[resKey(id, typ)]
	if !ok {
		return nil, "", fmt.Errorf("%s %08X is missing", typ, id)
	}
	b, err := l.r.Open(name)
	if err != nil {
		return nil, name, fmt.Errorf("%s %08X: %w", typ, id, err)
	}
	return b, name, nil
}

// loadedSet is a parsed ANCS and the name it came by.
type loadedSet struct {
	name string
	ancs *ANCS
}

// entry is an openable item: a character of a set or a loose ANIM.
type entry struct {
	formats.Entry
	set  *loadedSet
	char int
	// anim is the resource name of a loose ANIM.
	anim string
}

func publicEntries(es []entry) []formats.Entry {
	out := make([]formats.Entry, len(es))
	for i := range es {
		out[i] = es[i].Entry
	}
	return out
}

// characterEntries names every character of the sets; a name that repeats
// gets its set's name appended.
func (l *library) characterEntries(sets []*loadedSet) []entry {
	var out []entry
	seen := map[string]bool{}
	for _, s := range sets {
		for ci := range s.ancs.Characters {
			name := s.ancs.Characters[ci].Name
			if name == "" || seen[name] {
				name = fmt.Sprintf("%s (%s #%d)", name, formats.Stem(s.name), ci)
			}
			seen[name] = true
			out = append(out, entry{Entry: formats.Entry{Name: name, Type: EntryCharacter}, set: s, char: ci})
		}
	}
	return out
}

// pickEntry finds the entry by name (exactly, then ignoring case); ""
// picks the first.
func pickEntry(es []entry, want string) (int, error) {
	if len(es) == 0 {
		return -1, fmt.Errorf("nothing to open: no characters and no animations")
	}
	if want == "" {
		return 0, nil
	}
	for i := range es {
		if es[i].Name == want {
			return i, nil
		}
	}
	for i := range es {
		if strings.EqualFold(es[i].Name, want) {
			return i, nil
		}
	}
	names := make([]string, 0, 10)
	for i := 0; i < len(es) && i < 10; i++ {
		names = append(names, strconv.Quote(es[i].Name))
	}
	more := ""
	if len(es) > 10 {
		more = fmt.Sprintf(" and %d more", len(es)-10)
	}
	return -1, fmt.Errorf("no entry named %q; there are %s%s", want, strings.Join(names, ", "), more)
}

// OpenLibrary opens a folder of extracted resources or a PAK's contents
// through r: every character of every ANCS in it, and, with loose, every
// ANIM that no set plays, are the entries; the one entry names (the first
// by default) is opened. source names the folder or archive in Info.
func OpenLibrary(r formats.Resolver, source, entryName string, loose bool, options map[string]string) (*formats.Asset, error) {
	lib, err := NewLibrary(r, source, loose, options)
	if err != nil {
		return nil, err
	}
	return lib.Open(entryName)
}

// Library is a folder of extracted resources or a PAK's contents, listed
// once: its character sets parsed and its entries known, so that opening
// many of its entries (a batch export) reads and parses each set once
// rather than once per entry. Open may be called from several goroutines
// at once when the resolver's Open may.
type Library struct {
	lib     *library
	entries []entry
	warns   []string
	source  string
	options map[string]string
}

// NewLibrary lists the library that r reaches, as OpenLibrary does.
func NewLibrary(r formats.Resolver, source string, loose bool, options map[string]string) (*Library, error) {
	lib := newLibrary(r)
	if lib.err != nil {
		return nil, fmt.Errorf("%s: %w", source, lib.err)
	}
	entries, warns, err := lib.entries(loose, false)
	if err != nil {
		return nil, err
	}
	return &Library{lib: lib, entries: entries, warns: warns, source: source, options: options}, nil
}

// Entries returns the library's entries.
func (l *Library) Entries() []formats.Entry { return publicEntries(l.entries) }

// Open opens the entry named entryName (the first for ""), as OpenLibrary
// does.
func (l *Library) Open(entryName string) (*formats.Asset, error) {
	pick, err := pickEntry(l.entries, entryName)
	if err != nil {
		// A character set that failed to load may have held the entry:
		// say which and why (issue 35: a damaged set's characters were
		// just missing).
		if failed := l.lib.failedSets; len(failed) > 0 {
			return nil, fmt.Errorf("%s: %w; %d character sets failed to load: %s", l.source, err, len(failed), strings.Join(failed, "; "))
		}
		return nil, fmt.Errorf("%s: %w", l.source, err)
	}
	e := l.entries[pick]
	var asset *formats.Asset
	if e.set != nil {
		asset, err = l.lib.characterAsset(e.set, e.char)
	} else {
		var data []byte
		data, err = l.lib.r.Open(e.anim)
		if err == nil {
			asset, err = LoadANIM(&formats.Input{Name: e.anim, Data: data, Siblings: l.lib.r, Options: l.options})
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", l.source, e.Name, err)
	}
	asset.Entries, asset.Entry = publicEntries(l.entries), e.Name
	asset.Warnings = append(append([]string(nil), l.warns...), asset.Warnings...)
	asset.Info = append([]formats.KV{{Key: "source", Value: l.source}}, asset.Info...)
	return asset, nil
}

// LibraryEntries lists what OpenLibrary would offer, without opening any
// of it (for `list`), and the problems met on the way. Through a resolver
// that can open prefixes (a PAK, a folder) it reads only as much of each
// character set as naming its characters takes.
func LibraryEntries(r formats.Resolver, loose bool) ([]formats.Entry, []string, error) {
	lib := newLibrary(r)
	if lib.err != nil {
		return nil, nil, lib.err
	}
	es, warns, err := lib.entries(loose, true)
	if err != nil {
		return nil, nil, err
	}
	return publicEntries(es), warns, nil
}

// entries parses every character set (from prefixes when listing) and
// lists their characters and, with loose, the ANIMs no set plays. A set
// that fails is a warning; an archive over its budget is an error.
func (l *library) entries(loose, listing bool) ([]entry, []string, error) {
	var sets []*loadedSet
	var warns []string
	for _, n := range l.sorted {
		if !hasExt(n, ".ancs") {
			continue
		}
		a, err := l.parseSet(n, listing)
		if errors.Is(err, formats.ErrBudget) {
			return nil, nil, err
		}
		if err != nil {
			warns = append(warns, fmt.Sprintf("%s: %v", n, err))
			l.failedSets = append(l.failedSets, fmt.Sprintf("%s: %v", n, err))
			continue
		}
		sets = append(sets, &loadedSet{name: n, ancs: a})
	}
	entries := l.characterEntries(sets)
	if !loose {
		return entries, warns, nil
	}
	played := map[uint32]bool{}
	for _, s := range sets {
		s.ancs.Anims.walk(func(m *ANCSMetaAnim) {
			if m.Kind == MetaAnimPlay {
				played[m.AnimID] = true
			}
		})
	}
	for _, n := range l.sorted {
		if !hasExt(n, ".anim") {
			continue
		}
		if id, ok := idFromName(n); ok && played[id] {
			continue
		}
		entries = append(entries, entry{Entry: formats.Entry{Name: n, Type: EntryAnim}, anim: n})
	}
	return entries, warns, nil
}

// listPrefix is the first prefix of a character set a listing parses; each
// retry reads eight times more, up to maxListPrefix, then the whole file.
const (
	listPrefix    = 64 << 10
	maxListPrefix = 32 << 20
)

// parseSet parses the character set name. When listing through a
// formats.PrefixOpener it parses prefixes of growing length: the reader
// only moves forward, so a prefix that parses gives the same set as the
// whole file (less its trailing bytes, which a listing does not show), and
// a prefix whose parse fails for a reason other than running out of bytes
// (bin.ErrShort, bin.ErrCount) fails the same way whole
// (docs/formats/README.md#limits). So a damaged or aliased 128 MiB entry
// is listed from its first 64 KiB.
func (l *library) parseSet(name string, listing bool) (*ANCS, error) {
	if po, ok := l.r.(formats.PrefixOpener); ok && listing {
		for n := listPrefix; n <= maxListPrefix; n *= 8 {
			data, whole, err := po.OpenPrefix(name, n)
			if err != nil {
				return nil, err
			}
			a, err := ParseANCS(data, GameAuto)
			if whole || err == nil || !(errors.Is(err, bin.ErrShort) || errors.Is(err, bin.ErrCount)) {
				return a, err
			}
		}
	}
	data, err := l.r.Open(name)
	if err != nil {
		return nil, err
	}
	return ParseANCS(data, GameAuto)
}

// walk calls f on every meta-animation node of the set: the animations'
// trees, then the transitions' middle animations.
func (s *ANCSAnimSet) walk(f func(*ANCSMetaAnim)) {
	var visit func(m *ANCSMetaAnim)
	visit = func(m *ANCSMetaAnim) {
		if m == nil {
			return
		}
		f(m)
		for _, c := range m.Children {
			visit(c)
		}
	}
	for i := range s.Animations {
		visit(s.Animations[i].Tree)
	}
	for i := range s.Transitions {
		visit(s.Transitions[i].Trans.Anim)
	}
	visit(s.Default.Anim)
	for i := range s.HalfTransitions {
		visit(s.HalfTransitions[i].Trans.Anim)
	}
}

// characterAsset opens character ci of a set: its CINF is the skeleton,
// every ANIM the set's trees play is a clip on it, and the set becomes the
// model's AnimSet with Play nodes pointing at the clips. A missing or
// unreadable resource is a warning that names its id and type; the rest
// still loads.
func (l *library) characterAsset(set *loadedSet, ci int) (*formats.Asset, error) {
	a := set.ancs
	ch := &a.Characters[ci]
	asset := &formats.Asset{
		Format:    LoaderANCS,
		Game:      a.Game.Title(),
		Version:   strconv.Itoa(int(a.Version)),
		Coords:    zUp(),
		Character: ci,
	}
	warn := func(format string, args ...any) {
		asset.Warnings = append(asset.Warnings, fmt.Sprintf(format, args...))
	}
	if l.r == nil {
		warn("no folder or archive to find the character's resources in")
	}
	if !trailing(a.Trailing) {
		warn("ANCS: %s", trailingWarning(a.Trailing))
	}

	// The ANIMs, in the order the set first plays them.
	type animRef struct {
		id   uint32
		name string
		anim *Anim
	}
	var refs []*animRef
	byID := map[uint32]int{}
	a.Anims.walk(func(m *ANCSMetaAnim) {
		if m.Kind != MetaAnimPlay {
			return
		}
		if _, ok := byID[m.AnimID]; ok {
			return
		}
		byID[m.AnimID] = len(refs)
		refs = append(refs, &animRef{id: m.AnimID, name: m.Name})
	})
	for _, ref := range refs {
		if l.r == nil {
			continue
		}
		data, _, err := l.open(ref.id, "ANIM")
		if errors.Is(err, formats.ErrBudget) {
			return nil, err
		}
		if err != nil {
			warn("%v (played as %q); its Play nodes have no clip", err, ref.name)
			continue
		}
		an, err := ParseANIM(data, GameAuto)
		if err != nil {
			warn("ANIM %08X (played as %q): %v; its Play nodes have no clip", ref.id, ref.name, err)
			continue
		}
		ref.anim = an
		for _, w := range an.Warnings {
			warn("ANIM %08X: %s", ref.id, w)
		}
	}

	// The skeleton: the character's CINF, else flat bones from the
	// channels of every clip.
	sk, cinf, err := l.skeleton(ch, func(format string, args ...any) { warn(format, args...) })
	if err != nil {
		return nil, err
	}
	if sk == nil {
		var all Keys
		for _, ref := range refs {
			if ref.anim != nil {
				all.Channels = append(all.Channels, ref.anim.Keys.Channels...)
			}
		}
		sk = flatSkeleton(fmt.Sprintf("%08X", ch.Skeleton), &all)
	}
	asset.Skeleton = sk
	asset.Skeletons = []*formats.Skeleton{sk}

	// Clips, with MP1 events from the EVNT the ANIM names, else the one
	// the set's (ANIM, EVNT) pair gives.
	pairs := map[uint32]uint32{}
	for _, r := range a.Anims.Resources {
		if _, dup := pairs[r.Anim]; !dup {
			pairs[r.Anim] = r.Event
		}
	}
	clipOf := map[uint32]int{}
	for _, ref := range refs {
		if ref.anim == nil {
			continue
		}
		name := ref.name
		if name == "" {
			name = fmt.Sprintf("%08X", ref.id)
		}
		clip := buildClip(ref.anim, sk, name, asset)
		clip.Group = ch.Name
		clip.Info = append(clip.Info, formats.KV{Key: "anim id", Value: fmt.Sprintf("%08X", ref.id)})
		// The engine loads the EVNT its ANIM names (CAnimSource and
		// CFBStreamedCompression read the id and fetch it when non-zero);
		// the set's pairs list the same dependencies for preloading, and
		// stand in when the header names none.
		evID, how := uint32(0), ""
		if id, ok := ref.anim.EVNTID(); ok {
			evID, how = id, "the ANIM header"
		} else if id := pairs[ref.id]; id != 0 && id != NoEVNT {
			evID, how = id, "the set's (ANIM, EVNT) pair"
		}
		if evID != 0 && l.r != nil {
			src := fmt.Sprintf("%08X.EVNT (%s)", evID, how)
			if data, _, err := l.open(evID, "EVNT"); errors.Is(err, formats.ErrBudget) {
				return nil, err
			} else if err != nil {
				warn("%v (named by %s of ANIM %08X)", err, how, ref.id)
				src = fmt.Sprintf("%08X.EVNT (missing)", evID)
			} else if e, err := ParseEVNT(data, GameAuto); err != nil {
				warn("EVNT %08X: %v", evID, err)
				src = fmt.Sprintf("%08X.EVNT (unreadable)", evID)
			} else {
				clip.Events = e.forCharacter(ci).Events(sk)
			}
			clip.Info = append(clip.Info, formats.KV{Key: "event source", Value: src})
		}
		clipOf[ref.id] = len(asset.Clips)
		asset.Clips = append(asset.Clips, clip)
	}

	asset.AnimSet = convertSet(a, ci, sk, clipOf)
	if es := a.Anims.EventSets; a.Game == MP2 && a.Anims.TableCount > 3 && len(es) != len(a.Anims.Animations) {
		// PWE asserts the counts agree; events go by animation index.
		warn("%d event sets for %d animations; they are matched by index", len(es), len(a.Anims.Animations))
	}
	for _, w := range danglingKeys(&a.Anims) {
		warn("%s", w)
	}
	for i := range a.Characters {
		asset.Characters = append(asset.Characters, characterModel(a, i, asset.AnimSet, ch.Skeleton, &warnings{add: warn, on: i == ci}))
	}
	asset.Info = append(asset.Info,
		formats.KV{Key: "game", Value: a.Game.String()},
		formats.KV{Key: "set", Value: set.name},
		formats.KV{Key: "character", Value: fmt.Sprintf("%d %q (version %d)", ci, ch.Name, ch.Version)},
		formats.KV{Key: "table count", Value: strconv.Itoa(int(a.Anims.TableCount))},
		formats.KV{Key: "animations", Value: strconv.Itoa(len(a.Anims.Animations))},
		formats.KV{Key: "transitions", Value: strconv.Itoa(len(a.Anims.Transitions))},
		formats.KV{Key: "half transitions", Value: strconv.Itoa(len(a.Anims.HalfTransitions))},
		formats.KV{Key: "additive animations", Value: strconv.Itoa(len(a.Anims.Additive))},
		formats.KV{Key: "ANIMs played", Value: fmt.Sprintf("%d (%d found)", len(refs), len(asset.Clips))},
	)
	l.attachMesh(asset, ch, cinf, sk, warn)
	if err := asset.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", fmtANCS, err)
	}
	return asset, nil
}

// warnings passes warnings on for the opened character only, so that the
// others' problems are not reported as the open one's.
type warnings struct {
	add func(string, ...any)
	on  bool
}

func (w *warnings) warn(format string, args ...any) {
	if w.on {
		w.add(format, args...)
	}
}

// skeleton opens the character's CINF and builds its skeleton, or returns
// nils after a warning; the error is an archive over its budget.
func (l *library) skeleton(ch *ANCSCharacter, warn func(string, ...any)) (*formats.Skeleton, *CINF, error) {
	if l.r == nil {
		return nil, nil, nil
	}
	data, name, err := l.open(ch.Skeleton, "CINF")
	if errors.Is(err, formats.ErrBudget) {
		return nil, nil, err
	}
	if err != nil {
		warn("%v (the skeleton of %q); bones come from the clips' channels", err, ch.Name)
		return nil, nil, nil
	}
	c, err := ParseCINF(data, GameAuto)
	if err != nil {
		warn("CINF %08X: %v; bones come from the clips' channels", ch.Skeleton, err)
		return nil, nil, nil
	}
	sk, ws, err := c.Skeleton(fmt.Sprintf("%08X", ch.Skeleton))
	if err != nil {
		warn("CINF %08X: %v; bones come from the clips' channels", ch.Skeleton, err)
		return nil, nil, nil
	}
	for _, w := range ws {
		warn("CINF %08X: %s", ch.Skeleton, w)
	}
	sk.Source = name + " (the character's skeleton)"
	return sk, c, nil
}

// forCharacter returns the EVNT with only the events for character ci
// (CharIdx -1 is every character, docs/formats/metroid-prime.md#evnt-layout).
func (e *EVNT) forCharacter(ci int) *EVNT {
	keep := func(p *POI) bool { return p.CharIdx == -1 || int(p.CharIdx) == ci }
	out := *e
	out.Loops, out.Users, out.Effects, out.Sounds = nil, nil, nil, nil
	for _, ev := range e.Loops {
		if keep(&ev.POI) {
			out.Loops = append(out.Loops, ev)
		}
	}
	for _, ev := range e.Users {
		if keep(&ev.POI) {
			out.Users = append(out.Users, ev)
		}
	}
	for _, ev := range e.Effects {
		if keep(&ev.POI) {
			out.Effects = append(out.Effects, ev)
		}
	}
	for _, ev := range e.Sounds {
		if keep(&ev.POI) {
			out.Sounds = append(out.Sounds, ev)
		}
	}
	return &out
}

// convertSet builds the model's animation set; Play nodes point at the
// clips (-1 where the ANIM is missing). MP2's event sets go to the
// animations by index.
func convertSet(a *ANCS, ci int, sk *formats.Skeleton, clipOf map[uint32]int) *formats.AnimSet {
	s := &a.Anims
	out := &formats.AnimSet{
		TableCount:        int(s.TableCount),
		DefaultTransition: convertTrans(&s.Default, clipOf),
		DefaultAdditive:   formats.AdditiveFade{FadeIn: s.DefaultFadeIn, FadeOut: s.DefaultFadeOut},
	}
	out.Animations = make([]formats.SetAnim, len(s.Animations))
	for i, an := range s.Animations {
		out.Animations[i] = formats.SetAnim{Name: an.Name, Tree: convertMeta(an.Tree, clipOf)}
		if i < len(s.EventSets) && s.EventSets[i] != nil {
			out.Animations[i].Events = s.EventSets[i].forCharacter(ci).Events(sk)
		}
	}
	for _, t := range s.Transitions {
		out.Transitions = append(out.Transitions, formats.Transition{ID: t.ID, From: t.From, To: t.To, Trans: convertTrans(&t.Trans, clipOf)})
	}
	for _, h := range s.HalfTransitions {
		out.HalfTransitions = append(out.HalfTransitions, formats.HalfTransition{To: h.To, Trans: convertTrans(&h.Trans, clipOf)})
	}
	for _, ad := range s.Additive {
		out.Additive = append(out.Additive, formats.AdditiveAnim{Anim: ad.Anim, Fade: formats.AdditiveFade{FadeIn: ad.FadeIn, FadeOut: ad.FadeOut}})
	}
	for _, r := range s.Resources {
		out.Resources = append(out.Resources, formats.AnimResource{Anim: r.Anim, Event: r.Event})
	}
	return out
}

func convertMeta(m *ANCSMetaAnim, clipOf map[uint32]int) *formats.MetaAnim {
	if m == nil {
		return nil
	}
	out := &formats.MetaAnim{Kind: formats.MetaKind(m.Kind), Clip: -1}
	switch m.Kind {
	case MetaAnimPlay:
		if c, ok := clipOf[m.AnimID]; ok {
			out.Clip = c
		}
		out.AnimID = int(m.AnimID)
		out.Prim = m.Prim
		out.Name = m.Name
		out.StartTime = float64(m.Start.Seconds)
		out.StartState = m.Start.State
	case MetaAnimBlend, MetaAnimPhaseBlend:
		out.Weight = m.Weight
		out.Flag = m.Flag
	case MetaAnimRandom:
		out.Probabilities = append([]uint32(nil), m.Probabilities...)
	}
	for _, c := range m.Children {
		out.Children = append(out.Children, convertMeta(c, clipOf))
	}
	return out
}

func convertTrans(t *ANCSMetaTrans, clipOf map[uint32]int) formats.MetaTrans {
	return formats.MetaTrans{
		Kind:          formats.MetaTransKind(t.Kind),
		Anim:          convertMeta(t.Anim, clipOf),
		Duration:      float64(t.Duration.Seconds),
		DurationState: t.Duration.State,
		Unused:        t.Unused,
		RunA:          t.RunA != 0,
		Flags:         t.Flags,
	}
}

// characterModel describes character i for the model. Its animations name
// set entries through the character's id map (version > 4), else by the
// id itself. Only a character whose CINF is the opened one's gets a
// skeleton index: characters are opened one at a time.
func characterModel(a *ANCS, i int, set *formats.AnimSet, openedCINF uint32, w *warnings) formats.Character {
	ch := &a.Characters[i]
	out := formats.Character{ID: int(ch.ID), Name: ch.Name, Version: int(ch.Version), Skeleton: -1, SkeletonID: ch.Skeleton}
	if ch.Skeleton == openedCINF {
		out.Skeleton = 0
	}
	for _, an := range ch.AnimNames {
		idx, ok := int64(an.ID), true
		if ch.Version > 4 {
			if int64(an.ID) < int64(len(ch.AnimIDMap)) {
				idx = int64(ch.AnimIDMap[an.ID])
			} else {
				ok = false
			}
		}
		ca := formats.CharacterAnim{Name: an.Name, Clip: -1, SetIndex: -1}
		switch {
		case !ok:
			w.warn("animation %q: id %d is outside the character's %d-entry id map", an.Name, an.ID, len(ch.AnimIDMap))
		case idx >= int64(len(set.Animations)):
			w.warn("animation %q: set index %d is outside the set's %d animations", an.Name, idx, len(set.Animations))
		default:
			ca.SetIndex = int(idx)
			ca.Meta = set.Animations[idx].Tree
		}
		out.Animations = append(out.Animations, ca)
	}
	out.Info = characterInfo(ch)
	return out
}

func hexIDs(ids []uint32) string {
	var b strings.Builder
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%08X", id)
	}
	return b.String()
}

func characterInfo(ch *ANCSCharacter) []formats.KV {
	kv := []formats.KV{
		{Key: "version", Value: strconv.Itoa(int(ch.Version))},
		{Key: "model", Value: fmt.Sprintf("%08X", ch.Model)},
		{Key: "skin", Value: fmt.Sprintf("%08X", ch.Skin)},
		{Key: "skeleton", Value: fmt.Sprintf("%08X", ch.Skeleton)},
		{Key: "PAS states", Value: strconv.Itoa(len(ch.PAS.States))},
		{Key: "PAS default state", Value: strconv.Itoa(int(ch.PAS.DefaultState))},
	}
	add := func(k, v string) { kv = append(kv, formats.KV{Key: k, Value: v}) }
	p := &ch.Particles
	for _, l := range []struct {
		name string
		ids  []uint32
	}{{"PART", p.PART}, {"SWHC", p.SWHC}, {"third particle list", p.Third}, {"ELSC", p.ELSC}, {"SPSC", p.SPSC}, {"SRSC", p.SRSC}} {
		if len(l.ids) > 0 {
			add(l.name, hexIDs(l.ids))
		}
	}
	add("default animation", strconv.Itoa(int(ch.DefaultAnim)))
	if ch.Version > 1 {
		add("AABBs", strconv.Itoa(len(ch.AABBs)))
	}
	if ch.Version > 2 {
		var names []string
		for _, e := range ch.Effects {
			names = append(names, fmt.Sprintf("%s (%d components)", e.Name, len(e.Components)))
		}
		add("effects", strings.Join(names, ", "))
	}
	if ch.Version > 3 {
		add("frozen model", fmt.Sprintf("%08X", ch.FrozenModel))
		add("frozen skin", fmt.Sprintf("%08X", ch.FrozenSkin))
	}
	if ch.Version > 4 {
		add("animation id map", idList(ch.AnimIDMap))
	}
	if ch.Version > 6 {
		add("spatial primitives", fmt.Sprintf("%08X", ch.SpatialPrims))
	}
	if ch.Version > 7 {
		add("animated scale", strconv.Itoa(int(ch.AnimatedScale)))
	}
	if ch.Version > 9 {
		add("indexed AABBs", strconv.Itoa(len(ch.IndexedAABBs)))
	}
	return kv
}

// danglingKeys names transition-table keys that no Play node has as its
// primitive index: the lookup (CTransitionDatabaseGame::GetMetaTrans) can
// never select those rows.
func danglingKeys(s *ANCSAnimSet) []string {
	prims := map[uint32]bool{}
	s.walk(func(m *ANCSMetaAnim) {
		if m.Kind == MetaAnimPlay {
			prims[m.Prim] = true
		}
	})
	var out []string
	for i, t := range s.Transitions {
		for _, k := range []uint32{t.From, t.To} {
			if !prims[k] {
				out = append(out, fmt.Sprintf("transition %d (id %d, %d to %d): no Play has primitive index %d; the row is never used", i, t.ID, t.From, t.To, k))
				break
			}
		}
	}
	for i, h := range s.HalfTransitions {
		if !prims[h.To] {
			out = append(out, fmt.Sprintf("half transition %d: no Play has primitive index %d; it is never used", i, h.To))
		}
	}
	return out
}
