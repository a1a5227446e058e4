package lego

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"testing"

	"github.com/animview/animview/formats"
)

// poison replaces the one little-endian occurrence of the single v in data
// with 0xFFFFFFFF (a damaged word, a NaN) and returns its offset.
func poison(t *testing.T, data []byte, v float32) ([]byte, int) {
	t.Helper()
	word := binary.LittleEndian.AppendUint32(nil, math.Float32bits(v))
	off := bytes.Index(data, word)
	if off < 0 || bytes.Count(data, word) != 1 {
		t.Fatalf("%v occurs %d times in the fixture, want once", v, bytes.Count(data, word))
	}
	out := bytes.Clone(data)
	copy(out[off:], []byte{0xFF, 0xFF, 0xFF, 0xFF})
	return out, off
}

// wantNonFinite checks the rule of
// docs/formats/README.md#limits-and-non-finite-numbers: an error that
// names the format, the field and the offset and wraps ErrNonFinite.
func wantNonFinite(t *testing.T, err error, format, field string, off int) {
	t.Helper()
	var fe *formats.Error
	if !errors.As(err, &fe) || !errors.Is(err, formats.ErrNonFinite) {
		t.Fatalf("error %v: want a *formats.Error wrapping ErrNonFinite", err)
	}
	if fe.Format != format || fe.Field != field || fe.Offset != int64(off) {
		t.Errorf("error %q names %q %q at %d, want %q %q at %d", err, fe.Format, fe.Field, fe.Offset, format, field, off)
	}
}

// TestAniNonFinite is issue 25's items 3 and 4 for LEGO Island: a NaN key
// (pns065rd.ani with bytes 256-259 set to 0xFF made `export` subdivide for
// 33.6 s) is refused where it is read. Offsets are the hand vector's
// (docs/formats/lego-island.md#ani-layout, see handVector) and the
// writer's minifig walk.
func TestAniNonFinite(t *testing.T) {
	hand := unhex(t, handVector)
	at := func(off int) []byte {
		b := bytes.Clone(hand)
		binary.LittleEndian.PutUint32(b[off:], 0xFFFFFFFF)
		return b
	}
	tests := []struct {
		name  string
		data  []byte
		field string
		off   int
	}{
		{"bounding radius", at(4), "bounding radius", 4},
		{"bounding centre y", at(12), "bounding centre", 12},
		{"translation key 1 x", at(78), "translation key x", 78},
		{"translation key 0 z", at(70), "translation key z", 70},
		{"rotation key w", at(96), "rotation key angle (w)", 96},
		{"rotation key z", at(108), "rotation key z", 108},
	}
	walk := minifigWalk()
	hat := walk.Root.Children[0].Children[0].Children[0].Children[0]
	hat.Scale[1].Z = 7.25
	walk.Camera.Roll[1].Angle = 0.375
	walk.Camera.Position[1].Z = -4.75
	walk.Camera.Target[0].Y = 1.125
	data := mustEncode(t, walk)
	for _, c := range []struct {
		v     float32
		field string
	}{{7.25, "scale key z"}, {0.375, "camera roll key angle"}, {-4.75, "camera position key z"}, {1.125, "camera target key y"}} {
		b, off := poison(t, data, c.v)
		tests = append(tests, struct {
			name  string
			data  []byte
			field string
			off   int
		}{c.field, b, c.field, off})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.data)
			wantNonFinite(t, err, FormatAni, tc.field, tc.off)
			// Through the loader too: the clip never reaches the player.
			a, err := LoadAni(&formats.Input{Name: "x.ani", Data: tc.data})
			if a != nil || !errors.Is(err, formats.ErrNonFinite) {
				t.Errorf("LoadAni: asset %v, error %v", a != nil, err)
			}
		})
	}
}

// TestSINonFinite: an SI object's location, direction and up doubles
// follow the rule too, and a NaN inside an SI's animation is the .ani
// error.
func TestSINonFinite(t *testing.T) {
	obj := &SIObject{Type: TypeAnim, Presenter: "LegoAnimPresenter", Name: "walk", ID: 2, Duration: 1200, LoopCount: 1,
		Location: [3]float64{0, 0, 12.625}, Up: [3]float64{0, 1, 0}, Direction: [3]float64{0, 0, 1},
		MediaSrc: `C:\walk.ani`, Data: [][]byte{mustEncode(t, minifigWave())}}
	data, err := SIWriter{}.Encode([]*SIObject{obj})
	if err != nil {
		t.Fatal(err)
	}
	word := binary.LittleEndian.AppendUint64(nil, math.Float64bits(12.625))
	off := bytes.Index(data, word)
	if off < 0 {
		t.Fatal("location not found")
	}
	bad := bytes.Clone(data)
	binary.LittleEndian.PutUint64(bad[off:], math.Float64bits(math.Inf(-1)))
	_, err = LoadSI(&formats.Input{Name: "x.si", Data: bad})
	if !errors.Is(err, formats.ErrNonFinite) {
		t.Fatalf("location -Inf: %v", err)
	}
	var fe *formats.Error
	if !errors.As(err, &fe) || fe.Format != FormatSI || fe.Field != "action location" || fe.Offset != int64(off) {
		t.Errorf("error %v does not name the SI's location", err)
	}

	// The wave's arm at x 0.45, damaged inside the SI.
	inner, _ := poison(t, mustEncode(t, minifigWave()), 0.45)
	obj.Data = [][]byte{inner}
	data, err = SIWriter{}.Encode([]*SIObject{obj})
	if err != nil {
		t.Fatal(err)
	}
	_, err = LoadSI(&formats.Input{Name: "x.si", Data: data})
	if !errors.Is(err, formats.ErrNonFinite) {
		t.Fatalf("NaN rotation inside the SI: %v", err)
	}
}
