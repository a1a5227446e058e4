package version

import (
	"runtime/debug"
	"strings"
	"testing"
)

func settings(kv ...string) []debug.BuildSetting {
	var out []debug.BuildSetting
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
	}
	return out
}

const hash = "a2fc04613fd6e8aef79e088999219a66d3ae0f02"

func TestFromBuildInfo(t *testing.T) {
	vcs := settings("GOOS", "windows", "GOARCH", "arm64", "vcs", "git", "vcs.revision", hash,
		"vcs.time", "2026-11-26T07:08:00Z", "vcs.modified", "false")
	dirty := settings("GOOS", "linux", "GOARCH", "amd64", "vcs.revision", hash, "vcs.modified", "true")
	for _, tc := range []struct {
		name     string
		bi       *debug.BuildInfo
		release  string
		version  string
		short    string
		platform string
		lines    []string
	}{
		{"release build of a clean tree", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261126070800-a2fc04613fd6"}, Settings: vcs},
			"1.2.0", "1.2.0", "1.2.0", "windows/arm64",
			[]string{"animview 1.2.0", "commit: " + hash + " (2026-11-26T07:08:00Z)", "tree: clean", "built with go1.26.8 for windows/arm64"}},
		{"release build of a modified tree", &debug.BuildInfo{GoVersion: "go1.26.8", Settings: dirty},
			"1.2.0", "1.2.0", "1.2.0 (a2fc04613fd6+modified)", "linux/amd64",
			[]string{"animview 1.2.0", "commit: " + hash, "tree: modified (uncommitted changes at build time)"}},
		// The pseudo-version Go stamps from the checkout says nothing the
		// commit does not.
		{"go build in the checkout", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261126070800-a2fc04613fd6+dirty"}, Settings: dirty},
			"", "devel", "devel (a2fc04613fd6+modified)", "linux/amd64",
			[]string{"animview devel", "tree: modified (uncommitted changes at build time)"}},
		{"go install of a tagged module", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.3.0"}},
			"", "v1.3.0", "v1.3.0", "",
			[]string{"animview v1.3.0", "commit: unknown (built without version control information)"}},
		{"go run, no version control information", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			"", "devel", "devel", "",
			[]string{"animview devel", "commit: unknown (built without version control information)"}},
		{"no build information", nil, "", "devel", "devel", "", []string{"animview devel"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := FromBuildInfo(tc.bi, tc.release)
			if in.Version != tc.version {
				t.Errorf("Version %q, want %q", in.Version, tc.version)
			}
			if got := in.Short(); got != tc.short {
				t.Errorf("Short %q, want %q", got, tc.short)
			}
			if tc.platform != "" && in.Platform != tc.platform {
				t.Errorf("Platform %q, want %q", in.Platform, tc.platform)
			}
			s := in.String()
			for _, l := range tc.lines {
				if !strings.Contains(s, l+"\n") {
					t.Errorf("String lacks line %q:\n%s", l, s)
				}
			}
		})
	}
}
