package prime

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
)

// Names of the demo character set's files, by the <ID>.<TYPE> convention.
const (
	DemoANCSName = "0A0B0C0D.ANCS"
	demoWalkID   = 0x1A2B3C4D
	demoIdleID   = 0x1A2B3C4E
	demoAlertID  = 0x1A2B3C4F
	demoCINFID   = 0x5E6F7081
)

// demoSubset keeps the channels of k whose bone ids are listed, with their
// rotations scaled towards identity by amp (a calmer copy of a motion).
func demoSubset(k *Keys, amp float32, ids ...int) *Keys {
	keep := map[int]bool{}
	for _, id := range ids {
		keep[id] = true
	}
	out := &Keys{Frames: k.Frames}
	for _, c := range k.Channels {
		if !keep[c.BoneID] {
			continue
		}
		nc := ChannelKeys{BoneID: c.BoneID, Translation: c.Translation}
		for _, q := range c.Rotation {
			nc.Rotation = append(nc.Rotation, mgl32.QuatSlerp(mgl32.QuatIdent(), q, amp))
		}
		out.Channels = append(out.Channels, nc)
	}
	return out
}

func demoPlay(id, prim uint32, name string) *ANCSMetaAnim {
	return &ANCSMetaAnim{Kind: MetaAnimPlay, AnimID: id, Prim: prim, Name: name}
}

// DemoANCS returns the demo character set in a game's layout: two
// characters on the demo crawler's skeleton and six animations that use
// every meta-animation kind (Play, Blend, PhaseBlend, Random, Sequence),
// with transitions of every kind, additive animations, a half transition,
// and the game's last table (MP1: (ANIM, EVNT) pairs; MP2: an event set
// per animation).
func DemoANCS(game Game) *ANCS {
	version := uint16(6)
	if game == MP2 {
		version = 10
	}
	walk := func() *ANCSMetaAnim { return demoPlay(demoWalkID, 0, "walk") }
	idle := func() *ANCSMetaAnim { return demoPlay(demoIdleID, 1, "idle") }
	alert := func() *ANCSMetaAnim { return demoPlay(demoAlertID, 2, "alert") }
	a := &ANCS{Game: game, Version: 1, SetVersion: 1}
	for i, name := range []string{"Crawler", "Crawler_Calm"} {
		c := ANCSCharacter{
			ID: uint32(i), Version: version, Name: name,
			Model: 0x0C0D0E0F + uint32(i), Skin: 0x0D0E0F10, Skeleton: demoCINFID,
			PAS:         PASDatabase{Magic: [4]byte{'P', 'A', 'S', '4'}, DefaultState: -1},
			DefaultAnim: 0,
			AABBs:       []NamedAABB{{Name: "walk", Box: AABox{Min: mgl32.Vec3{-0.4, -0.5, 0}, Max: mgl32.Vec3{0.4, 0.5, 0.4}}}},
			FrozenModel: 0xFFFFFFFF, FrozenSkin: 0xFFFFFFFF,
		}
		names := []string{"walk", "idle", "walk_blend", "phase", "random_idle", "sequence"}
		for j, n := range names {
			an := ANCSAnimName{ID: uint32(j), Name: n}
			c.AnimNames = append(c.AnimNames, an)
			c.AnimIDMap = append(c.AnimIDMap, uint32(j))
		}
		comp := EffectComponent{Name: "dust", Type: [4]byte{'P', 'A', 'R', 'T'}, ID: 0x11223344, Scale: 1}
		if game == MP2 {
			comp.BoneID = 21
			c.SpatialPrims = 0x77665544
			c.IndexedAABBs = []IndexedAABB{{ID: 0, Box: c.AABBs[0].Box}}
		} else {
			comp.Bone = "L_Back_Foot"
		}
		c.Effects = []ANCSEffect{{Name: "Dust", Components: []EffectComponent{comp}}}
		c.Particles.PART = []uint32{0x11223344}
		a.Characters = append(a.Characters, c)
	}
	s := &a.Anims
	s.TableCount = 4
	s.Animations = []ANCSAnimation{
		{Name: "walk", Tree: walk()},
		{Name: "idle", Tree: idle()},
		{Name: "walk_blend", Tree: &ANCSMetaAnim{Kind: MetaAnimBlend, Children: []*ANCSMetaAnim{walk(), idle()}, Weight: 0.3}},
		{Name: "phase", Tree: &ANCSMetaAnim{Kind: MetaAnimPhaseBlend, Children: []*ANCSMetaAnim{walk(), alert()}, Weight: 0.5}},
		{Name: "random_idle", Tree: &ANCSMetaAnim{Kind: MetaAnimRandom, Children: []*ANCSMetaAnim{idle(), alert()}, Probabilities: []uint32{70, 100}}},
		{Name: "sequence", Tree: &ANCSMetaAnim{Kind: MetaAnimSequence, Children: []*ANCSMetaAnim{alert(), walk()}}},
	}
	s.Transitions = []ANCSTransition{
		{ID: 0, From: 0, To: 1, Trans: ANCSMetaTrans{Kind: MetaTransTransKind, Duration: CharAnimTime{Seconds: 0.25}, RunA: 1, Flags: 3}},
		{ID: 1, From: 1, To: 0, Trans: ANCSMetaTrans{Kind: MetaTransPhaseKind, Duration: CharAnimTime{Seconds: 0.3}}},
		{ID: 2, From: 2, To: 0, Trans: ANCSMetaTrans{Kind: MetaTransAnimKind, Anim: idle()}},
		{ID: 3, From: 0, To: 2, Trans: ANCSMetaTrans{Kind: MetaTransSnapKind}},
	}
	s.Default = ANCSMetaTrans{Kind: MetaTransTransKind, Duration: CharAnimTime{Seconds: 0.2}}
	s.Additive = []ANCSAdditive{{Anim: 2, FadeIn: 0.1, FadeOut: 0.2}}
	s.DefaultFadeIn, s.DefaultFadeOut = 0.25, 0.25
	s.HalfTransitions = []ANCSHalfTransition{{To: 2, Trans: ANCSMetaTrans{Kind: MetaTransSnapKind}}}
	if game == MP2 {
		for i := range s.Animations {
			e := &EVNT{Game: MP2, Version: 2}
			if i == 0 {
				d := DemoEVNT()
				e.Loops, e.Users = d.Loops, d.Users
			}
			s.EventSets = append(s.EventSets, e)
		}
	} else {
		s.Resources = []ANCSAnimResource{{Anim: demoWalkID, Event: demoEVNTID}}
	}
	return a
}

// DemoSetFiles returns the demo character set as the files of a folder (or
// a PAK): the ANCS (DemoANCSName), the crawler's CINF, three compressed
// ANIMs (walk, idle, alert) and, for MP1, the walk's EVNT, each padded to
// 32 bytes as in a PAK.
func DemoSetFiles(game Game) (map[string][]byte, error) {
	files := map[string][]byte{}
	add := func(name string, b []byte) { files[name] = append(b, pad32(b, true)...) }
	a := DemoANCS(game)
	b, err := a.MarshalBinary()
	if err != nil {
		return nil, err
	}
	add(DemoANCSName, b)
	c := DemoCINF()
	c.Game = game
	if game == MP2 {
		for i := range c.Bones {
			c.Bones[i].Rotation, c.Bones[i].LocalRotation = mgl32.QuatIdent(), mgl32.QuatIdent()
		}
	}
	if b, err = c.MarshalBinary(); err != nil {
		return nil, err
	}
	add(fmt.Sprintf("%08X.CINF", uint32(demoCINFID)), b)
	walk := DemoKeys()
	anims := []struct {
		id   uint32
		keys *Keys
	}{
		{demoWalkID, walk},
		{demoIdleID, demoSubset(walk, 0.2, 3, 4, 5, 7, 8, 9)},
		{demoAlertID, demoSubset(walk, 1, 3, 5, 6)},
	}
	for _, an := range anims {
		h := Header{Interval: 1.0 / 30, Duration: 1, RootBone: 3, Looping: true}
		if b, err = EncodeANIM(game, 2, h, an.keys); err != nil {
			return nil, err
		}
		files[fmt.Sprintf("%08X.ANIM", an.id)] = b
	}
	if game == MP1 {
		e := DemoEVNT()
		if b, err = e.MarshalBinary(); err != nil {
			return nil, err
		}
		add(fmt.Sprintf("%08X.EVNT", uint32(demoEVNTID)), b)
	}
	return files, nil
}
