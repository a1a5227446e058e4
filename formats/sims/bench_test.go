package sims

import (
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// BenchmarkLoadBroom loads the largest sample (420 KB, 54 motions of 275
// frames) into the model, fallback skeleton included. Target: under 5 ms.
func BenchmarkLoadBroom(b *testing.B) {
	data := readSample(b, sampleFacts[0].file)
	in := &formats.Input{Name: sampleFacts[0].file, Data: data}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := loadAnim(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeBroom is the decoding part of the load alone.
func BenchmarkDecodeBroom(b *testing.B) {
	data := readSample(b, sampleFacts[0].file)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseAnim(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeCFP decodes the broom's arrays written as a `.cfp`.
func BenchmarkDecodeCFP(b *testing.B) {
	a, err := ParseAnim(readSample(b, sampleFacts[0].file))
	if err != nil {
		b.Fatal(err)
	}
	data := EncodeCFP(a.Translations, a.Rotations)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var tr []mgl32.Vec3
	for b.Loop() {
		if tr, _, err = ParseCFP(data, len(a.Translations), len(a.Rotations)); err != nil {
			b.Fatal(err)
		}
	}
	_ = tr
}
