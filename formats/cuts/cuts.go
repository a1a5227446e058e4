// Package cuts makes named clips out of time ranges of an existing clip:
// the walk, attack and jump of a MilkShape model's one long Timeline, or
// the I/O range a user keeps in the viewer's window. A cut lives outside
// the loaders: it is (name, source clip, from, to) over a clip the file
// already has, given on the command line (--split) or kept in a sidecar
// beside the file (FILE.animview.json, never inside the game's file).
//
// A cut clip is a new formats.Clip whose tracks are the source's tracks
// sliced to the range: the keys inside the range, and on each side the
// nearest key outside it, all shifted by -from. The player then
// interpolates between the same keys, with the same flags and flavour, as
// it does for the source, so the cut plays the source's motion over the
// range (to within the rounding of the shifted key times), and the
// player, the export and the window need nothing new. Keys before 0 or
// after the cut's duration are only ever reached by interpolation.
package cuts

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
)

// Group is the formats.Clip.Group of every cut clip, so that the window's
// clip list shows the cuts together after the file's own clips.
const Group = "cuts"

// Cut is one named range of a clip, in seconds of the source clip's time.
type Cut struct {
	// Name is the cut clip's name.
	Name string `json:"name"`
	// Clip names the source clip (the file's own clip the range is of).
	Clip string `json:"clip"`
	// From and To bound the range in seconds, 0 <= From < To <= the
	// source's duration.
	From float64 `json:"from"`
	To   float64 `json:"to"`
}

// ErrSpec is wrapped by every error about a --split spec or a cut's range
// (a bad value the user gave, not a bad file).
var ErrSpec = errors.New("bad cut")

// Bound is one end of a range as written: a time in seconds, or a frame
// number (written with an "f": f30).
type Bound struct {
	Value float64
	Frame bool
}

// Seconds is the bound in seconds at a frame rate (used for frames only).
func (b Bound) Seconds(rate float64) float64 {
	if b.Frame {
		return b.Value / rate
	}
	return b.Value
}

// String writes the bound as the spec does.
func (b Bound) String() string {
	s := strconv.FormatFloat(b.Value, 'g', -1, 64)
	if b.Frame {
		return "f" + s
	}
	return s
}

// Range is one NAME=FROM-TO of a spec.
type Range struct {
	Name     string
	From, To Bound
}

// maxNameLen bounds a cut's name.
const maxNameLen = 200

// ParseSpec reads a --split spec, NAME=FROM-TO[,NAME=FROM-TO...], where
// FROM and TO are seconds (1.2) or frames (f36). It checks the syntax
// and the names (non-empty, distinct); the ranges are checked against
// the clip by Resolve. Errors wrap ErrSpec.
func ParseSpec(spec string) ([]Range, error) {
	if strings.TrimSpace(spec) == "" {
		return nil, fmt.Errorf("--split: %w: empty spec (want NAME=FROM-TO[,NAME=FROM-TO...])", ErrSpec)
	}
	var out []Range
	seen := map[string]bool{}
	for i, part := range strings.Split(spec, ",") {
		name, rng, ok := strings.Cut(part, "=")
		name = strings.TrimSpace(name)
		if !ok {
			return nil, fmt.Errorf("--split range %d %q: %w: want NAME=FROM-TO", i+1, part, ErrSpec)
		}
		if err := CheckName(name); err != nil {
			return nil, fmt.Errorf("--split range %d %q: %w", i+1, part, err)
		}
		if seen[name] {
			return nil, fmt.Errorf("--split range %d: %w: the name %q is given twice", i+1, ErrSpec, name)
		}
		seen[name] = true
		a, b, ok := strings.Cut(rng, "-")
		if !ok {
			return nil, fmt.Errorf("--split %s: %w: range %q wants FROM-TO", name, ErrSpec, rng)
		}
		from, err := parseBound(a)
		if err != nil {
			return nil, fmt.Errorf("--split %s: from: %w", name, err)
		}
		to, err := parseBound(b)
		if err != nil {
			return nil, fmt.Errorf("--split %s: to: %w", name, err)
		}
		out = append(out, Range{Name: name, From: from, To: to})
	}
	return out, nil
}

// CheckName checks a cut's name: not empty, not over 200 bytes, and
// without the spec's separators (",", "=") or control characters.
func CheckName(name string) error {
	switch {
	case name == "":
		return fmt.Errorf("%w: empty name", ErrSpec)
	case len(name) > maxNameLen:
		return fmt.Errorf("%w: a name of %d bytes is longer than %d", ErrSpec, len(name), maxNameLen)
	case strings.ContainsAny(name, ",="):
		return fmt.Errorf("%w: the name %q holds \",\" or \"=\"", ErrSpec, name)
	case strings.IndexFunc(name, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0:
		return fmt.Errorf("%w: the name %q holds a control character", ErrSpec, name)
	}
	return nil
}

func parseBound(s string) (Bound, error) {
	s = strings.TrimSpace(s)
	var b Bound
	if rest, ok := strings.CutPrefix(s, "f"); ok {
		b.Frame = true
		s = rest
	}
	if s == "" || strings.ContainsAny(s, "+-eEnNiI") {
		// Signs, exponents, NaN and Inf are not times a user writes.
		return b, fmt.Errorf("%w: %q is not a time (seconds like 1.2, or frames like f36)", ErrSpec, s)
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return b, fmt.Errorf("%w: %q is not a time (seconds like 1.2, or frames like f36)", ErrSpec, s)
	}
	b.Value = v
	return b, nil
}

// Resolve turns the ranges of a spec into cuts of src (the clip --clip
// chose), converting frames at src's frame rate, and checks each against
// it (Check). Errors wrap ErrSpec.
func Resolve(rs []Range, src *formats.Clip) ([]Cut, error) {
	out := make([]Cut, 0, len(rs))
	for _, r := range rs {
		if (r.From.Frame || r.To.Frame) && !(src.FrameRate > 0) {
			return nil, fmt.Errorf("--split %s: %w: clip %q has no frame rate: give seconds, not frames", r.Name, ErrSpec, src.Name)
		}
		c := Cut{Name: r.Name, Clip: src.Name, From: r.From.Seconds(src.FrameRate), To: r.To.Seconds(src.FrameRate)}
		if err := Check(c, src); err != nil {
			return nil, fmt.Errorf("--split %s=%s-%s: %w", r.Name, r.From, r.To, err)
		}
		out = append(out, c)
	}
	return out, nil
}

// endSlack is how far past the source's end a range may reach and be
// taken as its end: frames converted to seconds round.
const endSlack = 1e-9

// Check checks a cut's range against its source clip: finite, from >= 0,
// from < to (an empty or reversed range is refused) and to within the
// clip's duration. Errors wrap ErrSpec.
func Check(c Cut, src *formats.Clip) error {
	switch {
	case !formats.Finite(c.From) || !formats.Finite(c.To):
		return fmt.Errorf("%w: range %v-%v is not finite", ErrSpec, c.From, c.To)
	case c.From < 0:
		return fmt.Errorf("%w: from %gs is before the clip's start", ErrSpec, c.From)
	case c.To == c.From:
		return fmt.Errorf("%w: range %gs-%gs is empty", ErrSpec, c.From, c.To)
	case c.To < c.From:
		return fmt.Errorf("%w: range %gs-%gs is reversed (from after to)", ErrSpec, c.From, c.To)
	case c.To > src.Duration+endSlack:
		return fmt.Errorf("%w: to %gs is past the end of clip %q (%gs long)", ErrSpec, c.To, src.Name, src.Duration)
	}
	return nil
}

// Make returns the clip a cut plays: src's time From..To rebased to 0
// (see the package comment). The cut must pass Check; src is left as it
// was and shares nothing writable with the result.
func Make(src *formats.Clip, c Cut) *formats.Clip {
	to := math.Min(c.To, src.Duration)
	s := slicer{from: c.From, to: to, times: map[timesKey][2]int{}, out: map[timesKey][]float64{}}
	out := &formats.Clip{
		Name:      c.Name,
		Duration:  to - c.From,
		FrameRate: src.FrameRate,
		Loop:      src.Loop,
		Interp:    src.Interp,
		Tracks:    make([]formats.BoneTracks, len(src.Tracks)),
		Group:     Group,
		Drives:    slices.Clone(src.Drives),
	}
	out.SharedTimeline = src.SharedTimeline
	for _, kv := range src.Info {
		// The source's frame counts are not the cut's.
		if !strings.Contains(kv.Key, "frames") {
			out.Info = append(out.Info, kv)
		}
	}
	out.Info = append(out.Info, formats.KV{Key: "cut of", Value: fmt.Sprintf("%s %gs-%gs", src.Name, c.From, to)})
	for i := range src.Tracks {
		in, o := &src.Tracks[i], &out.Tracks[i]
		o.Translation = s.vec3(&in.Translation)
		o.Rotation = s.quat(&in.Rotation)
		o.Scale = s.vec3(&in.Scale)
		o.Visibility = s.bools(&in.Visibility)
	}
	if cam := src.Camera; cam != nil {
		out.Camera = &formats.CameraTrack{Position: s.vec3(&cam.Position), Target: s.vec3(&cam.Target)}
		lo, hi := s.window(cam.Roll.Times)
		out.Camera.Roll = formats.FloatTrack{Times: s.shifted(cam.Roll.Times, lo, hi),
			Values: slices.Clone(cam.Roll.Values[lo:hi]), Flags: cloneFlags(cam.Roll.Flags, lo, hi)}
	}
	for _, e := range src.Events {
		if e.Time >= c.From && e.Time <= to {
			e.Time -= c.From
			e.Payload = slices.Clone(e.Payload)
			out.Events = append(out.Events, e)
		}
	}
	return out
}

// timesKey identifies a Times slice, so that tracks sharing one in the
// source (formats with one timeline) share one in the cut too.
type timesKey struct {
	p *float64
	n int
}

type slicer struct {
	from, to float64
	times    map[timesKey][2]int
	out      map[timesKey][]float64
}

// window returns the keys of times a cut keeps: those in [from, to] and
// the nearest one on each side outside it, which the player interpolates
// from or towards inside the range. A step channel (visibility, LEGO's
// step flag) holds the key before from, so that one is kept too.
func (s *slicer) window(times []float64) (lo, hi int) {
	if len(times) == 0 {
		return 0, 0
	}
	k := timesKey{&times[0], len(times)}
	if w, ok := s.times[k]; ok {
		return w[0], w[1]
	}
	// lo: the last key at or before from (or 0); hi: one past the first
	// key at or after to (or len).
	lo, _ = slices.BinarySearch(times, s.from)
	if lo == len(times) || times[lo] > s.from {
		lo = max(lo-1, 0)
	}
	hi, _ = slices.BinarySearch(times, s.to)
	hi = min(hi+1, len(times))
	// Keys at one time (a step) are kept whole on both sides.
	for lo > 0 && times[lo-1] == times[lo] {
		lo--
	}
	for hi < len(times) && times[hi] == times[hi-1] {
		hi++
	}
	s.times[k] = [2]int{lo, hi}
	return lo, hi
}

// shifted returns times[lo:hi] minus from, once per source slice.
func (s *slicer) shifted(times []float64, lo, hi int) []float64 {
	if len(times) == 0 {
		return nil
	}
	k := timesKey{&times[0], len(times)}
	if t, ok := s.out[k]; ok {
		return t
	}
	t := make([]float64, hi-lo)
	for i := range t {
		t[i] = times[lo+i] - s.from
	}
	s.out[k] = t
	return t
}

func cloneFlags(f []formats.KeyFlags, lo, hi int) []formats.KeyFlags {
	if f == nil {
		return nil
	}
	return slices.Clone(f[lo:hi])
}

func (s *slicer) vec3(in *formats.Vec3Track) formats.Vec3Track {
	lo, hi := s.window(in.Times)
	out := formats.Vec3Track{Times: s.shifted(in.Times, lo, hi), Values: slices.Clone(in.Values[lo:hi]), Flags: cloneFlags(in.Flags, lo, hi)}
	if in.Knots != nil && len(out.Times) > 0 {
		// The curve's knots in the kept span, and the kept span's ends:
		// the samples between them still follow the curve.
		out.Knots = []float64{out.Times[0]}
		for _, t := range in.Knots {
			if t-s.from > out.Times[0] && t-s.from < out.Times[len(out.Times)-1] {
				out.Knots = append(out.Knots, t-s.from)
			}
		}
		if len(out.Times) > 1 {
			out.Knots = append(out.Knots, out.Times[len(out.Times)-1])
		}
	}
	if c := in.Curve; len(c) > 1 {
		// The curve over the cut's range (it holds its end keys
		// outside them, as the cut does).
		out.Curve = formats.CurveSpan(c, max(s.from, c[0].Time), min(s.to, c[len(c)-1].Time), s.from)
	}
	return out
}

func (s *slicer) quat(in *formats.QuatTrack) formats.QuatTrack {
	lo, hi := s.window(in.Times)
	return formats.QuatTrack{Times: s.shifted(in.Times, lo, hi), Values: slices.Clone(in.Values[lo:hi]), Flags: cloneFlags(in.Flags, lo, hi)}
}

func (s *slicer) bools(in *formats.BoolTrack) formats.BoolTrack {
	lo, hi := s.window(in.Times)
	return formats.BoolTrack{Times: s.shifted(in.Times, lo, hi), Values: slices.Clone(in.Values[lo:hi])}
}

// Apply adds to a the clips of cuts, after its own clips, in order. A cut
// whose source clip a lacks, whose name a clip of a already has, or whose
// range does not fit its source is not added: its problem is returned
// among the errors (each wrapping ErrSpec), and the others are still
// added.
func Apply(a *formats.Asset, cs []Cut) []error {
	var errs []error
	names := map[string]bool{}
	for _, c := range a.Clips {
		names[c.Name] = true
	}
	own := len(a.Clips)
	for _, c := range cs {
		src := Source(a.Clips[:own], c.Clip)
		switch {
		case src == nil:
			errs = append(errs, fmt.Errorf("cut %q: %w: the file has no clip %q", c.Name, ErrSpec, c.Clip))
			continue
		case names[c.Name]:
			errs = append(errs, fmt.Errorf("cut %q: %w: the file already has a clip of that name", c.Name, ErrSpec))
			continue
		}
		if err := Check(c, src); err != nil {
			errs = append(errs, fmt.Errorf("cut %q of %q: %w", c.Name, c.Clip, err))
			continue
		}
		names[c.Name] = true
		a.Clips = append(a.Clips, Make(src, c))
	}
	return errs
}

// Source returns the first clip of clips named name, or nil; cut clips
// (Group) are never a source.
func Source(clips []*formats.Clip, name string) *formats.Clip {
	for _, c := range clips {
		if c.Name == name && c.Group != Group {
			return c
		}
	}
	return nil
}
