package state

import (
	"slices"
	"time"
)

// noticeFor is how long a notice stays up.
const noticeFor = 4 * time.Second

// Messages are what the window tells the user over the view: the last
// error, the open asset's warnings, the help, and a short notice.
type Messages struct {
	// err is the last error to show (a file that failed to load); the
	// previous asset stays open underneath it.
	err string
	// warnings are the open asset's loader warnings and the viewer's own
	// notes about it; the banner shows until dismissed, the list while
	// showWarnings is set.
	warnings          []string
	warningsDismissed bool
	showWarnings      bool
	help              bool
	notice            string
	noticeUntil       time.Time
}

// setWarnings takes a newly opened asset's warnings: the banner shows
// when there are any.
func (m *Messages) setWarnings(ws []string) {
	m.warnings = append([]string(nil), ws...)
	m.warningsDismissed = len(m.warnings) == 0
}

// AddWarning puts w first among the warnings, where the banner shows it,
// and shows the banner again (a view link's file that differs).
func (s *State) AddWarning(w string) {
	s.msg.warnings = append([]string{w}, s.msg.warnings...)
	s.msg.warningsDismissed = false
}

// Err is the error shown, "" for none.
func (m Messages) Err() string { return m.err }

// ShowError shows msg as the window's error.
func (s *State) ShowError(msg string) { s.msg.err = msg }

// Warnings are the open asset's warnings (a copy).
func (m Messages) Warnings() []string { return slices.Clone(m.warnings) }

// WarningCount is how many warnings there are.
func (m Messages) WarningCount() int { return len(m.warnings) }

// WarningsDismissed reports whether the warnings banner was closed.
func (m Messages) WarningsDismissed() bool { return m.warningsDismissed }

// ShowingWarnings reports whether the warnings list is open.
func (m Messages) ShowingWarnings() bool { return m.showWarnings }

// DismissWarnings closes the warnings banner (the list keeps them).
func (s *State) DismissWarnings() { s.msg.warningsDismissed = true }

// ToggleWarnings shows or hides the warnings list.
func (s *State) ToggleWarnings() {
	s.msg.showWarnings = !s.msg.showWarnings
	if s.msg.showWarnings {
		s.msg.warningsDismissed = true
	}
}

// Help reports whether the help shows.
func (m Messages) Help() bool { return m.help }

// ToggleHelp shows or hides the help.
func (s *State) ToggleHelp() { s.msg.help = !s.msg.help }

// CloseMessages closes the help, the warnings list and banner, and the error
// (Esc).
func (s *State) CloseMessages() {
	s.msg.help, s.msg.err, s.msg.showWarnings = false, "", false
	s.msg.warningsDismissed = true
}

// Notify shows a short message in the window (a screenshot's file name)
// from now on for a few seconds.
func (s *State) Notify(msg string, now time.Time) {
	s.msg.notice, s.msg.noticeUntil = msg, now.Add(noticeFor)
}

// Notice is the last notice, shown or not.
func (m Messages) Notice() string { return m.notice }

// NoticeAt returns the notice to show at now, or "".
func (m Messages) NoticeAt(now time.Time) string {
	if now.Before(m.noticeUntil) {
		return m.notice
	}
	return ""
}
