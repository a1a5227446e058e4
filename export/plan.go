package export

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/internal/printable"
)

// IsBatchOutput tells a single export's output from a batch's by the rule
// README.md gives: a name ending in .glb or .gltf is a file; an existing
// folder, a name ending in a separator and a name without an extension
// are a batch's folder; any other extension is an error (a name like
// out.fbx must not quietly become a folder).
func IsBatchOutput(out string) (bool, error) {
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

// Takes chooses what a single export of a holds: the clip named clip
// (Asset.FindClip), the animations of the character named character
// (CharacterTakes), or, with neither, every clip that plays (ClipTakes).
// warnings are the character's animations that could not be built, or
// the clips without keys, that were left out; a character's are added to
// a.Warnings too.
func Takes(a *formats.Asset, clip, character string) (takes []Take, warnings []string, err error) {
	if a.Skeleton == nil {
		return nil, nil, errors.New("the file has no skeleton to export")
	}
	if character != "" {
		return characterTakes(a, character)
	}
	if clip != "" {
		ci, err := a.FindClip(clip, "")
		if err != nil {
			return nil, nil, err
		}
		return []Take{ClipTake(a.Skeleton, a.Clips[ci])}, nil, nil
	}
	takes, warnings = ClipTakes(a)
	return takes, warnings, nil
}

// characterTakes is Takes for a character named by name or index.
func characterTakes(a *formats.Asset, name string) ([]Take, []string, error) {
	if len(a.Characters) == 0 {
		return nil, nil, fmt.Errorf("no character %q: the file has no characters", name)
	}
	ci, err := a.FindCharacter(name)
	if err != nil {
		names := make([]string, len(a.Characters))
		for i := range a.Characters {
			names[i] = a.Characters[i].Name
		}
		return nil, nil, fmt.Errorf("no character %q (the file has: %s)", name, strings.Join(names, ", "))
	}
	takes, skipped, err := CharacterTakes(a, ci)
	if err != nil {
		return nil, skipped, err
	}
	a.Warnings = append(a.Warnings, skipped...)
	return takes, skipped, nil
}

// Batch is a batch export: every animation that open.Batch finds in Src
// (a folder or a container), each to OutDir/<stem><Ext> under a name no
// other job of the batch has (Namer).
type Batch struct {
	Src, OutDir string
	// Ext is ".glb" or ".gltf".
	Ext string
	// Open are the loading choices, as for a single export.
	Open open.Options
	// Workers is the number of files exported at once (0: one per core).
	Workers int
	// Force replaces files that exist.
	Force bool
	// For is the player the keys are written for (Take.For).
	For Target
}

// Plan is a batch ready to run: its output folder made, its jobs listed.
type Plan struct {
	Jobs []Job
	// Swept is the temporary files an earlier, killed run left in the
	// output folder, removed.
	Swept int
	// workers is Batch.Workers.
	workers int
}

// Plan makes the output folder, removes the temporary files a killed run
// left there and lists the jobs. A source without an animation file is an
// error.
func (b Batch) Plan() (*Plan, error) {
	if err := os.MkdirAll(b.OutDir, 0o755); err != nil {
		return nil, err
	}
	p := &Plan{workers: b.Workers}
	if swept, err := SweepTemps(b.OutDir); err == nil {
		p.Swept = len(swept)
	}
	jobs, err := batchJobs(b.Src, b.OutDir, b.Ext, b.Open)
	if err != nil {
		return nil, err
	}
	if len(jobs) == 0 {
		return nil, fmt.Errorf("%s: no animation files", b.Src)
	}
	for i := range jobs {
		jobs[i].Force, jobs[i].For = b.Force, b.For
	}
	p.Jobs = jobs
	return p, nil
}

// batchJobs turns what a batch opens (open.Batch) into export jobs, each
// written to outDir/<stem><ext> under a name no other job of the batch
// has.
func batchJobs(src, outDir, ext string, o open.Options) ([]Job, error) {
	items, err := open.Batch(src, o)
	if err != nil {
		return nil, err
	}
	// Called from the batch's Expand calls too, which come one at a time.
	outName := NewNamer(outDir, ext).Path
	var job func(it open.Item) Job
	job = func(it open.Item) Job {
		j := Job{Name: it.Name, Out: outName(it.Stem), Load: it.Load}
		if it.Expand != nil {
			j.Expand = func(a *formats.Asset) (string, string, []Job) {
				name, stem, more := it.Expand(a)
				jobs := make([]Job, 0, len(more))
				for _, m := range more {
					jobs = append(jobs, job(m))
				}
				return name, outName(stem), jobs
			}
		}
		return j
	}
	jobs := make([]Job, 0, len(items))
	for _, it := range items {
		jobs = append(jobs, job(it))
	}
	return jobs, nil
}

// Run runs the plan's jobs (RunBatch) and sums up their results.
func (p *Plan) Run(ctx context.Context, progress func(r *Result, done, total int)) *Summary {
	start := time.Now()
	results := RunBatch(ctx, p.Jobs, p.workers, progress)
	s := &Summary{Elapsed: time.Since(start), Total: len(results)}
	for i := range results {
		r := &results[i]
		switch {
		case r.Skipped:
			s.Skipped++
		case r.Exists:
			s.Exist = append(s.Exist, r)
		case r.Err != nil:
			s.Failed = append(s.Failed, r)
		default:
			s.Clips += r.Clips
			s.Files++
		}
	}
	return s
}

// Status is a job's outcome in a few words, for a progress line.
func (r *Result) Status() string {
	switch {
	case r.Skipped:
		return r.Err.Error()
	case r.Exists:
		return "exists, not replaced"
	case r.Err != nil:
		return "FAILED"
	}
	return fmt.Sprintf("ok, %d clips", r.Clips)
}

// Summary is what a batch did.
type Summary struct {
	// Clips and Files are the animations and files written.
	Clips, Files int
	// Skipped counts the jobs with no animation of their own.
	Skipped int
	// Exist are the jobs not written because their files exist; Failed
	// those that failed.
	Exist, Failed []*Result
	// Total counts every job, those a container added included.
	Total   int
	Elapsed time.Duration
}

// WriteText writes the summary: what was written, how fast, and each job
// not written or failed.
func (s *Summary) WriteText(w io.Writer) {
	fmt.Fprintf(w, "exported %d clips to %d files in %s (%.1f clips/s); %d skipped (no animation of their own)\n",
		s.Clips, s.Files, s.Elapsed.Round(time.Millisecond), float64(s.Clips)/s.Elapsed.Seconds(), s.Skipped)
	if len(s.Exist) > 0 {
		fmt.Fprintf(w, "%d not written, their files exist (--force replaces them):\n", len(s.Exist))
		for _, r := range s.Exist {
			fmt.Fprintf(w, "  %s: %s\n", printable.String(r.Job.Name), printable.String(r.Job.Out))
		}
	}
	if len(s.Failed) > 0 {
		fmt.Fprintf(w, "%d failed:\n", len(s.Failed))
		for _, r := range s.Failed {
			fmt.Fprintf(w, "  %s: %s\n", printable.String(r.Job.Name), printable.Message(r.Err.Error()))
		}
	}
}

// Err is nil when every job was written or skipped, else says how many
// were not.
func (s *Summary) Err() error {
	switch {
	case len(s.Failed) > 0 && len(s.Exist) > 0:
		return fmt.Errorf("%d of %d exports failed, %d not written because their files exist", len(s.Failed), s.Total, len(s.Exist))
	case len(s.Failed) > 0:
		return fmt.Errorf("%d of %d exports failed", len(s.Failed), s.Total)
	case len(s.Exist) > 0:
		return fmt.Errorf("%d of %d exports not written because their files exist (--force replaces them)", len(s.Exist), s.Total)
	}
	return nil
}
