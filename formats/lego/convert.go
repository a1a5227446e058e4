package lego

import (
	"fmt"
	"strconv"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// Game names the game in Asset.Game.
const Game = "LEGO Island"

// Asset turns the decoded file into the common model: the node tree is the
// skeleton (pre-order, identity bind), one clip named name carries the
// keys, evaluated with formats.InterpLego. The clip does not loop; an SI
// loader sets Loop from the presenter.
func (f *File) Asset(name string) (*formats.Asset, error) {
	if f.Root == nil {
		return nil, fmt.Errorf("%s: no node tree", FormatAni)
	}
	sk := &formats.Skeleton{Name: name, Source: "the .ani node tree"}
	clip := &formats.Clip{Name: name, Interp: formats.InterpLego}
	a := &formats.Asset{
		Format: FormatAni,
		Game:   Game,
		// Figures face the file's +Z; the view's mirror of Z turns that
		// to -Z, so their front is seen from yaw 180.
		Coords:   formats.Coords{Up: formats.AxisY, LeftHanded: true, FrontYaw: 180},
		Skeleton: sk,
		Clips:    []*formats.Clip{clip},
	}
	if f.Duration < 0 {
		a.Warnings = append(a.Warnings, fmt.Sprintf("duration %d ms is negative; using 0", f.Duration))
	} else {
		clip.Duration = msToSeconds(uint32(f.Duration))
	}
	var nT, nR, nS, nM int
	f.Walk(func(n *Node, index, parent, _ int) {
		sk.Bones = append(sk.Bones, formats.Bone{ID: index, Name: n.Name, Parent: parent, Bind: formats.Identity()})
		clip.Tracks = append(clip.Tracks, formats.BoneTracks{
			Translation: translationTrack(n.Translation),
			Rotation:    rotationTrack(n.Rotation),
			Scale:       scaleTrack(n.Scale),
			Visibility:  morphTrack(n.Morph),
		})
		nT += len(n.Translation)
		nR += len(n.Rotation)
		nS += len(n.Scale)
		nM += len(n.Morph)
	})
	if f.Camera != nil {
		clip.Camera = &formats.CameraTrack{
			Position: translationTrack(f.Camera.Position),
			Target:   translationTrack(f.Camera.Target),
			Roll:     rollTrack(f.Camera.Roll),
		}
	}
	clip.Info = []formats.KV{
		{Key: "keys", Value: fmt.Sprintf("translation %d, rotation %d, scale %d, morph %d", nT, nR, nS, nM)},
	}
	if c := f.Camera; c != nil {
		clip.Info = append(clip.Info, formats.KV{Key: "camera keys",
			Value: fmt.Sprintf("position %d, target %d, roll %d", len(c.Position), len(c.Target), len(c.Roll))})
	}
	a.Info = f.info(len(sk.Bones))
	return a, nil
}

func (f *File) info(nodes int) []formats.KV {
	cam := "no"
	if f.Camera != nil {
		cam = "yes"
	}
	kv := []formats.KV{
		{Key: "bounding sphere", Value: fmt.Sprintf("radius %g, centre (%g, %g, %g)",
			f.BoundingRadius, f.Center[0], f.Center[1], f.Center[2])},
		{Key: "camera animation", Value: cam},
	}
	if f.HasCamera != 0 && f.HasCamera != 1 {
		kv = append(kv, formats.KV{Key: "camera flag", Value: strconv.Itoa(int(f.HasCamera))})
	}
	kv = append(kv,
		formats.KV{Key: "unused header word", Value: strconv.Itoa(int(f.Unused))},
		formats.KV{Key: "duration", Value: fmt.Sprintf("%d ms", f.Duration)},
		formats.KV{Key: "actors", Value: strconv.Itoa(len(f.Actors))},
	)
	for i, act := range f.Actors {
		v := fmt.Sprintf("%q type %d", act.Name, act.Type)
		if n := ActorTypeName(act.Type); n != "" {
			v += " (" + n + ")"
		}
		if act.Name == "" {
			v = `"" (no type)`
		}
		kv = append(kv, formats.KV{Key: fmt.Sprintf("actor %d", i), Value: v})
	}
	kv = append(kv, formats.KV{Key: "nodes", Value: strconv.Itoa(nodes)})
	if len(f.Trailing) > 0 {
		kv = append(kv, formats.KV{Key: "trailing bytes", Value: strconv.Itoa(len(f.Trailing))})
	}
	return kv
}

func msToSeconds(ms uint32) float64 { return float64(ms) / 1000 }

// modelFlags maps a key's flags onto the model. The game reads 0x04 and
// 0x02 on key i+1 when interpolating from key i to i+1, which is the
// model's "interval ending at this key", so they stay on the same key.
func modelFlags(file uint8, active bool) formats.KeyFlags {
	var m formats.KeyFlags
	if file&FlagSkipInterp != 0 {
		m |= formats.KeyStep
	}
	if file&FlagNegate != 0 {
		m |= formats.KeyNegate
	}
	if !active {
		m |= formats.KeyInactive
	}
	return m
}

// flagsOrNil drops an all-zero flag slice.
func flagsOrNil(fl []formats.KeyFlags) []formats.KeyFlags {
	for _, f := range fl {
		if f != 0 {
			return fl
		}
	}
	return nil
}

func translationTrack(keys []TranslationKey) formats.Vec3Track {
	return vec3Track(len(keys), func(i int) (Key, mgl32.Vec3, bool) {
		k := &keys[i]
		return k.Key, mgl32.Vec3{k.X, k.Y, k.Z}, k.Active()
	})
}

func scaleTrack(keys []ScaleKey) formats.Vec3Track {
	return vec3Track(len(keys), func(i int) (Key, mgl32.Vec3, bool) {
		k := &keys[i]
		return k.Key, mgl32.Vec3{k.X, k.Y, k.Z}, k.Active()
	})
}

// vec3Track builds a translation or scale track; the two key types differ
// only in their active rule, which key supplies.
func vec3Track(n int, key func(i int) (Key, mgl32.Vec3, bool)) formats.Vec3Track {
	if n == 0 {
		return formats.Vec3Track{}
	}
	t := formats.Vec3Track{
		Times:  make([]float64, n),
		Values: make([]mgl32.Vec3, n),
		Flags:  make([]formats.KeyFlags, n),
	}
	for i := 0; i < n; i++ {
		k, v, active := key(i)
		t.Times[i] = msToSeconds(k.Time)
		t.Values[i] = v
		t.Flags[i] = modelFlags(k.Flags, active)
	}
	t.Flags = flagsOrNil(t.Flags)
	return t
}

// rotationTrack stores the conjugate of each file quaternion: the engine
// multiplies row vectors by the column-vector matrix R(q), which rotates
// by q*, and the model's quaternions rotate column vectors.
func rotationTrack(keys []RotationKey) formats.QuatTrack {
	if len(keys) == 0 {
		return formats.QuatTrack{}
	}
	t := formats.QuatTrack{
		Times:  make([]float64, len(keys)),
		Values: make([]mgl32.Quat, len(keys)),
		Flags:  make([]formats.KeyFlags, len(keys)),
	}
	for i, k := range keys {
		t.Times[i] = msToSeconds(k.Time)
		t.Values[i] = mgl32.Quat{W: k.W, V: mgl32.Vec3{-k.X, -k.Y, -k.Z}}
		t.Flags[i] = modelFlags(k.Flags, k.Active())
	}
	t.Flags = flagsOrNil(t.Flags)
	return t
}

func morphTrack(keys []MorphKey) formats.BoolTrack {
	if len(keys) == 0 {
		return formats.BoolTrack{}
	}
	t := formats.BoolTrack{Times: make([]float64, len(keys)), Values: make([]bool, len(keys))}
	for i, k := range keys {
		t.Times[i] = msToSeconds(k.Time)
		t.Values[i] = k.Visible != 0
	}
	return t
}

func rollTrack(keys []RollKey) formats.FloatTrack {
	if len(keys) == 0 {
		return formats.FloatTrack{}
	}
	t := formats.FloatTrack{
		Times:  make([]float64, len(keys)),
		Values: make([]float32, len(keys)),
		Flags:  make([]formats.KeyFlags, len(keys)),
	}
	for i, k := range keys {
		t.Times[i] = msToSeconds(k.Time)
		t.Values[i] = k.Angle
		t.Flags[i] = modelFlags(k.Flags, k.Active())
	}
	t.Flags = flagsOrNil(t.Flags)
	return t
}
