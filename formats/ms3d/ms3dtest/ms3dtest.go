// Package ms3dtest makes small MilkShape figures for tests in other
// packages (compare, the window's state and panels) with formats/ms3d's
// own writer, so that each test does not build its own copy. Programs
// never import it.
package ms3dtest

import (
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/ms3d"
)

// Walker describes the walker: a root that walks Distance units along X
// in a second (position keys (0,0,0) at 0 s and (Distance,0,0) at 1 s,
// from its bind position), an arm that turns ArmTurn radians about Z at
// 0.5 s and back at 1 s, and a hand; each joint sits Bone units above its
// parent (the root above the origin). Names renames root, arm and hand.
type Walker struct {
	Bone, Distance, ArmTurn float32
	Names                   map[string]string
}

// DefaultWalker is the walker most tests use: bones of 1, 2 units walked,
// the arm turned half a radian.
func DefaultWalker() Walker { return Walker{Bone: 1, Distance: 2, ArmTurn: 0.5} }

// File is the walker as a MilkShape file at 24 frames a second.
func (w Walker) File() *ms3d.File {
	name := func(s string) string {
		if n, ok := w.Names[s]; ok {
			return n
		}
		return s
	}
	up := [3]float32{0, w.Bone, 0}
	return &ms3d.File{Header: ms3d.Header{ID: ms3d.Magic, Version: 4}, AnimationFPS: 24, TotalFrames: 24,
		Joints: []ms3d.Joint{
			{Name: name("root"), Position: up, PositionKeys: []ms3d.PositionKey{{Time: 0}, {Time: 1, Position: [3]float32{w.Distance, 0, 0}}}},
			{Name: name("arm"), ParentName: name("root"), Position: up,
				RotationKeys: []ms3d.RotationKey{{Time: 0}, {Time: 0.5, Rotation: [3]float32{0, 0, w.ArmTurn}}, {Time: 1}}},
			{Name: name("hand"), ParentName: name("arm"), Position: up},
		}}
}

// Asset is the walker written by ms3d's writer and read back by its
// reader, as the asset named name that opening the file gives.
func (w Walker) Asset(tb testing.TB, name string) *formats.Asset {
	tb.Helper()
	b, err := w.File().Encode()
	if err != nil {
		tb.Fatal(err)
	}
	f, err := ms3d.Parse(b)
	if err != nil {
		tb.Fatal(err)
	}
	a, err := f.Asset(name, ms3d.FormatMS3D, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return a
}
