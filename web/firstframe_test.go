//go:build !js

package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// BenchmarkPageFirstFrame loads the page in a new headless Chromium for
// each iteration (an empty cache: no compiled program kept from the load
// before) and waits for the demo's first drawn frame. It reports the
// median over the iterations of the page's own timings, each in ms from
// the navigation's start (performance.now()):
//
//   - compiled: the program fetched and compiled (compileStreaming, from
//     the start of the page);
//   - main: the Go runtime and every package's initialisation done, main's
//     code started (cmd/animview's view_js.go);
//   - ready: the viewer built, its first update running;
//   - first-frame: the first frame drawn, with the demo's figure in it.
//
// Run it on a quiet machine (it logs the load average):
//
//	ANIMVIEW_REQUIRE_CHROMIUM=1 go test -run '^$' -bench PageFirstFrame -benchtime 7x ./web
//
// ANIMVIEW_PAGE_GODEBUG=inittrace=1 hands GODEBUG to the program and logs
// what it prints: the time each package's initialisation took.
// ANIMVIEW_PAGE_REVISIT=1 times a second load of the page in the same
// browser, a returning visitor's: the program comes from the browser's
// cache (revalidated) and V8 may reuse the code it compiled.
// ANIMVIEW_PAGE_SCRIPT=FILE runs FILE's JavaScript in the page before
// the page's own (to time a part of it), and ANIMVIEW_PAGE_MARKS=a,b
// reports document.body.dataset's a and b as well.
// ANIMVIEW_PAGE_PROFILE=FILE builds the program with its symbols and
// writes V8's CPU profile of the last load to FILE (a .cpuprofile that
// Chromium's DevTools open), with the program's functions by name.
// ANIMVIEW_PAGE_GLTIME=1 reports what the page waits for outside its own
// code: the download and WebGL (glTimeScript).
// ANIMVIEW_PAGE_JSFLAGS hands V8 flags to the browser (--js-flags), such
// as --no-wasm-lazy-compilation, to see what its compiler's choices
// cost. ANIMVIEW_PAGE_ENCODING=gzip (or br, or identity) serves the
// program only so. ANIMVIEW_PAGE_WARMGPU=1 starts the browser's GPU
// process from another tab before the page loads, as a desktop browser
// has it running: a headless one starts it at the first WebGL context,
// and the page's first frame then waits up to 2 s for it on a loaded
// machine. ANIMVIEW_PAGE_DIRS=DIR1,DIR2,... serves pages built before
// (Build's folders) instead of this tree's, load by load in turn, and
// reports each one's medians with its number after the unit
// (firstFrame-ms/1): builds compared under the same load. _JSFLAGS,
// _WARMGPU, _REVISIT, _SCRIPT, _GLTIME and _MARKS apply to each load there;
// _ENCODING, _GODEBUG and _PROFILE do not.
func BenchmarkPageFirstFrame(b *testing.B) {
	chromium := findChromium(b)
	if dirs := os.Getenv("ANIMVIEW_PAGE_DIRS"); dirs != "" {
		benchPages(b, chromium, strings.Split(dirs, ","))
		return
	}
	dir := benchPage(b)
	prof := os.Getenv("ANIMVIEW_PAGE_PROFILE")
	if prof != "" {
		dir = b.TempDir()
		if err := Build("..", dir); err != nil {
			b.Fatal(err)
		}
		out, err := filepath.Abs(filepath.Join(dir, WasmFile))
		if err != nil {
			b.Fatal(err)
		}
		build := exec.Command("go", "build", "-trimpath", "-o", out, "./cmd/animview")
		build.Dir = ".."
		build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
		if msg, err := build.CombinedOutput(); err != nil {
			b.Fatalf("%v\n%s", err, msg)
		}
		if err := compress(out); err != nil {
			b.Fatal(err)
		}
	}
	if enc := os.Getenv("ANIMVIEW_PAGE_ENCODING"); enc != "" {
		// Only the copy asked for is left to serve.
		for _, e := range Encodings {
			if e.Name != enc {
				if err := os.Remove(filepath.Join(dir, WasmFile+e.Ext)); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	godebug := os.Getenv("ANIMVIEW_PAGE_GODEBUG")
	marks := pageMarks()
	got := map[string][]float64{}
	load0 := loadAverage()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, console := loadOnce(b, chromium, srv.URL, godebug, prof)
		addMarks(b, got, marks, d)
		if godebug != "" {
			fmt.Printf("load %d: what the program printed\n", i+1)
			for _, l := range console {
				// Straight to the output: the benchmark's log keeps ten lines.
				fmt.Println(l)
			}
		}
	}
	b.StopTimer()
	var each []string
	for _, m := range marks {
		b.ReportMetric(median(got[m]), strings.TrimSuffix(m, "Ms")+"-ms")
		each = append(each, fmt.Sprintf("%s %v", m, got[m]))
	}
	b.Logf("%s; the machine's load average before and after: %s, %s", strings.Join(each, ", "), load0, loadAverage())
}

// pageMarks are the page's timings a load reports (document.body.dataset):
// the first frame's steps, the processes' CPU, the waits outside the
// page's code with ANIMVIEW_PAGE_GLTIME (glTimeScript), and
// ANIMVIEW_PAGE_MARKS's.
func pageMarks() []string {
	marks := []string{"compiledMs", "mainMs", "readyMs", "firstFrameMs", "rendererCPUMs", "gpuCPUMs"}
	if os.Getenv("ANIMVIEW_PAGE_GLTIME") != "" {
		marks = append(marks, "fetchedMs", "contextMs", "linkWaitMs", "links", "glCallMs")
	}
	if m := os.Getenv("ANIMVIEW_PAGE_MARKS"); m != "" {
		marks = append(marks, strings.Split(m, ",")...)
	}
	return marks
}

// addMarks appends a load's timings d of the marks to got.
func addMarks(b *testing.B, got map[string][]float64, marks []string, d map[string]string) {
	for _, m := range marks {
		v, err := strconv.ParseFloat(d[m], 64)
		if err != nil {
			b.Fatalf("the page's %s is %q", m, d[m])
		}
		got[m] = append(got[m], v)
	}
}

// benchPages loads the pages built in dirs in turn, one load per
// iteration, and reports each one's medians.
func benchPages(b *testing.B, chromium string, dirs []string) {
	var urls []string
	for _, d := range dirs {
		srv := httptest.NewServer(Handler(d))
		defer srv.Close()
		urls = append(urls, srv.URL)
	}
	marks := pageMarks()
	got := make([]map[string][]float64, len(dirs))
	for i := range got {
		got[i] = map[string][]float64{}
	}
	load0 := loadAverage()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(dirs)
		d, _ := loadOnce(b, chromium, urls[k], "", "")
		addMarks(b, got[k], marks, d)
	}
	b.StopTimer()
	for k := range dirs {
		var each []string
		for _, m := range marks {
			if len(got[k][m]) > 0 {
				b.ReportMetric(median(got[k][m]), fmt.Sprintf("%s-ms/%d", strings.TrimSuffix(m, "Ms"), k+1))
			}
			each = append(each, fmt.Sprintf("%s %v", m, got[k][m]))
		}
		b.Logf("%d (%s): %s", k+1, dirs[k], strings.Join(each, ", "))
	}
	b.Logf("the machine's load average before and after: %s, %s", load0, loadAverage())
}

// chromiumCPU is the processor time that the main threads of the
// renderer processes below this one (the page's JavaScript and program)
// and the GPU processes (WebGL, through SwiftShader here) have used so
// far, from Linux's /proc. Unlike the wall clock, it changes little
// with the machine's load. 0 elsewhere.
func chromiumCPU() (renderer, gpu time.Duration) {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return 0, 0
	}
	self := strconv.Itoa(os.Getpid())
	parents := map[string]string{}
	for _, e := range ents {
		if b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat")); err == nil {
			if f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:])); len(f) > 1 {
				parents[e.Name()] = f[1]
			}
		}
	}
	below := func(pid string) bool {
		for q := parents[pid]; q != "" && q != "1" && q != "0"; q = parents[q] {
			if q == self {
				return true
			}
		}
		return false
	}
	for pid := range parents {
		if !below(pid) {
			continue
		}
		cmd, _ := os.ReadFile(filepath.Join("/proc", pid, "cmdline"))
		var sum *time.Duration
		switch {
		case bytes.Contains(cmd, []byte("--type=renderer")):
			sum = &renderer
		case bytes.Contains(cmd, []byte("--type=gpu-process")):
			sum = &gpu
		default:
			continue
		}
		if b, err := os.ReadFile(filepath.Join("/proc", pid, "task", pid, "stat")); err == nil {
			if f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:])); len(f) > 12 {
				ut, _ := strconv.ParseInt(f[11], 10, 64)
				st, _ := strconv.ParseInt(f[12], 10, 64)
				*sum += time.Duration(ut+st) * 10 * time.Millisecond
			}
		}
	}
	return renderer, gpu
}

// median of a non-empty list.
func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if n := len(s); n%2 == 1 {
		return s[n/2]
	} else {
		return (s[n/2-1] + s[n/2]) / 2
	}
}

// benchPage builds the page for a run of the benchmark.
func benchPage(b *testing.B) string {
	b.Helper()
	dir := b.TempDir()
	if err := Build("..", dir); err != nil {
		b.Fatal(err)
	}
	if st, err := os.Stat(filepath.Join(dir, WasmFile)); err == nil {
		b.Logf("%s: %.2f MB", WasmFile, float64(st.Size())/1e6)
	}
	return dir
}

// godebugScript hands GODEBUG to the program: it wraps wasm_exec.js's Go
// class as the page defines it, before the page's own scripts run. It
// keeps what the program prints in globalThis.goLines.
const godebugScript = `(() => { let G; globalThis.goLines = [];
for (const k of ['log', 'error']) { const f = console[k]; console[k] = (...a) => { globalThis.goLines.push(a.join(' ')); f(...a); }; }
Object.defineProperty(globalThis, 'Go', { configurable: true,
  get() { return G; },
  set(c) { G = class extends c { constructor() { super(); this.env.GODEBUG = %q; } }; } }); })()`

// glTimeScript times what the page waits for outside its own code: the
// program's download (fetchedMs, when its last byte came), the WebGL
// context's creation (contextMs, which waits for the browser's GPU
// process), the shader programs' links (linkWaitMs over links: their
// status is the first call that waits for the GPU process to compile
// them; with their shaders' completion polled before) and every WebGL
// call together (glCallMs).
const glTimeScript = `(() => { const acc = { contextMs: 0, linkWaitMs: 0, links: 0, glCallMs: 0, fetchedMs: 0 };
const show = () => { if (document.body) for (const k in acc) document.body.dataset[k] = acc[k].toFixed(0); };
addEventListener('DOMContentLoaded', show);
new PerformanceObserver(l => { for (const e of l.getEntries()) if (e.name.endsWith('/animview.wasm')) { acc.fetchedMs = e.responseEnd; show(); } }).observe({ type: 'resource', buffered: true });
const getContext = HTMLCanvasElement.prototype.getContext;
HTMLCanvasElement.prototype.getContext = function (...a) {
  const t = performance.now(); const c = getContext.apply(this, a); acc.contextMs += performance.now() - t;
  if (c && !c.animviewTimed) {
    c.animviewTimed = true;
    for (const k of Object.getOwnPropertyNames(Object.getPrototypeOf(c))) {
      const f = c[k];
      if (typeof f !== 'function') continue;
      c[k] = (...b) => { const t0 = performance.now(); const r = f.apply(c, b); const dt = performance.now() - t0;
        acc.glCallMs += dt; if (k === 'getProgramParameter' || k === 'getShaderParameter') acc.linkWaitMs += dt;
        if (k === 'getProgramParameter') acc.links++; return r; };
    }
  }
  show(); return c; };
setInterval(show, 50); })()`

// loadOnce opens the page in a new browser and returns the page's
// dataset once the first frame is drawn, and its console's lines.
func loadOnce(b *testing.B, chromium, url, godebug, prof string) (map[string]string, []string) {
	b.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.NoSandbox,
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.WindowSize(1100, 700),
	)
	if f := os.Getenv("ANIMVIEW_PAGE_JSFLAGS"); f != "" {
		opts = append(opts, chromedp.Flag("js-flags", f))
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if os.Getenv("ANIMVIEW_PAGE_WARMGPU") != "" {
		// A desktop browser has its GPU process running before a page
		// asks for WebGL; a headless one starts it on the first request,
		// which the page's first frame would wait for. A tab of its own
		// asks first.
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.createElement("canvas").getContext("webgl2") !== null`)); err != nil {
			b.Fatal(err)
		}
		tab, cancelTab := chromedp.NewContext(ctx)
		defer cancelTab()
		ctx = tab
	}
	ctx, cancelTime := context.WithTimeout(ctx, 2*time.Minute)
	defer cancelTime()
	var mu sync.Mutex
	var lines []string
	console := chromedp.Console(ctx)
	go func() {
		for m, err := range console {
			if err != nil {
				return
			}
			mu.Lock()
			lines = append(lines, m.String())
			mu.Unlock()
		}
	}()
	var scripts []string
	if godebug != "" {
		scripts = append(scripts, fmt.Sprintf(godebugScript, godebug))
	}
	if os.Getenv("ANIMVIEW_PAGE_GLTIME") != "" {
		scripts = append(scripts, glTimeScript)
	}
	if f := os.Getenv("ANIMVIEW_PAGE_SCRIPT"); f != "" {
		js, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		scripts = append(scripts, string(js))
	}
	for _, js := range scripts {
		if _, err := chromedp.Run(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: js})
			return err
		})); err != nil {
			b.Fatal(err)
		}
	}
	if prof != "" {
		// A page of the same site first, whose renderer the page's
		// navigation keeps, so that the profiler follows it.
		if _, err := chromedp.Run(ctx, chromedp.Navigate(url+"/none")); err != nil {
			b.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			if _, err := cdp.Call(ctx, t, profiler.Enable, cdp.Empty{}); err != nil {
				return err
			}
			if _, err := cdp.Call(ctx, t, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 250}); err != nil {
				return err
			}
			_, err := cdp.Call(ctx, t, profiler.Start, cdp.Empty{})
			return err
		})); err != nil {
			b.Fatal(err)
		}
	}
	loads := 1
	if os.Getenv("ANIMVIEW_PAGE_REVISIT") != "" {
		loads = 2
	}
	for range loads {
		if _, err := chromedp.Run(ctx, chromedp.Navigate(url+"/")); err != nil {
			b.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`Number(document.body.dataset.frames) >= 1`, chromedp.WithPollingTimeout(90*time.Second))); err != nil {
			b.Fatalf("the first frame: %v\n%s", err, strings.Join(lines, "\n"))
		}
	}
	if prof != "" {
		_, err := chromedp.Run(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			r, err := cdp.Call(ctx, t, profiler.Stop, cdp.Empty{})
			if err != nil {
				return err
			}
			js, err := json.Marshal(r.Profile)
			if err != nil {
				return err
			}
			return os.WriteFile(prof, js, 0o644)
		}))
		if err != nil {
			b.Fatal(err)
		}
	}
	d, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`({...document.body.dataset})`))
	if err != nil {
		b.Fatal(err)
	}
	renderer, gpu := chromiumCPU()
	d["rendererCPUMs"], d["gpuCPUMs"] = fmt.Sprint(renderer.Milliseconds()), fmt.Sprint(gpu.Milliseconds())
	if d["path"] != "demo:" {
		b.Fatalf("the page opened %q, want the demo", d["path"])
	}
	if godebug != "" {
		if lines, err = chromedp.Run(ctx, chromedp.Evaluate[[]string](`globalThis.goLines`)); err != nil {
			b.Fatal(err)
		}
		return d, lines
	}
	mu.Lock()
	defer mu.Unlock()
	return d, slices.Clone(lines)
}
