package formats

import (
	"errors"
	"fmt"
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
