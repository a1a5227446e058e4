package ui

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"strings"

	"github.com/go-text/typesetting/font"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// The viewer's own face (Go Regular) covers Latin, Greek and Cyrillic
// only, so a file or bone named in Japanese, Chinese or Korean drew as
// boxes (issue 33, item 9). Bundling a face that covers CJK would add
// 5-14 MB to every download; the systems our users run already have one,
// so the viewer borrows it: the first of fallbackFontPaths that exists and covers
// the probe runes backs Go Regular up, glyph by glyph (text.MultiFace).
// Go Regular stays first, so Latin text draws exactly as before.

// fallbackFontPaths lists where systems of goos keep a face for CJK.
func fallbackFontPaths(goos string) []string {
	switch goos {
	case "linux":
		return []string{
			"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
			"/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
			"/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
			"/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
			"/usr/share/fonts-droid-fallback/truetype/DroidSansFallbackFull.ttf",
			"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
			"/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
			"/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
			"/usr/share/fonts/truetype/unfonts-core/UnDotum.ttf",
		}
	case "windows":
		return []string{
			`C:\Windows\Fonts\YuGothM.ttc`,
			`C:\Windows\Fonts\msgothic.ttc`,
			`C:\Windows\Fonts\msyh.ttc`,
			`C:\Windows\Fonts\simsun.ttc`,
			`C:\Windows\Fonts\malgun.ttf`,
		}
	case "darwin":
		return []string{
			"/System/Library/Fonts/Hiragino Sans GB.ttc",
			"/System/Library/Fonts/PingFang.ttc",
			"/System/Library/Fonts/AppleSDGothicNeo.ttc",
			"/Library/Fonts/Arial Unicode.ttf",
		}
	}
	return nil
}

// fallbackProbe are the runes a fallback face must have: kana and common
// ideographs, what Japanese games and Chinese mods name files with. Hangul
// is not asked for: Droid Sans Fallback, Debian's smallest CJK face,
// lacks its syllables (Noto Sans CJK has them).
const fallbackProbe = "あア日本語"

// systemFallbackPaths lists where this system keeps a CJK face, the
// ANIMVIEW_FALLBACK_FONT variable's file first; that variable set to
// "none" turns the fallback off.
func systemFallbackPaths() []string {
	var paths []string
	switch p := os.Getenv("ANIMVIEW_FALLBACK_FONT"); p {
	case "":
	case "none":
		return nil
	default:
		paths = append(paths, p)
	}
	if windir := os.Getenv("WINDIR"); runtime.GOOS == "windows" && windir != "" {
		for _, p := range fallbackFontPaths("windows") {
			paths = append(paths, windir+strings.TrimPrefix(p, `C:\Windows`))
		}
		return paths
	}
	return append(paths, fallbackFontPaths(runtime.GOOS)...)
}

// fallbackFont is a face source found on the system, and where.
type fallbackFont struct {
	src  *text.GoTextFaceSource
	path string
}

// findFallbackFont returns the first face among paths that covers every
// rune of probe. A missing file is passed over; an unreadable one too,
// its error kept for the message when none is found.
func findFallbackFont(paths []string, probe string) (fallbackFont, error) {
	var firstErr error
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			if !os.IsNotExist(err) && firstErr == nil {
				firstErr = fmt.Errorf("fallback font %s: %w", p, err)
			}
			continue
		}
		srcs, err := text.NewGoTextFaceSourcesFromCollection(bytes.NewReader(data))
		if err != nil {
			if firstErr == nil {
				firstErr = fmt.Errorf("fallback font %s: %w", p, err)
			}
			continue
		}
		for _, src := range srcs {
			if covers(src, probe) {
				return fallbackFont{src: src, path: p}, nil
			}
		}
	}
	if firstErr != nil {
		return fallbackFont{}, firstErr
	}
	return fallbackFont{}, fmt.Errorf("no font for CJK text in %d places (set ANIMVIEW_FALLBACK_FONT to one)", len(paths))
}

// covers reports whether src has a glyph for every rune of s: a face
// with only some of them would still draw boxes for the rest. Ebitengine
// keeps its cmap behind UnsafeInternal (go-text's *font.Face); were that
// ever to change, the face is taken on trust.
func covers(src *text.GoTextFaceSource, s string) bool {
	f, ok := src.UnsafeInternal().(interface {
		NominalGlyph(rune) (font.GID, bool)
	})
	if !ok {
		return true
	}
	for _, r := range s {
		if _, ok := f.NominalGlyph(r); !ok {
			return false
		}
	}
	return true
}

// withFallback returns face backed up by src for the glyphs face lacks,
// at a size whose ascent, descent and line gap are no larger than
// face's: lines, and so every panel's layout, stay as tall as with the
// viewer's face alone.
func withFallback(face *text.GoTextFace, src *text.GoTextFaceSource) (text.Face, error) {
	fb := &text.GoTextFace{Source: src, Size: face.Size}
	m, n := face.Metrics(), fb.Metrics()
	scale := 1.0
	for _, r := range [][2]float64{{m.HAscent, n.HAscent}, {m.HDescent, n.HDescent}, {m.HLineGap, n.HLineGap}} {
		if r[1] > r[0] && r[1] > 0 {
			scale = min(scale, r[0]/r[1])
		}
	}
	// A hair under, so that rounding cannot make a line a pixel taller.
	fb.Size = face.Size * scale * 0.999
	return text.NewMultiFace(face, fb)
}

// fallbackLoad is what the search for a fallback face found.
type fallbackLoad struct {
	font fallbackFont
	err  error
}

// startFallback looks for a fallback face among paths in the
// background: reading and parsing one takes tens of milliseconds, which
// the first frame need not wait for.
func (k *kit) startFallback(paths []string) {
	if len(paths) == 0 {
		return
	}
	ch := make(chan fallbackLoad, 1)
	k.fallback = ch
	go func() {
		f, err := findFallbackFont(paths, fallbackProbe)
		ch <- fallbackLoad{f, err}
	}()
}

// pollFallback puts a fallback face found since the last call behind the
// kit's faces (the widgets hold pointers to them, so they draw with it
// from then on) and says what happened, or returns "" while the search
// goes on or after it ended. With wait, it waits for the search to end:
// a screenshot run's pictures must not depend on how fast the disk was.
func (k *kit) pollFallback(wait bool) string {
	if k.fallback == nil {
		return ""
	}
	var r fallbackLoad
	if wait {
		r = <-k.fallback
	} else {
		select {
		case r = <-k.fallback:
		default:
			return ""
		}
	}
	k.fallback = nil
	if r.err != nil {
		return "font: " + r.err.Error()
	}
	face, err := withFallback(k.own, r.font.src)
	if err != nil {
		return "font: " + err.Error()
	}
	small, err := withFallback(k.ownSmall, r.font.src)
	if err != nil {
		return "font: " + err.Error()
	}
	k.face, k.small = face, small
	return "font: CJK text from " + r.font.path
}
