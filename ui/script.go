package ui

// script runs the action script (Options.Actions) once the window is up:
// each action through the command table, as the keys and buttons do. A
// failing action is shown as the window's error and logged, and the
// script goes on.
type script struct {
	// left is what is still to run; wait counts frames a "wait" still
	// holds it; hold makes it wait for a record-gif's file to be written,
	// so that what follows (a screenshot) sees the finished file.
	left []Action
	wait int
	hold bool
}

// pending reports whether actions are still to run or waiting.
func (s *script) pending() bool { return len(s.left) > 0 || s.wait > 0 }

// run carries out the script up to its next wait, each action through
// apply (App.action); fail is told of the actions that failed.
func (s *script) run(apply func(Action) error, fail func(msg string)) {
	if s.hold {
		return // a record-gif holds the script until its file is written
	}
	if s.wait > 0 {
		s.wait--
		return
	}
	for len(s.left) > 0 {
		act := s.left[0]
		s.left = s.left[1:]
		if err := apply(act); err != nil {
			fail("action " + act.String() + ": " + err.Error())
		}
		if s.wait > 0 || s.hold {
			return
		}
	}
}

// action carries out one action of the script: its command with its
// arguments, which ParseActions has fitted to the command.
func (a *App) action(act Action) error {
	c := a.cmds.byVerb[act.Verb]
	if c == nil {
		return errUnknownVerb(act.Verb)
	}
	return a.run(c, act.Args, true)
}

// runScript runs the script up to its next wait, a failing action shown
// as the window's error and logged.
func (a *App) runScript() { a.script.run(a.action, a.fail) }

// fail shows msg as the window's error and logs it.
func (a *App) fail(msg string) {
	a.st.ShowError(msg)
	a.opt.Log(msg)
}

// errUnknownVerb is an action whose verb the table does not have (one
// made without ParseActions).
type errUnknownVerb string

func (e errUnknownVerb) Error() string { return "unknown verb " + string(e) }
