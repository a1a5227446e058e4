// Package open is how animview opens what a user names: a file, a folder
// of extracted Metroid Prime resources, the built-in demo, one entry of a
// container (a PAK's character, an SI's animation), with the user's
// choices (--skeleton, --model, --game, --entry). The command line, the
// viewer window and batch exports all open through it, so that a choice
// means the same everywhere.
//
// It reads files and folders and hands their bytes to the format loaders
// (Loaders, in detection order); it never samples or draws.
package open

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/anm"
	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/formats/lego"
	"github.com/animview/animview/formats/ms3d"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/pak"
	"github.com/animview/animview/formats/sims"
)

// MaxFileSize bounds what is read into memory from one file.
const MaxFileSize = 1 << 30

// Options are the user's choices for opening a file: the flags every
// command that opens one shares.
type Options struct {
	// Skeleton is a file to pose the animation on (--skeleton).
	Skeleton string
	// Model is the model file an ANM splits into clips (--model); it
	// reaches the loader as formats.Input.Skeleton, the resource the file
	// is posed on, so it excludes Skeleton.
	Model string
	// Game forces the game ("mp1", "mp2") where detection is ambiguous
	// (--game).
	Game string
	// Entry names the container entry or character to open (--entry,
	// --character); "" opens the first.
	Entry string
	// Budget is an archive's decompression budget in MiB
	// (--archive-budget; 0: formats.DefaultBudget).
	Budget int
	// Suits are Sims character files whose suits' skins the opened
	// skeleton wears together (--suit, repeated: a body, a head, hands).
	Suits []string
	// Tone is the Sims skin tone their textures are chosen for (--tone:
	// light, medium or dark; "" is light).
	Tone string
	// Split is a --split spec (cuts.ParseSpec): named ranges of the clip
	// SplitClip chooses, added as clips after the file's own and the
	// cuts its sidecar keeps.
	Split string
	// SplitClip chooses the clip Split cuts (--clip, by FindClip), when
	// it names one of the file's own clips; else the first clip is cut.
	SplitClip string
}

// errBoth is the error for --skeleton and --model given together.
var errBoth = errors.New("--skeleton and --model both choose the file to pose on: give one")

// loaderOptions is the loaders' formats.Input.Options for --game and
// --archive-budget (nil without either).
func (o Options) loaderOptions() map[string]string {
	var m map[string]string
	set := func(k, v string) {
		if m == nil {
			m = map[string]string{}
		}
		m[k] = v
	}
	if o.Game != "" {
		set("game", o.Game)
	}
	if o.Budget > 0 {
		set(formats.OptionBudget, strconv.Itoa(o.Budget))
	}
	if o.Tone != "" {
		set(sims.ToneOption, o.Tone)
	}
	return m
}

// prepare gives in the user's choices for opening entry: the skeleton or
// model file (read again for each input, so that inputs share nothing),
// the entry and the game.
func (o Options) prepare(in *formats.Input, entry string) error {
	if o.Skeleton != "" && o.Model != "" {
		return errBoth
	}
	if o.Skeleton != "" {
		sk, err := Read(o.Skeleton)
		if err != nil {
			return fmt.Errorf("skeleton: %w", err)
		}
		in.Skeleton = sk
	}
	if o.Model != "" {
		m, err := Read(o.Model)
		if err != nil {
			return fmt.Errorf("model: %w", err)
		}
		in.Skeleton = m
	}
	in.Entry = entry
	in.Options = o.loaderOptions()
	return nil
}

// Loaders lists every format family's loaders, in detection order.
// Metroid Prime ANIM and The Sims .anim share an extension; each sniffs its
// content strictly, so the order only matters for files that fail both.
func Loaders() []formats.Loader {
	var ls []formats.Loader
	ls = append(ls, prime.Loaders()...)
	ls = append(ls, pak.Loaders()...)
	ls = append(ls, lego.Loaders()...)
	ls = append(ls, sims.Loaders()...)
	ls = append(ls, ms3d.Loaders()...)
	ls = append(ls, anm.Loader())
	return ls
}

// Registry returns a registry of Loaders.
func Registry() *formats.Registry { return formats.NewRegistry(Loaders()...) }

// Extensions returns the extensions some loader reads (lower case, without
// the dot, each once), for file choosers and next/previous file.
func Extensions() []string {
	var out []string
	seen := map[string]bool{}
	for _, l := range Loaders() {
		for _, e := range l.Extensions {
			if !seen[e] {
				seen[e] = true
				out = append(out, e)
			}
		}
	}
	return out
}

// Read reads a file into a formats.Input whose resolver reaches the files
// of its folder. Folders and files over MaxFileSize are refused.
func Read(path string) (*formats.Input, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a folder, not a file", path)
	}
	// A named pipe, /dev/zero or a link to one is refused, never read.
	data, err := formats.ReadFile(path, MaxFileSize)
	if err != nil {
		return nil, err
	}
	return &formats.Input{
		Name:     filepath.Base(path),
		Data:     data,
		Siblings: formats.FSResolver{FS: os.DirFS(filepath.Dir(path))},
	}, nil
}

// Path opens what path names with the user's choices: "demo:" (the
// built-in demo), a folder (its entry o.Entry, the first by default, of
// the list OpenFolder makes: a Prime character set's characters, then
// every readable file) or a file, detected by content, then extension
// (o.Entry opens that entry of a container), and dressed in o.Suits'
// skins.
func Path(path string, o Options) (*formats.Asset, error) {
	if path == demo.Name {
		return demo.New(), nil
	}
	if o.Skeleton != "" && o.Model != "" {
		return nil, errBoth
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		f, err := OpenFolder(path, o)
		if err != nil {
			return nil, err
		}
		return f.Open(o.Entry)
	}
	// A PAK is read as its entries are needed, not whole
	// (openArchiveFile).
	if arc, ok, err := openArchiveFile(path, o); err != nil {
		return nil, err
	} else if ok {
		a, err := arc.Open(o.Entry)
		if err == nil {
			if verr := a.Validate(); verr != nil {
				err = fmt.Errorf("%s: %s loader: %w", filepath.Base(path), pak.LoaderName, verr)
			}
		} else {
			err = fmt.Errorf("%s: %w", filepath.Base(path), err)
		}
		if err != nil {
			return nil, err
		}
		return o.dress(a, nil)
	}
	in, err := Read(path)
	if err != nil {
		return nil, err
	}
	if err := o.prepare(in, o.Entry); err != nil {
		return nil, err
	}
	a, err := o.dress(Registry().Load(in))
	if err != nil {
		return nil, err
	}
	if err := o.cut(a, path); err != nil {
		return nil, err
	}
	return a, nil
}

// Entry opens entry of the container at path ("" for the first), with the
// user's other choices: Path with o.Entry replaced.
func Entry(path, entry string, o Options) (*formats.Asset, error) {
	o.Entry = entry
	return Path(path, o)
}
