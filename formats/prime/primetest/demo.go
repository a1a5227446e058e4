package primetest

import (
	"math"

	"github.com/animview/animview/formats/prime"
	"github.com/go-gl/mathgl/mgl32"
)

// Names of the demo triple, by the extracted-resource convention
// <ID as 8 hex digits>.<TYPE>. The ANIM's header names the EVNT's id.
const (
	ANIMName = "1A2B3C4D.ANIM"
	CINFName = "5E6F7081.CINF"
	EVNTName = "9C8D7E6F.EVNT"
	EVNTID   = 0x9C8D7E6F
)

// demoBone is a bone of the demo creature: a six-legged crawler, Z-up,
// facing +Y, 0.6 units long.
type demoBone struct {
	id, parent uint32
	name       string
	pos        mgl32.Vec3 // absolute, as CINF stores it
}

var demoBones = func() []demoBone {
	b := []demoBone{
		{3, 2, "Skeleton_Root", mgl32.Vec3{0, 0, 0}},
		{4, 3, "Body", mgl32.Vec3{0, 0, 0.25}},
		{5, 4, "Head", mgl32.Vec3{0, 0.22, 0.28}},
		{6, 5, "Jaw", mgl32.Vec3{0, 0.32, 0.25}},
		{7, 4, "Tail_1", mgl32.Vec3{0, -0.2, 0.27}},
		{8, 7, "Tail_2", mgl32.Vec3{0, -0.32, 0.3}},
		{9, 8, "Tail_3", mgl32.Vec3{0, -0.42, 0.36}},
	}
	// Six legs of three bones, ids 10 onwards: upper, lower, foot.
	id := uint32(10)
	for _, leg := range demoLegs {
		x, y := leg.side*0.1, leg.y
		b = append(b,
			demoBone{id, 4, leg.name + "_Upper", mgl32.Vec3{x, y, 0.25}},
			demoBone{id + 1, id, leg.name + "_Lower", mgl32.Vec3{2.5 * x, 1.3 * y, 0.32}},
			demoBone{id + 2, id + 1, leg.name + "_Foot", mgl32.Vec3{3.4 * x, 1.6 * y, 0}})
		id += 3
	}
	return b
}()

// demoLegs are the crawler's legs, and the phase offset makes a tripod
// gait (front-left, mid-right, back-left together). side is the sign of the
// leg's X: Retro's frame is right-handed with Z up and the creature facing
// +Y, so its right is forward × up = +X and its left legs sit at -X.
var demoLegs = []struct {
	name  string
	side  float32
	y     float32
	phase float64
}{
	{"L_Front", -1, 0.12, 0}, {"R_Front", 1, 0.12, math.Pi},
	{"L_Mid", -1, 0, math.Pi}, {"R_Mid", 1, 0, 0},
	{"L_Back", -1, -0.12, 0}, {"R_Back", 1, -0.12, math.Pi},
}

// CINF returns the demo creature's skeleton.
func CINF() *prime.CINF {
	c := &prime.CINF{Game: prime.MP1}
	children := map[uint32][]uint32{}
	for _, b := range demoBones {
		children[b.parent] = append(children[b.parent], b.id)
	}
	for _, b := range demoBones {
		linked := append([]uint32{b.parent}, children[b.id]...)
		c.Bones = append(c.Bones, prime.CINFBone{ID: b.id, Parent: b.parent, Position: b.pos, Linked: linked})
		c.Names = append(c.Names, prime.CINFName{Name: b.name, ID: b.id})
	}
	// Root first, then the rest in reverse numerical order, as the games do.
	c.BuildOrder = append(c.BuildOrder, demoBones[0].id)
	for i := len(demoBones) - 1; i > 0; i-- {
		c.BuildOrder = append(c.BuildOrder, demoBones[i].id)
	}
	return c
}

func axisAngle(angle float32, axis mgl32.Vec3) mgl32.Quat {
	return mgl32.QuatRotate(angle, axis)
}

// Keys returns the demo creature's scuttle: a one-second loop at 30
// frames per second, keyed every other frame and densely around frame 15,
// so that the bitmap has gaps the player interpolates across. The legs
// swing in a tripod gait, the body bobs (a translation channel), the tail
// sways, the head nods and the jaw snaps.
func Keys() *prime.Keys {
	var frames []int
	for f := 0; f <= 30; f++ {
		if f%2 == 0 || (f > 12 && f < 18) {
			frames = append(frames, f)
		}
	}
	k := &prime.Keys{Frames: frames}
	bind := map[uint32]mgl32.Vec3{}
	pos := map[uint32]mgl32.Vec3{}
	for _, b := range demoBones {
		pos[b.id] = b.pos
	}
	for _, b := range demoBones {
		if p, ok := pos[b.parent]; ok {
			bind[b.id] = b.pos.Sub(p)
		} else {
			bind[b.id] = b.pos
		}
	}
	x, y, z := mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 0, 1}
	phase := func(f int) float64 { return 2 * math.Pi * float64(f) / 30 }
	rot := func(fn func(ph float64) mgl32.Quat) []mgl32.Quat {
		q := make([]mgl32.Quat, len(frames))
		for i, f := range frames {
			q[i] = fn(phase(f))
		}
		return q
	}
	sin := func(ph, off float64) float32 { return float32(math.Sin(ph + off)) }
	add := func(id int, r []mgl32.Quat, t []mgl32.Vec3) {
		k.Channels = append(k.Channels, prime.ChannelKeys{BoneID: id, Rotation: r, Translation: t})
	}
	add(3, rot(func(float64) mgl32.Quat { return mgl32.QuatIdent() }), nil)
	bob := make([]mgl32.Vec3, len(frames))
	for i, f := range frames {
		bob[i] = bind[4].Add(mgl32.Vec3{0, 0, 0.02 * float32(math.Sin(2*phase(f)))})
	}
	add(4, rot(func(ph float64) mgl32.Quat { return axisAngle(0.05*sin(2*ph, 0), y) }), bob)
	add(5, rot(func(ph float64) mgl32.Quat { return axisAngle(0.15*sin(ph, 1), x) }), nil)
	add(6, rot(func(ph float64) mgl32.Quat {
		return axisAngle(-0.25*float32(math.Max(0, math.Sin(2*ph))), x)
	}), nil)
	for i, id := range []int{7, 8, 9} {
		off := float64(i) * 0.7
		add(id, rot(func(ph float64) mgl32.Quat { return axisAngle(0.3*sin(ph, -off), z) }), nil)
	}
	for i, leg := range demoLegs {
		off, side := leg.phase, leg.side
		upper := 10 + 3*i
		// Swing forward and back about Z; lift about Y, whose sign
		// depends on the side for the foot to rise.
		add(upper, rot(func(ph float64) mgl32.Quat {
			swing := axisAngle(side*0.45*sin(ph, off), z)
			lift := axisAngle(-side*0.3*float32(math.Max(0, math.Sin(ph+off))), y)
			return swing.Mul(lift)
		}), nil)
		add(upper+1, rot(func(ph float64) mgl32.Quat {
			return axisAngle(side*0.35*float32(math.Max(0, math.Cos(ph+off))), y)
		}), nil)
	}
	return k
}

// EVNT returns the demo's events: a loop point, footsteps (user events
// on leg locators), a dust effect on a foot and a chirp.
func EVNT() *prime.EVNT {
	poi := func(name string, typ uint16, t float32, idx uint32) prime.POI {
		return prime.POI{Unk: 1, Name: name, Type: typ, Time: prime.CharAnimTime{Seconds: t}, Index: idx, Weight: 1, CharIdx: -1}
	}
	return &prime.EVNT{
		Game:    prime.MP1,
		Version: 2,
		Loops:   []prime.BoolEvent{{POI: poi("Loop", prime.POILoop, 0, 0), Value: 1}},
		Users: []prime.IntEvent{
			{POI: poi("Step_Left", prime.POIUserEvent, 0.25, 1), Value: 0, Locator: "L_Front_Lower"},
			{POI: poi("Step_Right", prime.POIUserEvent, 0.75, 2), Value: 0, Locator: "R_Front_Lower"},
		},
		Effects: []prime.ParticleEvent{{
			POI: poi("Dust", prime.POIParticle, 0.5, 3), Duration: 10, Type: [4]byte{'P', 'A', 'R', 'T'},
			ID: 0x11223344, Bone: "L_Back_Foot", Scale: 1, ParentMode: 0,
		}},
		Sounds: []prime.SoundEvent{{POI: poi("Chirp", prime.POISound, 0.6, 4), SoundID: 0x00000123, Falloff: 0.2, MaxDistance: 50}},
	}
}

// Files returns the demo triple as files: a compressed MP1 ANIM
// (ANIMName) naming its EVNT, the CINF (CINFName) and the EVNT
// (EVNTName), all padded as they are in a PAK.
func Files() (anim, cinf, evnt []byte, err error) {
	h := prime.Header{Interval: 1.0 / 30, Duration: 1, RootBone: 3, Looping: true, EVNT: EVNTID, Pad: true}
	if anim, err = prime.EncodeANIM(prime.MP1, 2, h, Keys()); err != nil {
		return nil, nil, nil, err
	}
	c := CINF()
	if cinf, err = c.MarshalBinary(); err != nil {
		return nil, nil, nil, err
	}
	cinf = append(cinf, pad32(cinf)...)
	e := EVNT()
	if evnt, err = e.MarshalBinary(); err != nil {
		return nil, nil, nil, err
	}
	evnt = append(evnt, pad32(evnt)...)
	return anim, cinf, evnt, nil
}
