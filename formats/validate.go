package formats

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
)

// Validate checks the invariants the player relies on: parents come before
// children, every clip has one track set per bone, key times ascend and
// value slices match their times, and every number is finite. Loaders call
// it (the registry does too) so that a bug in a loader is an error, never a
// panic in the player, and so that no NaN or infinity reaches the player,
// the renderer, the exporter or JSON output (the last line of
// docs/formats/README.md#limits-and-non-finite-numbers; such errors wrap
// ErrNonFinite).
func (a *Asset) Validate() error {
	if a.Skeleton == nil {
		return fmt.Errorf("asset has no skeleton")
	}
	if err := a.Skeleton.Validate(); err != nil {
		return err
	}
	for i, s := range a.Skeletons {
		if s == nil || s == a.Skeleton {
			continue
		}
		if err := s.Validate(); err != nil {
			return fmt.Errorf("skeleton %d (%q): %w", i, s.Name, err)
		}
	}
	for _, c := range a.Clips {
		if err := c.Validate(len(a.Skeleton.Bones)); err != nil {
			return fmt.Errorf("clip %q: %w", c.Name, err)
		}
	}
	if err := checkMagnitudes(a.Skeleton, a.Clips); err != nil {
		return err
	}
	for i, s := range a.Skeletons {
		if s == nil || s == a.Skeleton {
			continue
		}
		if err := checkMagnitudes(s, a.Clips); err != nil {
			return fmt.Errorf("skeleton %d (%q): %w", i, s.Name, err)
		}
	}
	for _, m := range a.Meshes {
		if err := m.Validate(len(a.Skeleton.Bones)); err != nil {
			return err
		}
	}
	if a.AnimSet != nil {
		if err := a.AnimSet.validate(); err != nil {
			return fmt.Errorf("animation set: %w", err)
		}
	}
	for i := range a.Characters {
		for _, an := range a.Characters[i].Animations {
			if err := an.Meta.validate(0); err != nil {
				return fmt.Errorf("character %q animation %q: %w", a.Characters[i].Name, an.Name, err)
			}
		}
	}
	return nil
}

// Validate checks parent-before-child order and that bind transforms are
// finite.
func (s *Skeleton) Validate() error {
	for i, b := range s.Bones {
		if b.Parent < -1 || b.Parent >= i {
			return fmt.Errorf("bone %d (%q): parent %d is not an earlier bone", i, b.Name, b.Parent)
		}
		if err := finiteTransform(&b.Bind); err != nil {
			return fmt.Errorf("bone %d (%q) bind %w", i, b.Name, err)
		}
	}
	return nil
}

// nonFinite is the guard's error for a value v of what.
func nonFinite(what string, v any) error {
	return fmt.Errorf("%s %v: %w", what, v, ErrNonFinite)
}

func finiteTransform(t *Transform) error {
	switch {
	case !finite3(t.Translation):
		return nonFinite("translation", t.Translation)
	case !finiteQuat(t.Rotation):
		return nonFinite("rotation", t.Rotation)
	case !finite3(t.Scale):
		return nonFinite("scale", t.Scale)
	}
	return nil
}

func finiteQuat(q mgl32.Quat) bool { return finiteF(q.W) && finite3(q.V) }

func finite3s(vs []mgl32.Vec3) int {
	for i, v := range vs {
		if !finite3(v) {
			return i
		}
	}
	return -1
}

// validate checks the set's numbers: its trees, transitions, events and
// fades.
func (s *AnimSet) validate() error {
	for i := range s.Animations {
		an := &s.Animations[i]
		if err := an.Tree.validate(0); err != nil {
			return fmt.Errorf("animation %d (%q): %w", i, an.Name, err)
		}
		for k, e := range an.Events {
			if !Finite(e.Time) {
				return fmt.Errorf("animation %d (%q) event %d (%q): %w", i, an.Name, k, e.Name, nonFinite("time", e.Time))
			}
		}
	}
	if err := s.DefaultTransition.validate(); err != nil {
		return fmt.Errorf("default transition: %w", err)
	}
	for i := range s.Transitions {
		if err := s.Transitions[i].Trans.validate(); err != nil {
			return fmt.Errorf("transition %d: %w", i, err)
		}
	}
	for i := range s.HalfTransitions {
		if err := s.HalfTransitions[i].Trans.validate(); err != nil {
			return fmt.Errorf("half transition %d: %w", i, err)
		}
	}
	fades := append([]AdditiveFade{s.DefaultAdditive}, make([]AdditiveFade, 0, len(s.Additive))...)
	for _, ad := range s.Additive {
		fades = append(fades, ad.Fade)
	}
	for i, f := range fades {
		if !finiteF(f.FadeIn) || !finiteF(f.FadeOut) {
			what := "default additive fade"
			if i > 0 {
				what = fmt.Sprintf("additive animation %d fade", s.Additive[i-1].Anim)
			}
			return nonFinite(what, [2]float32{f.FadeIn, f.FadeOut})
		}
	}
	return nil
}

func (t *MetaTrans) validate() error {
	if !Finite(t.Duration) {
		return nonFinite("duration", t.Duration)
	}
	if err := t.Anim.validate(0); err != nil {
		return fmt.Errorf("animation: %w", err)
	}
	return nil
}

// maxMetaDepth bounds the walk over a tree; loaders bound their trees'
// depth far below it.
const maxMetaDepth = 1024

func (m *MetaAnim) validate(depth int) error {
	if m == nil {
		return nil
	}
	if depth > maxMetaDepth {
		return fmt.Errorf("meta-animation tree deeper than %d levels", maxMetaDepth)
	}
	if !Finite(m.StartTime) {
		return fmt.Errorf("%s node: %w", m.Kind, nonFinite("start time", m.StartTime))
	}
	if !finiteF(m.Weight) {
		return fmt.Errorf("%s node: %w", m.Kind, nonFinite("weight", m.Weight))
	}
	for _, c := range m.Children {
		if err := c.validate(depth + 1); err != nil {
			return err
		}
	}
	return nil
}

// Validate checks the clip against a skeleton of n bones.
func (c *Clip) Validate(n int) error {
	if len(c.Tracks) != n {
		return fmt.Errorf("%d track sets for %d bones", len(c.Tracks), n)
	}
	if !Finite(c.Duration) {
		return nonFinite("duration", c.Duration)
	}
	if c.Duration < 0 {
		return fmt.Errorf("duration %v is not a length of time", c.Duration)
	}
	if !Finite(c.FrameRate) {
		return nonFinite("frame rate", c.FrameRate)
	}
	if c.FrameRate < 0 {
		return fmt.Errorf("frame rate %v is not a rate", c.FrameRate)
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
		if k := finite3s(t.Translation.Values); k >= 0 {
			return fmt.Errorf("bone %d translation key %d: %w", i, k, nonFinite("value", t.Translation.Values[k]))
		}
		for k, q := range t.Rotation.Values {
			if !finiteQuat(q) {
				return fmt.Errorf("bone %d rotation key %d: %w", i, k, nonFinite("value", q))
			}
		}
		if k := finite3s(t.Scale.Values); k >= 0 {
			return fmt.Errorf("bone %d scale key %d: %w", i, k, nonFinite("value", t.Scale.Values[k]))
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
		if k := finite3s(c.Camera.Position.Values); k >= 0 {
			return fmt.Errorf("camera position key %d: %w", k, nonFinite("value", c.Camera.Position.Values[k]))
		}
		if k := finite3s(c.Camera.Target.Values); k >= 0 {
			return fmt.Errorf("camera target key %d: %w", k, nonFinite("value", c.Camera.Target.Values[k]))
		}
		for k, v := range c.Camera.Roll.Values {
			if !finiteF(v) {
				return fmt.Errorf("camera roll key %d: %w", k, nonFinite("value", v))
			}
		}
	}
	for i, e := range c.Events {
		if !Finite(e.Time) {
			return fmt.Errorf("event %d (%q): %w", i, e.Name, nonFinite("time", e.Time))
		}
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
		if !Finite(t) {
			return fmt.Errorf("key %d: %w", i, nonFinite("time", t))
		}
		if i > 0 && t < times[i-1] {
			return fmt.Errorf("key %d time %v before key %d time %v", i, t, i-1, times[i-1])
		}
	}
	return nil
}
