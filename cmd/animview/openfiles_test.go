package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats/open"
)

func TestPrimaryFile(t *testing.T) {
	for _, tc := range []struct {
		names []string
		want  string
	}{
		{[]string{"9C8D7E6F.EVNT", "5E6F7081.CINF", "1A2B3C4D.ANIM"}, "1A2B3C4D.ANIM"},
		{[]string{"cylindro.ms3d", "cylindro.anm"}, "cylindro.anm"},
		{[]string{"a2o-scare.cfp", "person.cmx"}, "person.cmx"},
		{[]string{"adult.skel", "walk.anim"}, "walk.anim"},
		{[]string{"b.anim", "a.anim", "adult.skel"}, "a.anim"},
		{[]string{"notes.doc", "arm.txt"}, "arm.txt"},
		{[]string{"x.ANCS", "1A2B3C4D.ANIM", "5E6F7081.CINF"}, "x.ANCS"},
		{[]string{"tpose.skel"}, "tpose.skel"},
	} {
		fsys := fstest.MapFS{}
		for _, n := range tc.names {
			fsys[n] = &fstest.MapFile{Data: []byte("x")}
		}
		if got, err := open.Primary(fsys); err != nil || got != tc.want {
			t.Errorf("open.Primary(%v) = %q, %v; want %q", tc.names, got, err, tc.want)
		}
	}
	if _, err := open.Primary(fstest.MapFS{}); err == nil {
		t.Error("an empty set opened")
	}
}

// TestOpenInSet opens files as the web page hands them over: chosen or
// dropped together, without paths. Companions in the set are found; a
// missing one is named.
func TestOpenInSet(t *testing.T) {
	dir := t.TempDir()
	wineFixtures(t, dir)
	set := func(files ...string) fstest.MapFS {
		m := fstest.MapFS{}
		for _, f := range files {
			b, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				t.Fatal(err)
			}
			m[filepath.Base(f)] = &fstest.MapFile{Data: b}
		}
		return m
	}
	load := func(fsys fstest.MapFS) (string, []string, error) {
		t.Helper()
		name, err := open.Primary(fsys)
		if err != nil {
			t.Fatal(err)
		}
		a, err := open.InSet(fsys, name, open.Options{})
		if err != nil {
			return "", nil, err
		}
		return a.Skeleton.Name + " / " + a.Skeleton.Source, a.Warnings, nil
	}
	hasHint := func(ws []string, s string) bool {
		for _, w := range ws {
			if strings.Contains(w, s) {
				return true
			}
		}
		return false
	}

	sk, ws, err := load(set("prime/1A2B3C4D.ANIM", "prime/5E6F7081.CINF", "prime/9C8D7E6F.EVNT"))
	if err != nil || !strings.Contains(sk, "CINF") || len(ws) != 0 {
		t.Errorf("ANIM with CINF and EVNT: %q %q %v", sk, ws, err)
	}
	if _, ws, err = load(set("prime/1A2B3C4D.ANIM")); err != nil ||
		!hasHint(ws, "add its skeleton (the CINF, with the EVNT for its events): choose or drop it together with 1A2B3C4D.ANIM") {
		t.Errorf("ANIM alone: %q %v", ws, err)
	}

	if sk, ws, err = load(set("anm/cylindro.anm", "anm/cylindro.ms3d")); err != nil || hasHint(ws, "add") {
		t.Errorf("ANM with its model: %q %q %v", sk, ws, err)
	}
	_, _, err = load(set("anmalone/cylindro.anm"))
	if err == nil || !strings.Contains(err.Error(), "add the MilkShape model (.ms3d) it animates: choose or drop it together with cylindro.anm") {
		t.Errorf("ANM alone: %v", err)
	}

	if sk, _, err = load(set("tso/a2o-skeledeco-idle.0557534f00000007.anim", "sims/tpose.skel")); err != nil || !strings.HasPrefix(sk, "tpose") {
		t.Errorf("a Sims .anim with a .skel: %q %v", sk, err)
	}
	if _, ws, err = load(set("sims/person.cmx", "sims/a2o-scare.cfp")); err != nil || hasHint(ws, "add the .cfp") {
		t.Errorf("skills with their .cfp: %q %v", ws, err)
	}
	if _, ws, err = load(set("sims/person.bcf")); err != nil || !hasHint(ws, "add the .cfp key data of its skills: choose or drop it together with person.bcf") {
		t.Errorf("skills without their .cfp: %q %v", ws, err)
	}

	bad := fstest.MapFS{"bad.anim": &fstest.MapFile{Data: []byte("not an animation at all")}}
	if _, err := open.InSet(bad, "bad.anim", open.Options{}); err == nil || !strings.Contains(err.Error(), "bad.anim") ||
		strings.Contains(err.Error(), "add ") {
		t.Errorf("a bad file: %v", err)
	}
}
