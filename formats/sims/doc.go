// Package sims reads and writes the vitaboy animation formats of The Sims
// (2000) and The Sims Online: TSO `.anim` animations and `.skel` skeletons,
// and The Sims 1 character files (`.cmx` text, `.bcf` binary) with their
// skeletons, suits and skills, whose key data lives in `.cfp` files, and
// the suits' skins (`.skn` meshes). Every rule, its public source and the
// evidence from the game's own files are in docs/formats/sims.md.
//
// Layouts follow FreeSO (tso.vitaboy.model) and vitamoo, checked against
// the real files (the demo content and the 1998 prototype that
// SimHacker/MicropolisCore publishes):
//
//   - `.anim` and `.skel` integers are big-endian and their floats
//     little-endian; strings have a 1-byte length, except the animation
//     name in `.anim`, which has a 2-byte big-endian length.
//   - `.bcf` and `.cfp` are little-endian throughout. `.cmx` is the same
//     structure as `.bcf` in text: CRLF lines, strings whole lines,
//     numbers one a line, vectors between bars; version 200 (the
//     prototype) has shorter bones and suits.
//   - `.skn` is text: bones, faces, bindings, texture coordinates, blends
//     and vertices stored in their bones' spaces.
//
// Conventions of the model this package produces:
//
//   - Translations are kept exactly as stored (FreeSO negates X to move the
//     data into XNA's right-handed space; we don't). The data is left-handed
//     with Y up, so Asset.Coords is {Up: AxisY, LeftHanded: true}.
//   - Stored quaternions (x, y, z, w) are in the row-vector convention. FreeSO
//     builds local = R(x, −y, −z, −w)·T(−x, y, z) with XNA row vectors, then
//     world = local·parentWorld. Undoing the X mirror (S = diag(−1, 1, 1):
//     S·R(w, v)·S = R(w, (vx, −vy, −vz))) and turning row vectors into column
//     vectors leaves, in the file's own space, world = parentWorld·T(t)·R(q*),
//     where q* = (w, −x, −y, −z) is the conjugate of the stored quaternion.
//     So the model's quaternion is the conjugate of the stored one and the
//     translation is the stored one (see FileQuat.Model).
//   - A bind pose in these conventions stands upright along +Y, faces +Z
//     (the toes point to +Z) and has its left arm (L_ARM…) on the −X side.
//   - Animations have one absolute key per frame and play at 30 frames per
//     second whatever their stored duration says (FreeSO's VM ticks 30 times
//     a second and FreeSO-authored files store seconds sampled at 36 fps).
package sims
