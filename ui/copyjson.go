package ui

import (
	"encoding/json"

	"github.com/animview/animview/report"
	"github.com/animview/animview/ui/state"
)

// copiedBone is what Copy JSON puts on the clipboard: the bone as one of
// `animview pose --json`'s bones (the same keys and values: rotation
// [x, y, z, w], the parent's index), with the time and the user's hiding.
type copiedBone struct {
	Time float64 `json:"time"`
	report.PoseBone
	Hidden bool `json:"hidden"`
}

// boneJSON is the inspector's values as indented JSON, for the clipboard
// (copiedBone).
func boneJSON(b state.BoneInfo) string {
	bone := report.PoseBone{Index: b.Index, ID: b.ID, Name: b.Name, Parent: b.ParentIndex, Visible: b.Visible,
		Local: report.LocalTransform(b.Sampled), World: report.WorldTransform(b.WorldMatrix)}
	out, err := json.MarshalIndent(copiedBone{Time: b.Time, PoseBone: bone, Hidden: b.Hidden}, "", "  ")
	if err != nil {
		return "{}" // plain numbers and strings always marshal
	}
	return string(out)
}
