// Command animview views skeletal animation from classic games.
//
//	animview [flags] [FILE]              open the viewer (the built-in demo without FILE)
//	animview info [--json] FILE          describe a file
//	animview pose --json FILE (--time S | --frame N) [--clip C]
//	animview render FILE -o OUT.png|OUT.gif [--clip C] [--time S] [--size WxH] [--yaw DEG] [--pitch DEG]
//	animview list FILE                   list the animations inside a container
//	animview diff A B [--json]           compare two files' clips bone by bone
//	animview export FILE -o OUT.glb      glTF 2.0 of the skeleton and its clips
//	animview export DIR -o OUTDIR --all  every animation of a folder or container, in parallel
//	animview version                     the version and commit this build came from (also --version)
//	animview licenses                    the licences of the modules linked in, and Go's
//
// FILE may be "demo:" for the built-in demo.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/cuts"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/internal/licenses"
	"github.com/animview/animview/internal/printable"
	"github.com/animview/animview/internal/version"
)

// processStart is taken as the program initialises, for the start-up time
// ANIMVIEW_STARTUP_LOG asks the viewer to log.
var processStart = time.Now()

// errUsage marks errors that should be followed by the usage text.
var errUsage = errors.New("usage")

// errBadValue marks a flag value or argument the command cannot take (a
// size that is not WxH, an output name of the wrong kind): a usage error
// like errUsage, exit 2, but the message alone says what to change.
var errBadValue = errors.New("bad value")

// Exit statuses, as Go's own tools and BSD's sysexits tradition have them
// (help/usage.txt lists them).
const (
	exitOK       = 0 // done
	exitFailed   = 1 // the input or the output failed: a bad file, a write that failed, a clip not in the file
	exitUsage    = 2 // a usage error: an unknown command or flag, a missing argument, a bad value
	exitInternal = 3 // a bug in animview (a panic turned into a message)
)

// badValue returns a usage error (exit 2) with the message format gives.
func badValue(format string, a ...any) error {
	return fmt.Errorf(format+": %w", append(a, errBadValue)...)
}

// badFlag returns err, a flag value's parse error, as a usage error (exit
// 2) whose message starts with prefix.
func badFlag(prefix string, err error) error {
	return fmt.Errorf("%s%w: %w", prefix, err, errBadValue)
}

func main() {
	if pageOnly {
		// The web page runs the viewer alone (view_js.go): with this
		// branch constant, the other commands stay out of its program.
		os.Exit(runPage(os.Stderr))
	} else {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
}

// run is main without the exit, so tests can call it. A panic anywhere in a
// command becomes an error message: a user never sees a Go trace.
func run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "animview: internal error: %v\n", r)
			if os.Getenv("ANIMVIEW_DEBUG") != "" {
				stderr.Write(debug.Stack())
			}
			code = exitInternal
		}
	}()
	// A command's output that cannot be written (stdout redirected to a
	// full disk) fails the command, whichever write it was.
	out := &outputWriter{w: stdout}
	stdout = out
	var err error
	cmd := ""
	if len(args) > 0 {
		cmd = args[0]
	}
	switch cmd {
	case "info":
		err = cmdInfo(args[1:], stdout)
	case "pose":
		err = cmdPose(args[1:], stdout, stderr)
	case "render":
		err = cmdRender(args[1:], stdout, stderr)
	case "list":
		err = cmdList(args[1:], stdout)
	case "diff":
		err = cmdDiff(args[1:], stdout)
	case "export":
		err = cmdExport(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		return helpFor(args[1:], stdout, stderr)
	case "version", "-version", "--version":
		fmt.Fprint(stdout, version.Get())
		if out.err != nil {
			fmt.Fprintf(stderr, "animview: write the output: %v\n", out.err)
			return exitFailed
		}
		return exitOK
	case "licenses", "licences":
		io.WriteString(stdout, licenses.Text())
		if out.err != nil {
			fmt.Fprintf(stderr, "animview: write the output: %v\n", out.err)
			return exitFailed
		}
		return exitOK
	default:
		if err = unknownCommand(cmd); err == nil {
			err = cmdView(args)
		}
	}
	if err == nil && out.err != nil {
		err = fmt.Errorf("write the output: %w", out.err)
	}
	if err == nil {
		return exitOK
	}
	var fe *flagError
	if errors.As(err, &fe) {
		if errors.Is(err, flag.ErrHelp) {
			writeHelp(stdout, fe.fs)
			return exitOK
		}
		fmt.Fprintf(stderr, "animview: %s\n", printable.Message(fe.err.Error()))
		writeHelp(stderr, fe.fs)
		return exitUsage
	}
	// Warnings that say why (a suit none of whose skins could be bound)
	// go before the error.
	var we *open.WarnedError
	if errors.As(err, &we) {
		for _, w := range we.Warnings {
			fmt.Fprintf(stderr, "warning: %s\n", escapeControl(w))
		}
	}
	msg := err.Error()
	// errUsage and errBadValue only choose the exit status and whether the
	// usage text follows; their own words would end the message with a
	// stray ": usage".
	msg = strings.TrimSuffix(msg, ": "+errUsage.Error())
	msg = strings.TrimSuffix(msg, ": "+errBadValue.Error())
	// A message may quote a name from the file: it cannot drive the
	// terminal (printable).
	fmt.Fprintf(stderr, "animview: %s\n", printable.Message(msg))
	switch {
	case errors.Is(err, errUsage):
		fmt.Fprint(stderr, usage)
		return exitUsage
	case errors.Is(err, errBadValue):
		return exitUsage
	}
	return exitFailed
}

// escapeControl writes the control characters of s (terminal escapes, line
// breaks) as Go escapes, so that a warning is one line that cannot clear
// or recolour the terminal.
func escapeControl(s string) string {
	if !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unicode.IsControl(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// parseInterspersed parses flags that may come before or after positional
// arguments ("render FILE -o x.png"), which the flag package alone does not.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, &flagError{fs: fs, err: err}
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// loadFlags are the flags every command that opens a file shares.
type loadFlags struct {
	skeleton, game, entry, character, model, tone string
	suits                                         []string
	budget                                        int
	split                                         string
	// fs is the flag set the flags are on, whose --clip (when the
	// command has one) chooses the clip --split cuts.
	fs *flag.FlagSet
}

func (l *loadFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&l.skeleton, "skeleton", "", "skeleton `FILE` to pose the animation on")
	fs.StringVar(&l.model, "model", "", "model `FILE` (.ms3d) an ANM file splits into clips")
	fs.StringVar(&l.game, "game", "", "`mp1|mp2`: the Metroid Prime game, where detection is ambiguous")
	fs.StringVar(&l.entry, "entry", "", "the entry `NAME` of a container (an SI's animation, a PAK's or a folder's entry)")
	fs.StringVar(&l.character, "character", "", "the character `NAME` of a character set (ANCS, PAK, folder); --entry wins")
	fs.IntVar(&l.budget, "archive-budget", formats.DefaultBudget>>20, "the `MiB` an archive (PAK) may decompress in all")
	fs.Func("suit", "a Sims suit `FILE` (.cmx or .bcf) whose skins a skill wears; repeat it for a whole Sim (a body, a head, hands)",
		func(s string) error { l.suits = append(l.suits, s); return nil })
	fs.Func("tone", "`light|medium|dark`: the skin tone of a Sims suit's textures (light)", func(s string) error {
		t, err := sims.ParseTone(s)
		l.tone = t.String()
		return err
	})
	fs.StringVar(&l.split, "split", "", "cut the clip (--clip, else the first) into named clips: `NAME=FROM-TO,...` in seconds (1.2) or frames (f36)")
	l.fs = fs
}

// check checks the loading flags' values that can be checked before the
// file is read: --split's syntax (a bad one is a usage error).
func (l *loadFlags) check() error {
	if l.split == "" {
		return nil
	}
	if _, err := cuts.ParseSpec(l.split); err != nil {
		return fmt.Errorf("%w: %w", err, errBadValue)
	}
	return nil
}

func (l *loadFlags) options() open.Options {
	entry := l.entry
	if entry == "" {
		entry = l.character
	}
	o := open.Options{Skeleton: l.skeleton, Game: l.game, Entry: entry, Model: l.model, Budget: l.budget, Suits: l.suits, Tone: l.tone, Split: l.split}
	if l.fs != nil {
		if f := l.fs.Lookup("clip"); f != nil {
			o.SplitClip = f.Value.String()
		}
	}
	return o
}

// openFileArg adds the shared loading flags to fs, parses args, which must
// name exactly one FILE, runs check (when not nil) so that bad flags fail
// before a large file is read, and opens the file. Commands register their
// own flags on fs first.
func openFileArg(fs *flag.FlagSet, args []string, check func() error) (*formats.Asset, error) {
	a, _, err := openFileArgPath(fs, args, check)
	return a, err
}

// openFileArgPath is openFileArg that also returns the FILE argument (the
// default clip is the file's namesake, Asset.DefaultClip).
func openFileArgPath(fs *flag.FlagSet, args []string, check func() error) (*formats.Asset, string, error) {
	var lf loadFlags
	lf.register(fs)
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return nil, "", err
	}
	if len(pos) != 1 {
		return nil, "", fmt.Errorf("%s needs one FILE: %w", fs.Name(), errUsage)
	}
	if err := lf.check(); err != nil {
		return nil, "", err
	}
	if check != nil {
		if err := check(); err != nil {
			return nil, "", err
		}
	}
	limitMemory(pos[0], lf.budget)
	a, err := open.Path(pos[0], lf.options())
	return a, pos[0], err
}

// outputWriter passes a command's output on to w and keeps the first
// write error, so that output printed without checking each write still
// fails the command when it is lost.
type outputWriter struct {
	w   io.Writer
	err error
}

func (o *outputWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		o.err = err
	}
	return n, err
}
