// Package primetest makes the demo Metroid Prime files for tests: a
// six-legged crawler's CINF, ANIM and EVNT, its character set (ANCS) in
// both games' layouts, its models, skins and textures, all written with
// formats/prime's own writers. Programs never import it; formats/prime's
// own tests reach it through demo_link_test.go.
package primetest

import (
	"encoding/binary"

	"github.com/go-gl/mathgl/mgl32"
)

// pad32 is the 0xFF padding that ends b on a 32-byte boundary, as files in
// a PAK are padded.
func pad32(b []byte) []byte {
	var t []byte
	for (len(b)+len(t))%32 != 0 {
		t = append(t, 0xFF)
	}
	return t
}

// writer appends big-endian values.
type writer struct{ b []byte }

func (w *writer) u8(v uint8)   { w.b = append(w.b, v) }
func (w *writer) u16(v uint16) { w.b = binary.BigEndian.AppendUint16(w.b, v) }
func (w *writer) u32(v uint32) { w.b = binary.BigEndian.AppendUint32(w.b, v) }

// BonePositions are the crawler's bones' positions in CINF order
// (absolute, as CINF stores them).
func BonePositions() []mgl32.Vec3 {
	out := make([]mgl32.Vec3, len(demoBones))
	for i, b := range demoBones {
		out[i] = b.pos
	}
	return out
}

// Box is one of the boxes CMDL builds on the bones: its axis from A to B
// and its eight corners (the four at A, then the four at B).
type Box struct {
	A, B    mgl32.Vec3
	Corners [8]mgl32.Vec3
}

// Boxes are CMDL's boxes, in its order: the body, the head, the tail and
// every leg segment.
func Boxes() []Box {
	var out []Box
	for _, bx := range demoBoxes() {
		out = append(out, Box{A: bx.a, B: bx.b, Corners: bx.corners()})
	}
	return out
}
