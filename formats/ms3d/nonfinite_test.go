package ms3d

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
)

// TestNonFinite applies docs/formats/README.md#limits-and-non-finite-numbers
// to MilkShape 3D: each sentinel the writer puts in the arm is damaged to
// 0xFFFFFFFF in turn, and the error names the field at the sentinel's
// offset and wraps ErrNonFinite, in the binary reader and in the loader.
func TestNonFinite(t *testing.T) {
	f := arm()
	f.Vertices[1].Position[1] = 0.15625
	f.Triangles[0].VertexNormals[2][0] = 0.40625
	f.Triangles[0].S[1] = 0.71875
	f.Materials[0].Diffuse[1] = 0.78125
	f.Materials[0].Shininess = 13.5
	f.AnimationFPS = 23.5
	f.CurrentTime = 1.3125
	f.Joints[1].Rotation[0] = 0.09375
	f.Joints[1].Position[2] = 4.25
	f.Joints[0].RotationKeys[1].Time = 0.96875
	f.Joints[1].PositionKeys[1].Position[0] = 0.53125
	f.ModelExtra.AlphaRef = 0.46875
	data := mustEncode(t, f)
	if _, err := Parse(data); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		v     float32
		field string
	}{
		{0.15625, "vertex.vertex"},
		{0.40625, "triangle.vertexNormals"},
		{0.71875, "triangle.s"},
		{0.78125, "material.diffuse"},
		{13.5, "material.shininess"},
		{23.5, "fAnimationFPS"},
		{1.3125, "fCurrentTime"},
		{0.09375, "joint.rotation"},
		{4.25, "joint.position"},
		{0.96875, "keyFramesRot.time"},
		{0.53125, "keyFramesTrans.position"},
		{0.46875, "model extra.alphaRef"},
	} {
		t.Run(tc.field, func(t *testing.T) {
			word := binary.LittleEndian.AppendUint32(nil, math.Float32bits(tc.v))
			if n := bytes.Count(data, word); n != 1 {
				t.Fatalf("%v occurs %d times", tc.v, n)
			}
			off := bytes.Index(data, word)
			bad := bytes.Clone(data)
			binary.LittleEndian.PutUint32(bad[off:], 0xFFFFFFFF)
			_, err := Parse(bad)
			var fe *formats.Error
			if !errors.As(err, &fe) || !errors.Is(err, formats.ErrNonFinite) {
				t.Fatalf("error %v: want a *formats.Error wrapping ErrNonFinite", err)
			}
			if fe.Format != FormatMS3D || fe.Field != tc.field || fe.Offset != int64(off) {
				t.Errorf("error %q names %q %q at %d, want %q at %d", err, fe.Format, fe.Field, fe.Offset, tc.field, off)
			}
			if a, err := Load(&formats.Input{Name: "arm.ms3d", Data: bad}); a != nil || !errors.Is(err, formats.ErrNonFinite) {
				t.Errorf("loader: asset %v, error %v", a != nil, err)
			}
		})
	}
}

// TestTextNonFinite: the ASCII export's numbers, "nan", "inf" and one too
// large for a single, are errors at their line (the fixture's shininess
// line, 12.000000).
func TestTextNonFinite(t *testing.T) {
	b, err := os.ReadFile(textFixture)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	at := slices.Index(lines, "12.000000")
	if at < 0 {
		t.Fatal("no shininess line in the fixture")
	}
	for _, v := range []string{"nan", "-inf", "Infinity", "1e39"} {
		bad := slices.Clone(lines)
		bad[at] = v
		_, err := ParseText([]byte(strings.Join(bad, "\n")))
		var fe *formats.Error
		if !errors.As(err, &fe) || fe.Line != at+1 || fe.Format != FormatText || !errors.Is(err, formats.ErrNonFinite) {
			t.Errorf("%s: error %v, want one at line %d", v, err, at+1)
		}
	}
}

// TestKeyOutOfTheClip is issue 35's MilkShape reproducer: a key at frame
// 1e20 used to stretch the clip to 4e18 s, which the export then sampled
// for gigabytes. Now a key beyond the s32 timeline
// (docs/formats/milkshape-anm.md#key-times) is an error naming the joint,
// the key and its byte offset (binary) or line (ASCII); a key past the
// file's total frames but within the bound is kept and lengthens the clip.
func TestKeyOutOfTheClip(t *testing.T) {
	for _, tc := range []struct {
		name  string
		frame float32
		ok    bool
	}{
		{"frame 1e20", 1e20, false},
		{"just beyond an s32", 2.2e9, false},
		{"past the total frames, kept", 96, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := arm()
			// The shoulder's last rotation key (key 2), at 24 fps.
			f.Joints[0].RotationKeys[2].Time = tc.frame / 24
			data := mustEncode(t, f)
			off := bytes.Index(data, binary.LittleEndian.AppendUint32(nil, math.Float32bits(tc.frame/24)))
			a, err := Load(&formats.Input{Name: "arm.ms3d", Data: data})
			text := f.EncodeText()
			at := bytes.Count(text[:bytes.Index(text, []byte(ftoa(tc.frame)+" "))], []byte("\n")) + 1
			at2, err2 := LoadText(&formats.Input{Name: "arm.txt", Data: text})
			if tc.ok {
				if err != nil || err2 != nil {
					t.Fatalf("errors %v, %v", err, err2)
				}
				if d := a.Clips[0].Duration; d != 4 || at2.Clips[0].Duration != 4 {
					t.Errorf("durations %v, %v; want 4 s (the key at frame 96)", d, at2.Clips[0].Duration)
				}
				return
			}
			var fe *formats.Error
			if !errors.As(err, &fe) || fe.Field != "keyFramesRot.time" || fe.Offset != int64(off) ||
				!strings.Contains(err.Error(), `joint "shoulder" key 2`) || !strings.Contains(err.Error(), "out of the clip") {
				t.Errorf("binary: asset %v, error %v; want one at keyFramesRot.time, offset %d", a != nil, err, off)
			}
			if !errors.As(err2, &fe) || fe.Line != at || fe.Format != FormatText ||
				!strings.Contains(err2.Error(), `joint "shoulder" key 2`) || !strings.Contains(err2.Error(), "out of the clip") {
				t.Errorf("text: asset %v, error %v; want one at line %d", at2 != nil, err2, at)
			}
		})
	}
	// The ASCII export's Frames: line too.
	text := strings.Replace(string(arm().EncodeText()), "Frames: 48", "Frames: 1e20", 1)
	if _, err := ParseText([]byte(text)); err == nil || !strings.Contains(err.Error(), "s32") {
		t.Errorf("Frames: 1e20: error %v", err)
	}
}
