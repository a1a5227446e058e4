package player

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// fuzzBytes hands out the fuzzer's bytes as choices, zeros once they run
// out.
type fuzzBytes []byte

func (f *fuzzBytes) byte() byte {
	if len(*f) == 0 {
		return 0
	}
	b := (*f)[0]
	*f = (*f)[1:]
	return b
}

func (f *fuzzBytes) float() float64 {
	var b [4]byte
	for i := range b {
		b[i] = f.byte()
	}
	if b[0]&0x80 != 0 {
		// Raw bits: NaN, infinities, negatives, denormals.
		return float64(math.Float32frombits(binary.BigEndian.Uint32(b[:])))
	}
	return float64(b[1]) / 64
}

// fuzzTree decodes a meta-animation from the bytes. Nodes may refer back
// to earlier ones, ancestors included, so cycles and shared sub-trees
// occur.
func fuzzTree(f *fuzzBytes, seen *[]*formats.MetaAnim, depth int) *formats.MetaAnim {
	k := f.byte()
	if k >= 0xF0 && len(*seen) > 0 {
		return (*seen)[int(k)%len(*seen)]
	}
	m := &formats.MetaAnim{Kind: formats.MetaKind(k % 6), Clip: int(f.byte()%5) - 1, Prim: uint32(f.byte() % 4)}
	*seen = append(*seen, m)
	if depth > 5 {
		m.Kind = formats.MetaPlay
	}
	switch m.Kind {
	case formats.MetaPlay:
		m.StartTime = f.float()
	case formats.MetaBlend, formats.MetaPhaseBlend:
		m.Weight = float32(f.float())
		for i := 0; i < int(f.byte()%4); i++ {
			m.Children = append(m.Children, fuzzTree(f, seen, depth+1))
		}
	case formats.MetaRandom, formats.MetaSequence:
		for i := 0; i < int(f.byte()%4); i++ {
			m.Children = append(m.Children, fuzzTree(f, seen, depth+1))
			m.Probabilities = append(m.Probabilities, uint32(f.byte()))
		}
		if f.byte()%2 == 0 && len(m.Probabilities) > 0 {
			m.Probabilities = m.Probabilities[1:]
		}
	}
	return m
}

func fuzzTrans(f *fuzzBytes, seen *[]*formats.MetaAnim) formats.MetaTrans {
	t := formats.MetaTrans{Kind: formats.MetaTransKind(f.byte() % 5), Duration: f.float(), RunA: f.byte()%2 == 0}
	if t.Kind == formats.MetaTransAnim {
		t.Anim = fuzzTree(f, seen, 3)
	}
	return t
}

// FuzzBuildAnim builds trees and transitions from arbitrary sets (bad
// kinds, cycles, missing clips, thresholds, NaN and negative times) and
// plays them: errors are fine, panics, hangs and unbounded event lists are
// not.
func FuzzBuildAnim(f *testing.F) {
	f.Add([]byte{1, 0, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0})
	f.Add([]byte{4, 0, 0, 3, 0, 1, 0, 0, 0, 0, 100, 0, 2, 0, 0, 0, 0, 50, 1, 1, 0, 0x40, 0, 0})
	f.Add([]byte{3, 0, 0, 3, 0, 1, 0, 0, 0, 0, 20, 0, 2, 0, 0, 0, 0, 70, 0, 3, 0, 0, 0, 0, 100, 1})
	f.Add([]byte{2, 0, 0, 0x80, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0, 0, 2, 1, 0, 0x40, 0, 0, 0xF3, 0, 0, 0, 0x7f, 0x80, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		fb := fuzzBytes(data)
		sk := treeSkeleton()
		var clips []*formats.Clip
		for i := 0; i < 3; i++ {
			d := math.Abs(fb.float())
			if math.IsNaN(d) || math.IsInf(d, 0) {
				d = 0
			}
			c := rampClip("c", d, i%3)
			if d == 0 {
				c.Tracks[0].Translation = formats.Vec3Track{Times: []float64{0}, Values: []mgl32.Vec3{{}}}
			}
			c.Events = []formats.Event{{Time: d / 2, Kind: formats.EventLoop, Name: "Loop", Bone: -1, Payload: []formats.KV{{Key: "value", Value: "1"}}}}
			clips = append(clips, c)
		}
		var seen []*formats.MetaAnim
		set := &formats.AnimSet{}
		for i := 0; i < 3; i++ {
			set.Animations = append(set.Animations, formats.SetAnim{Name: "a", Tree: fuzzTree(&fb, &seen, 0)})
		}
		for i := 0; i < int(fb.byte()%3); i++ {
			set.Transitions = append(set.Transitions, formats.Transition{From: uint32(fb.byte() % 4), To: uint32(fb.byte() % 4), Trans: fuzzTrans(&fb, &seen)})
		}
		set.HalfTransitions = append(set.HalfTransitions, formats.HalfTransition{To: uint32(fb.byte() % 4), Trans: fuzzTrans(&fb, &seen)})
		set.DefaultTransition = fuzzTrans(&fb, &seen)
		a := &formats.Asset{Skeleton: sk, Clips: clips, AnimSet: set}
		p := NewPose(sk)
		evs := make([]TreeEvent, 0, 16)
		for i := range set.Animations {
			src, err := BuildAnim(a, i, Options{Seed: uint32(fb.byte())})
			if err != nil {
				continue
			}
			from := src
			if j := int(fb.byte() % 3); true {
				if tr, err := BuildTransition(a, src, fb.float(), j, Options{}); err == nil {
					src = tr
				}
			}
			for _, tt := range []float64{0, fb.float(), fb.float(), 1e300, math.NaN()} {
				src.Sample(tt, p)
				from.Sample(tt, p)
				_ = src.Remaining(tt)
				evs = src.Events(tt, tt+fb.float(), evs[:0])
				if len(evs) > 10000 {
					t.Fatalf("%d events", len(evs))
				}
			}
			_ = src.Duration()
			// Under MP1's rule every node holds the bind translation
			// where its mask says it has none (BlendJob.bound relies on
			// it), whatever the weights.
			if pr, err := BuildAnim(a, i, Options{Rule: BlendPrime}); err == nil {
				for _, tt := range []float64{0, fb.float(), 0.5} {
					pr.sampleAt(tt, p, 0)
					if b := unboundBone(sk, p, p.Translated); b >= 0 {
						t.Fatalf("at %v: bone %d has %v without a translation", tt, b, p.Local[b].Translation)
					}
				}
			}
		}
	})
}
