package pak

import (
	"bytes"
	"os"
	"testing"
)

// TestParseAtMatchesParse: an archive read through its file (ParseAt)
// has the tables and gives every resource's contents, whole and in part,
// as the archive parsed from memory does; an entry stored plain then
// costs its size against the budget once, however often it is read.
func TestParseAtMatchesParse(t *testing.T) {
	written, err := Write(nil, []WriteEntry{
		{Type: Type4("ANIM"), ID: 1, Data: bytes.Repeat([]byte("plain"), 200)},
		{Type: Type4("ANIM"), ID: 2, Data: bytes.Repeat([]byte("zlib"), 300), Compression: Zlib},
	}, WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"DemoSet-mp1.pak", "DemoSet-mp2.pak", "SkinnedSet-mp1.pak", "SkinnedSet-mp2.pak", "written"} {
		data := written
		if name != "written" {
			if data, err = os.ReadFile("testdata/" + name); err != nil {
				t.Fatal(err)
			}
		}
		mem, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		at, err := ParseAt(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(at.Resources) != len(mem.Resources) || len(at.Named) != len(mem.Named) {
			t.Fatalf("%s: %d resources, %d named; want %d, %d", name, len(at.Resources), len(at.Named), len(mem.Resources), len(mem.Named))
		}
		var plain int64
		for i := range mem.Resources {
			want, err := mem.Data(i)
			if err != nil {
				t.Fatal(err)
			}
			for range 2 {
				got, err := at.Data(i)
				if err != nil || !bytes.Equal(got, want) {
					t.Errorf("%s resource %d: %d bytes, %v; want %d bytes", name, i, len(got), err, len(want))
				}
			}
			if p, _, err := at.Prefix(i, 7); err != nil || !bytes.Equal(p, want[:min(7, len(want))]) {
				t.Errorf("%s resource %d: prefix %x, %v", name, i, p, err)
			}
			if mem.Resources[i].Compressed == 0 {
				plain += int64(mem.Resources[i].Size)
			}
		}
		if name == "written" && plain == 0 {
			t.Error("the written archive has no plain entry")
		}
		if used, want := at.Budget().Used(), mem.Budget().Used()+plain; used != want {
			t.Errorf("%s: budget counted %d bytes, want %d (%d decompressed, %d plain)", name, used, want, mem.Budget().Used(), plain)
		}
	}
}
