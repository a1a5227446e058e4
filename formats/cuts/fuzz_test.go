package cuts

import (
	"testing"
)

// FuzzParseSpec: any --split spec parses or fails with an error, never a
// panic; what parses resolves against a clip or fails the same way, and
// every cut made of it validates.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"walk=0-1.2,attack=1.2-2.5", "walk=f0-f30", "a=f1-0.5", "=", "a=-", "a=1-1", "a=0-9,b=0-1,a=1-2", "x=.5-1."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		rs, err := ParseSpec(spec)
		if err != nil {
			return
		}
		for _, r := range rs {
			if CheckName(r.Name) != nil {
				t.Fatalf("%q: name %q passed", spec, r.Name)
			}
		}
		src := timeline()
		cs, err := Resolve(rs, src)
		if err != nil {
			return
		}
		for _, c := range cs {
			if err := Make(src, c).Validate(len(src.Tracks)); err != nil {
				t.Fatalf("%q: cut %+v: %v", spec, c, err)
			}
		}
	})
}

// FuzzDecode: any sidecar decodes or fails with an error; the cuts of one
// that decodes have valid, distinct names, and encode and decode again to
// the same cuts.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"schema": "animview.cuts/1", "cuts": [{"name": "walk", "clip": "Timeline", "from": 0.5, "to": 1.25}]}`))
	f.Add([]byte(`{"schema": "animview.cuts/1", "cuts": []}`))
	f.Add([]byte(`{"schema": "animview.cuts/1", "cuts": [`))
	f.Add([]byte(`{"schema": "animview.cuts/2"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		cs, err := Decode(data, "fuzz")
		if err != nil {
			return
		}
		b, err := Encode(cs)
		if err != nil {
			return // a value JSON cannot write (none decodes to one)
		}
		again, err := Decode(b, "fuzz")
		if err != nil || len(again) != len(cs) {
			t.Fatalf("re-decoding %s: %v", b, err)
		}
		for i := range cs {
			if again[i] != cs[i] {
				t.Fatalf("cut %d: %+v, then %+v", i, cs[i], again[i])
			}
		}
	})
}
