package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

type jsonTransform struct {
	Translation [3]float32 `json:"translation"`
	// Rotation is [x, y, z, w], glTF order.
	Rotation [4]float32 `json:"rotation"`
	Scale    [3]float32 `json:"scale"`
	Matrix   []float32  `json:"matrix,omitempty"`
}

func transformJSON(t formats.Transform) jsonTransform {
	return jsonTransform{
		Translation: [3]float32(t.Translation),
		Rotation:    [4]float32{t.Rotation.V[0], t.Rotation.V[1], t.Rotation.V[2], t.Rotation.W},
		Scale:       [3]float32(t.Scale),
	}
}

// decompose splits a world matrix into translation, rotation and scale (a
// negative determinant puts the mirror into the X scale) and keeps the
// matrix itself, column-major, for exact comparisons.
func decompose(m mgl32.Mat4) jsonTransform {
	var j jsonTransform
	j.Translation = [3]float32{m[12], m[13], m[14]}
	sx := m.Col(0).Vec3().Len()
	sy := m.Col(1).Vec3().Len()
	sz := m.Col(2).Vec3().Len()
	if m.Mat3().Det() < 0 {
		sx = -sx
	}
	j.Scale = [3]float32{sx, sy, sz}
	r := m
	for c, s := range []float32{sx, sy, sz} {
		if s != 0 {
			for k := 0; k < 3; k++ {
				r[c*4+k] /= s
			}
		}
	}
	q := mgl32.Mat4ToQuat(r).Normalize()
	j.Rotation = [4]float32{q.V[0], q.V[1], q.V[2], q.W}
	j.Matrix = m[:]
	return j
}

type jsonPoseBone struct {
	Index   int           `json:"index"`
	ID      int           `json:"id"`
	Name    string        `json:"name"`
	Parent  int           `json:"parent"`
	Visible bool          `json:"visible"`
	Local   jsonTransform `json:"local"`
	World   jsonTransform `json:"world"`
}

type jsonPose struct {
	Clip      string         `json:"clip"`
	ClipIndex int            `json:"clip_index"`
	Time      float64        `json:"time"`
	ClipTime  float64        `json:"clip_time"`
	Frame     *float64       `json:"frame,omitempty"`
	Bones     []jsonPoseBone `json:"bones"`
}

// findClip resolves --clip as a name first, then as an index.
func findClip(a *formats.Asset, sel string) (int, error) {
	if len(a.Clips) == 0 {
		return -1, errors.New("the file has no clips")
	}
	if sel == "" {
		return 0, nil
	}
	for i, c := range a.Clips {
		if c.Name == sel {
			return i, nil
		}
	}
	if i, err := strconv.Atoi(sel); err == nil && i >= 0 && i < len(a.Clips) {
		return i, nil
	}
	return -1, fmt.Errorf("no clip %q (the file has %d clips; use a name or an index)", sel, len(a.Clips))
}

func posePayload(a *formats.Asset, ci int, t float64) *jsonPose {
	sk := a.Skeleton
	pose := player.NewPose(sk)
	j := &jsonPose{ClipIndex: ci, Time: t}
	if ci >= 0 {
		c := a.Clips[ci]
		j.Clip = c.Name
		// Looping clips wrap, others clamp, as playback does.
		j.ClipTime = player.ClipTime(t, c.Duration, c.Loop)
		player.NewClipSampler(sk, c).Sample(j.ClipTime, pose)
	}
	world := player.NewWorldPose(sk)
	player.ToWorld(sk, pose, world)
	for i, b := range sk.Bones {
		j.Bones = append(j.Bones, jsonPoseBone{Index: i, ID: b.ID, Name: b.Name, Parent: b.Parent,
			Visible: pose.Visible[i], Local: transformJSON(pose.Local[i]), World: decompose(world.Matrices[i])})
	}
	return j
}

func cmdPose(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("pose", flag.ContinueOnError)
	fs.Bool("json", true, "print JSON (the only output form)")
	clip := fs.String("clip", "", "clip `NAME or INDEX` (default: the first)")
	tm := fs.Float64("time", math.NaN(), "time in `SECONDS`")
	frame := fs.Float64("frame", math.NaN(), "frame `N` at the clip's frame rate")
	var tr treePoseRequest
	fs.StringVar(&tr.Anim, "anim", "", "animation `NAME`, played as the game composes its tree")
	fs.StringVar(&tr.From, "transition-from", "", "preview the transition from animation `NAME` to --anim")
	fs.Float64Var(&tr.FromTime, "from-time", 0, "how far --transition-from has played, in `SECONDS`")
	seed := fs.Uint("seed", 0, "random `SEED` for Random nodes (CRandom16)")
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
		j, err := treePosePayload(a, tr)
		if err != nil {
			return err
		}
		return writeJSON(w, j)
	}
	ci, err := findClip(a, *clip)
	if err != nil && *clip != "" {
		return err
	}
	t := *tm
	if !math.IsNaN(*frame) {
		if ci < 0 {
			return errors.New("--frame needs a clip; the file has none (use --time for the bind pose)")
		}
		rate, frames, _ := clipTiming(a, ci)
		if !(*frame >= 0 && *frame <= float64(frames-1)) {
			return fmt.Errorf("--frame %v is outside the clip %q: frames are 0 to %d", *frame, a.Clips[ci].Name, frames-1)
		}
		t = *frame / rate
	}
	if math.IsInf(t, 0) {
		return fmt.Errorf("time %v is not a time", t)
	}
	j := posePayload(a, ci, t)
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
