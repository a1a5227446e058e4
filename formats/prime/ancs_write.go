package prime

import (
	"errors"
	"fmt"
)

// MarshalBinary encodes the ANCS in its game's layout: each character by
// its own version, the animation set by its table count, MP2 event sets
// inline.
func (a *ANCS) MarshalBinary() ([]byte, error) {
	if a.Game != MP1 && a.Game != MP2 {
		return nil, errors.New("prime ANCS: encoder needs a game (mp1 or mp2)")
	}
	var w writer
	w.u16(a.Version)
	w.u16(a.SetVersion)
	w.u32(uint32(len(a.Characters)))
	for i := range a.Characters {
		if err := w.character(a.Game, &a.Characters[i]); err != nil {
			return nil, fmt.Errorf("prime ANCS: character %d: %w", i, err)
		}
	}
	if err := w.animSet(a.Game, &a.Anims); err != nil {
		return nil, fmt.Errorf("prime ANCS: %w", err)
	}
	return append(w.b, a.Trailing...), nil
}

func (w *writer) ids(ids []uint32) {
	w.u32(uint32(len(ids)))
	for _, id := range ids {
		w.u32(id)
	}
}

func (w *writer) box(b AABox) {
	w.vec3(b.Min)
	w.vec3(b.Max)
}

func (w *writer) character(game Game, c *ANCSCharacter) error {
	w.u32(c.ID)
	w.u16(c.Version)
	if err := w.cstr(c.Name); err != nil {
		return err
	}
	w.u32(c.Model)
	w.u32(c.Skin)
	w.u32(c.Skeleton)
	w.u32(uint32(len(c.AnimNames)))
	for _, an := range c.AnimNames {
		w.u32(an.ID)
		if c.Version < 10 {
			if err := w.cstr(an.Unused); err != nil {
				return err
			}
		}
		if err := w.cstr(an.Name); err != nil {
			return err
		}
	}
	if err := w.pas(&c.PAS); err != nil {
		return err
	}
	p := &c.Particles
	w.ids(p.PART)
	w.ids(p.SWHC)
	w.ids(p.Third)
	if c.Version > 5 {
		w.ids(p.ELSC)
	}
	if c.Version > 8 {
		w.ids(p.SPSC)
		w.ids(p.SRSC)
	}
	w.u32(c.DefaultAnim)
	if c.Version > 1 {
		w.u32(uint32(len(c.AABBs)))
		for _, b := range c.AABBs {
			if err := w.cstr(b.Name); err != nil {
				return err
			}
			w.box(b.Box)
		}
	}
	if c.Version > 2 {
		w.u32(uint32(len(c.Effects)))
		for i := range c.Effects {
			if err := w.effect(game, &c.Effects[i]); err != nil {
				return err
			}
		}
	}
	if c.Version > 3 {
		w.u32(c.FrozenModel)
		w.u32(c.FrozenSkin)
	}
	if c.Version > 4 {
		w.ids(c.AnimIDMap)
	}
	if c.Version > 6 {
		w.u32(c.SpatialPrims)
	}
	if c.Version > 7 {
		w.u8(c.AnimatedScale)
	}
	if c.Version > 9 {
		w.u32(uint32(len(c.IndexedAABBs)))
		for _, b := range c.IndexedAABBs {
			w.u32(b.ID)
			w.box(b.Box)
		}
	}
	return nil
}

func (w *writer) effect(game Game, e *ANCSEffect) error {
	if err := w.cstr(e.Name); err != nil {
		return err
	}
	w.u32(uint32(len(e.Components)))
	for _, c := range e.Components {
		if err := w.cstr(c.Name); err != nil {
			return err
		}
		w.b = append(w.b, c.Type[:]...)
		w.u32(c.ID)
		if game == MP2 {
			w.u32(c.BoneID)
		} else if err := w.cstr(c.Bone); err != nil {
			return err
		}
		w.f32(c.Scale)
		w.u32(c.ParentMode)
		w.u32(c.Flags)
	}
	return nil
}

func (w *writer) pasValue(t, v uint32) {
	switch pasValueSize(t) {
	case 4:
		w.u32(v)
	case 1:
		w.u8(uint8(v))
	}
}

func (w *writer) pas(p *PASDatabase) error {
	magic := p.Magic
	if magic == [4]byte{} {
		magic = [4]byte{'P', 'A', 'S', '4'}
	}
	w.b = append(w.b, magic[:]...)
	w.u32(uint32(len(p.States)))
	w.u32(uint32(p.DefaultState))
	for _, s := range p.States {
		w.u32(uint32(s.ID))
		w.u32(uint32(len(s.Parms)))
		w.u32(uint32(len(s.Anims)))
		for _, pi := range s.Parms {
			w.u32(pi.Type)
			w.u32(pi.WeightFunction)
			w.f32(pi.Weight)
			w.pasValue(pi.Type, pi.Min)
			w.pasValue(pi.Type, pi.Max)
		}
		for _, ai := range s.Anims {
			if len(ai.Values) != len(s.Parms) {
				return fmt.Errorf("PAS state %d: animation %d has %d values for %d parameters", s.ID, ai.ID, len(ai.Values), len(s.Parms))
			}
			w.u32(uint32(ai.ID))
			for k, v := range ai.Values {
				w.pasValue(s.Parms[k].Type, v)
			}
		}
	}
	return nil
}

func (w *writer) animSet(game Game, s *ANCSAnimSet) error {
	w.u16(s.TableCount)
	w.u32(uint32(len(s.Animations)))
	for i, an := range s.Animations {
		if err := w.cstr(an.Name); err != nil {
			return err
		}
		if err := w.metaAnim(an.Tree, 0); err != nil {
			return fmt.Errorf("animation %d %q: %w", i, an.Name, err)
		}
	}
	w.u32(uint32(len(s.Transitions)))
	for i := range s.Transitions {
		t := &s.Transitions[i]
		w.u32(t.ID)
		w.u32(t.From)
		w.u32(t.To)
		if err := w.metaTrans(&t.Trans); err != nil {
			return fmt.Errorf("transition %d: %w", i, err)
		}
	}
	if err := w.metaTrans(&s.Default); err != nil {
		return fmt.Errorf("default transition: %w", err)
	}
	if s.TableCount > 1 {
		w.u32(uint32(len(s.Additive)))
		for _, ad := range s.Additive {
			w.u32(ad.Anim)
			w.f32(ad.FadeIn)
			w.f32(ad.FadeOut)
		}
		w.f32(s.DefaultFadeIn)
		w.f32(s.DefaultFadeOut)
	} else if len(s.Additive) > 0 {
		return errors.New("additive animations need a table count above 1")
	}
	if s.TableCount > 2 {
		w.u32(uint32(len(s.HalfTransitions)))
		for i := range s.HalfTransitions {
			h := &s.HalfTransitions[i]
			w.u32(h.To)
			if err := w.metaTrans(&h.Trans); err != nil {
				return fmt.Errorf("half transition %d: %w", i, err)
			}
		}
	} else if len(s.HalfTransitions) > 0 {
		return errors.New("half transitions need a table count above 2")
	}
	if s.TableCount <= 3 {
		if len(s.Resources) > 0 || len(s.EventSets) > 0 {
			return errors.New("animation resources and event sets need a table count above 3")
		}
		return nil
	}
	if game == MP2 {
		if len(s.Resources) > 0 {
			return errors.New("MP2 stores event sets, not (ANIM, EVNT) pairs")
		}
		w.u32(uint32(len(s.EventSets)))
		for i, e := range s.EventSets {
			if e == nil || e.Game != MP2 {
				return fmt.Errorf("event set %d is not an MP2 event list", i)
			}
			b, err := e.MarshalBinary()
			if err != nil {
				return fmt.Errorf("event set %d: %w", i, err)
			}
			if len(e.Trailing) > 0 {
				return fmt.Errorf("event set %d has trailing bytes", i)
			}
			w.b = append(w.b, b...)
		}
		return nil
	}
	if len(s.EventSets) > 0 {
		return errors.New("MP1 stores (ANIM, EVNT) pairs, not event sets")
	}
	w.u32(uint32(len(s.Resources)))
	for _, r := range s.Resources {
		w.u32(r.Anim)
		w.u32(r.Event)
	}
	return nil
}

func (w *writer) metaAnim(m *ANCSMetaAnim, depth int) error {
	if m == nil {
		return errors.New("missing meta-animation")
	}
	if depth > maxMetaDepth {
		return fmt.Errorf("nested deeper than %d levels", maxMetaDepth)
	}
	w.u32(m.Kind)
	switch m.Kind {
	case MetaAnimPlay:
		w.u32(m.AnimID)
		w.u32(m.Prim)
		if err := w.cstr(m.Name); err != nil {
			return err
		}
		w.f32(m.Start.Seconds)
		w.u32(m.Start.State)
	case MetaAnimBlend, MetaAnimPhaseBlend:
		if len(m.Children) != 2 {
			return fmt.Errorf("a blend has %d children, not 2", len(m.Children))
		}
		for _, c := range m.Children {
			if err := w.metaAnim(c, depth+1); err != nil {
				return err
			}
		}
		w.f32(m.Weight)
		w.u8(m.Flag)
	case MetaAnimRandom:
		if len(m.Probabilities) != len(m.Children) {
			return fmt.Errorf("a random node has %d thresholds for %d children", len(m.Probabilities), len(m.Children))
		}
		w.u32(uint32(len(m.Children)))
		for i, c := range m.Children {
			if err := w.metaAnim(c, depth+1); err != nil {
				return err
			}
			w.u32(m.Probabilities[i])
		}
	case MetaAnimSequence:
		w.u32(uint32(len(m.Children)))
		for _, c := range m.Children {
			if err := w.metaAnim(c, depth+1); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("meta-animation kind %d", m.Kind)
	}
	return nil
}

func (w *writer) metaTrans(t *ANCSMetaTrans) error {
	w.u32(t.Kind)
	switch t.Kind {
	case MetaTransAnimKind:
		return w.metaAnim(t.Anim, 1)
	case MetaTransTransKind, MetaTransPhaseKind:
		w.f32(t.Duration.Seconds)
		w.u32(t.Duration.State)
		w.u8(t.Unused)
		w.u8(t.RunA)
		w.u32(t.Flags)
	case MetaTransSnapKind:
	default:
		return fmt.Errorf("meta-transition kind %d", t.Kind)
	}
	return nil
}
