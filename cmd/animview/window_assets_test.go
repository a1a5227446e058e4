package main

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/animview/animview/internal/displaytest"
)

// colListError is the colour of an entry's "error" in the asset list
// (ui's colError).
var colListError = color.RGBA{0xff, 0x6b, 0x6b, 0xff}

// assetFolder makes a folder of four clips as the asset list shows them:
// an empty file first, the broom (275 frames), a clip cut short at 300
// bytes, and the lever (13 frames).
func assetFolder(t *testing.T, dir string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	copyTSO(t, dir, map[string]string{"broom.anim": "a2o-broom-fly-leftside.c3bde7b200000007.anim",
		"lever.anim": "a2o-lever-pull-complete.db9ea02800000007.anim"})
	b, err := os.ReadFile("../../formats/sims/testdata/tso/a2o-sus-dead.7f214ec600000007.anim")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cut.anim"), b[:300], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "aaa-empty.anim"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// listRows are the rows of the last list the program traced: each row's
// cells.
func listRows(out string) (head string, rows [][]string) {
	return listRowsBefore(out, len(out))
}

// listRowsBefore are the rows of the last list the program traced whose
// heading starts before the output's offset end.
func listRowsBefore(out string, end int) (head string, rows [][]string) {
	i := strings.LastIndex(out[:end], "animview: list: ")
	if i < 0 {
		return "", nil
	}
	lines := strings.Split(out[i:], "\n")
	head = lines[0]
	for _, l := range lines[1:] {
		r, ok := strings.CutPrefix(l, "animview: list row: ")
		if !ok {
			break
		}
		rows = append(rows, strings.Split(r, " | "))
	}
	return head, rows
}

// TestWindowAssetList: the asset list (issue 33, "an asset list for
// containers and folders") of a folder opened as a container lists its
// four entries with their format, duration and state, which a probe on a
// goroutine of its own finds (the script waits for it): the empty and
// the cut file are errors, drawn in the error colour; filtering leaves
// the rows that match, and no error's red.
func TestWindowAssetList(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	dir := assetFolder(t, t.TempDir())
	t.Setenv("ANIMVIEW_TRACE", "1")
	list := image.Rect(sideW, 70, winW-sideW, barTop)
	img, out := shot(t, bin, "pause; assets", dir)
	head, rows := listRows(out)
	want := [][]string{
		{"aaa-empty.anim", "error"}, {"broom.anim", "readable"}, {"cut.anim", "error"}, {"lever.anim", "readable"},
	}
	if len(rows) != len(want) || !strings.Contains(head, "3 of 3 probed") {
		t.Fatalf("list %q with rows %q, want 4 rows probed\n%s", head, rows, out)
	}
	for i, w := range want {
		if r := rows[i]; r[0] != w[0] || r[len(r)-1] != w[1] {
			t.Errorf("row %d: %q, want %s … %s", i, r, w[0], w[1])
		}
	}
	if rows[1][1] != "sims-anim" || rows[1][2] != "9.13 s" || rows[3][2] != "0.40 s" {
		t.Errorf("broom %q, lever %q: want sims-anim, 9.13 s and 0.40 s", rows[1], rows[3])
	}
	red := countIn(img, list, colListError, 30)
	filtered, out := shot(t, bin, "pause; assets; list-filter LEV", dir)
	_, rows = listRows(out)
	left := countIn(filtered, list, colListError, 30)
	t.Logf("error-red pixels in the list: %d, filtered by lev: %d", red, left)
	if red < 40 || left > 0 {
		t.Errorf("error-red pixels %d (want 40 and more for two errors), %d after filtering (want none)", red, left)
	}
	if len(rows) != 1 || rows[0][0] != "lever.anim" {
		t.Errorf("filtered by LEV: %q, want lever.anim alone", rows)
	}
	// Sorting by duration (Ctrl+3): the lever before the broom, the
	// errors without one last.
	_, rows = listRows(func() string { _, o := shot(t, bin, "pause; assets; key ctrl+3", dir); return o }())
	if len(rows) != 4 || rows[0][0] != "lever.anim" || rows[1][0] != "broom.anim" {
		t.Errorf("sorted by duration: %q, want lever then broom", rows)
	}
}

// TestWindowAssetListDriven drives the asset list with the X server's
// keyboard and mouse: A opens it on the folder, typing filters it to the
// lever, a click on its row opens it (13 frames) and closes the list.
// Then Ctrl+O's browser, gone into the folder, shows each file's state
// (the same probe), Ctrl+L shows the folder in the same list, and Enter
// on its second row opens the broom.
func TestWindowAssetListDriven(t *testing.T) {
	// The folder is ~/c, short to type.
	home := t.TempDir()
	t.Setenv("HOME", home)
	dir := assetFolder(t, filepath.Join(home, "c"))
	w := startDrivenFile(t, dir)
	w.move(400, 250)
	from := w.seen
	w.key("a", "A")
	w.seen = from // the probe may end before the key's release is handled
	w.await(regexp.MustCompile(`(?m)^animview: list: Entries of .*: 4 of 4 rows, 3 of 3 probed`))
	from = w.seen
	w.typeText("lev")
	w.seen = from
	w.await(regexp.MustCompile(`(?m)^animview: list: .*: 1 of 4 rows, .*filter "lev"`))
	w.click(300, 78+9) // the first row
	from = w.seen
	w.move(400, 300)
	os.Remove(w.screenshot())
	m := regexp.MustCompile(`shown: frame \d+ / (\d+) `).FindStringSubmatch(w.out.String()[from:])
	if m == nil || m[1] != "12" {
		t.Errorf("opened %v, want the lever (12)\n%s", m, w.out.String()[from:])
	}

	w.keyDown("ctrl", "Control")
	w.key("o", "O")
	w.keyUp("ctrl", "Control")
	w.typeText("~/c")
	from = w.seen
	w.key("Return", "Enter") // goes to the folder
	// Its rows show each file's state, probed in the background.
	w.seen = from
	w.await(regexp.MustCompile(`(?m)^animview: browser: probed 4 files of .*/c$`))
	probed := w.out.String()[w.seen:]
	for _, want := range []string{"aaa-empty.anim | error", "broom.anim | readable", "cut.anim | error", "lever.anim | readable"} {
		if !strings.Contains(probed, "animview: browser row: "+want+"\n") {
			t.Errorf("the browser's rows: no %q in\n%s", want, probed)
		}
	}
	from = w.seen
	w.keyDown("ctrl", "Control")
	w.key("l", "L")
	w.keyUp("ctrl", "Control")
	w.seen = from
	w.await(regexp.MustCompile(`(?m)^animview: list: Files of .*: 4 of 4 rows, 4 of 4 probed`))
	_, rows := listRowsBefore(w.out.String(), w.seen)
	if len(rows) != 4 || rows[0][3] != "error" || rows[1][3] != "readable" || rows[2][3] != "error" {
		t.Errorf("Ctrl+L's list: %q", rows)
	}
	w.key("Down", "ArrowDown")
	w.key("Return", "Enter")
	from = w.seen
	w.move(400, 320)
	os.Remove(w.screenshot())
	m = regexp.MustCompile(`shown: frame \d+ / (\d+) `).FindStringSubmatch(w.out.String()[from:])
	if m == nil || m[1] != "274" {
		t.Errorf("opened %v, want the broom (274)\n%s", m, w.out.String()[from:])
	}
}
