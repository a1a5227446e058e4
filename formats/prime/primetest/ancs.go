package primetest

import (
	"fmt"

	"github.com/animview/animview/formats/prime"
	"github.com/go-gl/mathgl/mgl32"
)

// Names of the demo character set's files, by the <ID>.<TYPE> convention.
const (
	ANCSName = "0A0B0C0D.ANCS"
	WalkID   = 0x1A2B3C4D
	IdleID   = 0x1A2B3C4E
	alertID  = 0x1A2B3C4F
	CINFID   = 0x5E6F7081
)

// demoSubset keeps the channels of k whose bone ids are listed, with their
// rotations scaled towards identity by amp (a calmer copy of a motion).
func demoSubset(k *prime.Keys, amp float32, ids ...int) *prime.Keys {
	keep := map[int]bool{}
	for _, id := range ids {
		keep[id] = true
	}
	out := &prime.Keys{Frames: k.Frames}
	for _, c := range k.Channels {
		if !keep[c.BoneID] {
			continue
		}
		nc := prime.ChannelKeys{BoneID: c.BoneID, Translation: c.Translation}
		for _, q := range c.Rotation {
			nc.Rotation = append(nc.Rotation, mgl32.QuatSlerp(mgl32.QuatIdent(), q, amp))
		}
		out.Channels = append(out.Channels, nc)
	}
	return out
}

func demoPlay(id, prim uint32, name string) *prime.ANCSMetaAnim {
	return &prime.ANCSMetaAnim{Kind: prime.MetaAnimPlay, AnimID: id, Prim: prim, Name: name}
}

// ANCS returns the demo character set in a game's layout: two
// characters on the demo crawler's skeleton and six animations that use
// every meta-animation kind (Play, Blend, PhaseBlend, Random, Sequence),
// with transitions of every kind, additive animations, a half transition,
// and the game's last table (MP1: (ANIM, EVNT) pairs; MP2: an event set
// per animation).
func ANCS(game prime.Game) *prime.ANCS {
	version := uint16(6)
	if game == prime.MP2 {
		version = 10
	}
	walk := func() *prime.ANCSMetaAnim { return demoPlay(WalkID, 0, "walk") }
	idle := func() *prime.ANCSMetaAnim { return demoPlay(IdleID, 1, "idle") }
	alert := func() *prime.ANCSMetaAnim { return demoPlay(alertID, 2, "alert") }
	a := &prime.ANCS{Game: game, Version: 1, SetVersion: 1}
	for i, name := range []string{"Crawler", "Crawler_Calm"} {
		c := prime.ANCSCharacter{
			ID: uint32(i), Version: version, Name: name,
			Model: 0x0C0D0E0F + uint32(i), Skin: 0x0D0E0F10, Skeleton: CINFID,
			PAS:         prime.PASDatabase{Magic: [4]byte{'P', 'A', 'S', '4'}, DefaultState: -1},
			DefaultAnim: 0,
			AABBs:       []prime.NamedAABB{{Name: "walk", Box: prime.AABox{Min: mgl32.Vec3{-0.4, -0.5, 0}, Max: mgl32.Vec3{0.4, 0.5, 0.4}}}},
			FrozenModel: 0xFFFFFFFF, FrozenSkin: 0xFFFFFFFF,
		}
		names := []string{"walk", "idle", "walk_blend", "phase", "random_idle", "sequence"}
		for j, n := range names {
			an := prime.ANCSAnimName{ID: uint32(j), Name: n}
			c.AnimNames = append(c.AnimNames, an)
			c.AnimIDMap = append(c.AnimIDMap, uint32(j))
		}
		comp := prime.EffectComponent{Name: "dust", Type: [4]byte{'P', 'A', 'R', 'T'}, ID: 0x11223344, Scale: 1}
		if game == prime.MP2 {
			comp.BoneID = 21
			c.SpatialPrims = 0x77665544
			c.IndexedAABBs = []prime.IndexedAABB{{ID: 0, Box: c.AABBs[0].Box}}
		} else {
			comp.Bone = "L_Back_Foot"
		}
		c.Effects = []prime.ANCSEffect{{Name: "Dust", Components: []prime.EffectComponent{comp}}}
		c.Particles.PART = []uint32{0x11223344}
		a.Characters = append(a.Characters, c)
	}
	s := &a.Anims
	s.TableCount = 4
	s.Animations = []prime.ANCSAnimation{
		{Name: "walk", Tree: walk()},
		{Name: "idle", Tree: idle()},
		{Name: "walk_blend", Tree: &prime.ANCSMetaAnim{Kind: prime.MetaAnimBlend, Children: []*prime.ANCSMetaAnim{walk(), idle()}, Weight: 0.3}},
		{Name: "phase", Tree: &prime.ANCSMetaAnim{Kind: prime.MetaAnimPhaseBlend, Children: []*prime.ANCSMetaAnim{walk(), alert()}, Weight: 0.5}},
		{Name: "random_idle", Tree: &prime.ANCSMetaAnim{Kind: prime.MetaAnimRandom, Children: []*prime.ANCSMetaAnim{idle(), alert()}, Probabilities: []uint32{70, 100}}},
		{Name: "sequence", Tree: &prime.ANCSMetaAnim{Kind: prime.MetaAnimSequence, Children: []*prime.ANCSMetaAnim{alert(), walk()}}},
	}
	s.Transitions = []prime.ANCSTransition{
		{ID: 0, From: 0, To: 1, Trans: prime.ANCSMetaTrans{Kind: prime.MetaTransTransKind, Duration: prime.CharAnimTime{Seconds: 0.25}, RunA: 1, Flags: 3}},
		{ID: 1, From: 1, To: 0, Trans: prime.ANCSMetaTrans{Kind: prime.MetaTransPhaseKind, Duration: prime.CharAnimTime{Seconds: 0.3}}},
		{ID: 2, From: 2, To: 0, Trans: prime.ANCSMetaTrans{Kind: prime.MetaTransAnimKind, Anim: idle()}},
		{ID: 3, From: 0, To: 2, Trans: prime.ANCSMetaTrans{Kind: prime.MetaTransSnapKind}},
	}
	s.Default = prime.ANCSMetaTrans{Kind: prime.MetaTransTransKind, Duration: prime.CharAnimTime{Seconds: 0.2}}
	s.Additive = []prime.ANCSAdditive{{Anim: 2, FadeIn: 0.1, FadeOut: 0.2}}
	s.DefaultFadeIn, s.DefaultFadeOut = 0.25, 0.25
	s.HalfTransitions = []prime.ANCSHalfTransition{{To: 2, Trans: prime.ANCSMetaTrans{Kind: prime.MetaTransSnapKind}}}
	if game == prime.MP2 {
		for i := range s.Animations {
			e := &prime.EVNT{Game: prime.MP2, Version: 2}
			if i == 0 {
				d := EVNT()
				e.Loops, e.Users = d.Loops, d.Users
			}
			s.EventSets = append(s.EventSets, e)
		}
	} else {
		s.Resources = []prime.ANCSAnimResource{{Anim: WalkID, Event: EVNTID}}
	}
	return a
}

// SetFiles returns the demo character set as the files of a folder (or
// a PAK): the ANCS (ANCSName), the crawler's CINF, three compressed
// ANIMs (walk, idle, alert) and, for MP1, the walk's EVNT, each padded to
// 32 bytes as in a PAK.
func SetFiles(game prime.Game) (map[string][]byte, error) {
	files := map[string][]byte{}
	add := func(name string, b []byte) { files[name] = append(b, pad32(b)...) }
	a := ANCS(game)
	b, err := a.MarshalBinary()
	if err != nil {
		return nil, err
	}
	add(ANCSName, b)
	c := CINF()
	c.Game = game
	if game == prime.MP2 {
		for i := range c.Bones {
			c.Bones[i].Rotation, c.Bones[i].LocalRotation = mgl32.QuatIdent(), mgl32.QuatIdent()
		}
	}
	if b, err = c.MarshalBinary(); err != nil {
		return nil, err
	}
	add(fmt.Sprintf("%08X.CINF", uint32(CINFID)), b)
	walk := Keys()
	anims := []struct {
		id   uint32
		keys *prime.Keys
	}{
		{WalkID, walk},
		{IdleID, demoSubset(walk, 0.2, 3, 4, 5, 7, 8, 9)},
		{alertID, demoSubset(walk, 1, 3, 5, 6)},
	}
	for _, an := range anims {
		h := prime.Header{Interval: 1.0 / 30, Duration: 1, RootBone: 3, Looping: true}
		if b, err = prime.EncodeANIM(game, 2, h, an.keys); err != nil {
			return nil, err
		}
		files[fmt.Sprintf("%08X.ANIM", an.id)] = b
	}
	if game == prime.MP1 {
		e := EVNT()
		if b, err = e.MarshalBinary(); err != nil {
			return nil, err
		}
		add(fmt.Sprintf("%08X.EVNT", uint32(EVNTID)), b)
	}
	return files, nil
}
