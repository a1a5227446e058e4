// Package compare measures animation against animation: Diff compares two
// clips bone by bone in model space (`animview diff`), RootMotion measures
// how far a clip carries its figure (`info`'s root_motion), and Retarget
// plays one skeleton's clip on another (`--motion`). Match is the one rule
// by which bones of two skeletons are paired, for all three.
package compare

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/animview/animview/formats"
)

// Map renames bones of the first skeleton (the source, A) to the names
// they have in the second (the target, B): OLD=NEW.
type Map map[string]string

// ParseMap reads an inline map, "OLD=NEW,OLD=NEW" (spaces around names
// are trimmed).
func ParseMap(s string) (Map, error) {
	m := Map{}
	for i, p := range strings.Split(s, ",") {
		if strings.TrimSpace(p) == "" {
			continue
		}
		if err := m.add(p); err != nil {
			return nil, fmt.Errorf("bone map: pair %d %q: %w", i+1, p, err)
		}
	}
	return m, nil
}

// ReadMap reads a map file: one OLD=NEW a line; blank lines and text
// after a '#' are ignored. name names the file in errors.
func ReadMap(r io.Reader, name string) (Map, error) {
	m := Map{}
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		s := sc.Text()
		if i := strings.IndexByte(s, '#'); i >= 0 {
			s = s[:i]
		}
		if strings.TrimSpace(s) == "" {
			continue
		}
		if err := m.add(s); err != nil {
			return nil, fmt.Errorf("bone map %s: line %d: %w", name, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("bone map %s: %w", name, err)
	}
	return m, nil
}

func (m Map) add(p string) error {
	old, nw, ok := strings.Cut(p, "=")
	old, nw = strings.TrimSpace(old), strings.TrimSpace(nw)
	if !ok || old == "" || nw == "" {
		return fmt.Errorf("want OLD=NEW")
	}
	if prev, dup := m[old]; dup && prev != nw {
		return fmt.Errorf("%q is mapped twice (%q and %q)", old, prev, nw)
	}
	m[old] = nw
	return nil
}

// Pairing is how the bones of a source skeleton A pair with those of a
// target skeleton B.
type Pairing struct {
	// BOf gives, per bone of A, the index of its bone in B, or -1.
	BOf []int
	// AOf gives, per bone of B, the index of its bone in A, or -1.
	AOf []int
}

// UnmatchedA returns the names of A's bones that have no bone in B, in
// A's order.
func (p *Pairing) UnmatchedA(a *formats.Skeleton) []string { return unmatched(a, p.BOf) }

// UnmatchedB returns the names of B's bones that have no bone in A, in
// B's order.
func (p *Pairing) UnmatchedB(b *formats.Skeleton) []string { return unmatched(b, p.AOf) }

func unmatched(sk *formats.Skeleton, of []int) []string {
	out := []string{}
	for i, j := range of {
		if j < 0 {
			out = append(out, sk.Bones[i].Name)
		}
	}
	return out
}

// Match pairs the bones of a with those of b by name, in three passes,
// each only over bones still unpaired: the same name exactly; the same
// name ignoring case (strings.EqualFold); then the map, whose OLD names
// a bone of a (exactly, else ignoring case) and whose NEW names the bone
// of b (exactly, else ignoring case). A bone pairs with one bone at most;
// where two bones of a could take one bone of b, the first in a's order
// does. Bones without a name never pair.
func Match(a, b *formats.Skeleton, m Map) Pairing {
	p := Pairing{BOf: make([]int, len(a.Bones)), AOf: make([]int, len(b.Bones))}
	for i := range p.BOf {
		p.BOf[i] = -1
	}
	for i := range p.AOf {
		p.AOf[i] = -1
	}
	pair := func(eq func(x, y string) bool, name func(i int) (string, bool)) {
		for i := range a.Bones {
			if p.BOf[i] >= 0 {
				continue
			}
			n, ok := name(i)
			if !ok || n == "" {
				continue
			}
			for j := range b.Bones {
				if p.AOf[j] < 0 && b.Bones[j].Name != "" && eq(n, b.Bones[j].Name) {
					p.BOf[i], p.AOf[j] = j, i
					break
				}
			}
		}
	}
	self := func(i int) (string, bool) { return a.Bones[i].Name, true }
	exact := func(x, y string) bool { return x == y }
	pair(exact, self)
	pair(strings.EqualFold, self)
	if len(m) > 0 {
		mapped := func(i int) (string, bool) {
			n := a.Bones[i].Name
			if v, ok := m[n]; ok {
				return v, true
			}
			for k, v := range m {
				if strings.EqualFold(k, n) {
					return v, true
				}
			}
			return "", false
		}
		pair(exact, mapped)
		pair(strings.EqualFold, mapped)
	}
	return p
}
