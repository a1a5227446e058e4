package player

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/sims"
	"github.com/go-gl/mathgl/mgl32"
)

const (
	simsBroom = "a2o-broom-fly-leftside.c3bde7b200000007.anim"
	simsIdle  = "a2o-skeledeco-idle.0557534f00000007.anim"
)

func simsLoad(t testing.TB, file string) *formats.Asset {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "formats", "sims", "testdata", "tso", file))
	if err != nil {
		t.Fatal(err)
	}
	a, err := formats.NewRegistry(sims.Loaders()...).Load(&formats.Input{Name: file, Data: data})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestSimsBindPoseStandsUp poses the standing FreeSO sample on the fallback
// skeleton and checks the conventions the package doc states: in the
// file's own (left-handed, Y-up) space the figure stands along +Y, faces +Z
// (toes ahead of the ankles) and has its left side at −X. A wrong
// quaternion convention (the stored quaternion used as is) lays the figure
// along +X instead.
func TestSimsBindPoseStandsUp(t *testing.T) {
	a := simsLoad(t, simsIdle)
	sk := a.Skeleton
	for _, fromClip := range []bool{false, true} {
		p := NewPose(sk)
		if fromClip {
			NewClipSampler(sk, a.Clips[0]).Sample(0, p)
		}
		w := NewWorldPose(sk)
		ToWorld(sk, p, w)
		at := func(name string) mgl32.Vec3 {
			i := sk.IndexByName(name)
			if i < 0 {
				t.Fatalf("no bone %s", name)
			}
			return w.Position(i)
		}
		head, neck, pelvis := at("HEAD"), at("NECK"), at("PELVIS")
		lFoot, rFoot, lToe, rToe := at("L_FOOT"), at("R_FOOT"), at("L_TOE02"), at("R_TOE02")
		lHand, rHand, lArm1 := at("L_HAND"), at("R_HAND"), at("L_ARM1")
		checks := []struct {
			what string
			ok   bool
		}{
			{"head above neck above pelvis above feet", head[1] > neck[1] && neck[1] > pelvis[1]+1 && pelvis[1] > lFoot[1]+2},
			{"toes ahead (+Z) of the ankles", lToe[2]-lFoot[2] > 0.5 && rToe[2]-rFoot[2] > 0.5},
			{"left foot and hand at -X, right at +X", lFoot[0] < -0.1 && rFoot[0] > 0.1 && lHand[0] < -0.4 && rHand[0] > 0.4},
			{"arms hang: hands below the shoulders", lHand[1] < lArm1[1]-1},
			{"height about 5 units", head[1]-lToe[1] > 4.5 && head[1]-lToe[1] < 6},
		}
		for _, c := range checks {
			if !c.ok {
				t.Errorf("clip pose %v: %s: head %v neck %v pelvis %v feet %v %v toes %v %v hands %v %v",
					fromClip, c.what, head, neck, pelvis, lFoot, rFoot, lToe, rToe, lHand, rHand)
			}
		}
	}
	// The stored quaternions taken as column-vector rotations (not
	// conjugated) do not stand the figure up.
	p := NewPose(sk)
	for i := range p.Local {
		p.Local[i].Rotation = p.Local[i].Rotation.Conjugate()
	}
	w := NewWorldPose(sk)
	ToWorld(sk, p, w)
	if head, pelvis := w.Position(sk.IndexByName("HEAD")), w.Position(sk.IndexByName("PELVIS")); head[1] > pelvis[1]+1 {
		t.Errorf("unconjugated pose also stands: head %v pelvis %v", head, pelvis)
	}
}

// TestSimsSampleFrames: one absolute key per frame at 30 fps, lerp and
// shortest-arc slerp between frames, the last frame held.
func TestSimsSampleFrames(t *testing.T) {
	a := simsLoad(t, simsBroom)
	sk, c := a.Skeleton, a.Clips[0]
	head := sk.IndexByName("HEAD")
	tr := &c.Tracks[head]
	s := NewClipSampler(sk, c)
	p := NewPose(sk)
	for _, f := range []int{0, 1, 100, 273} {
		s.Sample(float64(f)/30, p)
		// At a key the interpolation factor is 0: the key itself, up to the
		// normalisation of a near-equal slerp.
		if p.Local[head].Translation != tr.Translation.Values[f] || !quatNear(p.Local[head].Rotation, tr.Rotation.Values[f], 1e-6) {
			t.Fatalf("frame %d: %+v", f, p.Local[head])
		}
		s.Sample((float64(f)+0.5)/30, p)
		wantT := tr.Translation.Values[f].Add(tr.Translation.Values[f+1]).Mul(0.5)
		wantR := SlerpShortest(tr.Rotation.Values[f], tr.Rotation.Values[f+1], 0.5)
		if !vecNear(p.Local[head].Translation, wantT, 1e-6) || !quatNear(p.Local[head].Rotation, wantR, 1e-6) {
			t.Fatalf("frame %d.5: %+v, want %v %v", f, p.Local[head], wantT, wantR)
		}
	}
	last := len(tr.Rotation.Values) - 1
	for _, tm := range []float64{c.Duration, c.Duration + 1} {
		s.Sample(tm, p)
		if p.Local[head].Rotation != tr.Rotation.Values[last] {
			t.Fatalf("t=%v: not the last frame", tm)
		}
	}
	if c.Duration != 274.0/30 {
		t.Errorf("duration %v", c.Duration)
	}
	// Both time props fire over one play-through.
	if got := CrossedEvents(c.Events, -1, c.Duration, c.Duration, false, nil); len(got) != 2 {
		t.Errorf("crossed %v", got)
	}
}

func TestSimsSampleAllocatesNothing(t *testing.T) {
	a := simsLoad(t, simsBroom)
	s := NewClipSampler(a.Skeleton, a.Clips[0])
	p := NewPose(a.Skeleton)
	w := NewWorldPose(a.Skeleton)
	tm := 0.0
	if n := testing.AllocsPerRun(100, func() {
		tm += 0.013
		s.Sample(tm, p)
		ToWorld(a.Skeleton, p, w)
	}); n != 0 {
		t.Errorf("%v allocations per sample", n)
	}
}

// BenchmarkSampleSimsBroom samples the 54-bone broom clip through the
// player at 60 Hz playback steps (looping), reporting ns per bone.
func BenchmarkSampleSimsBroom(b *testing.B) {
	a := simsLoad(b, simsBroom)
	sk, c := a.Skeleton, a.Clips[0]
	s := NewClipSampler(sk, c)
	p := NewPose(sk)
	tm := 0.0
	for b.Loop() {
		tm += 1.0 / 60
		if tm > c.Duration {
			tm = 0
		}
		s.Sample(tm, p)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(sk.Bones)), "ns/bone")
}

// BenchmarkSampleWorldSimsBroom adds the model-space pass.
func BenchmarkSampleWorldSimsBroom(b *testing.B) {
	a := simsLoad(b, simsBroom)
	sk, c := a.Skeleton, a.Clips[0]
	s := NewClipSampler(sk, c)
	p := NewPose(sk)
	w := NewWorldPose(sk)
	tm := 0.0
	for b.Loop() {
		tm += 1.0 / 60
		if tm > c.Duration {
			tm = 0
		}
		s.Sample(tm, p)
		ToWorld(sk, p, w)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(sk.Bones)), "ns/bone")
}
