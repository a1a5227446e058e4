package demo

import "testing"

func TestDemoIsValid(t *testing.T) {
	a := New()
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	if n := len(a.Skeleton.Bones); n < 15 {
		t.Errorf("demo has %d bones, want at least 15", n)
	}
	walk := a.Clips[0]
	if walk.Name != "walk" || walk.Duration < 1 || !walk.Loop || len(walk.Events) < 2 {
		t.Errorf("walk clip: %+v", walk)
	}
	// The loop must be seamless: the last key equals the first on every track.
	for i, tr := range walk.Tracks {
		r := tr.Rotation.Values
		if len(r) > 0 && r[0] != r[len(r)-1] {
			t.Errorf("bone %d rotation does not loop", i)
		}
	}
}
