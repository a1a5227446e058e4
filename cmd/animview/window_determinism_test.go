package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/animview/animview/internal/displaytest"
)

// TestWindowScreenshotDeterministic: `--screenshot --after N` steps
// playback by ticks, not by drawn frames, so two runs of the broom clip
// save the same bytes however fast each draws (issue 24 #8: three runs
// captured frames 46, 49 and 49 with three checksums). The two run at
// once, so that they compete for the processor and draw at different
// paces; each shows 46 ticks of 1/60 s: 0.767 s, frame 23 at 30 fps.
func TestWindowScreenshotDeterministic(t *testing.T) {
	displaytest.Need(t)
	bin := buildBinary(t)
	const clip = "../../formats/sims/testdata/tso/a2o-broom-fly-leftside.c3bde7b200000007.anim"
	dir := t.TempDir()
	var wg sync.WaitGroup
	outs := make([]string, 2)
	errs := make([]error, 2)
	for i := range outs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
			defer cancel()
			shot := filepath.Join(dir, []string{"a.png", "b.png"}[i])
			out, err := exec.CommandContext(ctx, bin, "--no-recent", "--size", "800x600", "--screenshot", shot, "--after", "46", clip).CombinedOutput()
			outs[i], errs[i] = string(out), err
		}()
	}
	wg.Wait()
	var shots [2][]byte
	for i, name := range []string{"a.png", "b.png"} {
		if errs[i] != nil {
			t.Fatalf("run %d: %v\n%s", i, errs[i], outs[i])
		}
		if f := shown(t, outs[i]); f != 23 || !strings.Contains(outs[i], "0.767 s / 9.133 s") {
			t.Errorf("run %d shows frame %d, want 23 (46 ticks, 0.767 s):\n%s", i, f, outs[i])
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		shots[i] = b
	}
	if !bytes.Equal(shots[0], shots[1]) {
		t.Errorf("two runs saved different pictures (%d and %d bytes):\n%s\n%s", len(shots[0]), len(shots[1]), outs[0], outs[1])
	}
}
