package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/animview/animview/export"
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
	batch, err := export.IsBatchOutput(*out)
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
		return exportBatch(export.Batch{Src: pos[0], OutDir: *out, Ext: "." + *format, Open: lf.options(), Workers: *jobs, Force: *force}, stdout, stderr)
	}
	// Checked before the work; WriteFile checks again as it writes.
	if err := export.CheckOverwrite(*out, *force); err != nil {
		return err
	}
	a, err := open.Path(pos[0], lf.options())
	if err != nil {
		return err
	}
	// What to open instead, and which entry, as pose and render say
	// (issue 35: "export: asset has no skeleton").
	if err := open.RequireSkeleton(a); err != nil {
		return err
	}
	takes, skipped, err := export.Takes(a, *clip, *character)
	for _, w := range skipped {
		fmt.Fprintf(stderr, "warning: %s\n", w)
	}
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

// exportBatch runs a batch with a progress bar on a terminal (plain lines
// otherwise) and prints its summary; it fails when any job did.
func exportBatch(b export.Batch, stdout, stderr io.Writer) error {
	plan, err := b.Plan()
	if err != nil {
		return err
	}
	if plan.Swept > 0 {
		fmt.Fprintf(stdout, "removed %d temporary files an earlier export left in %s\n", plan.Swept, b.OutDir)
	}
	// Ctrl+C stops handing out jobs; the ones under way finish.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	progress := func(r *export.Result, done, total int) {
		fmt.Fprintf(stdout, "[%d/%d] %s: %s\n", done, total, r.Job.Name, r.Status())
	}
	if bar := terminalProgress(stderr, len(plan.Jobs)); bar != nil {
		progress = func(*export.Result, int, int) { bar() }
	}
	sum := plan.Run(ctx, progress)
	sum.WriteText(stdout)
	return sum.Err()
}
