//go:build !js

package web

import (
	"cmp"
	"crypto/sha256"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/render"
	"github.com/animview/animview/ui/state"
	"github.com/chromedp/chromedp"
)

// TestPageBarInChromium (issue 33, item 3): the Open files… bar lies
// outside the viewer's canvas, so that it covers neither the warnings
// banner at the top of the view (here the one that names the .cfp a skill
// needs) nor the Events heading; the canvas still starts at the page's
// corner and its drawing buffer fills it, so that the mouse lands where it
// points.
func TestPageBarInChromium(t *testing.T) {
	srv := servePage(t)
	p := openBrowser(t)
	p.do("open the page", chromedp.Navigate(srv.URL+"/"))
	p.waitFor("the demo's first frame", `Number(document.body.dataset.frames) >= 1`)
	set := simsSkillSet(t)
	p.drop(map[string][]byte{"person.cmx": set["person.cmx"]})
	p.waitFor("the skill's warning names its .cfp", `(document.body.dataset.warning || '').includes('a2o-scare.cfp')`)

	type rect struct{ Left, Top, Right, Bottom, W, H, BufW, BufH, DPR float64 }
	r := func(sel string) rect {
		return eval[rect](p, `(() => { const c = document.querySelector('canvas'); const r = document.querySelector('`+sel+`').getBoundingClientRect();
			return {Left: r.left, Top: r.top, Right: r.right, Bottom: r.bottom, W: r.width, H: r.height,
				BufW: c.width, BufH: c.height, DPR: devicePixelRatio}; })()`)
	}
	bar, canvas := r("#bar"), r("canvas")
	if bar.Left < canvas.Right && canvas.Left < bar.Right && bar.Top < canvas.Bottom && canvas.Top < bar.Bottom {
		p.fatalf("the bar %+v overlaps the viewer's canvas %+v", bar, canvas)
	}
	if canvas.Left != 0 || canvas.Top != 0 || canvas.W*canvas.DPR != canvas.BufW || canvas.H*canvas.DPR != canvas.BufH {
		p.fatalf("the canvas %+v: want it at the page's corner with a drawing buffer of its size", canvas)
	}
	// Along the top of the view, where the banner and the Events heading
	// are drawn, and the bottom, where the status line is, the page shows
	// the canvas.
	for _, y := range []float64{4, 20, 40, canvas.Bottom - 4} {
		for x := 2.0; x < canvas.Right; x += 40 {
			if on := eval[string](p, fmt.Sprintf(`document.elementFromPoint(%g, %g).tagName`, x, y)); on != "CANVAS" {
				p.fatalf("at (%g, %g) the page shows a %s over the viewer", x, y, on)
			}
		}
	}
	// The banner's colour (overlay.go: 0x3a3010 at 0xe8 over the
	// background) shows in the screenshot where the bar was drawn before,
	// the top middle of the page.
	img := p.shot()
	n := 0
	for y := 4; y < 40; y++ {
		for x := int(canvas.W/2) - 150; x < int(canvas.W/2)+150; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if d := int(cr>>8) - 0x37; d*d < 100 && int(cg>>8) > 0x20 && int(cg>>8) < 0x38 && int(cb>>8) < 0x22 {
				n++
			}
		}
	}
	if n < 2000 {
		p.fatalf("the top middle of the view has %d pixels in the banner's colour, want at least 2000", n)
	}
}

// skillLink is a view link of the skill set: its files in the order the
// viewer records them (the opened file first, then by name), the skill's
// clip paused at frame 5, a camera and toggles unlike the defaults, the
// HEAD bone selected, and the suit worn in the dark skin tone.
func skillLink(set map[string][]byte) state.Link {
	l := state.Link{View: state.LinkView{Clip: "a2o-scare", Frame: 5,
		Camera:    state.LinkCamera{Yaw: 75, Pitch: 12.5, Distance: 9, Target: [3]float64{0, 3.5, 0}},
		HasCamera: true, Show: render.ShowMeshBones, HasShow: true,
		Toggles:    state.ToggleLabels | state.ToggleOrtho | state.ToggleTextures | state.ToggleHelpers | state.ToggleLoop,
		HasToggles: true, Bone: "HEAD", Suits: [state.MaxLinkSuits]string{"suit-wide"}, Tone: sims.ToneDark, HasTone: true}}
	for name, b := range set {
		l.Files = append(l.Files, state.LinkFile{Name: name, Size: int64(len(b)), SHA256: sha256.Sum256(b)})
	}
	slices.SortFunc(l.Files, func(x, y state.LinkFile) int {
		return cmp.Or(cmp.Compare(boolInt(x.Name != "person.cmx"), boolInt(y.Name != "person.cmx")), strings.Compare(x.Name, y.Name))
	})
	return l
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestPageLinkInChromium (issue 31, the web page): a page opened with a
// view link asks for the link's files by name and size; the same files
// dropped show the link's clip at its frame, and the view the viewer then
// records (camera, toggles, bone) is the link itself. The skill's file
// changed opens with a warning naming it, its view restored (the files
// hashed by the browser the first time, by the viewer the second); a
// container's link opens its entry; a link
// without files applies to the demo at once; a bad link is a warning.
func TestPageLinkInChromium(t *testing.T) {
	srv := servePage(t)
	p := openBrowser(t)
	set := simsSkillSet(t)
	link := skillLink(set).String()
	t.Logf("the link: #%s", link)

	p.do("open the link", chromedp.Navigate(srv.URL+"/#"+link))
	p.waitFor("the prompt for the link's files", `!document.getElementById('linkprompt').hidden`)
	prompt := eval[string](p, `document.getElementById('linkprompt').textContent`)
	size := fmt.Sprintf("%d bytes", len(set["person.cmx"]))
	if n := len(set["person.cmx"]); n >= 1000 {
		size = fmt.Sprintf("%.1f kB", float64(n)/1e3)
	}
	if want := "person.cmx  (" + size + ")"; !strings.Contains(prompt, want) ||
		!strings.Contains(prompt, "a2o-scare.cfp") {
		p.fatalf("the prompt says %q, want it to name %q and a2o-scare.cfp", prompt, want)
	}
	// Until the files come, the address keeps the link.
	p.waitFor("the demo's first frame", `Number(document.body.dataset.frames) >= 1`)
	if h := eval[string](p, `location.hash`); h != "#"+link {
		p.fatalf("before the files, the address became %q", h)
	}
	p.drop(set)
	p.waitFor("the link's clip at its frame, paused", `document.body.dataset.path === 'person.cmx' && document.body.dataset.clip === 'a2o-scare' && `+
		`document.body.dataset.frame === '5' && document.body.dataset.playing === 'false' && document.body.dataset.suit === 'suit-wide'`)
	if !eval[bool](p, `document.getElementById('linkprompt').hidden`) {
		p.fatalf("the prompt stays after the files opened")
	}
	// The skill's own warning (a2o-scare drives bones the little
	// skeleton lacks) stays; none about the files.
	if w := eval[string](p, `document.body.dataset.warning`); strings.Contains(w, "link") {
		p.fatalf("the same files warn: %s", w)
	}
	// What the viewer records of its view once restored is the link: the
	// camera, the toggles, the bone and the suit's tone carried over.
	p.waitFor("the address records the restored view", `location.hash === '#`+link+`'`)

	// The view changes: the address follows.
	p.do("focus the viewer", chromedp.Focus("canvas"))
	p.do("press G (grid)", chromedp.KeyEvent("g"))
	p.waitFor("the address records the grid", `location.hash.includes('&on=grid,labels,')`)

	// A link made for another version of the skill: its files open with
	// a warning that names the file, and the view is restored.
	other := skillLink(set)
	other.Files[0].SHA256 = sha256.Sum256([]byte("another person.cmx"))
	p.do("leave the page", chromedp.Navigate("about:blank"))
	p.do("open the other link", chromedp.Navigate(srv.URL+"/#"+other.String()))
	p.waitFor("the prompt for the other link's files", `!document.getElementById('linkprompt').hidden`)
	// This time the viewer hashes the files (Go's crypto/sha256), as on a
	// page served without HTTPS, which has no SubtleCrypto.
	if !eval[bool](p, `Object.defineProperty(Crypto.prototype, 'subtle', {get: () => undefined}) && !crypto.subtle`) {
		p.fatalf("could not take SubtleCrypto away")
	}
	p.drop(set)
	p.waitFor("the warning that person.cmx differs", `(document.body.dataset.warning || '').startsWith('person.cmx differs from the link')`)
	p.waitFor("the view restored all the same", `document.body.dataset.clip === 'a2o-scare' && document.body.dataset.frame === '5'`)
	t.Logf("the warning: %s", eval[string](p, `document.body.dataset.warning`))
	// The address now records the files opened, hashed by the viewer as
	// the browser hashed them above.
	p.waitFor("the address records the files opened", `location.hash === '#`+link+`'`)

	// A container's entry: the link of minifig.si's second animation
	// opens that entry, then shows its frame.
	si := readSample(t, "formats/lego/testdata/minifig.si")
	siLink := state.Link{Files: []state.LinkFile{{Name: "minifig.si", Size: int64(len(si)), SHA256: sha256.Sum256(si)}},
		View: state.LinkView{Entry: "minifig_wave", Frame: 3}}
	p.do("leave the page", chromedp.Navigate("about:blank"))
	p.do("open the SI's link", chromedp.Navigate(srv.URL+"/#"+siLink.String()))
	p.waitFor("the prompt for the SI", `!document.getElementById('linkprompt').hidden`)
	p.drop(map[string][]byte{"minifig.si": si})
	p.waitFor("the SI's second animation at its frame", `document.body.dataset.path === 'minifig.si' && `+
		`document.body.dataset.clip === 'minifig_wave' && document.body.dataset.frame === '3' && document.body.dataset.playing === 'false'`)
	p.waitFor("the address records the entry", `location.hash.includes('&entry=minifig_wave&clip=minifig_wave&frame=3&')`)

	// A link without files is the demo's view: it applies at once.
	demo := state.Link{View: state.LinkView{Clip: "idle", Frame: 10, HasToggles: true, Toggles: state.ToggleLabels | state.ToggleOrtho}}
	p.do("leave the page", chromedp.Navigate("about:blank"))
	p.do("open the demo's link", chromedp.Navigate(srv.URL+"/#"+demo.String()))
	p.waitFor("the demo's clip at its frame", `document.body.dataset.path === 'demo:' && document.body.dataset.clip === 'idle' && `+
		`document.body.dataset.frame === '10' && document.body.dataset.playing === 'false'`)
	if !eval[bool](p, `document.getElementById('linkprompt').hidden`) {
		p.fatalf("a link without files asks for files")
	}

	// A bad link is a warning; the page opens as without it.
	p.do("leave the page", chromedp.Navigate("about:blank"))
	p.do("open a bad link", chromedp.Navigate(srv.URL+"/#v=1&frame=ten"))
	p.waitFor("the bad link's warning", `(document.body.dataset.warning || '').includes('field "frame"')`)
	if c := eval[string](p, `document.body.dataset.clip`); c != "walk" {
		p.fatalf("after a bad link the demo shows %q, want walk", c)
	}
}
