// Package release lays out animview's release archives: the targets it is
// built for, the go build command for each, the files each archive holds
// (a macOS archive has a minimal .app bundle beside the bare binary) and
// archive writers whose bytes depend only on their input, so that two
// builds of the same commit give the same checksums. The mkrelease
// command (scripts/release.sh) drives it.
package release

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Target is one operating system and processor the release is built for.
type Target struct{ OS, Arch string }

// Targets are the release's targets, in the order they are built.
func Targets() []Target {
	return []Target{
		{"windows", "amd64"}, {"windows", "arm64"},
		{"darwin", "amd64"}, {"darwin", "arm64"},
		{"linux", "amd64"}, {"linux", "arm64"},
	}
}

// String is the target as archives and folders name it: "linux-amd64".
func (t Target) String() string { return t.OS + "-" + t.Arch }

// Binary is the program's file name on the target.
func (t Target) Binary() string {
	if t.OS == "windows" {
		return "animview.exe"
	}
	return "animview"
}

// ArchiveExt is ".zip" for Windows, whose Explorer opens it, else ".tar.gz",
// which keeps the binary's executable bit.
func (t Target) ArchiveExt() string {
	if t.OS == "windows" {
		return ".zip"
	}
	return ".tar.gz"
}

// ArchiveName is the archive's file name for a version.
func (t Target) ArchiveName(version string) string {
	return t.folder(version) + t.ArchiveExt()
}

// folder is the archive's top folder for a version, named like the
// archive without its extension.
func (t Target) folder(version string) string {
	return "animview-" + version + "-" + t.String()
}

// versionRe is what a version may look like: it becomes part of file names
// and of the linker's -X flag.
var versionRe = regexp.MustCompile(`^v?[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]+)?$`)

// CheckVersion rejects a version that is not MAJOR.MINOR.PATCH with an
// optional "v" before and a -pre-release or +build suffix after it.
func CheckVersion(v string) error {
	if !versionRe.MatchString(v) {
		return fmt.Errorf("release: version %q is not MAJOR.MINOR.PATCH (for example 1.2.0 or 1.2.0-rc.1)", v)
	}
	return nil
}

// VersionPackage is the package whose release variable the linker sets.
const VersionPackage = "github.com/animview/animview/internal/version"

// BuildArgs are the go build arguments for the program on a target:
// stripped (-s -w), without the builder's paths (-trimpath), with the
// release version when one is given ("" leaves it "devel").
func BuildArgs(version, out string) []string {
	ld := "-s -w"
	if version != "" {
		ld += " -X " + VersionPackage + ".release=" + version
	}
	return []string{"build", "-trimpath", "-ldflags=" + ld, "-o", out, "./cmd/animview"}
}

// BuildEnv is the environment go build needs for a target, added to the
// caller's: cgo off, so that every target builds here and runs without a C
// library beyond the system's.
func BuildEnv(t Target) []string {
	return []string{"CGO_ENABLED=0", "GOOS=" + t.OS, "GOARCH=" + t.Arch}
}

// File is one file of an archive. Name is a slash-separated path inside
// the archive; Mode is 0o755 for programs, else 0o644. LinkTo, when set,
// names an earlier file of the archive with the same Data: a tar stores
// this one as a hard link to it (the bytes once), a zip stores the Data
// again.
type File struct {
	Name   string
	Data   []byte
	Mode   fs.FileMode
	LinkTo string
}

// Contents lists the files of a target's archive, under one top folder
// named like the archive: the binary, README.md (the user's README for
// that system, UserREADME), LICENSE and THIRD_PARTY_LICENSES; on macOS
// also animview.app, a bundle Finder opens with a double click, whose
// program is a hard link to the bare binary (one copy in the archive,
// which halves the download).
func Contents(t Target, version string, binary, readme, license, thirdParty []byte) []File {
	top := t.folder(version) + "/"
	files := []File{
		{Name: top + t.Binary(), Data: binary, Mode: 0o755},
		{Name: top + "README.md", Data: readme, Mode: 0o644},
		{Name: top + "LICENSE", Data: license, Mode: 0o644},
		{Name: top + "THIRD_PARTY_LICENSES", Data: thirdParty, Mode: 0o644},
	}
	if t.OS == "darwin" {
		files = append(files,
			File{Name: top + "animview.app/Contents/Info.plist", Data: InfoPlist(version), Mode: 0o644},
			File{Name: top + "animview.app/Contents/MacOS/animview", Data: binary, Mode: 0o755, LinkTo: top + t.Binary()},
		)
	}
	return files
}

// InfoPlist is a minimal bundle description for animview.app. macOS wants
// CFBundleShortVersionString as up to three numbers, so a pre-release
// suffix and a leading "v" stay out of it.
func InfoPlist(version string) []byte {
	short := strings.TrimPrefix(version, "v")
	if i := strings.IndexAny(short, "-+"); i >= 0 {
		short = short[:i]
	}
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
`)
	kv := [][2]string{
		{"CFBundleDevelopmentRegion", "en"},
		{"CFBundleExecutable", "animview"},
		{"CFBundleIdentifier", "io.github.animview.animview"},
		{"CFBundleInfoDictionaryVersion", "6.0"},
		{"CFBundleName", "animview"},
		{"CFBundleDisplayName", "animview"},
		{"CFBundlePackageType", "APPL"},
		{"CFBundleShortVersionString", short},
		{"CFBundleVersion", short},
		{"LSMinimumSystemVersion", "12.0"},
	}
	for _, e := range kv {
		fmt.Fprintf(&b, "\t<key>%s</key>\n\t<string>%s</string>\n", e[0], xmlEscape(e[1]))
	}
	b.WriteString("\t<key>NSHighResolutionCapable</key>\n\t<true/>\n</dict>\n</plist>\n")
	return b.Bytes()
}

// xmlEscape escapes the characters XML text may not hold.
func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// dirs returns the folders the files sit in, each once, parents first,
// in the order the files first reach them.
func dirs(files []File) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range files {
		var chain []string
		for d := path.Dir(f.Name); d != "." && d != "/"; d = path.Dir(d) {
			chain = append(chain, d+"/")
		}
		slices.Reverse(chain)
		for _, d := range chain {
			if !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
		}
	}
	return out
}

// WriteTarGz writes the files as a gzip-compressed tar: folders first,
// every entry owned by root with the given time, the gzip header without
// a name or time, so that the bytes depend on the files alone. A file
// with LinkTo is a hard link entry.
func WriteTarGz(w io.Writer, files []File, mtime time.Time) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(zw)
	hdr := func(name string, mode fs.FileMode, size int64, typ byte) *tar.Header {
		return &tar.Header{Typeflag: typ, Name: name, Mode: int64(mode), Size: size, ModTime: mtime.UTC(),
			Uname: "root", Gname: "root", Format: tar.FormatUSTAR}
	}
	for _, d := range dirs(files) {
		if err := tw.WriteHeader(hdr(d, 0o755, 0, tar.TypeDir)); err != nil {
			return fmt.Errorf("release: tar %s: %w", d, err)
		}
	}
	written := map[string]bool{}
	for _, f := range files {
		if f.LinkTo != "" {
			if !written[f.LinkTo] {
				return fmt.Errorf("release: tar %s: links to %s, which is not an earlier file", f.Name, f.LinkTo)
			}
			h := hdr(f.Name, f.Mode, 0, tar.TypeLink)
			h.Linkname = f.LinkTo
			if err := tw.WriteHeader(h); err != nil {
				return fmt.Errorf("release: tar %s: %w", f.Name, err)
			}
			continue
		}
		written[f.Name] = true
		if err := tw.WriteHeader(hdr(f.Name, f.Mode, int64(len(f.Data)), tar.TypeReg)); err != nil {
			return fmt.Errorf("release: tar %s: %w", f.Name, err)
		}
		if _, err := tw.Write(f.Data); err != nil {
			return fmt.Errorf("release: tar %s: %w", f.Name, err)
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return zw.Close()
}

// WriteZip writes the files as a zip archive with the given time on every
// entry (the DOS time and the UTC extended timestamp, both from mtime) and
// Unix modes, so the bytes depend on the files alone.
func WriteZip(w io.Writer, files []File, mtime time.Time) error {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestCompression)
	})
	for _, d := range dirs(files) {
		h := &zip.FileHeader{Name: d, Method: zip.Store, Modified: mtime.UTC()}
		h.SetMode(fs.ModeDir | 0o755)
		if _, err := zw.CreateHeader(h); err != nil {
			return fmt.Errorf("release: zip %s: %w", d, err)
		}
	}
	for _, f := range files {
		h := &zip.FileHeader{Name: f.Name, Method: zip.Deflate, Modified: mtime.UTC()}
		h.SetMode(f.Mode)
		fw, err := zw.CreateHeader(h)
		if err != nil {
			return fmt.Errorf("release: zip %s: %w", f.Name, err)
		}
		if _, err := fw.Write(f.Data); err != nil {
			return fmt.Errorf("release: zip %s: %w", f.Name, err)
		}
	}
	return zw.Close()
}

// WriteArchive writes the files in the target's archive format.
func WriteArchive(w io.Writer, t Target, files []File, mtime time.Time) error {
	if t.ArchiveExt() == ".zip" {
		return WriteZip(w, files, mtime)
	}
	return WriteTarGz(w, files, mtime)
}

// Checksums is a SHA256SUMS file for the named contents, in the format
// `sha256sum -c` checks: the hash, two spaces, the name; sorted by name.
func Checksums(files map[string][]byte) []byte {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	var b bytes.Buffer
	for _, n := range names {
		sum := sha256.Sum256(files[n])
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), n)
	}
	return b.Bytes()
}
