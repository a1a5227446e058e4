package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestThirdPartyLicensesUpToDate: the committed THIRD_PARTY_LICENSES is
// what the module graph gives now, so a module added to go.mod cannot
// ship without its licence (run `go run ./internal/licenses/gen` to
// remake it).
func TestThirdPartyLicensesUpToDate(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	root, _ := filepath.Abs("../../..")
	want, err := Make(root)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(root, "internal/licenses/THIRD_PARTY_LICENSES"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("THIRD_PARTY_LICENSES is out of date: run `go run ./internal/licenses/gen`")
	}
	for _, must := range []string{"github.com/hajimehoshi/ebiten/v2", "(Apache-2.0)", "-- LICENSE (BSD-3-Clause) --"} {
		if !strings.Contains(want, must) {
			t.Errorf("the text lacks %q", must)
		}
	}
}
