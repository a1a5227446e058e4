package open

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/sims"
)

// Files handed over together without paths on disk (the web page's file
// chooser and drops, cmd/animview/view_js.go) open as a folder would: one
// of them is opened and the others are its siblings, where a loader finds
// its companions (an ANIM's CINF and EVNT, a skill's .cfp, an ANM's model).

// openRank orders extensions by which file of a set opens: containers and
// files that name their companions first, then animations, then models,
// then files that are only companions. Others come last.
var openRank = map[string]int{
	"pak": 0, "ancs": 0, "si": 0, "anm": 0, "cmx": 0, "bcf": 0,
	"anim": 1, "ani": 1,
	"ms3d": 2, "txt": 2,
	"skel": 3, "cfp": 3, "cinf": 3, "evnt": 3,
}

func rankOf(name string) int {
	if r, ok := openRank[strings.ToLower(strings.TrimPrefix(path.Ext(name), "."))]; ok {
		return r
	}
	return len(openRank)
}

// setFiles lists the regular files of a set by name.
func setFiles(fsys fs.FS) ([]string, error) {
	ents, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range ents {
		if e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// Primary picks the file of a set to open: containers and files that name
// their companions first, then animations, then models, then files that
// are only companions (Sims suit files among them); the first by name
// among equals.
func Primary(fsys fs.FS) (string, error) {
	names, err := setFiles(fsys)
	if err != nil {
		return "", err
	}
	if len(names) == 0 {
		return "", errors.New("no files were given")
	}
	rank := make(map[string]int, len(names))
	for _, n := range names {
		rank[n] = rankOf(n)
		if rank[n] == 0 && onlySuits(fsys, n) {
			// A suit is worn by a skill of the set (SuitsIn), not opened.
			rank[n] = openRank["cfp"]
		}
	}
	slices.SortStableFunc(names, func(a, b string) int { return rank[a] - rank[b] })
	return names[0], nil
}

// onlySuits reports whether the named file of a set is a Sims character
// file that holds suits and neither skeletons nor skills.
func onlySuits(fsys fs.FS, name string) bool {
	cf := characterFile(fsys, name)
	return cf != nil && len(cf.Suits) > 0 && len(cf.Skeletons) == 0 && len(cf.Skills) == 0
}

// companion is what a kind of file needs beside it, for saying which file
// to add when a set lacks it.
type companion struct {
	ext  string // the companion's extension, lower case
	what string
}

// companionOf names the companion a file needs, if any: an ANM's model,
// a skill file's .cfp key data, a Metroid Prime ANIM's CINF.
func companionOf(name string, data []byte) (companion, bool) {
	switch strings.ToLower(path.Ext(name)) {
	case ".anm":
		return companion{"ms3d", "the MilkShape model (.ms3d) it animates"}, true
	case ".cmx", ".bcf":
		return companion{"cfp", "the .cfp key data of its skills"}, true
	case ".anim":
		if !sims.SniffAnim(data) {
			return companion{"cinf", "its skeleton (the CINF, with the EVNT for its events)"}, true
		}
	}
	return companion{}, false
}

// readIn reads the named file of a set, whose other files are its
// siblings.
func readIn(fsys fs.FS, n string) (*formats.Input, error) {
	data, err := formats.ReadFS(fsys, n, MaxFileSize)
	if err != nil {
		return nil, err
	}
	return &formats.Input{Name: n, Data: data, Siblings: formats.FSResolver{FS: fsys, MaxSize: MaxFileSize}}, nil
}

// InSet opens the named file of a set; the set's other files are its
// siblings. A Sims .anim opens on the set's .skel when it holds one (as
// --skeleton would). When the file's companion is not in the set, an
// error or a warning says which file to add. Of o, only Entry, Game and
// Budget apply: the set holds every file.
func InSet(fsys fs.FS, name string, o Options) (*formats.Asset, error) {
	in, err := readIn(fsys, name)
	if err != nil {
		return nil, err
	}
	names, err := setFiles(fsys)
	if err != nil {
		return nil, err
	}
	has := func(ext string) []string {
		var out []string
		for _, n := range names {
			if strings.EqualFold(path.Ext(n), "."+ext) {
				out = append(out, n)
			}
		}
		return out
	}
	if skels := has("skel"); len(skels) == 1 && strings.EqualFold(path.Ext(name), ".anim") && sims.SniffAnim(in.Data) {
		if in.Skeleton, err = readIn(fsys, skels[0]); err != nil {
			return nil, fmt.Errorf("skeleton: %w", err)
		}
	}
	in.Entry = o.Entry
	in.Options = o.loaderOptions()
	c, needs := companionOf(name, in.Data)
	missing := needs && len(has(c.ext)) == 0
	hint := fmt.Sprintf("add %s: choose or drop it together with %s", c.what, name)
	a, err := Registry().Load(in)
	if err != nil {
		// Only where the loader's error is about the companion: a file
		// that is bad in itself needs no other.
		if missing && strings.Contains(strings.ToLower(err.Error()), "."+c.ext) {
			return nil, fmt.Errorf("%w\n%s", err, hint)
		}
		return nil, err
	}
	if missing && (c.ext == "cinf" || len(a.Warnings) > 0) {
		a.Warnings = append(a.Warnings, hint)
	}
	return a, nil
}
