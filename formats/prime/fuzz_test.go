package prime

import (
	"bytes"
	"testing"

	"github.com/animview/animview/formats"
)

// The fuzz targets check that no input panics, hangs or allocates without
// bound, that a successful load passes Validate, and that what decodes
// encodes again. Sampling the clips is the player's tests' job (this
// package must not import the player).

func seedANIM(f *testing.F) {
	anim, _, _, err := DemoFiles()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(anim)
	for _, v := range []string{mp1V2Vector, mp2V2Vector, mp1V0Vector, mp2V0Vector} {
		f.Add(hexBytes(f, v))
	}
	for _, game := range []Game{MP1, MP2} {
		for _, version := range []int{0, 2} {
			b, err := EncodeANIM(game, version, Header{Interval: 0.1}, testKeys(game, 4, []int{0, 1, 2}))
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
}

func FuzzANIM(f *testing.F) {
	seedANIM(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		SniffANIM(data)
		a, err := ParseANIM(data, GameAuto)
		if err != nil {
			return
		}
		// Encoding what decoded succeeds, and decoding and encoding that
		// again gives the same bytes (the stored deltas may change to
		// their int16 equivalents once, never after).
		enc, err := a.MarshalBinary()
		if err != nil {
			t.Fatalf("decoded ANIM does not encode: %v", err)
		}
		b, err := ParseANIM(enc, a.Game)
		if err != nil {
			t.Fatalf("encoded ANIM does not decode: %v", err)
		}
		enc2, err := b.MarshalBinary()
		if err != nil || !bytes.Equal(enc, enc2) {
			t.Fatalf("encoding is not stable: %v", err)
		}
		asset, err := LoadANIM(&formats.Input{Name: "fuzz.anim", Data: data})
		if err != nil {
			return
		}
		if err := asset.Validate(); err != nil {
			t.Fatalf("loaded asset does not validate: %v", err)
		}
	})
}

func FuzzCINF(f *testing.F) {
	_, cinf, _, err := DemoFiles()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(cinf)
	f.Add(hexBytes(f, mp1CINFVector))
	c := DemoCINF()
	c.Game = MP2
	b, _ := c.MarshalBinary()
	f.Add(b)
	f.Fuzz(func(t *testing.T, data []byte) {
		SniffCINF(data)
		c, err := ParseCINF(data, GameAuto)
		if err != nil {
			return
		}
		if _, err := c.MarshalBinary(); err != nil {
			t.Fatalf("decoded CINF does not encode: %v", err)
		}
		asset, err := LoadCINF(&formats.Input{Name: "fuzz.cinf", Data: data})
		if err != nil {
			return
		}
		if err := asset.Validate(); err != nil {
			t.Fatalf("loaded asset does not validate: %v", err)
		}
	})
}

func FuzzEVNT(f *testing.F) {
	_, _, evnt, err := DemoFiles()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(evnt)
	f.Add(hexBytes(f, mp1EVNTVector))
	e := DemoEVNT()
	e.Game = MP2
	b, _ := e.MarshalBinary()
	f.Add(b)
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := ParseEVNT(data, GameAuto)
		if err != nil {
			return
		}
		if _, err := e.MarshalBinary(); err != nil {
			t.Fatalf("decoded EVNT does not encode: %v", err)
		}
		asset, err := LoadEVNT(&formats.Input{Name: "fuzz.evnt", Data: data})
		if err != nil {
			return
		}
		if err := asset.Validate(); err != nil {
			t.Fatalf("loaded asset does not validate: %v", err)
		}
	})
}
