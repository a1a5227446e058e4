package prime

import (
	"math"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

// benchKeys is the benchmark clip: channels bones, frames keys (every
// frame keyed), translation on every third channel, smooth motion of a few
// degrees per frame as in real animation.
func benchKeys(channels, frames int) *Keys {
	k := &Keys{Frames: make([]int, frames)}
	for i := range k.Frames {
		k.Frames[i] = i
	}
	for c := 0; c < channels; c++ {
		ck := ChannelKeys{BoneID: c, Rotation: make([]mgl32.Quat, frames)}
		axis := mgl32.Vec3{float32(math.Sin(float64(c))), float32(math.Cos(float64(c))), 0.5}.Normalize()
		for f := range ck.Rotation {
			a := 0.8 * math.Sin(float64(f)*0.07+float64(c))
			ck.Rotation[f] = mgl32.QuatRotate(float32(a), axis)
		}
		if c%3 == 0 {
			ck.Translation = make([]mgl32.Vec3, frames)
			for f := range ck.Translation {
				ph := float64(f)*0.05 + float64(c)
				ck.Translation[f] = mgl32.Vec3{float32(math.Sin(ph)), float32(math.Cos(ph)), 0.3 * float32(math.Sin(2*ph))}
			}
		}
		k.Channels = append(k.Channels, ck)
	}
	return k
}

// BenchmarkDecodeV2 decodes a 60-channel, 600-frame compressed MP1 clip
// (translation on a third of the channels): header, bitstream, int16
// accumulation and dequantisation into quaternions and vectors. It reports
// MB/s of bitstream, channel keys per second and key components per second
// (4 per rotation key: W from its sign bit and X, Y, Z; 3 per translation).
func BenchmarkDecodeV2(b *testing.B) {
	const channels, frames = 60, 600
	a, err := BuildV2(MP1, Header{Interval: 1.0 / 30}, benchKeys(channels, frames))
	if err != nil {
		b.Fatal(err)
	}
	data, err := a.MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	_, sumBits := a.plan()
	bitstream := 4 * ((sumBits*a.Records + 31) / 32)
	comps := 0
	for i := range a.Channels {
		comps += 4
		if a.Channels[i].Trans.Present() {
			comps += 3
		}
	}
	comps *= frames
	b.SetBytes(int64(bitstream))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ParseANIM(data, GameAuto); err != nil {
			b.Fatal(err)
		}
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(channels*frames*b.N)/s, "keys/s")
	b.ReportMetric(float64(comps*b.N)/s, "components/s")
}

// BenchmarkLoadDemo is the whole loader path on the demo triple: ANIM,
// sibling CINF and EVNT.
func BenchmarkLoadDemo(b *testing.B) {
	files := demoFolderB(b)
	in := folderB(files)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := LoadANIM(in); err != nil {
			b.Fatal(err)
		}
	}
}

func demoFolderB(b *testing.B) map[string][]byte {
	anim, cinf, evnt, err := DemoFiles()
	if err != nil {
		b.Fatal(err)
	}
	return map[string][]byte{DemoANIMName: anim, DemoCINFName: cinf, DemoEVNTName: evnt}
}

func folderB(files map[string][]byte) *formats.Input {
	in := &formats.Input{Name: DemoANIMName, Data: files[DemoANIMName]}
	in.Siblings = mapResolver(files)
	return in
}

type mapResolver map[string][]byte

func (m mapResolver) List() ([]string, error) {
	var n []string
	for k := range m {
		n = append(n, k)
	}
	return n, nil
}

func (m mapResolver) Open(name string) ([]byte, error) { return m[name], nil }
