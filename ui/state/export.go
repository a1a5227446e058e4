package state

import (
	"fmt"
	"slices"
)

// ExportWhat is what an export from the window holds.
type ExportWhat int

// What an export holds.
const (
	// ExportClip is what plays: the open clip, or the playing animation
	// of a character set.
	ExportClip ExportWhat = iota
	// ExportAllClips is every clip of the file.
	ExportAllClips
	// ExportCharacter is the open character's animations.
	ExportCharacter
)

// ExportStage is where an export from the window stands.
type ExportStage int

// The stages of an export.
const (
	// ExportIdle: no export.
	ExportIdle ExportStage = iota
	// ExportChoosing: the window asks what to export.
	ExportChoosing
	// ExportDestination: the file chooser is open.
	ExportDestination
	// ExportAsking: the destination exists; the window asks before
	// replacing it.
	ExportAsking
	// ExportRunning: the file is being written.
	ExportRunning
)

// ExportChoice is one thing the window offers to export.
type ExportChoice struct {
	What  ExportWhat
	Label string
}

// Export is an export to glTF from the window (Ctrl+E): what to export,
// where, whether to replace a file that exists, and the progress of the
// writing. The window chooses the destination, checks for a file there
// and writes it on a task of its own (ui/task); it reports each step here.
type Export struct {
	stage       ExportStage
	choices     []ExportChoice
	what        ExportWhat
	path        string
	done, total int
}

// ExportChoices lists what the open file can export, the most useful first: a
// character's animations, every clip (when there are several), what plays.
func (s *State) ExportChoices() []ExportChoice {
	var out []ExportChoice
	a := s.asset
	if a == nil || a.Skeleton == nil || len(a.Skeleton.Bones) == 0 {
		return nil
	}
	if a.AnimSet != nil && a.Character >= 0 && a.Character < len(a.Characters) && len(a.Characters[a.Character].Animations) > 0 {
		ch := &a.Characters[a.Character]
		out = append(out, ExportChoice{ExportCharacter, fmt.Sprintf("%s's %d animations", ch.Name, len(ch.Animations))})
	}
	if len(a.Clips) > 1 {
		out = append(out, ExportChoice{ExportAllClips, fmt.Sprintf("all %d clips", len(a.Clips))})
	}
	if c := s.CurrentClip(); c != nil {
		name := c.Name
		if s.tree.anim >= 0 {
			if list := s.tree.AnimList(); s.tree.anim < len(list) {
				name = list[s.tree.anim].Name
			}
		}
		out = append(out, ExportChoice{ExportClip, fmt.Sprintf("%q (what plays)", name)})
	}
	return out
}

// BeginExport opens the question of what to export; without anything to export
// it reports false.
func (s *State) BeginExport() bool {
	if s.exp.stage != ExportIdle {
		return true
	}
	s.exp.choices = s.ExportChoices()
	if len(s.exp.choices) == 0 {
		return false
	}
	s.exp.stage = ExportChoosing
	return true
}

// Stage is where the export stands.
func (e Export) Stage() ExportStage { return e.stage }

// Offered are the choices shown while the window asks what to export.
func (e Export) Offered() []ExportChoice { return slices.Clone(e.choices) }

// ChooseExport takes what to export; the window then asks for the destination.
func (s *State) ChooseExport(w ExportWhat) {
	s.exp.what, s.exp.stage = w, ExportDestination
}

// What is what the export holds.
func (e Export) What() ExportWhat { return e.what }

// Path is the destination.
func (e Export) Path() string { return e.path }

// AskExport shows the question whether to replace the file at path.
func (s *State) AskExport(path string) { s.exp.path, s.exp.stage = path, ExportAsking }

// StartExport shows the writing of path, with no progress yet.
func (s *State) StartExport(path string) {
	s.exp.path, s.exp.stage, s.exp.done, s.exp.total = path, ExportRunning, 0, 0
}

// SetExportProgress records the steps done and their total.
func (s *State) SetExportProgress(done, total int) { s.exp.done, s.exp.total = done, total }

// Fraction is the part written, from 0 to 1.
func (e Export) Fraction() float64 {
	if e.total <= 0 {
		return 0
	}
	return min(1, float64(e.done)/float64(e.total))
}

// FinishExport ends the export (done, failed or cancelled).
func (s *State) FinishExport() { s.exp = Export{} }
