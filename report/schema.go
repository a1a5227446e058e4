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
