package open

import (
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

// dress has the asset a load gave wear o.Suit (Wear), when the user
// chose one; it passes a load's error on.
func (o Options) dress(a *formats.Asset, err error) (*formats.Asset, error) {
	if err != nil || o.Suit == "" {
		return a, err
	}
	return Wear(a, o.Suit)
}

// Wear returns a copy of a that wears the suits of the Sims character
// file at path (.cmx or .bcf) instead of its meshes; a is left as it was.
func Wear(a *formats.Asset, path string) (*formats.Asset, error) {
	in, err := Read(path)
	return wear(a, in, err, path)
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
	if st, err := fs.Stat(fsys, name); err != nil || st.Size() > maxSuitFile {
		return nil
	}
	data, err := fs.ReadFile(fsys, name)
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
		return sims.DecodeBCF(data)
	}
	return sims.DecodeCMX(data)
}

// WearIn is Wear for a suit file of a set of files handed over together
// (InSet): the suit's skins are found among the set's files.
func WearIn(a *formats.Asset, fsys fs.FS, name string) (*formats.Asset, error) {
	in, err := readIn(fsys, name)
	return wear(a, in, err, name)
}

// wear returns a copy of a whose meshes are the skins of the suits in in,
// a Sims character file whose siblings hold the skins (read with err),
// bound to a's skeleton (formats/sims.SuitMeshes); label names the file in
// errors.
func wear(a *formats.Asset, in *formats.Input, err error, label string) (*formats.Asset, error) {
	if err != nil {
		return nil, fmt.Errorf("suit: %w", err)
	}
	cf, err := decodeCharacter(in.Data)
	if err != nil {
		return nil, fmt.Errorf("suit %s: %w", label, err)
	}
	if len(cf.Suits) == 0 {
		return nil, fmt.Errorf("suit %s: the file has no suit", label)
	}
	if a.Skeleton == nil || len(a.Skeleton.Bones) == 0 {
		return nil, fmt.Errorf("suit %s: %s has no skeleton to wear it", label, in.Name)
	}
	b := *a
	b.Warnings = slices.Clone(a.Warnings)
	b.Meshes = nil
	for i := range cf.Suits {
		m, warns := sims.SuitMeshes(&cf.Suits[i], b.Skeleton, in.Siblings)
		b.Warnings = append(b.Warnings, warns...)
		if m != nil {
			b.Meshes = append(b.Meshes, m)
		}
	}
	if len(b.Meshes) == 0 {
		// The warnings say why each skin failed: the error carries them,
		// and its message the first (issue 35: the command line printed
		// "see the warnings" and never the warnings).
		warns := b.Warnings[len(a.Warnings):]
		why := ""
		if len(warns) > 0 {
			why = ": " + warns[0]
			if len(warns) > 1 {
				why += fmt.Sprintf(" (and %d more warnings)", len(warns)-1)
			}
		}
		return nil, &WarnedError{Err: fmt.Errorf("suit %s: none of its skins could be bound%s", label, why), Warnings: warns}
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	return &b, nil
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
