package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestWindowMouse drives the real window with the X server's own mouse
// and keyboard (xdotool): a click on a bone's name selects it, a
// shift-click on another's [x] hides its subtree and keeps the selection,
// a drag along the timeline seeks, and P saves the picture. That picture
// must match the one the same state reached by an action script gives.
func TestWindowMouse(t *testing.T) {
	w := startDriven(t)
	out, wid, xdo, dir := w.out, w.wid, w.xdo, w.dir
	// Buttons are held long enough for a slow software renderer to see
	// the press and the release in different frames.
	hold := func() { time.Sleep(700 * time.Millisecond) }
	row := func(i int) string { return fmt.Sprint(237 + 20*i) }       // bone list rows at 800x600
	xdo("mousemove", "--window", wid, "80", row(4), "mousedown", "1") // head's name
	hold()
	xdo("mouseup", "1")
	hold()
	xdo("keydown", "--window", wid, "shift")
	xdo("mousemove", "--window", wid, "16", row(6), "mousedown", "1") // l_clavicle's [x]
	hold()
	xdo("mouseup", "1")
	xdo("keyup", "--window", wid, "shift")
	hold()
	x0, x1 := trackX0+(trackX1-trackX0)/4, trackX0+(trackX1-trackX0)*3/4
	xdo("mousemove", "--window", wid, fmt.Sprint(x0), fmt.Sprint(trackMidY), "mousedown", "1")
	hold()
	xdo("mousemove", "--window", wid, fmt.Sprint(x1), fmt.Sprint(trackMidY))
	hold()
	xdo("mouseup", "1")
	hold()
	xdo("mousemove", "--window", wid, "400", "300")
	hold()
	xdo("key", "--window", wid, "p")
	var shotPath string
	for i := 0; i < 100 && shotPath == ""; i++ {
		time.Sleep(200 * time.Millisecond)
		m, _ := filepath.Glob(filepath.Join(dir, "animview-*.png"))
		if len(m) == 1 && strings.Contains(out.String(), "shown:") {
			shotPath = m[0]
		}
	}
	if shotPath == "" {
		t.Fatalf("P saved no screenshot\n%s", out.String())
	}
	if f := shown(t, out.String()); f != 27 {
		t.Errorf("frame %d after dragging to three quarters, want 27", f)
	}
	mouse := readShot(t, shotPath, out.String())
	script, _ := shot(t, w.bin, "pause; select-bone head; hide-subtree l_clavicle; frame 27")
	if os.Getenv("ANIMVIEW_KEEP") != "" {
		savePNG(t, "/tmp/mouse.png", mouse)
		savePNG(t, "/tmp/script.png", script)
	}
	// Everything above the status line (its fps differs) matches.
	diff := 0
	for y := 0; y < winH-24; y++ {
		for x := 0; x < winW; x++ {
			if !closeTo(mouse.RGBAAt(x, y), script.RGBAAt(x, y), 24) {
				diff++
			}
		}
	}
	t.Logf("%d pixels differ", diff)
	if diff > 400 {
		t.Errorf("the mouse-driven window differs from the scripted one in %d pixels", diff)
	}
}

// driven is the real program in a window that a test drives with the X
// server's own mouse and keyboard (xdotool).
type driven struct {
	bin string
	out *lockedBuffer
	wid string
	dir string
	xdo func(args ...string)
}

// startDriven starts the viewer on the demo at winW×winH, paused, in a
// temporary working folder, and waits for its window and first frames.
// It skips without a display or xdotool.
func startDriven(t *testing.T) driven {
	t.Helper()
	needDisplay(t)
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool is not installed")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	t.Cleanup(cancel)
	out := new(lockedBuffer)
	cmd := exec.CommandContext(ctx, bin, "--size", fmt.Sprintf("%dx%d", winW, winH), "--no-recent", "--actions", "pause")
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	var wid string
	for i := 0; i < 100 && wid == ""; i++ {
		time.Sleep(200 * time.Millisecond)
		wid = findWindow(cmd.Process.Pid)
	}
	if wid == "" {
		t.Fatalf("no window\n%s", out.String())
	}
	time.Sleep(2 * time.Second) // the first frames
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
	return driven{bin: bin, out: out, wid: wid, dir: dir, xdo: xdo}
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

// lockedBuffer is a bytes.Buffer that the child process's output copier
// and the test may use at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func savePNG(t *testing.T, path string, img image.Image) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	png.Encode(f, img)
}
