// Package render turns a posed skeleton into a draw list: plain data made of
// screen-space lines, dots and labels, depth sorted for a painter, that any
// backend can draw (render/raster into an image.RGBA, render/ebitenview into
// an ebiten image).
//
// Spaces: a format's own coordinates ("file space", formats.Coords) are
// turned into the view's Y-up right-handed space ("view space") by a single
// matrix at the scene root (SceneRoot). The camera then maps view space to
// eye space (looking down -Z) and on to the screen.
//
// The package is pure Go geometry: it imports no graphics library and is
// tested without a display. Build allocates nothing once a DrawList has
// grown to the scene's size, so a window can call it every frame.
package render
