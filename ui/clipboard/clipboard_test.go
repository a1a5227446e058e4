//go:build !js

package clipboard

import (
	"errors"
	"os"
	"runtime"
	"testing"
)

// TestRoundTrip copies text with characters beyond ASCII and reads it
// back. It needs a clipboard: on Windows (and under Wine) always; on Linux
// a clipboard tool and a display, else it skips, unless
// ANIMVIEW_REQUIRE_CLIPBOARD asks for it.
func TestRoundTrip(t *testing.T) {
	const text = `{"bone": "Bip01 L Thigh", "name": "ギター", "q": [0, 0.7071, 0, 0.7071]}`
	err := Copy(text)
	if errors.Is(err, ErrUnavailable) && runtime.GOOS != "windows" && os.Getenv("ANIMVIEW_REQUIRE_CLIPBOARD") == "" {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	got, err := Paste()
	if err != nil {
		t.Fatal(err)
	}
	if got != text {
		t.Errorf("pasted %q, want %q", got, text)
	}
}
