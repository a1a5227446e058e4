package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/animview/animview/assets"
	"github.com/animview/animview/formats"
)

// needSkeleton fails, saying what to open instead, for an asset without
// bones: there is nothing to pose or draw.
func needSkeleton(a *formats.Asset) error {
	if a.Skeleton != nil && len(a.Skeleton.Bones) > 0 {
		return nil
	}
	hint := "open the animation file that uses it instead"
	if strings.HasSuffix(a.Format, "-evnt") && len(a.Warnings) > 0 {
		// The loader's first warning says which ANIM to open.
		hint = a.Warnings[0]
	}
	return fmt.Errorf("the %s file has no skeleton to pose: %s, or give a skeleton with --skeleton FILE", a.Format, hint)
}

// commands are the subcommands, for the unknown-command message.
const commands = "info, pose, render, export, list, version, help"

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
	if strings.EqualFold(arg, strings.TrimSuffix(assets.DemoName, ":")) {
		return fmt.Errorf("unknown command %q (the built-in demo is %q): %w", arg, assets.DemoName, errUsage)
	}
	return fmt.Errorf("unknown command %q (commands: %s; or give a FILE to view): %w", arg, commands, errUsage)
}
