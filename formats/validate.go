package formats

import (
	"fmt"
	"math"
)

// Validate checks the invariants the player relies on: parents come before
// children, every clip has one track set per bone, key times ascend and
// value slices match their times. Loaders call it (the registry does too) so
// that a bug in a loader is an error, never a panic in the player.
func (a *Asset) Validate() error {
	if a.Skeleton == nil {
		return fmt.Errorf("asset has no skeleton")
	}
	if err := a.Skeleton.Validate(); err != nil {
		return err
	}
	for _, c := range a.Clips {
		if err := c.Validate(len(a.Skeleton.Bones)); err != nil {
			return fmt.Errorf("clip %q: %w", c.Name, err)
		}
	}
	for _, m := range a.Meshes {
		if err := m.Validate(len(a.Skeleton.Bones)); err != nil {
			return err
		}
	}
	return nil
}

// Validate checks parent-before-child order.
func (s *Skeleton) Validate() error {
	for i, b := range s.Bones {
		if b.Parent < -1 || b.Parent >= i {
			return fmt.Errorf("bone %d (%q): parent %d is not an earlier bone", i, b.Name, b.Parent)
		}
	}
	return nil
}

// Validate checks the clip against a skeleton of n bones.
func (c *Clip) Validate(n int) error {
	if len(c.Tracks) != n {
		return fmt.Errorf("%d track sets for %d bones", len(c.Tracks), n)
	}
	if math.IsNaN(c.Duration) || math.IsInf(c.Duration, 0) || c.Duration < 0 {
		return fmt.Errorf("duration %v is not a length of time", c.Duration)
	}
	for i := range c.Tracks {
		t := &c.Tracks[i]
		if err := checkTrack(t.Translation.Times, len(t.Translation.Values), len(t.Translation.Flags)); err != nil {
			return fmt.Errorf("bone %d translation: %w", i, err)
		}
		if err := checkTrack(t.Rotation.Times, len(t.Rotation.Values), len(t.Rotation.Flags)); err != nil {
			return fmt.Errorf("bone %d rotation: %w", i, err)
		}
		if err := checkTrack(t.Scale.Times, len(t.Scale.Values), len(t.Scale.Flags)); err != nil {
			return fmt.Errorf("bone %d scale: %w", i, err)
		}
		if err := checkTrack(t.Visibility.Times, len(t.Visibility.Values), 0); err != nil {
			return fmt.Errorf("bone %d visibility: %w", i, err)
		}
	}
	if c.Camera != nil {
		if err := checkTrack(c.Camera.Position.Times, len(c.Camera.Position.Values), len(c.Camera.Position.Flags)); err != nil {
			return fmt.Errorf("camera position: %w", err)
		}
		if err := checkTrack(c.Camera.Target.Times, len(c.Camera.Target.Values), len(c.Camera.Target.Flags)); err != nil {
			return fmt.Errorf("camera target: %w", err)
		}
		if err := checkTrack(c.Camera.Roll.Times, len(c.Camera.Roll.Values), len(c.Camera.Roll.Flags)); err != nil {
			return fmt.Errorf("camera roll: %w", err)
		}
	}
	for i, e := range c.Events {
		if e.Bone < -1 || e.Bone >= n {
			return fmt.Errorf("event %d (%q): bone %d out of range", i, e.Name, e.Bone)
		}
	}
	return nil
}

func checkTrack(times []float64, values, flags int) error {
	if values != len(times) {
		return fmt.Errorf("%d values for %d key times", values, len(times))
	}
	if flags != 0 && flags != len(times) {
		return fmt.Errorf("%d flags for %d key times", flags, len(times))
	}
	for i, t := range times {
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return fmt.Errorf("key %d time %v", i, t)
		}
		if i > 0 && t < times[i-1] {
			return fmt.Errorf("key %d time %v before key %d time %v", i, t, i-1, times[i-1])
		}
	}
	return nil
}
