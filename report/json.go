package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
)

// WriteJSON writes a report (an Info, a Pose) as indented JSON and a
// newline. Loaders refuse NaN and infinities, but finite values can still
// overflow single precision as bones compose (a chain of scales near
// 1e38): that is an error wrapping formats.ErrNonFinite that says so, not
// a bare "json: unsupported value", and nothing is written.
func WriteJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	var uv *json.UnsupportedValueError
	if errors.As(err, &uv) {
		return fmt.Errorf("the result holds %s, past single precision's range (the file's numbers are finite but too large): %w", uv.Str, formats.ErrNonFinite)
	}
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// FrameTime is the time of frame (a frame number, fractions allowed) of
// clip ci of a, at the rate the player steps the clip (player.StepRate);
// frames run from 0 to the clip's last.
func FrameTime(a *formats.Asset, ci int, frame float64) (float64, error) {
	if ci < 0 {
		return 0, errors.New("--frame needs a clip; the file has none (use --time for the bind pose)")
	}
	rate := player.StepRate(a.Clips[ci])
	frames := player.FrameCount(a.Clips[ci].Duration, rate)
	if !(frame >= 0 && frame <= float64(frames-1)) {
		return 0, fmt.Errorf("--frame %v is outside the clip %q: frames are 0 to %d", frame, a.Clips[ci].Name, frames-1)
	}
	return frame / rate, nil
}
