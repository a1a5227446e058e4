package sims

// The built-in skeleton tables give bone names and parents only: no
// transforms and no other game data. They let an `.anim` that comes without
// a skeleton play on the bones its motions name; the animation itself
// supplies the translations (each bone's first frame becomes its bind).
//
// Where the facts come from:
//   - ROOT (parent NULL) → PELVIS → L_LEG: the adult-skeleton.cmx excerpt
//     quoted in gamedev.net topic 620010
//     (docs/formats/sims.md#built-in-skeleton-tables).
//   - The rest: the motion order of the eight FreeSO samples, which lists
//     every bone after all of its descendants (a post-order walk of the
//     tree), together with their first-frame translations, in which each
//     child sits at its parent's length along the parent's local X axis
//     (R_ARM1 at 0.3763 from R_ARM, R_ARM2 at 0.8815 from R_ARM1, …).
//     Where the walk allows two parents, the pose decided: the arms hang
//     from NECK, not SPINE2 (with NECK the shoulders are at 5.27 and the
//     wrists at hip height in a2o-skeledeco-idle; with SPINE2 they would
//     sit 0.4 lower), and so do the dog's front legs (with NECK all four
//     paws reach the floor in d2o-rc-turn45-cw).
//   - The IK helper bones of FreeSO-authored files (R_ARM_IK, RAHB, …) were
//     placed by checking positions: RAHB sits exactly on R_HAND, RAHM
//     exactly halfway between R_A_TARGET (the shoulder) and R_HAND, R_ARM_P
//     on the line from RAHM through the elbow, and RAHT undoes R_ARM_P's
//     rotation at its origin; the legs' helpers work the same way.
//   - The Sims 1 child skeleton uses the adult's bone names and tree (only
//     its lengths differ, and those come from the animation), so one table
//     serves both.

// tableBone is a bone name and its parent's name ("" for a root).
type tableBone struct {
	name, parent string
}

// boneTable is a named skeleton tree in parent-before-child order.
type boneTable struct {
	name  string
	bones []tableBone
}

// limb returns the chain of a limb: names[0]'s parent is parent, every
// later name's parent the name before it.
func limb(parent string, names ...string) []tableBone {
	out := make([]tableBone, len(names))
	for i, n := range names {
		out[i] = tableBone{n, parent}
		parent = n
	}
	return out
}

func joinBones(parts ...[]tableBone) []tableBone {
	var out []tableBone
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// adultTable is the Sims adult (and child) skeleton plus the helper bones
// of FreeSO's rig.
var adultTable = boneTable{
	name: "Sims adult skeleton (built-in table)",
	bones: joinBones(
		limb("", "ROOT", "PELVIS", "SPINE", "SPINE1", "SPINE2", "NECK", "HEAD"),
		limb("NECK", "L_ARM", "L_ARM1", "L_ARM2", "L_HAND", "L_FINGER0"),
		limb("NECK", "R_ARM", "R_ARM1", "R_ARM2", "R_HAND", "R_FINGER0"),
		limb("PELVIS", "L_LEG", "L_LEG1", "L_FOOT", "L_TOE0", "L_TOE01", "L_TOE02"),
		limb("PELVIS", "R_LEG", "R_LEG1", "R_FOOT", "R_TOE0", "R_TOE01", "R_TOE02"),
		// FreeSO rig helpers: look-at target, arm and leg IK targets, poles.
		limb("NECK", "HEAD_TARGET"),
		limb("L_ARM", "L_A_TARGET", "LAHM", "L_ARM_P", "LAHT"),
		limb("R_ARM", "R_A_TARGET", "RAHM", "R_ARM_P", "RAHT"),
		limb("PELVIS", "L_L_TRACK", "LLHM", "L_LEG_P", "LLHT"),
		limb("PELVIS", "R_L_TRACK", "RLHM", "R_LEG_P", "RLHT"),
		limb("ROOT", "L_ARM_IK", "LAHB"),
		limb("ROOT", "R_ARM_IK", "RAHB"),
		limb("ROOT", "L_LEG_IK", "LLHB"),
		limb("ROOT", "R_LEG_IK", "RLHB"),
	),
}

// dogTable is the TSO pet (dog) skeleton: a second neck bone, hocks
// (HORSELINK) in the hind legs and a tail.
var dogTable = boneTable{
	name: "Sims dog skeleton (built-in table)",
	bones: joinBones(
		limb("", "ROOT", "PELVIS", "SPINE", "SPINE1", "SPINE2", "NECK", "NECK1", "HEAD"),
		limb("NECK", "L_ARM", "L_ARM1", "L_ARM2", "L_HAND", "L_FINGER0"),
		limb("NECK", "R_ARM", "R_ARM1", "R_ARM2", "R_HAND", "R_FINGER0"),
		limb("PELVIS", "L_LEG", "L_LEG1", "L_HORSELINK", "L_FOOT", "L_TOE0", "L_TOE01", "L_TOE02"),
		limb("PELVIS", "R_LEG", "R_LEG1", "R_HORSELINK", "R_FOOT", "R_TOE0", "R_TOE01", "R_TOE02"),
		limb("PELVIS", "TAIL", "TAIL1", "TAIL2", "TAIL3", "TAIL4"),
	),
}

// dogMarkers are bones that only the dog skeleton has.
var dogMarkers = []string{"TAIL", "TAIL1", "NECK1", "L_HORSELINK", "R_HORSELINK"}

// chooseTable picks the table for a set of bone names.
func chooseTable(has func(string) bool) *boneTable {
	for _, m := range dogMarkers {
		if has(m) {
			return &dogTable
		}
	}
	return &adultTable
}

// index returns the position of name in the table, or -1.
func (t *boneTable) index(name string) int {
	for i := range t.bones {
		if t.bones[i].name == name {
			return i
		}
	}
	return -1
}
