package sims

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/bin"
)

const (
	bcfFormat = "sims-bcf"
	cmxFormat = "sims-cmx"
)

// fieldSource reads the fields of a character file: `.bcf` binary or `.cmx`
// text. One decoder serves both, as in FreeSO (BCFReadProxy).
type fieldSource interface {
	str(field string) string
	i32(field string) int32
	u32(field string) uint32
	f32(field string) float32
	// count returns n after checking that n elements of at least min
	// binary bytes each can fit in what remains (0 and an error if not).
	count(field string, n int64, min int) int
	fail(field, msg string, args ...any)
	err() error
}

// binSource reads `.bcf`: little-endian, counted strings.
type binSource struct{ r *bin.Reader }

func newBinSource(data []byte) *binSource {
	return &binSource{r: bin.NewReader(data, binary.LittleEndian, bcfFormat)}
}

func (s *binSource) str(field string) string    { return readCounted(s.r, field) }
func (s *binSource) i32(field string) int32     { return s.r.I32(field) }
func (s *binSource) u32(field string) uint32    { return s.r.U32(field) }
func (s *binSource) f32(field string) float32   { return s.r.F32(field) }
func (s *binSource) err() error                 { return s.r.Err() }
func (s *binSource) fail(f, m string, a ...any) { s.r.Fail(f, m, a...) }

func (s *binSource) count(field string, n int64, min int) int {
	if n < 0 {
		s.r.FailAt(field, s.r.Offset()-4, "negative count %d", n)
		return 0
	}
	return s.r.Count(field, uint64(n), min)
}

// textSource reads `.cmx`: after the "version" line, each string is a whole
// line and each number the next whitespace-separated token, taken from the
// current number line until it runs out (FreeSO BCFReadString). A string
// read does not discard the tokens left on a number line.
type textSource struct {
	data []byte
	off  int
	line int
	toks []string
	e    error
}

func (t *textSource) err() error { return t.e }

func (t *textSource) fail(field, msg string, args ...any) {
	if t.e == nil {
		t.e = formats.LineErrorf(cmxFormat, field, max(t.line, 1), msg, args...)
	}
}

// readLine returns the next line without its end-of-line characters and
// trailing blanks.
func (t *textSource) readLine() (string, bool) {
	if t.off >= len(t.data) {
		return "", false
	}
	rest := t.data[t.off:]
	var l []byte
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		l = rest[:i]
		t.off += i + 1
	} else {
		l = rest
		t.off = len(t.data)
	}
	t.line++
	return strings.TrimRight(string(l), " \t\r"), true
}

// skipToVersion skips lines until one starts with "version " and returns
// its number.
func (t *textSource) skipToVersion() int32 {
	for {
		l, ok := t.readLine()
		if !ok {
			t.fail("version", "no \"version \" line: %w", bin.ErrShort)
			return 0
		}
		if strings.HasPrefix(l, "version ") {
			v, err := strconv.ParseInt(strings.TrimSpace(l[len("version "):]), 10, 32)
			if err != nil {
				t.fail("version", "%q is not a version number", l)
			}
			return int32(v)
		}
	}
}

func (t *textSource) str(field string) string {
	if t.e != nil {
		return ""
	}
	l, ok := t.readLine()
	if !ok {
		t.fail(field, "%w", bin.ErrShort)
	}
	return l
}

// num returns the next number token; blank lines are skipped.
func (t *textSource) num(field string) string {
	for t.e == nil && len(t.toks) == 0 {
		l, ok := t.readLine()
		if !ok {
			t.fail(field, "%w", bin.ErrShort)
			return ""
		}
		t.toks = strings.Fields(l)
	}
	if t.e != nil {
		return ""
	}
	tok := t.toks[0]
	t.toks = t.toks[1:]
	return tok
}

func (t *textSource) i32(field string) int32 {
	tok := t.num(field)
	if t.e != nil {
		return 0
	}
	v, err := strconv.ParseInt(tok, 10, 32)
	if err != nil {
		t.fail(field, "%q is not an int32", tok)
		return 0
	}
	return int32(v)
}

// u32 also takes negative numbers as their two's complement: FreeSO writes
// -1 into unused first-key indices.
func (t *textSource) u32(field string) uint32 {
	tok := t.num(field)
	if t.e != nil {
		return 0
	}
	if v, err := strconv.ParseUint(tok, 10, 32); err == nil {
		return uint32(v)
	}
	v, err := strconv.ParseInt(tok, 10, 32)
	if err != nil {
		t.fail(field, "%q is not a uint32", tok)
		return 0
	}
	return uint32(v)
}

func (t *textSource) f32(field string) float32 {
	tok := t.num(field)
	if t.e != nil {
		return 0
	}
	v, err := strconv.ParseFloat(tok, 32)
	if err != nil {
		t.fail(field, "%q is not a number", tok)
		return 0
	}
	return float32(v)
}

// count bounds n by the text that remains: a text element takes at least
// half the bytes of its binary form (a number is at least "0 " against 4
// bytes; a string at least "\n" against 1).
func (t *textSource) count(field string, n int64, min int) int {
	if t.e != nil {
		return 0
	}
	if n < 0 {
		t.fail(field, "negative count %d", n)
		return 0
	}
	m := int64(max(min/2, 1))
	remain := int64(len(t.data)-t.off) + 2*int64(len(t.toks))
	if n > remain/m {
		t.fail(field, "%d entries need at least %d bytes, %d remain: %w", n, n*m, remain, bin.ErrCount)
		return 0
	}
	return int(n)
}

// fieldSink writes the fields of a character file.
type fieldSink interface {
	str(s string) error
	i32(v int32)
	u32(v uint32)
	f32(v float32)
	// endLine ends a line of numbers in text; nothing in binary.
	endLine()
	bytes() []byte
}

type binSink struct{ b []byte }

func (s *binSink) str(v string) error { s.b = appendCounted(s.b, v); return nil }
func (s *binSink) i32(v int32)        { s.b = binary.LittleEndian.AppendUint32(s.b, uint32(v)) }
func (s *binSink) u32(v uint32)       { s.b = binary.LittleEndian.AppendUint32(s.b, v) }
func (s *binSink) f32(v float32)      { s.b = appendLEF32(s.b, v) }
func (s *binSink) endLine()           {}
func (s *binSink) bytes() []byte      { return s.b }

type textSink struct {
	b       []byte
	pending bool // numbers written on the current line
}

func (s *textSink) str(v string) error {
	if strings.ContainsAny(v, "\r\n") || strings.TrimRight(v, " \t") != v {
		return fmt.Errorf("%q cannot be a .cmx line (line break or trailing blank)", v)
	}
	s.endLine()
	s.b = append(s.b, v...)
	s.b = append(s.b, '\n')
	return nil
}

func (s *textSink) sep() {
	if s.pending {
		s.b = append(s.b, ' ')
	}
	s.pending = true
}

func (s *textSink) i32(v int32)  { s.sep(); s.b = strconv.AppendInt(s.b, int64(v), 10) }
func (s *textSink) u32(v uint32) { s.sep(); s.b = strconv.AppendUint(s.b, uint64(v), 10) }
func (s *textSink) f32(v float32) {
	s.sep()
	s.b = strconv.AppendFloat(s.b, float64(v), 'g', -1, 32)
}

func (s *textSink) endLine() {
	if s.pending {
		s.b = append(s.b, '\n')
		s.pending = false
	}
}

func (s *textSink) bytes() []byte { s.endLine(); return s.b }
