package release

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var mtime = time.Date(2026, 11, 26, 7, 8, 9, 0, time.UTC)

func contents(t Target) []File {
	return Contents(t, "1.2.0-rc.1", []byte("\x7fELF binary"), []byte("# animview\n"), []byte("MIT License\n"), []byte("THIRD_PARTY_LICENSES\n"))
}

// entry is what a reader sees of one archive entry.
type entry struct {
	name string
	mode fs.FileMode
	dir  bool
	data string
	time time.Time
	// link is a tar hard link's target; data is then the target's, as
	// an extracting program gives it.
	link string
}

func readTarGz(t *testing.T, b []byte) []entry {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if !zr.ModTime.IsZero() || zr.Name != "" {
		t.Errorf("gzip header carries a time %v or name %q", zr.ModTime, zr.Name)
	}
	tr := tar.NewReader(zr)
	var out []entry
	byName := map[string]string{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Uid != 0 || h.Gid != 0 || h.Uname != "root" {
			t.Errorf("%s: owner %d/%d %q", h.Name, h.Uid, h.Gid, h.Uname)
		}
		data, _ := io.ReadAll(tr)
		e := entry{h.Name, h.FileInfo().Mode().Perm(), h.Typeflag == tar.TypeDir, string(data), h.ModTime, ""}
		if h.Typeflag == tar.TypeLink {
			target, ok := byName[h.Linkname]
			if !ok || len(data) != 0 {
				t.Fatalf("%s: a hard link to %q, which is no earlier file, or with %d bytes of its own", h.Name, h.Linkname, len(data))
			}
			e.data, e.link = target, h.Linkname
		}
		byName[h.Name] = e.data
		out = append(out, e)
	}
}

func readZip(t *testing.T, b []byte) []entry {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	var out []entry
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(rc)
		rc.Close()
		out = append(out, entry{f.Name, f.Mode().Perm(), f.Mode().IsDir(), string(data), f.Modified, ""})
	}
	return out
}

// TestArchives reads every target's archive back: the folders and files
// in order, the programs executable, every entry at the commit's time.
func TestArchives(t *testing.T) {
	want := map[string][]string{
		"windows-amd64": {"animview-1.2.0-rc.1-windows-amd64/", "animview-1.2.0-rc.1-windows-amd64/animview.exe",
			"animview-1.2.0-rc.1-windows-amd64/README.md", "animview-1.2.0-rc.1-windows-amd64/LICENSE",
			"animview-1.2.0-rc.1-windows-amd64/THIRD_PARTY_LICENSES"},
		"darwin-arm64": {"animview-1.2.0-rc.1-darwin-arm64/", "animview-1.2.0-rc.1-darwin-arm64/animview.app/",
			"animview-1.2.0-rc.1-darwin-arm64/animview.app/Contents/", "animview-1.2.0-rc.1-darwin-arm64/animview.app/Contents/MacOS/",
			"animview-1.2.0-rc.1-darwin-arm64/animview", "animview-1.2.0-rc.1-darwin-arm64/README.md",
			"animview-1.2.0-rc.1-darwin-arm64/LICENSE", "animview-1.2.0-rc.1-darwin-arm64/THIRD_PARTY_LICENSES",
			"animview-1.2.0-rc.1-darwin-arm64/animview.app/Contents/Info.plist",
			"animview-1.2.0-rc.1-darwin-arm64/animview.app/Contents/MacOS/animview"},
		"linux-arm64": {"animview-1.2.0-rc.1-linux-arm64/", "animview-1.2.0-rc.1-linux-arm64/animview",
			"animview-1.2.0-rc.1-linux-arm64/README.md", "animview-1.2.0-rc.1-linux-arm64/LICENSE",
			"animview-1.2.0-rc.1-linux-arm64/THIRD_PARTY_LICENSES"},
	}
	for _, tg := range Targets() {
		names, ok := want[tg.String()]
		if !ok {
			continue
		}
		var buf bytes.Buffer
		if err := WriteArchive(&buf, tg, contents(tg), mtime); err != nil {
			t.Fatal(err)
		}
		var got []entry
		if tg.OS == "windows" {
			got = readZip(t, buf.Bytes())
		} else {
			got = readTarGz(t, buf.Bytes())
		}
		if len(got) != len(names) {
			t.Fatalf("%s: %d entries, want %d: %+v", tg, len(got), len(names), got)
		}
		for i, e := range got {
			if e.name != names[i] {
				t.Errorf("%s: entry %d is %q, want %q", tg, i, e.name, names[i])
			}
			if !e.time.Equal(mtime) {
				t.Errorf("%s: %s at %v, want %v", tg, e.name, e.time, mtime)
			}
			wantMode := fs.FileMode(0o644)
			if e.dir || strings.HasSuffix(e.name, "/animview") || strings.HasSuffix(e.name, ".exe") {
				wantMode = 0o755
			}
			if e.mode != wantMode {
				t.Errorf("%s: %s mode %v, want %v", tg, e.name, e.mode, wantMode)
			}
			if strings.HasSuffix(e.name, "animview") || strings.HasSuffix(e.name, ".exe") {
				if e.data != "\x7fELF binary" {
					t.Errorf("%s: %s holds %q", tg, e.name, e.data)
				}
			}
			wantLink := ""
			if strings.HasSuffix(e.name, ".app/Contents/MacOS/animview") {
				wantLink = strings.TrimSuffix(e.name, "animview.app/Contents/MacOS/animview") + "animview"
			}
			if e.link != wantLink {
				t.Errorf("%s: %s links to %q, want %q", tg, e.name, e.link, wantLink)
			}
			if strings.HasSuffix(e.name, "Info.plist") {
				for _, s := range []string{"<key>CFBundleExecutable</key>\n\t<string>animview</string>",
					"<key>CFBundleShortVersionString</key>\n\t<string>1.2.0</string>", "<key>CFBundlePackageType</key>\n\t<string>APPL</string>"} {
					if !strings.Contains(e.data, s) {
						t.Errorf("Info.plist lacks %q:\n%s", s, e.data)
					}
				}
			}
		}
	}
}

// TestMacAppExtracts: the system's tar (GNU tar here, bsdtar on macOS
// reads the same ustar entries) extracts the macOS archive with the app's
// program as the bare binary's bytes, executable; the binary is stored once.
func TestMacAppExtracts(t *testing.T) {
	tarPath, err := exec.LookPath("tar")
	if err != nil {
		t.Skip("no tar program")
	}
	tg := Target{"darwin", "arm64"}
	bin := bytes.Repeat([]byte("\x7fMach-O binary "), 4096) // 60 KiB: stored twice would show in the size
	files := Contents(tg, "1.2.0", bin, []byte("# animview\n"), []byte("MIT License\n"), []byte("THIRD_PARTY_LICENSES\n"))
	var buf bytes.Buffer
	if err := WriteArchive(&buf, tg, files, mtime); err != nil {
		t.Fatal(err)
	}
	if raw := gunzipLen(t, buf.Bytes()); raw > len(bin)+18*512 {
		t.Errorf("the tar is %d bytes for a %d-byte program: the program is stored more than once", raw, len(bin))
	}
	dir := t.TempDir()
	cmd := exec.Command(tarPath, "-xzf", "-", "-C", dir)
	cmd.Stdin = &buf
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tar -xzf: %v\n%s", err, out)
	}
	top := filepath.Join(dir, "animview-1.2.0-darwin-arm64")
	for _, p := range []string{"animview", "animview.app/Contents/MacOS/animview"} {
		got, err := os.ReadFile(filepath.Join(top, p))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, bin) {
			t.Errorf("%s: %d bytes extracted, not the program's %d", p, len(got), len(bin))
		}
		if fi, err := os.Stat(filepath.Join(top, p)); err != nil || fi.Mode().Perm() != 0o755 {
			t.Errorf("%s: mode %v (%v), want 0755", p, fi.Mode(), err)
		}
	}
}

// gunzipLen is the length of a gzip stream's content.
func gunzipLen(t *testing.T, b []byte) int {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	n, err := io.Copy(io.Discard, zr)
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// TestTarLinkToLaterFile: a hard link must name a file written before it.
func TestTarLinkToLaterFile(t *testing.T) {
	files := []File{{Name: "a/link", Data: []byte("x"), Mode: 0o644, LinkTo: "a/file"}, {Name: "a/file", Data: []byte("x"), Mode: 0o644}}
	err := WriteTarGz(io.Discard, files, mtime)
	if err == nil || !strings.Contains(err.Error(), "a/link: links to a/file, which is not an earlier file") {
		t.Errorf("WriteTarGz = %v, want the link's error", err)
	}
}

// TestArchivesReproducible: the same files give the same bytes, so the
// checksums of two builds of one commit agree; another time does not.
func TestArchivesReproducible(t *testing.T) {
	for _, tg := range []Target{{"windows", "amd64"}, {"darwin", "amd64"}} {
		var a, b, c bytes.Buffer
		for _, w := range []*bytes.Buffer{&a, &b} {
			if err := WriteArchive(w, tg, contents(tg), mtime); err != nil {
				t.Fatal(err)
			}
		}
		if err := WriteArchive(&c, tg, contents(tg), mtime.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two archives of the same files differ", tg)
		}
		if bytes.Equal(a.Bytes(), c.Bytes()) {
			t.Errorf("%s: the archive does not depend on the time it is given", tg)
		}
	}
}

func TestChecksums(t *testing.T) {
	got := string(Checksums(map[string][]byte{"b.zip": []byte("abc"), "a.tar.gz": nil}))
	// sha256("") and sha256("abc"), FIPS 180-2 appendix B.1.
	want := "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  a.tar.gz\n" +
		"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  b.zip\n"
	if got != want {
		t.Errorf("Checksums:\n%s\nwant\n%s", got, want)
	}
	sum := sha256.Sum256([]byte("abc"))
	if !strings.Contains(got, hex.EncodeToString(sum[:])) {
		t.Error("hash mismatch")
	}
}

func TestCheckVersion(t *testing.T) {
	for v, ok := range map[string]bool{
		"1.2.0": true, "v1.2.0": true, "1.2.0-rc.1": true, "1.2.0+build.5": true, "0.1.0": true,
		"": false, "1.2": false, "1.2.0 ": false, "1.2.0/x": false, "../1.0.0": false, "1.2.0-rc 1": false,
	} {
		if err := CheckVersion(v); (err == nil) != ok {
			t.Errorf("CheckVersion(%q) = %v", v, err)
		}
	}
}

func TestBuildArgs(t *testing.T) {
	got := strings.Join(BuildArgs("1.2.0", "out/animview.exe"), " ")
	want := "build -trimpath -ldflags=-s -w -X github.com/animview/animview/internal/version.release=1.2.0 -o out/animview.exe ./cmd/animview"
	if got != want {
		t.Errorf("BuildArgs:\n%s\nwant\n%s", got, want)
	}
	if got := strings.Join(BuildEnv(Target{"darwin", "arm64"}), " "); got != "CGO_ENABLED=0 GOOS=darwin GOARCH=arm64" {
		t.Errorf("BuildEnv: %s", got)
	}
}
