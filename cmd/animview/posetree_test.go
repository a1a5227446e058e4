package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/animview/animview/report"
)

// TestPoseTreeFlags: the tree flags go through the command line; an asset
// without an animation set says so.
func TestPoseTreeFlags(t *testing.T) {
	for _, args := range [][]string{
		{"pose", "--json", "demo:", "--anim", "walk", "--frame", "3"},
		{"pose", "--json", "demo:", "--character", "x", "--time", "0"},
	} {
		if _, errs, code := runCLI(t, args...); code == 0 || !strings.Contains(errs, "usage") {
			t.Errorf("%v: exit %d, %s", args, code, errs)
		}
	}
	_, errs, code := runCLI(t, "pose", "--json", "demo:", "--anim", "nothing", "--time", "0")
	if code == 0 || !strings.Contains(errs, "no animation") {
		t.Errorf("exit %d, %s", code, errs)
	}
	// Without the tree flags, pose is what it was.
	var j report.Pose
	out, _, code := runCLI(t, "pose", "--json", "demo:", "--time", "0")
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil {
		t.Errorf("plain pose broke: %d", code)
	}
}
