package player

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"flag"
	"fmt"
	"hash"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
)

// The golden files in testdata/golden pin the player's output to the bit,
// independently of any reference written in the tests, in text that a
// reviewer can read and diff: every float is written in the shortest form
// that reads back to the same float32 bits (NaNs with their bits in hex).
// They show a selection of the cases (every so many times, cases and
// bones, named in each section's header). They were written from the same
// poses whose SHA-256 the tests pinned before, recorded from the player
// as it was before its assembly kernels were removed and its data
// reorganised (commit a2fc046): goldenWriter hashed every pose as those
// tests did while it wrote the text, and the hashes were the recorded ones
// (commit fa03f60 checks both). Their last line, the SHA-256 of every
// value computed, was checked the same way: written by fa03f60's tests
// with the recorded hashes passing, it is the same.
//
// They hold on amd64 without fused multiply-adds only (GOAMD64 below v3):
// the cases are built with mgl32 arithmetic, which a fusing build rounds
// otherwise, so the inputs themselves differ there.
//
// Rewrite them with go test -run Golden -update ./player, and read the diff.

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

func skipUnlessGoldenArch(t *testing.T) {
	t.Helper()
	if runtime.GOARCH != "amd64" || testDataFused {
		t.Skip("recorded on amd64 without fused multiply-adds, which the cases' mgl32 arithmetic would take here")
	}
}

// goldenWriter writes the text of a golden file: the values it is given
// while show is set. NaNs are one value where canonNaN is set. Every
// value it is given, shown or not, also goes into all, whose SHA-256 ends
// the text (text): the lines show a sample a reviewer can read, and the
// last line still pins every value to the bit.
type goldenWriter struct {
	out      bytes.Buffer
	line     []byte
	show     bool
	canonNaN bool
	all      hash.Hash
	bits     [4]byte
}

func newGoldenWriter() *goldenWriter { return &goldenWriter{all: sha256.New()} }

// text is the golden file's text: the lines shown, then the hash of
// every value given.
func (g *goldenWriter) text() []byte {
	fmt.Fprintf(&g.out, "\n# SHA-256 of every value computed, shown above or not (a change here alone is a value not shown):\n%x\n", g.all.Sum(nil))
	return g.out.Bytes()
}

// printf writes a line of text, when shown.
func (g *goldenWriter) printf(format string, args ...any) {
	if g.show {
		fmt.Fprintf(&g.out, format, args...)
	}
}

// label starts a shown value line.
func (g *goldenWriter) label(s string) {
	if g.show {
		g.line = append(g.line[:0], s...)
	}
}

// end ends a shown value line.
func (g *goldenWriter) end() {
	if g.show {
		g.out.Write(g.line)
		g.out.WriteByte('\n')
		g.line = g.line[:0]
	}
}

func (g *goldenWriter) f(x float32) {
	b := math.Float32bits(x)
	if g.canonNaN && x != x {
		b = 0x7fc00000
	}
	binary.LittleEndian.PutUint32(g.bits[:], b)
	g.all.Write(g.bits[:])
	if g.show {
		g.line = append(g.line, ' ')
		if x != x {
			if g.canonNaN {
				g.line = append(g.line, "NaN"...)
			} else {
				g.line = fmt.Appendf(g.line, "NaN(%08x)", math.Float32bits(x))
			}
		} else {
			g.line = strconv.AppendFloat(g.line, float64(x), 'g', -1, 32)
		}
	}
}

func (g *goldenWriter) transform(t *formats.Transform) {
	for _, x := range transformFloats(t) {
		g.f(x)
	}
}

// flags shows flags as 0s and 1s.
func (g *goldenWriter) flags(bs ...bool) {
	for _, v := range bs {
		g.bits[0] = byte(b2i(v))
		g.all.Write(g.bits[:1])
	}
	if g.show {
		g.line = append(g.line, ' ', ' ')
		for _, v := range bs {
			g.line = append(g.line, "01"[b2i(v)])
		}
	}
}

// shownBones is which of n bones a section shows: up to k spread evenly,
// the first and the last among them.
func shownBones(n, k int) []bool {
	show := make([]bool, n)
	if n <= k {
		for i := range show {
			show[i] = true
		}
		return show
	}
	for j := range k {
		show[j*(n-1)/(k-1)] = true
	}
	return show
}

// pose writes a pose, a line per bone shown: T x y z R w x y z S x y z,
// its visibility and, given mask, its translation mask.
func (g *goldenWriter) pose(p *Pose, shown, mask []bool) {
	all := g.show
	for i := range p.Local {
		g.show = all && shown[i]
		g.label("  b" + strconv.Itoa(i))
		g.transform(&p.Local[i])
		if mask != nil {
			g.flags(p.Visible[i], mask[i])
		} else {
			g.flags(p.Visible[i])
		}
		g.end()
	}
	g.show = all
}

func (g *goldenWriter) world(name string, w *WorldPose, n int, shown []bool) {
	all := g.show
	for i := range n {
		g.show = all && shown[i]
		g.label("  b" + strconv.Itoa(i) + " " + name)
		m := w.Matrix(i)
		for _, x := range m {
			g.f(x)
		}
		g.end()
	}
	g.show = all
}

// checkGolden compares text with testdata/golden/name, or writes it there
// under -update.
func checkGolden(t *testing.T, name string, text []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, text, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(text, want) {
		got, wantL := strings.Split(string(text), "\n"), strings.Split(string(want), "\n")
		for i := range max(len(got), len(wantL)) {
			var a, b string
			if i < len(got) {
				a = got[i]
			}
			if i < len(wantL) {
				b = wantL[i]
			}
			if a != b {
				t.Fatalf("%s differs from line %d:\n got  %s\n want %s\n(go test -run Golden -update ./player rewrites it; read the diff)", path, i+1, a, b)
			}
		}
	}
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

// goldenSamplingStride: the sampling golden shows every 97th time of
// goldenSampleTimes and the last five (NaN, the infinities, before the
// start, far beyond the end), 6 bones' local transforms and 3 bones'
// world matrices.
const goldenSamplingStride = 97

// goldenSampling writes, for every flavour and the test clips of each
// timeline shape, the poses sampled at goldenSampleTimes and their world
// matrices under both composition rules (W by matrix product, W2 as
// Echoes composes).
func goldenSampling() *goldenWriter {
	g := newGoldenWriter()
	g.show = true
	g.printf("# The player's samples, to the bit (player/golden_test.go, goldenSampling).\n")
	g.printf("# A bone's line: T x y z R w x y z S x y z, then its visibility; W and W2: its world matrix, column-major.\n")
	names := []string{"realistic", "edge", "shared", "flagged"}
	for _, fl := range realisticFlavours {
		for mi, mk := range []func(formats.Interp) (*formats.Skeleton, *formats.Clip){realisticClip, edgeClip, sharedClip, flaggedClip} {
			sk, clip := mk(fl)
			s, p := NewClipSampler(sk, clip), NewPose(sk)
			skP2 := *sk
			skP2.Compose = formats.ComposePrime2
			w, w2 := NewWorldPose(sk), NewWorldPose(&skP2)
			times := goldenSampleTimes(clip)
			n := len(sk.Bones)
			local, world := shownBones(n, 6), shownBones(n, 3)
			g.show = true
			g.printf("\n## %v, clip %s: %d bones, %d times (every %dth and the last 5 shown)\n", fl, names[mi], n, len(times), goldenSamplingStride)
			for k, tm := range times {
				g.show = k%goldenSamplingStride == 0 || k >= len(times)-5
				g.printf("t %s\n", strconv.FormatFloat(tm, 'g', -1, 64))
				s.Sample(tm, p)
				g.pose(p, local, nil)
				ToWorld(sk, p, w)
				g.world("W", w, n, world)
				ToWorld(&skP2, p, w2)
				g.world("W2", w2, n, world)
			}
		}
	}
	return g
}

// TestSamplingGolden: every flavour samples, and composes into world
// space by either rule, what testdata/golden/sampling.txt holds.
func TestSamplingGolden(t *testing.T) {
	skipUnlessGoldenArch(t)
	g := goldenSampling()
	checkGolden(t, "sampling.txt", g.text())
}

// goldenBlendStride: the blend goldens show every 15th case, 6 bones of
// each.
const goldenBlendStride = 15

// goldenBlend writes rule's results over randomBlendCases and, with NaNs
// as one value (which payload survives where two NaNs meet is the
// compiler's choice of operand order), over specialBlendCases' special
// inputs: through BlendPoses and through a tree's path (blendSampled,
// with A holding the bind translation wherever it has none).
func goldenBlend(rule BlendRule, n int) *goldenWriter {
	g := newGoldenWriter()
	g.show = true
	g.printf("# %v's blends, to the bit (player/golden_test.go, goldenBlend).\n", rule)
	g.printf("# A bone's line: T x y z R w x y z S x y z, then its visibility and translation mask.\n")
	for _, special := range []bool{false, true} {
		g.canonNaN = special
		cases := randomBlendCases(43, n)
		g.show = true
		if special {
			cases = specialBlendCases(47, n)
			g.printf("\n## specialBlendCases(47, %d), NaNs as one (every %dth case shown)\n", n, goldenBlendStride)
		} else {
			g.printf("\n## randomBlendCases(43, %d) (every %dth case shown)\n", n, goldenBlendStride)
		}
		for ci := range cases {
			c := &cases[ci]
			g.show = ci%goldenBlendStride == 0
			shown := shownBones(len(c.sk.Bones), 6)
			g.label("case " + strconv.Itoa(ci) + ", weight ")
			g.line = strconv.AppendFloat(g.line, float64(c.w), 'g', -1, 32)
			g.end()
			p, mo := c.run(rule, BlendPoses)
			g.printf(" BlendPoses\n")
			g.pose(p, shown, mo)
			for i := range c.sk.Bones {
				if !c.ma[i] {
					c.a.Local[i].Translation = c.sk.Bones[i].Bind.Translation
				}
			}
			p, mo = c.run(rule, blendSampled)
			g.printf(" tree\n")
			g.pose(p, shown, mo)
		}
	}
	return g
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestBlendRulesGolden: each rule blends what testdata/golden/blend-RULE.txt
// holds, special inputs included (NaN, infinite, huge and tiny
// quaternions, opposite hemispheres, NaN weights), through BlendPoses and
// a tree's blend.
func TestBlendRulesGolden(t *testing.T) {
	skipUnlessGoldenArch(t)
	for _, rule := range []BlendRule{BlendPrime, BlendPrime2, BlendShortest} {
		g := goldenBlend(rule, 600)
		checkGolden(t, "blend-"+rule.String()+".txt", g.text())
	}
}

// goldenBlendPosesStride: the game rules' golden shows every 50th case, 6
// bones of each.
const goldenBlendPosesStride = 50

// goldenBlendPoses writes every game-rule result of randomBlendCases(5,
// 2000) through BlendPoses, recorded from BlendPoses as it was before the
// blend was restructured for speed (commit 0f6fe9a), and again when MP1's
// rule stopped blending scales (the game's poses carry none): with every
// MP1 result's scales set to A's, the same cases gave the same bits
// before and after that change, so nothing else moved.
func goldenBlendPoses() *goldenWriter {
	g := newGoldenWriter()
	g.show = true
	g.printf("# The game rules' blends of randomBlendCases(5, 2000), to the bit (player/golden_test.go, goldenBlendPoses).\n")
	g.printf("# Every %dth case shown; a bone's line: T x y z R w x y z S x y z, then its visibility and translation mask.\n", goldenBlendPosesStride)
	cases := randomBlendCases(5, 2000)
	for ci := range cases {
		for _, rule := range []BlendRule{BlendPrime, BlendPrime2} {
			g.show = ci%goldenBlendPosesStride == 0
			g.label("case " + strconv.Itoa(ci) + " " + rule.String() + ", weight ")
			g.line = strconv.AppendFloat(g.line, float64(cases[ci].w), 'g', -1, 32)
			g.end()
			p, mo := cases[ci].run(rule, BlendPoses)
			shown := shownBones(len(p.Local), 6)
			all := g.show
			for i := range p.Local {
				g.show = all && shown[i]
				g.label("  b" + strconv.Itoa(i))
				g.transform(&p.Local[i])
				g.flags(p.Visible[i], mo[i])
				g.end()
			}
			g.show = all
		}
	}
	return g
}

// TestBlendPosesGolden: the game rules give what
// testdata/golden/blend-poses.txt holds.
func TestBlendPosesGolden(t *testing.T) {
	skipUnlessGoldenArch(t)
	g := goldenBlendPoses()
	checkGolden(t, "blend-poses.txt", g.text())
}
