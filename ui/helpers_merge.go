package ui

import "github.com/animview/animview/formats"

// helperBones classifies helper bones for render.Scene.Helper. It stands
// in for render.HelperBones, which lands with the framing branch (h-frame):
// at the merge, assetChanged calls render.HelperBones and this file goes.
// Until then no bone is a helper and the Helpers toggle has nothing to hide.
func helperBones(*formats.Skeleton, []*formats.Clip) []bool { return nil }
