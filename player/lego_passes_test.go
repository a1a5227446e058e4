package player

import (
	"math"
	"math/rand"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// legoRandomClip is a LEGO clip with a bit of everything a sample must
// get right (docs/formats/lego-island.md#evaluating-a-node): channels
// without keys, with one key, with keys at one time; inactive, step and
// negate flags; keys equal, near and far apart, on either hemisphere;
// bind values with -0; visibility on some bones.
func legoRandomClip(seed int64) (*formats.Skeleton, *formats.Clip) {
	rng := rand.New(rand.NewSource(seed))
	const bones = 30
	sk := &formats.Skeleton{Bones: make([]formats.Bone, bones)}
	clip := &formats.Clip{Duration: 2, Interp: formats.InterpLego, Loop: true, Tracks: make([]formats.BoneTracks, bones)}
	times := func() []float64 {
		n := []int{0, 1, 2, 5, 20, 40}[rng.Intn(6)]
		ts := make([]float64, n)
		for k := range ts {
			ts[k] = float64(k) * 2 / float64(max(n-1, 1))
			if k > 0 && k < n-1 {
				ts[k] += (rng.Float64()*2 - 1) * 0.3 / float64(n)
			}
			// Keys at one time, the first two too (keyStart starts
			// every key at the first key's time just after it).
			if k > 0 && (ts[k] < ts[k-1] || rng.Intn(15) == 0) {
				ts[k] = ts[k-1]
			}
		}
		return ts
	}
	flags := func(n int) []formats.KeyFlags {
		if rng.Intn(3) == 0 {
			return nil
		}
		f := make([]formats.KeyFlags, n)
		for k := range f {
			f[k] = []formats.KeyFlags{formats.KeyInactive, formats.KeyStep, formats.KeyNegate, 0, 0, 0}[rng.Intn(6)]
		}
		return f
	}
	negZero := float32(math.Copysign(0, -1))
	for i := range sk.Bones {
		sk.Bones[i] = formats.Bone{ID: i, Parent: i - 1, Bind: formats.Transform{
			Translation: mgl32.Vec3{float32(rng.NormFloat64()), negZero, 1},
			Rotation:    mgl32.QuatRotate(float32(rng.Float64()), mgl32.Vec3{0, 0, 1}),
			Scale:       mgl32.Vec3{1, negZero, 3},
		}}
		tr := &clip.Tracks[i]
		ts := times()
		tr.Translation = formats.Vec3Track{Times: ts, Values: make([]mgl32.Vec3, len(ts)), Flags: flags(len(ts))}
		for k := range ts {
			tr.Translation.Values[k] = mgl32.Vec3{float32(rng.NormFloat64()), float32(rng.NormFloat64()), float32(rng.NormFloat64())}
		}
		ts = times()
		tr.Rotation = formats.QuatTrack{Times: ts, Values: make([]mgl32.Quat, len(ts)), Flags: flags(len(ts))}
		axis := mgl32.Vec3{float32(rng.NormFloat64()), float32(rng.NormFloat64()), float32(rng.NormFloat64())}.Normalize()
		angle := rng.Float64()
		for k := range ts {
			switch rng.Intn(10) {
			case 0:
				angle += 3 // nearly opposite, or the series' range left
			case 1: // equal keys
			default:
				angle += rng.Float64() * 0.5
			}
			tr.Rotation.Values[k] = mgl32.QuatRotate(float32(angle), axis)
			if rng.Intn(6) == 0 {
				tr.Rotation.Values[k] = tr.Rotation.Values[k].Scale(-1)
			}
		}
		ts = times()
		tr.Scale = formats.Vec3Track{Times: ts, Values: make([]mgl32.Vec3, len(ts)), Flags: flags(len(ts))}
		for k := range ts {
			tr.Scale.Values[k] = mgl32.Vec3{float32(rng.Float64()), float32(rng.Float64()), float32(rng.Float64())}
		}
		if rng.Intn(4) == 0 {
			tr.Visibility = formats.BoolTrack{Times: []float64{0.3, 1.1}, Values: []bool{false, true}}
		}
	}
	return sk, clip
}

// TestLegoPassesMatchKeys checks that playing forward by key events (the
// sampler's passes over its caches) gives, to the bit, what sampling
// every channel by its keys gives (sampleBones, the path of a jump):
// over forward play at 60 Hz with loops, samples at key times, jumps
// back and ahead, and times no clip has (negative, huge, NaN, ±Inf).
func TestLegoPassesMatchKeys(t *testing.T) {
	odd := []float64{-1, -1e301, math.NaN(), math.Inf(1), math.Inf(-1), 1e300, 1.0000000000000002e300, 5e307, math.MaxFloat64, math.Copysign(0, -1), 2, 2.5}
	for seed := int64(1); seed <= 6; seed++ {
		sk, clip := legoRandomClip(seed)
		var keyTimes []float64
		for _, tr := range clip.Tracks {
			keyTimes = append(append(append(keyTimes, tr.Translation.Times...), tr.Rotation.Times...), tr.Scale.Times...)
		}
		s, ref := newLegoSampler(sk, clip), newLegoSampler(sk, clip)
		got, want := NewPose(sk), NewPose(sk)
		rng := rand.New(rand.NewSource(seed))
		tm, played := 0.0, 0
		for step := 0; step < 2000; step++ {
			x := tm
			switch r := rng.Intn(100); {
			case r < 75:
				tm += 1.0 / 60
				x = ClipTime(tm, clip.Duration, true)
			case r < 82:
				tm = keyTimes[rng.Intn(len(keyTimes))]
				x = tm
			case r < 87:
				tm = rng.Float64() * 2.5
				x = tm
			case r < 90:
				tm -= 0.01
				x = tm
			case r < 93:
				x = odd[rng.Intn(len(odd))]
			}
			s.Sample(x, got)
			if s.valid && x <= legoAllTime {
				played++
			}
			ref.sampleBones(x, want.Local, want.Visible)
			for i := range want.Local {
				if transformBits(&got.Local[i]) != transformBits(&want.Local[i]) || got.Visible[i] != want.Visible[i] {
					t.Fatalf("seed %d, sample %d at t=%v, bone %d: %v %v, by the keys %v %v", seed, step, x, i, got.Local[i], got.Visible[i], want.Local[i], want.Visible[i])
				}
			}
		}
		if played < 1000 {
			t.Errorf("seed %d: %d of 2000 samples played forward by key events, want most", seed, played)
		}
	}
}
