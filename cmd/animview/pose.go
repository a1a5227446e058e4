package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/player"
	"github.com/animview/animview/report"
)

func cmdPose(args []string, w io.Writer) error {
	fs := newFlagSet("pose")
	fs.Bool("json", true, "print JSON, the only output form")
	clip := fs.String("clip", "", "the clip `NAME|INDEX` (the first by default)")
	tm := fs.Float64("time", math.NaN(), "time in `SECONDS`")
	frame := fs.Float64("frame", math.NaN(), "frame `N` at the clip's frame rate")
	var tr report.TreePoseRequest
	fs.StringVar(&tr.Anim, "anim", "", "animation `NAME`, played as the game composes its tree")
	fs.StringVar(&tr.From, "transition-from", "", "preview the transition from animation `NAME` to --anim")
	fs.Float64Var(&tr.FromTime, "from-time", 0, "how far --transition-from has played, in `SECONDS`")
	seed := fs.Uint("seed", 0, "the `SEED` of Random nodes' draws (CRandom16)")
	a, err := openFileArg(fs, args, func() error {
		// --character is the shared loading flag: it opens that character
		// of the set, and the tree is posed on its skeleton.
		if f := fs.Lookup("character"); f != nil {
			tr.Character = f.Value.String()
		}
		if math.IsNaN(*tm) == math.IsNaN(*frame) {
			return fmt.Errorf("pose needs exactly one of --time and --frame: %w", errUsage)
		}
		if tr.Anim == "" && (tr.Character != "" || tr.From != "") {
			return fmt.Errorf("--character and --transition-from need --anim: %w", errUsage)
		}
		if tr.Anim != "" && (*clip != "" || !math.IsNaN(*frame)) {
			return fmt.Errorf("--anim plays a tree: use --time, not --clip or --frame: %w", errUsage)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := needSkeleton(a); err != nil {
		return err
	}
	if tr.Anim != "" {
		tr.Time, tr.Seed = *tm, uint32(*seed)
		j, err := report.TreePose(a, tr)
		if err != nil {
			return err
		}
		return writeJSON(w, j)
	}
	ci, err := open.FindClip(a, *clip)
	if err != nil && *clip != "" {
		return err
	}
	t := *tm
	if !math.IsNaN(*frame) {
		if ci < 0 {
			return errors.New("--frame needs a clip; the file has none (use --time for the bind pose)")
		}
		rate := player.StepRate(a.Clips[ci])
		frames := player.FrameCount(a.Clips[ci].Duration, rate)
		if !(*frame >= 0 && *frame <= float64(frames-1)) {
			return fmt.Errorf("--frame %v is outside the clip %q: frames are 0 to %d", *frame, a.Clips[ci].Name, frames-1)
		}
		t = *frame / rate
	}
	if math.IsInf(t, 0) {
		return fmt.Errorf("time %v is not a time", t)
	}
	j := report.ClipPose(a, ci, t)
	if !math.IsNaN(*frame) {
		j.Frame = frame
	}
	return writeJSON(w, j)
}

// writeJSON writes v indented. Loaders refuse NaN and infinities, but
// finite values can still overflow single precision as bones compose (a
// chain of scales near 1e38): that is an error that says so, not a bare
// "json: unsupported value", and nothing is written.
func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	var uv *json.UnsupportedValueError
	if errors.As(err, &uv) {
		return fmt.Errorf("the result holds %s, past single precision's range (the file's numbers are finite but too large): %w", uv.Str, formats.ErrNonFinite)
	}
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
