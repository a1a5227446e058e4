// Package lego reads and writes LEGO Island (1997) animations: the .ani
// data that LegoAnimPresenter parses, and the SI ("Interleaf") containers
// that carry it.
//
// The layout and the evaluation rules follow the isledecomp decompilation
// (docs/formats/lego-island.md): the header is
// parsed by LegoAnimPresenter::CreateAnim, the rest by LegoAnim::Read and
// LegoTree::Read. Keys pack a 24-bit millisecond time with 8 flag bits;
// the reader recomputes the 0x01 "active" flag from each key's value the
// way the game's key readers do, because the file's own bit is only a hint.
//
// Conventions of the model this package produces:
//   - The node tree is the skeleton, in pre-order, with identity bind
//     transforms: the game's animation replaces a node's whole transform.
//   - Rotation keys are stored (w, x, y, z) in the file. The engine builds
//     the usual column-vector matrix R(q) but multiplies row vectors, so a
//     point is really rotated by the conjugate q*. The model keeps the
//     conjugate, which is the column-vector rotation the game applies;
//     player.SlerpLego conjugates back to run the game's interpolation
//     (whose opposite-keys case is not conjugation-symmetric).
//   - Coordinates are the file's own: Y up, left-handed (Direct3D RM).
//   - Times are seconds (the file's milliseconds / 1000).
package lego
