package main

import (
	"fmt"
	"io"

	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/internal/printable"
	"github.com/animview/animview/report"
)

func cmdInfo(args []string, w io.Writer) error {
	fs := newFlagSet("info")
	asJSON := fs.Bool("json", false, "print JSON")
	a, err := openFileArg(fs, args, nil)
	if err != nil {
		return err
	}
	j := report.Describe(a)
	if *asJSON {
		return report.WriteJSON(w, j)
	}
	return j.WriteText(w)
}

func cmdList(args []string, w io.Writer) error {
	fs := newFlagSet("list")
	asJSON := fs.Bool("json", false, "print JSON")
	var lf loadFlags
	lf.register(fs)
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("list needs one FILE: %w", errUsage)
	}
	limitMemory(pos[0], lf.budget)
	l := report.List{Schema: report.SchemaList, Entries: []report.ListEntry{}, Clips: []string{}, Warnings: []string{}}
	// A PAK or a folder lists its entries without opening one.
	if es, warns, ok, err := open.Entries(pos[0], lf.options()); ok || err != nil {
		if err != nil {
			return err
		}
		for _, e := range es {
			l.Entries = append(l.Entries, report.ListEntry{Name: e.Name, Type: e.Type})
		}
		l.Warnings = append(l.Warnings, warns...)
	} else {
		a, err := open.Path(pos[0], lf.options())
		if err != nil {
			return err
		}
		for _, e := range a.Entries {
			l.Entries = append(l.Entries, report.ListEntry{Name: e.Name, Type: e.Type})
		}
		if len(a.Entries) == 0 {
			for _, c := range a.Clips {
				l.Clips = append(l.Clips, c.Name)
			}
		}
	}
	if *asJSON {
		return report.WriteJSON(w, l)
	}
	for _, e := range l.Entries {
		fmt.Fprintf(w, "%s\t%s\n", printable.String(e.Name), printable.String(e.Type))
	}
	for _, c := range l.Clips {
		fmt.Fprintf(w, "%s\tclip\n", printable.String(c))
	}
	for _, wm := range l.Warnings {
		fmt.Fprintf(w, "warning: %s\n", printable.Message(wm))
	}
	return nil
}
