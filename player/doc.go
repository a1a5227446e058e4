// Package player evaluates the common model: it samples clips into poses of
// local transforms, blends poses, composes them into world space and finds
// the events that playback crosses.
//
// In the manner of ozz-animation, data is immutable after load and each step
// is a separate pass over flat slices that allocates nothing once the pose
// buffers exist. The player never imports anything graphical.
//
// The three steps are jobs, as ozz-animation's runtime has them: a struct
// of inputs and outputs with Validate and Run. SampleJob samples a clip
// into a Pose through the sampler of the clip's family (NewClipSampler:
// LEGO Island's channels, tracks sharing a timeline, tracks with their
// own); BlendJob blends two poses per bone by each game's rule, the
// translation masks the games blend by carried in the poses; WorldJob
// composes a pose into a WorldPose of affine 3×4 matrices.
//
// Composing: a Source is a node of an animation tree (ClipSource, Blend,
// PhaseBlend, TimeScale, Sequence, Transition), built once and then
// evaluated at any time without allocating; BuildAnim and BuildTransition
// build Metroid Prime's ANCS meta-animation trees and transitions from
// formats.AnimSet as the games do.
//
// It is Go only: no assembly, no unsafe. Speed comes from the data's
// layout and loops the compiler keeps in registers (each pass over flat
// arrays, long dependency chains split into passes over many joints).
package player
