package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestWindowBrowser drives the built-in file browser with the X server's
// keyboard and mouse (issue 24 #2): a path typed into its field and
// completed with Tab goes to another folder, the wheel scrolls the rows
// to the end, and so does a click at the foot of the scrollbar; the
// places (home, the working folder) head the rows. The folder holds 30
// short clips and, last, the 275-frame broom: the last row shown after
// scrolling is the broom's.
func TestWindowBrowser(t *testing.T) {
	t.Setenv("HOME", t.TempDir()) // the places: this home, the working folder
	w := startDriven(t)
	sub := filepath.Join(w.dir, "subfolder")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	clips := map[string]string{"zz.anim": "a2o-broom-fly-leftside.c3bde7b200000007.anim"}
	for i := 1; i <= 30; i++ {
		clips[fmt.Sprintf("f%02d.anim", i)] = "a2o-lever-pull-complete.db9ea02800000007.anim"
	}
	copyTSO(t, sub, clips)
	// At 800x600 the browser's rows start 60 pixels down the view, 18
	// apart, 22 of them; the scrollbar runs down the right of the view.
	// In subfolder they are: home, the working folder, ../, f01 ... f30,
	// zz.anim: 34 rows, the last page starting at the 13th.
	const rowsY, rowH, rows, barX = 60, 18, 22, 579
	lastRowY := rowsY + (rows-1)*rowH + rowH/2
	opened := func(wantFrames string) {
		t.Helper()
		from := w.seen
		w.move(400, 300)
		os.Remove(w.screenshot()) // the next one finds it alone
		m := regexp.MustCompile(`shown: frame \d+ / (\d+) `).FindStringSubmatch(w.out.String()[from:])
		if m == nil || m[1] != wantFrames {
			t.Errorf("opened a clip of %v frames, want the broom's %s (the last row):\n%s", m, wantFrames, w.out.String()[from:])
		}
	}

	t.Run("a typed path, completed, and the wheel", func(t *testing.T) {
		w.move(400, 250)
		w.keyDown("ctrl", "Control")
		w.key("o", "O")
		w.keyUp("ctrl", "Control")
		w.typeText(filepath.Join(w.dir, "subf")[:len(w.dir)+4])
		w.key("Tab", "Tab")
		w.key("Return", "Enter")
		w.move(400, 200)
		for range 5 {
			w.xdo("click", "--window", w.wid, "5")
			w.await(regexp.MustCompile(`(?m)^animview: input: wheel -?[\d.]+,-?[\d.]+ at 400,200$`))
		}
		w.click(300, lastRowY)
		opened("274")
	})
	t.Run("the scrollbar", func(t *testing.T) {
		w.keyDown("ctrl", "Control")
		w.key("o", "O")
		w.keyUp("ctrl", "Control")
		w.click(barX, rowsY+rows*rowH-4)
		w.click(300, lastRowY)
		opened("274")
	})
}

// TestWindowBrowserOpensFolder: Ctrl+O's built-in browser opens a folder
// as a container (issue 33, item 8: only the command line could): after
// a path to a folder typed and Enter, the highlight stands on the
// folder's first row, "open this folder", and Enter there opens the
// folder, whose first clip (the 275-frame broom) plays.
func TestWindowBrowserOpensFolder(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	w := startDriven(t)
	sub := filepath.Join(w.dir, "clips")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	copyTSO(t, sub, map[string]string{"a.anim": "a2o-broom-fly-leftside.c3bde7b200000007.anim",
		"b.anim": "a2o-lever-pull-complete.db9ea02800000007.anim"})
	w.move(400, 250)
	w.keyDown("ctrl", "Control")
	w.key("o", "O")
	w.keyUp("ctrl", "Control")
	w.typeText(sub)
	w.key("Return", "Enter") // goes to the folder
	w.key("Return", "Enter") // opens it
	from := w.seen
	w.move(400, 300)
	os.Remove(w.screenshot())
	m := regexp.MustCompile(`shown: frame \d+ / (\d+) `).FindStringSubmatch(w.out.String()[from:])
	if m == nil || m[1] != "274" {
		t.Errorf("opened %v, want the folder's first clip, the broom (274):\n%s", m, w.out.String()[from:])
	}
}
