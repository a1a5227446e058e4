package main

import (
	"regexp"
	"strings"
	"testing"
)

// flagLine matches a flag's line in a command's --help: its name first.
var flagLine = regexp.MustCompile(`(?m)^  (--?[a-z][a-z-]*)\b`)

// TestHelp: `animview COMMAND --help` is a usage text of its own (what the
// command does, its usage lines, each flag once with what it means), never
// Go's bare flag list with "(default NaN)"; `animview --help` names every
// flag every command takes, the viewer's --size, --actions and --no-recent
// among them (issue 24).
func TestHelp(t *testing.T) {
	top, errs, code := runCLI(t, "--help")
	if code != 0 || errs != "" {
		t.Fatalf("--help: exit %d, stderr %q", code, errs)
	}
	for _, f := range []string{"--size", "--actions", "--no-recent", "--screenshot", "--after"} {
		if !strings.Contains(top, f+" ") {
			t.Errorf("the top-level help lacks %s:\n%s", f, top)
		}
	}
	if h, _, _ := runCLI(t, "help"); h != top {
		t.Errorf("`animview help` differs from --help")
	}
	for _, cmd := range []string{"info", "pose", "render", "list", "export", "diff"} {
		help, errs, code := runCLI(t, cmd, "--help")
		if code != 0 || errs != "" {
			t.Errorf("%s --help: exit %d, stderr %q", cmd, code, errs)
			continue
		}
		if !strings.HasPrefix(help, "usage:\n  animview "+cmd+" ") || strings.Contains(help, "NaN") || strings.Contains(help, "Usage of") {
			t.Errorf("%s --help:\n%s", cmd, help)
		}
		if h, _, _ := runCLI(t, "help", cmd); h != help {
			t.Errorf("`animview help %s` differs from `%s --help`", cmd, cmd)
		}
		flags := flagLine.FindAllStringSubmatch(help, -1)
		if len(flags) < 7 {
			t.Errorf("%s --help lists %d flags:\n%s", cmd, len(flags), help)
		}
		for _, m := range flags {
			if !regexp.MustCompile(regexp.QuoteMeta(m[1]) + `[^a-z-]`).MatchString(top) {
				t.Errorf("%s's flag %s is not in the top-level help", cmd, m[1])
			}
		}
	}
	// A wrong flag says so, then shows the command's own help.
	_, errs, code = runCLI(t, "pose", "--bogus")
	if code != exitUsage || !strings.HasPrefix(errs, "animview: flag provided but not defined: -bogus\nusage:\n  animview pose ") {
		t.Errorf("bad flag: exit %d:\n%s", code, errs)
	}
}
