// Package task runs a long job (the viewer's GIF recording) on a goroutine
// of its own while the window goes on drawing: the window polls the
// progress the job reports, can ask it to stop, and picks up its result,
// all from the window's goroutine; the viewer's state (ui/state) only
// hears of it from there.
package task

import "sync/atomic"

// Job is a function running on another goroutine: the progress it
// reports, a cancel request it sees at its next report, and its outcome.
// Progress and Cancel may be called from any goroutine; Poll and Wait from
// one (the window's).
type Job struct {
	done, total atomic.Int64
	cancel      atomic.Bool
	result      chan error
	finished    bool
	err         error
}

// Start runs work on a new goroutine, passing it the progress callback to
// call after each step (it returns false once the job is cancelled, and
// work should then stop).
func Start(work func(progress func(done, total int) bool) error) *Job {
	j := &Job{result: make(chan error, 1)}
	go func() { j.result <- work(j.report) }()
	return j
}

func (j *Job) report(done, total int) bool {
	j.total.Store(int64(total))
	j.done.Store(int64(done))
	return !j.cancel.Load()
}

// Progress returns the steps done and the total (0 of 0 before the first
// report).
func (j *Job) Progress() (done, total int) {
	return int(j.done.Load()), int(j.total.Load())
}

// Cancel asks the job to stop at its next report.
func (j *Job) Cancel() { j.cancel.Store(true) }

// Cancelled reports whether Cancel was called.
func (j *Job) Cancelled() bool { return j.cancel.Load() }

// Poll reports, without waiting, whether the job has returned, and its
// error.
func (j *Job) Poll() (finished bool, err error) {
	if !j.finished {
		select {
		case j.err = <-j.result:
			j.finished = true
		default:
		}
	}
	return j.finished, j.err
}

// Wait blocks until the job returns and gives its error.
func (j *Job) Wait() error {
	if !j.finished {
		j.err, j.finished = <-j.result, true
	}
	return j.err
}
