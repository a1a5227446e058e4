package formats

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func fakeLoader(name, ext string, magic []byte) Loader {
	return Loader{
		Name: name, Extensions: []string{ext},
		Sniff: func(d []byte) bool { return magic != nil && bytes.HasPrefix(d, magic) },
		Load: func(in *Input) (*Asset, error) {
			if magic != nil && !bytes.HasPrefix(in.Data, magic) {
				return nil, errors.New(name + " wants its magic")
			}
			return &Asset{Skeleton: &Skeleton{Bones: []Bone{{Parent: -1, Bind: Identity()}}}}, nil
		},
	}
}

func TestRegistryDetection(t *testing.T) {
	r := NewRegistry(
		fakeLoader("a", "anim", []byte("AAAA")),
		fakeLoader("b", "anim", []byte("BBBB")),
		fakeLoader("c", "cccc", nil), // extension only
	)
	cases := []struct {
		name, file, data, want string
	}{
		{"content wins over extension", "x.cccc", "BBBB....", "b"},
		{"content and extension agree", "x.anim", "AAAA", "a"},
		{"extension when content is unknown", "x.cccc", "????", "c"},
		{"extension is case-insensitive", "X.CCCC", "????", "c"},
	}
	for _, c := range cases {
		a, err := r.Load(&Input{Name: c.file, Data: []byte(c.data)})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if a.Format != c.want {
			t.Errorf("%s: loaded as %q, want %q", c.name, a.Format, c.want)
		}
	}
	_, err := r.Load(&Input{Name: "x.zzz", Data: []byte("????")})
	if !errors.Is(err, ErrUnknownFormat) {
		t.Errorf("unknown file: %v", err)
	}
	// Two loaders claim .anim and neither recognises the content: both are
	// tried and both errors are reported.
	_, err = r.Load(&Input{Name: "x.anim", Data: []byte("????")})
	if err == nil || !strings.Contains(err.Error(), "a wants") || !strings.Contains(err.Error(), "b wants") {
		t.Errorf("shared extension: %v", err)
	}
}

// TestLoadErrorLines: when every loader of an extension fails, each
// loader's error stands on a line of its own under the heading (issue 24
// #6: they ran together as "…is not a clip length sims-anim: …"), and the
// error lists the loaders for a viewer that lays them out itself.
func TestLoadErrorLines(t *testing.T) {
	multi := fakeLoader("m", "anim", []byte("MMMM"))
	multi.Load = func(*Input) (*Asset, error) { return nil, errors.New("m first\nm second") }
	r := NewRegistry(fakeLoader("a", "anim", []byte("AAAA")), fakeLoader("b", "anim", []byte("BBBB")), multi)
	_, err := r.Load(&Input{Name: "x.anim", Data: []byte("????")})
	want := "x.anim: no loader recognised the content; the 3 loaders of .anim files each failed:\n" +
		"  a wants its magic\n" +
		"  b wants its magic\n" +
		"  m first\n" +
		"    m second"
	if err == nil || err.Error() != want {
		t.Fatalf("error:\n%v\nwant:\n%s", err, want)
	}
	var le *LoadError
	if !errors.As(err, &le) || !slices.Equal(le.Loaders, []string{"a", "b", "m"}) || len(le.Errs) != 3 {
		t.Fatalf("not a LoadError naming a, b and m: %#v", err)
	}
	if le.Errs[1].Error() != "b wants its magic" {
		t.Errorf("b's error: %v", le.Errs[1])
	}
}

func TestFSResolverStaysInItsFolder(t *testing.T) {
	fsys := fstest.MapFS{
		"dir/ABCD0001.CINF": {Data: []byte("cinf")},
		"secret":            {Data: []byte("no")},
	}
	r := FSResolver{FS: fsys, Dir: "dir"}
	if name, ok := FindSibling(r, "abcd0001.cinf"); !ok || name != "ABCD0001.CINF" {
		t.Errorf("FindSibling: %q %v", name, ok)
	}
	if b, err := r.Open("ABCD0001.CINF"); err != nil || string(b) != "cinf" {
		t.Errorf("Open: %q %v", b, err)
	}
	for _, bad := range []string{"../secret", "..", "/secret", `..\secret`, ""} {
		if _, err := r.Open(bad); err == nil {
			t.Errorf("Open(%q) escaped the folder", bad)
		}
	}
	small := FSResolver{FS: fsys, Dir: "dir", MaxSize: 2}
	if _, err := small.Open("ABCD0001.CINF"); err == nil {
		t.Error("size limit not applied")
	}
}

// TestFSResolverFolders: a FolderResolver goes down into sub-folders by
// plain names only, and a sub-folder's resolver keeps the size limit.
func TestFSResolverFolders(t *testing.T) {
	fsys := fstest.MapFS{
		"dir/model.ms3d":          {Data: []byte("m")},
		"dir/Textures/Skin.BMP":   {Data: []byte("bmp")},
		"dir/Textures/deep/x.tga": {Data: []byte("tga")},
		"secret":                  {Data: []byte("no")},
	}
	var r FolderResolver = FSResolver{FS: fsys, Dir: "dir", MaxSize: 3}
	dirs, err := r.Folders()
	if err != nil || !slices.Equal(dirs, []string{"Textures"}) {
		t.Fatalf("Folders: %q %v", dirs, err)
	}
	sub, err := r.Folder("Textures")
	if err != nil {
		t.Fatal(err)
	}
	if names, err := sub.List(); err != nil || !slices.Equal(names, []string{"Skin.BMP"}) {
		t.Errorf("sub List: %q %v", names, err)
	}
	if b, err := sub.Open("Skin.BMP"); err != nil || string(b) != "bmp" {
		t.Errorf("sub Open: %q %v", b, err)
	}
	if deep, err := sub.(FolderResolver).Folder("deep"); err != nil {
		t.Error(err)
	} else if _, err := deep.Open("x.tga"); err != nil {
		t.Error(err)
	}
	for _, bad := range []string{"..", ".", "Textures/deep", `..\dir`, "", "model.ms3d", "missing"} {
		if _, err := r.Folder(bad); err == nil {
			t.Errorf("Folder(%q) gave a resolver", bad)
		}
	}
	if _, err := sub.(FolderResolver).Folder(".."); err == nil {
		t.Error("a sub-folder's resolver went up")
	}
	small, _ := FSResolver{FS: fsys, Dir: "dir", MaxSize: 2}.Folder("Textures")
	if _, err := small.Open("Skin.BMP"); err == nil {
		t.Error("a sub-folder's resolver lost the size limit")
	}
}

// TestForeignGLTF: a glTF file, which no loader reads, is named as one
// with the tool that opens it (issue 33, item 9: a .glb said only
// "unknown format"); other unknown files keep the plain error. The
// vectors follow the glTF 2.0 specification's binary header (magic
// "glTF", version 2) and a JSON document's required "asset".
func TestForeignGLTF(t *testing.T) {
	r := NewRegistry(fakeLoader("a", "anim", []byte("AAAA")))
	cases := []struct {
		file, data, want string
	}{
		{"x.glb", "glTF\x02\x00\x00\x00\x0c\x00\x00\x00", "a binary glTF 2.0 file (.glb), an export for 3D tools, not a game's file: open it in Blender"},
		{"renamed.bin", "glTF\x02\x00\x00\x00", "a binary glTF 2.0 file (.glb)"},
		{"x.gltf", "{}", "a glTF 2.0 JSON file (.gltf)"},
		{"x.json", "\xef\xbb\xbf\n  {\"asset\":{\"version\":\"2.0\"}}", "a glTF 2.0 JSON file (.gltf)"},
		{"x.json", "{\"name\":1}", "(tried a by content"},
		{"x.zzz", "????", "(tried a by content"},
	}
	for _, c := range cases {
		_, err := r.Load(&Input{Name: c.file, Data: []byte(c.data)})
		if !errors.Is(err, ErrUnknownFormat) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want %q", c.file, c.data, err, c.want)
		}
	}
}
