package pak

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/primetest"
	"github.com/animview/animview/internal/lzo/lzotest"
)

// aliasedPAK builds a PAK of rows resource-table rows of type typ (ids
// 0x10000000 up) that all point at one stored entry: body (a compressed
// entry's size word and stream), padded to 32 bytes. The games' own
// writer never does this; a hostile file does (issue 25, item 1).
func aliasedPAK(rows int, typ string, body []byte) []byte {
	var b []byte
	b = binary.BigEndian.AppendUint32(b, Version)
	b = binary.BigEndian.AppendUint32(b, 0)
	b = binary.BigEndian.AppendUint32(b, 0) // no named resources
	b = binary.BigEndian.AppendUint32(b, uint32(rows))
	tableAt := len(b)
	b = append(b, make([]byte, 20*rows)...)
	for len(b)%32 != 0 {
		b = append(b, 0)
	}
	off := len(b)
	b = append(b, body...)
	for len(b)%32 != 0 {
		b = append(b, 0xFF)
	}
	for i := 0; i < rows; i++ {
		row := b[tableAt+20*i:]
		binary.BigEndian.PutUint32(row, 1)
		copy(row[4:], typ)
		binary.BigEndian.PutUint32(row[8:], 0x10000000+uint32(i))
		binary.BigEndian.PutUint32(row[12:], uint32(len(b)-off))
		binary.BigEndian.PutUint32(row[16:], uint32(off))
	}
	return b
}

// zlibBody is a compressed entry: the size word, then data as one zlib
// stream.
func zlibBody(t testing.TB, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	b.Write(binary.BigEndian.AppendUint32(nil, uint32(len(data))))
	zw, err := zlib.NewWriterLevel(&b, zlib.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// demoSetPadded is the demo MP1 character set followed by zeros up to
// size bytes: a decompression bomb that is still a readable ANCS.
func demoSetPadded(t testing.TB, size int) []byte {
	t.Helper()
	set, err := primetest.ANCS(prime.MP1).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return append(set, make([]byte, size-len(set))...)
}

// allocated returns the bytes f allocates on the heap.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestInflateAllocatesItsSize is issue 25's item 2: a zlib entry costs its
// declared size, not three times it (the old reader's buffer doubled when
// it read one byte past the size: 416 MB for 128 MiB). The bound is 1.3×,
// the criterion; the rest is the inflater's window.
func TestInflateAllocatesItsSize(t *testing.T) {
	const size = 16 << 20
	f, err := Parse(aliasedPAK(1, "ANIM", zlibBody(t, make([]byte, size))))
	if err != nil {
		t.Fatal(err)
	}
	var d []byte
	got := allocated(func() { d, err = f.Data(0) })
	if err != nil || len(d) != size || cap(d) != size {
		t.Fatalf("%d bytes (capacity %d), %v", len(d), cap(d), err)
	}
	if got > size*13/10 {
		t.Errorf("decompressing %d bytes allocated %d (%.2f×), want at most 1.3×", size, got, float64(got)/size)
	}
}

// TestAliasedRowsDecompressOnce is item 1 when opening: ten rows that
// point at one 4 MiB zlib stream are one entry, decompressed once and
// shared (before: each row decompressed again, ten times 12 MiB). The
// budget counts it once.
func TestAliasedRowsDecompressOnce(t *testing.T) {
	const size = 4 << 20
	f, err := Parse(aliasedPAK(10, "ANIM", zlibBody(t, make([]byte, size))))
	if err != nil {
		t.Fatal(err)
	}
	var first []byte
	got := allocated(func() {
		for i := range f.Resources {
			d, err := f.Data(i)
			if err != nil || len(d) != size {
				t.Fatalf("row %d: %d bytes, %v", i, len(d), err)
			}
			if first == nil {
				first = d
			} else if &d[0] != &first[0] {
				t.Errorf("row %d decompressed again", i)
			}
		}
	})
	if got > size*13/10 {
		t.Errorf("ten aliased rows of %d bytes allocated %d", size, got)
	}
	if used := f.Budget().Used(); used != size {
		t.Errorf("budget counted %d bytes, want %d", used, size)
	}
}

// TestListAliasedSets is item 1 when listing: 2,000 ANCS rows that all
// point at one stream inflating to 16 MiB (the demo set, then zeros) list
// from the stream's first 64 KiB, decompressed once (before: 2,000 times
// the whole entry, which ran until killed at 128 MiB). Opening the archive
// decompresses the entry once, within the budget.
func TestListAliasedSets(t *testing.T) {
	const size, rows = 16 << 20, 2000
	data := aliasedPAK(rows, "ANCS", zlibBody(t, demoSetPadded(t, size)))
	f, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var es []formats.Entry
	var warns []string
	got := allocated(func() { es, warns, err = prime.LibraryEntries(f.Resolver(), true) })
	if err != nil || len(warns) > 0 {
		t.Fatalf("%v %q", err, warns)
	}
	if len(es) != 2*rows || es[0].Name != "Crawler" || !strings.HasPrefix(es[2].Name, "Crawler (10000001") {
		t.Errorf("%d entries: %v ...", len(es), es[:3])
	}
	if used := f.Budget().Used(); used > 64<<10 {
		t.Errorf("listing decompressed %d bytes, want at most the 64 KiB prefix", used)
	}
	if got > 64<<20 {
		t.Errorf("listing allocated %d bytes", got)
	}

	arc, err := OpenArchive(&formats.Input{Name: "aliased.pak", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	if used := arc.f.Budget().Used(); used != size {
		t.Errorf("opening decompressed %d bytes, want the entry once (%d)", used, size)
	}
	if len(arc.Entries()) != 2*rows {
		t.Errorf("%d entries", len(arc.Entries()))
	}
}

// TestBudget: past its budget an archive is an error that names it and
// the budget, when listing, opening and reading an entry; the option
// raises the budget.
func TestBudget(t *testing.T) {
	const size = 2 << 20
	// Two distinct 2 MiB entries: 4 MiB in all.
	entries := []WriteEntry{{Type: Type4("ANIM"), ID: 1, Data: make([]byte, size), Compression: Zlib},
		{Type: Type4("ANIM"), ID: 2, Data: bytes.Repeat([]byte{1}, size), Compression: LZO}}
	data, err := Write(nil, entries, WriteOptions{CompressLZO: lzotest.Compress})
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	f.SetBudget(formats.NewBudget("two.pak", 3<<20))
	if _, err := f.Data(0); err != nil {
		t.Fatal(err)
	}
	_, err = f.Data(1)
	if !errors.Is(err, formats.ErrBudget) || !strings.Contains(err.Error(), "two.pak") || !strings.Contains(err.Error(), "budget of 3 MiB") {
		t.Errorf("second entry past the budget: %v", err)
	}

	// The set's ANCS decompresses 16 MiB: over a 1 MiB budget when
	// opened (and the option names the flag), listed within it.
	set := aliasedPAK(3, "ANCS", zlibBody(t, demoSetPadded(t, 16<<20)))
	small := map[string]string{formats.OptionBudget: "1"}
	_, err = OpenArchive(&formats.Input{Name: "bomb.pak", Data: set, Options: small})
	if !errors.Is(err, formats.ErrBudget) || !strings.Contains(err.Error(), "bomb.pak") || !strings.Contains(err.Error(), "--archive-budget") {
		t.Errorf("open: %v", err)
	}
	if es, _, err := List("bomb.pak", set, small); err != nil || len(es) != 6 {
		t.Errorf("list: %d entries, %v", len(es), err)
	}
	if _, err := OpenArchive(&formats.Input{Name: "bomb.pak", Data: set, Options: map[string]string{formats.OptionBudget: "17"}}); err != nil {
		t.Errorf("a budget of 17 MiB: %v", err)
	}
	if _, err := OpenArchive(&formats.Input{Name: "bomb.pak", Data: set, Options: map[string]string{formats.OptionBudget: "lots"}}); err == nil {
		t.Error("a budget of lots accepted")
	}
}

// TestPrefix: a prefix is the entry's first bytes, zlib and LZO, counted
// as decompressed; asking for the whole gives Data's bytes.
func TestPrefix(t *testing.T) {
	content := make([]byte, 100000)
	for i := range content {
		content[i] = byte(i*31 + i>>7)
	}
	data, err := Write(nil, []WriteEntry{{Type: Type4("ANCS"), ID: 1, Data: content, Compression: Zlib},
		{Type: Type4("ANCS"), ID: 2, Data: content, Compression: LZO}, {Type: Type4("ANCS"), ID: 3, Data: content}},
		WriteOptions{CompressLZO: lzotest.Compress})
	if err != nil {
		t.Fatal(err)
	}
	for i, kind := range []string{"zlib", "LZO", "plain"} {
		f, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{1, 100, 16383, 16384, 16385, 70000, 99999} {
			p, whole, err := f.Prefix(i, n)
			if err != nil || whole || !bytes.Equal(p, content[:n]) {
				t.Fatalf("%s prefix %d: %d bytes, whole %v, %v", kind, n, len(p), whole, err)
			}
		}
		if i < 2 {
			if used := f.Budget().Used(); used != 1+100+16383+16384+16385+70000+99999 {
				t.Errorf("%s: %d bytes counted", kind, used)
			}
		}
		p, whole, err := f.Prefix(i, 1<<20)
		d, _ := f.Data(i)
		if err != nil || !whole || !bytes.Equal(p, d) {
			t.Errorf("%s whole: %d bytes, whole %v, %v", kind, len(p), whole, err)
		}
	}
}

// TestAliasedErrorNamesRow: an aliased entry that fails names the row
// asked for, not the first row that shares it.
func TestAliasedErrorNamesRow(t *testing.T) {
	body := zlibBody(t, make([]byte, 1000))
	binary.BigEndian.PutUint32(body, 999) // declared one byte short
	f, err := Parse(aliasedPAK(3, "ANIM", body))
	if err != nil {
		t.Fatal(err)
	}
	for i := range f.Resources {
		_, err := f.Data(i)
		want := fmt.Sprintf("resource %d (%08X.ANIM) zlib stream", i, 0x10000000+i)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "past its declared 999") {
			t.Errorf("row %d: %v", i, err)
		}
	}
}

// FuzzList is folder and archive listing (issue 25): whatever the bytes,
// nothing panics, and when every entry decompresses, listing a PAK gives
// the entries that opening it gives (a listing parses character sets from
// prefixes, which must change nothing) and the archive's resources written
// out as a folder list alike.
func FuzzList(f *testing.F) {
	f.Add(demoPAK(f, prime.MP1, 1, 0))
	f.Add(demoPAK(f, prime.MP2, 2, 4))
	f.Add(aliasedPAK(3, "ANCS", zlibBody(f, demoSetPadded(f, 70000))))
	opts := map[string]string{formats.OptionBudget: "64"}
	f.Fuzz(func(t *testing.T, data []byte) {
		listed, _, lerr := List("fuzz.pak", data, opts)
		arc, oerr := OpenArchive(&formats.Input{Name: "fuzz.pak", Data: data, Options: opts})
		if errors.Is(lerr, formats.ErrBudget) || errors.Is(oerr, formats.ErrBudget) {
			return
		}
		if (lerr == nil) != (oerr == nil) {
			t.Fatalf("list: %v; open: %v", lerr, oerr)
		}
		if lerr != nil {
			return
		}
		// The same resources as a folder of extracted files. A listing
		// reads only the start of a stream, so it can show a set whose
		// stream is damaged further on, which opening leaves out: the
		// lists are compared when every stream is whole.
		fsys := fstest.MapFS{}
		for i := range arc.f.Resources {
			name := arc.f.Resources[i].Name()
			if _, dup := fsys[name]; dup {
				continue
			}
			b, err := arc.f.Data(i)
			if err != nil {
				return
			}
			fsys[name] = &fstest.MapFile{Data: b}
		}
		if fmt.Sprint(listed) != fmt.Sprint(arc.Entries()) {
			t.Fatalf("listed %v, opened %v", listed, arc.Entries())
		}
		folder, _, err := prime.LibraryEntries(formats.FSResolver{FS: fsys}, true)
		if err != nil || fmt.Sprint(folder) != fmt.Sprint(listed) {
			t.Fatalf("folder lists %v (%v), the archive %v", folder, err, listed)
		}
	})
}
