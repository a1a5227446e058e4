package formats

import (
	"errors"
	"fmt"
	"strings"
)

// ErrUnknownFormat is returned when no loader recognises a file.
var ErrUnknownFormat = errors.New("unknown format")

// Error is a decoding error that says where: the format, the field being
// read and its byte offset (or line number for text formats).
type Error struct {
	Format string
	Field  string
	// Offset is the byte offset of the field, or -1 when Line is used.
	Offset int64
	// Line is the 1-based line number for text formats, or 0.
	Line int
	Err  error
}

// Error formats the error as "format: field at offset N (0xN): cause".
func (e *Error) Error() string {
	where := ""
	switch {
	case e.Line > 0:
		where = fmt.Sprintf(" at line %d", e.Line)
	case e.Offset >= 0:
		where = fmt.Sprintf(" at offset %d (0x%x)", e.Offset, e.Offset)
	}
	if e.Field != "" {
		return fmt.Sprintf("%s: %s%s: %v", e.Format, e.Field, where, e.Err)
	}
	return fmt.Sprintf("%s%s: %v", e.Format, where, e.Err)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Errorf builds an *Error at a byte offset.
func Errorf(format, field string, offset int64, msg string, args ...any) error {
	return &Error{Format: format, Field: field, Offset: offset, Err: fmt.Errorf(msg, args...)}
}

// LineErrorf builds an *Error at a line of a text file.
func LineErrorf(format, field string, line int, msg string, args ...any) error {
	return &Error{Format: format, Field: field, Offset: -1, Line: line, Err: fmt.Errorf(msg, args...)}
}

// LoadError is the error for a file that no loader recognised by its
// content and that every loader claiming its extension failed to read
// (Metroid Prime and The Sims both use .anim): each loader's error, in the
// order they were tried. Its text puts each on a line of its own, so that
// a reader sees which loader said what; a viewer lays out Errs as it
// likes.
type LoadError struct {
	// Name is the file's name, Ext its extension without the dot.
	Name, Ext string
	// Loaders names the loaders tried; Errs[i] is what Loaders[i] said.
	Loaders []string
	Errs    []error
}

// Error is the heading, then one indented line per loader.
func (e *LoadError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: no loader recognised the content; the %d loaders of .%s files each failed:", e.Name, len(e.Errs), e.Ext)
	for _, err := range e.Errs {
		// A loader's own error may run over several lines: its later
		// lines are indented further, under its first.
		b.WriteString("\n  ")
		b.WriteString(strings.ReplaceAll(err.Error(), "\n", "\n    "))
	}
	return b.String()
}

// Unwrap returns every loader's error, for errors.Is and errors.As.
func (e *LoadError) Unwrap() []error { return e.Errs }
