package ui

import (
	"testing"

	"github.com/animview/animview/formats/demo"
	"github.com/animview/animview/internal/displaytest"
	"github.com/hajimehoshi/ebiten/v2"
)

// BenchmarkFirstFrame: the viewer's start as the web page times it, from
// NewApp to its first complete frame of the demo (issue 32): the widgets
// built, updates run and the frame drawn until it is complete.
//
//	xvfb-run -a go test -run '^$' -bench FirstFrame -benchtime 1x -count 1 ./ui
//
// It times a cold start, the one a user waits for: run it once a process
// (each App's glyphs and images stay in ebiten's atlas, so that later
// iterations take longer and longer).
func BenchmarkFirstFrame(b *testing.B) {
	if why := displaytest.Missing(); why != "" {
		b.Skip(why)
	}
	const w, h = 1100, 700
	screen := ebiten.NewImage(w, h)
	defer screen.Deallocate()
	for b.Loop() {
		a, err := NewApp(Options{Path: demo.Name, Open: opener, Log: func(string) {}})
		if err != nil {
			b.Fatal(err)
		}
		a.Layout(w, h)
		for i := 0; !a.drawn; i++ {
			if i == 10 {
				b.Fatal("no complete frame after 10 updates")
			}
			if err := a.Update(); err != nil {
				b.Fatal(err)
			}
			a.Draw(screen)
		}
	}
}
