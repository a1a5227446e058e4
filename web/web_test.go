//go:build !js

package web

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/formats/sims/simstest"
	"github.com/animview/animview/render"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/go-gl/mathgl/mgl32"
)

// The browser test: scripts/test.sh installs Debian's chromium and runs
// TestPageInChromium with ANIMVIEW_REQUIRE_CHROMIUM=1, so that a missing
// browser fails instead of skipping. It builds the page, serves it on
// localhost and drives it through the DevTools protocol (chromedp). It
// waits on what the page reports (document.body.dataset, set by
// animviewStatus after each drawn frame that changed something, and the
// #error element), never on the clock.

func findChromium(t testing.TB) string {
	t.Helper()
	if os.Getenv("ANIMVIEW_REQUIRE_CHROMIUM") == "" {
		// It builds the page and starts a browser: a step of its own.
		if os.Getenv("CI") == "true" {
			t.Fatal("CI must run this: scripts/test.sh runs it in its own step with ANIMVIEW_REQUIRE_CHROMIUM=1")
		}
		t.Skip("scripts/test.sh runs this in its own step; set ANIMVIEW_REQUIRE_CHROMIUM=1 to run it here")
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("ANIMVIEW_REQUIRE_CHROMIUM is set and no chromium is installed")
	return ""
}

// boneColourPixels counts the pixels of a picture in the theme's bone
// colour: the figure's sticks.
func boneColourPixels(img image.Image) int {
	want := render.DefaultTheme().Bone
	near := func(a uint32, b uint8) bool { d := int(a>>8) - int(b); return d*d < 24*24 }
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if near(r, want.R) && near(g, want.G) && near(bl, want.B) {
				n++
			}
		}
	}
	return n
}

// page drives one browser tab.
type page struct {
	t   *testing.T
	ctx context.Context
	mu  sync.Mutex
	log []string
}

func (p *page) do(what string, a chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, a); err != nil {
		p.fatalf("%s: %v", what, err)
	}
}

// staleContext is the DevTools error for a JavaScript context that a
// navigation replaced while a command was on its way: the command is
// sent again, in the new one.
const staleContext = "Cannot find context with specified id"

// waitFor polls a JavaScript expression until it is true.
func (p *page) waitFor(what, expr string) {
	p.t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(time.Until(deadline))))
		if err == nil {
			return
		}
		if !strings.Contains(err.Error(), staleContext) || time.Now().After(deadline) {
			p.fatalf("waiting until %s (%s): %v", what, expr, err)
		}
	}
}

func eval[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.fatalf("%s: %v", expr, err)
	}
	return v
}

func (p *page) fatalf(format string, args ...any) {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.t.Fatalf(format+"\nthe page's console:\n%s", append(args, strings.Join(p.log, "\n"))...)
}

// shot is a screenshot of the page.
func (p *page) shot() image.Image {
	p.t.Helper()
	b, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.fatalf("screenshot: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		p.fatalf("screenshot: %v", err)
	}
	return img
}

// drop drops files on the page's canvas as a user's drag and drop does:
// a drop event whose DataTransfer holds them.
func (p *page) drop(files map[string][]byte) {
	p.t.Helper()
	var js strings.Builder
	js.WriteString("(() => { const dt = new DataTransfer();\n")
	for name, b := range files {
		fmt.Fprintf(&js, "dt.items.add(new File([Uint8Array.from(atob(%q), c => c.charCodeAt(0))], %q));\n",
			base64.StdEncoding.EncodeToString(b), name)
	}
	js.WriteString(`document.querySelector('canvas').dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
return true; })()`)
	if !eval[bool](p, js.String()) {
		p.fatalf("drop failed")
	}
}

func readSample(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", path))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// pageTitle is the demo's title: "animview devel — built-in demo", or with
// the commit, "animview devel (0123456789ab+modified) — built-in demo".
var pageTitle = regexp.MustCompile(`^animview [0-9A-Za-z.+-]+( \([0-9a-f]{12}(\+modified)?\))? — built-in demo$`)

// builtPage builds the page once for the browser tests, into a folder
// TestMain removes.
var builtPage = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "animview-web-")
	if err != nil {
		return "", err
	}
	pageDirs = append(pageDirs, dir)
	start := time.Now()
	if err := Build("..", dir); err != nil {
		return "", err
	}
	buildTime = time.Since(start)
	return dir, nil
})

// pageDirs are the folders builtPage made; buildTime, how long it took.
var (
	pageDirs  []string
	buildTime time.Duration
)

func TestMain(m *testing.M) {
	code := m.Run()
	for _, d := range pageDirs {
		os.RemoveAll(d)
	}
	os.Exit(code)
}

// servePage builds the page (once) and serves it on localhost until the
// test ends.
func servePage(t *testing.T) *httptest.Server {
	t.Helper()
	findChromium(t)
	dir, err := builtPage()
	if err != nil {
		t.Fatal(err)
	}
	wasm, err := os.ReadFile(filepath.Join(dir, WasmFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("built the page in %.1f s: %s is %.1f MB", buildTime.Seconds(), WasmFile, float64(len(wasm))/1e6)
	srv := httptest.NewServer(Handler(dir))
	t.Cleanup(srv.Close)
	return srv
}

// openBrowser starts headless Chromium for the test, following its
// console; the browser ends with the test.
func openBrowser(t *testing.T) *page {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(findChromium(t)),
		chromedp.NoSandbox,
		// WebGL through SwiftShader, Chromium's software renderer: no GPU here.
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.WindowSize(1100, 700),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	ctx, cancelTime := context.WithTimeout(ctx, 5*time.Minute)
	t.Cleanup(cancelTime)
	p := &page{t: t, ctx: ctx}
	// Follow the page's console (this starts the browser).
	console := chromedp.Console(ctx)
	go func() {
		for m, err := range console {
			if err != nil {
				return
			}
			p.mu.Lock()
			p.log = append(p.log, m.String())
			p.mu.Unlock()
		}
	}()
	return p
}

// TestPageInChromium: the page opens the built-in demo and draws its
// figure; a dropped FreeSO .anim plays; files chosen together with the
// file button open as a set (an ANM with its model), and one chosen
// alone says which file to add; a Sims skill dropped with its suit wears
// it; a bad file's error shows on the page; P downloads a screenshot and
// Shift+P a GIF.
func TestPageInChromium(t *testing.T) {
	srv := servePage(t)
	p := openBrowser(t)

	cpu0 := childrenCPU()
	p.do("open the page", chromedp.Navigate(srv.URL+"/"))
	p.waitFor("the demo's first frame", `Number(document.body.dataset.frames) >= 1`)
	cpu := childrenCPU() - cpu0
	d := eval[map[string]string](p, `({...document.body.dataset})`)
	t.Logf("the demo's first frame came %s ms after the page started loading (the program fetched and compiled at %s ms, "+
		"the Go runtime and package initialisation done and main's code started at %s ms, its first update at %s ms); "+
		"Chromium's processes used %.2f s of CPU for it (the machine's load average: %s)",
		d["firstFrameMs"], d["compiledMs"], d["mainMs"], d["readyMs"], cpu.Seconds(), loadAverage())
	if path := eval[string](p, `document.body.dataset.path`); path != "demo:" {
		p.fatalf("the page opened %q, want the demo", path)
	}
	// The page's "loading" notice gives way to the viewer.
	if shown := eval[bool](p, `getComputedStyle(document.getElementById('loading')).display !== 'none'`); shown {
		p.fatalf("the loading notice still shows over the first frame")
	}
	// The viewer's title names the build (internal/version's Short: the
	// version, and the commit where the toolchain stamped one) and the file.
	title := eval[string](p, `document.title`)
	if !pageTitle.MatchString(title) {
		p.fatalf("the page's title is %q, want it to match %s", title, pageTitle)
	}
	t.Logf("the page's title: %s", title)
	if n := boneColourPixels(p.shot()); n < 300 {
		p.fatalf("the demo's figure: %d pixels in the bone colour, want at least 300", n)
	}

	// A FreeSO .anim dropped on the page plays: its clip is shown and its
	// time moves.
	const broom = "a2o-diefalldan.cdfc292500000007.anim"
	p.drop(map[string][]byte{broom: readSample(t, "formats/sims/testdata/tso/"+broom)})
	p.waitFor("the dropped .anim opens", `document.body.dataset.path === '`+broom+`' && document.body.dataset.playing === 'true'`)
	t0 := eval[string](p, `document.body.dataset.time`)
	p.waitFor("the dropped .anim plays", `document.body.dataset.time !== '`+t0+`'`)
	if e := eval[string](p, `document.getElementById('error').textContent`); e != "" {
		p.fatalf("error after the drop: %s", e)
	}
	if n := boneColourPixels(p.shot()); n < 200 {
		p.fatalf("the dropped clip's figure: %d pixels in the bone colour, want at least 200", n)
	}

	// The file button: an ANM chosen with its model opens; alone, the
	// error names the file to add.
	anm, err := filepath.Abs("../formats/anm/testdata/cylindro.anm")
	if err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(filepath.Dir(anm), "cylindro.ms3d")
	p.do("choose the ANM and its model", chromedp.SetUploadFiles("#files", []string{anm, model}))
	p.waitFor("the ANM opens", `document.body.dataset.path === 'cylindro.anm' && document.body.dataset.clip.includes('/')`)
	p.do("choose the ANM alone", chromedp.SetUploadFiles("#files", []string{anm}))
	p.waitFor("the page says which file to add", `document.getElementById('error').textContent.includes('add the MilkShape model (.ms3d)')`)

	// A skill chosen together with its .cfp, a suit and the suit's skin
	// opens, and the suit picker (U) wears the suit from among those
	// files: its square covers the view where the bare skill's figure
	// does not.
	p.drop(simsSkillSet(t))
	p.waitFor("the skill opens", `document.body.dataset.path === 'person.cmx' && document.body.dataset.suit === 'none'`)
	p.do("focus the viewer", chromedp.Focus("canvas"))
	p.do("pause", chromedp.KeyEvent(" "))
	p.waitFor("the skill pauses", `document.body.dataset.playing === 'false'`)
	bare := p.shot()
	p.do("press U (next suit)", chromedp.KeyEvent("u"))
	p.waitFor("the suit is worn", `document.body.dataset.suit === 'suit-wide'`)
	if e := eval[string](p, `document.getElementById('error').textContent`); e != "" {
		p.fatalf("error after wearing the suit: %s", e)
	}
	n := changedPixels(bare, p.shot(), 560, 40)
	// The square is about 150 pixels wide; the notice naming the suit
	// changes a few hundred.
	if n < 8000 {
		p.fatalf("the suit's square changed %d pixels of the view, want at least 8000", n)
	}
	t.Logf("the suit changed %d pixels of the view", n)

	// A bad file's error shows on the page, naming the file; what was open
	// stays open.
	p.drop(map[string][]byte{"bad.anim": []byte("this is not an animation")})
	p.waitFor("the bad file's error", `document.getElementById('error').textContent.includes('bad.anim')`)
	if path := eval[string](p, `document.body.dataset.path`); path != "person.cmx" {
		p.fatalf("after a bad file the page shows %q, want person.cmx still open", path)
	}

	// P: the screenshot downloads through the browser.
	p.do("focus the viewer", chromedp.Focus("canvas"))
	p.do("press Escape (close the error) and P", chromedp.KeyEvent("\x1bp"))
	p.waitFor("the screenshot's download", `(document.body.dataset.downloaded || '').match(/^animview-.*\.png$/) !== null`)
	t.Logf("downloaded %s", eval[string](p, `document.body.dataset.downloaded`))

	// Shift+P: the GIF is recorded in the page (the recording yields to
	// the window between frames) and downloads too.
	p.do("hold Shift", shiftKey(input.DispatchKeyEventTypeRawKeyDown))
	p.do("press P", chromedp.KeyEvent("P", chromedp.KeyModifiers(chromedp.ModifierShift)))
	p.do("release Shift", shiftKey(input.DispatchKeyEventTypeKeyUp))
	p.waitFor("the GIF's download", `(document.body.dataset.downloaded || '').match(/^animview-.*\.gif$/) !== null`)
	t.Logf("downloaded %s", eval[string](p, `document.body.dataset.downloaded`))
}

// simsSkillSet is a Sims skill with its key data and a suit, made by our
// writers (formats/sims): person.cmx holds a skeleton and the skill
// a2o-scare, whose keys (a2o-scare.cfp) are a FreeSO .anim's;
// suit-wide.cmx binds the skin xskin-wide.skn, a square of side 1.2 wound
// both ways, to the PELVIS.
func simsSkillSet(t *testing.T) map[string][]byte {
	t.Helper()
	clip, err := sims.ParseAnim(readSample(t, "formats/sims/testdata/tso/a2o-skeledeco-scare-to-idle.9ff6db5c00000007.anim"))
	if err != nil {
		t.Fatal(err)
	}
	skill := simstest.Skill(clip, "a2o-scare")
	id := sims.FileQuat{0, 0, 0, 1}
	bone := func(name, parent string, x, y float32) sims.SkelBone {
		return sims.SkelBone{Name: name, Parent: parent, Translation: mgl32.Vec3{x, y, 0}, Rotation: id,
			CanTranslate: 1, CanRotate: 1, CanBlend: 1}
	}
	skel := sims.Skeleton{Name: "adult", Bones: []sims.SkelBone{
		bone("ROOT", "NULL", 0, 3), bone("PELVIS", "ROOT", 0, 0), bone("SPINE", "PELVIS", 0, 1),
		bone("HEAD", "SPINE", 0, 1.5), bone("L_LEG", "PELVIS", -0.25, 0), bone("L_FOOT", "L_LEG", 0, -2.8),
		bone("R_LEG", "PELVIS", 0.25, 0), bone("R_FOOT", "R_LEG", 0, -2.8),
	}}
	person, err := sims.EncodeCMX(&sims.CharacterFile{Version: 300, Skeletons: []sims.Skeleton{skel}, Skills: []sims.Animation{skill}})
	if err != nil {
		t.Fatal(err)
	}
	set, err := simstest.SquareSuit("suit-wide", 0.6)
	if err != nil {
		t.Fatal(err)
	}
	set["person.cmx"], set["a2o-scare.cfp"] = person, sims.EncodeCFP(clip.Translations, clip.Rotations)
	return set
}

// changedPixels counts the pixels of a centred square of side size
// (the viewer's 3D view) whose colour differs by more than tol in a
// channel between two screenshots.
func changedPixels(a, b image.Image, size, tol int) int {
	c := a.Bounds().Size().Div(2)
	r := image.Rect(c.X-size/2, c.Y-size/2, c.X+size/2, c.Y+size/2).Intersect(a.Bounds()).Intersect(b.Bounds())
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			for _, d := range []int{int(r1>>8) - int(r2>>8), int(g1>>8) - int(g2>>8), int(b1>>8) - int(b2>>8)} {
				if d > tol || d < -tol {
					n++
					break
				}
			}
		}
	}
	return n
}

// shiftKey presses or releases the left Shift key: the viewer (ebiten)
// follows Shift by its own key events, not by the modifier bits of P's.
func shiftKey(typ input.DispatchKeyEventType) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: typ, Key: "Shift",
			Code: "ShiftLeft", WindowsVirtualKeyCode: 16, NativeVirtualKeyCode: 16, Location: 1, Modifiers: int64(chromedp.ModifierShift)})
		return err
	})
}

// childrenCPU is the processor time (user and system) the processes below
// this one have used so far, from Linux's /proc: Chromium's browser,
// renderer and GPU processes. On a machine shared with other work it says
// what the page costs better than the wall clock does. 0 elsewhere.
func childrenCPU() time.Duration {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	type proc struct {
		ppid  int
		ticks int64
	}
	procs := map[int]proc{}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// The fields after the command's name, which is in brackets and may
		// hold spaces: state ppid ... utime (14th field) stime (15th).
		f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
		if len(f) < 13 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		procs[pid] = proc{ppid, ut + st}
	}
	self := os.Getpid()
	var ticks int64
	for pid, p := range procs {
		for q := p.ppid; q > 1; q = procs[q].ppid {
			if q == self {
				ticks += procs[pid].ticks
				break
			}
		}
	}
	// USER_HZ is 100 on Linux's every architecture that Go supports here.
	return time.Duration(ticks) * 10 * time.Millisecond
}

// loadAverage is the first figure of /proc/loadavg, "?" without it.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}
