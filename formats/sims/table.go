package sims

import (
	"regexp"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
)

// The built-in skeleton tables let an `.anim` or a skill that comes
// without a skeleton play on a whole figure (docs/formats/sims.md#built-in-skeleton-tables).
//
// Where the facts come from:
//   - The adult and child bones, their parents and their bind translations
//     and rotations are The Sims' own skeletons, adult-skeleton.cmx and
//     child-skeleton.cmx (29 bones each), the numbers as those files write
//     them. TestRealTables compares them with the files when
//     ANIMVIEW_VITAMOO names a folder that holds them.
//   - The IK helper bones of FreeSO-authored files (R_ARM_IK, RAHB, …) are
//     not in the game's skeletons; they were placed by checking positions
//     in FreeSO's samples: RAHB sits exactly on R_HAND, RAHM exactly halfway
//     between R_A_TARGET (the shoulder) and R_HAND, R_ARM_P on the line from
//     RAHM through the elbow, and RAHT undoes R_ARM_P's rotation at its
//     origin; the legs' helpers work the same way. They have no bind of
//     their own: each takes its first frame.
//   - The TSO dog's tree (a second neck bone, hocks, a tail) comes from the
//     motion order of FreeSO's dog samples, which lists every bone after
//     all of its descendants, and from its pose (all four paws reach the
//     floor with the front legs on NECK). No dog skeleton file is public,
//     so its binds are first frames too.

// tableBone is a bone name, its parent's name ("" for a root) and, for the
// bones of the game's skeletons, the bind pose as the file stores it.
type tableBone struct {
	name, parent string
	t            mgl32.Vec3
	q            FileQuat
	// hasBind says t and q are the game's bind; false for helper and dog
	// bones, whose binds come from the animation's first frame.
	hasBind bool
}

// boneTable is a named skeleton tree in parent-before-child order.
type boneTable struct {
	name string
	// source names the file the binds come from ("" for names only).
	source string
	bones  []tableBone
}

func v3(x, y, z float32) mgl32.Vec3  { return mgl32.Vec3{x, y, z} }
func fq(x, y, z, w float32) FileQuat { return FileQuat{x, y, z, w} }

// limb returns the chain of a limb: names[0]'s parent is parent, every
// later name's parent the name before it.
func limb(parent string, names ...string) []tableBone {
	out := make([]tableBone, len(names))
	for i, n := range names {
		out[i] = tableBone{name: n, parent: parent}
		parent = n
	}
	return out
}

// withBinds marks bones as the game's.
func withBinds(bs []tableBone) []tableBone {
	for i := range bs {
		bs[i].hasBind = true
	}
	return bs
}

func joinBones(parts ...[]tableBone) []tableBone {
	var out []tableBone
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// adultBones is adult-skeleton.cmx (The Sims, version 300), in file order.
var adultBones = withBinds([]tableBone{
	{name: "ROOT", t: v3(-5.88894e-005, 3.01362, 0.00807638), q: fq(-0.0262998, -0.706899, 0.0262789, -0.706336)},
	{name: "PELVIS", parent: "ROOT", t: v3(-0.0366778, -1.72489e-008, -2.62766e-012), q: fq(0.499999, 0.5, 0.5, -0.500001)},
	{name: "L_LEG", parent: "PELVIS", t: v3(-4.26205e-007, 0.241228, 2.06089e-007), q: fq(0.0137635, 2.41525e-006, -0.999905, -3.00579e-007)},
	{name: "L_LEG1", parent: "L_LEG", t: v3(1.44737, -3.40221e-010, -3.65496e-009), q: fq(-2.21297e-011, 0.0357504, -4.92061e-013, -0.999361)},
	{name: "L_FOOT", parent: "L_LEG1", t: v3(1.31579, 6.72219e-010, 1.85087e-009), q: fq(1.18358e-006, -0.0116309, 5.24389e-007, -0.999932)},
	{name: "L_TOE0", parent: "L_FOOT", t: v3(0.253839, -4.82293e-009, 0.339987), q: fq(-1.9198e-011, -0.707107, 1.91956e-011, -0.707107)},
	{name: "L_TOE01", parent: "L_TOE0", t: v3(0.251088, -3.00624e-009, -2.91078e-010), q: fq(-2.95136e-015, 1.25923e-014, 1.67305e-011, -1)},
	{name: "L_TOE02", parent: "L_TOE01", t: v3(0.056929, -3.05933e-009, 3.05676e-010), q: fq(7.81281e-017, -5.38587e-015, -1.04296e-011, -1)},
	{name: "R_LEG", parent: "PELVIS", t: v3(2.44632e-007, -0.241228, -4.62491e-007), q: fq(0.0165402, 5.5519e-007, -0.999863, -1.00484e-006)},
	{name: "R_LEG1", parent: "R_LEG", t: v3(1.44737, 1.03675e-008, 8.03626e-009), q: fq(-2.11848e-011, 0.0298356, 8.86403e-013, -0.999555)},
	{name: "R_FOOT", parent: "R_LEG1", t: v3(1.31579, 1.12555e-008, -6.11749e-009), q: fq(-6.65177e-007, -0.00860503, -3.73375e-007, -0.999963)},
	{name: "R_TOE0", parent: "R_FOOT", t: v3(0.253839, -4.72826e-009, 0.339987), q: fq(1.97569e-011, -0.707107, -1.97538e-011, -0.707107)},
	{name: "R_TOE01", parent: "R_TOE0", t: v3(0.251088, -2.92067e-009, -5.78397e-010), q: fq(-4.94409e-015, 1.09617e-014, 5.30648e-012, -1)},
	{name: "R_TOE02", parent: "R_TOE01", t: v3(0.056929, -2.8047e-009, 5.1338e-010), q: fq(7.98796e-016, 2.99644e-015, -1.37573e-011, -1)},
	{name: "SPINE", parent: "PELVIS", t: v3(0.381066, 5.29048e-007, -0.000334763), q: fq(2.10104e-006, -0.0315231, 7.14932e-007, -0.999503)},
	{name: "SPINE1", parent: "SPINE", t: v3(0.421059, -9.27955e-010, -0.00033528), q: fq(-3.30452e-012, 7.52235e-011, -8.18583e-015, -1)},
	{name: "SPINE2", parent: "SPINE1", t: v3(0.421059, -9.33352e-010, -0.000335277), q: fq(-3.30452e-012, 7.52235e-011, -8.18583e-015, -1)},
	{name: "NECK", parent: "SPINE2", t: v3(0.421097, -8.79169e-010, -0.000315105), q: fq(-1.2815e-011, -0.0604161, 1.67573e-007, -0.998173)},
	{name: "HEAD", parent: "NECK", t: v3(0.398615, -1.0225e-012, -1.18576e-008), q: fq(2.9478e-012, -0.0668782, 1.85489e-007, -0.997761)},
	{name: "L_ARM", parent: "NECK", t: v3(4.56552e-007, 0.130263, 0.000317027), q: fq(-0.618227, -0.783643, 0.0376674, -0.0477436)},
	{name: "L_ARM1", parent: "L_ARM", t: v3(0.376316, -5.49453e-008, 1.60809e-009), q: fq(-0.00849216, -0.0173039, -0.57938, -0.81483)},
	{name: "L_ARM2", parent: "L_ARM1", t: v3(0.881536, 2.63531e-008, 9.20282e-009), q: fq(-8.57358e-011, 0.0500412, 5.23877e-009, -0.998747)},
	{name: "L_HAND", parent: "L_ARM2", t: v3(0.820474, 1.81877e-008, 3.02261e-009), q: fq(0.705821, 0.0376602, 0.0376902, -0.706383)},
	{name: "L_FINGER0", parent: "L_HAND", t: v3(0.302072, 8.54501e-009, -1.60412e-008), q: fq(0.000391826, -0.177342, -7.06052e-005, -0.984149)},
	{name: "R_ARM", parent: "NECK", t: v3(4.57471e-007, -0.130263, 0.000317749), q: fq(0.618227, -0.783643, -0.0376652, -0.0477453)},
	{name: "R_ARM1", parent: "R_ARM", t: v3(0.376316, 5.23017e-008, 1.85675e-009), q: fq(0.00849222, -0.0173038, 0.57938, -0.81483)},
	{name: "R_ARM2", parent: "R_ARM1", t: v3(0.881536, -1.63993e-008, 5.11895e-009), q: fq(1.00755e-010, 0.0500412, -3.82142e-009, -0.998747)},
	{name: "R_HAND", parent: "R_ARM2", t: v3(0.820474, -4.87935e-008, -3.3423e-009), q: fq(-0.706605, 0.0176475, -0.0176615, -0.707168)},
	{name: "R_FINGER0", parent: "R_HAND", t: v3(0.302072, 1.54253e-010, 6.47549e-008), q: fq(-0.000394579, -0.133423, 5.31174e-005, -0.991059)},
})

// childBones is child-skeleton.cmx (The Sims, version 300), in file order.
var childBones = withBinds([]tableBone{
	{name: "ROOT", t: v3(-5.90384e-005, 2.27301, 0.00807638), q: fq(-0.0262998, -0.706899, 0.0262789, -0.706336)},
	{name: "PELVIS", parent: "ROOT", t: v3(-0.0296833, 3.66689e-008, 3.46361e-012), q: fq(0.499999, 0.5, 0.5, -0.500001)},
	{name: "L_LEG", parent: "PELVIS", t: v3(-2.1259e-007, 0.189804, 1.64868e-007), q: fq(0.0130909, 2.57269e-006, -0.999914, -8.51161e-007)},
	{name: "L_LEG1", parent: "L_LEG", t: v3(1.07374, 2.98182e-009, -3.95786e-009), q: fq(-2.89517e-011, 0.0357047, 7.10838e-013, -0.999362)},
	{name: "L_FOOT", parent: "L_LEG1", t: v3(0.976131, -1.10992e-010, -2.6442e-009), q: fq(1.2817e-006, -0.0113756, 1.16816e-007, -0.999935)},
	{name: "L_TOE0", parent: "L_FOOT", t: v3(0.222551, -1.93023e-009, 0.261303), q: fq(-4.55542e-012, -0.707107, 4.57347e-012, -0.707107)},
	{name: "L_TOE01", parent: "L_TOE0", t: v3(0.17882, -4.68068e-009, -7.39353e-012), q: fq(1.01038e-014, -1.48296e-014, -1.19092e-013, -1)},
	{name: "L_TOE02", parent: "L_TOE01", t: v3(0.038393, -1.92182e-009, 5.5256e-012), q: fq(-3.17532e-016, 4.42791e-015, 2.8756e-011, -1)},
	{name: "R_LEG", parent: "PELVIS", t: v3(3.15199e-007, -0.189804, -3.60634e-007), q: fq(0.0160391, 6.20286e-007, -0.999871, -5.31094e-007)},
	{name: "R_LEG1", parent: "R_LEG", t: v3(1.07374, 1.90346e-009, -2.69023e-009), q: fq(-5.21694e-011, 0.029435, -9.74972e-013, -0.999567)},
	{name: "R_FOOT", parent: "R_LEG1", t: v3(0.976131, 5.76657e-009, 6.58573e-010), q: fq(-6.71978e-007, -0.00807534, 5.77038e-007, -0.999967)},
	{name: "R_TOE0", parent: "R_FOOT", t: v3(0.222551, 5.48558e-010, 0.261303), q: fq(-2.64256e-011, -0.707107, 2.64493e-011, -0.707107)},
	{name: "R_TOE01", parent: "R_TOE0", t: v3(0.17882, -1.19399e-008, 6.68456e-012), q: fq(1.76002e-014, -5.83173e-014, -2.1884e-011, -1)},
	{name: "R_TOE02", parent: "R_TOE01", t: v3(0.038393, 1.10652e-008, 1.87201e-011), q: fq(9.2022e-016, 1.36906e-014, 1.25962e-011, -1)},
	{name: "SPINE", parent: "PELVIS", t: v3(0.257, 3.56872e-007, -0.000270915), q: fq(2.10102e-006, -0.0315231, 7.14932e-007, -0.999503)},
	{name: "SPINE1", parent: "SPINE", t: v3(0.340763, -7.4936e-010, -0.000271343), q: fq(1.47255e-012, -3.67194e-010, -1.63898e-014, -1)},
	{name: "SPINE2", parent: "SPINE1", t: v3(0.340763, -7.53901e-010, -0.000271339), q: fq(1.47255e-012, -3.67194e-010, -1.63898e-014, -1)},
	{name: "NECK", parent: "SPINE2", t: v3(0.340791, -6.3747e-010, -0.000229513), q: fq(1.57954e-011, -0.0604161, 1.6757e-007, -0.998173)},
	{name: "HEAD", parent: "NECK", t: v3(0.290339, -3.0497e-012, -1.10718e-008), q: fq(1.91153e-011, -0.0710542, 1.97074e-007, -0.997472)},
	{name: "L_ARM", parent: "NECK", t: v3(1.15506e-007, 0.099624, 0.000230912), q: fq(-0.618967, -0.783461, 0.0342787, -0.0435146)},
	{name: "L_ARM1", parent: "L_ARM", t: v3(0.279174, 1.67349e-007, 3.65367e-011), q: fq(-0.00818339, -0.0168337, -0.579558, -0.814716)},
	{name: "L_ARM2", parent: "L_ARM1", t: v3(0.653974, -8.88153e-009, -2.42324e-009), q: fq(-6.30755e-012, 0.050996, -3.02819e-009, -0.998699)},
	{name: "L_HAND", parent: "L_ARM2", t: v3(0.608675, 2.23463e-009, -3.24589e-011), q: fq(0.705804, 0.0379763, 0.0380066, -0.706366)},
	{name: "L_FINGER0", parent: "L_HAND", t: v3(0.244467, 2.88512e-009, -3.64724e-008), q: fq(0.000393077, -0.158918, -6.32736e-005, -0.987292)},
	{name: "R_ARM", parent: "NECK", t: v3(1.15993e-007, -0.099624, 0.000231462), q: fq(0.618967, -0.783461, -0.0342765, -0.0435163)},
	{name: "R_ARM1", parent: "R_ARM", t: v3(0.279174, -5.25246e-008, -2.66707e-009), q: fq(0.00818345, -0.0168336, 0.579558, -0.814716)},
	{name: "R_ARM2", parent: "R_ARM1", t: v3(0.653974, -1.92991e-008, 9.06037e-009), q: fq(2.43677e-010, 0.050996, -4.31971e-010, -0.998699)},
	{name: "R_HAND", parent: "R_ARM2", t: v3(0.608675, -2.00577e-008, -1.08242e-008), q: fq(-0.706601, 0.0177966, -0.0178108, -0.707164)},
	{name: "R_FINGER0", parent: "R_HAND", t: v3(0.244467, -9.02608e-009, 3.42137e-008), q: fq(-0.000395306, -0.119049, 4.73989e-005, -0.992888)},
})

// freeSOHelpers are the helper bones of FreeSO's rig: look-at target, arm
// and leg IK targets, poles.
var freeSOHelpers = joinBones(
	limb("NECK", "HEAD_TARGET"),
	limb("L_ARM", "L_A_TARGET", "LAHM", "L_ARM_P", "LAHT"),
	limb("R_ARM", "R_A_TARGET", "RAHM", "R_ARM_P", "RAHT"),
	limb("PELVIS", "L_L_TRACK", "LLHM", "L_LEG_P", "LLHT"),
	limb("PELVIS", "R_L_TRACK", "RLHM", "R_LEG_P", "RLHT"),
	limb("ROOT", "L_ARM_IK", "LAHB"),
	limb("ROOT", "R_ARM_IK", "RAHB"),
	limb("ROOT", "L_LEG_IK", "LLHB"),
	limb("ROOT", "R_LEG_IK", "RLHB"),
)

// adultTable is the Sims adult skeleton plus FreeSO's helper bones.
var adultTable = boneTable{
	name:   "Sims adult skeleton (built-in table)",
	source: "adult-skeleton.cmx",
	bones:  joinBones(adultBones, freeSOHelpers),
}

// childTable is the Sims child skeleton (the adult's bone names and tree
// with a child's lengths) plus FreeSO's helper bones.
var childTable = boneTable{
	name:   "Sims child skeleton (built-in table)",
	source: "child-skeleton.cmx",
	bones:  joinBones(childBones, freeSOHelpers),
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

// Age tells the adult's skeleton from the child's.
type Age uint8

const (
	// Adult is the default.
	Adult Age = iota
	// Child is a child's skill, animation or suit.
	Child
)

// Names of child clips and suits (docs/formats/sims.md#built-in-skeleton-tables):
// clips "c2o-…", "c2a-…" (a child acting on an object, an adult, …) or
// "child-…"; suits and heads "b001fcchd_01", "c004mc_nerd" (the letter
// after the gender is the age: a adult, c child) or "child-…".
var (
	childClip = regexp.MustCompile(`^(xskill-)?(c2[a-z]-|child)`)
	childSuit = regexp.MustCompile(`^(xskin-)?([bc][0-9]{3}[fmu]c|child|nuc)`)
)

// ClipAge returns the age a clip's name says (Adult unless it says Child).
func ClipAge(name string) Age {
	if childClip.MatchString(strings.ToLower(name)) {
		return Child
	}
	return Adult
}

// SuitAge returns the age a suit's or head's name says.
func SuitAge(name string) Age {
	if childSuit.MatchString(strings.ToLower(name)) {
		return Child
	}
	return Adult
}

// SkeletonFile is the name of the game's skeleton file for an age.
func (a Age) SkeletonFile() string {
	if a == Child {
		return "child-skeleton.cmx"
	}
	return "adult-skeleton.cmx"
}

// String names the age.
func (a Age) String() string {
	if a == Child {
		return "child"
	}
	return "adult"
}

// chooseTable picks the table for a set of bone names and an age.
func chooseTable(has func(string) bool, age Age) *boneTable {
	for _, m := range dogMarkers {
		if has(m) {
			return &dogTable
		}
	}
	if age == Child {
		return &childTable
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

// BuiltInSkeleton returns the game's skeleton for an age as the built-in
// table holds it (bones, parents and bind pose of adult-skeleton.cmx or
// child-skeleton.cmx; no props, flags or wiggle), for writing out as a
// `.cmx` or `.skel`.
func BuiltInSkeleton(age Age) *Skeleton {
	table, name := &adultTable, "adult"
	if age == Child {
		table, name = &childTable, "child"
	}
	sk := &Skeleton{Name: name}
	for _, tb := range table.bones {
		if !tb.hasBind {
			continue
		}
		parent := tb.parent
		if parent == "" {
			parent = "NULL"
		}
		sk.Bones = append(sk.Bones, SkelBone{Name: tb.name, Parent: parent, HasProps: true, Translation: tb.t, Rotation: tb.q})
	}
	return sk
}
