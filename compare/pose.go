package compare

import "github.com/animview/animview/player"

// PoseDiff is the largest difference between two posed skeletons at one
// moment: the window's status line while it compares two files.
type PoseDiff struct {
	// MaxPosition is the largest distance between the model-space origins
	// of paired bones, in A's model units; Bone is that bone's index in A
	// (-1 when no bones pair).
	MaxPosition float64
	Bone        int
	// MaxRotationDeg is the largest rotation difference in degrees.
	MaxRotationDeg float64
}

// ComparePoses measures world poses wa (of A) and wb (of B) bone by bone,
// the bones paired by p, as Diff measures each sample: the same position
// and rotation rule, so that the window agrees with `animview diff` at
// each time. It allocates nothing.
func ComparePoses(p *Pairing, wa, wb *player.WorldPose) PoseDiff {
	d := PoseDiff{Bone: -1}
	for i, j := range p.BOf {
		if j < 0 || i >= wa.Len() || j >= wb.Len() {
			continue
		}
		ma, mb := wa.Matrix(i), wb.Matrix(j)
		if dp := posDiff(&ma, &mb); dp > d.MaxPosition || d.Bone < 0 {
			d.MaxPosition, d.Bone = dp, i
		}
		if dr := rotDiffDeg(&ma, &mb); dr > d.MaxRotationDeg {
			d.MaxRotationDeg = dr
		}
	}
	return d
}

// BoneDifference is the position difference (in A's model units) and the
// rotation difference (degrees) of bone i of wa against bone j of wb, as
// Diff measures them.
func BoneDifference(wa *player.WorldPose, i int, wb *player.WorldPose, j int) (position, rotationDeg float64) {
	if i < 0 || j < 0 || i >= wa.Len() || j >= wb.Len() {
		return 0, 0
	}
	ma, mb := wa.Matrix(i), wb.Matrix(j)
	return posDiff(&ma, &mb), rotDiffDeg(&ma, &mb)
}
