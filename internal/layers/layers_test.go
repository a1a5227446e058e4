package layers

import (
	"bufio"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const (
	module = "github.com/animview/animview"
	ebiten = "github.com/hajimehoshi/ebiten/"
)

// row is a line of the table: the packages a pattern names are in layer
// n; ebiten says whether they may import ebiten.
type row struct {
	pattern string
	layer   int
	ebiten  bool
}

// matches reports whether pkg (relative to the module) is pattern's, and
// how exactly: a name beats a "x/..." of the same x, which beats a
// shorter one.
func (r row) matches(pkg string) (bool, int) {
	if p, ok := strings.CutSuffix(r.pattern, "/..."); ok {
		if pkg == p || strings.HasPrefix(pkg, p+"/") {
			return true, 2 * len(p)
		}
		return false, 0
	}
	return pkg == r.pattern, 2*len(r.pattern) + 1
}

var rowLine = regexp.MustCompile(`^\| *([0-9]+) *\|([^|]*)\| *(yes|no) *\|$`)

// readTable reads the table of layers from the developers' guide.
func readTable(t *testing.T, file string) []row {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []row
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := rowLine.FindStringSubmatch(strings.TrimSpace(sc.Text()))
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		for _, p := range strings.Split(m[2], ",") {
			p = strings.Trim(strings.TrimSpace(p), "`")
			rows = append(rows, row{pattern: p, layer: n, ebiten: m[3] == "yes"})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) < 5 {
		t.Fatalf("%s: found %d rows of the table of layers", file, len(rows))
	}
	return rows
}

// place finds pkg's row, nil when the table has none.
func place(rows []row, pkg string) *row {
	var best *row
	bestScore := -1
	for i := range rows {
		if ok, score := rows[i].matches(pkg); ok && score > bestScore {
			best, bestScore = &rows[i], score
		}
	}
	return best
}

// imports lists, for every folder of the tree with Go files, the imports
// of all its files (tests and every build tag included), each with the
// file that has it.
func imports(t *testing.T, root string) map[string]map[string]string {
	out := map[string]map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(p))
		pkg := filepath.ToSlash(rel)
		if out[pkg] == nil {
			out[pkg] = map[string]string{}
		}
		for _, im := range f.Imports {
			v, err := strconv.Unquote(im.Path.Value)
			if err != nil {
				return fmt.Errorf("%s: %w", p, err)
			}
			out[pkg][v] = filepath.ToSlash(filepath.Join(rel, name))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestImportsFollowTheLayers: every package of the tree is in the table
// of docs/dev.md, and imports only packages of its own layer or an
// earlier one, and ebiten only where the table allows it.
func TestImportsFollowTheLayers(t *testing.T) {
	root := filepath.Join("..", "..")
	rows := readTable(t, filepath.Join(root, "docs", "dev.md"))
	all := imports(t, root)
	pkgs := make([]string, 0, len(all))
	for p := range all {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	if len(pkgs) < 30 {
		t.Fatalf("found %d packages under %s; is it the module's root?", len(pkgs), root)
	}
	for _, pkg := range pkgs {
		if pkg == "." {
			t.Errorf("the module's root holds Go files; the table has no row for them")
			continue
		}
		r := place(rows, pkg)
		if r == nil {
			t.Errorf("%s: no row of the table of layers in docs/dev.md places it", pkg)
			continue
		}
		ims := make([]string, 0, len(all[pkg]))
		for im := range all[pkg] {
			ims = append(ims, im)
		}
		sort.Strings(ims)
		for _, im := range ims {
			file := all[pkg][im]
			if strings.HasPrefix(im, ebiten) || strings.HasPrefix(im, "github.com/ebitenui/") {
				if !r.ebiten {
					t.Errorf("%s imports %s: layer %d (%s) never imports ebiten", file, im, r.layer, r.pattern)
				}
				continue
			}
			dep, ok := strings.CutPrefix(im, module+"/")
			if !ok {
				continue
			}
			d := place(rows, dep)
			switch {
			case d == nil:
				t.Errorf("%s imports %s, which no row of the table places", file, dep)
			case d.layer > r.layer:
				t.Errorf("%s imports %s: layer %d (%s) may not import layer %d (%s)", file, dep, r.layer, r.pattern, d.layer, d.pattern)
			}
		}
	}
}

// TestPlace checks the table's matching rule on made-up rows.
func TestPlace(t *testing.T) {
	rows := []row{{"formats", 2, false}, {"formats/...", 3, false}, {"formats/open", 4, false}, {"ui/...", 9, true}}
	tests := []struct {
		pkg  string
		want int
	}{
		{"formats", 2},
		{"formats/prime", 3},
		{"formats/prime/pak", 3},
		{"formats/open", 4},
		{"formats/openx", 3},
		{"ui", 9},
		{"ui/state", 9},
		{"uix", 0},
		{"player", 0},
	}
	for _, tt := range tests {
		got := 0
		if r := place(rows, tt.pkg); r != nil {
			got = r.layer
		}
		if got != tt.want {
			t.Errorf("place(%q) = layer %d, want %d", tt.pkg, got, tt.want)
		}
	}
}
