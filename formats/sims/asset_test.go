package sims

import (
	"math"
	"strings"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/go-gl/mathgl/mgl32"
)

func loadSample(t testing.TB, file string, skel *formats.Input) *formats.Asset {
	t.Helper()
	in := &formats.Input{Name: file, Data: readSample(t, file), Skeleton: skel}
	a, err := loadAnim(in)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestSampleAssets(t *testing.T) {
	for _, s := range sampleFacts {
		t.Run(s.name, func(t *testing.T) {
			a := loadSample(t, s.file, nil)
			if err := a.Validate(); err != nil {
				t.Fatal(err)
			}
			if a.Coords != (formats.Coords{Up: formats.AxisY, LeftHanded: true, FrontYaw: 180}) {
				t.Errorf("coords %+v", a.Coords)
			}
			// The whole adult (or dog) figure, plus what the table adds.
			if len(a.Skeleton.Bones) < s.motions || len(a.Skeleton.Bones) < 29 || len(a.Clips) != 1 {
				t.Fatalf("%d bones, %d clips", len(a.Skeleton.Bones), len(a.Clips))
			}
			c := a.Clips[0]
			raw, err := ParseAnim(readSample(t, s.file))
			if err != nil {
				t.Fatal(err)
			}
			moved := map[int]bool{}
			for _, m := range raw.Motions {
				moved[a.Skeleton.IndexByName(m.BoneName)] = true
			}
			wantDur := float64(s.frames-1) / 30
			if c.Duration != wantDur || c.FrameRate != 30 || c.Interp != formats.InterpShortestArc || c.Frames() != int(s.frames) {
				t.Errorf("duration %v fps %v interp %v frames %d", c.Duration, c.FrameRate, c.Interp, c.Frames())
			}
			for i := range c.Tracks {
				tr := &c.Tracks[i]
				if !moved[i] {
					if tr.Animated() {
						t.Fatalf("bone %d moves without a motion", i)
					}
					continue
				}
				if len(tr.Translation.Times) != int(s.frames) || len(tr.Rotation.Times) != int(s.frames) {
					t.Fatalf("bone %d: %d/%d keys", i, len(tr.Translation.Times), len(tr.Rotation.Times))
				}
				if last := tr.Rotation.Times[s.frames-1]; last != wantDur {
					t.Fatalf("last key at %v, want %v", last, wantDur)
				}
			}
		})
	}
}

// TestModelValues checks that the model keeps the stored translations and
// conjugates the stored quaternions, key by key.
func TestModelValues(t *testing.T) {
	file := sampleFacts[0].file
	raw, err := ParseAnim(readSample(t, file))
	if err != nil {
		t.Fatal(err)
	}
	a := loadSample(t, file, nil)
	c := a.Clips[0]
	for _, m := range raw.Motions {
		bi := a.Skeleton.IndexByName(m.BoneName)
		tr := &c.Tracks[bi]
		for f := uint32(0); f < m.FrameCount; f += 37 {
			if got, want := tr.Translation.Values[f], raw.Translations[m.FirstTranslation+f]; got != want {
				t.Fatalf("%s frame %d translation %v, want %v", m.BoneName, f, got, want)
			}
			q := raw.Rotations[m.FirstRotation+f]
			want := mgl32.Quat{W: q[3], V: mgl32.Vec3{-q[0], -q[1], -q[2]}}
			if got := tr.Rotation.Values[f]; got != want {
				t.Fatalf("%s frame %d rotation %v, want %v", m.BoneName, f, got, want)
			}
			if tr.Rotation.Times[f] != float64(f)/30 {
				t.Fatalf("frame %d at %v s", f, tr.Rotation.Times[f])
			}
		}
		// The bind of the game's bones is the game's; a helper's is its
		// first frame.
		b := a.Skeleton.Bones[bi].Bind
		if row := adultTable.index(m.BoneName); row >= 0 && adultTable.bones[row].hasBind {
			tb := adultTable.bones[row]
			if b != bind(tb.t, tb.q) {
				t.Fatalf("%s bind %+v, want the table's", m.BoneName, b)
			}
		} else if b.Translation != raw.Translations[m.FirstTranslation] || b.Rotation != raw.Rotations[m.FirstRotation].Model() {
			t.Fatalf("%s bind %+v", m.BoneName, b)
		}
	}
}

func TestBroomEvents(t *testing.T) {
	c := loadSample(t, sampleFacts[0].file, nil).Clips[0]
	want := []formats.Event{
		{Time: 0.001, Name: "dress fso-broom-handr", Kind: formats.EventProp, Bone: -1,
			Payload: []formats.KV{{Key: "dress", Value: "fso-broom-handr"}}},
		{Time: 8.756, Name: "undress fso-broom-handr", Kind: formats.EventProp, Bone: -1,
			Payload: []formats.KV{{Key: "undress", Value: "fso-broom-handr"}}},
	}
	if len(c.Events) != len(want) {
		t.Fatalf("%d events: %+v", len(c.Events), c.Events)
	}
	for i := range want {
		g, w := c.Events[i], want[i]
		if g.Time != w.Time || g.Name != w.Name || g.Kind != w.Kind || g.Bone != w.Bone ||
			len(g.Payload) != 1 || g.Payload[0] != w.Payload[0] {
			t.Errorf("event %d: %+v, want %+v", i, g, w)
		}
	}
}

func TestEventClassify(t *testing.T) {
	tests := []struct {
		pairs []formats.KV
		name  string
		kind  formats.EventKind
	}{
		{[]formats.KV{{Key: "xevt", Value: "3"}}, "xevt 3", formats.EventUser},
		{[]formats.KV{{Key: "sound", Value: "gun_fire"}}, "sound gun_fire", formats.EventSound},
		{[]formats.KV{{Key: "dress", Value: "hat"}}, "dress hat", formats.EventProp},
		{[]formats.KV{{Key: "undress", Value: "hat"}}, "undress hat", formats.EventProp},
		{[]formats.KV{{Key: "righthand", Value: "2"}}, "righthand fist", EventGesture},
		{[]formats.KV{{Key: "lefthand", Value: "1"}}, "lefthand pointing", EventGesture},
		{[]formats.KV{{Key: "lefthand", Value: "9"}}, "lefthand gesture 9", EventGesture},
		{[]formats.KV{{Key: "foo", Value: "bar"}, {Key: "xevt", Value: "1"}}, "xevt 1", formats.EventUser},
		{[]formats.KV{{Key: "foo", Value: "bar"}}, "foo bar", formats.EventUser},
	}
	for _, tt := range tests {
		e := classify(Prop{Pairs: tt.pairs})
		if e.Name != tt.name || e.Kind != tt.kind {
			t.Errorf("%v: %q %q, want %q %q", tt.pairs, e.Name, e.Kind, tt.name, tt.kind)
		}
	}
}

// TestEventsOneBone: a time prop carried by one motion is attached to its
// bone; props at equal times but with other pairs stay apart.
func TestEventsOneBone(t *testing.T) {
	prop := func(k, v string) PropsList {
		return PropsList{Props: []Prop{{Pairs: []formats.KV{{Key: k, Value: v}}}}}
	}
	a := &Animation{Motions: []Motion{
		{BoneName: "ROOT", TimeProps: []TimePropsList{{Items: []TimeProp{{ID: 2000, Props: prop("sound", "b")}, {ID: 100, Props: prop("xevt", "1")}}}}},
		{BoneName: "HEAD", TimeProps: []TimePropsList{{Items: []TimeProp{{ID: 100, Props: prop("xevt", "2")}}}}},
	}}
	sk := &formats.Skeleton{Bones: []formats.Bone{{Name: "ROOT", Parent: -1}, {Name: "HEAD", Parent: 0}}}
	ev := buildEvents(a, newBoneLookup(sk))
	if len(ev) != 3 || ev[0].Name != "xevt 1" || ev[0].Bone != 0 || ev[1].Name != "xevt 2" || ev[1].Bone != 1 ||
		ev[2].Time != 2 || ev[2].Bone != 0 {
		t.Fatalf("%+v", ev)
	}
}

func parentName(sk *formats.Skeleton, bone string) string {
	i := sk.IndexByName(bone)
	if i < 0 {
		return "(missing)"
	}
	if p := sk.Bones[i].Parent; p >= 0 {
		return sk.Bones[p].Name
	}
	return ""
}

func TestFallbackHierarchy(t *testing.T) {
	broom := loadSample(t, sampleFacts[0].file, nil).Skeleton
	dog := loadSample(t, "d2o-rc-turn45-cw.7c8b5a1e00000007.anim", nil).Skeleton
	tests := []struct {
		sk           *formats.Skeleton
		bone, parent string
	}{
		{broom, "ROOT", ""},
		{broom, "PELVIS", "ROOT"},
		{broom, "HEAD", "NECK"},
		{broom, "L_ARM", "NECK"},
		{broom, "R_FINGER0", "R_HAND"},
		{broom, "L_TOE02", "L_TOE01"},
		{broom, "R_LEG", "PELVIS"},
		{broom, "HEAD_TARGET", "NECK"},
		{broom, "RAHT", "R_ARM_P"},
		{broom, "R_ARM_P", "RAHM"},
		{broom, "RAHM", "R_A_TARGET"},
		{broom, "R_A_TARGET", "R_ARM"},
		{broom, "RAHB", "R_ARM_IK"},
		{broom, "R_ARM_IK", "ROOT"},
		{broom, "LLHT", "L_LEG_P"},
		{broom, "L_L_TRACK", "PELVIS"},
		{dog, "HEAD", "NECK1"},
		{dog, "NECK1", "NECK"},
		{dog, "L_FOOT", "L_HORSELINK"},
		{dog, "TAIL4", "TAIL3"},
		{dog, "TAIL", "PELVIS"},
	}
	for _, tt := range tests {
		if got := parentName(tt.sk, tt.bone); got != tt.parent {
			t.Errorf("%s: parent of %s is %q, want %q", tt.sk.Name, tt.bone, got, tt.parent)
		}
	}
	if broom.Bones[0].Name != "ROOT" || !strings.Contains(broom.Source, "built-in") {
		t.Errorf("first bone %q, source %q", broom.Bones[0].Name, broom.Source)
	}
}

func TestFallbackWarnings(t *testing.T) {
	a := loadSample(t, "a2o-diefalldan.cdfc292500000007.anim", nil)
	if parentName(a.Skeleton, "Armature_0") != "" || len(a.Warnings) != 1 ||
		!strings.Contains(a.Warnings[0], `Sims adult skeleton (built-in table) has no bone "Armature_0"; shown as roots`) {
		t.Errorf("warnings %q", a.Warnings)
	}
	// The game's bones are all there whatever the animation names: HEAD
	// hangs from NECK, at the real skeleton's bind.
	anim := &Animation{Motions: []Motion{{BoneName: "HEAD"}, {BoneName: "PELVIS"}}}
	sk, warns := FallbackSkeleton([]*Animation{anim}, Adult)
	if parentName(sk, "HEAD") != "NECK" || len(sk.Bones) != 29 || len(warns) != 0 {
		t.Errorf("%q %d %q", parentName(sk, "HEAD"), len(sk.Bones), warns)
	}
	// A helper whose table parents are absent hangs from its nearest
	// ancestor.
	anim = &Animation{Motions: []Motion{{BoneName: "RAHT"}}}
	sk, warns = FallbackSkeleton([]*Animation{anim}, Adult)
	if parentName(sk, "RAHT") != "R_ARM" || len(warns) != 1 || !strings.Contains(warns[0], "no R_ARM_P, RAHM, R_A_TARGET;") {
		t.Errorf("%q %q", parentName(sk, "RAHT"), warns)
	}
}

func TestOrderBones(t *testing.T) {
	tests := []struct {
		name           string
		names, parents []string
		wantNames      []string
		wantParents    []int
		warnings       int
	}{
		{"sorted", []string{"R", "A", "B"}, []string{"NULL", "R", "A"}, []string{"R", "A", "B"}, []int{-1, 0, 1}, 0},
		{"child first", []string{"B", "A", "R"}, []string{"A", "R", "NULL"}, []string{"R", "A", "B"}, []int{-1, 0, 1}, 0},
		{"siblings keep order", []string{"c2", "R", "c1"}, []string{"R", "NULL", "R"}, []string{"R", "c2", "c1"}, []int{-1, 0, 0}, 0},
		{"unknown parent", []string{"R", "X"}, []string{"NULL", "nope"}, []string{"R", "X"}, []int{-1, -1}, 1},
		{"cycle", []string{"R", "A", "B"}, []string{"NULL", "B", "A"}, []string{"R", "A", "B"}, []int{-1, -1, 1}, 1},
		{"self", []string{"A"}, []string{"A"}, []string{"A"}, []int{-1}, 1},
		{"duplicate", []string{"R", "R", "C"}, []string{"NULL", "NULL", "R"}, []string{"R", "C", "R"}, []int{-1, 0, -1}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			order, parents, warns := orderBones(tt.names, tt.parents)
			var got []string
			for _, i := range order {
				got = append(got, tt.names[i])
			}
			if strings.Join(got, ",") != strings.Join(tt.wantNames, ",") || len(warns) != tt.warnings {
				t.Fatalf("order %v warnings %q", got, warns)
			}
			for i := range parents {
				if parents[i] != tt.wantParents[i] || (parents[i] >= i) {
					t.Fatalf("parents %v, want %v", parents, tt.wantParents)
				}
			}
		})
	}
}

// TestSkeletonOverride plays an animation on a user skeleton (--skeleton):
// bones come from the skeleton, unknown motions are skipped with a warning.
func TestSkeletonOverride(t *testing.T) {
	s := &Skeleton{Version: 1, Name: "mini", Bones: []SkelBone{
		{Name: "PELVIS", Parent: "ROOT", Translation: mgl32.Vec3{0, 1, 0}, Rotation: FileQuat{0, 0, 0, 1}},
		{Name: "ROOT", Parent: "NULL", Rotation: FileQuat{0, 0, 0, 1}, CanTranslate: 1},
		{Name: "EXTRA", Parent: "ROOT", Rotation: FileQuat{0, 0, 0, 1}},
	}}
	data, err := EncodeSkel(s)
	if err != nil {
		t.Fatal(err)
	}
	a := loadSample(t, "a2o-sus-dead.7f214ec600000007.anim", &formats.Input{Name: "mini.skel", Data: data})
	if a.Skeleton.Source != "--skeleton mini.skel" || len(a.Skeleton.Bones) != 3 || a.Skeleton.Bones[0].Name != "ROOT" {
		t.Fatalf("skeleton %+v", a.Skeleton)
	}
	c := a.Clips[0]
	if !c.Tracks[0].Animated() || !c.Tracks[1].Animated() || c.Tracks[2].Animated() {
		t.Errorf("tracks animated: %v %v %v", c.Tracks[0].Animated(), c.Tracks[1].Animated(), c.Tracks[2].Animated())
	}
	if len(a.Warnings) != 1 || !strings.Contains(a.Warnings[0], `"HEAD"`) {
		t.Errorf("warnings %q", a.Warnings)
	}
	if a.Skeleton.Bones[2].Bind.Translation != (mgl32.Vec3{}) || a.Skeleton.Bones[1].Bind.Translation != (mgl32.Vec3{0, 1, 0}) {
		t.Errorf("binds %+v", a.Skeleton.Bones)
	}
}

func TestFileQuatModel(t *testing.T) {
	// A stored quaternion q is the row-vector form; the model holds q*.
	q := FileQuat{0.1, 0.2, 0.3, 0.9}
	m := q.Model()
	if m.W != 0.9 || m.V != (mgl32.Vec3{-0.1, -0.2, -0.3}) || FileQuatFromModel(m) != q {
		t.Fatalf("%v", m)
	}
	// A stored rotation of +90° about Z (x,y,z,w = 0,0,s,s) turns the
	// column vector +X to −Y in the model: it is the row-vector rotation
	// v·R, which turns +X to +Y, read the other way round.
	s := float32(math.Sqrt2 / 2)
	v := FileQuat{0, 0, s, s}.Model().Rotate(mgl32.Vec3{1, 0, 0})
	if v.Sub(mgl32.Vec3{0, -1, 0}).Len() > 1e-6 {
		t.Fatalf("%v", v)
	}
}

// TestSkeletonCMXOverride: --skeleton takes a .cmx in the game's syntax
// (the adult skeleton, written by our writer): an .anim plays on it.
func TestSkeletonCMXOverride(t *testing.T) {
	data, err := EncodeCMX(&CharacterFile{Skeletons: []Skeleton{*BuiltInSkeleton(Adult)}})
	if err != nil {
		t.Fatal(err)
	}
	a := loadSample(t, "a2o-sus-dead.7f214ec600000007.anim", &formats.Input{Name: "adult-skeleton.cmx", Data: data})
	if a.Skeleton.Source != "--skeleton adult-skeleton.cmx" || len(a.Skeleton.Bones) != 29 || len(a.Warnings) != 0 {
		t.Fatalf("%q, %d bones, %q", a.Skeleton.Source, len(a.Skeleton.Bones), a.Warnings)
	}
	if !a.Clips[0].Tracks[a.Skeleton.IndexByName("HEAD")].Animated() {
		t.Error("HEAD does not move")
	}
}
