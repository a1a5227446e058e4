// Package player evaluates the common model: it samples clips into poses of
// local transforms, blends poses, composes them into world space and finds
// the events that playback crosses.
//
// In the manner of ozz-animation, data is immutable after load and each step
// is a separate pass over flat slices that allocates nothing once the pose
// buffers exist. The player never imports anything graphical.
//
// Sampling: ClipSampler samples one clip. Composing: a Source is a node of
// an animation tree (ClipSource, Blend, PhaseBlend, TimeScale, Sequence,
// Transition), built once and then evaluated at any time without
// allocating; BuildAnim and BuildTransition build Metroid Prime's ANCS
// meta-animation trees and transitions from formats.AnimSet as the games
// do. Blending: BlendPoses blends two poses per bone by each game's rule.
// World space: ToWorld.
package player
