// Package pak reads and writes the resource archives of Metroid Prime and
// Metroid Prime 2: Echoes for the GameCube (PAK version 3.5,
// docs/formats/metroid-prime.md#pak-archives): named resources, the resource
// table, and
// entries stored plain, as one zlib stream (MP1) or as LZO1X segments
// (MP2). A PAK opens as a library of resources: its characters (from its
// ANCS files) and its loose animations are the entries.
package pak

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/internal/lzo"
)

const fmtPAK = "prime PAK"

// LoaderName names the PAK loader.
const LoaderName = "prime-pak"

// Version is the u32 both games' PAKs start with: major 3, minor 5.
const Version = 0x00030005

// MaxResource bounds one resource's decompressed size; the games' largest
// resources are a few MiB.
const MaxResource = 128 << 20

// SegmentSize is the most an MP2 LZO segment inflates to.
const SegmentSize = 0x4000

// File is a parsed PAK: the tables as stored and the archive's bytes.
type File struct {
	Major, Minor uint16
	Unused       uint32
	Named        []Named
	Resources    []Resource
	// Warnings are problems that do not stop the archive from opening.
	Warnings []string
	// data is the whole archive when it was parsed from memory (Parse);
	// else ra reads its entries from the file as they are needed
	// (ParseAt), so that the archive's bytes are not held beside what it
	// decompresses.
	data []byte
	ra   io.ReaderAt
	size int64
	// byName maps <ID>.<TYPE> to the first resource with that id and type.
	byName map[string]int
	names  []string
	budget *formats.Budget
	mu     sync.Mutex
	// whole holds the entries decompressed whole and prefix the longest
	// prefix decompressed of the others, by where they are stored.
	whole  map[span]*inflated
	prefix map[span][]byte
}

// Named is a named resource (a world's entry point and the like).
type Named struct {
	Type [4]byte
	ID   uint32
	Name string
}

// Resource is a row of the resource table. Offset is absolute and Size is
// the stored size including the 0xFF padding to 32 bytes.
type Resource struct {
	Compressed uint32
	Type       [4]byte
	ID         uint32
	Size       uint32
	Offset     uint32
}

// Name returns the resource's extracted-file name, <ID>.<TYPE>.
func (r *Resource) Name() string { return fmt.Sprintf("%08X.%s", r.ID, typeString(r.Type)) }

func typeString(t [4]byte) string {
	for _, c := range t {
		if c < 0x20 || c > 0x7E || c == '/' || c == '\\' {
			return fmt.Sprintf("%02X%02X%02X%02X", t[0], t[1], t[2], t[3])
		}
	}
	return string(t[:])
}

// Sniff reports whether data starts like a PAK: version 3.5 and an unused
// zero word.
func Sniff(data []byte) bool {
	return len(data) >= 12 && binary.BigEndian.Uint32(data) == Version && binary.BigEndian.Uint32(data[4:]) == 0
}

// Parse reads the tables of a PAK and checks every entry against the file.
func Parse(data []byte) (*File, error) {
	f, err := parseTables(data, int64(len(data)))
	if err != nil {
		return nil, err
	}
	f.data = data
	return f, nil
}

// ParseAt is Parse for an archive of size bytes read through ra: only its
// tables are read now, each entry when it is first asked for, so that what
// the archive holds is what it decompresses (under its budget), not its
// whole file as well.
func ParseAt(ra io.ReaderAt, size int64) (*File, error) {
	// The tables are at the start: read a first part, more while the
	// tables run past it, never more than the file.
	for n := min(size, 1<<20); ; n = min(size, 4*n) {
		head := make([]byte, n)
		if _, err := ra.ReadAt(head, 0); err != nil && !(errors.Is(err, io.EOF) && n == size) {
			return nil, fmt.Errorf("%s: %w", fmtPAK, err)
		}
		f, err := parseTables(head, size)
		if err != nil && n < size && (errors.Is(err, bin.ErrShort) || errors.Is(err, bin.ErrCount)) {
			continue
		}
		if err != nil {
			return nil, err
		}
		f.ra, f.size = ra, size
		return f, nil
	}
}

// parseTables reads the tables from head, the start of an archive of size
// bytes, and checks every entry against size.
func parseTables(head []byte, size int64) (*File, error) {
	data := head
	r := bin.NewReader(data, binary.BigEndian, fmtPAK)
	f := &File{byName: map[string]int{}, budget: formats.NewBudget(fmtPAK, 0),
		whole: map[span]*inflated{}, prefix: map[span][]byte{}}
	f.Major = r.U16("version major")
	f.Minor = r.U16("version minor")
	if r.Err() == nil && (f.Major != 3 || f.Minor != 5) {
		return nil, r.FailAt("version", 0, "%d.%d is not 3.5", f.Major, f.Minor)
	}
	f.Unused = r.U32("unused")
	n := r.Count("named resource count", uint64(r.U32("named resource count")), 12)
	if r.Err() != nil {
		return nil, r.Err()
	}
	f.Named = make([]Named, n)
	for i := range f.Named {
		nr := &f.Named[i]
		copy(nr.Type[:], r.Bytes("named resource type", 4))
		nr.ID = r.U32("named resource id")
		off := r.Offset()
		ln := r.U32("named resource name length")
		if r.Err() == nil && ln > 4096 {
			r.FailAt("named resource name length", off, "%d bytes is not a name", ln)
		}
		nr.Name = string(r.Bytes("named resource name", int(ln)))
		if r.Err() != nil {
			prefix(r, "named resource "+strconv.Itoa(i))
			return nil, r.Err()
		}
	}
	n = r.Count("resource count", uint64(r.U32("resource count")), 20)
	if r.Err() != nil {
		return nil, r.Err()
	}
	f.Resources = make([]Resource, n)
	tableEnd := r.Offset() + 20*n
	for i := range f.Resources {
		res := &f.Resources[i]
		off := r.Offset()
		res.Compressed = r.U32("compressed")
		copy(res.Type[:], r.Bytes("type", 4))
		res.ID = r.U32("id")
		res.Size = r.U32("size")
		res.Offset = r.U32("offset")
		if r.Err() != nil {
			break
		}
		// The games store offset and size divided by 32 (CPakFile::SResInfo).
		end := uint64(res.Offset) + uint64(res.Size)
		switch {
		case uint64(res.Offset) < uint64(tableEnd):
			r.FailAt("offset", off+16, "%d lies inside the header (which ends at %d)", res.Offset, tableEnd)
		case end > uint64(size):
			r.FailAt("size", off+12, "entry at %d of %d bytes ends at %d, past the %d-byte file", res.Offset, res.Size, end, size)
		case res.Compressed != 0 && res.Size < 4:
			r.FailAt("size", off+12, "a compressed entry of %d bytes has no room for its size", res.Size)
		}
		if r.Err() != nil {
			prefix(r, fmt.Sprintf("resource %d (%s)", i, res.Name()))
			return nil, r.Err()
		}
		if res.Offset%32 != 0 || res.Size%32 != 0 {
			f.Warnings = append(f.Warnings, fmt.Sprintf("resource %d (%s): offset %d and size %d are not both multiples of 32, as the games store them", i, res.Name(), res.Offset, res.Size))
		}
		name := res.Name()
		if _, dup := f.byName[name]; dup {
			continue
		}
		f.byName[name] = i
		f.names = append(f.names, name)
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	return f, nil
}

func prefix(r *bin.Reader, p string) {
	var fe *formats.Error
	if errors.As(r.Err(), &fe) {
		fe.Field = p + " " + fe.Field
	}
}

// Stored returns resource i's bytes as stored (with the decompressed-size
// word of a compressed entry, and the padding), read from the file for an
// archive opened with ParseAt.
func (f *File) Stored(i int) ([]byte, error) {
	res := &f.Resources[i]
	if f.ra == nil {
		return f.data[res.Offset : res.Offset+res.Size], nil
	}
	b := make([]byte, res.Size)
	if _, err := f.ra.ReadAt(b, int64(res.Offset)); err != nil {
		return nil, &formats.Error{Format: fmtPAK, Field: fmt.Sprintf("resource %d (%s)", i, res.Name()), Offset: int64(res.Offset), Err: err}
	}
	return b, nil
}

// sizeWord returns a compressed resource's declared decompressed size, its
// first four stored bytes.
func (f *File) sizeWord(i int) (int, error) {
	res := &f.Resources[i]
	var w [4]byte
	if f.ra == nil {
		copy(w[:], f.data[res.Offset:])
	} else if _, err := f.ra.ReadAt(w[:], int64(res.Offset)); err != nil {
		return 0, &formats.Error{Format: fmtPAK, Field: fmt.Sprintf("resource %d (%s) decompressed size", i, res.Name()), Offset: int64(res.Offset), Err: err}
	}
	return int(binary.BigEndian.Uint32(w[:])), nil
}

// span is where an entry is stored and whether it is compressed: rows
// with the same span (aliases) are one entry, decompressed once. Two rows
// at the same bytes that disagree on the flag are two entries: a
// compressed row must not be handed its uncompressed twin's stored bytes
// (ParseAt did, where Parse, which returns stored bytes uncached,
// refused the compressed row's size: FuzzPAK).
type span struct {
	off, size  uint32
	compressed bool
}

// inflated is a compressed entry decompressed whole, shared by its
// aliases.
type inflated struct {
	once sync.Once
	data []byte
	err  error
}

// SetBudget makes b count what the archive decompresses (a default budget
// named "PAK" counts otherwise). Call it before the first Data or Prefix.
func (f *File) SetBudget(b *formats.Budget) { f.budget = b }

// Budget returns the budget that counts what the archive decompresses.
func (f *File) Budget() *formats.Budget { return f.budget }

// Data returns resource i's contents, decompressed when the entry is. The
// output never exceeds the declared size: a stream that would write more,
// or that ends short of it, is an error. Rows that share an entry's offset
// and size get the same bytes, decompressed once; the callers must not
// write to them. Every decompression is counted against the archive's
// budget first (docs/formats/README.md#limits).
func (f *File) Data(i int) ([]byte, error) {
	if i < 0 || i >= len(f.Resources) {
		return nil, fmt.Errorf("%s: no resource %d", fmtPAK, i)
	}
	res := &f.Resources[i]
	k := span{res.Offset, res.Size, res.Compressed != 0}
	if res.Compressed == 0 && f.ra == nil {
		return f.Stored(i)
	}
	f.mu.Lock()
	e := f.whole[k]
	if e == nil {
		e = &inflated{}
		f.whole[k] = e
	}
	f.mu.Unlock()
	e.once.Do(func() {
		if res.Compressed == 0 {
			// Read from the file: it costs its size, as a decompressed
			// entry does, once however many rows point at it.
			if e.err = f.budget.Take(fmt.Sprintf("resource %d (%s)", i, res.Name()), int64(res.Size)); e.err == nil {
				e.data, e.err = f.Stored(i)
			}
			return
		}
		e.data, e.err = f.decompress(i, -1)
		if e.err == nil {
			f.mu.Lock()
			delete(f.prefix, k)
			f.mu.Unlock()
		}
	})
	return e.data, f.rowError(i, e.err)
}

// Prefix returns the first n bytes of resource i's contents, decompressing
// only as far as it must, or all of them, with whole set, when the
// contents have no more than n. A listing reads what it shows this way.
func (f *File) Prefix(i, n int) (data []byte, whole bool, err error) {
	if i < 0 || i >= len(f.Resources) {
		return nil, false, fmt.Errorf("%s: no resource %d", fmtPAK, i)
	}
	res := &f.Resources[i]
	if res.Compressed == 0 {
		if n >= int(res.Size) || f.ra == nil {
			st, err := f.Data(i)
			if err != nil {
				return nil, false, err
			}
			if n >= len(st) {
				return st, true, nil
			}
			return st[:n], false, nil
		}
		b := make([]byte, n)
		if _, err := f.ra.ReadAt(b, int64(res.Offset)); err != nil {
			return nil, false, &formats.Error{Format: fmtPAK, Field: fmt.Sprintf("resource %d (%s)", i, res.Name()), Offset: int64(res.Offset), Err: err}
		}
		return b, false, nil
	}
	size, err := f.sizeWord(i)
	if err != nil {
		return nil, false, err
	}
	if n >= size {
		d, err := f.Data(i)
		return d, true, err
	}
	k := span{res.Offset, res.Size, res.Compressed != 0}
	f.mu.Lock()
	if p := f.prefix[k]; len(p) >= n {
		f.mu.Unlock()
		return p[:n], false, nil
	}
	if e := f.whole[k]; e != nil {
		f.mu.Unlock()
		// Decompressed whole already (or under way): wait for it.
		d, err := f.Data(i)
		if err != nil {
			return nil, false, err
		}
		return d[:n], false, nil
	}
	f.mu.Unlock()
	p, err := f.decompress(i, n)
	if err != nil {
		return nil, false, f.rowError(i, err)
	}
	f.mu.Lock()
	if len(p) > len(f.prefix[k]) {
		f.prefix[k] = p
	}
	f.mu.Unlock()
	return p, false, nil
}

// rowError names row i in an entry's error (the entry may be shared by
// aliases, and was decompressed for the first of them).
func (f *File) rowError(i int, err error) error {
	var fe *formats.Error
	if err == nil || !errors.As(err, &fe) {
		return err
	}
	out := *fe
	out.Field = fmt.Sprintf("resource %d (%s) %s", i, f.Resources[i].Name(), fe.Field)
	return &out
}

// decompress inflates resource i: whole (stop < 0), or its first stop
// bytes. Errors name the field and the absolute offset; rowError adds the
// row.
func (f *File) decompress(i, stop int) ([]byte, error) {
	res := &f.Resources[i]
	fail := func(field string, off int, format string, args ...any) error {
		return &formats.Error{Format: fmtPAK, Field: field, Offset: int64(res.Offset) + int64(off), Err: fmt.Errorf(format, args...)}
	}
	// Read the entry from the file only once the declared size passed
	// the checks (it is the first word).
	sw, err := f.sizeWord(i)
	if err != nil {
		return nil, err
	}
	size := uint32(sw)
	payloadLen := int(res.Size) - 4
	// Each compressed byte yields at most ~1032 bytes through deflate and
	// fewer through LZO; a size beyond that is a lie, refused before any
	// allocation.
	if size > MaxResource || uint64(size) > 1100*uint64(payloadLen)+SegmentSize {
		return nil, fail("decompressed size", 0, "%d bytes cannot come from %d compressed bytes (limit %d)", size, payloadLen, MaxResource)
	}
	n := int(size)
	if stop >= 0 && stop < n {
		n = stop
	}
	what := fmt.Sprintf("resource %d (%s)", i, res.Name())
	if n < int(size) {
		what = fmt.Sprintf("the first %d bytes of resource %d (%s)", n, i, res.Name())
	}
	if err := f.budget.Take(what, int64(n)); err != nil {
		return nil, err
	}
	stored, err := f.Stored(i)
	if err != nil {
		return nil, err
	}
	payload := stored[4:]
	if isZlib(payload) {
		return inflate(payload, int(size), n, fail)
	}
	return unsegment(payload, int(size), n, fail)
}

// isZlib tells an MP1 zlib stream (CMF 0x78 with a valid check) from MP2's
// first LZO segment length, which is at most about 0x4000, never 0x78xx.
func isZlib(p []byte) bool {
	return len(p) >= 2 && p[0] == 0x78 && (uint16(p[0])<<8|uint16(p[1]))%31 == 0
}

// inflate reads a zlib stream declared to inflate to size bytes into a
// buffer of exactly n bytes (n == size: the whole entry, whose stream must
// then end there with a good checksum; n < size: its first n bytes). An
// overrun is found by asking for one byte more, so the buffer never grows.
func inflate(p []byte, size, n int, fail func(string, int, string, ...any) error) ([]byte, error) {
	zr, err := zlib.NewReader(bytes.NewReader(p))
	if err != nil {
		return nil, fail("zlib stream", 4, "%w", err)
	}
	out := make([]byte, n)
	got, err := io.ReadFull(zr, out)
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return nil, fail("zlib stream", 4, "inflates to %d bytes, not the declared %d", got, size)
	case err != nil:
		return nil, fail("zlib stream", 4, "%w", err)
	case n < size:
		return out, nil
	}
	var one [1]byte
	switch extra, err := zr.Read(one[:]); {
	case extra > 0:
		return nil, fail("zlib stream", 4, "inflates past its declared %d bytes", size)
	case err == nil:
		// A reader may return no byte and no error; the next read
		// says what follows.
		if extra, err = io.ReadFull(zr, one[:]); extra > 0 {
			return nil, fail("zlib stream", 4, "inflates past its declared %d bytes", size)
		}
		if err != io.EOF && err != io.ErrUnexpectedEOF {
			return nil, fail("zlib stream", 4, "%w", err)
		}
	case err != io.EOF:
		return nil, fail("zlib stream", 4, "%w", err)
	}
	return out, nil
}

// unsegment joins MP2's LZO segments: an s16 length, positive for that many
// compressed bytes (inflating to at most SegmentSize), negative for that
// many raw bytes, until the declared size is reached; what follows may only
// be 0xFF padding. With stop < size it returns the first stop bytes, having
// decompressed no more than one segment past them.
func unsegment(p []byte, size, stop int, fail func(string, int, string, ...any) error) ([]byte, error) {
	out := make([]byte, 0, min(size, stop+SegmentSize))
	off := 0
	for seg := 0; len(out) < stop; seg++ {
		field := "segment " + strconv.Itoa(seg)
		if len(p)-off < 2 {
			return nil, fail(field+" length", 4+off, "the entry ends after %d of %d bytes", len(out), size)
		}
		n := int(int16(binary.BigEndian.Uint16(p[off:])))
		off += 2
		switch {
		case n == 0:
			return nil, fail(field+" length", 4+off-2, "zero-length segment")
		case n < 0:
			n = -n
			if n > len(p)-off {
				return nil, fail(field, 4+off, "%d raw bytes, %d remain", n, len(p)-off)
			}
			if n > size-len(out) {
				return nil, fail(field, 4+off, "%d raw bytes go past the declared size %d", n, size)
			}
			out = append(out, p[off:off+n]...)
		default:
			if n > len(p)-off {
				return nil, fail(field, 4+off, "%d compressed bytes, %d remain", n, len(p)-off)
			}
			limit := min(SegmentSize, size-len(out))
			var err error
			before := len(out)
			out, _, err = lzo.Decompress(out, p[off:off+n], limit)
			if err != nil {
				if errors.Is(err, lzo.ErrOutput) && size-before < SegmentSize {
					return nil, fail(field, 4+off, "decompresses past the declared size %d: %w", size, err)
				}
				return nil, fail(field, 4+off, "%w", err)
			}
		}
		off += n
	}
	if stop < size {
		return out[:stop], nil
	}
	for i := off; i < len(p); i++ {
		if p[i] != 0xFF {
			return nil, fail("padding", 4+i, "byte %02X after the last segment is not 0xFF padding", p[i])
		}
	}
	return out, nil
}

// Resolver returns the archive as a formats.Resolver: its resources by
// their <ID>.<TYPE> names (the first of a repeated id and type).
func (f *File) Resolver() formats.Resolver { return resolver{f} }

type resolver struct{ f *File }

func (r resolver) List() ([]string, error) { return append([]string(nil), r.f.names...), nil }

func (r resolver) Open(name string) ([]byte, error) {
	i, ok := r.f.byName[name]
	if !ok {
		return nil, fmt.Errorf("%s: no resource %s", fmtPAK, name)
	}
	return r.f.Data(i)
}

// OpenPrefix makes the archive a formats.PrefixOpener: listings decompress
// only the start of its character sets.
func (r resolver) OpenPrefix(name string, n int) ([]byte, bool, error) {
	i, ok := r.f.byName[name]
	if !ok {
		return nil, false, fmt.Errorf("%s: no resource %s", fmtPAK, name)
	}
	return r.f.Prefix(i, n)
}

// Loaders returns the PAK loader.
func Loaders() []formats.Loader {
	return []formats.Loader{{
		Name:        LoaderName,
		Description: "Metroid Prime 1 and 2 resource archive (PAK 3.5, zlib and LZO entries): its characters and loose animations",
		Extensions:  []string{"pak"},
		Sniff:       Sniff,
		Load:        Load,
	}}
}

// Load opens a PAK: its ANCS characters and its loose ANIMs are the
// entries, and the one Input.Entry names (the first by default) is opened
// with resources from the same archive.
func Load(in *formats.Input) (*formats.Asset, error) {
	arc, err := OpenArchive(in)
	if err != nil {
		return nil, err
	}
	return arc.Open(in.Entry)
}

// Archive is a PAK parsed and its library listed once, for opening many
// of its entries (a batch export): each Open is what Load gives for that
// entry, without parsing the archive and every character set in it again.
// Open may be called from several goroutines at once.
type Archive struct {
	f   *File
	lib *prime.Library
}

// OpenArchive parses in.Data as a PAK and lists its library (in.Entry is
// not used).
func OpenArchive(in *formats.Input) (*Archive, error) {
	budget, err := formats.BudgetFromOptions(in.Name, in.Options)
	if err != nil {
		return nil, err
	}
	f, err := Parse(in.Data)
	if err != nil {
		return nil, err
	}
	return openFile(f, budget, in.Name, in.Options)
}

// OpenArchiveAt is OpenArchive for the archive name of size bytes read
// through ra (ParseAt): a batch holds what the archive decompresses, not
// its whole file as well. ra must stay readable while the archive is used.
func OpenArchiveAt(name string, ra io.ReaderAt, size int64, options map[string]string) (*Archive, error) {
	budget, err := formats.BudgetFromOptions(name, options)
	if err != nil {
		return nil, err
	}
	f, err := ParseAt(ra, size)
	if err != nil {
		return nil, err
	}
	return openFile(f, budget, name, options)
}

func openFile(f *File, budget *formats.Budget, name string, options map[string]string) (*Archive, error) {
	f.SetBudget(budget)
	lib, err := prime.NewLibrary(f.Resolver(), name, true, options)
	if err != nil {
		return nil, err
	}
	return &Archive{f: f, lib: lib}, nil
}

// Entries returns the archive's entries.
func (arc *Archive) Entries() []formats.Entry { return arc.lib.Entries() }

// Open opens the entry named entry (the first for "").
func (arc *Archive) Open(entry string) (*formats.Asset, error) {
	a, err := arc.lib.Open(entry)
	if err != nil {
		return nil, err
	}
	f := arc.f
	a.Format = LoaderName
	a.Warnings = append(append([]string(nil), f.Warnings...), a.Warnings...)
	a.Info = append(a.Info,
		formats.KV{Key: "pak resources", Value: strconv.Itoa(len(f.Resources))},
		formats.KV{Key: "pak named resources", Value: strconv.Itoa(len(f.Named))})
	return a, nil
}

// List returns a PAK's entries (characters and loose animations) without
// opening any of them, and the problems met on the way. It decompresses
// only as much of each character set as it needs to name its characters,
// under the budget options set for the archive name.
func List(name string, data []byte, options map[string]string) ([]formats.Entry, []string, error) {
	f, err := Parse(data)
	if err != nil {
		return nil, nil, err
	}
	return list(f, name, options)
}

// ListAt is List for an archive of size bytes read through ra (ParseAt):
// it reads the tables and what the listing decompresses, not the file.
func ListAt(name string, ra io.ReaderAt, size int64, options map[string]string) ([]formats.Entry, []string, error) {
	f, err := ParseAt(ra, size)
	if err != nil {
		return nil, nil, err
	}
	return list(f, name, options)
}

func list(f *File, name string, options map[string]string) ([]formats.Entry, []string, error) {
	budget, err := formats.BudgetFromOptions(name, options)
	if err != nil {
		return nil, nil, err
	}
	f.SetBudget(budget)
	es, warns, err := prime.LibraryEntries(f.Resolver(), true)
	return es, append(append([]string(nil), f.Warnings...), warns...), err
}
