package sims

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// Fuzz bodies check that bad input gives an error, never a panic, and that
// what loads passes Validate (sampling is checked in the player's tests:
// loader tests do not import the player).

func FuzzAnim(f *testing.F) {
	f.Add(handAnim)
	for _, s := range sampleFacts {
		// The small samples: mutated 20 KB inputs make the fuzzer spend its
		// time minimising.
		if s.size < 10000 {
			f.Add(readSample(f, s.file))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		SniffAnim(data)
		a, err := loadAnim(&formats.Input{Name: "f.anim", Data: data})
		if err != nil {
			return
		}
		if err := a.Validate(); err != nil {
			t.Fatal(err)
		}
		// What decodes re-encodes to something that decodes the same.
		an, err := ParseAnim(data)
		if err != nil {
			t.Fatal(err)
		}
		b1, err := EncodeAnim(an)
		if err != nil {
			t.Fatal(err)
		}
		an2, err := ParseAnim(b1)
		if err != nil {
			t.Fatal(err)
		}
		if b2, _ := EncodeAnim(an2); !bytes.Equal(b1, b2) {
			t.Fatal("re-encoding is not stable")
		}
	})
}

func FuzzSkel(f *testing.F) {
	f.Add(handSkel)
	if b, err := EncodeSkel(&Skeleton{Version: 1, Name: "s", Bones: []SkelBone{
		{Name: "ROOT", Parent: "NULL"}, {Name: "PELVIS", Parent: "ROOT"}, {Name: "HEAD", Parent: "PELVIS", HasProps: true}}}); err == nil {
		f.Add(b)
	}
	anim := readSample(f, "a2o-sus-dead.7f214ec600000007.anim")
	f.Fuzz(func(t *testing.T, data []byte) {
		SniffSkel(data)
		a, err := loadSkel(&formats.Input{Name: "f.skel", Data: data})
		if err != nil {
			return
		}
		if err := a.Validate(); err != nil {
			t.Fatal(err)
		}
		s, _ := ParseSkel(data)
		b1, err := EncodeSkel(s)
		if err != nil {
			t.Fatal(err)
		}
		if s2, err := ParseSkel(b1); err != nil || len(s2.Bones) != len(s.Bones) {
			t.Fatal(err)
		}
		// The skeleton also drives an animation (--skeleton).
		b, err := loadAnim(&formats.Input{Name: "a.anim", Data: anim, Skeleton: &formats.Input{Name: "f.skel", Data: data}})
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Validate(); err != nil {
			t.Fatal(err)
		}
	})
}

// fuzzFolder holds a .cfp for the skill of handCMX.
func fuzzFolder() fstest.MapFS {
	return fstest.MapFS{
		"a2o-test.cfp":                       {Data: handCFP},
		"xskin-b001fafat_01-PELVIS-BODY.skn": {Data: []byte(strings.Replace(handSKN, "SPINE", "ROOT", 1))},
	}
}

func fuzzCharacter(t *testing.T, data []byte, text bool) {
	in := &formats.Input{Name: "f", Data: data, Siblings: formats.FSResolver{FS: fuzzFolder()}}
	a, err := loadCharacter(in, text)
	if err != nil {
		return
	}
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	dec, enc := ParseBCF, EncodeBCF
	if text {
		dec, enc = ParseCMX, EncodeCMX
	}
	cf, err := dec(data)
	if err != nil {
		t.Fatal(err)
	}
	b1, err := enc(cf)
	if err != nil {
		return // e.g. a string a .cmx line cannot hold
	}
	cf2, err := dec(b1)
	if err != nil {
		t.Fatalf("%v\n%q", err, b1)
	}
	if b2, err := enc(cf2); err != nil || !bytes.Equal(b1, b2) {
		t.Fatalf("re-encoding is not stable: %v", err)
	}
}

func FuzzBCF(f *testing.F) {
	f.Add(handBCF)
	if cf, err := ParseCMX([]byte(handCMX)); err == nil {
		if b, err := EncodeBCF(cf); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		SniffBCF(data)
		fuzzCharacter(t, data, false)
	})
}

func FuzzCMX(f *testing.F) {
	f.Add([]byte(handCMX))
	f.Add([]byte(handCMX200))
	if cf, err := ParseBCF(handBCF); err == nil {
		if b, err := EncodeCMX(cf); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		SniffCMX(data)
		fuzzCharacter(t, data, true)
	})
}

func FuzzCFP(f *testing.F) {
	f.Add(handCFP, uint16(2), uint16(2))
	f.Add(EncodeCFP([]mgl32.Vec3{{1, 2, 3}, {1, 2, 3}, {0, 0, 0}}, []FileQuat{{0, 0, 0, 1}}), uint16(3), uint16(1))
	f.Fuzz(func(t *testing.T, data []byte, nT, nR uint16) {
		SniffCFP(data)
		tr, rot, err := ParseCFP(data, int(nT), int(nR))
		if err == nil {
			// Our encoder writes what was decoded, bit for bit.
			enc := EncodeCFP(tr, rot)
			tr2, rot2, err := ParseCFP(enc, int(nT), int(nR))
			if err != nil {
				t.Fatal(err)
			}
			for i := range tr {
				for k := 0; k < 3; k++ {
					if math.Float32bits(tr[i][k]) != math.Float32bits(tr2[i][k]) {
						t.Fatalf("translation %d", i)
					}
				}
			}
			for i := range rot {
				for k := 0; k < 4; k++ {
					if math.Float32bits(rot[i][k]) != math.Float32bits(rot2[i][k]) {
						t.Fatalf("rotation %d", i)
					}
				}
			}
		}
		// Opened as a file, through the skill of handCMX beside it: it
		// loads exactly when it decodes to the skill's counts, unless its
		// values are past the model's float limit
		// (docs/formats/README.md#values-near-the-float-limit).
		fsys := fstest.MapFS{"test.cmx": {Data: []byte(handCMX)}, "a2o-test.cfp": {Data: data}}
		a, lerr := loadCFP(&formats.Input{Name: "a2o-test.cfp", Data: data, Siblings: formats.FSResolver{FS: fsys}})
		_, _, derr := ParseCFP(data, 2, 2)
		if (lerr == nil) != (derr == nil) && !(derr == nil && errors.Is(lerr, formats.ErrNonFinite) && strings.Contains(lerr.Error(), "more than 1e+")) {
			t.Fatalf("load %v, decode %v", lerr, derr)
		}
		if lerr == nil {
			if err := a.Validate(); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func FuzzSKN(f *testing.F) {
	f.Add([]byte(handSKN))
	f.Add([]byte(strings.ReplaceAll(handSKN, "\r\n", "\n")))
	f.Fuzz(func(t *testing.T, data []byte) {
		SniffSKN(data)
		a, err := loadSKN(&formats.Input{Name: "f.skn", Data: data})
		if err == nil {
			if err := a.Validate(); err != nil {
				t.Fatal(err)
			}
		}
		s, err := ParseSKN(data)
		if err != nil {
			return
		}
		// What decodes binds to the built-in skeleton or says why not,
		// and re-encodes to something that decodes the same.
		sk, _ := FallbackSkeleton(nil, Adult)
		if m, err := s.Mesh(sk); err == nil {
			if err := m.Validate(len(sk.Bones)); err != nil {
				t.Fatal(err)
			}
		}
		b1, err := EncodeSKN(s)
		if err != nil {
			return // a name a line cannot hold
		}
		s2, err := ParseSKN(b1)
		if err != nil {
			t.Fatalf("%v\n%q", err, b1)
		}
		if b2, err := EncodeSKN(s2); err != nil || !bytes.Equal(b1, b2) {
			t.Fatalf("re-encoding is not stable: %v", err)
		}
	})
}
