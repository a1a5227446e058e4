package ui

import (
	"fmt"
	"math"
	"os"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/ui/folder"
	"github.com/animview/animview/ui/table"
	"github.com/animview/animview/ui/task"
)

// The asset list: the entries of the open container (a PAK, an SI, a
// folder, a character set) in a table with their name, format, duration
// (or size) and state, which probing each entry finds on a goroutine of
// its own (ui/task) so that the window goes on drawing; a file that is no
// container lists the readable files of its folder instead. Enter or a
// click opens the entry (the file).

// assetColumns are the asset list's columns; the duration column sorts
// by seconds, or by bytes for a file without clips.
var assetColumns = []table.Column{
	{Title: "name", Width: 4}, {Title: "format", Width: 2.2}, {Title: "duration", Width: 2.2}, {Title: "state", Width: 1.8},
}

// assetItem is a row of the asset list: an entry of the container at
// container, or (container "") the file at path.
type assetItem struct {
	name, path, container string
	// typ is what the container says the entry is (formats.Entry.Type),
	// shown as its format when there is one.
	typ string
	// err is why the entry does not open when known before probing.
	err string
}

// showAssets opens the asset list on the open container's entries, or on
// the readable files of the open file's folder.
func (a *App) showAssets() {
	p := a.st.Path()
	asset := a.st.Asset()
	if asset == nil || len(asset.Entries) == 0 {
		a.showFolderFiles(folder.Start(p))
		return
	}
	var items []assetItem
	selected := 0
	for i, e := range asset.Entries {
		items = append(items, assetItem{name: e.Name, container: p, err: e.Err, typ: e.Type})
		if e.Name == asset.Entry {
			selected = i
		}
	}
	a.showItems(fmt.Sprintf("Entries of %s (%d)", p, len(items)), items, selected)
}

// showFolderFiles opens the asset list on the readable files of folder
// dir (the open file's, or the one Ctrl+O's browser shows).
func (a *App) showFolderFiles(dir string) {
	ents, err := folder.List(dir, a.st.Files().Exts())
	if err != nil {
		a.st.ShowError(err.Error())
		return
	}
	var items []assetItem
	selected := -1
	for _, e := range ents {
		if !e.Dir {
			if e.Path == a.st.Path() {
				selected = len(items)
			}
			items = append(items, assetItem{name: e.Name, path: e.Path})
		}
	}
	a.showItems(fmt.Sprintf("Files of %s (%d)", dir, len(items)), items, max(selected, 0))
}

// showItems opens the asset list on items, row selected highlighted, and
// starts probing them.
func (a *App) showItems(title string, items []assetItem, selected int) {
	rows := make([]table.Row, len(items))
	for i, it := range items {
		rows[i] = table.Row{Cells: []string{it.name, "", ""}}
		if it.err != "" {
			rows[i] = errorRow(it.name, it.err)
		}
	}
	l := &a.list
	l.show(title, "Enter opens", 3, assetColumns, rows, func(i int) bool {
		if a.openAsset(items[i]) {
			return true
		}
		l.m.SetRow(i, errorRow(items[i].name, a.st.Messages().Err()))
		return false
	})
	l.m.SelectItem(selected)
	a.probeAssets(items)
}

// errorRow is the row of an entry that does not open, and why (its
// first line: a loader's errors may take several).
func errorRow(name, why string) table.Row {
	why, _, _ = strings.Cut(why, "\n")
	return table.Row{Cells: []string{name, why, ""}, Nums: []float64{math.NaN(), math.NaN(), math.NaN()}, State: table.Error}
}

// openAsset opens an item of the asset list and reports whether it
// opened (the list then closes; else the row says why not).
func (a *App) openAsset(it assetItem) bool {
	if it.container == "" {
		a.open(it.path)
		return a.st.Path() == it.path && a.st.Messages().Err() == ""
	}
	if a.st.Path() != it.container {
		a.st.ShowError("the list's container is no longer open: " + it.container)
		return true
	}
	return a.openEntry(it.name)
}

// probeResult is what probing row i found.
type probeResult struct {
	i   int
	row table.Row
}

// probeAssets probes the items on a goroutine of their own: each row
// gets its format, duration or size and state as its entry opens; the
// list takes the results at each update, and closing it stops the probe.
func (a *App) probeAssets(items []assetItem) {
	l := &a.list
	var pending []int
	for i, it := range items {
		if it.err == "" {
			pending = append(pending, i)
		}
	}
	if len(pending) == 0 {
		return
	}
	results := make(chan probeResult, len(pending))
	probe := a.prober()
	job := task.Start(func(progress func(done, total int) bool) error {
		for n, i := range pending {
			if !progress(n, len(pending)) {
				return nil
			}
			results <- probeResult{i, probeRow(items[i], probe)}
		}
		progress(len(pending), len(pending))
		return nil
	})
	l.probing, l.probed, l.job = len(pending), 0, job
	l.closed = job.Cancel
	var idx []int
	var rows []table.Row
	l.poll = func() {
		idx, rows = idx[:0], rows[:0]
		for more := true; more; {
			select {
			case r := <-results:
				idx, rows = append(idx, r.i), append(rows, r.row)
			default:
				more = false
			}
		}
		if len(idx) > 0 {
			l.m.Patch(idx, rows)
			l.probed += len(idx)
			l.version++
		}
	}
}

// prober returns the function that opens an item for probing, safe to
// call from the probe's goroutine: a folder is listed once and its
// entries opened from that listing, a file's entries through open.Entry
// (or the window's Options.OpenEntry), a file through open.Path (or
// Options.Open).
func (a tools) prober() func(it assetItem) (*formats.Asset, error) {
	o := a.opt.Load
	o.Entry = ""
	openFile, openEntry := a.opt.Open, a.opt.OpenEntry
	var dir *open.Folder
	var dirErr error
	var loads map[string]func() (*formats.Asset, error)
	listed := false
	return func(it assetItem) (*formats.Asset, error) {
		switch {
		case it.container == "" && openFile != nil:
			return openFile(it.path)
		case it.container == "":
			return open.Path(it.path, o)
		case openEntry != nil:
			return openEntry(it.container, it.name)
		}
		if st, err := os.Stat(it.container); err == nil && st.IsDir() {
			if !listed {
				dir, dirErr = open.OpenFolder(it.container, o)
				listed = true
			}
			if dirErr != nil {
				return nil, dirErr
			}
			return dir.Open(it.name)
		}
		if !listed {
			loads, listed = containerLoads(it.container, o), true
		}
		if load := loads[it.name]; load != nil {
			return load()
		}
		return open.Entry(it.container, it.name, o)
	}
}

// containerLoads opens the container file at path once, as a batch does
// (open.Batch: a PAK is read as its entries are needed, an SI once), and
// returns a function that opens each of its entries from what that read,
// by entry name; nil when path is no container of entries.
func containerLoads(path string, o open.Options) map[string]func() (*formats.Asset, error) {
	items, err := open.Batch(path, o)
	if err != nil || len(items) != 1 || items[0].Expand == nil {
		return nil
	}
	first, err := items[0].Load()
	if err != nil {
		return nil
	}
	_, _, more := items[0].Expand(first)
	loads := map[string]func() (*formats.Asset, error){first.Entry: func() (*formats.Asset, error) { return first, nil }}
	for _, m := range more {
		if e, ok := strings.CutPrefix(m.Name, path+":"); ok {
			loads[e] = m.Load
		}
	}
	return loads
}

// probeRow opens item it and says what came of it: its format, its
// longest clip's duration (for a file without clips, its size on disk or
// what it holds) and its state (an error, warnings, or readable).
func probeRow(it assetItem, probe func(assetItem) (*formats.Asset, error)) (row table.Row) {
	defer func() {
		if r := recover(); r != nil {
			row = errorRow(it.name, fmt.Sprintf("internal error: %v", r))
		}
	}()
	asset, err := probe(it)
	if err != nil {
		return errorRow(it.name, err.Error())
	}
	nan := math.NaN()
	format := asset.Format
	if it.typ != "" {
		format = it.typ
	}
	row = table.Row{Cells: []string{it.name, format, ""}, Nums: []float64{nan, nan, nan}, State: table.Readable}
	if len(asset.Warnings) > 0 {
		row.State = table.Warning
	}
	longest := -1.0
	for _, c := range asset.Clips {
		longest = max(longest, c.Duration)
	}
	switch {
	case longest >= 0:
		row.Cells[2] = fmt.Sprintf("%.2f s", longest)
		if len(asset.Clips) > 1 {
			row.Cells[2] = fmt.Sprintf("%.2f s (%d clips)", longest, len(asset.Clips))
		}
		row.Nums[2] = longest
	case it.container == "":
		if st, err := os.Stat(it.path); err == nil {
			row.Cells[2], row.Nums[2] = byteSize(st.Size()), float64(st.Size())
		}
	case len(asset.Meshes) > 0:
		row.Cells[2] = fmt.Sprintf("%d meshes", len(asset.Meshes))
	case asset.Skeleton != nil:
		row.Cells[2] = fmt.Sprintf("%d bones", len(asset.Skeleton.Bones))
	case len(asset.Images) > 0:
		row.Cells[2] = fmt.Sprintf("%d images", len(asset.Images))
	}
	return row
}

// byteSize says n bytes in B, KiB or MiB.
func byteSize(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}
