// Command gen makes THIRD_PARTY_LICENSES from the module graph: the
// modules that `go list -deps` finds linked into cmd/animview for every
// release target and the web page, each with the licence and NOTICE files
// at its root in the module cache, then Go's own licence. Run
// `go run ./internal/licenses/gen` from the repository's root to write it,
// or with -check to fail when the committed file differs (the release
// does).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Targets are the GOOS/GOARCH pairs whose linked modules are listed: the
// release's and the web page's.
var Targets = [][2]string{
	{"windows", "amd64"}, {"windows", "arm64"}, {"darwin", "amd64"}, {"darwin", "arm64"},
	{"linux", "amd64"}, {"linux", "arm64"}, {"js", "wasm"},
}

// Module is a module linked into the program.
type Module struct {
	Path, Version, Dir string
}

// Modules lists the modules other than animview itself that the packages
// of pkg depend on for any of Targets, with cgo off as the release builds,
// sorted by path. root is the repository's folder.
func Modules(root, pkg string) ([]Module, error) {
	seen := map[string]Module{}
	for _, t := range Targets {
		cmd := exec.Command("go", "list", "-deps", "-json=Module", pkg)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+t[0], "GOARCH="+t[1])
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("go list for %s/%s: %w: %s", t[0], t[1], err, stderr.String())
		}
		dec := json.NewDecoder(bytes.NewReader(out))
		for {
			var p struct {
				Module *struct {
					Path, Version, Dir string
					Main               bool
					Replace            *struct{ Path, Version, Dir string }
				}
			}
			if err := dec.Decode(&p); err == io.EOF {
				break
			} else if err != nil {
				return nil, fmt.Errorf("go list output: %w", err)
			}
			m := p.Module
			if m == nil || m.Main {
				continue
			}
			mod := Module{m.Path, m.Version, m.Dir}
			if m.Replace != nil {
				mod = Module{m.Path, m.Replace.Version, m.Replace.Dir}
			}
			seen[mod.Path] = mod
		}
	}
	mods := make([]Module, 0, len(seen))
	for _, m := range seen {
		mods = append(mods, m)
	}
	slices.SortFunc(mods, func(a, b Module) int { return strings.Compare(a.Path, b.Path) })
	return mods, nil
}

// licenceFile matches the names of the licence and notice files a module
// keeps at its root.
var licenceFile = regexp.MustCompile(`(?i)^(licen[cs]e|copying|notice|patents)(\.(md|txt|markdown))?$|^(licen[cs]e|copying)[-_.]`)

// outFile is where the text goes, from the repository's root.
const outFile = "internal/licenses/THIRD_PARTY_LICENSES"

func main() {
	check := flag.Bool("check", false, "fail when "+outFile+" differs from what the module graph gives")
	flag.Parse()
	want, err := Make(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if *check {
		got, err := os.ReadFile(outFile)
		if err != nil || string(got) != want {
			fmt.Fprintln(os.Stderr, "gen: "+outFile+" is out of date: run `go run ./internal/licenses/gen`")
			os.Exit(1)
		}
		return
	}
	if err := os.WriteFile(outFile, []byte(want), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// Make returns THIRD_PARTY_LICENSES for the repository at root.
func Make(root string) (string, error) {
	mods, err := Modules(root, "./cmd/animview")
	if err != nil {
		return "", err
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOROOT: %w", err)
	}
	return Text(mods, strings.TrimSpace(string(goroot)))
}

// Text is THIRD_PARTY_LICENSES for mods and the Go distribution at goroot.
func Text(mods []Module, goroot string) (string, error) {
	var b strings.Builder
	b.WriteString("THIRD_PARTY_LICENSES: the licences of what animview's program links in besides its own code\n" +
		"(its own licence is LICENSE). Made by `go run ./internal/licenses/gen` from the module graph;\n" +
		"`animview licenses` prints the same.\n\nModules:\n")
	for _, m := range mods {
		fmt.Fprintf(&b, "  %s %s\n", m.Path, m.Version)
	}
	b.WriteString("  Go (its standard library and runtime)\n")
	for _, m := range mods {
		if err := section(&b, m.Path+" "+m.Version, m.Dir); err != nil {
			return "", err
		}
	}
	if err := section(&b, "Go (its standard library and runtime)", goroot); err != nil {
		return "", err
	}
	return b.String(), nil
}

// section writes one module's heading and the licence files at dir's root.
func section(b *strings.Builder, title, dir string) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("%s: %w", title, err)
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() && licenceFile.MatchString(e.Name()) {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		return fmt.Errorf("%s: no licence file in %s", title, dir)
	}
	slices.Sort(names)
	rule := strings.Repeat("=", 79)
	fmt.Fprintf(b, "\n%s\n%s\n", rule, title)
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			return fmt.Errorf("%s: %w", title, err)
		}
		kind := Kind(string(data))
		if strings.HasPrefix(strings.ToUpper(n), "NOTICE") {
			kind = "NOTICE"
		}
		fmt.Fprintf(b, "%s\n-- %s (%s) --\n\n", strings.Repeat("-", 79), n, kind)
		b.WriteString(strings.TrimRight(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n"))
		b.WriteString("\n")
	}
	return nil
}

// Kind names a licence text's kind by its distinctive words, or
// "see the text".
func Kind(t string) string {
	switch {
	case strings.Contains(t, "Apache License") && strings.Contains(t, "Version 2.0"):
		return "Apache-2.0"
	case strings.Contains(t, "Mozilla Public License") && strings.Contains(t, "2.0"):
		return "MPL-2.0"
	case strings.Contains(t, "Permission is hereby granted, free of charge"):
		return "MIT"
	case strings.Contains(t, "Redistribution and use in source and binary forms") && strings.Contains(t, "Neither the name"):
		return "BSD-3-Clause"
	case strings.Contains(t, "Redistribution and use in source and binary forms"):
		return "BSD-2-Clause"
	case strings.Contains(t, "Permission to use, copy, modify, and/or distribute"):
		return "ISC"
	case strings.Contains(t, "Additional IP Rights Grant (Patents)"):
		return "patent grant"
	}
	return "see the text"
}
