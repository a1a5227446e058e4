package state

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	fdemo "github.com/animview/animview/formats/demo"
)

// valueTypes are the state's types with exported fields: plain values it
// hands out (copies), never the state itself.
var valueTypes = []string{"BoneInfo", "BoneTransform", "BrowserEntry", "ClipGroup", "ExportChoice", "Fired", "Link", "LinkCamera", "LinkFile",
	"LinkView", "TransitionPreview", "TreeLine"}

// noIO are packages the state may not import: it reads and writes no
// files, runs no programs and starts no goroutines to wait on.
var noIO = []string{"bufio", "io", "io/fs", "io/ioutil", "net", "net/http", "os", "os/exec", "path/filepath",
	"sync", "sync/atomic", "syscall"}

// TestStateIsPlain: the package is plain data changed by its methods. It
// starts no goroutine, uses no channel, imports nothing that reads files
// or synchronises goroutines, and its types keep their fields unexported
// (so that the window changes them only through methods), except the
// value types it hands out. No exported function or method returns a
// pointer to one of its types but New's *State: the parts of the state
// (Playback, Visibility, ...) are handed out as copies, so the window
// changes them only through State's methods.
func TestStateIsPlain(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var withFields []string
	files := 0
	// The package's own types, for the pointer check.
	own := map[string]bool{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok {
				own[ts.Name.Name] = true
			}
			return true
		})
	}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files++
		for _, im := range f.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); slices.Contains(noIO, p) {
				t.Errorf("%s imports %s", name, p)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.GoStmt:
				t.Errorf("%s: a goroutine", fset.Position(x.Pos()))
			case *ast.ChanType:
				t.Errorf("%s: a channel", fset.Position(x.Pos()))
			case *ast.SendStmt:
				t.Errorf("%s: a send", fset.Position(x.Pos()))
			case *ast.TypeSpec:
				st, ok := x.Type.(*ast.StructType)
				if !ok {
					return true
				}
				for _, fl := range st.Fields.List {
					for _, id := range fl.Names {
						if id.IsExported() && !slices.Contains(withFields, x.Name.Name) {
							withFields = append(withFields, x.Name.Name)
						}
					}
				}
			case *ast.FuncDecl:
				if !x.Name.IsExported() || x.Type.Results == nil {
					return true
				}
				for _, r := range x.Type.Results.List {
					if s, ok := r.Type.(*ast.StarExpr); ok {
						if id, ok := s.X.(*ast.Ident); ok && own[id.Name] && !(x.Name.Name == "New" && id.Name == "State") {
							t.Errorf("%s: %s returns a *%s", fset.Position(x.Pos()), x.Name.Name, id.Name)
						}
					}
				}
			}
			return true
		})
	}
	slices.Sort(withFields)
	if !slices.Equal(withFields, valueTypes) {
		t.Errorf("types with exported fields %v, want only the value types %v", withFields, valueTypes)
	}
	if files < 8 {
		t.Fatalf("checked %d files", files)
	}
}

// TestPartsAreCopies: what State hands out is the window's to keep or
// change: a part read before a change keeps its old values, and writing
// into what a part returns (its marks, its lists) leaves the state as it
// was, so that the state changes only through State's methods.
func TestPartsAreCopies(t *testing.T) {
	a := fdemo.New()
	a.Warnings = []string{"skeleton guessed"}
	s := New("demo:", a)
	before := s.Playback()
	s.Seek(0.5)
	if before.Time() != 0 || s.Playback().Time() != 0.5 {
		t.Errorf("a copy taken before Seek reads %v, the state %v", before.Time(), s.Playback().Time())
	}

	h := s.Visibility().HiddenBones(nil)
	h[2] = true
	if s.Visibility().BoneHidden(2) {
		t.Error("writing into HiddenBones' copy hid the bone")
	}
	ws := s.Messages().Warnings()
	ws[0] = "changed"
	if s.Messages().Warnings()[0] != "skeleton guessed" {
		t.Error("writing into Warnings' copy changed the warning")
	}
	s.SetExts([]string{"ms3d"})
	s.SetRecent([]string{"/a.ms3d"})
	s.Files().Exts()[0], s.Files().Recent()[0] = "x", "/x"
	if s.Files().Exts()[0] != "ms3d" || s.Files().Recent()[0] != "/a.ms3d" {
		t.Error("writing into Exts' or Recent's copy changed the files")
	}
	s.ShowBrowser("/data", nil, []BrowserEntry{{Name: "a.ms3d", Path: "/data/a.ms3d"}}, "")
	rows := s.Browser().Rows()
	rows[len(rows)-1].Path = "/elsewhere"
	if got := s.Browser().Rows(); got[len(got)-1].Path != "/data/a.ms3d" {
		t.Errorf("writing into Rows' copy changed the browser: %+v", got)
	}
}
