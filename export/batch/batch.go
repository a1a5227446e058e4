package batch

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/animview/animview/export/gltf"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/internal/safefile"
)

// Job is one export of a batch: an asset (a file, or one entry of a
// container) and the file it goes to.
type Job struct {
	// Name says what is exported, for progress lines and the summary.
	Name string
	// Out is the .glb or .gltf path written.
	Out string
	// Load opens the asset. It runs on a worker, so that reading and
	// decoding are spread over the cores too.
	Load func() (*formats.Asset, error)
	// Expand, when not nil, is called with a loaded asset that lists
	// container entries (formats.Asset.Entries: an SI, a PAK): it returns
	// the name and path for the entry that was opened (replacing Name and
	// Out) and jobs for the other entries, which join the batch. It is
	// called one call at a time.
	Expand func(a *formats.Asset) (name, out string, more []Job)
	// Force lets the job replace an existing Out; without it the job is
	// not written (Result.Exists). The jobs Expand adds inherit it.
	Force bool
	// For is the player the keys are written for (gltf.Take.For); the jobs
	// Expand adds inherit it.
	For gltf.Target
}

// Result is the outcome of one job.
type Result struct {
	Job *Job
	// Clips is the number of animations written.
	Clips int
	// Skipped is set when the asset has no clips (a skeleton alone, an
	// event file): nothing is written and it is not a failure.
	Skipped bool
	// Exists is set when Out exists and the job may not replace it: Err
	// wraps safefile.ErrExists and nothing is written.
	Exists bool
	Err    error
}

// ErrSkip, wrapped in the error a Job's Load returns, skips the job
// instead of failing it (a folder's README is no animation). It is
// open.ErrSkip, so that what open's batch listing says is no animation of
// its own is skipped as it comes.
var ErrSkip = open.ErrSkip

// ErrNoClips is the reason a job whose asset has no clips or no bones (a
// skeleton alone, an event file) is skipped.
var ErrNoClips = fmt.Errorf("%w: no animation to export (no clips or no bones)", ErrSkip)

// batch is the shared state of Run's workers.
type batch struct {
	mu       sync.Mutex
	wake     *sync.Cond
	jobs     []*Job
	results  []Result
	queue    []int
	busy     int
	done     int
	progress func(r *Result, done, total int)
	ctx      context.Context
}

// Run runs the jobs on workers goroutines (the number of usable cores
// when workers <= 0) and returns their results: the given jobs' first, in
// order, then those their containers added. progress, when not nil, is
// called after each job, one call at a time, with the jobs done and known
// so far. A cancelled ctx stops handing out jobs; the ones under way
// finish (their files are written whole or not at all), the rest fail
// with ctx's error.
func Run(ctx context.Context, jobs []Job, workers int, progress func(r *Result, done, total int)) []Result {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	b := &batch{progress: progress, ctx: ctx}
	b.wake = sync.NewCond(&b.mu)
	for i := range jobs {
		b.add(&jobs[i])
	}
	stop := context.AfterFunc(ctx, func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		b.cancel()
	})
	defer stop()
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.work()
		}()
	}
	wg.Wait()
	return b.results
}

// add queues a job; the caller holds mu (or is the only goroutine).
func (b *batch) add(j *Job) {
	b.jobs = append(b.jobs, j)
	b.results = append(b.results, Result{Job: j})
	b.queue = append(b.queue, len(b.jobs)-1)
}

// cancel fails the queued jobs with the context's error; the caller
// holds mu.
func (b *batch) cancel() {
	for _, i := range b.queue {
		b.results[i].Err = b.ctx.Err()
	}
	b.queue = nil
	b.wake.Broadcast()
}

func (b *batch) work() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for {
		for len(b.queue) == 0 && b.busy > 0 {
			b.wake.Wait()
		}
		// AfterFunc may not have run yet when a worker gets here first.
		if b.ctx.Err() != nil {
			b.cancel()
		}
		if len(b.queue) == 0 {
			return
		}
		i := b.queue[0]
		b.queue = b.queue[1:]
		j := b.jobs[i]
		b.busy++
		b.mu.Unlock()
		r := b.run(j)
		b.mu.Lock()
		b.busy--
		b.results[i] = r
		b.done++
		if b.progress != nil {
			b.progress(&b.results[i], b.done, len(b.jobs))
		}
		b.wake.Broadcast()
	}
}

// run loads, builds and writes one job (gltf.AssetTakes: every clip, or the
// opened character's animations), turning a panic in a loader into
// the job's error so that one bad file cannot end the batch.
func (b *batch) run(j *Job) (r Result) {
	r.Job = j
	defer func() {
		if p := recover(); p != nil {
			r.Err = fmt.Errorf("internal error: %v", p)
		}
	}()
	a, err := j.Load()
	if err != nil {
		r.Err, r.Skipped = err, errors.Is(err, ErrSkip)
		return r
	}
	b.mu.Lock()
	if j.Expand != nil && len(a.Entries) > 0 {
		name, out, more := j.Expand(a)
		j.Name, j.Out = name, out
		for k := range more {
			more[k].Force = more[k].Force || j.Force
			more[k].For = j.For
			b.add(&more[k])
		}
		b.wake.Broadcast()
	}
	out := j.Out
	b.mu.Unlock()
	if len(a.Clips) == 0 || a.Skeleton == nil || len(a.Skeleton.Bones) == 0 {
		r.Skipped, r.Err = true, ErrNoClips
		return r
	}
	if err := safefile.CheckOverwrite(out, j.Force); err != nil {
		r.Err, r.Exists = err, errors.Is(err, safefile.ErrExists)
		return r
	}
	// A character of a set exports its animations (meta-animation trees
	// included); the ones that cannot be built are named in the scene's
	// warnings.
	takes, skipped, err := gltf.AssetTakes(a)
	if err != nil {
		r.Err = err
		return r
	}
	a.Warnings = append(a.Warnings, skipped...)
	for i := range takes {
		takes[i].For = j.For
	}
	doc, err := gltf.Build(a, takes)
	if err != nil {
		r.Err = err
		return r
	}
	if err := gltf.WriteFile(out, doc, j.Force); err != nil {
		r.Err, r.Exists = err, errors.Is(err, safefile.ErrExists)
		return r
	}
	r.Clips = len(takes)
	return r
}
