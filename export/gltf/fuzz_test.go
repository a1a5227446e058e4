package gltf

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/qmuntal/gltf"
)

// fuzzExts are the names a fuzz input is loaded as: its first byte picks
// one, so that loaders detected by extension are reached too.
var fuzzExts = []string{"x.ani", "x.si", "1A2B3C4D.ANIM", "x.cinf", "x.ancs", "x.pak", "x.anim", "x.ms3d", "x.txt", "x.anm"}

// FuzzExport is the export path end to end (issue 25): any input that a
// loader accepts builds, encodes to memory and reads back with
// qmuntal/gltf; nothing panics, and every failure is an error. So that
// an input takes milliseconds, clips are cut to their first quarter second
// and large skeletons are left out (the sampler's limits have tests of
// their own).
func FuzzExport(f *testing.F) {
	for i, p := range []string{"../../formats/lego/testdata/minifig_walk.ani", "../../formats/lego/testdata/minifig.si",
		"../../formats/prime/testdata/1A2B3C4D.ANIM", "", "", "", "../../formats/sims/testdata/tso/a2o-sus-dead.7f214ec600000007.anim",
		"../../formats/ms3d/testdata/arm_v4.ms3d", "../../formats/ms3d/testdata/arm.txt"} {
		if p == "" {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(append([]byte{byte(i)}, b...))
	}
	// Every input that reaches new code is minimised before fuzzing goes
	// on, by trying it with bytes and spans removed: some n² runs for an
	// input of n bytes, and a run of this binary costs about 0.2 ms in the
	// fuzzing worker (its coverage counters span the loaders, the player
	// and the glTF and JSON encoders). Go's default of 60 s of minimising
	// per input took the whole of a 90 s run (12 inputs, issue 35 item
	// 10); 2 s keeps thousands of runs a second fuzzing. An explicit
	// -fuzzminimizetime is left alone.
	explicit := false
	flag.Visit(func(fl *flag.Flag) { explicit = explicit || fl.Name == "test.fuzzminimizetime" })
	if !explicit {
		if err := flag.Set("test.fuzzminimizetime", "2s"); err != nil {
			f.Fatal(err)
		}
	}
	reg := open.Registry()
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		name := fuzzExts[int(data[0])%len(fuzzExts)]
		a, err := reg.Load(&formats.Input{Name: name, Data: data[1:]})
		if err != nil || a.Skeleton == nil || len(a.Skeleton.Bones) > 64 {
			return
		}
		for _, c := range a.Clips {
			c.Duration = min(c.Duration, 0.25)
		}
		takes, _, err := AssetTakes(a)
		if err != nil {
			return
		}
		doc, err := Build(a, takes)
		if err != nil {
			return
		}
		for _, binary := range []bool{true, false} {
			var b bytes.Buffer
			if err := Encode(&b, doc, binary); err != nil {
				t.Fatalf("encode (binary %v): %v", binary, err)
			}
			var back gltf.Document
			if err := gltf.NewDecoder(&b).Decode(&back); err != nil {
				t.Fatalf("the export does not read back (binary %v): %v", binary, err)
			}
			if len(back.Nodes) < len(a.Skeleton.Bones) || len(back.Animations) != len(takes) {
				t.Fatalf("read back %d nodes, %d animations; wrote %d bones, %d takes", len(back.Nodes), len(back.Animations), len(a.Skeleton.Bones), len(takes))
			}
		}
	})
}
