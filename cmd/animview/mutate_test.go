package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// fixtureSet is a fixture file with the files it needs beside it (an ANM's
// model, a Prime resource's siblings).
type fixtureSet struct {
	dir, name string
}

// mutant is a damaged copy of a fixture file.
type mutant struct {
	kind string
	data []byte
}

// mutants makes a file's truncations, single-byte flips and huge counts:
// every offset when the file is at most every bytes long, else a stride.
func mutants(data []byte, every int) []mutant {
	var out []mutant
	step := 1
	if len(data) > every {
		step = len(data)/every + 1
	}
	for n := 0; n < len(data); n += step {
		out = append(out, mutant{fmt.Sprintf("truncate %d", n), bytes.Clone(data[:n])})
	}
	for off := 0; off < len(data); off += step {
		b := bytes.Clone(data)
		b[off] ^= 0xFF
		out = append(out, mutant{fmt.Sprintf("flip %d", off), b})
	}
	for off := 0; off+4 <= len(data); off += max(4, step&^3) {
		for _, v := range []uint32{0xFFFFFFFF, 0x7FFFFFFF, 0x00FFFFFF} {
			b := bytes.Clone(data)
			binary.LittleEndian.PutUint32(b[off:], v)
			out = append(out, mutant{fmt.Sprintf("count %d=%#x", off, v), b})
			if v != 0xFFFFFFFF {
				b := bytes.Clone(data)
				binary.BigEndian.PutUint32(b[off:], v)
				out = append(out, mutant{fmt.Sprintf("count %d=%#x be", off, v), b})
			}
		}
	}
	return out
}

var (
	numbers = regexp.MustCompile(`0x[0-9a-fA-F]+|[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?`)
	quoted  = regexp.MustCompile(`"(\\.|[^"\\])*"`)
	paths   = regexp.MustCompile(`/tmp/\S+?(: |\s|$)`)
)

// shape is a message with its numbers, quotations and paths replaced.
func shape(msg string) string {
	msg = paths.ReplaceAllString(msg, "PATH$1")
	msg = quoted.ReplaceAllString(msg, "Q")
	return numbers.ReplaceAllString(msg, "N")
}

// runMutants runs the commands on every mutant of every file of sets and
// returns each error message by the mutants that gave it.
func runMutants(t *testing.T, sets []fixtureSet, every int, cmds [][]string, log io.Writer) map[string][]string {
	msgs := map[string][]string{}
	for _, fs := range sets {
		dir := t.TempDir()
		ents, err := os.ReadDir(fs.dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			if e.Type().IsRegular() {
				b, err := os.ReadFile(filepath.Join(fs.dir, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		p := filepath.Join(dir, fs.name)
		orig, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mutants(orig, every) {
			if err := os.WriteFile(p, m.data, 0o644); err != nil {
				t.Fatal(err)
			}
			loaded := true
			for ci, c := range cmds {
				if ci >= 2 && !loaded {
					// The same loader's error again.
					break
				}
				args := []string{c[0], p}
				for _, a := range c[1:] {
					args = append(args, strings.ReplaceAll(a, "OUT", filepath.Join(dir, "out")))
				}
				var stdout, stderr bytes.Buffer
				code := run(args, &stdout, &stderr)
				if code == 0 {
					continue
				}
				if ci == 0 {
					loaded = false
				}
				// The message runs from "animview: " to the usage text or
				// the end: a formats.LoadError has a line per loader.
				all := stderr.String()
				if i := strings.Index(all, "animview: "); i >= 0 {
					all = all[i:]
				}
				if i := strings.Index(all, "\nusage:"); i >= 0 {
					all = all[:i]
				}
				for _, line := range []string{strings.TrimSuffix(all, "\n")} {
					if rest, ok := strings.CutPrefix(line, "animview: "); ok {
						if log != nil && len(msgs[rest]) == 0 {
							fmt.Fprintf(log, "%s\t%s %s %s\n", rest, c[0], fs.name, m.kind)
						}
						msgs[rest] = append(msgs[rest], fmt.Sprintf("%s %s %s", c[0], fs.name, m.kind))
					}
				}
			}
		}
		if err := os.WriteFile(p, orig, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return msgs
}

func TestMutationCampaign(t *testing.T) {
	out := os.Getenv("CAMPAIGN")
	if out == "" {
		t.Skip("CAMPAIGN=FILE runs the whole campaign")
	}
	var sets []fixtureSet
	for _, pat := range []string{"../../formats/*/testdata/*", "../../formats/prime/pak/testdata/*", "../../formats/prime/testdata/skinned-mp1/*"} {
		files, _ := filepath.Glob(pat)
		for _, f := range files {
			if st, err := os.Stat(f); err == nil && st.Mode().IsRegular() && !strings.HasSuffix(f, ".md") && !strings.HasSuffix(f, ".txt") || strings.HasSuffix(f, "arm.txt") {
				sets = append(sets, fixtureSet{filepath.Dir(f), filepath.Base(f)})
			}
		}
	}
	cmds := [][]string{{"info"}, {"pose", "--time", "0.1"}, {"render", "-o", "OUT.png", "--size", "16x16"}}
	lf, _ := os.Create(out + ".log")
	defer lf.Close()
	msgs := runMutants(t, sets, 100, cmds, lf)
	byShape := map[string][]string{}
	for m, who := range msgs {
		byShape[shape(m)] = append(byShape[shape(m)], fmt.Sprintf("%d× %s  [%s]", len(who), m, who[0]))
	}
	var keys []string
	for k := range byShape {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "## %d: %s\n", len(byShape[k]), k)
		for i, e := range byShape[k] {
			if i < 3 {
				fmt.Fprintf(&b, "   %s\n", e)
			}
		}
	}
	os.WriteFile(out, []byte(b.String()), 0o644)
}

// located is what every error about a damaged file says: the format, the
// field and where, "FORMAT: FIELD at offset N" or "at line N" (the
// house's rule, formats.Error).
var located = regexp.MustCompile(`(^|: )[A-Za-z0-9]+([ -][A-Za-z0-9]+)?: [^:]*[^ :] at (offset|line) [0-9]+`)

// exempt are the messages that are not about a damaged field: an empty
// or unrecognised file, and the pose check of item 8's rule for values
// past single precision, which another change settles.
var exempt = regexp.MustCompile(`: unknown format \(tried |not a finite number$`)

// TestMutantErrorsSayWhere runs info and pose on the mutants of the small
// fixtures (truncations, byte flips, huge counts at a stride) and checks
// that every error names format, field and location; a loader's error
// among several (formats.LoadError) is checked line by line. Issue 35:
// 246 of 4,582 error exits did not. An error the undamaged file gives
// too (an EVNT alone has no skeleton to pose) is not about damage.
func TestMutantErrorsSayWhere(t *testing.T) {
	if testing.Short() {
		t.Skip("runs thousands of mutants")
	}
	sets := []fixtureSet{
		{"../../formats/anm/testdata", "cylindro.anm"},
		{"../../formats/anm/testdata", "cylindro.ms3d"},
		{"../../formats/lego/testdata", "minifig_walk.ani"},
		{"../../formats/lego/testdata", "minifig.si"},
		{"../../formats/ms3d/testdata", "arm.txt"},
		{"../../formats/ms3d/testdata", "arm_v4.ms3d"},
		{"../../formats/prime/testdata", "1A2B3C4D.ANIM"},
		{"../../formats/prime/testdata", "5E6F7081.CINF"},
		{"../../formats/prime/testdata", "9C8D7E6F.EVNT"},
		{"../../formats/prime/testdata/skinned-mp1", "0A0B0C0D.ANCS"},
		{"../../formats/prime/pak/testdata", "DemoSet-mp1.pak"},
		{"../../formats/prime/pak/testdata", "DemoSet-mp2.pak"},
	}
	cmds := [][]string{{"info"}, {"pose", "--time", "0.1"}}
	msgs := runMutants(t, sets, 60, cmds, nil)
	base := map[string]bool{}
	for _, fs := range sets {
		for _, c := range cmds {
			var stderr bytes.Buffer
			if run(append([]string{c[0], filepath.Join(fs.dir, fs.name)}, c[1:]...), io.Discard, &stderr) != 0 {
				base[shape(strings.TrimPrefix(firstLine(stderr.String()), "animview: "))] = true
			}
		}
	}
	bad := map[string][]string{}
	for msg, who := range msgs {
		if exempt.MatchString(msg) || base[shape(firstLine(msg))] {
			continue
		}
		lines := strings.Split(msg, "\n")
		if strings.Contains(lines[0], "no loader recognised the content") {
			lines = lines[1:]
		}
		for _, l := range lines {
			if l = strings.TrimSpace(l); !located.MatchString(l) {
				bad[shape(l)] = append(bad[shape(l)], fmt.Sprintf("%s (%s)", l, who[0]))
			}
		}
	}
	for s, ex := range bad {
		t.Errorf("%d errors do not say format, field and where, as %q; the first: %s", len(ex), s, ex[0])
	}
	t.Logf("%d distinct errors from the mutants", len(msgs))
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
