package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/animview/animview/formats/ms3d"
)

// chainFile writes, with the project's MilkShape writer, a model whose n
// joints form one chain, each the child of the one before, each with two
// rotation and two position keys over a second: issue 35's deep chain
// (3 MB at 20,000 joints, as in the issue).
func chainFile(t testing.TB, dir string, n int) string {
	t.Helper()
	f := &ms3d.File{Header: ms3d.Header{ID: ms3d.Magic, Version: 4}, AnimationFPS: 24, TotalFrames: 24}
	for i := range n {
		j := ms3d.Joint{Name: "j" + strconv.Itoa(i), Position: [3]float32{0, 0.01, 0},
			RotationKeys: []ms3d.RotationKey{{Time: 1.0 / 24}, {Time: 1, Rotation: [3]float32{0.001, 0, 0}}},
			PositionKeys: []ms3d.PositionKey{{Time: 1.0 / 24}, {Time: 1, Position: [3]float32{0, 0.001, 0}}}}
		if i > 0 {
			j.ParentName = "j" + strconv.Itoa(i-1)
		}
		f.Joints = append(f.Joints, j)
	}
	b, err := f.Encode()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, fmt.Sprintf("chain%d.ms3d", n))
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestDeepChain runs every command that reads a file on a 5,000-deep
// chain. Issue 35: render took the square of the depth (70 s at 5,000,
// unfinished after 90 s at 20,000), and info indented each bone by its
// depth, 400 MB of spaces at 20,000; its output is now linear in the
// bones. The steps of framing and drawing are
// counted by render's TestDeepChainWork; the speed is
// BenchmarkDeepChainRender's.
func TestDeepChain(t *testing.T) {
	if testing.Short() {
		t.Skip("a 5,000-joint model through five commands")
	}
	const n = 5000
	dir := t.TempDir()
	p := chainFile(t, dir, n)
	var info bytes.Buffer
	if code := run([]string{"info", p}, &info, os.Stderr); code != 0 {
		t.Fatalf("info: exit %d", code)
	}
	// A line per bone: index, indentation, name, id, under 100 bytes.
	if info.Len() > 100*n {
		t.Errorf("info printed %d bytes for %d bones, want at most %d", info.Len(), n, 100*n)
	}
	if !bytes.Contains(info.Bytes(), []byte(fmt.Sprintf("[depth %d] j%d (id %d)", n-1, n-1, n-1))) {
		t.Errorf("info does not give the deepest bone's depth")
	}
	for _, args := range [][]string{
		{"render", p, "-o", filepath.Join(dir, "x.png"), "--labels"},
		{"pose", p, "--time", "0.5"},
		{"pose", p, "--json", "--frame", "3"},
		{"export", p, "-o", filepath.Join(dir, "x.glb")},
	} {
		var errs bytes.Buffer
		if code := run(args, io.Discard, &errs); code != 0 {
			t.Errorf("%s: exit %d: %s", args[0], code, errs.String())
		}
	}
}

// BenchmarkDeepChainRender renders one frame of chains 1,000 and 5,000
// joints deep, from the file: linear, the same time per joint.
func BenchmarkDeepChainRender(b *testing.B) {
	dir := b.TempDir()
	for _, n := range []int{1000, 5000} {
		p := chainFile(b, dir, n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				if code := run([]string{"render", p, "-o", filepath.Join(dir, "x.png")}, io.Discard, os.Stderr); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(n), "µs/joint")
		})
	}
}
