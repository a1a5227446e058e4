package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/animview/animview/internal/displaytest"
)

// TestWindowSuitList: the suit picker's list (Ctrl+U, issue 33 item 5)
// beside an adult's clip lists none and the three suits, the two a
// child's (b001fcchd_01, child-censor: docs/formats/sims.md's naming)
// marked as for another skeleton; U passes them over (U, U: the adult
// suit, then none again); picking child-censor, whose skin is missing,
// from the list filtered by typing says it could not be bound and puts
// its warnings in the warnings list, which was empty.
func TestWindowSuitList(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	anim := filepath.Join(dir, "broom.anim")
	copyFile(t, "../../formats/sims/testdata/tso/a2o-broom-fly-leftside.c3bde7b200000007.anim", anim)
	writeSuit(t, dir, "a-wide", 0.6)
	writeSuit(t, dir, "b001fcchd_01", 0.4)
	writeSuit(t, dir, "child-censor", 0.4)
	if err := os.Remove(filepath.Join(dir, "xskin-child-censor.skn")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("ANIMVIEW_TRACE", "1")
	_, out := shot(t, bin, "pause; key u; key u; suit-list", anim)
	_, rows := listRows(out)
	want := []struct {
		name, worn string
		marked     bool
	}{{"none", "as opened", false}, {"a-wide.cmx", "", false}, {"b001fcchd_01.cmx", "", true}, {"child-censor.cmx", "", true}}
	if len(rows) != len(want) {
		t.Fatalf("rows %q, want %d\n%s", rows, len(want), out)
	}
	for i, w := range want {
		r := rows[i]
		marked := r[len(r)-1] == "marked"
		if marked {
			r = r[:len(r)-1]
		}
		if r[0] != w.name || r[3] != w.worn || marked != w.marked {
			t.Errorf("row %d: %q (marked %v), want %s worn %q marked %v", i, r, marked, w.name, w.worn, w.marked)
		}
	}
	if !strings.Contains(rows[2][2], "child (other)") {
		t.Errorf("b001fcchd_01's skeleton cell %q", rows[2][2])
	}
	_, out = shot(t, bin, "pause; suit-list; list-filter censor; wait 1; key enter", anim)
	if _, rows = listRows(out); len(rows) != 1 || rows[0][0] != "child-censor.cmx" {
		t.Errorf("filtered by censor: %q", rows)
	}
	m := regexp.MustCompile(`(?m)^animview: warnings: (\d+) in the list, the suit's: (.*)$`).FindStringSubmatch(out)
	if m == nil || m[1] == "0" || !strings.Contains(m[2], "xskin-child-censor") ||
		!strings.Contains(out, "child-censor.cmx: none of its skins could be bound") {
		t.Errorf("picking child-censor: warnings %q\n%s", m, out)
	}
}
