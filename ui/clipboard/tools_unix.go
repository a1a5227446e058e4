//go:build !js && !windows

package clipboard

import (
	"errors"
	"os"
	"os/exec"
	"strings"
)

func copyText(text string) error {
	_, err := run([]tool{{"pbcopy"}, {"wl-copy"}, {"xclip", "-selection", "clipboard"}, {"xsel", "--clipboard", "--input"}}, text)
	return err
}

func pasteText() (string, error) {
	return run([]tool{{"pbpaste"}, {"wl-paste", "--no-newline"}, {"xclip", "-o", "-selection", "clipboard"}, {"xsel", "--clipboard", "--output"}}, "")
}

// tool is a clipboard program with its arguments.
type tool []string

// run runs the first of tools that is installed (and, for a Wayland tool,
// has a Wayland display) with stdin as its input, returning its output.
func run(tools []tool, stdin string) (string, error) {
	var last error
	for _, t := range tools {
		if !usable(t[0]) {
			continue
		}
		cmd := exec.Command(t[0], t[1:]...)
		if stdin != "" {
			cmd.Stdin = strings.NewReader(stdin)
		}
		out, err := cmd.Output()
		if err == nil {
			return string(out), nil
		}
		last = err
	}
	if last != nil {
		return "", errors.Join(ErrUnavailable, last)
	}
	return "", ErrUnavailable
}

// usable reports whether a clipboard tool can run here: it is installed,
// and a Wayland one (wl-copy, wl-paste) has a Wayland display.
func usable(name string) bool {
	if _, err := exec.LookPath(name); err != nil {
		return false
	}
	return !strings.HasPrefix(name, "wl-") || os.Getenv("WAYLAND_DISPLAY") != ""
}
