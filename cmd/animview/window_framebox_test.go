package main

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWindowFrameBox types a frame number into the transport row's box with
// the X server's own mouse and keyboard (xdotool): a click takes the
// keyboard, digits replace the shown frame, Enter seeks there, and the
// digits do not also reach the view (1 and 3 would turn the camera).
func TestWindowFrameBox(t *testing.T) {
	needDisplay(t)
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool is not installed")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	var out lockedBuffer
	cmd := exec.CommandContext(ctx, bin, "--size", fmt.Sprintf("%dx%d", winW, winH), "--no-recent", "--actions", "pause")
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	var wid string
	for i := 0; i < 100 && wid == ""; i++ {
		time.Sleep(200 * time.Millisecond)
		wid = findWindow(cmd.Process.Pid)
	}
	if wid == "" {
		t.Fatalf("no window\n%s", out.String())
	}
	time.Sleep(2 * time.Second)
	// The window may have been made again while the program started.
	if w := findWindow(cmd.Process.Pid); w != "" {
		wid = w
	}
	xdo := func(args ...string) {
		t.Helper()
		if b, err := exec.Command("xdotool", args...).CombinedOutput(); err != nil {
			t.Fatalf("xdotool %v: %v %s", args, err, b)
		}
	}
	hold := func() { time.Sleep(700 * time.Millisecond) }
	// The box sits after the five transport buttons, at 800x600.
	xdo("mousemove", "--window", wid, "198", fmt.Sprint(winH-57), "mousedown", "1")
	hold()
	xdo("mouseup", "1")
	hold()
	xdo("type", "--window", wid, "--delay", "150", "13")
	hold()
	xdo("key", "--window", wid, "Return")
	hold()
	xdo("mousemove", "--window", wid, "400", "300")
	hold()
	xdo("key", "--window", wid, "p")
	for i := 0; i < 100; i++ {
		time.Sleep(200 * time.Millisecond)
		if m, _ := filepath.Glob(filepath.Join(dir, "animview-*.png")); len(m) == 1 && strings.Contains(out.String(), "shown:") {
			if f := shown(t, out.String()); f != 13 {
				t.Errorf("frame %d after typing 13 and Enter\n%s", f, out.String())
			}
			return
		}
	}
	t.Fatalf("P saved no screenshot\n%s", out.String())
}

// findWindow returns the newest visible window of process pid ("" when it
// has none yet): by process, since a closing window of an earlier test or
// package has the same name.
func findWindow(pid int) string {
	b, _ := exec.Command("xdotool", "search", "--onlyvisible", "--pid", fmt.Sprint(pid), "--name", "animview").Output()
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}
