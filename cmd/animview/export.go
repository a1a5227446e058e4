package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/animview/animview/export"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/pak"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// cmdExport is `animview export`: one file (or container entry) to a .glb or
// .gltf, or, when -o names a folder or FILE is a folder, a batch of every
// animation inside to OUTDIR in parallel.
func cmdExport(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	out := fs.String("o", "", "output `FILE` (.glb or .gltf), or a folder for a batch")
	clip := fs.String("clip", "", "export only clip `NAME or INDEX`")
	all := fs.Bool("all", false, "export every clip (the default), or every animation of a folder or container")
	jobs := fs.Int("jobs", 0, "batch: files exported at once (default: the number of cores)")
	format := fs.String("format", "glb", "batch: `glb` or gltf")
	force := fs.Bool("force", false, "replace files that exist (without it they are left alone and the export fails)")
	var lf loadFlags
	lf.register(fs)
	// --character is a shared loading flag: it opens that character of a
	// character set, and the export then holds its animations.
	character := &lf.character
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("export needs one FILE or folder: %w", errUsage)
	}
	if *out == "" {
		return fmt.Errorf("export needs -o OUT: %w", errUsage)
	}
	if *clip != "" && *all {
		return fmt.Errorf("--clip and --all exclude each other: %w", errUsage)
	}
	ext := strings.ToLower(filepath.Ext(*out))
	st, statErr := os.Stat(pos[0])
	isDir := statErr == nil && st.IsDir()
	if isDir || (ext != ".glb" && ext != ".gltf") {
		if *clip != "" || *character != "" {
			return errors.New("a batch exports every clip: --clip and --character need -o FILE.glb")
		}
		if *format != "glb" && *format != "gltf" {
			return fmt.Errorf("--format %q: want glb or gltf", *format)
		}
		return exportBatch(pos[0], isDir, *out, "."+*format, lf.options(), *jobs, *force, stdout, stderr)
	}
	// Checked before the work; WriteFile checks again as it writes.
	if err := export.CheckOverwrite(*out, *force); err != nil {
		return err
	}
	a, err := openAsset(pos[0], lf.options())
	if err != nil {
		return err
	}
	takes, err := exportTakes(a, *clip, *character, stderr)
	if err != nil {
		return err
	}
	doc, err := export.Build(a, takes)
	if err != nil {
		return err
	}
	if err := export.WriteFile(*out, doc, *force); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s (%d animations)\n", *out, len(takes))
	return nil
}

// exportTakes chooses what a single export holds: one clip, a character's
// animations, or every clip.
func exportTakes(a *formats.Asset, clip, character string, stderr io.Writer) ([]export.Take, error) {
	if a.Skeleton == nil {
		return nil, errors.New("the file has no skeleton to export")
	}
	if character != "" {
		return characterTakes(a, character, stderr)
	}
	if clip != "" {
		ci, err := findClip(a, clip)
		if err != nil {
			return nil, err
		}
		return []export.Take{export.ClipTake(a.Skeleton, a.Clips[ci])}, nil
	}
	takes := make([]export.Take, 0, len(a.Clips))
	for _, c := range a.Clips {
		takes = append(takes, export.ClipTake(a.Skeleton, c))
	}
	return takes, nil
}

// characterTakes returns a character's animations (by name, or by index):
// those with a meta-animation tree as the player builds it (Random nodes
// drawn with export.TreeSeed), the others as their clips. Animations that
// cannot be built are left out with a warning on stderr.
func characterTakes(a *formats.Asset, name string, stderr io.Writer) ([]export.Take, error) {
	if len(a.Characters) == 0 {
		return nil, fmt.Errorf("no character %q: the file has no characters", name)
	}
	ci, err := findCharacter(a, name)
	if err != nil {
		names := make([]string, len(a.Characters))
		for i := range a.Characters {
			names[i] = a.Characters[i].Name
		}
		return nil, fmt.Errorf("no character %q (the file has: %s)", name, strings.Join(names, ", "))
	}
	takes, skipped, err := export.CharacterTakes(a, ci)
	for _, w := range skipped {
		fmt.Fprintf(stderr, "warning: %s\n", w)
	}
	if err != nil {
		return nil, err
	}
	a.Warnings = append(a.Warnings, skipped...)
	return takes, nil
}

// batchJobs lists a batch's jobs: every file of a folder, or the one
// file given. A file that turns out to be a container (its asset lists
// Entries: LEGO Island SI, PAK) adds a job per entry when it is opened.
// Outputs go to OUTDIR/<file stem>[_<entry>]<ext>.
func batchJobs(src string, isDir bool, outDir, ext string, o openOptions) ([]export.Job, error) {
	var files []string
	if isDir {
		// Symbolic links to files count as the files.
		names, err := formats.RegularFiles(os.DirFS(src), ".")
		if err != nil {
			return nil, err
		}
		for _, n := range names {
			if !strings.HasPrefix(n, ".") {
				files = append(files, filepath.Join(src, n))
			}
		}
	} else {
		files = []string{src}
	}
	reg := registry()
	// Called from the batch's Expand calls too, which come one at a time.
	outName := export.NewNamer(outDir, ext).Path
	// Files that share a stem (cylindro.ms3d and cylindro.anm) keep their
	// extension in the output name, so each export says where it came from.
	stems := map[string]int{}
	for _, f := range files {
		stems[strings.ToLower(stem(f))]++
	}
	fileStem := func(f string) string {
		if stems[strings.ToLower(stem(f))] > 1 {
			return strings.ReplaceAll(filepath.Base(f), ".", "_")
		}
		return stem(f)
	}
	var jobs []export.Job
	// A folder of extracted Metroid Prime resources with character sets
	// exports like a PAK: a job per character (its animations, trees
	// included) and per ANIM no set plays; its resource files are not
	// exported one by one again.
	library := false
	if isDir {
		if es, _, err := prime.LibraryEntries(folderResolver(src), true); err == nil && hasCharacterEntry(es) {
			library = true
			jobs = append(jobs, libraryJob(src, outName, o))
		}
	}
	for _, f := range files {
		// The file is read on the worker, so that a large folder is never
		// held in memory at once.
		var in *formats.Input
		// A PAK is parsed and its library listed once, by the file's
		// first job, for all its entries: through the registry each
		// entry's job would parse the archive and every character set
		// in it again. The entries' jobs run after the first job's Load
		// (Expand queues them).
		var arc *pak.Archive
		openEntry := func(entry string) (*formats.Asset, error) {
			if arc == nil {
				return loadInput(reg, in, o, entry)
			}
			a, err := arc.Open(entry)
			if err != nil {
				return nil, err
			}
			if err := a.Validate(); err != nil {
				return nil, fmt.Errorf("%s: %s loader: %w", in.Name, pak.LoaderName, err)
			}
			return a, nil
		}
		load := func(entry string) (*formats.Asset, error) {
			if in == nil {
				var err error
				if in, err = readInput(f); err != nil {
					return nil, err
				}
				l, err := reg.Detect(in)
				if err != nil && isDir {
					// A folder's other files (READMEs, textures) are
					// no animation: not a failure.
					return nil, fmt.Errorf("%w: not an animation file", export.ErrSkip)
				}
				if err == nil && library && primeResource[l.Name] {
					return nil, fmt.Errorf("%w: a resource of the folder's character sets, exported with them", export.ErrSkip)
				}
				if err == nil && l.Name == pak.LoaderName {
					cp := *in
					cp.Options = o.loaderOptions()
					// An archive that fails here fails through the
					// registry too, which says so.
					arc, _ = pak.OpenArchive(&cp)
				}
			}
			return openEntry(entry)
		}
		expand := func(a *formats.Asset) (string, string, []export.Job) {
			var more []export.Job
			for _, e := range a.Entries {
				if e.Name == a.Entry || o.Entry != "" {
					continue
				}
				more = append(more, export.Job{Name: f + ":" + e.Name, Out: outName(fileStem(f) + "_" + e.Name),
					Load: func() (*formats.Asset, error) { return openEntry(e.Name) }})
			}
			return f + ":" + a.Entry, outName(fileStem(f) + "_" + a.Entry), more
		}
		jobs = append(jobs, export.Job{Name: f, Out: outName(fileStem(f)), Expand: expand,
			Load: func() (*formats.Asset, error) { return load(o.Entry) }})
	}
	return jobs, nil
}

// primeResource names the loaders of the files a Metroid Prime resource
// library is made of (a PAK inside the folder is a library of its own).
var primeResource = map[string]bool{prime.LoaderANCS: true, prime.LoaderANIM: true, prime.LoaderCINF: true, prime.LoaderEVNT: true}

func hasCharacterEntry(es []formats.Entry) bool {
	for _, e := range es {
		if e.Type == prime.EntryCharacter {
			return true
		}
	}
	return false
}

// libraryJob exports a folder of Metroid Prime resources as openFolder
// opens it: its first entry, and through Expand a job per other entry
// (OUTDIR/<folder>_<entry>.glb).
func libraryJob(dir string, outName func(string) string, o openOptions) export.Job {
	base := filepath.Base(filepath.Clean(dir))
	// The folder is listed once, by the first job, for every entry (see
	// batchJobs' PAKs).
	var lib *prime.Library
	expand := func(a *formats.Asset) (string, string, []export.Job) {
		var more []export.Job
		for _, e := range a.Entries {
			if e.Name == a.Entry || o.Entry != "" {
				continue
			}
			more = append(more, export.Job{Name: dir + ":" + e.Name, Out: outName(base + "_" + e.Name),
				Load: func() (*formats.Asset, error) { return openFolderEntry(lib, dir, e.Name) }})
		}
		return dir + ":" + a.Entry, outName(base + "_" + a.Entry), more
	}
	return export.Job{Name: dir, Out: outName(base), Expand: expand,
		Load: func() (*formats.Asset, error) {
			var err error
			if lib, err = folderLibrary(dir, o); err != nil {
				return nil, err
			}
			return openFolderEntry(lib, dir, o.Entry)
		}}
}

// loaderOptions is the loaders' options for --game and --archive-budget.
func (o openOptions) loaderOptions() map[string]string {
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
	return m
}

func loadInput(reg *formats.Registry, in *formats.Input, o openOptions, entry string) (*formats.Asset, error) {
	cp := *in
	cp.Entry = entry
	cp.Options = o.loaderOptions()
	if o.Skeleton != "" {
		sk, err := readInput(o.Skeleton)
		if err != nil {
			return nil, fmt.Errorf("skeleton: %w", err)
		}
		cp.Skeleton = sk
	}
	return reg.Load(&cp)
}

func stem(path string) string {
	b := filepath.Base(path)
	return strings.TrimSuffix(b, filepath.Ext(b))
}

// exportBatch runs a batch with a progress bar on a terminal (plain lines
// otherwise) and a summary of what failed; it fails when anything did.
func exportBatch(src string, isDir bool, outDir, ext string, o openOptions, workers int, force bool, stdout, stderr io.Writer) error {
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	// Temporary files of an earlier run that was killed.
	if swept, err := export.SweepTemps(outDir); err == nil && len(swept) > 0 {
		fmt.Fprintf(stdout, "removed %d temporary files an earlier export left in %s\n", len(swept), outDir)
	}
	jobs, err := batchJobs(src, isDir, outDir, ext, o)
	if err != nil {
		return err
	}
	if len(jobs) == 0 {
		return fmt.Errorf("%s: no animation files", src)
	}
	for i := range jobs {
		jobs[i].Force = force
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var progress func(r *export.Result, done, total int)
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		bar := progressbar.NewOptions(len(jobs), progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription("exporting"), progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish())
		progress = func(*export.Result, int, int) { bar.Add(1) }
	} else {
		progress = func(r *export.Result, done, total int) {
			status := fmt.Sprintf("ok, %d clips", r.Clips)
			switch {
			case r.Skipped:
				status = r.Err.Error()
			case r.Exists:
				status = "exists, not replaced"
			case r.Err != nil:
				status = "FAILED"
			}
			fmt.Fprintf(stdout, "[%d/%d] %s: %s\n", done, total, r.Job.Name, status)
		}
	}
	start := time.Now()
	results := export.RunBatch(ctx, jobs, workers, progress)
	elapsed := time.Since(start)
	clips, files, skipped := 0, 0, 0
	var failed, exist []*export.Result
	for i := range results {
		r := &results[i]
		switch {
		case r.Skipped:
			skipped++
		case r.Exists:
			exist = append(exist, r)
		case r.Err != nil:
			failed = append(failed, r)
		default:
			clips += r.Clips
			files++
		}
	}
	fmt.Fprintf(stdout, "exported %d clips to %d files in %s (%.1f clips/s); %d skipped (no animation of their own)\n",
		clips, files, elapsed.Round(time.Millisecond), float64(clips)/elapsed.Seconds(), skipped)
	if len(exist) > 0 {
		fmt.Fprintf(stdout, "%d not written, their files exist (--force replaces them):\n", len(exist))
		for _, r := range exist {
			fmt.Fprintf(stdout, "  %s: %s\n", r.Job.Name, r.Job.Out)
		}
	}
	if len(failed) > 0 {
		fmt.Fprintf(stdout, "%d failed:\n", len(failed))
		for _, r := range failed {
			fmt.Fprintf(stdout, "  %s: %v\n", r.Job.Name, r.Err)
		}
	}
	// Every job counts, those a container added included.
	switch {
	case len(failed) > 0 && len(exist) > 0:
		return fmt.Errorf("%d of %d exports failed, %d not written because their files exist", len(failed), len(results), len(exist))
	case len(failed) > 0:
		return fmt.Errorf("%d of %d exports failed", len(failed), len(results))
	case len(exist) > 0:
		return fmt.Errorf("%d of %d exports not written because their files exist (--force replaces them)", len(exist), len(results))
	}
	return nil
}
