package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/animview/animview/export"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
)

// cmdExport is `animview export`: one file (or container entry) to a .glb or
// .gltf, or, when -o names a folder or FILE is a folder, a batch of every
// animation inside to OUTDIR in parallel.
func cmdExport(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("export")
	out := fs.String("o", "", "output `FILE` (.glb or .gltf), or a folder for a batch")
	clip := fs.String("clip", "", "export only the clip `NAME|INDEX`")
	all := fs.Bool("all", false, "export every clip (the default), or every animation of a folder or container")
	jobs := fs.Int("jobs", 0, "batch: export `N` files at once (0: one per core)")
	format := fs.String("format", "glb", "batch: write `glb|gltf` files")
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
	st, statErr := os.Stat(pos[0])
	isDir := statErr == nil && st.IsDir()
	batch, err := batchOutput(*out)
	if err != nil {
		return err
	}
	if isDir && !batch {
		return fmt.Errorf("-o %s: a folder exports one file per animation: -o names the folder to write them in (OUTDIR), with --all", *out)
	}
	if batch {
		if *clip != "" || *character != "" {
			return errors.New("a batch exports every clip: --clip and --character need -o FILE.glb")
		}
		if *format != "glb" && *format != "gltf" {
			return fmt.Errorf("--format %q: want glb or gltf", *format)
		}
		return exportBatch(pos[0], *out, "."+*format, lf.options(), *jobs, *force, stdout, stderr)
	}
	// Checked before the work; WriteFile checks again as it writes.
	if err := export.CheckOverwrite(*out, *force); err != nil {
		return err
	}
	a, err := open.Path(pos[0], lf.options())
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

// batchOutput tells a single export's -o from a batch's by the rule
// README.md gives: a name ending in .glb or .gltf is a file; an existing
// folder, a name ending in a separator and a name without an extension
// are a batch's folder; any other extension is an error (a name like
// out.fbx must not quietly become a folder).
func batchOutput(out string) (bool, error) {
	ext := strings.ToLower(filepath.Ext(out))
	switch {
	case ext == ".glb" || ext == ".gltf":
		return false, nil
	case strings.HasSuffix(out, string(filepath.Separator)) || strings.HasSuffix(out, "/") || ext == "":
		return true, nil
	}
	if st, err := os.Stat(out); err == nil && st.IsDir() {
		return true, nil
	}
	return false, fmt.Errorf("-o %s: export writes glTF 2.0, not %q: name a file .glb (binary) or .gltf (JSON), "+
		"or a folder for a batch (one that exists, or a name without an extension or ending in %c)", out, ext, filepath.Separator)
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
		ci, err := open.FindClip(a, clip)
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
	ci, err := open.FindCharacter(a, name)
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

// batchJobs turns what a batch opens (open.Batch, with the same choices
// as a single export) into export jobs, each written to
// OUTDIR/<stem><ext> under a name no other job of the batch has
// (export.Namer).
func batchJobs(src, outDir, ext string, o open.Options) ([]export.Job, error) {
	items, err := open.Batch(src, o)
	if err != nil {
		return nil, err
	}
	// Called from the batch's Expand calls too, which come one at a time.
	outName := export.NewNamer(outDir, ext).Path
	var job func(it open.Item) export.Job
	job = func(it open.Item) export.Job {
		j := export.Job{Name: it.Name, Out: outName(it.Stem), Load: func() (*formats.Asset, error) {
			a, err := it.Load()
			if errors.Is(err, open.ErrSkip) {
				err = skipped{err}
			}
			return a, err
		}}
		if it.Expand != nil {
			j.Expand = func(a *formats.Asset) (string, string, []export.Job) {
				name, stem, more := it.Expand(a)
				jobs := make([]export.Job, 0, len(more))
				for _, m := range more {
					jobs = append(jobs, job(m))
				}
				return name, outName(stem), jobs
			}
		}
		return j
	}
	jobs := make([]export.Job, 0, len(items))
	for _, it := range items {
		jobs = append(jobs, job(it))
	}
	return jobs, nil
}

// skipped is an open.ErrSkip error that export.RunBatch counts as
// skipped, with open's reason.
type skipped struct{ error }

func (skipped) Is(target error) bool { return target == export.ErrSkip }

// exportBatch runs a batch with a progress bar on a terminal (plain lines
// otherwise) and a summary of what failed; it fails when anything did.
func exportBatch(src, outDir, ext string, o open.Options, workers int, force bool, stdout, stderr io.Writer) error {
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	// Temporary files of an earlier run that was killed.
	if swept, err := export.SweepTemps(outDir); err == nil && len(swept) > 0 {
		fmt.Fprintf(stdout, "removed %d temporary files an earlier export left in %s\n", len(swept), outDir)
	}
	jobs, err := batchJobs(src, outDir, ext, o)
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
	if bar := terminalProgress(stderr, len(jobs)); bar != nil {
		progress = func(*export.Result, int, int) { bar() }
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
