package lego

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
	"github.com/go-gl/mathgl/mgl32"
)

// unhex turns a commented hex listing into bytes: everything after '#' on
// a line is a comment, spaces are ignored.
func unhex(t testing.TB, s string) []byte {
	t.Helper()
	var clean strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		clean.WriteString(strings.Join(strings.Fields(line), ""))
	}
	b, err := hex.DecodeString(clean.String())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// handVector is worked out by hand from docs/formats/lego-island.md#ani-layout;
// each line names the
// table row it checks.
const handVector = `
11000000          # header: magic 0x11
0000803f          # header: bounding radius 1.0
00000000 0000c03f 00000000 # header: centre (0, 1.5, 0)
00000000          # header: parseScene 0, no camera block
01000000          # header: unused word 1
01000000          # LegoAnim: one actor
03000000 424f42   # actor name length 3, "BOB" (no NUL)
01000000          # actor type 1, missing from the ksy enum: accepted
e8030000          # duration 1000 ms
05000000 2d524f4f54   # node name length 5, "-ROOT": leading '-' kept
0200              # 2 translation keys
00000000 00000000 00000000 00000000 # t=0, flags 0, (0,0,0): inactive by the 1e-5 rule
f4010000 0000803f 00000000 00000000 # t=500, flags 0, (1,0,0): active by the rule
0100              # 1 rotation key
64000005 0000803f 00000000 00000000 00000000 # t=100 flags 0x05 (active|skip), w=1: active from the file bit
0000              # no scale keys
0100              # 1 morph key
e8030000 00       # t=1000, invisible
00000000          # no children
00                # trailing pad byte: accepted
`

func TestParseHandVector(t *testing.T) {
	data := unhex(t, handVector)
	f, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	want := &File{
		Header:   Header{Magic: 0x11, BoundingRadius: 1, Center: [3]float32{0, 1.5, 0}, Unused: 1},
		Actors:   []Actor{{Name: "BOB", Type: 1}},
		Duration: 1000,
		Root: &Node{
			Name:        "-ROOT",
			Translation: []TranslationKey{{}, {Key: Key{Time: 500}, X: 1}},
			Rotation:    []RotationKey{{Key: Key{Time: 100, Flags: 0x05}, W: 1}},
			Morph:       []MorphKey{{Key: Key{Time: 1000}}},
		},
		Trailing: []byte{0},
	}
	if !reflect.DeepEqual(f, want) {
		t.Fatalf("got %+v\nwant %+v", f, want)
	}
	out, err := f.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, data) {
		t.Errorf("round trip:\n got %x\nwant %x", out, data)
	}

	a, err := f.Asset("hand")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	tr := a.Clips[0].Tracks[0]
	// Times in seconds; flags describe the interval ending at the key.
	if !reflect.DeepEqual(tr.Translation.Times, []float64{0, 0.5}) ||
		!reflect.DeepEqual(tr.Translation.Flags, []formats.KeyFlags{formats.KeyInactive, 0}) {
		t.Errorf("translation %+v", tr.Translation)
	}
	if !reflect.DeepEqual(tr.Rotation.Times, []float64{0.1}) ||
		!reflect.DeepEqual(tr.Rotation.Flags, []formats.KeyFlags{formats.KeyStep}) {
		t.Errorf("rotation %+v", tr.Rotation)
	}
	if !reflect.DeepEqual(tr.Visibility, formats.BoolTrack{Times: []float64{1}, Values: []bool{false}}) {
		t.Errorf("visibility %+v", tr.Visibility)
	}
	if c := a.Clips[0]; c.Duration != 1 || c.Interp != formats.InterpLego || c.Loop || c.Camera != nil {
		t.Errorf("clip %+v", c)
	}
	if a.Coords != (formats.Coords{Up: formats.AxisY, LeftHanded: true, FrontYaw: 180}) {
		t.Errorf("coords %+v", a.Coords)
	}
	if b := a.Skeleton.Bones[0]; b.Name != "-ROOT" || b.Parent != -1 || b.Bind != formats.Identity() {
		t.Errorf("bone %+v", b)
	}
	info := map[string]string{}
	for _, kv := range a.Info {
		info[kv.Key] = kv.Value
	}
	for k, v := range map[string]string{
		"actor 0":          `"BOB" type 1`,
		"camera animation": "no",
		"duration":         "1000 ms",
		"trailing bytes":   "1",
		"bounding sphere":  "radius 1, centre (0, 1.5, 0)",
	} {
		if info[k] != v {
			t.Errorf("info %q = %q, want %q", k, info[k], v)
		}
	}
}

// cameraVector checks the camera block (LegoAnimScene::Read) and the
// rotation conjugate (docs/formats/lego-island.md#row-vectors-and-the-conjugate).
const cameraVector = `
11000000 00000000 00000000 00000000 00000000 # magic, radius 0, centre 0
02000000          # parseScene 2: any non-zero value means a camera block
00000000          # unused
01000000 00000000 # one actor with an empty name: no type word follows
d0070000          # duration 2000 ms
0100 00000000 00000000 0000803f 000020c1 # 1 position key: t=0 (0,1,-10)
0000              # no target keys
0200              # 2 roll keys
00000000 00000000 # t=0 angle 0, flags 0
e8030001 0000003f # t=1000 flags 0x01 angle 0.5
00000000          # root: empty name (allowed)
0000              # no translation keys
0100 00000000 0000003f 0000003f 0000003f 0000003f # w=x=y=z=0.5, flags 0: active since w != 1
0000 0000         # no scale, no morph keys
00000000          # no children, no trailing bytes
`

func TestParseCameraVector(t *testing.T) {
	f, err := Parse(unhex(t, cameraVector))
	if err != nil {
		t.Fatal(err)
	}
	if f.Actors[0] != (Actor{}) || f.HasCamera != 2 || f.Trailing != nil {
		t.Errorf("header %+v actors %+v trailing %v", f.Header, f.Actors, f.Trailing)
	}
	a, err := f.Asset("cam")
	if err != nil {
		t.Fatal(err)
	}
	cam := a.Clips[0].Camera
	if cam == nil {
		t.Fatal("no camera track")
	}
	// Position (0,1,-10) is active by the translation rule.
	if !reflect.DeepEqual(cam.Position, formats.Vec3Track{Times: []float64{0}, Values: []mgl32.Vec3{{0, 1, -10}}}) {
		t.Errorf("position %+v", cam.Position)
	}
	// Roll keys are never recomputed: the first has no 0x01 bit.
	if !reflect.DeepEqual(cam.Roll, formats.FloatTrack{Times: []float64{0, 1}, Values: []float32{0, 0.5},
		Flags: []formats.KeyFlags{formats.KeyInactive, 0}}) {
		t.Errorf("roll %+v", cam.Roll)
	}
	// The model keeps the conjugate: (0.5, -0.5, -0.5, -0.5).
	q := a.Clips[0].Tracks[0].Rotation
	if !reflect.DeepEqual(q.Values, []mgl32.Quat{{W: 0.5, V: mgl32.Vec3{-0.5, -0.5, -0.5}}}) || q.Flags != nil {
		t.Errorf("rotation %+v", q)
	}
}

// TestActiveRules checks the value tests of
// docs/formats/lego-island.md#active-flag at their edges.
func TestActiveRules(t *testing.T) {
	f32 := func(v float64) float32 { return float32(v) }
	nan := float32(math.NaN())
	tests := []struct {
		name string
		got  bool
		want bool
	}{
		{"translation 1e-5 is not above 1e-5F", TranslationKey{X: f32(1e-5)}.Active(), false},
		{"translation 1.1e-5", TranslationKey{X: f32(1.1e-5)}.Active(), true},
		{"translation -2e-5 in z", TranslationKey{Z: f32(-2e-5)}.Active(), true},
		{"translation NaN compares false", TranslationKey{Y: nan}.Active(), false},
		{"translation zero with file bit", TranslationKey{Key: Key{Flags: 1}}.Active(), true},
		{"rotation w=1", RotationKey{W: 1, X: 0.3}.Active(), false},
		{"rotation w just below 1", RotationKey{W: math.Nextafter32(1, 0)}.Active(), true},
		{"rotation NaN is != 1", RotationKey{W: nan}.Active(), true},
		{"rotation w=1 with file bit", RotationKey{Key: Key{Flags: 1}, W: 1}.Active(), true},
		// float32(1.00001) = 1.0000100135803223 > 1.00001 in double.
		{"scale float32(1.00001)", ScaleKey{X: f32(1.00001), Y: 1, Z: 1}.Active(), true},
		// float32(0.99999) = 0.9999899864196777 < 0.99999 in double.
		{"scale float32(0.99999)", ScaleKey{X: 1, Y: f32(0.99999), Z: 1}.Active(), true},
		{"scale 1.000009", ScaleKey{X: 1, Y: 1, Z: f32(1.000009)}.Active(), false},
		{"scale 1", ScaleKey{X: 1, Y: 1, Z: 1}.Active(), false},
		{"morph never recomputed", MorphKey{Visible: 1}.Active(), false},
		{"roll never recomputed", RollKey{Angle: 1}.Active(), false},
		{"roll file bit", RollKey{Key: Key{Flags: 1}}.Active(), true},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s: active %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}

func TestModelFlags(t *testing.T) {
	tests := []struct {
		file   uint8
		active bool
		want   formats.KeyFlags
	}{
		{0x00, false, formats.KeyInactive},
		{0x01, true, 0},
		{0x05, true, formats.KeyStep},
		{0x03, true, formats.KeyNegate},
		{0x06, false, formats.KeyStep | formats.KeyNegate | formats.KeyInactive},
		{0xF8, true, 0}, // unknown high bits are dropped
	}
	for _, tc := range tests {
		if got := modelFlags(tc.file, tc.active); got != tc.want {
			t.Errorf("modelFlags(0x%02x, %v) = %v, want %v", tc.file, tc.active, got, tc.want)
		}
	}
}

func TestFixtureRoundTrip(t *testing.T) {
	data, err := os.ReadFile(walkFixture)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f, minifigWalk()) {
		t.Error("parsed fixture differs from the file it was written from")
	}
	out, err := f.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, data) {
		t.Error("Encode(Parse(fixture)) differs from the fixture")
	}
	a, err := LoadAni(&formats.Input{Name: "dir/minifig_walk.ani", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	var parents []int
	for _, b := range a.Skeleton.Bones {
		names = append(names, b.Name)
		parents = append(parents, b.Parent)
	}
	// Pre-order, parents first, names as stored.
	wantNames := []string{"-MINIFIG_WALK", "minifig", "BODY", "HEAD", "*HAT",
		"ARM-LFT", "ARM-LFT-END", "ARM-RT", "ARM-RT-END", "LEG-LFT", "LEG-LFT-END", "LEG-RT", "LEG-RT-END"}
	wantParents := []int{-1, 0, 1, 2, 3, 2, 5, 2, 7, 2, 9, 2, 11}
	if !reflect.DeepEqual(names, wantNames) || !reflect.DeepEqual(parents, wantParents) {
		t.Errorf("bones %v parents %v", names, parents)
	}
	c := a.Clips[0]
	if c.Name != "minifig_walk" || a.Skeleton.Name != "minifig_walk" || c.Duration != 1.2 || c.Camera == nil {
		t.Errorf("clip %q duration %v camera %v", c.Name, c.Duration, c.Camera != nil)
	}
	// The LEG-RT hold: the key at 300 ms carries 0x04, so the model
	// flags that key (the interval 0..300 ms) as a step.
	leg := c.Tracks[11].Rotation
	if leg.Times[1] != 0.3 || leg.Flags[1] != formats.KeyStep {
		t.Errorf("LEG-RT rotation %+v", leg)
	}
	arm := c.Tracks[5].Rotation
	if arm.Flags[2] != formats.KeyNegate {
		t.Errorf("ARM-LFT rotation flags %v", arm.Flags)
	}
}

func TestEncodeCameraFlag(t *testing.T) {
	f := &File{Header: Header{Magic: Magic}, Root: &Node{}, Camera: &Camera{}}
	b, err := f.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if got := binary.LittleEndian.Uint32(b[20:]); got != 1 {
		t.Errorf("camera flag %d, want 1 when a camera block is written", got)
	}
	f.Camera = nil
	f.HasCamera = 1
	if _, err := f.Encode(); err == nil {
		t.Error("camera flag without a block encoded")
	}
	if _, err := (&File{}).Encode(); err == nil {
		t.Error("file without a root encoded")
	}
}

// chain returns a payload whose tree is n nodes deep.
func chain(n int) []byte {
	var b []byte
	le := binary.LittleEndian
	b = le.AppendUint32(b, Magic)
	b = append(b, make([]byte, 24)...) // sphere, camera flag, unused
	b = le.AppendUint32(b, 0)          // actors
	b = le.AppendUint32(b, 0)          // duration
	for i := 0; i < n; i++ {
		b = le.AppendUint32(b, 0)             // name
		b = append(b, 0, 0, 0, 0, 0, 0, 0, 0) // four key counts
		if i == n-1 {
			b = le.AppendUint32(b, 0)
		} else {
			b = le.AppendUint32(b, 1)
		}
	}
	return b
}

func TestParseErrors(t *testing.T) {
	good := unhex(t, handVector)
	withU32 := func(off int, v uint32) []byte {
		b := bytes.Clone(good)
		binary.LittleEndian.PutUint32(b[off:], v)
		return b
	}
	withU16 := func(off int, v uint16) []byte {
		b := bytes.Clone(good)
		binary.LittleEndian.PutUint16(b[off:], v)
		return b
	}
	tests := []struct {
		name   string
		data   []byte
		field  string
		offset int64
		cause  error
	}{
		{"empty", nil, "magic", 0, bin.ErrShort},
		{"bad magic", withU32(0, 0x12), "magic", 0, nil},
		{"huge actor count", withU32(28, 0xFFFFFFFF), "actor count", 32, bin.ErrCount},
		{"actor name past the end", withU32(32, 1<<20), "actor name length", 36, bin.ErrCount},
		{"huge translation count", withU16(56, 0xFFFF), "translation key count", 58, bin.ErrCount},
		// Key 0 moved to 600 ms puts key 1 (500 ms, at offset 74) before it.
		{"decreasing key times", withU32(58, 600), "translation key time", 74, nil},
		{"truncated key array", good[:68], "translation key count", 58, bin.ErrCount},
		{"truncated duration", good[:45], "duration", 43, bin.ErrShort},
		{"huge child count", withU32(len(good)-5, 0xFFFFFFFF), "child count", int64(len(good) - 1), bin.ErrCount},
		{"too deep", chain(MaxDepth + 1), "node", int64(36 + 16*MaxDepth), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.data)
			var fe *formats.Error
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *formats.Error", err)
			}
			if fe.Format != FormatAni || fe.Field != tc.field || fe.Offset != tc.offset {
				t.Errorf("got %q at %d (%v), want field %q at %d", fe.Field, fe.Offset, err, tc.field, tc.offset)
			}
			if tc.cause != nil && !errors.Is(err, tc.cause) {
				t.Errorf("%v is not %v", err, tc.cause)
			}
		})
	}
	if _, err := Parse(chain(MaxDepth)); err != nil {
		t.Errorf("a tree exactly %d deep: %v", MaxDepth, err)
	}
}

func TestSniffAni(t *testing.T) {
	good := unhex(t, handVector)
	nanRadius := bytes.Clone(good)
	binary.LittleEndian.PutUint32(nanRadius[4:], 0x7FC00000)
	negRadius := bytes.Clone(good)
	binary.LittleEndian.PutUint32(negRadius[4:], math.Float32bits(-1))
	manyActors := bytes.Clone(good)
	binary.LittleEndian.PutUint32(manyActors[28:], 1000)
	tests := []struct {
		name string
		data []byte
		want bool
	}{
		{"hand vector", good, true},
		{"short", good[:20], false},
		{"nil", nil, false},
		{"NaN radius", nanRadius, false},
		{"negative radius", negRadius, false},
		{"more actors than bytes", manyActors, false},
		{"RIFF", []byte("RIFF\x00\x00\x00\x00OMNI................................"), false},
	}
	for _, tc := range tests {
		if got := SniffAni(tc.data); got != tc.want {
			t.Errorf("%s: sniff %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestLoadersRegistry(t *testing.T) {
	reg := formats.NewRegistry(Loaders()...)
	ani, _ := os.ReadFile(walkFixture)
	si, _ := os.ReadFile(siFixture)
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"walk.ani", ani, FormatAni},
		{"renamed.bin", ani, FormatAni},
		{"minifig.si", si, FormatSI},
		{"renamed.dat", si, FormatSI},
	} {
		a, err := reg.Load(&formats.Input{Name: tc.name, Data: tc.data})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if a.Format != tc.want {
			t.Errorf("%s: format %q, want %q", tc.name, a.Format, tc.want)
		}
	}
}

func TestNegativeDuration(t *testing.T) {
	f := minifigWave()
	f.Duration = -5
	a, err := f.Asset("neg")
	if err != nil {
		t.Fatal(err)
	}
	if a.Clips[0].Duration != 0 || len(a.Warnings) != 1 || a.Validate() != nil {
		t.Errorf("duration %v warnings %v", a.Clips[0].Duration, a.Warnings)
	}
}
