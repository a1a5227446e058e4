// Package prime reads and writes the animation files of Metroid Prime (MP1)
// and Metroid Prime 2: Echoes (MP2) for the GameCube: ANIM clips (version 0,
// uncompressed, and version 2, the compressed bitstream), CINF skeletons,
// EVNT event lists, ANCS character sets with their animation sets
// (meta-animation trees and transitions, filled into formats.AnimSet), and
// a character's CMDL model with its CSKR skin (filled into formats.Mesh)
// and its materials' TXTR textures (all eleven GX formats, filled into
// formats.Texture). A CMDL or a TXTR also opens by itself. Package pak
// below reads the games' PAK archives.
//
// The decoders follow the games' own evaluation as the decompilations show
// it (docs/formats/metroid-prime.md), not the reference
// tools where those differ: int16 running totals, the W sign bit before the
// rotation deltas, the implicit first key, channel-major version 0 arrays,
// and Retro's slerp without the shortest-arc flip, which differs between the
// games (formats.InterpPrime for MP1, formats.InterpPrime2 for MP2).
//
// All data is big-endian. Quaternions are stored W, X, Y, Z and rotate
// column vectors (v' = q·v·q*), the model's own convention, so they are kept
// as stored. The data is Z-up and right-handed; loaders keep it that way and
// say so in Asset.Coords.
//
// Loose files follow the extracted-resource naming convention
// <ID as 8 hex digits>.<TYPE> (any case, a prefix tolerated): an ANIM finds
// its EVNT by the id its header names and its skeleton among the CINF files
// beside it; an ANCS character finds its CINF, ANIMs and EVNTs by id in the
// same folder or PAK (OpenLibrary), and a missing one is a warning.
package prime
