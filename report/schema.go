package report

// The names and versions of the JSON documents the command line writes,
// each in the document's "schema" field. The number after the slash
// changes only when a field is removed, renamed or changes its meaning or
// units; fields may be added within a version, so a reader ignores the
// ones it does not know (README.md, "Machine-readable output").
const (
	// SchemaInfo is `animview info --json` (Info).
	SchemaInfo = "animview.info/1"
	// SchemaPose is `animview pose --json` (Pose).
	SchemaPose = "animview.pose/1"
	// SchemaList is `animview list --json` (List).
	SchemaList = "animview.list/1"
	// SchemaDiff is `animview diff --json` (Diff).
	SchemaDiff = "animview.diff/1"
)

// List is what a file or folder holds: `animview list --json`. A
// container (a folder, a PAK, an SI, a character set in a folder) lists its
// entries; any other file lists its clips.
type List struct {
	// Schema names this document's shape and version (SchemaList).
	Schema string `json:"schema"`
	// Entries are the container's entries, in the order the viewer
	// lists them; empty for a file that is not a container.
	Entries []ListEntry `json:"entries"`
	// Clips are the file's clips when it is not a container.
	Clips []string `json:"clips"`
	// Warnings are what the listing had to leave out or work around.
	Warnings []string `json:"warnings"`
}

// ListEntry is one entry of a container: its name (for --entry) and its
// type (a format name such as "sims-anim", or a Prime resource type).
type ListEntry struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// Diff is a comparison of two files' clips: `animview diff --json`.
// Positions are in A's model units; rotations in degrees; times in
// seconds from the clips' start (README.md, "animview diff").
type Diff struct {
	// Schema names this document's shape and version (SchemaDiff).
	Schema string `json:"schema"`
	// A and B are the files compared; ClipA and ClipB their clips.
	A     string `json:"a"`
	B     string `json:"b"`
	ClipA string `json:"clip_a"`
	ClipB string `json:"clip_b"`
	// Duration is the span compared, the shorter clip's; Samples how many
	// times in it were compared: every key time of both clips and a grid
	// at SampleRate samples a second.
	Duration   float64 `json:"duration"`
	Samples    int     `json:"samples"`
	SampleRate float64 `json:"sample_rate"`
	// UnmatchedA and UnmatchedB are the bones only in A and only in B.
	UnmatchedA []string `json:"unmatched_a"`
	UnmatchedB []string `json:"unmatched_b"`
	// Size is the figure's size MaxPositionRelative divides by: the
	// diagonal of the box around A's bone origins in its bind pose (at its
	// clip's start where the bind pose is a point).
	Size                float64 `json:"size"`
	MaxPosition         float64 `json:"max_position"`
	MaxPositionRelative float64 `json:"max_position_relative"`
	MaxRotationDeg      float64 `json:"max_rotation_deg"`
	// Worst is the bone and time of the largest position difference.
	Worst DiffWorst `json:"worst"`
	// Bones are the matched bones, in A's order.
	Bones []DiffBone `json:"bones"`
	// Notes say what the comparison decided: different lengths or rates.
	Notes []string `json:"notes"`
}

// DiffWorst is where a comparison's largest difference happens; Bone is ""
// when nothing differs.
type DiffWorst struct {
	Bone string  `json:"bone"`
	Time float64 `json:"time"`
}

// DiffBone is a matched bone's largest differences: Name is its name in
// A (NameB in B when the names differ), Time when its position differs
// most (when its rotation does, if its position never differs) and
// RotationTime when its rotation does.
type DiffBone struct {
	Name           string  `json:"name"`
	NameB          string  `json:"name_b,omitempty"`
	MaxPosition    float64 `json:"max_position"`
	MaxRotationDeg float64 `json:"max_rotation_deg"`
	Time           float64 `json:"time"`
	RotationTime   float64 `json:"rotation_time"`
}
