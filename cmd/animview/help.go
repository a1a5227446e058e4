package main

import (
	"embed"
	"flag"
	"fmt"
	"io"
	"strings"
)

// helpFiles are the help texts: usage.txt, the top-level help, and
// COMMAND.txt, each subcommand's usage lines and what it does.
//
//go:embed help/*.txt
var helpFiles embed.FS

// usage is the top-level help (help/usage.txt): every command's usage
// lines, then every flag of the viewer and of the commands that open a
// file (TestHelp holds it to naming every flag any command registers).
// commandUsage is each subcommand's usage lines and what it does
// (help/COMMAND.txt), for `animview COMMAND --help` and a wrong flag.
var usage, commandUsage = helpTexts()

// helpTexts reads the embedded help texts. Reading a file the embedded
// folder lists cannot fail.
func helpTexts() (string, map[string]string) {
	top, cmds := "", map[string]string{}
	entries, _ := helpFiles.ReadDir("help")
	for _, e := range entries {
		b, _ := helpFiles.ReadFile("help/" + e.Name())
		if name := strings.TrimSuffix(e.Name(), ".txt"); name == "usage" {
			top = string(b)
		} else {
			cmds[name] = strings.TrimSuffix(string(b), "\n")
		}
	}
	return top, cmds
}

// newFlagSet makes a command's flag set. It prints nothing itself: run
// shows the command's help for --help and after a wrong flag.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// flagError is a flag set's parse error (flag.ErrHelp for --help), with
// the set, for run to show that command's help.
type flagError struct {
	fs  *flag.FlagSet
	err error
}

func (e *flagError) Error() string { return e.err.Error() }
func (e *flagError) Unwrap() error { return e.err }

// writeHelp writes a command's help: the top-level usage for the viewer,
// else the command's usage lines and what it does; then each flag of the
// set once, with its argument, what it means and a default worth naming.
func writeHelp(w io.Writer, fs *flag.FlagSet) {
	if fs.Name() == viewName {
		io.WriteString(w, usage)
		return
	}
	fmt.Fprintf(w, "usage:\n%s\n\nflags:\n", commandUsage[fs.Name()])
	fs.VisitAll(func(f *flag.Flag) {
		arg, text := flag.UnquoteUsage(f)
		name := "-" + f.Name
		if len(f.Name) > 1 {
			name = "-" + name
		}
		if arg != "" {
			name += " " + arg
		}
		switch f.DefValue {
		case "", "0", "false", "NaN":
		case "true":
			text += " (on by default)"
		default:
			text += " (default " + f.DefValue + ")"
		}
		if len(name) > 20 {
			fmt.Fprintf(w, "  %s\n  %22s%s\n", name, "", text)
		} else {
			fmt.Fprintf(w, "  %-22s%s\n", name, text)
		}
	})
	fmt.Fprintf(w, "\nexit status: %d done, %d the input or the output failed, %d a usage error\n", exitOK, exitFailed, exitUsage)
}

// viewName names the viewer's flag set.
const viewName = "animview"

// helpFor returns the text `animview help [COMMAND]` prints.
func helpFor(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if _, ok := commandUsage[args[0]]; ok {
			return run([]string{args[0], "--help"}, stdout, stderr)
		}
	}
	io.WriteString(stdout, usage)
	return 0
}
