package formats

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// MaxMagnitude bounds what a skeleton and its clips may compose to: every
// bone's world position and world scale, bounded over every key of every
// clip, must stay within it (docs/formats/README.md#values-near-the-float-limit).
// It leaves a factor of 10^8 below single precision's largest value
// (3.4e38), so that no product or sum the player, the renderer or the
// exporter forms on the way overflows.
const MaxMagnitude = 1e30

// MaxQuatNorm bounds a rotation's length (a bind's or a key's): the player
// normalises a quaternion by its squared length formed in single
// precision, which overflows for a component near 2e19 and turned such a
// rotation into the identity in the viewer while the exporter, in double
// precision, exported a half turn. Rotations as files store them have
// length 1 (or near it, after quantisation); 1e7 is far beyond that and
// keeps the squared length of a product of two rotations, and of the
// games' unnormalised slerps, finite.
const MaxQuatNorm = 1e7

// checkMagnitudes is, for a skeleton and the clips that play on it
// (those with a track set per bone), the rule of
// docs/formats/README.md#values-near-the-float-limit, the same for every
// command because every asset passes it before anything samples it: a
// rotation longer than MaxQuatNorm, or a skeleton whose bones, with the
// largest translation and scale any of the clips gives each, could
// compose to a world position or scale beyond MaxMagnitude, is an error
// wrapping ErrNonFinite that names the bone and the value (clip, track and
// key) that makes it so.
//
// The bound is conservative and cheap, one pass over the keys: a bone's
// world scale is at most its parent's times its own largest scale (a
// rotation does not change a matrix's spectral norm), its world position
// at most its parent's plus the parent's world scale times the length of
// its own largest translation (bind and key lengths added, for formats
// whose keys offset the bind). Values between keys lie between the keys
// (lerp, slerp) or within a small factor of them (curves), far inside the
// margin MaxMagnitude leaves.
func checkMagnitudes(sk *Skeleton, clips []*Clip) error {
	n := len(sk.Bones)
	trans := make([]largest, n)
	scale := make([]largest, n)
	for i := range sk.Bones {
		b := &sk.Bones[i]
		if q := quatNorm(b.Bind.Rotation); !(q <= MaxQuatNorm) {
			return fmt.Errorf("bone %d (%q) bind rotation %v has length %.3g, more than %g: %w",
				i, b.Name, b.Bind.Rotation, q, float64(MaxQuatNorm), ErrNonFinite)
		}
		trans[i] = largest{v: vecLen(b.Bind.Translation), track: "translation", key: -1}
		scale[i] = largest{v: math.Max(1, vecMax(b.Bind.Scale)), track: "scale", key: -1}
	}
	keyT := make([]largest, n)
	keyS := make([]largest, n)
	for _, c := range clips {
		if len(c.Tracks) != n {
			continue
		}
		for i := range c.Tracks {
			tr := &c.Tracks[i]
			for k, q := range tr.Rotation.Values {
				if l := quatNorm(q); !(l <= MaxQuatNorm) {
					return fmt.Errorf("clip %q bone %d (%q) rotation key %d (%.6g s): %v has length %.3g, more than %g: %w",
						c.Name, i, sk.Bones[i].Name, k, tr.Rotation.Times[k], q, l, float64(MaxQuatNorm), ErrNonFinite)
				}
			}
			for k, v := range tr.Translation.Values {
				if l := vecLen(v); l > keyT[i].v {
					keyT[i] = largest{v: l, clip: c, track: "translation", key: k}
				}
			}
			for k, v := range tr.Scale.Values {
				if l := vecMax(v); l > keyS[i].v {
					keyS[i] = largest{v: l, clip: c, track: "scale", key: k}
				}
			}
		}
	}
	worldT := make([]float64, n)
	worldS := make([]float64, n)
	for i := range sk.Bones {
		t := trans[i].v + keyT[i].v
		s := scale[i].v * math.Max(1, keyS[i].v)
		pt, ps := 0.0, 1.0
		if p := sk.Bones[i].Parent; p >= 0 {
			pt, ps = worldT[p], worldS[p]
		}
		worldT[i] = pt + ps*t
		worldS[i] = ps * s
		if worldT[i] <= MaxMagnitude && worldS[i] <= MaxMagnitude {
			continue
		}
		// Name the largest value on the bone's chain: the one to look at.
		var worst largest
		worstBone := i
		for j := i; j >= 0; j = sk.Bones[j].Parent {
			for _, l := range []largest{trans[j], keyT[j], scale[j], keyS[j]} {
				if l.v > worst.v {
					worst, worstBone = l, j
				}
			}
			if sk.Bones[j].Parent >= j {
				break
			}
		}
		return fmt.Errorf("bone %d (%q) could reach a world position or scale of %.3g, more than %g (bone %d (%q) %s): %w",
			i, sk.Bones[i].Name, math.Max(worldT[i], worldS[i]), float64(MaxMagnitude),
			worstBone, sk.Bones[worstBone].Name, worst.describe(sk, worstBone), ErrNonFinite)
	}
	return nil
}

// largest is the largest magnitude of a bone's translations or scales
// and where it comes from: the bind (clip nil) or a clip's key.
type largest struct {
	v     float64
	clip  *Clip
	track string // "translation" or "scale"
	key   int
}

// describe names the value, for an error about bone i of sk.
func (l *largest) describe(sk *Skeleton, i int) string {
	if l.clip == nil {
		v := sk.Bones[i].Bind.Translation
		if l.track == "scale" {
			v = sk.Bones[i].Bind.Scale
		}
		return fmt.Sprintf("bind %s %v", l.track, v)
	}
	tr := &l.clip.Tracks[i].Translation
	if l.track == "scale" {
		tr = &l.clip.Tracks[i].Scale
	}
	return fmt.Sprintf("clip %q %s key %d (%.6g s) %v", l.clip.Name, l.track, l.key, tr.Times[l.key], tr.Values[l.key])
}

// quatNorm is q's length in double precision.
func quatNorm(q mgl32.Quat) float64 {
	w, x, y, z := float64(q.W), float64(q.V[0]), float64(q.V[1]), float64(q.V[2])
	return math.Sqrt(w*w + x*x + y*y + z*z)
}

// vecLen is v's length in double precision.
func vecLen(v mgl32.Vec3) float64 {
	x, y, z := float64(v[0]), float64(v[1]), float64(v[2])
	return math.Sqrt(x*x + y*y + z*z)
}

// vecMax is the largest magnitude of v's components.
func vecMax(v mgl32.Vec3) float64 {
	return math.Max(math.Abs(float64(v[0])), math.Max(math.Abs(float64(v[1])), math.Abs(float64(v[2]))))
}
