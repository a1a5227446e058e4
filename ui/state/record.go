package state

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
)

// RecordSource returns a sampler of what plays, for recording it on
// another goroutine while the window goes on drawing: a sampler keeps
// scratch state (a clip's key cursors, a tree's scratch poses), so the
// recording gets one of its own. A tree is built again from the same seed,
// weights and pins, and therefore makes the same Random draws as the one
// that plays. In in-place mode the recording holds the moving root too.
// It also returns the name of what plays.
func (s *State) RecordSource() (player.Sampler, string, error) {
	if s.Asset == nil || s.Asset.Skeleton == nil || len(s.Asset.Skeleton.Bones) == 0 {
		return nil, "", errors.New("record: nothing to record")
	}
	var src player.Sampler
	c := s.CurrentClip()
	switch {
	case s.Tree.Anim >= 0 && s.Tree.src == nil:
		return nil, "", errors.New("record: the animation did not build")
	case s.Tree.Anim >= 0:
		var err error
		if src, err = s.buildRecording(); err != nil {
			return nil, "", fmt.Errorf("record: %w", err)
		}
	case c == nil:
		return nil, "", errors.New("record: no clip plays")
	default:
		src = player.NewClipSampler(s.Asset.Skeleton, c)
	}
	name := ""
	if c != nil {
		name = c.Name
	}
	if s.InPlace && s.mover >= 0 {
		src = &heldSampler{Sampler: src, bone: s.mover, start: s.moverStart, zUp: s.Asset.Coords.Up == formats.AxisZ}
	}
	return src, name, nil
}

// buildRecording builds the playing tree (or transition preview) again
// as rebuild and playTransition do, without recording the draws.
func (s *State) buildRecording() (player.Sampler, error) {
	opts := player.Options{
		Rand: player.NewRandom16(s.Tree.Seed), Pins: s.Tree.Pins, Weights: s.Tree.Weights,
		Skeleton: s.Asset.Skeleton,
	}
	var leaves []*formats.Clip
	list := s.AnimList()
	p := s.Tree.Transition
	if p == nil {
		if s.Tree.Anim >= len(list) {
			return nil, fmt.Errorf("no animation %d", s.Tree.Anim)
		}
		return s.buildAnim(s.Tree.Anim, opts, &leaves)
	}
	if p.From < 0 || p.From >= len(list) || p.To < 0 || p.To >= len(list) {
		return nil, fmt.Errorf("no animation %d or %d", p.From, p.To)
	}
	a, err := s.buildAnim(p.From, opts, &leaves)
	if err != nil {
		return nil, err
	}
	a.SetTime(p.FromTime)
	tr, err := player.BuildTransition(s.Asset, a, list[p.To].SetIndex, opts)
	if err != nil {
		return nil, err
	}
	return &transitionPreview{a: a, lead: p.FromTime, trans: tr}, nil
}

// heldSampler is HoldInPlace over a sampler, with the root's start copied
// so that it does not read the state from the recording's goroutine.
type heldSampler struct {
	player.Sampler
	bone  int
	start [3]float32
	zUp   bool
}

func (h *heldSampler) Sample(t float64, p *player.Pose) {
	h.Sampler.Sample(t, p)
	if h.bone >= len(p.Local) {
		return
	}
	tr := &p.Local[h.bone].Translation
	tr[0] = h.start[0]
	if h.zUp {
		tr[1] = h.start[1]
	} else {
		tr[2] = h.start[2]
	}
}

// OutputName returns a file name in dir for something saved at now with
// extension ext (".png", ".gif") that no file has yet:
// animview-DATE-TIME.EXT, then -2, -3, ...
func OutputName(dir string, now time.Time, ext string) string {
	base := "animview-" + now.Format("20060102-150405")
	p := filepath.Join(dir, base+ext)
	for k := 2; ; k++ {
		if _, err := os.Lstat(p); err != nil {
			return p // free, or unreadable: creating it will say why
		}
		p = filepath.Join(dir, fmt.Sprintf("%s-%d%s", base, k, ext))
	}
}

// Recording is a file written on another goroutine (the viewer's GIF
// recorder) as the window follows it: the progress the writer reports, a
// cancel request the writer sees at its next report, and the outcome.
// Progress and Cancel may be called from any goroutine; Poll and Wait from
// one (the window's).
type Recording struct {
	// Path is the file being written; Name is what is recorded (the
	// clip's or the animation's name).
	Path, Name string

	done, total atomic.Int64
	cancel      atomic.Bool
	result      chan error
	finished    bool
	err         error
}

// StartRecording runs write on a new goroutine, passing it the progress
// callback to call after each frame (it returns false once the recording
// is cancelled, and write should then stop).
func StartRecording(path, name string, write func(progress func(done, total int) bool) error) *Recording {
	r := &Recording{Path: path, Name: name, result: make(chan error, 1)}
	go func() { r.result <- write(r.report) }()
	return r
}

func (r *Recording) report(done, total int) bool {
	r.total.Store(int64(total))
	r.done.Store(int64(done))
	return !r.cancel.Load()
}

// Progress returns the frames written and the total (0 of 0 before the
// first frame).
func (r *Recording) Progress() (done, total int) {
	return int(r.done.Load()), int(r.total.Load())
}

// Fraction is the part done, from 0 to 1.
func (r *Recording) Fraction() float64 {
	done, total := r.Progress()
	if total <= 0 {
		return 0
	}
	return min(1, float64(done)/float64(total))
}

// Cancel asks the writer to stop at its next report.
func (r *Recording) Cancel() { r.cancel.Store(true) }

// Cancelled reports whether Cancel was called.
func (r *Recording) Cancelled() bool { return r.cancel.Load() }

// Poll reports, without waiting, whether the writer has returned, and its
// error.
func (r *Recording) Poll() (finished bool, err error) {
	if !r.finished {
		select {
		case r.err = <-r.result:
			r.finished = true
		default:
		}
	}
	return r.finished, r.err
}

// Wait blocks until the writer returns and gives its error.
func (r *Recording) Wait() error {
	if !r.finished {
		r.err, r.finished = <-r.result, true
	}
	return r.err
}
