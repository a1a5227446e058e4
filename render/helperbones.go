package render

import (
	"strings"

	"github.com/animview/animview/formats"
)

// HelperBones marks the bones to draw as helpers (Scene.Helper): bones
// that steer others rather than carry a part of the figure.
//
//   - By name, the helper bones of FreeSO's rig, as the built-in Sims
//     skeleton table in formats/sims (table.go) lists and places them: the
//     look-at target HEAD_TARGET; the limb IK targets L_ARM_IK, R_ARM_IK,
//     L_LEG_IK, R_LEG_IK and their end bones LAHB, RAHB, LLHB, RLHB; the
//     shoulder and hip anchors L_A_TARGET, R_A_TARGET, L_L_TRACK, R_L_TRACK;
//     the poles L_ARM_P, R_ARM_P, L_LEG_P, R_LEG_P; and the mid and twist
//     helpers LAHM, RAHM, LLHM, RLHM, LAHT, RAHT, LLHT, RLHT. The names are
//     matched by their pattern (…_IK, …_TARGET, …_TRACK, …_P and the
//     four-letter [LR][AL]H[BMT]), case-insensitively.
//   - Bones with no children that no clip keys at all, branching off a
//     parent that has other children: nothing moves them, nothing hangs
//     from them, and they are not the tip of a chain. The tip of a chain
//     (the demo's hands and head top, a limb's end node) is kept: its stick
//     from the parent is the limb itself.
//
// clips may be empty (then every childless bone is a helper only by name:
// without clips nothing says a bone is unused). The result has one entry
// per bone.
func HelperBones(sk *formats.Skeleton, clips []*formats.Clip) []bool {
	if sk == nil {
		return nil
	}
	n := len(sk.Bones)
	out := make([]bool, n)
	children := make([]int, n)
	for _, b := range sk.Bones {
		if b.Parent >= 0 && b.Parent < n {
			children[b.Parent]++
		}
	}
	keyed := make([]bool, n)
	for _, c := range clips {
		if c == nil {
			continue
		}
		for i := range c.Tracks {
			if i < n && c.Tracks[i].Animated() {
				keyed[i] = true
			}
		}
	}
	for i, b := range sk.Bones {
		branch := b.Parent >= 0 && b.Parent < n && children[b.Parent] > 1
		out[i] = helperName(b.Name) || (len(clips) > 0 && children[i] == 0 && !keyed[i] && branch)
	}
	return out
}

// helperName reports whether a bone name follows the FreeSO rig's helper
// naming (see HelperBones).
func helperName(name string) bool {
	u := strings.ToUpper(name)
	for _, suf := range []string{"_IK", "_TARGET", "_TRACK", "_P"} {
		if strings.HasSuffix(u, suf) && len(u) > len(suf) {
			return true
		}
	}
	if len(u) == 4 && (u[0] == 'L' || u[0] == 'R') && (u[1] == 'A' || u[1] == 'L') && u[2] == 'H' &&
		(u[3] == 'B' || u[3] == 'M' || u[3] == 'T') {
		return true
	}
	return false
}
