package sims

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"path"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
)

// Loaders returns the loaders of this package: TSO `.anim` and `.skel`, and
// The Sims 1 `.cmx`, `.bcf` and `.cfp`.
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
		l := strings.TrimSpace(string(line))
		switch {
		case l == "" || strings.HasPrefix(l, "//"):
			continue
		case strings.HasPrefix(l, "version "):
			_, err := strconv.Atoi(strings.TrimSpace(l[len("version "):]))
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
	cf, err := DecodeBCF(data)
	return err == nil && len(cf.Skeletons)+len(cf.Suits)+len(cf.Skills) > 0
}

// SniffCFP reports whether data is a plausible `.cfp` stream: it starts with
// a literal (each plane starts from 0, and the first translation X is
// rarely a small delta away), its codes run exactly to the end, and its
// literals are finite and of a sane size.
func SniffCFP(data []byte) bool {
	if len(data) < 5 || len(data) > sniffMax || data[0] != cfpLiteral {
		return false
	}
	for p := 0; p < len(data); {
		switch c := data[p]; c {
		case cfpLiteral:
			if len(data)-p < 5 {
				return false
			}
			v := math.Float32frombits(binary.LittleEndian.Uint32(data[p+1:]))
			if math.IsNaN(float64(v)) || math.Abs(float64(v)) > 1e6 {
				return false
			}
			p += 5
		case cfpRepeat:
			if len(data)-p < 3 {
				return false
			}
			p += 3
		default:
			p++
		}
	}
	return true
}

func loadAnim(in *formats.Input) (*formats.Asset, error) {
	a, err := DecodeAnim(in.Data)
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
// else the built-in fallback for the animations.
func skeletonFor(in *formats.Input, anims []*Animation) (*formats.Skeleton, []formats.KV, []string, error) {
	if in.Skeleton != nil {
		fs, err := LoadSkeletonFile(in.Skeleton)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("skeleton %s: %w", in.Skeleton.Name, err)
		}
		sk, info, warns := ModelSkeleton(fs, "--skeleton "+in.Skeleton.Name)
		return sk, info, warns, nil
	}
	sk, warns := FallbackSkeleton(anims)
	return sk, nil, warns, nil
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
		return DecodeSkel(in.Data)
	}
	var cf *CharacterFile
	var err error
	if kind == "cmx" {
		cf, err = DecodeCMX(in.Data)
	} else {
		cf, err = DecodeBCF(in.Data)
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
	s, err := DecodeSkel(in.Data)
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
		cf, err = DecodeCMX(in.Data)
	} else {
		cf, err = DecodeBCF(in.Data)
	}
	if err != nil {
		return nil, err
	}
	return characterAsset(in, cf, text, nil)
}

// characterAsset builds the asset of a character file. Each skill's key
// data comes from the `.cfp` sibling named by the skill, or from cfp when
// the skill is the one being opened through its `.cfp`.
func characterAsset(in *formats.Input, cf *CharacterFile, text bool, cfp map[int][]byte) (*formats.Asset, error) {
	asset := &formats.Asset{Format: bcfFormat, Game: "The Sims", Coords: coords}
	if text {
		asset.Format = cmxFormat
		asset.Version = strconv.Itoa(int(cf.Version))
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
		var bs []string
		for _, b := range su.Bindings {
			bs = append(bs, b.Bone+"="+b.Mesh)
		}
		asset.Info = append(asset.Info, formats.KV{Key: "suit " + su.Name,
			Value: fmt.Sprintf("type %d; %s", su.Type, strings.Join(bs, ", "))})
	}

	var anims []*Animation
	var readings []RepeatReading
	for i := range cf.Skills {
		a := &cf.Skills[i]
		data, ok := cfp[i]
		if !ok {
			data, ok = findCFP(in, a, &asset.Warnings)
		}
		if !ok {
			continue
		}
		reading, warn, err := ApplyCFP(a, data)
		if err != nil {
			asset.Warnings = append(asset.Warnings, fmt.Sprintf("skill %q: %v; shown in its bind pose", a.Name, err))
			continue
		}
		if warn != "" {
			asset.Warnings = append(asset.Warnings, warn)
		}
		anims = append(anims, a)
		readings = append(readings, reading)
	}

	switch {
	case in.Skeleton != nil && len(cf.Skills) > 0:
		sk, info, warns, err := skeletonFor(in, anims)
		if err != nil {
			return nil, err
		}
		asset.Skeletons = append([]*formats.Skeleton{sk}, asset.Skeletons...)
		asset.Info = append(asset.Info, info...)
		asset.Warnings = append(asset.Warnings, warns...)
	case len(asset.Skeletons) == 0 && len(anims) > 0:
		sk, warns := FallbackSkeleton(anims)
		asset.Skeletons = []*formats.Skeleton{sk}
		asset.Warnings = append(asset.Warnings, warns...)
	case len(asset.Skeletons) == 0:
		asset.Skeletons = []*formats.Skeleton{{Name: "(none)", Source: "the file has no skeleton and no playable skill"}}
		asset.Warnings = append(asset.Warnings, "no skeleton and no playable skill: nothing to pose")
	}
	asset.Skeleton = asset.Skeletons[0]

	applied := map[*Animation]RepeatReading{}
	for i, a := range anims {
		applied[a] = readings[i]
	}
	var char formats.Character
	for i := range cf.Skills {
		a := &cf.Skills[i]
		clip, warns := BuildClip(a, asset.Skeleton)
		if r, ok := applied[a]; ok {
			clip.Info = append(clip.Info, formats.KV{Key: "cfp repeat reading", Value: r.String()})
		} else {
			clip.Info = append(clip.Info, formats.KV{Key: "cfp", Value: a.XSkillName + ".cfp (not loaded)"})
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

// findCFP reads the `.cfp` sibling a skill names, ignoring case.
func findCFP(in *formats.Input, a *Animation, warnings *[]string) ([]byte, bool) {
	want := a.XSkillName + ".cfp"
	if in.Siblings == nil {
		*warnings = append(*warnings, fmt.Sprintf("skill %q: no folder to find %s in; shown in its bind pose", a.Name, want))
		return nil, false
	}
	name, ok := formats.FindSibling(in.Siblings, want)
	if !ok {
		*warnings = append(*warnings, fmt.Sprintf("skill %q: %s not found beside %s; shown in its bind pose", a.Name, want, in.Name))
		return nil, false
	}
	data, err := in.Siblings.Open(name)
	if err != nil {
		*warnings = append(*warnings, fmt.Sprintf("skill %q: %v; shown in its bind pose", a.Name, err))
		return nil, false
	}
	return data, true
}

// cfpSearchMax bounds the sibling character files a `.cfp` looks through.
const cfpSearchMax = 256

// loadCFP opens a `.cfp` through the skill that names it: a `.cmx` or
// `.bcf` beside it whose skill has this file's base name as its xskill.
// A `.cfp` has no counts of its own, so it cannot be read alone.
func loadCFP(in *formats.Input) (*formats.Asset, error) {
	base := strings.TrimSuffix(in.Name, path.Ext(in.Name))
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
			cf, err = DecodeCMX(data)
		} else {
			cf, err = DecodeBCF(data)
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
