package pak

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/primetest"
	"github.com/animview/animview/internal/lzo"
	"github.com/animview/animview/internal/lzo/lzotest"
)

func hexBytes(t testing.TB, s string) []byte {
	t.Helper()
	var clean strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if i := strings.IndexByte(line, '|'); i >= 0 {
			line = line[:i]
		}
		clean.WriteString(strings.NewReplacer(" ", "", "\t", "").Replace(line))
	}
	b, err := hex.DecodeString(clean.String())
	if err != nil {
		t.Fatalf("bad hex: %v", err)
	}
	return b
}

var ff = strings.Repeat("FF", 32)

// A PAK worked by hand from docs/formats/metroid-prime.md#pak-layout and
// #compressed-entries: one named resource, a plain
// entry, an LZO segment and a raw (negative-length) segment.
var pakVector = `
00030005 00000000                 | version 3.5, unused 0
00000001 4D4C564C 00000001 00000004 576F726C | 1 named: MLVL 00000001, name length 4, "Worl" (no NUL)
00000003                          | 3 resources: compressed, type, id, size, offset
00000000 54455354 00000010 00000020 00000060 | plain TEST 10: 32 bytes at 0x60
00000001 54455354 00000011 00000020 00000080 | compressed TEST 11 at 0x80
00000001 54455354 00000012 00000020 000000A0 | compressed TEST 12 at 0xA0
00000000                          | zero bytes to the 32-byte boundary (0x60)
68656C6C6F ` + ff[:54] + `         | "hello", 0xFF padding (the size includes it)
00000006 0009 14616263480011 0000 ` + ff[:34] + ` | size 6; segment of 9 LZO bytes: 3 literals (first byte 0x14), M2 distance 3, end
00000003 FFFD 78797A ` + ff[:46] + ` | size 3; segment length -3: 3 raw bytes "xyz"
`

func TestPAKVector(t *testing.T) {
	data := hexBytes(t, pakVector)
	f, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Named) != 1 || f.Named[0].Name != "Worl" || string(f.Named[0].Type[:]) != "MLVL" {
		t.Errorf("named %+v", f.Named)
	}
	want := []string{"hello" + strings.Repeat("\xff", 27), "abcabc", "xyz"}
	for i, w := range want {
		got, err := f.Data(i)
		if err != nil || string(got) != w {
			t.Errorf("resource %d: %q, %v; want %q", i, got, err, w)
		}
	}
	if len(f.Warnings) > 0 {
		t.Errorf("warnings %q", f.Warnings)
	}
	names, _ := f.Resolver().List()
	if strings.Join(names, " ") != "00000010.TEST 00000011.TEST 00000012.TEST" {
		t.Errorf("names %v", names)
	}
}

func TestPAKErrors(t *testing.T) {
	base := hexBytes(t, pakVector)
	mod := func(off int, b ...byte) []byte {
		d := append([]byte(nil), base...)
		copy(d[off:], b)
		return d
	}
	table := 8 + 4 + 16 + 4
	tests := []struct {
		name  string
		data  []byte
		entry int
		want  string
		off   int64
	}{
		{"version", mod(2, 0, 6), -1, "version", 0},
		{"offset past the file", mod(table+20+16, 0, 0, 0x10, 0), -1, "ends at", int64(table + 20 + 12)},
		{"offset in the header", mod(table+16, 0, 0, 0, 0x10), -1, "inside the header", int64(table + 16)},
		{"resource count", mod(table-4, 0x10, 0, 0, 0), -1, "resource count", int64(table)},
		// Declared 5: the LZO segment would write a sixth byte.
		{"lzo past the declared size", mod(0x80, 0, 0, 0, 5), 1, "past the declared size", 0x86},
		// Declared 64: after the segment's 6 bytes the 0xFF padding reads
		// as raw segments of length -1 (FFFF) until the entry runs out.
		{"lzo short", mod(0x80, 0, 0, 0, 64), 1, "1 raw bytes, 0 remain", 0xA0},
		{"zero-length segment", mod(0xA4, 0, 0), 2, "zero-length segment", 0xA4},
		{"raw past the declared size", mod(0xA0, 0, 0, 0, 2), 2, "past the declared size", 0xA6},
		{"garbage after the segments", mod(0xA9, 0x00), 2, "not 0xFF padding", 0xA9},
		{"decompression bomb", mod(0xA0, 0x7F, 0, 0, 0), 2, "cannot come from", 0xA0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse(tc.data)
			if tc.entry >= 0 {
				if err != nil {
					t.Fatal(err)
				}
				_, err = f.Data(tc.entry)
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			var fe *formats.Error
			if !errors.As(err, &fe) || fe.Offset != tc.off {
				t.Errorf("error %v: want offset %d", err, tc.off)
			}
		})
	}
}

func zlibEntry(t *testing.T, declared uint32, payload []byte) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.BigEndian, declared)
	zw := zlib.NewWriter(&b)
	zw.Write(payload)
	zw.Close()
	return b.Bytes()
}

// A zlib entry must inflate to exactly its declared size.
func TestPAKZlibSize(t *testing.T) {
	payload := bytes.Repeat([]byte("zlib "), 100)
	for _, tc := range []struct {
		declared uint32
		want     string
	}{{500, ""}, {499, "past its declared 499"}, {501, "not the declared 501"}} {
		e := zlibEntry(t, tc.declared, payload)
		pak, err := Write(nil, []WriteEntry{{Type: Type4("TEST"), ID: 1, Data: e}}, WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		binary.BigEndian.PutUint32(pak[16:], 1) // mark it compressed
		f, err := Parse(pak)
		if err != nil {
			t.Fatal(err)
		}
		got, err := f.Data(0)
		switch {
		case tc.want == "" && (err != nil || !bytes.Equal(got, payload)):
			t.Errorf("declared %d: %v", tc.declared, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("declared %d: error %v, want %q", tc.declared, err, tc.want)
		}
	}
}

func TestPAKWriteRoundTrip(t *testing.T) {
	big := bytes.Repeat([]byte("segmented LZO data "), 3000) // several 0x4000 segments
	random := make([]byte, 40000)
	for i := range random {
		random[i] = byte(i*7919 + i>>3)
	}
	entries := []WriteEntry{
		{Type: Type4("ANIM"), ID: 1, Data: []byte("plain"), Compression: Plain},
		{Type: Type4("ANIM"), ID: 2, Data: big, Compression: Zlib},
		{Type: Type4("ANIM"), ID: 3, Data: big, Compression: LZO},
		{Type: Type4("CINF"), ID: 4, Data: random, Compression: LZO},
		{Type: Type4("ANIM"), ID: 1, Data: []byte("duplicate"), Compression: Plain},
	}
	for _, opt := range []WriteOptions{{}, {CompressLZO: lzotest.Compress}} {
		data, err := Write([]Named{{Type: Type4("MLVL"), ID: 9, Name: "World"}}, entries, opt)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range entries[:4] {
			got, err := f.Data(i)
			if err != nil {
				t.Fatalf("entry %d: %v", i, err)
			}
			if e.Compression == Plain {
				got = bytes.TrimRight(got, "\xff")
			}
			if !bytes.Equal(got, e.Data) {
				t.Errorf("entry %d differs", i)
			}
			if r := f.Resources[i]; r.Offset%32 != 0 || r.Size%32 != 0 {
				t.Errorf("entry %d at %d size %d: not 32-aligned", i, r.Offset, r.Size)
			}
		}
		// The first of a repeated id and type wins.
		b, err := f.Resolver().Open("00000001.ANIM")
		if err != nil || !bytes.HasPrefix(b, []byte("plain")) {
			t.Errorf("duplicate id: %q %v", b, err)
		}
		if opt.CompressLZO != nil {
			// LZO segments really are compressed: the first length is
			// positive and inflates to SegmentSize.
			st, _ := f.Stored(2)
			n := int16(binary.BigEndian.Uint16(st[4:]))
			seg, _, err := lzo.Decompress(nil, st[6:6+int(n)], SegmentSize)
			if n <= 0 || err != nil || len(seg) != SegmentSize {
				t.Errorf("first segment: length %d, %d bytes, %v", n, len(seg), err)
			}
		}
	}
}

// demoPAK packs the demo character set (MP1: zlib, MP2: LZO), extra loose
// animations and filler resources up to total.
func demoPAK(t testing.TB, game prime.Game, loose, total int) []byte {
	t.Helper()
	return filesPAK(t, primetest.SetFiles, game, loose, total)
}

// skinnedPAK is demoPAK with the characters' models and skin.
func skinnedPAK(t testing.TB, game prime.Game, loose, total int) []byte {
	t.Helper()
	return filesPAK(t, primetest.SkinnedSetFiles, game, loose, total)
}

// texturedPAK is demoPAK with textured models, their skin and TXTRs.
func texturedPAK(t testing.TB, game prime.Game, loose, total int) []byte {
	t.Helper()
	return filesPAK(t, primetest.TexturedSetFiles, game, loose, total)
}

func filesPAK(t testing.TB, set func(prime.Game) (map[string][]byte, error), game prime.Game, loose, total int) []byte {
	t.Helper()
	files, err := set(game)
	if err != nil {
		t.Fatal(err)
	}
	comp := Zlib
	if game == prime.MP2 {
		comp = LZO
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var entries []WriteEntry
	var walk []byte
	for _, n := range names {
		var id uint32
		var typ string
		fmt.Sscanf(n, "%08X.%s", &id, &typ)
		entries = append(entries, WriteEntry{Type: Type4(typ), ID: id, Data: files[n], Compression: comp})
		if n == "1A2B3C4D.ANIM" {
			walk = files[n]
		}
	}
	for i := 0; i < loose; i++ {
		entries = append(entries, WriteEntry{Type: Type4("ANIM"), ID: 0xA0000000 + uint32(i), Data: walk, Compression: comp})
	}
	for i := 0; len(entries) < total; i++ {
		entries = append(entries, WriteEntry{Type: Type4("TXTR"), ID: 0xB0000000 + uint32(i), Data: []byte("texture data")})
	}
	data, err := Write([]Named{{Type: Type4("MLVL"), ID: 1, Name: "Demo"}}, entries, WriteOptions{CompressLZO: lzotest.Compress})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestLoadPAK(t *testing.T) {
	for _, game := range []prime.Game{prime.MP1, prime.MP2} {
		t.Run(game.String(), func(t *testing.T) {
			data := skinnedPAK(t, game, 2, 0)
			if !Sniff(data) {
				t.Fatal("not sniffed")
			}
			a, err := Load(&formats.Input{Name: "Demo.pak", Data: data})
			if err != nil {
				t.Fatal(err)
			}
			if a.Format != LoaderName || len(a.Warnings) > 0 {
				t.Errorf("format %s, warnings %q", a.Format, a.Warnings)
			}
			var es []string
			for _, e := range a.Entries {
				es = append(es, e.Name+"/"+e.Type)
			}
			want := "Crawler/character Crawler_Calm/character A0000000.ANIM/anim A0000001.ANIM/anim"
			if strings.Join(es, " ") != want {
				t.Errorf("entries %v", es)
			}
			if a.Entry != "Crawler" || len(a.Clips) != 3 || a.AnimSet == nil || a.Skeleton.Name != "5E6F7081" {
				t.Errorf("entry %q, %d clips", a.Entry, len(a.Clips))
			}
			if len(a.Meshes) != 1 || a.Meshes[0].Name != "0C0D0E0F.CMDL" || !a.Meshes[0].Skinned() {
				t.Errorf("meshes %v", a.Meshes)
			}
			if c := a.AnimSet.Animations[3].Tree.Children[1].Clip; c != 2 {
				t.Errorf("phase blend's second child plays clip %d", c)
			}
			listed, warns, err := List("demo.pak", data, nil)
			if err != nil || len(warns) > 0 || fmt.Sprint(listed) != fmt.Sprint(a.Entries) {
				t.Errorf("list %v %q %v", listed, warns, err)
			}
			b, err := Load(&formats.Input{Name: "Demo.pak", Data: data, Entry: "A0000001.ANIM"})
			if err != nil || b.Format != LoaderName || len(b.Clips) != 1 || b.Entry != "A0000001.ANIM" {
				t.Errorf("loose animation: %v", err)
			}
		})
	}
}

// A character whose ANIM is missing from the PAK still opens, with a
// warning naming the id and type.
func TestLoadPAKMissing(t *testing.T) {
	files, err := primetest.SetFiles(prime.MP1)
	if err != nil {
		t.Fatal(err)
	}
	var entries []WriteEntry
	for n, b := range files {
		if n == "1A2B3C4F.ANIM" {
			continue
		}
		var id uint32
		var typ string
		fmt.Sscanf(n, "%08X.%s", &id, &typ)
		entries = append(entries, WriteEntry{Type: Type4(typ), ID: id, Data: b, Compression: Zlib})
	}
	data, err := Write(nil, entries, WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := Load(&formats.Input{Name: "x.pak", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, w := range a.Warnings {
		found = found || strings.Contains(w, "ANIM 1A2B3C4F is missing")
	}
	if !found || len(a.Clips) != 2 || a.AnimSet.Animations[5].Tree.Children[0].Clip != -1 {
		t.Errorf("warnings %q, %d clips", a.Warnings, len(a.Clips))
	}
}

func FuzzPAK(f *testing.F) {
	f.Add(hexBytes(f, pakVector))
	f.Add(demoPAK(f, prime.MP1, 1, 0))
	f.Add(demoPAK(f, prime.MP2, 1, 0))
	f.Fuzz(func(t *testing.T, data []byte) {
		Sniff(data)
		p, err := Parse(data)
		// The archive read through its file (ParseAt) parses alike and
		// gives the same contents.
		at, aterr := ParseAt(bytes.NewReader(data), int64(len(data)))
		if (err == nil) != (aterr == nil) {
			t.Fatalf("Parse: %v; ParseAt: %v", err, aterr)
		}
		if err != nil {
			return
		}
		for i := range p.Resources {
			b, err := p.Data(i)
			st, _ := p.Stored(i)
			if err == nil && p.Resources[i].Compressed != 0 && len(b) != int(binary.BigEndian.Uint32(st)) {
				t.Fatalf("resource %d: %d bytes, declared %d", i, len(b), binary.BigEndian.Uint32(st))
			}
			if b2, err2 := at.Data(i); (err == nil) != (err2 == nil) || !bytes.Equal(b, b2) {
				t.Fatalf("resource %d: Parse %d bytes, %v; ParseAt %d bytes, %v", i, len(b), err, len(b2), err2)
			}
		}
		a, err := Load(&formats.Input{Name: "fuzz.pak", Data: data})
		if err != nil {
			return
		}
		if err := a.Validate(); err != nil {
			t.Fatalf("loaded asset does not validate: %v", err)
		}
	})
}

// BenchmarkListPAK lists a PAK of 2,000 resources: the demo character set,
// 1,000 loose animations and texture fillers (what `animview list` does).
func BenchmarkListPAK(b *testing.B) {
	data := demoPAK(b, prime.MP1, 1000, 2000)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		es, _, err := List("demo.pak", data, nil)
		if err != nil || len(es) != 1002 {
			b.Fatal(err, len(es))
		}
	}
}

// BenchmarkOpenCharacter opens the first character of that PAK: its CINF,
// the three ANIMs its set plays and the EVNT, decompressed and decoded.
func BenchmarkOpenCharacter(b *testing.B) {
	for _, game := range []prime.Game{prime.MP1, prime.MP2} {
		b.Run(game.String(), func(b *testing.B) {
			data := demoPAK(b, game, 1000, 2000)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				a, err := Load(&formats.Input{Name: "bench.pak", Data: data})
				if err != nil || len(a.Clips) != 3 {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestDamagedSetEntry: asked for a character of a character set that
// failed to load, a PAK says which set failed and why, not only that
// there is no such entry (issue 35). The fixture's ANCS is its first
// resource, zlib-compressed from offset 192; a flipped byte of its first
// segment breaks it.
func TestDamagedSetEntry(t *testing.T) {
	data, err := os.ReadFile("testdata/DemoSet-mp1.pak")
	if err != nil {
		t.Fatal(err)
	}
	data[196] ^= 0xFF
	_, err = Load(&formats.Input{Name: "d.pak", Data: data, Entry: "Crawler"})
	want := []string{`no entry named "Crawler"`, "1 character sets failed to load: 0A0B0C0D.ANCS: prime PAK: resource 0 (0A0B0C0D.ANCS) segment 0 at offset 198"}
	for _, w := range want {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v, want it to say %q", err, w)
		}
	}
}
