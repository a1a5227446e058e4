package table

import (
	"math"
	"slices"
	"testing"
)

// fixture is a table of five entries as a folder's asset list has them:
// name, format, duration (a number to sort by, NaN for none) and state.
func fixture() *Model {
	var m Model
	m.SetColumns(3, Column{Title: "name"}, Column{Title: "format"}, Column{Title: "duration"}, Column{Title: "state"})
	nan := math.NaN()
	m.SetRows([]Row{
		{Cells: []string{"walk10.anim", "sims-anim", "2.5 s"}, Nums: []float64{nan, nan, 2.5}, State: Readable},
		{Cells: []string{"walk2.anim", "sims-anim", "10 s"}, Nums: []float64{nan, nan, 10}, State: Warning},
		{Cells: []string{"empty.anim", "", ""}, State: Error},
		{Cells: []string{"Bird.ms3d", "ms3d", "1 s"}, Nums: []float64{nan, nan, 1}, State: Unknown},
		{Cells: []string{"scene.si", "lego-si", "0.5 s"}, Nums: []float64{nan, nan, 0.5}, State: Readable},
	})
	m.SetPage(3)
	return &m
}

// shown is the names of the rows shown, in order.
func shown(m *Model) []string {
	var out []string
	for k := range m.Len() {
		r, _ := m.Row(k)
		out = append(out, r.Cells[0])
	}
	return out
}

func TestSort(t *testing.T) {
	for _, tc := range []struct {
		name  string
		sorts []int
		want  []string
	}{
		{"as given", nil, []string{"walk10.anim", "walk2.anim", "empty.anim", "Bird.ms3d", "scene.si"}},
		// Names in any case, digits by value: walk2 before walk10.
		{"by name", []int{0}, []string{"Bird.ms3d", "empty.anim", "scene.si", "walk2.anim", "walk10.anim"}},
		{"by name, descending", []int{0, 0}, []string{"walk10.anim", "walk2.anim", "scene.si", "empty.anim", "Bird.ms3d"}},
		// Numbers, not text ("10 s" after "2.5 s"); a row without one last.
		{"by duration", []int{2}, []string{"scene.si", "Bird.ms3d", "walk10.anim", "walk2.anim", "empty.anim"}},
		// By state: unknown, readable, warning, error; ties as given.
		{"by state", []int{3}, []string{"Bird.ms3d", "walk10.anim", "scene.si", "walk2.anim", "empty.anim"}},
		{"back to as given", []int{2, -1}, []string{"walk10.anim", "walk2.anim", "empty.anim", "Bird.ms3d", "scene.si"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := fixture()
			for _, c := range tc.sorts {
				m.SortBy(c)
			}
			if got := shown(m); !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestFilter(t *testing.T) {
	for _, tc := range []struct {
		typed string
		back  int
		want  []string
	}{
		{"", 0, []string{"walk10.anim", "walk2.anim", "empty.anim", "Bird.ms3d", "scene.si"}},
		{"WALK", 0, []string{"walk10.anim", "walk2.anim"}},
		// Any cell: the format, the state column's word.
		{"lego", 0, []string{"scene.si"}},
		{"error", 0, []string{"empty.anim"}},
		{"warn", 0, []string{"walk2.anim"}},
		{"zzz", 0, nil},
		{"walkx", 1, []string{"walk10.anim", "walk2.anim"}},
	} {
		m := fixture()
		m.Type(tc.typed)
		for range tc.back {
			m.Backspace()
		}
		if got := shown(m); !slices.Equal(got, tc.want) {
			t.Errorf("typed %q, %d back: got %q, want %q", tc.typed, tc.back, got, tc.want)
		}
		if _, ok := m.Selected(); ok != (len(tc.want) > 0) {
			t.Errorf("typed %q: selected %v", tc.typed, ok)
		}
	}
}

func TestSelection(t *testing.T) {
	m := fixture()
	// The highlight follows its row through a sort and an update.
	m.Move(3) // Bird.ms3d
	if i, _ := m.Selected(); i != 3 {
		t.Fatalf("selected %d, want 3", i)
	}
	m.SortBy(0)
	if i, _ := m.Selected(); i != 3 || m.Cursor() != 0 {
		t.Errorf("after sorting by name: selected %d at %d, want 3 at 0", i, m.Cursor())
	}
	r := m.Item(3)
	r.State = Error
	m.SortBy(3)
	m.SetRow(3, r) // a probe's result moves the row
	if i, _ := m.Selected(); i != 3 || m.Cursor() != 4 || m.Item(3).Cells[3] != "error" {
		t.Errorf("after an update: selected %d at %d (%q), want 3 at 4 (error)", i, m.Cursor(), m.Item(3).Cells[3])
	}
	// The page scrolls to keep the highlight in sight, and ends at the
	// last row.
	if m.Top() != 2 {
		t.Errorf("top %d, want 2 (rows 2..4 of 5 in a page of 3)", m.Top())
	}
	m.Move(-10)
	if m.Cursor() != 0 || m.Top() != 0 {
		t.Errorf("cursor %d top %d after moving up past the first", m.Cursor(), m.Top())
	}
	m.Scroll(10)
	if m.Top() != 2 || m.Cursor() != 0 {
		t.Errorf("scrolled: top %d cursor %d, want 2 and 0", m.Top(), m.Cursor())
	}
	if m.Select(5) || !m.Select(4) || !m.SelectItem(0) {
		t.Error("Select out of range accepted or in range refused")
	}
	// A filter that a highlighted row still matches moves the highlight
	// to the first row; none matching, nothing is selected.
	m.SetFilter("nothing")
	if _, ok := m.Selected(); ok || m.Len() != 0 {
		t.Error("a row is selected with none shown")
	}
	m.SetRow(9, Row{}) // out of range: ignored
}

func TestNatural(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"clip2", "clip10", -1},
		{"Clip2", "clip2", 0},
		{"a", "ab", -1},
		{"x007", "x7", 0},
		{"b", "a9", 1},
	} {
		if got := Natural(tc.a, tc.b); got != tc.want {
			t.Errorf("Natural(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestPatch: a probe's results for several rows land at one sort, the
// state column follows each row's State, and the highlight stays on its
// row.
func TestPatch(t *testing.T) {
	m := fixture()
	m.SortBy(3) // by state
	m.SelectItem(4)
	m.Patch([]int{3, 4, 9}, []Row{
		{Cells: []string{"Bird.ms3d", "ms3d", "1 s"}, State: Error},
		{Cells: []string{"scene.si", "lego-si", "0.5 s"}, State: Warning},
		{Cells: []string{"out of range"}},
	})
	want := []string{"walk10.anim", "walk2.anim", "scene.si", "empty.anim", "Bird.ms3d"}
	if got := shown(m); !slices.Equal(got, want) {
		t.Errorf("after the patch: %q, want %q", got, want)
	}
	if i, _ := m.Selected(); i != 4 || m.Item(3).Cells[3] != "error" || m.Item(4).Cells[3] != "warning" {
		t.Errorf("selected %d (want 4), states %q %q", i, m.Item(3).Cells[3], m.Item(4).Cells[3])
	}
}
