package prime

import (
	"bytes"
	"testing"

	"github.com/animview/animview/formats"
)

// FuzzANCS checks that no input panics, hangs or allocates without bound,
// that what decodes encodes again stably, and that a loaded character set
// validates, with the demo set's resources beside it.
func FuzzANCS(f *testing.F) {
	for _, v := range []string{ancsMP1V1Vector, ancsMP1V6Vector, ancsMP2V10Vector} {
		f.Add(hexBytes(f, v))
	}
	for _, game := range []Game{MP1, MP2} {
		b, err := DemoANCS(game).MarshalBinary()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	fsys := demoSetFolder(f, MP1)
	f.Fuzz(func(t *testing.T, data []byte) {
		SniffANCS(data)
		a, err := ParseANCS(data, GameAuto)
		if err != nil {
			return
		}
		enc, err := a.MarshalBinary()
		if err != nil {
			t.Fatalf("decoded ANCS does not encode: %v", err)
		}
		b, err := ParseANCS(enc, a.Game)
		if err != nil {
			t.Fatalf("encoded ANCS does not decode: %v", err)
		}
		enc2, err := b.MarshalBinary()
		if err != nil || !bytes.Equal(enc, enc2) {
			t.Fatalf("encoding is not stable: %v", err)
		}
		asset, err := LoadANCS(&formats.Input{Name: "fuzz.ancs", Data: data, Siblings: formats.FSResolver{FS: fsys}})
		if err != nil {
			return
		}
		if err := asset.Validate(); err != nil {
			t.Fatalf("loaded asset does not validate: %v", err)
		}
	})
}
