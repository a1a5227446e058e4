package compare

import (
	"strings"
	"testing"

	"github.com/animview/animview/formats"
)

func skel(names ...string) *formats.Skeleton {
	sk := &formats.Skeleton{}
	for i, n := range names {
		sk.Bones = append(sk.Bones, formats.Bone{ID: i, Name: n, Parent: i - 1, Bind: formats.Identity()})
	}
	return sk
}

// TestMatch: exact names first, then names ignoring case, then the map;
// a bone of B pairs once; unnamed bones never pair.
func TestMatch(t *testing.T) {
	for _, c := range []struct {
		name  string
		a, b  []string
		m     Map
		want  []int
		onlyA string
		onlyB string
	}{
		{"same", []string{"root", "arm"}, []string{"root", "arm"}, nil, []int{0, 1}, "", ""},
		{"order", []string{"root", "arm"}, []string{"arm", "root"}, nil, []int{1, 0}, "", ""},
		{"case", []string{"ROOT", "arm"}, []string{"root", "Arm"}, nil, []int{0, 1}, "", ""},
		// The exact pass runs first, so "Arm" takes "Arm" though "arm"
		// comes first and could fold to it.
		{"exact first", []string{"arm", "Arm"}, []string{"Arm", "ARM"}, nil, []int{1, 0}, "", ""},
		{"renamed", []string{"root", "hand"}, []string{"root", "Palm"}, nil, []int{0, -1}, "hand", "Palm"},
		{"map", []string{"root", "hand"}, []string{"root", "Palm"}, Map{"HAND": "palm"}, []int{0, 1}, "", ""},
		// A map does not take a bone an exact name already took.
		{"map taken", []string{"root", "hand"}, []string{"root"}, Map{"hand": "root"}, []int{0, -1}, "hand", ""},
		{"unnamed", []string{"", "a"}, []string{"", "a"}, nil, []int{-1, 1}, "", ""},
	} {
		p := Match(skel(c.a...), skel(c.b...), c.m)
		for i, w := range c.want {
			if p.BOf[i] != w || (w >= 0 && p.AOf[w] != i) {
				t.Errorf("%s: BOf %v AOf %v, want %v", c.name, p.BOf, p.AOf, c.want)
				break
			}
		}
		// Unnamed bones are listed as "" among the unmatched.
		oa := strings.Trim(strings.Join(p.UnmatchedA(skel(c.a...)), ","), ",")
		ob := strings.Trim(strings.Join(p.UnmatchedB(skel(c.b...)), ","), ",")
		if oa != c.onlyA || ob != c.onlyB {
			t.Errorf("%s: only A %q, only B %q", c.name, oa, ob)
		}
	}
}

// TestReadMap: one OLD=NEW a line, # comments and blank lines skipped,
// errors name the file and line.
func TestReadMap(t *testing.T) {
	m, err := ReadMap(strings.NewReader("# Sims to Bip01\n\nPELVIS = Bip01 Pelvis # hips\nL_LEG=Bip01 L Thigh\n"), "x.map")
	if err != nil || len(m) != 2 || m["PELVIS"] != "Bip01 Pelvis" || m["L_LEG"] != "Bip01 L Thigh" {
		t.Errorf("%v %q", err, m)
	}
	for _, c := range []struct{ in, want string }{
		{"a=b\nc\n", "bone map x.map: line 2: want OLD=NEW"},
		{"a=b\n=c\n", "line 2"},
		{"a=b\na=c\n", `line 2: "a" is mapped twice`},
	} {
		if _, err := ReadMap(strings.NewReader(c.in), "x.map"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
	if m, err := ParseMap("a=b, c = d ,"); err != nil || m["c"] != "d" || len(m) != 2 {
		t.Errorf("ParseMap: %v %q", err, m)
	}
	if _, err := ParseMap("a=b,c"); err == nil || !strings.Contains(err.Error(), "pair 2") {
		t.Errorf("ParseMap: %v", err)
	}
}

// FuzzReadMap: any bytes give a map or an error that names the line,
// never a panic; a map read back from its own lines is the same map.
func FuzzReadMap(f *testing.F) {
	f.Add([]byte("# Sims to Bip01\nPELVIS = Bip01 Pelvis # hips\n\nL_LEG=Bip01 L Thigh\n"))
	f.Add([]byte("a=b\na=c\n"))
	f.Add([]byte("=\n#\n==\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := ReadMap(strings.NewReader(string(b)), "f.map")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "bone map f.map") {
				t.Errorf("error %q does not name the file", err)
			}
			return
		}
		var sb strings.Builder
		for k, v := range m {
			sb.WriteString(k + "=" + v + "\n")
		}
		again, err := ReadMap(strings.NewReader(sb.String()), "again.map")
		if err != nil || len(again) != len(m) {
			t.Fatalf("read back: %v, %d of %d pairs", err, len(again), len(m))
		}
		for k, v := range m {
			if again[k] != v {
				t.Errorf("%q: %q, read back %q", k, v, again[k])
			}
		}
	})
}
