package ui

import (
	"fmt"
	"image/color"

	"github.com/animview/animview/ui/state"
	"github.com/animview/animview/ui/table"
	"github.com/animview/animview/ui/task"
	"github.com/hajimehoshi/ebiten/v2"
)

// browserProbe gives the rows of Ctrl+O's built-in browser the asset
// list's columns: each readable file of the folder shown is probed as
// the asset list probes its rows (probeRow), on a goroutine of its own,
// and its row shows its format, duration or size and state at the right.
// Going to another folder or closing the browser stops the probe. The
// state comes with each call that reads it.
type browserProbe struct {
	tools
	dir string
	// rows are the probed files' rows by path.
	rows    map[string]table.Row
	results chan probeResult
	paths   []string
	job     *task.Job
	// version counts the results taken, for the redraw key.
	version int
}

// start probes the readable files among entries, the listing of dir.
func (p *browserProbe) start(dir string, entries []state.BrowserEntry) {
	p.stop()
	p.dir, p.rows, p.paths = dir, map[string]table.Row{}, nil
	var items []assetItem
	for _, e := range entries {
		if !e.Dir && !e.Place && !e.Recent && !e.Save && !e.Here {
			items = append(items, assetItem{name: e.Name, path: e.Path})
			p.paths = append(p.paths, e.Path)
		}
	}
	if len(items) == 0 {
		return
	}
	results := make(chan probeResult, len(items))
	probe := p.prober()
	p.results = results
	p.job = task.Start(func(progress func(done, total int) bool) error {
		for i, it := range items {
			if !progress(i, len(items)) {
				return nil
			}
			results <- probeResult{i, probeRow(it, probe)}
		}
		return nil
	})
}

// stop stops the probe.
func (p *browserProbe) stop() {
	if p.job != nil {
		p.job.Cancel()
		p.job = nil
	}
}

// poll takes the probe's results while the browser shows a folder's
// listing (and stops it when the browser closed).
func (p *browserProbe) poll(st *state.State) {
	if p.job == nil {
		return
	}
	if !st.Browser().Open() {
		p.stop()
		return
	}
	for {
		select {
		case r := <-p.results:
			p.rows[p.paths[r.i]] = r.row
			p.version++
			if len(p.rows) == len(p.paths) {
				p.trace()
			}
		default:
			return
		}
	}
}

// trace logs the probed rows once all are in (Options.Trace), for the
// tests that drive the window: "browser: probed N files of DIR", then a
// line a file, its name and state.
func (p *browserProbe) trace() {
	if !p.opt.Trace {
		return
	}
	p.opt.Log(fmt.Sprintf("browser: probed %d files of %s", len(p.paths), p.dir))
	for _, path := range p.paths {
		r := p.rows[path]
		p.opt.Log("browser row: " + r.Cells[0] + " | " + r.State.String())
	}
}

// draw draws entry e's format, duration and state at the right of its row
// (at x, y, w wide) and returns the width left for its name.
func (p *browserProbe) draw(st *state.State, screen *ebiten.Image, e state.BrowserEntry, x, y, w float32) float32 {
	r, ok := p.rows[e.Path]
	if !ok || len(r.Cells) < 3 || st.Browser().Dir() != p.dir {
		return w
	}
	k := p.kit
	colW := w * 0.45
	cx := x + w - colW
	xs := []float32{cx, cx + colW*0.4, cx + colW*0.67, x + w}
	cells := []string{r.Cells[1], r.Cells[2], r.State.String()}
	for c, s := range cells {
		var col color.Color = colDim
		if c == 2 {
			col = stateColor(r.State)
		}
		k.drawText(screen, k.fitRight(s, int(xs[c+1]-xs[c])-8), float64(xs[c]), float64(y), col, k.small)
	}
	return w - colW - 8
}
