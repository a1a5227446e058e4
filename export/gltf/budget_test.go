package gltf

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/primetest"
	"github.com/animview/animview/player"
	"github.com/go-gl/mathgl/mgl32"
)

// maxTimes is the largest key count of any channel of any animation.
func maxTimes(t *testing.T, a *formats.Asset) (int, error) {
	t.Helper()
	doc, err := Build(a, allTakes(a))
	if err != nil {
		return 0, err
	}
	n := 0
	for _, an := range doc.Animations {
		for _, s := range an.Samplers {
			n = max(n, int(doc.Accessors[s.Input].Count))
		}
	}
	return n, nil
}

// TestDamagedANIMBudget is issue 35's damaged Prime ANIM: the demo
// creature's scuttle as a version 2 ANIM written by our encoder, with one
// bit flipped in the frame interval's exponent (byte 20, the float32
// after the duration; docs/formats/metroid-prime.md). The interval
// shrinks 256-fold (bit 2) or 2^16-fold (bit 3), the frame grid grows to
// 7,681 or 524,290 frames a second, and the splitter followed the keys,
// squeezed into the first milliseconds, down to its depth limit: 146,015
// keys for a 1 s clip. Now the grid holds at most maxGridRate frames a
// second and the splits are bounded by the take's budget; every channel
// stays within it.
func TestDamagedANIMBudget(t *testing.T) {
	h := prime.Header{Interval: 1.0 / 30, Duration: 1, RootBone: 3, Looping: true}
	src, err := prime.EncodeANIM(prime.MP1, 2, h, primetest.Keys())
	if err != nil {
		t.Fatal(err)
	}
	for _, bit := range []uint{2, 3} {
		b := append([]byte(nil), src...)
		b[20] ^= 1 << bit
		a, err := open.Registry().Load(&formats.Input{Name: "1A2B3C4D.ANIM", Data: b})
		if err != nil {
			t.Fatalf("bit %d: %v", bit, err)
		}
		c := a.Clips[0]
		keys := len(ClipTake(a.Skeleton, c).KeyTimes)
		budget := int(maxGridRate*c.Duration) + 2 + keyFactor*keys + keyAllowance
		n, err := maxTimes(t, a)
		switch {
		case errors.Is(err, ErrBudget):
			if !strings.Contains(err.Error(), c.Name) {
				t.Errorf("bit %d: the error does not name the take: %v", bit, err)
			}
		case err != nil:
			t.Errorf("bit %d: %v", bit, err)
		case n > budget:
			t.Errorf("bit %d: a channel has %d keys, over the budget of %d for %d source key times over %v s", bit, n, budget, keys, c.Duration)
		default:
			t.Logf("bit %d: at most %d keys a channel (budget %d)", bit, n, budget)
		}
	}
}

// noise is a take no keys can follow: bone 1 turns to a different angle
// at every time it is sampled.
type noise struct {
	sk *formats.Skeleton
}

func (noise) Duration() float64 { return 1 }

func (n noise) Sample(t float64, p *player.Pose) {
	for i := range p.Local {
		p.Local[i] = n.sk.Bones[i].Bind
	}
	// Not a linear function of t (t·1e7 was): a constant spin of the
	// samples, however fast, slerps to the spin's own midpoints and fits.
	ang := math.Mod(math.Sin(t*12.9898)*43758.5453e3, 2*math.Pi)
	p.Local[1].Rotation = mgl32.QuatRotate(float32(ang), mgl32.Vec3{0, 0, 1})
}

// TestBudgetErrorNamesSpan: where the splitting cannot converge, the
// export stops at the take's budget with an error that names the take,
// the joint the keys miss (the hand, turned by the elbow's noise) and the
// time span, not "export it in parts".
func TestBudgetErrorNamesSpan(t *testing.T) {
	a := load(t, "../../formats/ms3d/testdata/arm.txt", "")
	tk := Take{Name: "spin", Source: noise{a.Skeleton}, FrameRate: 30}
	_, err := Build(a, []Take{tk})
	if !errors.Is(err, ErrBudget) {
		t.Fatalf("got %v, want the budget's error", err)
	}
	msg := err.Error()
	for _, want := range []string{`take "spin"`, "between ", " s and ", `bone 2 ("hand")`, "does not converge"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the error does not say %q: %s", want, msg)
		}
	}
	t.Log(msg)
}

// TestHugeKeyTimeBudget: a MilkShape text key at frame 1e20 (issue 35)
// makes a take of 4e18 s; its grid of frames is refused before it is
// allocated, with an error that names the take and its length.
func TestHugeKeyTimeBudget(t *testing.T) {
	src, err := os.ReadFile("../../formats/ms3d/testdata/arm.txt")
	if err != nil {
		t.Fatal(err)
	}
	b := strings.Replace(string(src), "24.000000 0.000000 0.698132", "1e20 0.000000 0.698132", 1)
	a, err := open.Registry().Load(&formats.Input{Name: "x.txt", Data: []byte(b)})
	if err != nil {
		t.Skipf("the loader refuses the key: %v", err)
	}
	n, err := maxTimes(t, a)
	if err == nil {
		if n > keyFactor*64+keyAllowance {
			t.Fatalf("%d keys a channel", n)
		}
		return
	}
	if !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), `take "Timeline"`) {
		t.Fatalf("got %v, want the budget's error naming the take", err)
	}
	t.Log(err)
}
