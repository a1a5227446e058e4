package open

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/sims"
)

// dress has the asset a load gave wear o.Suits (Wear) in o.Tone, when
// the user chose any; it passes a load's error on.
func (o Options) dress(a *formats.Asset, err error) (*formats.Asset, error) {
	if err != nil || len(o.Suits) == 0 {
		return a, err
	}
	tone, err := sims.ParseTone(o.Tone)
	if err != nil {
		return nil, err
	}
	return Wear(a, tone, o.Suits...)
}

// Wear returns a copy of a that wears the suits of the Sims character
// files at paths (.cmx or .bcf: a body, a head, hands) together instead
// of its meshes, their skins drawn with the textures of tone; a is left
// as it was.
func Wear(a *formats.Asset, tone sims.Tone, paths ...string) (*formats.Asset, error) {
	ins := make([]suitInput, len(paths))
	for i, p := range paths {
		in, err := Read(p)
		ins[i] = suitInput{in, err, p}
	}
	return wear(a, tone, ins)
}

// maxSuitFile bounds the files Suits reads: a suit file is a few
// kilobytes of text; larger .cmx files are skeletons or skills.
const maxSuitFile = 1 << 20

// Suits lists the Sims character files in dir (.cmx and .bcf, by name)
// that hold a suit: what a skill in dir can wear. Files that do not
// decode, or hold none, are left out.
func Suits(dir string) []string {
	names := SuitsIn(os.DirFS(dir))
	for i, n := range names {
		names[i] = filepath.Join(dir, n)
	}
	return names
}

// SuitsIn lists the Sims character files of a set of files handed over
// together (InSet), or of a folder's fs.FS, that hold a suit, by name.
func SuitsIn(fsys fs.FS) []string {
	ents, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		if cf := characterFile(fsys, e.Name()); cf != nil && len(cf.Suits) > 0 {
			out = append(out, e.Name())
		}
	}
	return out
}

// characterFile decodes the named file of fsys when it is a Sims
// character file (.cmx or .bcf, by name) no larger than a suit file
// (maxSuitFile), else returns nil: what Suits and Primary look into.
func characterFile(fsys fs.FS, name string) *sims.CharacterFile {
	if ext := strings.ToLower(path.Ext(name)); ext != ".cmx" && ext != ".bcf" {
		return nil
	}
	data, err := formats.ReadFS(fsys, name, maxSuitFile)
	if err != nil {
		return nil
	}
	cf, err := decodeCharacter(data)
	if err != nil {
		return nil
	}
	return cf
}

// decodeCharacter decodes a Sims character file, binary (.bcf) or text
// (.cmx), by its content.
func decodeCharacter(data []byte) (*sims.CharacterFile, error) {
	if sims.SniffBCF(data) {
		return sims.ParseBCF(data)
	}
	return sims.ParseCMX(data)
}

// WearIn is Wear for suit files of a set of files handed over together
// (InSet): the suits' skins and textures are found among the set's files.
func WearIn(a *formats.Asset, fsys fs.FS, tone sims.Tone, names ...string) (*formats.Asset, error) {
	ins := make([]suitInput, len(names))
	for i, n := range names {
		in, err := readIn(fsys, n)
		ins[i] = suitInput{in, err, n}
	}
	return wear(a, tone, ins)
}

// suitInput is a suit file as read (or its error), and its name for
// errors.
type suitInput struct {
	in    *formats.Input
	err   error
	label string
}

// wear returns a copy of a whose meshes are the skins of the suits in
// ins, Sims character files whose siblings hold the skins and their
// textures, bound to a's skeleton (formats/sims.SuitMeshes): one mesh a
// suit, in the order given.
func wear(a *formats.Asset, tone sims.Tone, ins []suitInput) (*formats.Asset, error) {
	if len(ins) == 0 {
		return nil, errors.New("suit: no suit file given")
	}
	b := *a
	b.Warnings = slices.Clone(a.Warnings)
	b.Meshes = nil
	for _, si := range ins {
		if si.err != nil {
			return nil, fmt.Errorf("suit: %w", si.err)
		}
		cf, err := decodeCharacter(si.in.Data)
		if err != nil {
			return nil, fmt.Errorf("suit %s: %w", si.label, err)
		}
		if len(cf.Suits) == 0 {
			return nil, fmt.Errorf("suit %s: the file has no suit", si.label)
		}
		if a.Skeleton == nil || len(a.Skeleton.Bones) == 0 {
			return nil, fmt.Errorf("suit %s: the opened file has no skeleton to wear it", si.label)
		}
		n, nw := len(b.Meshes), len(b.Warnings)
		for i := range cf.Suits {
			m, warns := sims.SuitMeshes(&cf.Suits[i], b.Skeleton, si.in.Siblings, tone)
			b.Warnings = append(b.Warnings, warns...)
			if m != nil {
				b.Meshes = append(b.Meshes, m)
			}
		}
		if len(b.Meshes) == n {
			// The warnings say why each skin failed: the error carries
			// them, and its message the first (issue 35: the command
			// line printed "see the warnings" and never the warnings).
			warns := b.Warnings[nw:]
			why := ""
			if len(warns) > 0 {
				why = ": " + warns[0]
				if len(warns) > 1 {
					why += fmt.Sprintf(" (and %d more warnings)", len(warns)-1)
				}
			}
			return nil, &WarnedError{Err: fmt.Errorf("suit %s: none of its skins could be bound%s", si.label, why), Warnings: warns}
		}
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	return &b, nil
}

// Retone returns a copy of a whose Sims skins draw with the textures of
// tone (formats/sims.Retone), found in the folder dir; a is left as it
// was. A mesh without a toned texture is kept as it is.
func Retone(a *formats.Asset, dir string, tone sims.Tone) *formats.Asset {
	return RetoneIn(a, os.DirFS(dir), tone)
}

// RetoneIn is Retone for textures among a set of files handed over
// together (InSet), or a folder's fs.FS. An asset of another game than
// The Sims (by its format's name) is returned as it is.
func RetoneIn(a *formats.Asset, fsys fs.FS, tone sims.Tone) *formats.Asset {
	if !strings.HasPrefix(a.Format, "sims") {
		return a
	}
	b := *a
	b.Meshes = slices.Clone(a.Meshes)
	b.Warnings = slices.Clone(a.Warnings)
	res := formats.FSResolver{FS: fsys}
	got := map[string]*formats.Texture{}
	for i, m := range b.Meshes {
		var warns []string
		b.Meshes[i], warns = sims.Retone(m, res, tone, got)
		b.Warnings = append(b.Warnings, warns...)
	}
	return &b
}

// WarnedError is an error whose causes are warnings, as an asset's: a
// command prints them before the error, a viewer lists them.
type WarnedError struct {
	Err      error
	Warnings []string
}

// Error is the error's own message.
func (e *WarnedError) Error() string { return e.Err.Error() }

// Unwrap returns the error.
func (e *WarnedError) Unwrap() error { return e.Err }
