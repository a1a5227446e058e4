// Package player evaluates the common model: it samples clips into poses of
// local transforms, blends poses, composes them into world space and finds
// the events that playback crosses.
//
// In the manner of ozz-animation, data is immutable after load and each step
// is a separate pass over flat slices that allocates nothing once the pose
// buffers exist. The player never imports anything graphical.
package player
