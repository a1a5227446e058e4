//go:build !js

package main

import "testing"

func TestFinderFolder(t *testing.T) {
	for _, tc := range []struct{ goos, wd, home, want string }{
		{"darwin", "/", "/Users/ann", "/Users/ann/Desktop"}, // an app opened from Finder
		{"darwin", "/Users/ann/mods", "/Users/ann", ""},     // Terminal
		{"linux", "/", "/root", ""},
		{"windows", "/", `C:\Users\ann`, ""},
		{"darwin", "/", "", ""},
	} {
		if got := finderFolder(tc.goos, tc.wd, tc.home); got != tc.want {
			t.Errorf("finderFolder(%q, %q, %q) = %q, want %q", tc.goos, tc.wd, tc.home, got, tc.want)
		}
	}
}
