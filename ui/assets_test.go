package ui

import (
	"testing"

	"github.com/animview/animview/ui/table"
)

// TestAssetListPak: the asset list of the demo character set's PAK lists
// its entries, in the PAK's order, the open one highlighted; the probe
// (on its own goroutine) finds each opens (readable, or with warnings)
// with its format and duration; typing filters; choosing a row opens that entry and closes
// the list.
func TestAssetListPak(t *testing.T) {
	a := newPakApp(t)
	entries := a.st.Asset().Entries
	a.showAssets()
	l := &a.list
	if !l.open || l.m.Items() != len(entries) || len(entries) < 2 {
		t.Fatalf("list open %v with %d rows, want the PAK's %d entries", l.open, l.m.Items(), len(entries))
	}
	if err := l.job.Wait(); err != nil {
		t.Fatal(err)
	}
	l.update(&a.script)
	if l.probed != l.probing || l.probing != len(entries) {
		t.Fatalf("probed %d of %d", l.probed, l.probing)
	}
	for k := range l.m.Len() {
		r, i := l.m.Row(k)
		if r.Cells[0] != entries[i].Name || (r.State != table.Readable && r.State != table.Warning) || r.Cells[1] == "" || r.Cells[2] == "" {
			t.Errorf("row %d: %q (%v), want %s opening with a format and a duration", k, r.Cells, r.State, entries[i].Name)
		}
	}
	if i, _ := l.m.Selected(); entries[i].Name != a.st.Asset().Entry && a.st.Asset().Entry != "" {
		t.Errorf("highlighted %s, open %s", entries[i].Name, a.st.Asset().Entry)
	}
	last := entries[len(entries)-1].Name
	l.m.Type(last)
	if l.m.Len() < 1 {
		t.Fatalf("typing %q left no row", last)
	}
	l.chooseSelected()
	if l.open || a.st.Asset().Entry != last {
		t.Errorf("chose %s: list open %v, entry %q open", last, l.open, a.st.Asset().Entry)
	}
}
