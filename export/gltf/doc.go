// Package gltf builds and encodes glTF 2.0 exports of animations: the
// skeleton as a node hierarchy with a skin and a small stick mesh (or the
// file's own meshes, skinned), and each take (a clip, or any
// player.Sampler, such as a meta-animation tree: Takes, ClipTake,
// TreeTake) as a glTF animation that plays what animview plays. Build
// makes the document, Encode writes it to an io.Writer, and WriteFile to
// a .glb or .gltf whole or not at all (through internal/safefile);
// export/batch runs many exports at once.
//
// Exactness comes from sampling the player rather than translating each
// game's keys: a take is sampled on its frames and key times, and every
// interval is split until glTF's own interpolation (LINEAR: lerp and
// shortest-arc slerp; STEP; CUBICSPLINE for MilkShape's Hermite positions,
// written with the file's tangents) reproduces the player's world pose within a
// small fraction of the figure's size. Game rules that glTF lacks (Metroid
// Prime's slerp without the short-arc flip, LEGO Island's step and negate
// flags, blends and transitions) thus come out as keys. Take.For writes
// keys for Blender's importer instead, which drops a cubic's tangents and
// interpolates a rotation's components: LINEAR and STEP only, with the
// keys that reading needs.
//
// The data is converted once to glTF's conventions (right-handed, +Y up,
// the figure facing +Z) by changing the basis of every translation,
// rotation and scale (see Conversion); no mirroring node is written, so
// every node matrix keeps a positive determinant.
package gltf
