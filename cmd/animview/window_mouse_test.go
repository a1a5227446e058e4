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
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/animview/animview/internal/displaytest"
)

// TestWindowMouse drives the real window with the X server's own mouse
// and keyboard (xdotool): a click on a bone's name selects it, a
// shift-click on another's [x] hides its subtree and keeps the selection,
// a drag along the timeline seeks, and P saves the picture. That picture
// must match the one the same state reached by an action script gives.
// Each step waits until the program reports it has handled the input and
// drawn a frame since, so a loaded machine only makes it slower.
func TestWindowMouse(t *testing.T) {
	w := startDriven(t)
	row := func(i int) int { return 237 + 20*i } // bone list rows at 800x600
	w.click(80, row(4))                          // head's name
	w.keyDown("shift", "ShiftLeft")
	w.click(16, row(6)) // l_clavicle's [x]
	w.keyUp("shift", "ShiftLeft")
	x0, x1 := trackX0+(trackX1-trackX0)/4, trackX0+(trackX1-trackX0)*3/4
	w.move(x0, trackMidY)
	w.press()
	w.move(x1, trackMidY)
	w.release()
	w.move(400, 300)
	shotPath := w.screenshot()
	out := w.out.String()
	if f := shown(t, out); f != 27 {
		t.Errorf("frame %d after dragging to three quarters, want 27", f)
	}
	mouse := readShot(t, shotPath, out)
	script, _ := shot(t, w.bin, "pause; select-bone head; hide-subtree l_clavicle; frame 27")
	if os.Getenv("ANIMVIEW_KEEP") != "" {
		savePNG(t, "/tmp/mouse.png", mouse)
		savePNG(t, "/tmp/script.png", script)
	}
	// Everything above the status line (its fps differs: its text starts
	// 37 pixels above the window's foot) matches.
	diff := diffPixels(mouse, script, image.Rect(0, 0, winW, winH-40), 24)
	t.Logf("%d pixels differ", diff)
	if diff > 40 {
		t.Errorf("the mouse-driven window differs from the scripted one in %d pixels", diff)
	}
}

// driven is the real program in a window that a test drives with the X
// server's own mouse and keyboard (xdotool). The program runs with
// ANIMVIEW_TRACE, so it logs each change of input it has handled and each
// frame it has drawn; every step waits for those lines.
type driven struct {
	t   *testing.T
	bin string
	out *lockedBuffer
	wid string
	dir string
	// seen is how much of out the steps have read.
	seen int
}

// waitFor is how long a step waits for the program's report: long
// enough for a loaded machine, short enough to fail a stuck run.
const waitFor = 60 * time.Second

// startDriven starts the viewer on the demo at winW×winH, paused, in a
// temporary working folder, and waits until it reports its first frames
// drawn and the pause done ("ready"). It skips without a display or
// xdotool, unless ANIMVIEW_REQUIRE_DISPLAY asks for them.
func startDriven(t *testing.T) *driven {
	t.Helper()
	return startDrivenFile(t)
}

// startDrivenFile is startDriven on files (the demo without any); flags
// may come with them, a later --actions replacing the pause.
func startDrivenFile(t *testing.T, files ...string) *driven {
	t.Helper()
	displaytest.Need(t)
	displaytest.NeedTool(t, "xdotool")
	bin := buildBinary(t)
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	w := &driven{t: t, bin: bin, out: newLockedBuffer(), dir: dir}
	cmd := exec.CommandContext(ctx, bin, append([]string{"--size", fmt.Sprintf("%dx%d", winW, winH), "--no-recent", "--actions", "pause"}, files...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ANIMVIEW_TRACE=1", "ANIMVIEW_BUILTIN_BROWSER=1")
	cmd.Stdout, cmd.Stderr = w.out, w.out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	w.await(regexp.MustCompile(`(?m)^animview: ready$`))
	// The window is up: xdotool finds it (--sync waits until it does).
	sctx, scancel := context.WithTimeout(ctx, waitFor)
	defer scancel()
	b, err := exec.CommandContext(sctx, "xdotool", "search", "--sync", "--onlyvisible", "--pid", fmt.Sprint(cmd.Process.Pid), "--name", "animview").Output()
	f := strings.Fields(string(b))
	if err != nil || len(f) == 0 {
		t.Fatalf("no window: %v\n%s", err, w.out.String())
	}
	w.wid = f[len(f)-1]
	return w
}

// xdo runs xdotool.
func (w *driven) xdo(args ...string) {
	w.t.Helper()
	if b, err := exec.Command("xdotool", args...).CombinedOutput(); err != nil {
		w.t.Fatalf("xdotool %v: %v %s", args, err, b)
	}
}

// await waits until the program's output, after what earlier steps read,
// has a line matching re, and reads up to the end of that line.
func (w *driven) await(re *regexp.Regexp) {
	w.t.Helper()
	end, ok := w.out.await(w.seen, re, waitFor)
	if !ok {
		w.t.Fatalf("after %s, no %q from the program:\n%s", waitFor, re, w.out.String())
	}
	w.seen = end
}

// handled waits until the program reports it has handled the input in
// want (a line "animview: input: WANT") and then drawn a frame.
func (w *driven) handled(want string) {
	w.t.Helper()
	w.await(regexp.MustCompile(`(?m)^animview: input: ` + regexp.QuoteMeta(want) + `$`))
	w.await(regexp.MustCompile(`(?m)^animview: drew frame \d+$`))
}

// move puts the mouse at window pixel (x, y).
func (w *driven) move(x, y int) {
	w.t.Helper()
	if cx, cy := w.out.cursor(w.seen); cx == x && cy == y {
		return // the program would report no change
	}
	w.xdo("mousemove", "--window", w.wid, fmt.Sprint(x), fmt.Sprint(y))
	w.handled(fmt.Sprintf("cursor %d,%d", x, y))
}

// press and release the left button where the mouse is.
func (w *driven) press() {
	w.t.Helper()
	w.xdo("mousedown", "1")
	x, y := w.out.cursor(w.seen)
	w.handled(fmt.Sprintf("left button down at %d,%d", x, y))
}

func (w *driven) release() {
	w.t.Helper()
	w.xdo("mouseup", "1")
	x, y := w.out.cursor(w.seen)
	w.handled(fmt.Sprintf("left button up at %d,%d", x, y))
}

// click moves to (x, y), presses and releases the left button, each seen
// in its own update.
func (w *driven) click(x, y int) {
	w.t.Helper()
	w.move(x, y)
	w.press()
	w.release()
}

// keyDown and keyUp press and release an X key (xdotool's name), which the
// program reports by its ebiten name.
func (w *driven) keyDown(xkey, name string) {
	w.t.Helper()
	w.xdo("keydown", "--window", w.wid, xkey)
	w.handled("key " + name + " down")
}

func (w *driven) keyUp(xkey, name string) {
	w.t.Helper()
	w.xdo("keyup", "--window", w.wid, xkey)
	w.handled("key " + name + " up")
}

// key presses and releases a key.
func (w *driven) key(xkey, name string) {
	w.t.Helper()
	w.keyDown(xkey, name)
	w.keyUp(xkey, name)
}

// typeText types s a character at a time, each reported as typed.
func (w *driven) typeText(s string) {
	w.t.Helper()
	for _, r := range s {
		w.xdo("type", "--window", w.wid, string(r))
		w.handled(fmt.Sprintf("typed %q", string(r)))
	}
}

// screenshot presses P and returns the picture it saved, once the program
// reports it saved and what it shows.
func (w *driven) screenshot() string {
	w.t.Helper()
	from := w.seen
	w.key("p", "P")
	// The picture may be saved before the key's release is handled.
	after := w.seen
	w.seen = from
	w.await(regexp.MustCompile(`(?m)^animview: shown: `))
	w.seen = max(w.seen, after)
	m, _ := filepath.Glob(filepath.Join(w.dir, "animview-*.png"))
	if len(m) != 1 {
		w.t.Fatalf("P saved %v\n%s", m, w.out.String())
	}
	return m[0]
}

// lockedBuffer is a bytes.Buffer that the child process's output copier
// and the test may use at once; a test can wait for what it is given.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
	// grew is closed, and replaced, at each write.
	grew chan struct{}
}

func newLockedBuffer() *lockedBuffer { return &lockedBuffer{grew: make(chan struct{})} }

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n, err := l.b.Write(p)
	close(l.grew)
	l.grew = make(chan struct{})
	return n, err
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// await waits up to timeout for a line matching re that ends after
// offset from, and returns the offset of that line's end.
func (l *lockedBuffer) await(from int, re *regexp.Regexp, timeout time.Duration) (int, bool) {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		l.mu.Lock()
		s, grew := l.b.String(), l.grew
		l.mu.Unlock()
		for _, m := range re.FindAllStringIndex(s[from:], -1) {
			if nl := strings.IndexByte(s[from+m[1]:], '\n'); nl >= 0 {
				return from + m[1] + nl + 1, true
			}
		}
		select {
		case <-grew:
		case <-deadline.C:
			return from, false
		}
	}
}

// cursor returns the last cursor position the program reported before
// offset end (-1, -1 for none).
func (l *lockedBuffer) cursor(end int) (x, y int) {
	s := l.String()[:end]
	m := regexp.MustCompile(`(?m)^animview: input: cursor (-?\d+),(-?\d+)$`).FindAllStringSubmatch(s, -1)
	x, y = -1, -1
	if len(m) > 0 {
		x, _ = strconv.Atoi(m[len(m)-1][1])
		y, _ = strconv.Atoi(m[len(m)-1][2])
	}
	return x, y
}

func savePNG(t *testing.T, path string, img image.Image) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	png.Encode(f, img)
}
