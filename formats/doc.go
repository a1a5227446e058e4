// Package formats holds the common model that every loader produces: a
// skeleton, clips made of per-bone tracks, events, characters and camera
// tracks. It also holds the registry that detects a file's format and hands
// it to the right loader.
//
// Loaders live in sub-packages, one per format family. They never import the
// player or anything graphical; the model is plain data, immutable once a
// loader has returned it.
package formats
