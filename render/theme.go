package render

import "image/color"

// Theme holds the colours of everything a draw list contains.
type Theme struct {
	Background, Bone, BoneSelected, Joint, Label, Grid, GridMajor, AxisX, AxisY, AxisZ, Camera color.RGBA
	// Mesh is the colour of mesh parts without a material colour.
	Mesh color.RGBA
	// Compare is the colour of a second figure drawn over the first
	// (Scene.Compare).
	Compare color.RGBA
	// RootPath is the colour of the root's path on the ground (Scene.RootPath).
	RootPath color.RGBA
}

// DefaultTheme returns the dark theme: warm bright bones on a dark
// blue-grey background with a dim grid, so that a bone pixel is easy to tell
// from everything else (tests rely on that).
func DefaultTheme() Theme {
	return Theme{
		Background:   color.RGBA{0x1c, 0x1f, 0x26, 0xff},
		Bone:         color.RGBA{0xf2, 0xc1, 0x4e, 0xff},
		BoneSelected: color.RGBA{0x3a, 0xd6, 0xe8, 0xff},
		Joint:        color.RGBA{0xfa, 0xf0, 0xd7, 0xff},
		Label:        color.RGBA{0xd8, 0xde, 0xe9, 0xff},
		Grid:         color.RGBA{0x2e, 0x33, 0x3d, 0xff},
		GridMajor:    color.RGBA{0x42, 0x48, 0x55, 0xff},
		AxisX:        color.RGBA{0xe0, 0x55, 0x55, 0xff},
		AxisY:        color.RGBA{0x6c, 0xc2, 0x4a, 0xff},
		AxisZ:        color.RGBA{0x4a, 0x8f, 0xe0, 0xff},
		Camera:       color.RGBA{0xc6, 0x78, 0xdd, 0xff},
		Mesh:         color.RGBA{0x9a, 0xa6, 0xb8, 0xff},
		Compare:      color.RGBA{0xff, 0x5c, 0xa8, 0xff},
		RootPath:     color.RGBA{0xff, 0x4f, 0x9a, 0xff},
	}
}

// Options choose what a draw list contains.
type Options struct {
	Joints, Labels, Grid, Axes bool
	// HideHelpers leaves out the bones Scene.Helper marks.
	HideHelpers bool
	// SelectedAxes draws the selected bone's local X, Y and Z axes.
	SelectedAxes bool
	// GridStep is the distance between grid lines in view-space units; 0
	// chooses a round step (1, 2 or 5 × 10^k) from the viewing distance.
	GridStep float32
	// Show chooses bones, mesh or both for scenes that have a mesh.
	Show Show
	// NoTextures draws meshes in their materials' flat colours, leaving
	// their textures out (the shape reads better).
	NoTextures bool
	Theme      Theme
}

// DefaultOptions returns joints, grid and axes on, labels off, the mesh
// with its bones where the scene has a mesh, and the default theme.
func DefaultOptions() Options {
	return Options{Joints: true, Grid: true, Axes: true, Show: ShowMeshBones, Theme: DefaultTheme()}
}

// Pixel sizes of the drawn primitives.
const (
	boneWidth         = 3
	boneSelectedWidth = 4
	jointRadius       = 3.5
	jointSelectedRad  = 5
	gridWidth         = 1
	axisWidth         = 2
	cameraWidth       = 1.5
	helperWidth       = 1.5
	helperRadius      = 2
	linkWidth         = 1
	ghostWidth        = 1.5
	figureWidth       = 2
	rootPathWidth     = 2
	// labelGap separates a label from its joint.
	labelGap = 3
)
