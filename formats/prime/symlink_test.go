package prime

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
)

// TestSymlinkedLibrary is issue 25's item 9 for Metroid Prime: a folder
// whose resources are symbolic links to files elsewhere lists its
// characters, and a character finds its CINF and ANIMs through the links
// (before, the links were not listed: "no characters", the CINF missing).
func TestSymlinkedLibrary(t *testing.T) {
	files, err := DemoSkinnedSetFiles(MP1)
	if err != nil {
		t.Fatal(err)
	}
	real, dir := t.TempDir(), t.TempDir()
	for n, b := range files {
		if err := os.WriteFile(filepath.Join(real, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(real, n), filepath.Join(dir, n)); err != nil {
			t.Skipf("symbolic links: %v", err)
		}
	}
	r := formats.FSResolver{FS: os.DirFS(dir)}
	es, warns, err := LibraryEntries(r, true)
	if err != nil || len(warns) > 0 || len(es) != 2 || es[0].Name != "Crawler" {
		t.Fatalf("entries %v, warnings %q, %v", es, warns, err)
	}
	a, err := OpenLibrary(r, dir, "", true, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Warnings) > 0 || len(a.Clips) != 3 || !strings.Contains(a.Skeleton.Source, "5E6F7081.CINF") {
		t.Errorf("character: %d clips, skeleton %q, warnings %q", len(a.Clips), a.Skeleton.Source, a.Warnings)
	}
	// An ANIM opened through a link finds its CINF and EVNT through links.
	anim := "1A2B3C4D.ANIM"
	b, err := os.ReadFile(filepath.Join(dir, anim))
	if err != nil {
		t.Fatal(err)
	}
	an, err := LoadANIM(&formats.Input{Name: anim, Data: b, Siblings: r})
	if err != nil || !strings.Contains(an.Skeleton.Source, ".CINF") {
		t.Errorf("ANIM: %v, skeleton %q", err, an.Skeleton.Source)
	}
}
