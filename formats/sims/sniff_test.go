package sims

import (
	"testing"

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
		{"cfp", handCFP, false, false, false, false, true},
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
