package state

import (
	"errors"
	"fmt"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// RecordSource returns a sampler of what plays, for recording it on
// another goroutine while the window goes on drawing: a sampler keeps
// scratch state (a clip's key cursors, a tree's scratch poses), so the
// recording gets one of its own. A tree is built again from the same seed,
// weights and pins, and therefore makes the same Random draws as the one
// that plays. In in-place mode the recording holds the moving root too.
// It also returns the name of what plays.
func (s *State) RecordSource() (player.Sampler, string, error) {
	if s.asset == nil || s.asset.Skeleton == nil || len(s.asset.Skeleton.Bones) == 0 {
		return nil, "", errors.New("record: nothing to record")
	}
	var src player.Sampler
	c := s.CurrentClip()
	switch {
	case s.tree.anim >= 0 && s.tree.src == nil:
		return nil, "", errors.New("record: the animation did not build")
	case s.tree.anim >= 0:
		var err error
		if src, err = s.buildRecording(); err != nil {
			return nil, "", fmt.Errorf("record: %w", err)
		}
	case c == nil:
		return nil, "", errors.New("record: no clip plays")
	default:
		src = player.NewClipSampler(s.asset.Skeleton, c)
	}
	name := ""
	if c != nil {
		name = c.Name
	}
	if v := &s.vis; v.inPlace && v.mover >= 0 {
		src = &heldSampler{Sampler: src, bone: v.mover, start: v.moverStart, zUp: v.zUp}
	}
	return src, name, nil
}

// buildRecording builds the playing tree (or transition preview) again
// as rebuild and playTransition do, without recording the draws.
func (s *State) buildRecording() (player.Sampler, error) {
	t := &s.tree
	opts := player.Options{
		Rand: player.NewRandom16(t.seed), Pins: t.pins, Weights: t.weights,
		Skeleton: s.asset.Skeleton,
	}
	var leaves []*formats.Clip
	list := t.AnimList()
	p := t.transition
	if p == nil {
		if t.anim >= len(list) {
			return nil, fmt.Errorf("no animation %d", t.anim)
		}
		return t.buildAnim(t.anim, opts, &leaves)
	}
	if p.From < 0 || p.From >= len(list) || p.To < 0 || p.To >= len(list) {
		return nil, fmt.Errorf("no animation %d or %d", p.From, p.To)
	}
	a, err := t.buildAnim(p.From, opts, &leaves)
	if err != nil {
		return nil, err
	}
	tr, err := player.BuildTransition(s.asset, a, p.FromTime, list[p.To].SetIndex, opts)
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
	start mgl32.Vec3
	zUp   bool
}

func (h *heldSampler) Sample(t float64, p *player.Pose) {
	h.Sampler.Sample(t, p)
	if h.bone >= len(p.Local) {
		return
	}
	hold(&p.Local[h.bone].Translation, h.start, h.zUp)
}

// Recording is the GIF recording the window shows: what is written
// where, how far it has got, and whether the user asked it to stop. The
// window writes the file on a goroutine of its own (ui/task) and reports
// its progress here from the window's goroutine.
type Recording struct {
	active      bool
	path, name  string
	done, total int
	cancelled   bool
}

// StartRecording shows a recording of what is called name into path.
func (s *State) StartRecording(path, name string) {
	s.rec = Recording{active: true, path: path, name: name}
}

// SetRecordingProgress records the frames written and the total.
func (s *State) SetRecordingProgress(done, total int) { s.rec.done, s.rec.total = done, total }

// CancelRecording marks the recording as cancelling (the window asked the writer
// to stop).
func (s *State) CancelRecording() { s.rec.cancelled = true }

// FinishRecording ends the recording: it is no longer shown.
func (s *State) FinishRecording() { s.rec = Recording{} }

// Active reports whether a recording runs.
func (r Recording) Active() bool { return r.active }

// Path is the file being written.
func (r Recording) Path() string { return r.path }

// Name is what is recorded (the clip's or the animation's name).
func (r Recording) Name() string { return r.name }

// Cancelled reports whether the recording was asked to stop.
func (r Recording) Cancelled() bool { return r.cancelled }

// progress returns the frames written and the total (0 of 0 before the
// first frame).
func (r Recording) progress() (done, total int) { return r.done, r.total }

// Fraction is the part done, from 0 to 1.
func (r Recording) Fraction() float64 {
	if r.total <= 0 {
		return 0
	}
	return min(1, float64(r.done)/float64(r.total))
}
