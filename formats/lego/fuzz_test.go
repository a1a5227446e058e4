package lego

import (
	"bytes"
	"os"
	"reflect"
	"testing"

	"github.com/animview/animview/formats"
)

// FuzzAni checks that no input panics, hangs or allocates without bound,
// that every accepted input gives an asset that validates, and that the
// writer gives back the bytes it read.
func FuzzAni(f *testing.F) {
	f.Add(unhex(f, handVector))
	f.Add(unhex(f, cameraVector))
	f.Add(mustEncode(f, minifigWalk()))
	f.Add(mustEncode(f, minifigWave()))
	f.Add(chain(MaxDepth + 1))
	if b, err := os.ReadFile(walkFixture); err == nil {
		f.Add(b)
	}
	f.Add([]byte{0x11, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := LoadAni(&formats.Input{Name: "fuzz.ani", Data: data})
		if err != nil {
			return
		}
		if err := a.Validate(); err != nil {
			t.Fatalf("accepted input does not validate: %v", err)
		}
		file, err := Parse(data)
		if err != nil {
			t.Fatalf("LoadAni accepted what Parse refuses: %v", err)
		}
		out, err := file.Encode()
		if err != nil {
			t.Fatalf("encode of a parsed file: %v", err)
		}
		if !bytes.Equal(out, data) {
			t.Fatalf("Encode(Parse(x)) != x")
		}
	})
}

// FuzzSI checks the container walk the same way, through the loader and
// through ParseSI collecting every object's data.
func FuzzSI(f *testing.F) {
	f.Add(handSI(f))
	f.Add(minifigSI(f))
	if b, err := os.ReadFile(siFixture); err == nil {
		f.Add(b)
	}
	small, err := SIWriter{BufferSize: 512}.Encode([]*SIObject{{
		Type: TypeSelectAction, Name: "sel", ID: 1, Selector: "RANDOM_1", Choices: []string{"0"},
		Children: []*SIObject{{Type: TypeAnim, Presenter: "LegoLoopingAnimPresenter", Name: "w", ID: 2,
			Data: [][]byte{mustEncode(f, minifigWave())}}},
	}})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(small)
	f.Add([]byte("RIFF\x00\x00\x00\x00OMNI"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if si, err := ParseSI(data, nil); err == nil {
			n := 0
			si.Walk(func(o *SIObject) {
				for _, d := range o.Data {
					n += len(d)
				}
			})
			if n > len(data) {
				t.Fatalf("%d data bytes from a %d-byte file", n, len(data))
			}
		}
		a, err := LoadSI(&formats.Input{Name: "fuzz.si", Data: data})
		if err != nil {
			return
		}
		if err := a.Validate(); err != nil {
			t.Fatalf("accepted input does not validate: %v", err)
		}
		if len(a.Entries) == 0 || a.Entry != a.Entries[0].Name {
			t.Fatalf("entries %v entry %q", a.Entries, a.Entry)
		}
		// Listed entries open or fail cleanly (a few, to keep runs fast).
		for i, e := range a.Entries {
			if i == 4 {
				break
			}
			b, err := LoadSI(&formats.Input{Name: "fuzz.si", Data: data, Entry: e.Name})
			if err == nil && !reflect.DeepEqual(b.Entries, a.Entries) {
				t.Fatalf("entries change with the entry opened")
			}
		}
	})
}
