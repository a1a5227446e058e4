//go:build !js

package web

import (
	"encoding/base64"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPageCompareAndDropInChromium: the web page compares and retargets
// as the desktop window does (issue 31: "in the CLI, the window and the
// web page"). A file opened on the page, then a second chosen after
// Compare… (the page hands it over as the set to compare with), shows the
// compare view's status; a third dropped on the figure asks whether to
// play its motion there, and Enter plays it as a new clip, the open set
// kept.
func TestPageCompareAndDropInChromium(t *testing.T) {
	srv := servePage(t)
	p := openBrowser(t)
	p.do("open the page", chromedp.Navigate(srv.URL+"/"))
	p.waitFor("the demo's first frame", `Number(document.body.dataset.frames) >= 1`)
	const tso = "formats/sims/testdata/tso/"
	broom := readSample(t, tso+"a2o-broom-fly-leftside.c3bde7b200000007.anim")
	lever := readSample(t, tso+"a2o-lever-pull-complete.db9ea02800000007.anim")
	kart := readSample(t, tso+"a2o-kart-ride.985c76ca00000007.anim")

	// A drop on the built-in demo opens without a question.
	p.drop(map[string][]byte{"broom.anim": broom})
	p.waitFor("the broom opens", `document.body.dataset.path === 'broom.anim' && !document.body.dataset.asking`)

	// Compare…'s chooser hands its files over for comparing.
	eval[bool](p, fmt.Sprintf(
		`globalThis.animviewOpenFiles([{name: 'lever.anim', data: Uint8Array.from(atob(%q), c => c.charCodeAt(0)), sha256: null}], 'compare'), true`,
		base64.StdEncoding.EncodeToString(lever)))
	p.waitFor("the compare view's status", `(document.body.dataset.compare || '').includes('vs B')`)
	if path := eval[string](p, `document.body.dataset.path`); path != "broom.anim" {
		p.fatalf("comparing replaced the open file: %q", path)
	}

	// A motion dropped on the figure asks; Enter plays it there.
	p.drop(map[string][]byte{"kart.anim": kart})
	p.waitFor("the question", `document.body.dataset.asking === 'kart.anim'`)
	p.do("press Enter (play here)", chromedp.KeyEvent("\r"))
	p.waitFor("the motion plays on the broom's figure", `(document.body.dataset.clip || '').includes('(motion of kart.anim)') && document.body.dataset.path === 'broom.anim'`)
}
