package player

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"math"
	"math/rand"
	"runtime"
	"testing"

	"github.com/animview/animview/formats"
)

// The golden hashes below pin the player's output to the bit, independently
// of any reference written in the tests: they were recorded from the
// player as it was before its assembly kernels were removed and its data
// reorganised (commit a2fc046, the Go code and the kernels alike, which
// gave the same bits), and every later change must give the same.
//
// They hold on amd64 without fused multiply-adds only (GOAMD64 below v3):
// the cases are built with mgl32 arithmetic, which a fusing build rounds
// otherwise, so the inputs themselves differ there.

func skipUnlessGoldenArch(t *testing.T) {
	t.Helper()
	if runtime.GOARCH != "amd64" || testDataFused {
		t.Skip("recorded on amd64 without fused multiply-adds, which the cases' mgl32 arithmetic would take here")
	}
}

// goldenHasher hashes float32 bits, with every NaN as one value where
// canonNaN is set. Bytes are gathered in buf and written a pose at a time.
type goldenHasher struct {
	h        hash.Hash
	canonNaN bool
	buf      []byte
}

func (g *goldenHasher) f(x float32) {
	b := math.Float32bits(x)
	if g.canonNaN && x != x {
		b = 0x7fc00000
	}
	g.buf = binary.LittleEndian.AppendUint32(g.buf, b)
}

func (g *goldenHasher) flush() {
	g.h.Write(g.buf)
	g.buf = g.buf[:0]
}

func (g *goldenHasher) transform(t *formats.Transform) {
	for _, x := range transformFloats(t) {
		g.f(x)
	}
}

func (g *goldenHasher) bools(bs ...bool) {
	var b byte
	for k, v := range bs {
		if v {
			b |= 1 << k
		}
	}
	g.buf = append(g.buf, b)
}

func (g *goldenHasher) pose(p *Pose) {
	for i := range p.Local {
		g.transform(&p.Local[i])
		g.bools(p.Visible[i])
	}
}

func (g *goldenHasher) world(w *WorldPose, n int) {
	for i := range n {
		m := w.Matrix(i)
		for _, x := range m {
			g.f(x)
		}
	}
}

func (g *goldenHasher) sum() string {
	g.flush()
	return hex.EncodeToString(g.h.Sum(nil))
}

// goldenSampleTimes is what the sampling golden test samples a clip at:
// playing forward at 60 Hz and at 7 Hz over two passes (the key events
// and the loop's wrap), the clip's key times and the times just either
// side (exact keys, the pieces' ends), and random seeks, beyond the ends
// too.
func goldenSampleTimes(clip *formats.Clip) []float64 {
	var ts []float64
	for n := 0; n < 2*60*int(clip.Duration+1); n++ {
		ts = append(ts, ClipTime(float64(n)/60, clip.Duration, true))
	}
	for n := 0; n < 2*7*int(clip.Duration+1); n++ {
		ts = append(ts, ClipTime(float64(n)/7, clip.Duration, true))
	}
	for i, tr := range clip.Tracks {
		if i%13 != 0 {
			continue
		}
		for _, k := range tr.Rotation.Times {
			ts = append(ts, math.Nextafter(k, -1), k, math.Nextafter(k, 3))
		}
	}
	rng := rand.New(rand.NewSource(17))
	for range 200 {
		ts = append(ts, (rng.Float64()*1.2-0.1)*clip.Duration)
	}
	return append(ts, math.NaN(), math.Inf(1), math.Inf(-1), -1, 1e300)
}

// goldenSampling hashes, for every flavour and the test clips of each
// timeline shape, the poses sampled at goldenSampleTimes and their world
// matrices under both composition rules.
func goldenSampling() string {
	g := &goldenHasher{h: sha256.New()}
	for _, fl := range realisticFlavours {
		for _, mk := range []func(formats.Interp) (*formats.Skeleton, *formats.Clip){realisticClip, edgeClip, sharedClip, flaggedClip} {
			sk, clip := mk(fl)
			s, p := NewClipSampler(sk, clip), NewPose(sk)
			skP2 := *sk
			skP2.Compose = formats.ComposePrime2
			w, w2 := NewWorldPose(sk), NewWorldPose(&skP2)
			for _, tm := range goldenSampleTimes(clip) {
				s.Sample(tm, p)
				g.pose(p)
				ToWorld(sk, p, w)
				g.world(w, len(sk.Bones))
				ToWorld(&skP2, p, w2)
				g.world(w2, len(sk.Bones))
				g.flush()
			}
		}
	}
	return g.sum()
}

// samplingGoldenHash is goldenSampling's hash.
const samplingGoldenHash = "75d98a9b2d8442cebb6b6742c58d921f45e7f1449939f69748164b770514e837"

// TestSamplingGolden: every flavour samples, and composes into world
// space by either rule, what it did when the hash was recorded.
func TestSamplingGolden(t *testing.T) {
	skipUnlessGoldenArch(t)
	if got := goldenSampling(); got != samplingGoldenHash {
		t.Errorf("hash %s, want %s", got, samplingGoldenHash)
	}
}

// goldenBlend hashes rule's results over randomBlendCases and, with NaNs
// as one value (which payload survives where two NaNs meet is the
// compiler's choice of operand order), over specialBlendCases' special
// inputs: through BlendPoses and through a tree's path (blendSampled,
// with A holding the bind translation wherever it has none).
func goldenBlend(rule BlendRule, n int) string {
	g := &goldenHasher{h: sha256.New()}
	for _, special := range []bool{false, true} {
		g.canonNaN = special
		cases := randomBlendCases(43, n)
		if special {
			cases = specialBlendCases(47, n)
		}
		for ci := range cases {
			c := &cases[ci]
			p, mo := c.run(rule, BlendPoses)
			g.pose(p)
			g.bools(mo...)
			for i := range c.sk.Bones {
				if !c.ma[i] {
					c.a.Local[i].Translation = c.sk.Bones[i].Bind.Translation
				}
			}
			p, mo = c.run(rule, blendSampled)
			g.pose(p)
			g.bools(mo...)
			g.flush()
		}
	}
	return g.sum()
}

// blendGoldenHashes are goldenBlend's hashes over 600 cases per rule.
var blendGoldenHashes = map[BlendRule]string{
	BlendPrime:    "aaa75f28d98e94f83af434ab4c37ff9a6ec9fc3acf3f4623720d5320ced4ac2a",
	BlendPrime2:   "09f039d40acaf6d8d011eeb2b0f2a2ecc2d2fc4ed1de2c6690140792729d7a53",
	BlendShortest: "0ae10a4409d5aa44568c1fc0350323783f3a3f13d18688150728c9cd686ee1eb",
}

// TestBlendRulesGolden: each rule blends what it did when the hashes were
// recorded, special inputs included (NaN, infinite, huge and tiny
// quaternions, opposite hemispheres, NaN weights), through BlendPoses and
// a tree's blend.
func TestBlendRulesGolden(t *testing.T) {
	skipUnlessGoldenArch(t)
	for _, rule := range []BlendRule{BlendPrime, BlendPrime2, BlendShortest} {
		if got := goldenBlend(rule, 600); got != blendGoldenHashes[rule] {
			t.Errorf("%v: hash %s, want %s", rule, got, blendGoldenHashes[rule])
		}
	}
}
