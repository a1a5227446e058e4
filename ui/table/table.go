// Package table is the model of the window's tables (the asset list of a
// container or a folder, the suit picker): rows of cells under columns,
// sorted by a column, filtered by what the user types, with a highlighted
// row and the rows in sight. It is pure Go; the window (ui) draws it and
// feeds it keys and clicks. Rows keep their index in the order they were
// given, so that the caller finds its own data behind the highlighted row
// whatever the sort and the filter, and can update a row (a probe's
// result) without losing the highlight.
package table

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// State is what probing a row's item found.
type State uint8

// The states of a row, in the order sorting by state puts them.
const (
	// Unknown: not probed yet (or probing).
	Unknown State = iota
	// Readable: it opens without a warning.
	Readable
	// Warning: it opens with warnings.
	Warning
	// Error: it does not open.
	Error
)

// String names the state as the table shows it.
func (s State) String() string {
	switch s {
	case Readable:
		return "readable"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return "…"
}

// Column is a column of the table.
type Column struct {
	// Title heads the column; Width is its share of the table's width.
	Title string
	Width float32
}

// Row is a row of the table.
type Row struct {
	// Cells are the row's text, one per column.
	Cells []string
	// Nums are sort keys for the columns that sort as numbers (a
	// duration, a size): where Nums has a column's key and it is not
	// NaN, the column sorts by it; rows without one sort after those
	// with one, by text.
	Nums []float64
	// State is what probing the row's item found; the column StateCol
	// names shows it, and sorting by that column sorts by it.
	State State
	// Mark sets a row apart (a suit for another skeleton); the window
	// draws it dimmed.
	Mark bool
}

// num is row r's numeric key for column c, or NaN.
func (r *Row) num(c int) float64 {
	if c < len(r.Nums) {
		return r.Nums[c]
	}
	return math.NaN()
}

// cell is row r's text in column c.
func (r *Row) cell(c int) string {
	if c < len(r.Cells) {
		return r.Cells[c]
	}
	return ""
}

// Model is a table's state. Its zero value is an empty table; SetColumns
// and SetRows fill it.
type Model struct {
	cols []Column
	rows []Row
	// stateCol is the column that shows and sorts by the rows' State
	// (-1: none).
	stateCol int
	// view indexes rows: those that match filter, in sort order.
	view []int
	// sortCol is the column sorted by (-1: the order given), desc
	// whether descending.
	sortCol int
	desc    bool
	filter  string
	// cursor indexes view: the highlighted row; top is the first row in
	// sight and page how many are.
	cursor, top, page int
}

// SetColumns sets the columns; stateCol is the one that shows the rows'
// State (-1 for none). The sort goes back to the order given.
func (m *Model) SetColumns(stateCol int, cols ...Column) {
	m.cols, m.stateCol, m.sortCol, m.desc = cols, stateCol, -1, false
	m.refresh(-1)
}

// StateCol is the column that shows the rows' State (-1: none).
func (m *Model) StateCol() int { return m.stateCol }

// Columns are the columns (read only).
func (m *Model) Columns() []Column { return m.cols }

// SetRows replaces the rows; the filter stays, the highlight goes to the
// first row.
func (m *Model) SetRows(rows []Row) {
	m.rows = rows
	if m.stateCol >= 0 {
		for i := range m.rows {
			m.setStateCell(i)
		}
	}
	m.cursor, m.top = 0, 0
	m.refresh(-1)
}

func (m *Model) setStateCell(i int) {
	r := &m.rows[i]
	for len(r.Cells) <= m.stateCol {
		r.Cells = append(r.Cells, "")
	}
	r.Cells[m.stateCol] = r.State.String()
}

// SetRow replaces row i (its index in the order given), keeping the row
// highlighted that was; the row moves where the sort and the filter put
// it. An i out of range is ignored.
func (m *Model) SetRow(i int, r Row) {
	if i < 0 || i >= len(m.rows) {
		return
	}
	keep, _ := m.Selected()
	m.rows[i] = r
	if m.stateCol >= 0 {
		m.setStateCell(i)
	}
	m.refresh(keep)
}

// Patch replaces rows idx[k] (indices in the order given) with rows[k],
// at one sort, keeping the highlighted row highlighted: a probe's results
// for many rows at once. Indices out of range are ignored.
func (m *Model) Patch(idx []int, rows []Row) {
	keep, _ := m.Selected()
	for k, i := range idx {
		if i >= 0 && i < len(m.rows) && k < len(rows) {
			m.rows[i] = rows[k]
			if m.stateCol >= 0 {
				m.setStateCell(i)
			}
		}
	}
	m.refresh(keep)
}

// Item is row i as given (its index in the order given).
func (m *Model) Item(i int) Row { return m.rows[i] }

// Items is how many rows were given.
func (m *Model) Items() int { return len(m.rows) }

// Len is how many rows match the filter.
func (m *Model) Len() int { return len(m.view) }

// Row is the k-th row shown (0 the first that matches, in sort order)
// and its index in the order given.
func (m *Model) Row(k int) (Row, int) {
	i := m.view[k]
	return m.rows[i], i
}

// SortBy sorts by column c, ascending; sorting again by the same column
// turns the order round; c < 0 goes back to the order given. The
// highlighted row stays highlighted.
func (m *Model) SortBy(c int) {
	keep, _ := m.Selected()
	switch {
	case c < 0 || c >= len(m.cols):
		m.sortCol, m.desc = -1, false
	case c == m.sortCol:
		m.desc = !m.desc
	default:
		m.sortCol, m.desc = c, false
	}
	m.refresh(keep)
}

// Sort is the column sorted by (-1: the order given) and whether the
// order is descending.
func (m *Model) Sort() (col int, desc bool) { return m.sortCol, m.desc }

// Filter is the text typed to filter the rows.
func (m *Model) Filter() string { return m.filter }

// SetFilter filters the rows: those with text in one of their cells, in
// any case, stay. The highlight goes to the first that matches.
func (m *Model) SetFilter(text string) {
	m.filter = text
	m.cursor, m.top = 0, 0
	m.refresh(-1)
}

// Type adds typed text to the filter.
func (m *Model) Type(text string) {
	if text != "" {
		m.SetFilter(m.filter + text)
	}
}

// Backspace removes the filter's last character.
func (m *Model) Backspace() {
	if r := []rune(m.filter); len(r) > 0 {
		m.SetFilter(string(r[:len(r)-1]))
	}
}

// matches reports whether row r has the filter f (lower case) in a cell.
func matches(r *Row, f string) bool {
	if f == "" {
		return true
	}
	for _, c := range r.Cells {
		if strings.Contains(strings.ToLower(c), f) {
			return true
		}
	}
	return false
}

// refresh filters and sorts the rows again; keep (an index in the order
// given, -1 for none) stays highlighted when it still shows.
func (m *Model) refresh(keep int) {
	m.view = m.view[:0]
	f := strings.ToLower(m.filter)
	for i := range m.rows {
		if matches(&m.rows[i], f) {
			m.view = append(m.view, i)
		}
	}
	if c := m.sortCol; c >= 0 {
		slices.SortStableFunc(m.view, func(i, j int) int {
			d := m.compare(c, i, j)
			if m.desc {
				d = -d
			}
			if d == 0 {
				d = cmp.Compare(i, j)
			}
			return d
		})
	}
	if keep >= 0 {
		if k := slices.Index(m.view, keep); k >= 0 {
			m.cursor = k
		}
	}
	m.cursor = max(0, min(m.cursor, len(m.view)-1))
	m.Move(0)
}

// compare orders rows i and j by column c: the state column by State,
// numbers before text, text in any case by its numbers' values
// ("clip2" before "clip10").
func (m *Model) compare(c, i, j int) int {
	a, b := &m.rows[i], &m.rows[j]
	if c == m.stateCol {
		return cmp.Compare(a.State, b.State)
	}
	x, y := a.num(c), b.num(c)
	switch xn, yn := !math.IsNaN(x), !math.IsNaN(y); {
	case xn && yn:
		if d := cmp.Compare(x, y); d != 0 {
			return d
		}
	case xn:
		return -1
	case yn:
		return 1
	}
	return Natural(a.cell(c), b.cell(c))
}

// Natural compares two texts in any case, runs of digits by their value:
// "clip2" comes before "clip10".
func Natural(a, b string) int {
	a, b = strings.ToLower(a), strings.ToLower(b)
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if d := cmp.Compare(len(na), len(nb)); d != 0 {
				return d
			}
			if d := cmp.Compare(na, nb); d != 0 {
				return d
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

// digits is how many ASCII digits s starts with.
func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// Cursor is the highlighted row's place among the rows shown (0 when
// none shows).
func (m *Model) Cursor() int { return m.cursor }

// Selected is the highlighted row's index in the order given; ok is false
// when no row shows.
func (m *Model) Selected() (i int, ok bool) {
	if m.cursor < 0 || m.cursor >= len(m.view) {
		return -1, false
	}
	return m.view[m.cursor], true
}

// Select highlights the k-th row shown, scrolling it into sight; false
// when there is no such row.
func (m *Model) Select(k int) bool {
	if k < 0 || k >= len(m.view) {
		return false
	}
	m.cursor = k
	m.Move(0)
	return true
}

// SelectItem highlights row i (its index in the order given) when it
// shows.
func (m *Model) SelectItem(i int) bool {
	return m.Select(slices.Index(m.view, i))
}

// Move moves the highlight d rows, scrolling to keep it in sight.
func (m *Model) Move(d int) {
	if len(m.view) == 0 {
		m.cursor, m.top = 0, 0
		return
	}
	m.cursor = max(0, min(m.cursor+d, len(m.view)-1))
	page := max(1, m.page)
	switch {
	case m.cursor < m.top:
		m.top = m.cursor
	case m.cursor >= m.top+page:
		m.top = m.cursor - page + 1
	}
	m.Scroll(0)
}

// Top is the first row in sight.
func (m *Model) Top() int { return m.top }

// SetPage says how many rows are in sight.
func (m *Model) SetPage(rows int) {
	if rows = max(1, rows); rows != m.page {
		m.page = rows
		m.Move(0)
	}
}

// Page is how many rows are in sight (at least 1).
func (m *Model) Page() int { return max(1, m.page) }

// Scroll moves the rows in sight d rows on, leaving the highlight where
// it is; the last page ends at the last row.
func (m *Model) Scroll(d int) {
	m.top = max(0, min(m.top+d, len(m.view)-m.Page()))
}
