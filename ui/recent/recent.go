// Package recent keeps the viewer's recently opened files between runs:
// one path a line in animview/recent under the user's config folder.
package recent

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// File is where the recent files are kept: animview/recent in the user's
// config folder.
func File() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "animview", "recent"), nil
}

// Load reads the recent files from file, one path a line, blank lines
// left out, at most limit of them; a missing file is an empty list.
func Load(file string, limit int) ([]string, error) {
	f, err := os.Open(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < limit {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			out = append(out, l)
		}
	}
	return out, sc.Err()
}

// Save writes paths to file, one a line, creating its folder.
func Save(file string, paths []string) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	return os.WriteFile(file, []byte(strings.Join(paths, "\n")+"\n"), 0o644)
}
