package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/animview/animview/compare"
)

// NewDiff is the document of a comparison of file a's clip with file b's.
func NewDiff(a, b string, r *compare.Result) *Diff {
	d := &Diff{Schema: SchemaDiff, A: a, B: b, ClipA: r.ClipA, ClipB: r.ClipB, Duration: r.Duration,
		Samples: r.Samples, SampleRate: r.SampleRate, UnmatchedA: r.UnmatchedA, UnmatchedB: r.UnmatchedB,
		Size: r.Size, MaxPosition: r.MaxPosition, MaxPositionRelative: r.MaxPositionRelative,
		MaxRotationDeg: r.MaxRotationDeg, Worst: DiffWorst{Bone: r.WorstBone, Time: r.WorstTime},
		Bones: make([]DiffBone, 0, len(r.Bones)), Notes: append([]string{}, r.Notes...)}
	for _, b := range r.Bones {
		j := DiffBone{Name: b.Name, MaxPosition: b.MaxPosition, MaxRotationDeg: b.MaxRotationDeg, Time: b.Time, RotationTime: b.RotationTime}
		if b.NameB != b.Name {
			j.NameB = b.NameB
		}
		d.Bones = append(d.Bones, j)
	}
	if d.UnmatchedA == nil {
		d.UnmatchedA = []string{}
	}
	if d.UnmatchedB == nil {
		d.UnmatchedB = []string{}
	}
	return d
}

// WriteText writes the comparison for a reader: the summary, the notes,
// the unmatched bones, then a table of the matched bones.
func (d *Diff) WriteText(w io.Writer) error {
	var ew strings.Builder
	fmt.Fprintf(&ew, "A: %s, clip %q\nB: %s, clip %q\n", d.A, d.ClipA, d.B, d.ClipB)
	fmt.Fprintf(&ew, "compared %.4g s at %d times (key times of both and %.4g Hz)\n", d.Duration, d.Samples, d.SampleRate)
	for _, n := range d.Notes {
		fmt.Fprintf(&ew, "note: %s\n", n)
	}
	if len(d.UnmatchedA) > 0 {
		fmt.Fprintf(&ew, "only in A (%d): %s\n", len(d.UnmatchedA), joinNames(d.UnmatchedA))
	}
	if len(d.UnmatchedB) > 0 {
		fmt.Fprintf(&ew, "only in B (%d): %s\n", len(d.UnmatchedB), joinNames(d.UnmatchedB))
	}
	if d.Worst.Bone == "" {
		fmt.Fprintf(&ew, "largest difference: none (%d bones match, identical at every time)\n", len(d.Bones))
	} else {
		fmt.Fprintf(&ew, "largest position difference: %.6g units (%.4g%% of the figure's size %.4g), bone %q at %.4g s\n",
			d.MaxPosition, 100*d.MaxPositionRelative, d.Size, d.Worst.Bone, d.Worst.Time)
		fmt.Fprintf(&ew, "largest rotation difference: %.4g°\n", d.MaxRotationDeg)
	}
	if len(d.Bones) > 0 {
		fmt.Fprintf(&ew, "\n")
		tw := tabwriter.NewWriter(&ew, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "bone\tposition\tat s\trotation°\tat s\t\n")
		for _, b := range d.Bones {
			name := b.Name
			if b.NameB != "" {
				name += " = " + b.NameB
			}
			fmt.Fprintf(tw, "%s\t%.4g\t%.4g\t%.4g\t%.4g\t\n", name, b.MaxPosition, b.Time, b.MaxRotationDeg, b.RotationTime)
		}
		tw.Flush()
	}
	_, err := io.WriteString(w, ew.String())
	return err
}

// joinNames lists names, quoted, comma-separated.
func joinNames(s []string) string {
	out := ""
	for i, n := range s {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%q", n)
	}
	return out
}
