package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSuitWarningsPrinted: a suit none of whose skins can be bound (its
// skin file is missing) fails with the reason in the message, and every
// warning goes to stderr first, its control characters escaped. Issue 35:
// the error said "see the warnings" and the command line never printed
// them.
func TestSuitWarningsPrinted(t *testing.T) {
	dir := t.TempDir()
	anim := filepath.Join(dir, "kart.anim")
	copyFile(t, "../../formats/sims/testdata/tso/a2o-kart-ride.985c76ca00000007.anim", anim)
	// A skin name with a terminal escape (clear screen) in it, and no skin
	// file beside the suit.
	writeSuit(t, dir, "odd\x1b[2J", 0.5)
	if err := os.Remove(filepath.Join(dir, "xskin-odd\x1b[2J.skn")); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	code := run([]string{"pose", anim, "--time", "0.1", "--suit", filepath.Join(dir, "odd\x1b[2J.cmx")}, &bytes.Buffer{}, &stderr)
	out := stderr.String()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(lines) < 2 {
		t.Fatalf("exit %d, stderr %q", code, out)
	}
	warn, last := lines[len(lines)-2], lines[len(lines)-1]
	if !strings.HasPrefix(warn, "warning: ") || !strings.Contains(warn, `xskin-odd\x1b[2J`) {
		t.Errorf("no escaped warning before the error: %q", out)
	}
	if !strings.HasPrefix(last, "animview: suit ") || !strings.Contains(last, "none of its skins could be bound: ") ||
		!strings.Contains(last, "xskin-odd") {
		t.Errorf("the error does not say why: %q", last)
	}
	if strings.Contains(warn, "\x1b") {
		t.Errorf("a raw escape in the warning: %q", warn)
	}
}

func TestEscapeControl(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain é", "plain é"},
		{"clear\x1b[2J", `clear\x1b[2J`},
		{"two\nlines\t", `two\nlines\t`},
		{"del\x7f c1\u0085", `del\x7f c1\u0085`},
	} {
		if got := escapeControl(tc.in); got != tc.want {
			t.Errorf("escapeControl(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestExportNoSkeleton: export of a file without bones says what to open
// instead, as pose and render do (issue 35: "export: asset has no
// skeleton").
func TestExportNoSkeleton(t *testing.T) {
	var stderr bytes.Buffer
	code := run([]string{"export", "../../formats/prime/testdata/9C8D7E6F.EVNT", "-o", filepath.Join(t.TempDir(), "e.glb")}, &bytes.Buffer{}, &stderr)
	if want := "animview: the prime-evnt file has no skeleton to pose: an EVNT holds events only"; code != 1 || !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("exit %d, stderr %q, want %q", code, stderr.String(), want)
	}
}
