// Package anm reads Jason Winnebeck's ANM text format
// (gillius.org/cg3/anmfile.htm): named animation sets of bones, events and
// frame ranges that split a model file's single keyframe timeline into
// clips. The model file is a MilkShape 3D model (package ms3d), whose
// joints are evaluated as MilkShape does
// (docs/formats/milkshape-anm.md#anm-text-format).
package anm

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
)

// Format names the loader.
const Format = "anm"

// FPS is the frame rate of ANM frame numbers: frame F is model time F/24 s
// (docs/formats/milkshape-anm.md#frames-and-clips).
const FPS = 24

// File is a parsed ANM file: its sets in file order.
type File struct {
	Sets []Set
}

// Set is an "as" line with the lines that belong to it.
type Set struct {
	Name   string
	Line   int
	Bones  []BoneLine
	Events []EventLine
	Anims  []AnimLine
}

// BoneLine is a "bl" line: a bone, and whether its subtree (+children)
// and its parent (+parent) join the set too.
type BoneLine struct {
	Name             string
	Children, Parent bool
	Line             int
}

// EventLine is an "ev" line: an event at a frame of the model's timeline.
type EventLine struct {
	Frame float64
	Name  string
	Line  int
}

// AnimLine is an "an" line: a clip over an inclusive frame range.
type AnimLine struct {
	Start, End float64
	Name       string
	Line       int
}

// state is where the parser is in the order the ANM page's diagram fixes
// (docs/formats/milkshape-anm.md#lines-and-order):
// per set, one or more bl, then zero or more ev, then one or more an.
type state int

const (
	wantAS   state = iota // before the first set
	wantBL                // after "as": a bl must come
	inBL                  // after a bl: bl, ev or an
	inEV                  // after an ev: ev or an
	inAN                  // after an an: an or the next as
	maxLines = 1 << 20
)

// maxLine bounds a line's length: an ANM line is a keyword, a few names
// and numbers.
const maxLine = 1 << 16

// expected says, per state, what the next line may be.
var expected = [...]string{
	wantAS: "an as line",
	wantBL: "a bl line",
	inBL:   "a bl, ev or an line",
	inEV:   "an ev or an line",
	inAN:   "an an line or the next as line",
}

// Parse reads an ANM file line by line: case-sensitive, "#" comment lines
// and blank lines ignored, tokens separated by any spaces or tabs, LF or
// CRLF line ends. Errors give the line number and what was expected.
func Parse(data []byte) (*File, error) {
	f := &File{}
	st := wantAS
	line := 0
	// The file is read where it lies, a line at a time: a line the size
	// of the file is refused before it is copied (or quoted in an error).
	rest := data
	for len(rest) > 0 {
		var raw []byte
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			raw, rest = rest[:i], rest[i+1:]
		} else {
			raw, rest = rest, nil
		}
		line++
		if line > maxLines {
			return nil, formats.LineErrorf(Format, "lines", line, "more than %d lines", maxLines)
		}
		if len(raw) > maxLine {
			return nil, formats.LineErrorf(Format, "", line, "a line of %d bytes, longer than any of an ANM file (%d)", len(raw), maxLine)
		}
		l := strings.TrimSuffix(string(raw), "\r")
		toks := strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '\t' })
		if len(toks) == 0 || strings.HasPrefix(toks[0], "#") {
			continue
		}
		var set *Set
		if len(f.Sets) > 0 {
			set = &f.Sets[len(f.Sets)-1]
		}
		bad := func(kind string) error {
			what := fmt.Sprintf("%s line", kind)
			if set != nil {
				what += fmt.Sprintf(" in set %q", set.Name)
			}
			return formats.LineErrorf(Format, kind, line, "%s here: expected %s", what, expected[st])
		}
		switch toks[0] {
		case "as":
			if st != wantAS && st != inAN {
				return nil, bad("as")
			}
			if err := arity(toks, 2, 2, line, "as <SetName>"); err != nil {
				return nil, err
			}
			for _, s := range f.Sets {
				if s.Name == toks[1] {
					return nil, formats.LineErrorf(Format, "as", line, "set %q is declared again (first at line %d)", s.Name, s.Line)
				}
			}
			f.Sets = append(f.Sets, Set{Name: toks[1], Line: line})
			st = wantBL
		case "bl":
			if st != wantBL && st != inBL {
				return nil, bad("bl")
			}
			if err := arity(toks, 2, 4, line, "bl <BoneName> [+children] [+parent]"); err != nil {
				return nil, err
			}
			b := BoneLine{Name: toks[1], Line: line}
			for _, opt := range toks[2:] {
				switch {
				case opt == "+children" && !b.Children:
					b.Children = true
				case opt == "+parent" && !b.Parent:
					b.Parent = true
				case opt == "+children" || opt == "+parent":
					return nil, formats.LineErrorf(Format, "bl", line, "%s given twice", opt)
				default:
					return nil, formats.LineErrorf(Format, "bl", line, "unknown option %q: expected +children or +parent", opt)
				}
			}
			set.Bones = append(set.Bones, b)
			st = inBL
		case "ev":
			if st != inBL && st != inEV {
				return nil, bad("ev")
			}
			if err := arity(toks, 3, 3, line, "ev <eventTime> <eventName>"); err != nil {
				return nil, err
			}
			fr, err := frame(toks[1], line, "ev", "eventTime")
			if err != nil {
				return nil, err
			}
			set.Events = append(set.Events, EventLine{Frame: fr, Name: toks[2], Line: line})
			st = inEV
		case "an":
			if st != inBL && st != inEV && st != inAN {
				return nil, bad("an")
			}
			if err := arity(toks, 4, 4, line, "an <startTime> <endTime> <animName>"); err != nil {
				return nil, err
			}
			s, err := frame(toks[1], line, "an", "startTime")
			if err != nil {
				return nil, err
			}
			e, err := frame(toks[2], line, "an", "endTime")
			if err != nil {
				return nil, err
			}
			if e < s {
				return nil, formats.LineErrorf(Format, "an", line, "endTime %s is before startTime %s", toks[2], toks[1])
			}
			for _, a := range set.Anims {
				if a.Name == toks[3] {
					return nil, formats.LineErrorf(Format, "an", line, "animation %q of set %q is declared again (first at line %d)", a.Name, set.Name, a.Line)
				}
			}
			set.Anims = append(set.Anims, AnimLine{Start: s, End: e, Name: toks[3], Line: line})
			st = inAN
		default:
			return nil, formats.LineErrorf(Format, "line type", line, "unknown line type %q: expected as, bl, ev or an (lower case), a # comment or a blank line", toks[0])
		}
	}
	switch st {
	case wantAS:
		return nil, formats.LineErrorf(Format, "as line", max(line, 1), "no animation set: expected an as line")
	case inAN:
		return f, nil
	}
	set := f.Sets[len(f.Sets)-1]
	return nil, formats.LineErrorf(Format, "set "+strconv.Quote(set.Name), max(line, 1), "end of file in the set of line %d: expected %s; a set needs at least one bl and one an line", set.Line, expected[st])
}

// arity checks the token count of a line.
func arity(toks []string, lo, hi, line int, form string) error {
	switch {
	case len(toks) < lo:
		return formats.LineErrorf(Format, toks[0], line, "missing token: expected %q", form)
	case len(toks) > hi:
		return formats.LineErrorf(Format, toks[0], line, "unexpected token %q: expected %q", toks[hi], form)
	}
	return nil
}

// frame parses a frame number: a finite number, not negative.
func frame(s string, line int, kind, field string) (float64, error) {
	v, err := formats.ParseFinite(Format, kind, line, s, 64)
	switch {
	case errors.Is(err, formats.ErrNonFinite):
		return 0, &formats.Error{Format: Format, Field: kind, Offset: -1, Line: line,
			Err: fmt.Errorf("%s %q: %w", field, s, formats.ErrNonFinite)}
	case err != nil || v < 0:
		return 0, formats.LineErrorf(Format, kind, line, "%s %q is not a frame number", field, s)
	}
	return v, nil
}

// Sniff reports whether data looks like an ANM file: its first line that
// is not blank or a comment is an "as" line.
func Sniff(data []byte) bool {
	head := string(data[:min(len(data), 4096)])
	for _, l := range strings.Split(head, "\n") {
		toks := strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '\t' || r == '\r' })
		if len(toks) == 0 || strings.HasPrefix(toks[0], "#") {
			continue
		}
		return toks[0] == "as" && len(toks) == 2
	}
	return false
}
