// Command animview views skeletal animation from classic games.
//
//	animview [flags] [FILE]              open the viewer (the built-in demo without FILE)
//	animview info [--json] FILE          describe a file
//	animview pose --json FILE (--time S | --frame N) [--clip C]
//	animview render FILE -o OUT.png|OUT.gif [--clip C] [--time S] [--size WxH] [--yaw DEG] [--pitch DEG]
//	animview list FILE                   list the animations inside a container
//	animview export FILE -o OUT.glb      glTF 2.0 of the skeleton and its clips
//	animview export DIR -o OUTDIR --all  every animation of a folder or container, in parallel
//	animview version                     the version and commit this build came from (also --version)
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
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/internal/version"
)

// processStart is taken as the program initialises, for the start-up time
// ANIMVIEW_STARTUP_LOG asks the viewer to log.
var processStart = time.Now()

// errUsage marks errors that should be followed by the usage text.
var errUsage = errors.New("usage")

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
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
			code = 3
		}
	}()
	var err error
	cmd := ""
	if len(args) > 0 {
		cmd = args[0]
	}
	switch cmd {
	case "info":
		err = cmdInfo(args[1:], stdout)
	case "pose":
		err = cmdPose(args[1:], stdout)
	case "render":
		err = cmdRender(args[1:], stdout)
	case "list":
		err = cmdList(args[1:], stdout)
	case "export":
		err = cmdExport(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		return helpFor(args[1:], stdout, stderr)
	case "version", "-version", "--version":
		fmt.Fprint(stdout, version.Get())
		return 0
	default:
		if err = unknownCommand(cmd); err == nil {
			err = cmdView(args)
		}
	}
	if err == nil {
		return 0
	}
	var fe *flagError
	if errors.As(err, &fe) {
		if errors.Is(err, flag.ErrHelp) {
			writeHelp(stdout, fe.fs)
			return 0
		}
		fmt.Fprintf(stderr, "animview: %v\n", fe.err)
		writeHelp(stderr, fe.fs)
		return 1
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
	if errors.Is(err, errUsage) {
		// errUsage only asks for the usage text below; its own word would
		// end the message with a stray ": usage".
		msg = strings.TrimSuffix(msg, ": "+errUsage.Error())
	}
	fmt.Fprintf(stderr, "animview: %s\n", msg)
	if errors.Is(err, errUsage) {
		fmt.Fprint(stderr, usage)
	}
	return 1
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
	skeleton, game, entry, character, model, suit string
	budget                                        int
}

func (l *loadFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&l.skeleton, "skeleton", "", "skeleton `FILE` to pose the animation on")
	fs.StringVar(&l.model, "model", "", "model `FILE` (.ms3d) an ANM file splits into clips")
	fs.StringVar(&l.game, "game", "", "`mp1|mp2`: the Metroid Prime game, where detection is ambiguous")
	fs.StringVar(&l.entry, "entry", "", "the entry `NAME` of a container (an SI's animation, a PAK's or a folder's entry)")
	fs.StringVar(&l.character, "character", "", "the character `NAME` of a character set (ANCS, PAK, folder); --entry wins")
	fs.IntVar(&l.budget, "archive-budget", formats.DefaultBudget>>20, "the `MiB` an archive (PAK) may decompress in all")
	fs.StringVar(&l.suit, "suit", "", "a Sims suit `FILE` (.cmx or .bcf) whose skins a skill wears")
}

func (l *loadFlags) options() open.Options {
	entry := l.entry
	if entry == "" {
		entry = l.character
	}
	return open.Options{Skeleton: l.skeleton, Game: l.game, Entry: entry, Model: l.model, Budget: l.budget, Suit: l.suit}
}

// openFileArg adds the shared loading flags to fs, parses args, which must
// name exactly one FILE, runs check (when not nil) so that bad flags fail
// before a large file is read, and opens the file. Commands register their
// own flags on fs first.
func openFileArg(fs *flag.FlagSet, args []string, check func() error) (*formats.Asset, error) {
	var lf loadFlags
	lf.register(fs)
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return nil, err
	}
	if len(pos) != 1 {
		return nil, fmt.Errorf("%s needs one FILE: %w", fs.Name(), errUsage)
	}
	if check != nil {
		if err := check(); err != nil {
			return nil, err
		}
	}
	return open.Path(pos[0], lf.options())
}
