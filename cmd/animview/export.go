package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/animview/animview/compare"
	"github.com/animview/animview/export/batch"
	"github.com/animview/animview/export/gltf"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/cuts"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/internal/printable"
	"github.com/animview/animview/internal/safefile"
)

// cmdExport is `animview export`: one file (or container entry) to a .glb or
// .gltf, or, when -o names a folder or FILE is a folder, a batch of every
// animation inside to OUTDIR in parallel.
func cmdExport(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("export")
	out := fs.String("o", "", "output `FILE` (.glb or .gltf), a folder for a batch, or - for standard output")
	clip := fs.String("clip", "", "export only the clip `NAME|INDEX`")
	all := fs.Bool("all", false, "export every clip (the default), or every animation of a folder or container")
	jobs := fs.Int("jobs", 0, "batch: export `N` files at once (0: one per core)")
	format := fs.String("format", "glb", "batch and -o -: write `glb|gltf`")
	force := fs.Bool("force", false, "replace files that exist (without it they are left alone and the export fails)")
	bake := fs.Float64("bake", 0, "sample every channel uniformly at `FPS` frames a second instead of keeping the file's keys")
	forTarget := fs.String("for", "gltf", "write the keys for `gltf|blender`: glTF's own interpolation (slerp, cubic splines; three.js, Babylon.js, Godot), or Blender 3.4's importer (LINEAR keys only, more of them)")
	stats := fs.Bool("stats", false, "print the source's and the export's key counts per animation")
	events := fs.String("events", "", "also write the animations' events to `FILE.json` as a list")
	var lf loadFlags
	lf.register(fs)
	var mf motionFlags
	mf.register(fs)
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
	limitMemory(pos[0], lf.budget)
	if err := mf.check(); err != nil {
		return err
	}
	st, statErr := os.Stat(pos[0])
	isDir := statErr == nil && st.IsDir()
	if *format != "glb" && *format != "gltf" {
		return badValue("--format %q: want glb or gltf", *format)
	}
	toStdout := *out == "-"
	toFolder := false
	if !toStdout {
		if toFolder, err = batch.IsOutput(*out); err != nil {
			return fmt.Errorf("%w: %w", err, errBadValue)
		}
	}
	if isDir && toStdout {
		return badValue("-o -: a folder exports one file per animation; name the folder to write them in (OUTDIR), with --all")
	}
	if isDir && !toFolder {
		return badValue("-o %s: a folder exports one file per animation: -o names the folder to write them in (OUTDIR), with --all", *out)
	}
	if *bake < 0 || *bake > 1000 || *bake != *bake {
		return badValue("--bake %v: want a rate in frames a second, up to 1000", *bake)
	}
	target, ok := gltf.Targets[*forTarget]
	if !ok {
		return badValue("--for %q: want gltf or blender", *forTarget)
	}
	if err := lf.check(); err != nil {
		return err
	}
	if toFolder {
		if *bake > 0 || *stats || *events != "" {
			return badValue("--bake, --stats and --events need -o FILE.glb (one file)")
		}
		if lf.split != "" {
			return badValue("--split cuts one file's clip: it needs -o FILE.glb")
		}
		if mf.file != "" {
			return badValue("--motion exports one file: -o names a .glb or .gltf")
		}
		if *clip != "" || *character != "" {
			return badValue("a batch exports every clip: --clip and --character need -o FILE.glb")
		}
		return exportBatch(batch.Export{Src: pos[0], OutDir: *out, Ext: "." + *format, Open: lf.options(), Workers: *jobs, Force: *force, For: target}, stdout, stderr)
	}
	// Checked before the work; WriteFile checks again as it writes.
	if !toStdout {
		if err := safefile.CheckOverwrite(*out, *force); err != nil {
			return err
		}
	}
	if *events != "" {
		if err := safefile.CheckOverwrite(*events, *force); err != nil {
			return err
		}
	}
	a, err := open.Path(pos[0], lf.options())
	if err != nil {
		return err
	}
	for _, w := range a.Warnings {
		if strings.HasPrefix(w, "cuts sidecar") {
			fmt.Fprintf(stderr, "warning: %s\n", printable.Message(w))
		}
	}
	// What to open instead, and which entry, as pose and render say
	// (issue 35: "export: asset has no skeleton").
	if err := open.RequireSkeleton(a); err != nil {
		return err
	}
	var takes []gltf.Take
	if mf.file != "" {
		mo, err := mf.open(a, *clip, stderr)
		if err != nil {
			return err
		}
		takes = []gltf.Take{motionTake(mo)}
	} else if lf.split != "" && *character == "" {
		// --clip chose the clip --split cuts; the export holds the cuts,
		// each range its own animation.
		if takes, err = splitTakes(a, lf.split); err != nil {
			return err
		}
	} else {
		var skipped []string
		takes, skipped, err = gltf.Takes(a, *clip, *character)
		for _, w := range skipped {
			fmt.Fprintf(stderr, "warning: %s\n", printable.Message(w))
		}
		if err != nil {
			return err
		}
	}
	for i := range takes {
		takes[i].BakeRate, takes[i].For = *bake, target
	}
	doc, err := gltf.Build(a, takes)
	if err != nil {
		return err
	}
	// What is said goes to stderr when the document is standard output.
	msg := stdout
	if toStdout {
		msg = stderr
		bw := bufio.NewWriter(stdout)
		if err := gltf.Encode(bw, doc, *format == "glb"); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return fmt.Errorf("export: standard output: %w", err)
		}
	} else {
		if err := gltf.WriteFile(*out, doc, *force); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s (%s)\n", *out, plural(len(takes), "animation"))
	}
	if *events != "" {
		evs := gltf.Events(a.Skeleton, takes, doc)
		err := safefile.WriteAtomic(*events, func(w io.Writer) error { return gltf.WriteEvents(w, evs) })
		if err != nil {
			return err
		}
		fmt.Fprintf(msg, "wrote %s (%s)\n", *events, plural(len(evs), "event"))
	}
	if *stats {
		gltf.WriteKeyStats(msg, gltf.KeyStats(takes, doc))
	}
	return nil
}

// motionTake is the take of a --motion clip on the opened skeleton: the
// clip's frames and key times, sampled through the retarget; the clip's
// events and camera stay with the file they name bones of.
func motionTake(mo *motion) gltf.Take {
	return gltf.Take{Name: mo.clip.Name, Source: mo.rt, FrameRate: mo.clip.FrameRate,
		KeyTimes: compare.KeyTimes(mo.clip), Loop: mo.clip.Loop, Interp: mo.clip.Interp.String()}
}

// splitTakes are the takes of the clips a --split spec cut.
func splitTakes(a *formats.Asset, spec string) ([]gltf.Take, error) {
	if a.Skeleton == nil {
		return nil, fmt.Errorf("the file has no skeleton to export")
	}
	rs, err := cuts.ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	var takes []gltf.Take
	for _, r := range rs {
		for _, c := range a.Clips {
			if c.Name == r.Name && c.Group == cuts.Group {
				takes = append(takes, gltf.ClipTake(a.Skeleton, c))
				break
			}
		}
	}
	return takes, nil
}

// exportBatch runs a batch with a progress bar on a terminal (plain lines
// otherwise) and prints its summary; it fails when any job did.
func exportBatch(b batch.Export, stdout, stderr io.Writer) error {
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
	progress := func(r *batch.Result, done, total int) {
		fmt.Fprintf(stdout, "[%d/%d] %s: %s\n", done, total, printable.String(r.Job.Name), printable.Message(r.Status()))
	}
	if bar := terminalProgress(stderr, len(plan.Jobs)); bar != nil {
		progress = func(*batch.Result, int, int) { bar() }
	}
	sum := plan.Run(ctx, progress)
	sum.WriteText(stdout)
	return sum.Err()
}

// plural is n and a noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
