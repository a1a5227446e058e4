package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/animview/animview/formats/demo"
)

// commands are the subcommands, for the unknown-command message.
const commands = "info, pose, render, export, list, diff, version, licenses, help"

// unknownCommand reports whether the first argument looks like a mistyped
// subcommand rather than a FILE for the viewer: a bare word with no
// extension and no folder that names nothing on disk.
func unknownCommand(arg string) error {
	if arg == "" || strings.HasPrefix(arg, "-") || strings.Contains(arg, ":") ||
		filepath.Ext(arg) != "" || strings.ContainsRune(arg, filepath.Separator) || strings.Contains(arg, "/") {
		return nil
	}
	if _, err := os.Stat(arg); !errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if strings.EqualFold(arg, strings.TrimSuffix(demo.Name, ":")) {
		return fmt.Errorf("unknown command %q (the built-in demo is %q): %w", arg, demo.Name, errUsage)
	}
	return fmt.Errorf("unknown command %q (commands: %s; or give a FILE to view): %w", arg, commands, errUsage)
}
