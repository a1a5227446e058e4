package main

import (
	"flag"
	"fmt"
	"io"
)

// usage is the top-level help: every command's usage lines, then every
// flag of the viewer and of the commands that open a file (TestHelp holds
// it to naming every flag any command registers).
const usage = `usage:
  animview [flags] [FILE|DIR]        the viewer (the built-in demo without FILE)
  animview info [--json] [--character NAME] FILE|DIR
  animview pose --json FILE [--clip NAME|INDEX] (--time SECONDS | --frame N)
  animview pose --json FILE [--character NAME] --anim NAME [--transition-from NAME --from-time S] [--seed N] --time T
  animview render FILE -o OUT.png|OUT.gif [--clip C] [--time S] [--size WxH] [--yaw DEG] [--pitch DEG]
                 [--labels] [--follow on|off|auto] [--show mesh|mesh+bones|bones] [--fps N] [--all-frames]
  animview list FILE|DIR
  animview export FILE -o OUT.glb|OUT.gltf [--clip C | --all] [--character NAME] [--entry NAME] [--force]
  animview export DIR|CONTAINER -o OUTDIR --all [--jobs N] [--format glb|gltf] [--force]
  animview version                   the version and commit of this build, and whether its tree was modified
  animview COMMAND --help            a command's flags in full

The viewer's flags:
  --clip C               the clip (or a character's animation) to show first, by name or index
  --size WxH             the window's size (1280x800, or less to fit the screen; at least 800x600)
  --screenshot OUT.png   save the window after --after N ticks (30), then exit
  --after N              the ticks of 1/60 s that play before --screenshot saves
  --actions SCRIPT       viewer actions run at start, ';'-separated: open FILE, clip C, select-bone B,
                         seek S, frame N, key K, click X Y, wait N, anim A, transition A B, ... (README.md)
  --no-recent            neither read nor write the list of recent files

Every command that opens a file, and the viewer, take:
  --entry NAME           the entry of a container (an SI's animation, a PAK's or a folder's entry)
  --character NAME       the character of a character set (ANCS, PAK, folder); --entry wins
  --skeleton FILE        the skeleton to pose the animation on
  --model FILE           the MilkShape model an ANM file splits into clips
  --suit FILE            a Sims suit (.cmx or .bcf) whose skins a skill wears
  --game mp1|mp2         the Metroid Prime game, where detection is ambiguous
  --archive-budget MiB   what an archive (PAK) may decompress in all (512)

FILE may be "demo:" for the built-in demo, or a folder, whose entries are its readable files.
export never replaces a file without --force.
`

// commandUsage is each subcommand's usage lines and what it does, for
// `animview COMMAND --help` and a wrong flag.
var commandUsage = map[string]string{
	"info": `  animview info [--json] FILE|DIR
  animview info [--json] [--character NAME] FILE.pak|DIR|FILE.ANCS

Describes a file: its format, skeleton, clips with their events, characters with their animation
trees and transitions, a container's entries (the one shown first) and the loader's warnings.`,
	"pose": `  animview pose --json FILE [--clip NAME|INDEX] (--time SECONDS | --frame N)
  animview pose --json FILE [--character NAME] --anim NAME [--transition-from NAME --from-time S] [--seed N] --time T

Prints every bone's local and world transform at a time of a clip, or of a character's animation
tree as the game composes it (--anim), as JSON. Values stay in the file's own coordinates.`,
	"render": `  animview render FILE -o OUT.png|OUT.gif [--clip C] [--time S] [--size WxH] [--yaw DEG] [--pitch DEG]
                 [--labels] [--follow on|off|auto] [--show mesh|mesh+bones|bones] [--fps N] [--all-frames]

Draws a frame of a clip as PNG, the whole clip as an animated GIF, or every frame as a numbered PNG
sequence (--all-frames: OUT_0000.png, ...), framed on the figures as the viewer frames them.`,
	"list": `  animview list FILE|DIR

Lists the entries of a container (an SI's animations; a PAK's characters and loose animations; a
folder's characters and readable files, with their formats), or a file's clips.`,
	"export": `  animview export FILE -o OUT.glb|OUT.gltf [--clip C | --all] [--character NAME] [--entry NAME] [--force]
  animview export DIR|CONTAINER -o OUTDIR --all [--jobs N] [--format glb|gltf] [--force]

Writes glTF 2.0: the skeleton, its meshes and its clips (or a character's animations) as the viewer
plays them. -o names a .glb or .gltf file, or a folder for a batch (one that exists, or a name
without an extension or ending in /); a folder of files always exports as a batch.`,
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
