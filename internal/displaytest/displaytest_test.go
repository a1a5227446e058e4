package displaytest

import (
	"strings"
	"testing"
)

// TestMissing: without DISPLAY a test is told why; with it (and Main not
// run) nothing is missing.
func TestMissing(t *testing.T) {
	t.Setenv("DISPLAY", "")
	if got := Missing(); !strings.Contains(got, "DISPLAY is not set") {
		t.Errorf("without DISPLAY: %q", got)
	}
	t.Setenv("DISPLAY", ":99")
	if got := Missing(); got != "" {
		t.Errorf("with DISPLAY: %q", got)
	}
}

// TestRequired reads ANIMVIEW_REQUIRE_DISPLAY.
func TestRequired(t *testing.T) {
	t.Setenv(Require, "")
	if Required() {
		t.Error("required with the variable empty")
	}
	t.Setenv(Require, "1")
	if !Required() {
		t.Error("not required with the variable set")
	}
}
