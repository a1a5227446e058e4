package sims

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
)

func TestSniffers(t *testing.T) {
	primeV2 := []byte{0, 0, 0, 2, 0, 0, 0x12, 0x34, 0, 0, 0, 1, 0x3F, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0} // u32 2, then a u32 whose high half is 0
	primeV0 := []byte{0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	binaryName := append([]byte{0, 0, 0, 2, 0, 3, 1, 2, 3}, make([]byte, 20)...) // version 2, name of control bytes
	cmxLate := []byte("// comment\n\nhello\nversion 300\n0\n0\n0\n")
	cmxData := []byte(handCMX)
	tests := []struct {
		name                       string
		data                       []byte
		anim, skel, cmx, bcf, cfpv bool
	}{
		{"anim sample", readSample(t, sampleFacts[6].file), true, false, false, false, false},
		{"anim hand", handAnim, true, false, false, false, false},
		{"prime v2", primeV2, false, false, false, false, false},
		{"prime v0", primeV0, false, false, false, false, false},
		{"binary name", binaryName, false, false, false, false, false},
		{"skel", handSkel, false, true, false, false, false},
		{"cmx", cmxData, false, false, true, false, false},
		{"cmx crlf", []byte("// c\r\nversion 300\r\n0\r\n0\r\n0\r\n"), false, false, true, false, false},
		{"cmx text first", cmxLate, false, false, false, false, false},
		{"bcf", handBCF, false, false, false, true, false},
		{"cfp", handCFP, false, false, false, false, false}, // by extension only
		{"empty", nil, false, false, false, false, false},
	}
	for _, tt := range tests {
		got := [5]bool{SniffAnim(tt.data), SniffSkel(tt.data), SniffCMX(tt.data), SniffBCF(tt.data), SniffCFP(tt.data)}
		want := [5]bool{tt.anim, tt.skel, tt.cmx, tt.bcf, tt.cfpv}
		if got != want {
			t.Errorf("%s: anim/skel/cmx/bcf/cfp = %v, want %v", tt.name, got, want)
		}
	}
}

// TestRegistry loads every sample through a registry of this package's
// loaders, as the command does.
func TestRegistry(t *testing.T) {
	reg := formats.NewRegistry(Loaders()...)
	for _, s := range sampleFacts {
		a, err := reg.Load(&formats.Input{Name: s.file, Data: readSample(t, s.file)})
		if err != nil {
			t.Fatal(err)
		}
		if a.Format != animFormat {
			t.Errorf("%s: %s", s.file, a.Format)
		}
	}
	for _, l := range Loaders() {
		if l.Name == "" || l.Description == "" || len(l.Extensions) == 0 || l.Sniff == nil || l.Load == nil {
			t.Errorf("incomplete loader %+v", l)
		}
		for _, short := range [][]byte{nil, {0}, {0, 0, 0, 2}, {0xFF}} {
			l.Sniff(short) // must not panic on short data
		}
	}
}

// TestDamagedFirstWord: a file of another format whose first word is
// damaged to 0xFFFFFFFF (which a .cfp would read as a literal code) is
// not taken for a .cfp, and opened under its own name it reports its own
// format's error, not the .cfp loader's "open the .cmx" (issue 25).
func TestDamagedFirstWord(t *testing.T) {
	damage := func(b []byte) []byte {
		out := append([]byte(nil), b...)
		copy(out, []byte{0xFF, 0xFF, 0xFF, 0xFF})
		return out
	}
	ms3d := append([]byte("MS3D000000"), 4, 0, 0, 0, 0, 0) // an .ms3d header: magic, version 4, no vertices
	bcf, err := EncodeBCF(&CharacterFile{Skeletons: []Skeleton{*BuiltInSkeleton(Adult)}})
	if err != nil {
		t.Fatal(err)
	}
	reg := formats.NewRegistry(Loaders()...)
	for _, tc := range []struct {
		name string
		data []byte
		want string // the format the error names; "" when it still loads
	}{
		{"x.anim", handAnim, ""}, // loads, with a warning about its version
		{"big.anim", readSample(t, sampleFacts[0].file), ""},
		{"x.skel", handSkel, ""},
		{"x.bcf", handBCF, bcfFormat},
		{"adult.bcf", bcf, bcfFormat},
		{"x.ms3d", ms3d, ""},
		{"x.cmx", []byte(handCMX), ""}, // the damage falls in the header comment
		{"x.skn", []byte(handSKN), ""}, // and in the skin's name
	} {
		data := damage(tc.data)
		if SniffCFP(data) {
			t.Errorf("%s: taken for a .cfp", tc.name)
		}
		if tc.name == "x.ms3d" {
			continue // not a loader of this package
		}
		a, err := reg.Load(&formats.Input{Name: tc.name, Data: data})
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want == "" && !strings.Contains(strings.Join(a.Warnings, "\n"), "version") && strings.HasSuffix(tc.name, ".anim"):
			t.Errorf("%s: no warning about the version: %q", tc.name, a.Warnings)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want+":")):
			t.Errorf("%s: %v, want an error of %s", tc.name, err, tc.want)
		}
	}
	// A .cfp is still opened by its extension.
	fsys := fstest.MapFS{"test.cmx": {Data: []byte(handCMX)}}
	a, err := reg.Load(&formats.Input{Name: "A2O-Test.cfp", Data: handCFP, Siblings: formats.FSResolver{FS: fsys}})
	if err != nil || a.Format != cfpFormat {
		t.Errorf("a .cfp: %v", err)
	}
}
