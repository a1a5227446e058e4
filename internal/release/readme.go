package release

import (
	"bytes"
	_ "embed"
	"errors"
	"strings"
)

//go:embed user-readme.md
var userReadme string

// keysStart and keysEnd fence the developers' README's table of keys,
// which ui's TestREADME writes from the command table.
const (
	keysStart = "<!-- keys:"
	keysEnd   = "<!-- end of keys -->"
)

// UserREADME is the README.md of a target's archive: what animview is,
// how to start it on that system, what it reads, its keys (the table in
// the developers' README, devReadme) and where the full documentation is.
// It has no link into the source tree and no pictures, which the archive
// does not hold.
func UserREADME(t Target, version string, devReadme []byte) ([]byte, error) {
	start := bytes.Index(devReadme, []byte(keysStart))
	end := bytes.Index(devReadme, []byte(keysEnd))
	if start < 0 || end < start {
		return nil, errors.New("release: the README has no table of keys between " + keysStart + " and " + keysEnd)
	}
	keys := devReadme[start:end]
	keys = keys[bytes.IndexByte(keys, '\n')+1:] // the marker's own line
	r := strings.NewReplacer("{{VERSION}}", version, "{{SYSTEM}}", systemName(t),
		"{{RUN}}", runText(t), "{{KEYS}}", strings.TrimSpace(string(keys)))
	return []byte(r.Replace(userReadme)), nil
}

// systemName names the target as its users do.
func systemName(t Target) string {
	name := map[string]string{"windows": "Windows", "darwin": "macOS", "linux": "Linux"}[t.OS]
	if name == "" {
		name = t.OS
	}
	arch := map[string]string{"amd64": "x86-64", "arm64": "ARM64"}[t.Arch]
	if arch == "" {
		arch = t.Arch
	}
	return name + " (" + arch + ")"
}

// runText says how to start the program on the target's system.
func runText(t Target) string {
	switch t.OS {
	case "windows":
		return "Double-click `animview.exe` in this folder, or drop a file on it. The program is not signed, so the first\n" +
			"time Windows SmartScreen may say \"Windows protected your PC\": choose *More info*, then *Run anyway*. From\n" +
			"PowerShell or cmd, in this folder: `.\\animview.exe C:\\Games\\walk.anim` or `.\\animview.exe info --json file.ANIM`."
	case "darwin":
		return "Open `animview.app` in this folder. It is not notarised, so the first time macOS refuses it: Control-click\n" +
			"it and choose *Open*, then *Open* again; or remove the quarantine in Terminal, in this folder:\n\n" +
			"    xattr -dr com.apple.quarantine animview.app animview\n\n" +
			"Drop files on its window. Screenshots and GIFs go to the Desktop when it is started from Finder. The bare\n" +
			"`animview` beside it is the same program for Terminal: `./animview info file.anim`. It needs macOS 12 or later."
	}
	return "In a terminal, in this folder: `./animview [FILE]`. It needs no C library beyond the system's, only the X and\n" +
		"OpenGL libraries a desktop has (on a bare Debian or Ubuntu: `sudo apt-get install libgl1 libgl1-mesa-dri\n" +
		"libx11-6 libxcursor1 libxext6 libxi6 libxinerama1 libxrandr2 libxrender1`). `render` and the other commands\n" +
		"work without a display."
}
