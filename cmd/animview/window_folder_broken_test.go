package main

import (
	"image"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/animview/animview/internal/displaytest"
	"github.com/animview/animview/render"
)

// TestWindowFolderFirstEntryBroken opens a folder whose first file is a
// 0-byte .anim and whose second is a MilkShape model: the model opens
// (its figure in the view), the folder's list shows every entry, the
// empty one marked, and PgDn steps on to the third entry (issue 33 item 2:
// the window showed the error alone, no list, no figure, and PgDn did
// nothing).
func TestWindowFolderFirstEntryBroken(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "a-empty.anim"), nil)
	b, err := os.ReadFile("../../formats/anm/testdata/cylindro.ms3d")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "b-model.ms3d"), b)
	copyTSO(t, dir, map[string]string{"c-walk.anim": "a2o-broom-fly-leftside.c3bde7b200000007.anim"})
	t.Setenv("ANIMVIEW_TRACE", "1") // the window logs its clip list

	img, out := screenshot(t, bin, "--no-recent", "--after", "4", dir)
	lists := regexp.MustCompile(`clip list: (.*)`).FindAllStringSubmatch(out, -1)
	if len(lists) == 0 {
		t.Fatalf("the window logged no clip list:\n%s", out)
	}
	list := lists[len(lists)-1][1]
	for _, want := range []string{"× [a-empty.anim] (error)", "> [b-model.ms3d]", "[c-walk.anim]"} {
		if !strings.Contains(list, want) {
			t.Errorf("the clip list %q has no %q", list, want)
		}
	}
	view := image.Rect(sideW, 0, winW-sideW, barTop)
	if n := countIn(img, view, render.DefaultTheme().Bone, 24); n < 100 {
		t.Errorf("the view has %d bone pixels: the model is not drawn", n)
	}

	// PgDn steps on to the FreeSO clip (275 frames).
	_, out = screenshot(t, bin, "--no-recent", "--after", "4", "--actions", "next-clip", dir)
	if !strings.Contains(out, " / 274 ") {
		t.Errorf("PgDn does not open the next entry:\n%s", out)
	}
}
