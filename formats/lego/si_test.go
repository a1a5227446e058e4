package lego

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
)

// bb builds hand-laid byte vectors.
type bb struct {
	t testing.TB
	b []byte
}

func (b *bb) s(s string)   { b.b = append(b.b, s...) }
func (b *bb) u16(v uint16) { b.b = binary.LittleEndian.AppendUint16(b.b, v) }
func (b *bb) u32(v uint32) { b.b = binary.LittleEndian.AppendUint32(b.b, v) }
func (b *bb) fill(n int, c byte) {
	for i := 0; i < n; i++ {
		b.b = append(b.b, c)
	}
}
func (b *bb) at(off int) {
	b.t.Helper()
	if len(b.b) != off {
		b.t.Fatalf("vector layout: at %d, planned %d", len(b.b), off)
	}
}
func (b *bb) mxch(flags uint16, id, total uint32, data string) {
	b.s("MxCh")
	b.u32(uint32(mxchHeaderLen + len(data)))
	b.u16(flags)
	b.u32(id)
	b.u32(0)
	b.u32(total)
	b.s(data)
	if len(data)%2 != 0 {
		b.b = append(b.b, 0)
	}
}

// handSI is laid out by hand with 64-byte buffers
// (docs/formats/lego-island.md#buffer-boundaries). Offsets in
// the comments are checked while building.
func handSI(t testing.TB) []byte {
	b := &bb{t: t}
	b.s("RIFF")
	b.u32(254) // 262 - 8
	b.s("OMNI")
	b.at(12)
	b.s("MxHd") // version 2.2, 64-byte buffers
	b.u32(12)
	b.u32(SIVersion22)
	b.u32(64)
	b.u32(1)
	b.at(32)
	b.s("LIST")
	b.u32(222) // 262 - 40
	b.s("MxSt")
	b.at(44)
	b.s("MxSt")
	b.u32(210) // 262 - 52
	b.at(52)
	b.s("MxOb") // type 0: MxDSObject fields only
	b.u32(30)
	b.u16(TypeObject)
	b.s("LegoAnimPresenter\x00")
	b.u32(0)
	b.s("a\x00")
	b.u32(7)
	b.at(90)
	b.s("LIST")
	b.u32(164) // 262 - 98
	b.s("MxDa")
	b.at(102)
	b.mxch(ChunkSplit, 7, 10, "ABCD") // first split piece fills buffer 1 exactly
	b.at(128)
	b.mxch(ChunkSplit, 7, 6, "EFGHIJ") // continuation: its size word is ignored
	b.at(156)
	b.s("pad ") // skipped
	b.u32(22)
	b.fill(22, 0xCD)
	b.at(186)
	b.fill(6, 0) // fewer than 8 bytes left in buffer 2: the reader skips to 192
	b.at(192)
	b.mxch(0, 7, 2, "KL") // a second, unsplit data chunk
	b.at(216)
	b.mxch(ChunkEnd, 7, 0, "") // end of stream: no data
	b.at(238)
	b.mxch(0, 99, 1, "Z") // odd size: a pad byte follows; no object 99
	b.at(262)
	return b.b
}

func TestParseSIHandVector(t *testing.T) {
	f, err := ParseSI(handSI(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if f.SIHeader != (SIHeader{Version: SIVersion22, BufferSize: 64, BufferCount: 1}) {
		t.Errorf("header %+v", f.SIHeader)
	}
	want := []*SIObject{{
		Offset: 52, Type: TypeObject, Presenter: "LegoAnimPresenter", Name: "a", ID: 7,
		Data: [][]byte{[]byte("ABCDEFGHIJ"), []byte("KL")},
	}}
	if !reflect.DeepEqual(f.Objects, want) {
		t.Errorf("objects %+v", f.Objects[0])
	}
	if len(f.Warnings) != 1 || !strings.Contains(f.Warnings[0], "object id 99") {
		t.Errorf("warnings %q", f.Warnings)
	}
}

func TestParseSIErrors(t *testing.T) {
	good := handSI(t)
	set := func(off int, v uint32) []byte {
		b := bytes.Clone(good)
		binary.LittleEndian.PutUint32(b[off:], v)
		return b
	}
	tests := []struct {
		name   string
		data   []byte
		field  string
		offset int64
	}{
		{"not RIFF", []byte("RIFX\x00\x00\x00\x00OMNI"), "RIFF header", 0},
		{"short", []byte("RIFF"), "RIFF header", 0},
		{"wrong form", []byte("RIFF\x04\x00\x00\x00WAVE"), "RIFF form type", 8},
		{"no MxHd", []byte("RIFF\x04\x00\x00\x00OMNI"), "MxHd", 12},
		{"tiny buffer", set(24, 4), "MxHd buffer size", 24},
		{"MxSt overruns its list", set(48, 1000), `"MxSt" chunk size`, 48},
		{"MxOb without NUL", set(56, 10), "presenter name", 62},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseSI(tc.data, nil)
			var fe *formats.Error
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *formats.Error", err)
			}
			if fe.Format != FormatSI || fe.Field != tc.field || fe.Offset != tc.offset {
				t.Errorf("got %q at %d (%v), want %q at %d", fe.Field, fe.Offset, err, tc.field, tc.offset)
			}
		})
	}
}

func TestParseSIJoinProblems(t *testing.T) {
	good := handSI(t)
	// The continuation at 128 loses its split flag: the join ends short.
	short := bytes.Clone(good)
	binary.LittleEndian.PutUint16(short[136:], 0)
	f, err := ParseSI(short, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o := f.Objects[0]; o.DataError == nil || !strings.Contains(o.DataError.Error(), "MxCh split total at offset 120 (0x78): a chunk at offset 128, not of the split, ends it after 4 of the 10") {
		t.Errorf("data error %v", o.DataError)
	}
	// The first piece claims 8 bytes in all: the continuation overruns.
	over := bytes.Clone(good)
	binary.LittleEndian.PutUint32(over[120:], 8)
	f, err = ParseSI(over, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o := f.Objects[0]; o.DataError == nil || !strings.Contains(o.DataError.Error(), "carry 10 bytes") {
		t.Errorf("data error %v", o.DataError)
	}
	// The RIFF size runs past the file: read to the end with a warning.
	long := bytes.Clone(good)
	binary.LittleEndian.PutUint32(long[4:], 1<<20)
	f, err = ParseSI(long, nil)
	if err != nil || len(f.Objects) != 1 || !strings.Contains(f.Warnings[0], "RIFF size") {
		t.Errorf("long RIFF: %v %v", err, f)
	}
}

// chunkSpan is one leaf chunk found by the checker.
type chunkSpan struct {
	id         string
	start, end int
}

// leafChunks lists the MxCh and pad chunks of a writer-made file with the
// buffer rule, independently of ParseSI.
func leafChunks(t *testing.T, data []byte, bs int) []chunkSpan {
	var out []chunkSpan
	var walk func(start, end int)
	walk = func(start, end int) {
		for pos := start; pos+8 <= end; {
			if in := pos % bs; in+8 > bs {
				pos += bs - in
				continue
			}
			id := string(data[pos : pos+4])
			size := int(binary.LittleEndian.Uint32(data[pos+4:]))
			switch id {
			case "LIST":
				walk(pos+12, pos+8+size)
			case "MxSt":
				walk(pos+8, pos+8+size)
			case "MxCh", "pad ":
				out = append(out, chunkSpan{id, pos, pos + 8 + size + size%2})
			}
			pos += 8 + size + size%2
		}
	}
	walk(12, len(data))
	return out
}

func TestSIWriterSplitsAcrossBuffers(t *testing.T) {
	payload := make([]byte, 1500)
	for i := range payload {
		payload[i] = byte(i * 7)
	}
	objs := []*SIObject{{
		Type: TypeAnim, Presenter: "LegoAnimPresenter", Name: "big", ID: 5, Data: [][]byte{payload, []byte("x")},
	}}
	const bs = 256
	data, err := SIWriter{BufferSize: bs}.Encode(objs)
	if err != nil {
		t.Fatal(err)
	}
	splits := 0
	for _, c := range leafChunks(t, data, bs) {
		if c.start/bs != (c.end-1)/bs {
			t.Errorf("%s chunk %d..%d crosses a %d-byte buffer boundary", c.id, c.start, c.end, bs)
		}
		if c.id == "MxCh" && binary.LittleEndian.Uint16(data[c.start+8:])&ChunkSplit != 0 {
			splits++
		}
	}
	if splits < 6 {
		t.Errorf("%d split chunks for a 1500-byte payload in 256-byte buffers", splits)
	}
	f, err := ParseSI(data, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := f.Objects[0]
	if len(got.Data) != 2 || !bytes.Equal(got.Data[0], payload) || string(got.Data[1]) != "x" || got.DataError != nil {
		t.Errorf("data %d items, error %v", len(got.Data), got.DataError)
	}
}

// TestSIObjectRoundTrip writes every object type the writer knows and
// reads the headers back.
func TestSIObjectRoundTrip(t *testing.T) {
	for _, version := range []uint32{SIVersion22, SIVersion21} {
		objs := []*SIObject{
			{
				Type: TypeSelectAction, Presenter: "", Name: "pick", ID: 10, Flags: 3, StartTime: 5,
				Duration: 100, LoopCount: 2, Location: [3]float64{1, 2, 3}, Direction: [3]float64{0, 0, 1},
				Up: [3]float64{0, 1, 0}, Extra: []byte("k=v"), Selector: "RANDOM_2", Choices: []string{"0", "1"},
				Children: []*SIObject{
					{Type: TypeParallelAction, Presenter: "LegoAnimMMPresenter", Name: "p", ID: 11,
						Children: []*SIObject{
							{Type: TypeAnim, Presenter: "LegoHideAnimPresenter", Name: "h", ID: 12,
								MediaSrc: "h.ani", MediaUnknown: [2]uint32{1, 2}, FramesPerSecond: 15,
								MediaFormat: fourCC(" OBJ"), PaletteManagement: 1, SustainTime: 9},
						}},
					{Type: TypeSound, Presenter: "MxWavePresenter", Name: "s", ID: 13, MediaSrc: "s.wav", Volume: 79},
				},
			},
			{Type: TypeObject, Presenter: "x", Name: "plain", ID: 20},
			{Type: TypeAction, Name: "act", ID: 21, Extra: []byte{1, 2, 3}},
			{Type: TypeSerialAction, Name: "empty serial", ID: 22},
		}
		data, err := SIWriter{Version: version, BufferSize: 4096}.Encode(objs)
		if err != nil {
			t.Fatal(err)
		}
		f, err := ParseSI(data, nil)
		if err != nil {
			t.Fatal(err)
		}
		if f.Version != version {
			t.Errorf("version %x", f.Version)
		}
		f.Walk(func(o *SIObject) { o.Offset = 0; o.Data = nil })
		if !reflect.DeepEqual(f.Objects, objs) {
			t.Errorf("version %x: objects differ\n got %+v\nwant %+v", version, f.Objects[0], objs[0])
		}
		if anims := f.Animations(); len(anims) != 1 || anims[0].Name != "h" || !anims[0].Loops() {
			t.Errorf("animations %+v", anims)
		}
	}
}

func TestSIWriterErrors(t *testing.T) {
	tests := []struct {
		name string
		w    SIWriter
		objs []*SIObject
	}{
		{"odd buffer", SIWriter{BufferSize: 1001}, nil},
		{"small buffer", SIWriter{BufferSize: 128}, nil},
		{"NUL in name", SIWriter{}, []*SIObject{{Type: TypeObject, Name: "a\x00b"}}},
		{"unknown type", SIWriter{}, []*SIObject{{Type: 42}}},
		{"children of a leaf", SIWriter{}, []*SIObject{{Type: TypeAnim, Children: []*SIObject{{}}}}},
		{"choices mismatch", SIWriter{}, []*SIObject{{Type: TypeSelectAction, Children: []*SIObject{{}}}}},
		{"object larger than a buffer", SIWriter{BufferSize: 256}, []*SIObject{{Type: TypeAction, Extra: make([]byte, 300)}}},
	}
	for _, tc := range tests {
		if _, err := tc.w.Encode(tc.objs); err == nil {
			t.Errorf("%s: encoded", tc.name)
		}
	}
}

func TestLoadSI(t *testing.T) {
	data, err := os.ReadFile(siFixture)
	if err != nil {
		t.Fatal(err)
	}
	wantEntries := []formats.Entry{{Name: "minifig_walk", Type: "ani"}, {Name: "minifig_wave", Type: "ani"}}
	tests := []struct {
		entry     string
		wantEntry string
		bones     int
		loop      bool
		camera    bool
	}{
		{"", "minifig_walk", 13, false, true},
		{"minifig_wave", "minifig_wave", 5, true, false},
		{"MINIFIG_WAVE", "minifig_wave", 5, true, false},
	}
	for _, tc := range tests {
		a, err := LoadSI(&formats.Input{Name: "minifig.si", Data: data, Entry: tc.entry})
		if err != nil {
			t.Fatalf("entry %q: %v", tc.entry, err)
		}
		if !reflect.DeepEqual(a.Entries, wantEntries) || a.Entry != tc.wantEntry || a.Format != FormatSI {
			t.Errorf("entry %q: entries %v entry %q format %q", tc.entry, a.Entries, a.Entry, a.Format)
		}
		c := a.Clips[0]
		if len(a.Skeleton.Bones) != tc.bones || c.Loop != tc.loop || (c.Camera != nil) != tc.camera || c.Name != tc.wantEntry {
			t.Errorf("entry %q: %d bones, loop %v, camera %v, clip %q", tc.entry, len(a.Skeleton.Bones), c.Loop, c.Camera != nil, c.Name)
		}
		if len(a.Warnings) != 0 {
			t.Errorf("entry %q: warnings %v", tc.entry, a.Warnings)
		}
	}
	// The walk inside the SI is the same animation as the bare fixture.
	ani, _ := os.ReadFile(walkFixture)
	bare, err := LoadAni(&formats.Input{Name: "minifig_walk.ani", Data: ani})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := LoadSI(&formats.Input{Name: "minifig.si", Data: data})
	if !reflect.DeepEqual(a.Clips[0].Tracks, bare.Clips[0].Tracks) || !reflect.DeepEqual(a.Skeleton, bare.Skeleton) {
		t.Error("the SI's walk differs from the bare .ani")
	}
	if _, err := LoadSI(&formats.Input{Name: "minifig.si", Data: data, Entry: "nope"}); err == nil ||
		!strings.Contains(err.Error(), `"minifig_walk", "minifig_wave"`) {
		t.Errorf("unknown entry: %v", err)
	}
}

func TestLoadSIProblems(t *testing.T) {
	noAnims, err := SIWriter{}.Encode([]*SIObject{{Type: TypeSound, Presenter: "MxWavePresenter", Name: "s", ID: 1}})
	if err != nil {
		t.Fatal(err)
	}
	noData, _ := SIWriter{}.Encode([]*SIObject{{Type: TypeAnim, Presenter: "LegoAnimPresenter", Name: "a", ID: 1}})
	badAni, _ := SIWriter{}.Encode([]*SIObject{{Type: TypeAnim, Presenter: "LegoAnimPresenter", Name: "a", ID: 1,
		Data: [][]byte{[]byte("\x12\x00\x00\x00")}}})
	dup, _ := SIWriter{}.Encode([]*SIObject{
		{Type: TypeAnim, Presenter: "LegoAnimPresenter", Name: "a", ID: 1, Data: [][]byte{mustEncode(t, minifigWave())}},
		{Type: TypeAnim, Presenter: "LegoAnimPresenter", Name: "a", ID: 2, Data: [][]byte{mustEncode(t, minifigWave())}},
	})
	for _, tc := range []struct {
		name, want string
		data       []byte
	}{
		{"no animations", "MxOb presenter at offset 12 (0xc): no object in the file is an animation", noAnims},
		{"no data", "MxCh data at offset 68 (0x44): no data chunk follows the object", noData},
		{"bad payload", `object "a" (id 1`, badAni},
	} {
		_, err := LoadSI(&formats.Input{Name: "x.si", Data: tc.data})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	a, err := LoadSI(&formats.Input{Name: "x.si", Data: dup, Entry: "a#2"})
	if err != nil || a.Entry != "a#2" || a.Entries[0].Name != "a" {
		t.Errorf("duplicate names: %v %+v", err, a)
	}
}
