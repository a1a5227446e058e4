package main

import (
	"fmt"
	"io"
	"math"

	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/player"
	"github.com/animview/animview/report"
)

func cmdPose(args []string, w, stderr io.Writer) error {
	fs := newFlagSet("pose")
	fs.Bool("json", true, "print JSON, the only output form")
	clip := fs.String("clip", "", "the clip `NAME|INDEX` (by default the file's namesake, else the first with keys)")
	tm := fs.Float64("time", math.NaN(), "time in `SECONDS`")
	frame := fs.Float64("frame", math.NaN(), "frame `N` at the clip's frame rate")
	var tr report.TreePoseRequest
	fs.StringVar(&tr.Anim, "anim", "", "animation `NAME`, played as the game composes its tree")
	fs.StringVar(&tr.From, "transition-from", "", "preview the transition from animation `NAME` to --anim")
	fs.Float64Var(&tr.FromTime, "from-time", 0, "how far --transition-from has played, in `SECONDS`")
	seed := fs.Uint("seed", 0, "the `SEED` of Random nodes' draws (CRandom16)")
	var mf motionFlags
	mf.register(fs)
	a, file, err := openFileArgPath(fs, args, func() error {
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
		if mf.file != "" && tr.Anim != "" {
			return fmt.Errorf("--motion plays a clip: not with --anim: %w", errUsage)
		}
		return mf.check()
	})
	if err != nil {
		return err
	}
	if err := open.RequireSkeleton(a); err != nil {
		return err
	}
	if tr.Anim != "" {
		tr.Time, tr.Seed = *tm, uint32(*seed)
		j, err := report.TreePose(a, tr)
		if err != nil {
			return err
		}
		return report.WriteJSON(w, j)
	}
	if mf.file != "" {
		mo, err := mf.open(a, *clip, stderr)
		if err != nil {
			return err
		}
		t := *tm
		if !math.IsNaN(*frame) {
			t = *frame / player.StepRate(mo.clip)
		}
		if math.IsInf(t, 0) {
			return fmt.Errorf("time %v is not a time", t)
		}
		j := report.SamplerPose(a.Skeleton, mo.clip.Name, mo.rt, t, player.ClipTime(t, mo.clip.Duration, mo.clip.Loop))
		if !math.IsNaN(*frame) {
			j.Frame = frame
		}
		return report.WriteJSON(w, j)
	}
	ci, err := a.FindClip(*clip, file)
	if err != nil && *clip != "" {
		return err
	}
	t := *tm
	if !math.IsNaN(*frame) {
		if t, err = report.FrameTime(a, ci, *frame); err != nil {
			return err
		}
	}
	if math.IsInf(t, 0) {
		return fmt.Errorf("time %v is not a time", t)
	}
	j := report.ClipPose(a, ci, t)
	if !math.IsNaN(*frame) {
		j.Frame = frame
	}
	return report.WriteJSON(w, j)
}
