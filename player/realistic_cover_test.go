package player

import (
	"testing"

	"github.com/animview/animview/formats"
)

// TestRealisticClipPaths checks which paths BenchmarkFrame100Realistic's
// frames take, so that the benchmark measures what a real clip costs:
// playing forward at 60 Hz, the sampler is the per-track kind (every
// track has key times of its own) or LEGO Island's, and the rotation
// intervals are those of keys a few degrees apart, as in 30 Hz game
// data: the shortest arc's and LEGO Island's slerp (LEGO's near-equal
// lerp is for keys a rounding apart), and the games' lerp branch for
// Metroid Prime and Echoes (dot products above 0.95 and 0.866: their
// slerp branch, for keys far apart, is almost never sampled here).
func TestRealisticClipPaths(t *testing.T) {
	for _, fl := range realisticFlavours {
		sk, clip := realisticClip(fl)
		s, p := NewClipSampler(sk, clip), NewPose(sk)
		var slerp, lerp, total int
		for f := 0; f < 120; f++ {
			s.Sample(ClipTime(float64(f)/60, clip.Duration, true), p)
			switch ts := s.(type) {
			case *trackSampler:
				for i := range ts.cache {
					switch ts.cache[i].r.mode {
					case rotSlerp:
						slerp++
					case rotLerp:
						lerp++
					}
					total++
				}
			case *legoSampler:
				for i := range ts.rot {
					switch ts.rotation(i).mode {
					case legoSlerp:
						slerp++
					case legoLerp:
						lerp++
					}
					total++
				}
			default:
				t.Fatalf("%v: sampler %T, want the per-track or LEGO sampler", fl, s)
			}
		}
		t.Logf("%v: slerp %d, lerp %d of %d joint-frames", fl, slerp, lerp, total)
		want, got := "slerp", slerp
		if fl == formats.InterpPrime || fl == formats.InterpPrime2 {
			want, got = "lerp", lerp
		}
		if got < total*9/10 {
			t.Errorf("%v: %d of %d joint-frames take the %s branch, want at least 90%%", fl, got, total, want)
		}
	}
}
