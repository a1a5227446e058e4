package prime

import (
	"bytes"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
)

// seedModels adds the hand vectors and the writers' models of both games.
func seedModels(f *testing.F) {
	for _, v := range []string{cmdlMP1Vector, cmdlMP2Vector} {
		f.Add(hexBytes(f, v))
	}
	for _, game := range []Game{MP1, MP2} {
		b, err := DemoCMDL(game, 0x11223344).MarshalBinary()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

// demoSkinFixture is what the fuzz targets bind against: MP1's demo model,
// skin and skeleton.
func demoSkinFixture(f *testing.F) (*CMDL, *CSKR, *CINF) {
	b, err := DemoCMDL(MP1, 0x11223344).MarshalBinary()
	if err != nil {
		f.Fatal(err)
	}
	m, err := ParseCMDL(b)
	if err != nil {
		f.Fatal(err)
	}
	return m, DemoCSKR(MP1), DemoCINF()
}

// FuzzCMDL checks that no model panics, hangs or allocates without bound;
// that what decodes encodes, decodes again and encodes to the same bytes;
// and that a mesh built from it, static or with the demo skin, validates
// (BuildMesh validates what it returns) or fails with an error.
func FuzzCMDL(f *testing.F) {
	seedModels(f)
	textured := texturedFolder(f, MP1)
	for n, file := range textured {
		if strings.HasSuffix(n, ".CMDL") {
			f.Add(file.Data)
		}
		if !strings.HasSuffix(n, ".TXTR") {
			delete(textured, n)
		}
	}
	texturesOnly := formats.FSResolver{FS: textured}
	_, skin, c := demoSkinFixture(f)
	sk, _, err := c.Skeleton("demo")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseCMDL(data)
		if err != nil {
			return
		}
		enc, err := m.MarshalBinary()
		if err != nil {
			t.Fatalf("decoded CMDL does not encode: %v", err)
		}
		m2, err := ParseCMDL(enc)
		if err != nil {
			t.Fatalf("encoded CMDL does not decode: %v", err)
		}
		enc2, err := m2.MarshalBinary()
		if err != nil || !bytes.Equal(enc, enc2) {
			t.Fatalf("encoding is not stable: %v", err)
		}
		if mesh, _, err := BuildMesh(m, nil, nil, nil, "fuzz"); err == nil && mesh.Skinned() {
			t.Fatal("a mesh without a skin is skinned")
		}
		if mesh, _, err := BuildMesh(m, skin, c, sk, "fuzz"); err == nil && len(mesh.InverseBind) != len(sk.Bones) {
			t.Fatal("inverse binds do not match the skeleton")
		}
		// Opened alone beside the textured demo's TXTRs: the materials'
		// passes decode or warn, and the asset validates.
		if a, err := LoadCMDL(&formats.Input{Name: "0C0D0E0F.CMDL", Data: data, Siblings: texturesOnly}); err == nil {
			if err := a.Validate(); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// FuzzCSKR checks the same for skins, bound to the demo model and
// skeleton.
func FuzzCSKR(f *testing.F) {
	for _, v := range []string{cskrMP1Vector, cskrMP2Vector} {
		f.Add(hexBytes(f, v))
	}
	for _, game := range []Game{MP1, MP2} {
		b, err := DemoCSKR(game).MarshalBinary()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	m, _, c := demoSkinFixture(f)
	sk, _, err := c.Skeleton("demo")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseCSKR(data, GameAuto)
		if err != nil {
			return
		}
		enc, err := s.MarshalBinary()
		if err != nil {
			t.Fatalf("decoded CSKR does not encode: %v", err)
		}
		s2, err := ParseCSKR(enc, s.Game)
		if err != nil {
			t.Fatalf("encoded CSKR does not decode: %v", err)
		}
		enc2, err := s2.MarshalBinary()
		if err != nil || !bytes.Equal(enc, enc2) {
			t.Fatalf("encoding is not stable: %v", err)
		}
		if mesh, _, err := BuildMesh(m, s, c, sk, "fuzz"); err == nil && !mesh.Skinned() {
			t.Fatal("a skinned mesh has no influences")
		}
	})
}
