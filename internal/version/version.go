// Package version says which build of animview is running: the release
// version scripts/release.sh gives the linker, and the commit, commit time
// and modified flag the Go toolchain stamps into every build made in the
// git checkout (runtime/debug.ReadBuildInfo).
package version

import (
	"fmt"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
)

// release is the release version, set at link time by scripts/release.sh:
//
//	-ldflags "-X github.com/animview/animview/internal/version.release=1.2.0"
//
// It is never written at run time.
var release string

// Info is what the build says about itself.
type Info struct {
	// Version is the release version, else the module version the
	// toolchain stamped (a `go install ...@v1.2.0` build), else "devel".
	// The pseudo-version Go derives from a checkout's commit
	// (v0.0.0-DATE-HASH+dirty) is left for Commit and Modified to say.
	Version string
	// Commit is the full commit hash, "" when the build carries no
	// version-control information (`go run`, `go test`, a build outside
	// the git checkout or with -buildvcs=false).
	Commit string
	// Time is the commit's time (RFC 3339, UTC), "" with Commit.
	Time string
	// Modified is set when the tree had uncommitted changes at build time.
	Modified bool
	// Go is the toolchain's version; Platform is GOOS/GOARCH.
	Go, Platform string
}

// Get returns the running program's build information (read once: it
// never changes).
func Get() Info { return get() }

var get = sync.OnceValue(func() Info {
	bi, _ := debug.ReadBuildInfo()
	return FromBuildInfo(bi, release)
})

// FromBuildInfo is Get for given build information (nil when the binary
// has none) and release version.
func FromBuildInfo(bi *debug.BuildInfo, rel string) Info {
	in := Info{Version: "devel", Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi != nil {
		in.Go = bi.GoVersion
		main := bi.Main.Version
		var goos, goarch string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				in.Commit = s.Value
			case "vcs.time":
				in.Time = s.Value
			case "vcs.modified":
				in.Modified = s.Value == "true"
			case "GOOS":
				goos = s.Value
			case "GOARCH":
				goarch = s.Value
			}
		}
		if goos != "" && goarch != "" {
			in.Platform = goos + "/" + goarch
		}
		if main != "" && main != "(devel)" && (in.Commit == "" || !isPseudo(main)) {
			in.Version = main
		}
	}
	if rel != "" {
		in.Version = rel
	}
	return in
}

// pseudo matches the date and hash of a Go pseudo-version
// (go.dev/ref/mod#pseudo-versions).
var pseudo = regexp.MustCompile(`[-.]\d{14}-[0-9a-f]{12}(\+dirty)?$`)

func isPseudo(v string) bool { return pseudo.MatchString(v) }

// ShortCommit is the commit's first 12 hex digits, with "+modified" for a
// modified tree; "" without a commit.
func (in Info) ShortCommit() string {
	c := in.Commit
	if len(c) > 12 {
		c = c[:12]
	}
	if c != "" && in.Modified {
		c += "+modified"
	}
	return c
}

// Short is one line for the window's title and help: "1.2.0" for a
// release from a clean tree, else the version with the commit in brackets.
func (in Info) Short() string {
	if in.Commit == "" || (in.Version != "devel" && !in.Modified) {
		return in.Version
	}
	return fmt.Sprintf("%s (%s)", in.Version, in.ShortCommit())
}

// String is what `animview --version` prints: the version, the commit and
// its time, whether the tree was modified, and the toolchain and platform.
func (in Info) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "animview %s\n", in.Version)
	if in.Commit == "" {
		b.WriteString("commit: unknown (built without version control information)\n")
	} else {
		fmt.Fprintf(&b, "commit: %s", in.Commit)
		if in.Time != "" {
			fmt.Fprintf(&b, " (%s)", in.Time)
		}
		b.WriteString("\n")
		if in.Modified {
			b.WriteString("tree: modified (uncommitted changes at build time)\n")
		} else {
			b.WriteString("tree: clean\n")
		}
	}
	fmt.Fprintf(&b, "built with %s for %s\n", in.Go, in.Platform)
	return b.String()
}
