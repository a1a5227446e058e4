package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/animview/animview/compare"
	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/open"
	"github.com/animview/animview/report"
)

// cmdDiff is `animview diff A B`: the two files' clips compared bone by
// bone (compare.Diff). With --tolerance it fails (exit 1) when the largest
// position difference, relative to the figure, is over it.
func cmdDiff(args []string, w io.Writer) error {
	fs := newFlagSet("diff")
	asJSON := fs.Bool("json", false, "print JSON")
	clipA := fs.String("clip", "", "A's clip `NAME|INDEX` (the first by default)")
	clipB := fs.String("clip-b", "", "B's clip `NAME|INDEX` (by default --clip's name if B has it, else B's first)")
	mapArg := fs.String("map", "", "bone names of A to B: `OLD=NEW,...` or a map FILE (one OLD=NEW a line, # comments)")
	tol := fs.Float64("tolerance", math.NaN(), "fail (exit 1) when the largest position difference over the figure's size is over `X`")
	var lf loadFlags
	lf.register(fs)
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return fmt.Errorf("diff needs two files, A and B: %w", errUsage)
	}
	if !math.IsNaN(*tol) && !(*tol >= 0) || math.IsInf(*tol, 0) {
		return badValue("--tolerance %v: want a number from 0 up", *tol)
	}
	m, err := loadMap(*mapArg)
	if err != nil {
		return err
	}
	var sides [2]compare.Clip
	for i, p := range pos {
		a, err := open.Path(p, lf.options())
		if err != nil {
			return err
		}
		if err := open.RequireSkeleton(a); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		sel := *clipA
		if i == 1 {
			sel = *clipB
			if sel == "" && *clipA != "" && sides[0].Clip != nil && hasClip(a, sides[0].Clip.Name) {
				sel = sides[0].Clip.Name
			}
		}
		sides[i].Skeleton = a.Skeleton
		if len(a.Clips) > 0 || sel != "" {
			ci, err := a.FindClip(sel, p)
			if err != nil {
				return fmt.Errorf("%s: %w", p, err)
			}
			sides[i].Clip = a.Clips[ci]
		}
	}
	d := report.NewDiff(pos[0], pos[1], compare.Diff(sides[0], sides[1], m))
	if *asJSON {
		err = report.WriteJSON(w, d)
	} else {
		err = d.WriteText(w)
	}
	if err != nil {
		return err
	}
	if !math.IsNaN(*tol) && d.MaxPositionRelative > *tol {
		return fmt.Errorf("the largest difference, %.4g of the figure's size (bone %q at %.4g s), is over the tolerance %v",
			d.MaxPositionRelative, d.Worst.Bone, d.Worst.Time, *tol)
	}
	return nil
}

// hasClip reports whether a has a clip called name.
func hasClip(a *formats.Asset, name string) bool {
	for _, c := range a.Clips {
		if c.Name == name {
			return true
		}
	}
	return false
}

// loadMap reads --map: pairs given inline when the value holds '=', else
// a map file. A bad inline map is a usage error; a file that does not
// read is the input failing.
func loadMap(arg string) (compare.Map, error) {
	if arg == "" {
		return nil, nil
	}
	if strings.Contains(arg, "=") {
		m, err := compare.ParseMap(arg)
		if err != nil {
			return nil, fmt.Errorf("--map: %w: %w", err, errBadValue)
		}
		return m, nil
	}
	f, err := os.Open(arg)
	if err != nil {
		return nil, fmt.Errorf("--map: %w", err)
	}
	defer f.Close()
	return compare.ReadMap(f, arg)
}
