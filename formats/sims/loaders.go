package sims

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
)

// Loaders returns the loaders of this package: TSO `.anim` and `.skel`, and
// The Sims 1 `.cmx`, `.bcf`, `.skn` and `.cfp`.
func Loaders() []formats.Loader {
	return []formats.Loader{
		{
			Name:        animFormat,
			Description: "The Sims Online animation (.anim, version 2)",
			Extensions:  []string{"anim"},
			Sniff:       SniffAnim,
			Load:        loadAnim,
		},
		{
			Name:        skelFormat,
			Description: "The Sims Online skeleton (.skel)",
			Extensions:  []string{"skel"},
			Sniff:       SniffSkel,
			Load:        loadSkel,
		},
		{
			Name:        cmxFormat,
			Description: "The Sims character file, text (.cmx: skeletons, suits, skills)",
			Extensions:  []string{"cmx"},
			Sniff:       SniffCMX,
			Load:        func(in *formats.Input) (*formats.Asset, error) { return loadCharacter(in, true) },
		},
		{
			Name:        bcfFormat,
			Description: "The Sims character file, binary (.bcf: skeletons, suits, skills)",
			Extensions:  []string{"bcf"},
			Sniff:       SniffBCF,
			Load:        func(in *formats.Input) (*formats.Asset, error) { return loadCharacter(in, false) },
		},
		{
			Name:        sknFormat,
			Description: "The Sims skin (.skn text mesh), bound to the skeleton beside it or the built-in one",
			Extensions:  []string{"skn"},
			Sniff:       SniffSKN,
			Load:        loadSKN,
		},
		{
			Name:        cfpFormat,
			Description: "The Sims skill key data (.cfp), played through the .cmx/.bcf skill beside it",
			Extensions:  []string{"cfp"},
			Sniff:       SniffCFP,
			Load:        loadCFP,
		},
	}
}

func printable(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c > 0x7E {
			return false
		}
	}
	return true
}

// SniffAnim reports whether data starts like a TSO `.anim`: version 2
// (big-endian), a 2-byte name length from 1 to 255, a printable ASCII name,
// and a translation count that fits. Metroid Prime ANIMs also start with a
// big-endian 0 or 2, but their next field is not a short printable string.
func SniffAnim(data []byte) bool {
	if len(data) < 6 || binary.BigEndian.Uint32(data) != 2 {
		return false
	}
	n := int(binary.BigEndian.Uint16(data[4:]))
	if n < 1 || n > 255 || len(data) < 6+n+13 {
		return false
	}
	if !printable(data[6 : 6+n]) {
		return false
	}
	rest := data[6+n+9:]
	count := uint64(binary.BigEndian.Uint32(rest))
	return count*12 <= uint64(len(rest)-4)
}

// SniffSkel reports whether data starts like a TSO `.skel`: a small version,
// a printable name, a plausible bone count and a first bone with printable
// names.
func SniffSkel(data []byte) bool {
	if len(data) < 5 || binary.BigEndian.Uint32(data) > 16 {
		return false
	}
	p := 4
	name := func() bool {
		if p >= len(data) {
			return false
		}
		n := int(data[p])
		if n == 0 || p+1+n > len(data) || !printable(data[p+1:p+1+n]) {
			return false
		}
		p += 1 + n
		return true
	}
	if !name() || p+2 > len(data) {
		return false
	}
	count := int16(binary.BigEndian.Uint16(data[p:]))
	p += 2
	if count < 1 || int(count)*skelBoneMin > len(data)-p || p+4 > len(data) {
		return false
	}
	p += 4 // bone.unknown
	boneName := name()
	parentName := boneName && name()
	return parentName
}

// SniffCMX reports whether data is a `.cmx` text: blank lines and "//"
// comments, then a "version N" line.
func SniffCMX(data []byte) bool {
	for i := 0; i < 64 && len(data) > 0; i++ {
		line := data
		if j := bytes.IndexByte(data, '\n'); j >= 0 {
			line, data = data[:j], data[j+1:]
		} else {
			data = nil
		}
		// Bytes, not a string: a first line the size of the file (no
		// newline) is looked at where it lies, never copied.
		l := bytes.TrimSpace(line)
		switch {
		case len(l) == 0 || bytes.HasPrefix(l, []byte("//")):
			continue
		case bytes.HasPrefix(l, []byte("version ")):
			v := bytes.TrimSpace(l[len("version "):])
			if len(v) > 20 {
				return false
			}
			_, err := strconv.Atoi(string(v))
			return err == nil
		default:
			return false
		}
	}
	return false
}

// sniffMax bounds the files the structural sniffers decode in full.
const sniffMax = 8 << 20

// SniffBCF reports whether data decodes as a `.bcf` to its last byte and
// holds something. Character files are small, so a full structural decode
// is cheap and leaves little room for accidents.
func SniffBCF(data []byte) bool {
	if len(data) < 12 || len(data) > sniffMax {
		return false
	}
	// The first count (skeletons) is a small non-negative int32.
	if v := int32(binary.LittleEndian.Uint32(data)); v < 0 || v > 4096 {
		return false
	}
	cf, err := ParseBCF(data)
	return err == nil && len(cf.Skeletons)+len(cf.Suits)+len(cf.Skills) > 0
}

// SniffCFP never recognises a `.cfp` by its content: the stream has no
// magic number and no structure that the bytes of another format could
// not also have (the game's own streams hold literals as small as 1e-15,
// and a damaged first word 0xFFFFFFFF reads as a literal code), so any
// guess would take damaged files of other formats for one. The `.cfp`
// extension chooses its loader (docs/formats/sims.md#cfp-key-data).
func SniffCFP(data []byte) bool { return false }

func loadAnim(in *formats.Input) (*formats.Asset, error) {
	a, err := ParseAnim(in.Data)
	if err != nil {
		return nil, err
	}
	asset := &formats.Asset{
		Format:  animFormat,
		Game:    "The Sims Online",
		Version: strconv.FormatUint(uint64(a.Version), 10),
		Coords:  coords,
	}
	if a.Version != 2 {
		asset.Warnings = append(asset.Warnings, fmt.Sprintf("version %d; every known .anim is version 2", a.Version))
	}
	anims := []*Animation{a}
	sk, info, warns, err := skeletonFor(in, anims)
	if err != nil {
		return nil, err
	}
	asset.Warnings = append(asset.Warnings, warns...)
	clip, warns := BuildClip(a, sk)
	asset.Warnings = append(asset.Warnings, warns...)
	if w := CollapseWarning(sk, clip); w != "" && in.Skeleton == nil {
		// First: it explains what the user sees.
		asset.Warnings = append([]string{w}, asset.Warnings...)
	}
	asset.Skeleton = sk
	asset.Clips = []*formats.Clip{clip}
	asset.Info = append([]formats.KV{{Key: "name", Value: a.Name}}, info...)
	if err := asset.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", animFormat, err)
	}
	return asset, nil
}

// skeletonFor returns the user's skeleton (--skeleton) when there is one,
// else the built-in table for the animations' age.
func skeletonFor(in *formats.Input, anims []*Animation) (*formats.Skeleton, []formats.KV, []string, error) {
	if in.Skeleton != nil {
		fs, err := LoadSkeletonFile(in.Skeleton)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("skeleton %s: %w", in.Skeleton.Name, err)
		}
		sk, info, warns := ModelSkeleton(fs, "--skeleton "+in.Skeleton.Name)
		return sk, info, warns, nil
	}
	sk, warns := FallbackSkeleton(anims, animsAge(anims))
	return sk, nil, warns, nil
}

// animsAge is Child when the first animation's name says so.
func animsAge(anims []*Animation) Age {
	if len(anims) == 0 {
		return Adult
	}
	if ClipAge(anims[0].Name) == Child || ClipAge(anims[0].XSkillName) == Child {
		return Child
	}
	return Adult
}

// LoadSkeletonFile reads the skeleton of a `.skel`, or the first skeleton of
// a `.cmx` or `.bcf`, chosen by extension and else by content.
func LoadSkeletonFile(in *formats.Input) (*Skeleton, error) {
	kind := in.Ext()
	if kind != "skel" && kind != "cmx" && kind != "bcf" {
		switch {
		case SniffSkel(in.Data):
			kind = "skel"
		case SniffCMX(in.Data):
			kind = "cmx"
		case SniffBCF(in.Data):
			kind = "bcf"
		default:
			return nil, fmt.Errorf("not a .skel, .cmx or .bcf skeleton: %w", formats.ErrUnknownFormat)
		}
	}
	if kind == "skel" {
		return ParseSkel(in.Data)
	}
	var cf *CharacterFile
	var err error
	if kind == "cmx" {
		cf, err = ParseCMX(in.Data)
	} else {
		cf, err = ParseBCF(in.Data)
	}
	if err != nil {
		return nil, err
	}
	if len(cf.Skeletons) == 0 {
		return nil, fmt.Errorf("the %s file holds no skeleton", kind)
	}
	return &cf.Skeletons[0], nil
}

func loadSkel(in *formats.Input) (*formats.Asset, error) {
	s, err := ParseSkel(in.Data)
	if err != nil {
		return nil, err
	}
	sk, info, warns := ModelSkeleton(s, in.Name)
	asset := &formats.Asset{
		Format:   skelFormat,
		Game:     "The Sims Online",
		Version:  strconv.FormatUint(uint64(s.Version), 10),
		Coords:   coords,
		Skeleton: sk,
		Info:     append([]formats.KV{{Key: "name", Value: s.Name}, {Key: "bones", Value: strconv.Itoa(len(s.Bones))}}, info...),
		Warnings: warns,
	}
	if err := asset.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", skelFormat, err)
	}
	return asset, nil
}

func loadCharacter(in *formats.Input, text bool) (*formats.Asset, error) {
	var cf *CharacterFile
	var err error
	if text {
		cf, err = ParseCMX(in.Data)
	} else {
		cf, err = ParseBCF(in.Data)
	}
	if err != nil {
		return nil, err
	}
	return characterAsset(in, cf, text, nil)
}

// characterAsset builds the asset of a character file
// (docs/formats/sims.md#finding-files). Each skill's key data comes from
// keys when the skill is the one being opened through its `.cfp`, else
// from the `.cfp` beside the file that the skill names (or, for the 1998
// prototype's skills, the `.bin` of the same name); a skill without key
// data plays its bind pose with a warning, and key data that does not fit
// its skill is an error. The skeleton is, in order: --skeleton, the file's
// own, the game's skeleton file beside it (adult-skeleton.cmx, or
// child-skeleton.cmx for a child's skills or suits), the built-in table.
func characterAsset(in *formats.Input, cf *CharacterFile, text bool, keys map[int][]byte) (*formats.Asset, error) {
	asset := &formats.Asset{Format: bcfFormat, Game: "The Sims", Coords: coords}
	if text {
		asset.Format = cmxFormat
		asset.Version = strconv.Itoa(int(cf.Version))
		if cf.Version == Version200 {
			asset.Game = "The Sims (1998 prototype)"
		}
	}
	asset.Info = []formats.KV{
		{Key: "skeletons", Value: strconv.Itoa(len(cf.Skeletons))},
		{Key: "suits", Value: strconv.Itoa(len(cf.Suits))},
		{Key: "skills", Value: strconv.Itoa(len(cf.Skills))},
	}
	for i := range cf.Skeletons {
		sk, info, warns := ModelSkeleton(&cf.Skeletons[i], in.Name)
		asset.Skeletons = append(asset.Skeletons, sk)
		asset.Warnings = append(asset.Warnings, warns...)
		if i == 0 {
			asset.Info = append(asset.Info, info...)
		}
	}
	for _, su := range cf.Suits {
		asset.Info = append(asset.Info, formats.KV{Key: "suit " + su.Name, Value: suitFacts(&su, cf.Version == Version200)})
	}

	var anims []*Animation
	loaded := map[*Animation]string{}
	for i := range cf.Skills {
		a := &cf.Skills[i]
		var name string
		data, ok := keys[i]
		if ok {
			name = a.XSkillName + ".cfp"
		} else {
			name, data, ok = findKeys(in, a, &asset.Warnings)
		}
		if !ok {
			continue
		}
		if strings.EqualFold(path.Ext(name), ".bin") {
			t, r, err := ParseRawKeys(data, int(a.TranslationCount), int(a.RotationCount))
			if err != nil {
				return nil, fmt.Errorf("skill %q (%s)%s: %w", a.Name, name, rawKeyBone(a, err), err)
			}
			a.Translations, a.Rotations = t, r
		} else if err := ApplyCFP(a, data); err != nil {
			return nil, err
		}
		anims = append(anims, a)
		loaded[a] = name
	}

	age := Adult
	switch {
	case len(cf.Skills) > 0:
		age = ClipAge(cf.Skills[0].Name)
		if age == Adult {
			age = ClipAge(cf.Skills[0].XSkillName)
		}
	case len(cf.Suits) > 0:
		age = SuitAge(cf.Suits[0].Name)
	}
	switch {
	case in.Skeleton != nil && (len(cf.Skills) > 0 || len(cf.Suits) > 0):
		sk, info, warns, err := skeletonFor(in, anims)
		if err != nil {
			return nil, err
		}
		asset.Skeletons = append([]*formats.Skeleton{sk}, asset.Skeletons...)
		asset.Info = append(asset.Info, info...)
		asset.Warnings = append(asset.Warnings, warns...)
	case len(asset.Skeletons) == 0:
		sk, info, warns := siblingSkeleton(in, age)
		if sk == nil {
			sk, warns = FallbackSkeleton(anims, age)
		}
		asset.Skeletons = []*formats.Skeleton{sk}
		asset.Info = append(asset.Info, info...)
		asset.Warnings = append(asset.Warnings, warns...)
	}
	if in.Skeleton == nil && len(cf.Skeletons) > 1 && len(cf.Skills) > 0 {
		// The 1998 prototype's files may hold several skeletons, some with
		// the exporter's renamed bones (PELVIS01, L_LEG02): the skills play
		// on the one that has most of their motions' bones.
		best := bestSkeleton(asset.Skeletons, cf.Skills)
		if best > 0 {
			sk := asset.Skeletons[best]
			copy(asset.Skeletons[1:best+1], asset.Skeletons[:best])
			asset.Skeletons[0] = sk
			asset.Info = append(asset.Info, formats.KV{Key: "skills play on", Value: fmt.Sprintf("skeleton %d of the file (it has the bones their motions name)", best+1)})
		}
	}
	asset.Skeleton = asset.Skeletons[0]
	for i := range cf.Suits {
		m, warns := SuitMeshes(&cf.Suits[i], asset.Skeleton, in.Siblings, toneOf(in))
		asset.Warnings = append(asset.Warnings, warns...)
		if m != nil {
			asset.Meshes = append(asset.Meshes, m)
			asset.Info = append(asset.Info, formats.KV{Key: "mesh " + m.Name,
				Value: fmt.Sprintf("%d skins, %d vertices, %d triangles; textures: %s", len(m.Groups), len(m.Positions), m.Triangles(), textureFacts(m))})
		}
	}

	var char formats.Character
	for i := range cf.Skills {
		a := &cf.Skills[i]
		clip, warns := BuildClip(a, asset.Skeleton)
		if name, ok := loaded[a]; ok {
			clip.Info = append(clip.Info, formats.KV{Key: "keys", Value: name})
		} else {
			clip.Info = append(clip.Info, formats.KV{Key: "keys", Value: a.XSkillName + ".cfp (not loaded)"})
		}
		asset.Warnings = append(asset.Warnings, warns...)
		char.Animations = append(char.Animations, formats.CharacterAnim{Name: a.Name, Clip: len(asset.Clips)})
		asset.Clips = append(asset.Clips, clip)
	}
	if len(cf.Skeletons) > 0 && len(cf.Skills) > 0 {
		char.Name = cf.Skeletons[0].Name
		asset.Characters = []formats.Character{char}
	}
	if err := asset.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", asset.Format, err)
	}
	return asset, nil
}

// rawKeyBone names the motion (its bone) and frame whose key a `.bin`
// error is at, as " bone NAME frame N", or "" when the error is not at a
// key a motion uses.
func rawKeyBone(a *Animation, err error) string {
	var fe *formats.Error
	if !errors.As(err, &fe) || fe.Offset < 0 {
		return ""
	}
	nT := int64(a.TranslationCount)
	for i := range a.Motions {
		m := &a.Motions[i]
		var first, key int64
		switch {
		case fe.Field == "rotations" && m.HasRotation:
			first, key = int64(m.FirstRotation), (fe.Offset-12*nT)/16
		case fe.Field == "translations" && m.HasTranslation:
			first, key = int64(m.FirstTranslation), fe.Offset/12
		default:
			continue
		}
		if key >= first && key < first+int64(m.FrameCount) {
			return fmt.Sprintf(" bone %s frame %d", m.BoneName, key-first)
		}
	}
	return ""
}

// suitFacts describes a suit for `info`: its type and its skins, each a
// bone and the `.skn` file the mesh name names.
func suitFacts(su *Suit, proto bool) string {
	var sb strings.Builder
	if !proto {
		fmt.Fprintf(&sb, "type %d; ", su.Type)
	}
	fmt.Fprintf(&sb, "%d skins:", len(su.Bindings))
	for i, b := range su.Bindings {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, " %s %s.skn", b.Bone, b.Mesh)
		if b.CensorFlags != 0 {
			fmt.Fprintf(&sb, " (censor 0x%x)", b.CensorFlags)
		}
	}
	return sb.String()
}

// findKeys reads the key data a skill names from beside the file, ignoring
// case: its `.cfp`, else (the 1998 prototype) its uncompressed `.bin`.
func findKeys(in *formats.Input, a *Animation, warnings *[]string) (string, []byte, bool) {
	want := a.XSkillName + ".cfp"
	if in.Siblings == nil {
		*warnings = append(*warnings, fmt.Sprintf("skill %q: no folder to find %s in; shown in its bind pose", a.Name, want))
		return "", nil, false
	}
	name, ok := formats.FindSibling(in.Siblings, want)
	if !ok {
		name, ok = formats.FindSibling(in.Siblings, a.XSkillName+".bin")
	}
	if !ok {
		*warnings = append(*warnings, fmt.Sprintf("skill %q: %s not found beside %s; shown in its bind pose", a.Name, want, in.Name))
		return "", nil, false
	}
	data, err := in.Siblings.Open(name)
	if err != nil {
		*warnings = append(*warnings, fmt.Sprintf("skill %q: %v; shown in its bind pose", a.Name, err))
		return "", nil, false
	}
	return name, data, true
}

// siblingSkeleton reads the game's skeleton file for an age from beside
// the opened file (adult-skeleton.cmx or child-skeleton.cmx, or the .bcf of
// the same name). It returns nil when there is none; a file that does not
// read is a warning.
func siblingSkeleton(in *formats.Input, age Age) (*formats.Skeleton, []formats.KV, []string) {
	base := strings.TrimSuffix(age.SkeletonFile(), ".cmx")
	for _, ext := range []string{".cmx", ".bcf"} {
		name, ok := formats.FindSibling(in.Siblings, base+ext)
		if !ok || strings.EqualFold(name, in.Name) {
			continue
		}
		data, err := in.Siblings.Open(name)
		if err != nil {
			return nil, nil, []string{fmt.Sprintf("%s: %v; the built-in %s skeleton is used", name, err, age)}
		}
		fs, err := LoadSkeletonFile(&formats.Input{Name: name, Data: data})
		if err != nil {
			return nil, nil, []string{fmt.Sprintf("%s: %v; the built-in %s skeleton is used", name, err, age)}
		}
		sk, _, warns := ModelSkeleton(fs, name+" (beside the file)")
		return sk, []formats.KV{{Key: "skeleton file", Value: name}}, warns
	}
	return nil, nil, nil
}

// cfpSearchMax bounds the sibling character files a `.cfp` looks through.
const cfpSearchMax = 256

// loadCFP opens a `.cfp` through the skill that names it: a `.cmx` or
// `.bcf` beside it whose skill has this file's base name as its xskill.
// A `.cfp` has no counts of its own, so it cannot be read alone.
func loadCFP(in *formats.Input) (*formats.Asset, error) {
	base := in.Stem()
	if in.Siblings == nil {
		return nil, fmt.Errorf("%s: a .cfp holds only key values; open the .cmx or .bcf skill that names %q", cfpFormat, base)
	}
	names, err := in.Siblings.List()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cfpFormat, err)
	}
	tried := 0
	for _, n := range names {
		ext := strings.ToLower(path.Ext(n))
		if ext != ".cmx" && ext != ".bcf" {
			continue
		}
		if tried++; tried > cfpSearchMax {
			break
		}
		data, err := in.Siblings.Open(n)
		if err != nil {
			continue
		}
		var cf *CharacterFile
		if ext == ".cmx" {
			cf, err = ParseCMX(data)
		} else {
			cf, err = ParseBCF(data)
		}
		if err != nil {
			continue
		}
		for i := range cf.Skills {
			if strings.EqualFold(cf.Skills[i].XSkillName, base) {
				one := *cf
				one.Skills = cf.Skills[i : i+1]
				host := *in
				host.Name = n
				asset, err := characterAsset(&host, &one, ext == ".cmx", map[int][]byte{0: in.Data})
				if err != nil {
					return nil, err
				}
				asset.Format = cfpFormat
				asset.Info = append([]formats.KV{{Key: "skill file", Value: n}}, asset.Info...)
				return asset, nil
			}
		}
	}
	return nil, fmt.Errorf("%s: no .cmx or .bcf beside it has a skill whose xskill is %q; open that skill's file instead", cfpFormat, base)
}

// SniffSKN reports whether data reads as a `.skn`: a name line, a texture
// line, then counts and records that decode to the end and check.
func SniffSKN(data []byte) bool {
	if len(data) < 8 || len(data) > sniffMax || SniffCMX(data) {
		return false
	}
	_, err := ParseSKN(data)
	return err == nil
}

// loadSKN opens a skin alone: bound to --skeleton, else the game's
// skeleton file beside it for the age its name says, else the built-in
// table, in the bind pose.
func loadSKN(in *formats.Input) (*formats.Asset, error) {
	skin, err := ParseSKN(in.Data)
	if err != nil {
		return nil, err
	}
	asset := &formats.Asset{Format: sknFormat, Game: "The Sims", Coords: coords}
	var sk *formats.Skeleton
	var info []formats.KV
	var warns []string
	if in.Skeleton != nil {
		sk, info, warns, err = skeletonFor(in, nil)
		if err != nil {
			return nil, err
		}
	} else {
		age := SuitAge(skin.Name)
		if sk, info, warns = siblingSkeleton(in, age); sk == nil {
			sk, warns = FallbackSkeleton(nil, age)
		}
	}
	m, err := skin.Mesh(sk)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", in.Name, err)
	}
	if in.Siblings != nil {
		if w := newTextures(in.Siblings, toneOf(in)).dress(m, "", skin); w != "" {
			warns = append(warns, w)
		}
	}
	asset.Skeleton = sk
	asset.Skeletons = []*formats.Skeleton{sk}
	asset.Meshes = []*formats.Mesh{m}
	asset.Warnings = warns
	asset.Info = append([]formats.KV{
		{Key: "name", Value: skin.Name},
		{Key: "texture", Value: skin.Texture},
		{Key: "bones", Value: strings.Join(skin.Bones, ", ")},
		{Key: "faces", Value: strconv.Itoa(len(skin.Faces))},
		{Key: "vertices", Value: fmt.Sprintf("%d drawn, %d blend", len(skin.UVs), len(skin.Blends))},
		{Key: "texture file", Value: textureFacts(m)},
	}, info...)
	if err := asset.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", sknFormat, err)
	}
	return asset, nil
}

// bestSkeleton returns the index of the skeleton that has the most of the
// bones the skills' motions name (the first of equals).
func bestSkeleton(sks []*formats.Skeleton, skills []Animation) int {
	best, bestN := 0, -1
	for i, sk := range sks {
		lookup := newBoneLookup(sk)
		n := 0
		for j := range skills {
			for k := range skills[j].Motions {
				if lookup.index(skills[j].Motions[k].BoneName) >= 0 {
					n++
				}
			}
		}
		if n > bestN {
			best, bestN = i, n
		}
	}
	return best
}
