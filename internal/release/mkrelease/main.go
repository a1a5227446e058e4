// Command mkrelease builds animview's release archives (scripts/release.sh):
//
//	go run ./internal/release/mkrelease [-out DIR] VERSION
//	go run ./internal/release/mkrelease -build-only -out DIR [VERSION]
//
// It builds the checkout's HEAD commit from a fresh clone of it in a
// temporary folder: uncommitted changes stay out of a release, the
// toolchain stamps the commit into the binaries (it does not in a git
// worktree, whose .git is a file), and the checkout's path does not
// matter. For every target of release.Targets it builds the program (cgo
// off, -trimpath, stripped, the version given to the linker), packs it
// with the README and the licence into DIR/animview-VERSION-OS-ARCH.zip or
// .tar.gz and writes DIR/SHA256SUMS. Every archive entry carries the time
// of the commit (or SOURCE_DATE_EPOCH), so that two runs on the same commit
// give the same bytes.
//
// -build-only builds the binaries of the working tree as it is into
// DIR/OS-ARCH/ and stops there (CI's cross-build). Run it from the
// module's root.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/animview/animview/internal/release"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "mkrelease:", err)
		os.Exit(1)
	}
}

func run() error {
	out := flag.String("out", "", "output `DIR` (default dist/VERSION)")
	buildOnly := flag.Bool("build-only", false, "build the binaries into DIR/OS-ARCH/ without archives")
	only := flag.String("targets", "", "comma-separated `OS-ARCH` list to build (default all)")
	flag.Parse()
	version := flag.Arg(0)
	if flag.NArg() > 1 || (version == "" && !*buildOnly) {
		return fmt.Errorf("usage: mkrelease [-out DIR] [-build-only] [-targets OS-ARCH,...] VERSION")
	}
	if version != "" {
		if err := release.CheckVersion(version); err != nil {
			return err
		}
	}
	if *out == "" {
		if version == "" {
			return fmt.Errorf("-build-only without a VERSION needs -out")
		}
		*out = filepath.Join("dist", version)
	}
	targets, err := pick(*only)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	if *buildOnly {
		for _, t := range targets {
			if _, err := build(".", t, version, filepath.Join(*out, t.String(), t.Binary()), false); err != nil {
				return err
			}
		}
		return nil
	}
	if *out, err = filepath.Abs(*out); err != nil {
		return err
	}

	tmp, err := os.MkdirTemp("", "mkrelease")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	src := filepath.Join(tmp, "src")
	if _, err := git(".", "clone", "--quiet", "--shared", ".", src); err != nil {
		return fmt.Errorf("cloning the checkout: %w", err)
	}
	head, _ := git(".", "rev-parse", "HEAD")
	if cloned, _ := git(src, "rev-parse", "HEAD"); cloned != head {
		return fmt.Errorf("the clone checked out %s, not the checkout's HEAD %s", cloned, head)
	}
	fmt.Fprintf(os.Stderr, "building commit %s\n", head)
	if dirty, _ := git(".", "status", "--porcelain"); dirty != "" {
		fmt.Fprintln(os.Stderr, "mkrelease: warning: the working tree has uncommitted changes; they are not in the release")
	}
	mtime, err := sourceTime(src)
	if err != nil {
		return err
	}
	readme, err := os.ReadFile(filepath.Join(src, "README.md"))
	if err != nil {
		return err
	}
	license, err := os.ReadFile(filepath.Join(src, "LICENSE"))
	if err != nil {
		return err
	}
	// THIRD_PARTY_LICENSES is made from the module graph; a release whose
	// committed copy has drifted from go.mod is refused.
	check := exec.Command("go", "run", "./internal/licenses/gen", "-check")
	check.Dir, check.Stderr = src, os.Stderr
	if err := check.Run(); err != nil {
		return fmt.Errorf("THIRD_PARTY_LICENSES: %w", err)
	}
	thirdParty, err := os.ReadFile(filepath.Join(src, "internal", "licenses", "THIRD_PARTY_LICENSES"))
	if err != nil {
		return err
	}
	sums := map[string][]byte{}
	for _, t := range targets {
		bin, err := build(src, t, version, filepath.Join(tmp, "bin", t.String(), t.Binary()), true)
		if err != nil {
			return err
		}
		userReadme, err := release.UserREADME(t, version, readme)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := release.WriteArchive(&buf, t, release.Contents(t, version, bin, userReadme, license, thirdParty), mtime); err != nil {
			return err
		}
		name := t.ArchiveName(version)
		if err := os.WriteFile(filepath.Join(*out, name), buf.Bytes(), 0o644); err != nil {
			return err
		}
		sums[name] = buf.Bytes()
		fmt.Printf("%s  %.1f MB\n", filepath.Join(*out, name), float64(buf.Len())/1e6)
	}
	sumFile := filepath.Join(*out, "SHA256SUMS")
	if err := os.WriteFile(sumFile, release.Checksums(sums), 0o644); err != nil {
		return err
	}
	fmt.Println(sumFile)
	return nil
}

// pick returns the targets a -targets list names (all for "").
func pick(list string) ([]release.Target, error) {
	all := release.Targets()
	if list == "" {
		return all, nil
	}
	var out []release.Target
	for _, name := range strings.Split(list, ",") {
		found := false
		for _, t := range all {
			if t.String() == name {
				out, found = append(out, t), true
			}
		}
		if !found {
			names := make([]string, len(all))
			for i, t := range all {
				names[i] = t.String()
			}
			return nil, fmt.Errorf("no target %q (targets: %s)", name, strings.Join(names, ", "))
		}
	}
	return out, nil
}

// build runs go build for t in dir, writing the binary to out, and
// returns it. stamp asks for the commit in the binary even where GOFLAGS
// says -buildvcs=false.
func build(dir string, t release.Target, version, out string, stamp bool) ([]byte, error) {
	start := time.Now()
	args := release.BuildArgs(version, out)
	if stamp {
		args = append(args[:1:1], append([]string{"-buildvcs=true"}, args[1:]...)...)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), release.BuildEnv(t)...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("building for %s: %w", t, err)
	}
	bin, err := os.ReadFile(out)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(os.Stderr, "built %-14s %5.1f MB in %.1f s\n", t, float64(len(bin))/1e6, time.Since(start).Seconds())
	return bin, nil
}

// sourceTime is the time every archive entry carries: SOURCE_DATE_EPOCH
// when set (reproducible-builds.org's convention), else the time of the
// commit checked out in dir.
func sourceTime(dir string) (time.Time, error) {
	s := os.Getenv("SOURCE_DATE_EPOCH")
	if s == "" {
		var err error
		if s, err = git(dir, "log", "-1", "--format=%ct"); err != nil {
			return time.Time{}, fmt.Errorf("the commit's time: %w", err)
		}
	}
	sec, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH %q: %w", s, err)
	}
	return time.Unix(sec, 0).UTC(), nil
}

// git runs git in dir and returns its output without the final newline.
func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}
