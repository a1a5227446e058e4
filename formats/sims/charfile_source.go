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
	// f32 reads a number the format needs: NaN and infinities are errors
	// (docs/formats/sims.md#numbers).
	f32(field string) float32
	// vec reads len(dst) numbers of a vector or quaternion: in `.cmx` text
	// one line between bars, "| x y z |" (docs/formats/sims.md#text-form).
	vec(field string, dst []float32)
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
func (s *binSource) f32(field string) float32   { return s.r.Finite32(field) }
func (s *binSource) err() error                 { return s.r.Err() }
func (s *binSource) fail(f, m string, a ...any) { s.r.Fail(f, m, a...) }

func (s *binSource) vec(field string, dst []float32) {
	for i := range dst {
		dst[i] = s.f32(field)
	}
}

func (s *binSource) count(field string, n int64, min int) int {
	if n < 0 {
		s.r.FailAt(field, s.r.Offset()-4, "negative count %d", n)
		return 0
	}
	return s.r.Count(field, uint64(n), min)
}

// textSource reads `.cmx`: after the "version" line, each string is a whole
// line and each number the next whitespace-separated token, taken from the
// current number line until it runs out (FreeSO BCFReadString); a vector
// is one line between bars. Lines end in CRLF or LF. A string read does not
// discard the tokens left on a number line.
type textSource struct {
	// format names the format in errors (cmxFormat when "").
	format string
	data   []byte
	off    int
	line   int
	toks   []string
	e      error
}

func (t *textSource) err() error { return t.e }

func (t *textSource) formatName() string {
	if t.format == "" {
		return cmxFormat
	}
	return t.format
}

func (t *textSource) fail(field, msg string, args ...any) {
	if t.e == nil {
		t.e = formats.LineErrorf(t.formatName(), field, max(t.line, 1), msg, args...)
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
	// Trimmed where it lies, then copied: a line the size of the file is
	// refused rather than copied (and quoted in an error).
	l = bytes.TrimRight(l, " \t\r")
	if len(l) > maxTextLine {
		t.fail("line", "%d bytes, longer than any line of a character file (%d)", len(l), maxTextLine)
		t.off = len(t.data)
		return "", false
	}
	return string(l), true
}

// maxTextLine bounds a line of a text character file: names, a few
// numbers, a vector between bars.
const maxTextLine = 1 << 16

// maxHeaderLines bounds the lines before "version " (Maxis writes one).
const maxHeaderLines = 64

// end checks that only blank lines follow the last record (named by last
// in the error).
func (t *textSource) end(last string) error {
	for {
		l, ok := t.readLine()
		if !ok {
			break
		}
		if l != "" {
			return formats.LineErrorf(t.formatName(), "end", t.line, "text after the last %s: %q", last, l)
		}
	}
	if len(t.toks) != 0 {
		return formats.LineErrorf(t.formatName(), "end", t.line, "numbers after the last %s: %q", last, t.toks)
	}
	return nil
}

// skipToVersion reads the header: the lines before the first that starts
// with "version " (Maxis writes one, "// Character File. Copyright 1997,
// Maxis Inc."), and that line's number.
func (t *textSource) skipToVersion() (header []string, version int32) {
	for {
		l, ok := t.readLine()
		if !ok {
			t.fail("version", "no \"version \" line: %w", bin.ErrShort)
			return header, 0
		}
		if strings.HasPrefix(l, "version ") {
			v, err := strconv.ParseInt(strings.TrimSpace(l[len("version "):]), 10, 32)
			if err != nil {
				t.fail("version", "%q is not a version number", l)
			}
			return header, int32(v)
		}
		if len(header) == maxHeaderLines {
			t.fail("version", "no \"version \" line in the first %d lines", maxHeaderLines)
			return header, 0
		}
		header = append(header, l)
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

// u32 also takes negative numbers as their two's complement: Maxis and
// FreeSO write -1 into unused first-key indices.
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
	return t.parseF32(field, tok)
}

func (t *textSource) parseF32(field, tok string) float32 {
	v, err := parseFinite(t.formatName(), field, max(t.line, 1), tok)
	if err != nil {
		if t.e == nil {
			t.e = err
		}
		return 0
	}
	return v
}

// vec reads "| x y z |": the bars are their own tokens. A vector without
// bars (what animview wrote before it knew the real syntax) reads too; an
// opening bar needs its closing one.
func (t *textSource) vec(field string, dst []float32) {
	tok := t.num(field)
	bars := tok == "|"
	for i := range dst {
		if bars || i > 0 {
			tok = t.num(field)
		}
		if t.e != nil {
			return
		}
		dst[i] = t.parseF32(field, tok)
	}
	if bars {
		if tok := t.num(field); t.e == nil && tok != "|" {
			t.fail(field, "%q where the closing \"|\" of a %d-number vector belongs", tok, len(dst))
		}
	}
}

// count bounds n by the text that remains: a text element takes at least
// half the bytes of its binary form (a number is at least "0\n" against 4
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
	vec(v []float32)
	bytes() []byte
}

type binSink struct{ b []byte }

func (s *binSink) str(v string) error { s.b = appendCounted(s.b, v); return nil }
func (s *binSink) i32(v int32)        { s.b = binary.LittleEndian.AppendUint32(s.b, uint32(v)) }
func (s *binSink) u32(v uint32)       { s.b = binary.LittleEndian.AppendUint32(s.b, v) }
func (s *binSink) f32(v float32)      { s.b = appendLEF32(s.b, v) }
func (s *binSink) bytes() []byte      { return s.b }

func (s *binSink) vec(v []float32) {
	for _, f := range v {
		s.f32(f)
	}
}

// textSink writes `.cmx` text as Maxis does: one field per line, vectors
// between bars, CRLF line ends (docs/formats/sims.md#text-form).
type textSink struct{ b []byte }

func (s *textSink) str(v string) error {
	if strings.ContainsAny(v, "\r\n") || strings.TrimRight(v, " \t") != v {
		return fmt.Errorf("%q cannot be a .cmx line (line break or trailing blank)", v)
	}
	s.line(v)
	return nil
}

func (s *textSink) line(v string) {
	s.b = append(s.b, v...)
	s.b = append(s.b, '\r', '\n')
}

func (s *textSink) i32(v int32)  { s.b = strconv.AppendInt(s.b, int64(v), 10); s.line("") }
func (s *textSink) u32(v uint32) { s.b = strconv.AppendUint(s.b, uint64(v), 10); s.line("") }
func (s *textSink) f32(v float32) {
	s.b = appendMaxisFloat(s.b, v)
	s.line("")
}

func (s *textSink) vec(v []float32) {
	s.b = append(s.b, '|')
	for _, f := range v {
		s.b = append(s.b, ' ')
		s.b = appendMaxisFloat(s.b, f)
	}
	s.line(" |")
}

func (s *textSink) bytes() []byte { return s.b }

// appendMaxisFloat writes a number the way the Maxis files show it: C's
// %g (exponent form below 1e-4 and from 1e6), with a sign and at least three
// exponent digits (-5.88894e-005), but with as many significant digits as
// the float32 needs to read back exactly rather than %g's six. Any number
// a Maxis file holds has at most six and comes back the same.
func appendMaxisFloat(b []byte, v float32) []byte {
	start := len(b)
	b = strconv.AppendFloat(b, float64(v), 'g', -1, 32)
	e := bytes.IndexByte(b[start:], 'e')
	if e < 0 {
		return b
	}
	e += start
	// Go writes e-05 / e+08: pad the digits after the sign to three.
	digits := len(b) - (e + 2)
	if digits >= 3 {
		return b
	}
	pad := 3 - digits
	b = append(b, make([]byte, pad)...)
	copy(b[e+2+pad:], b[e+2:len(b)-pad])
	for i := 0; i < pad; i++ {
		b[e+2+i] = '0'
	}
	return b
}
