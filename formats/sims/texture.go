package sims

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/imagefile"
)

// Tone is a Sim's skin tone, which picks the texture of every skin it
// wears (docs/formats/sims.md#skin-textures).
type Tone uint8

// The three tones of The Sims 1, in the game's order (light 0, medium 1,
// dark 2: a neighbour's skinColor).
const (
	ToneLight Tone = iota
	ToneMedium
	ToneDark
)

// Tones are the tones in order.
var Tones = [...]Tone{ToneLight, ToneMedium, ToneDark}

// ToneOption is the formats.Input.Options key that carries the tone to a
// loader (--tone): a word ParseTone reads.
const ToneOption = "tone"

// String names the tone as --tone and the tone action do: light, medium,
// dark.
func (t Tone) String() string {
	switch t {
	case ToneMedium:
		return "medium"
	case ToneDark:
		return "dark"
	}
	return "light"
}

// Code is the tone's three letters in a texture file's name: lgt, med,
// drk.
func (t Tone) Code() string {
	switch t {
	case ToneMedium:
		return "med"
	case ToneDark:
		return "drk"
	}
	return "lgt"
}

// Next is the tone after t, round (light, medium, dark, light).
func (t Tone) Next() Tone { return (t + 1) % Tone(len(Tones)) }

// ParseTone reads a tone: light, medium or dark, or the three letters of
// a texture name (lgt, med, drk), any case; "" is light.
func ParseTone(s string) (Tone, error) {
	if s == "" {
		return ToneLight, nil
	}
	for _, t := range Tones {
		if strings.EqualFold(s, t.String()) || strings.EqualFold(s, t.Code()) {
			return t, nil
		}
	}
	return ToneLight, fmt.Errorf("tone %q: light, medium or dark", s)
}

// toneOf is the tone a loader's options ask for (light when none or when
// the word does not read; the command line checks it first).
func toneOf(in *formats.Input) Tone {
	t, _ := ParseTone(in.Options[ToneOption])
	return t
}

// toneAt returns where a tone's three letters sit in a texture's base
// name (docs/formats/sims.md#skin-textures): just before its first "_"
// (b002mafitlgt_ross, c001madrk_ross), else at its end (huaolgt); -1
// when neither holds one (c005ma_hipspecs, nerdspecs: no tone).
func toneAt(name string) int {
	isTone := func(s string) bool {
		_, err := ParseTone(s)
		return err == nil && len(s) == 3
	}
	if i := strings.IndexByte(name, '_'); i >= 3 && isTone(name[i-3:i]) {
		return i - 3
	}
	if n := len(name); n > 3 && isTone(name[n-3:]) {
		return n - 3
	}
	return -1
}

// SkinTexture chooses the `.bmp` a skin of suit draws with for tone,
// among names, the files beside the suit (docs/formats/sims.md#skin-textures),
// ignoring case:
//
//  1. the skin's own texture name (the `.skn`'s texture line; "x" for
//     none) with its tone's letters made tone's;
//  2. else a file named after the suit: its name up to its last "_"
//     (b003mafit_01 → b003mafit, c003ma_romancrew → c003ma; a hand's,
//     hmlo, whole), then the tone's letters, then "_" and an outfit, or
//     nothing: the outfit that is the suit's own tail (c001ma_ross →
//     c001madrk_ross) or the skin's texture's, else the first by name; a
//     unisex suit (b001ucchd_01) tries the male's names, then the
//     female's (b001mcchd…, b001fcchd…);
//  3. else, for a hand (h, u or a sex letter, l or r, o c or p), the
//     unisex adult hand of that pose, hua + pose + tone (huaodrk).
//
// It returns the file name found, or "" with the names it tried (a
// pattern with "*" for rule 2).
func SkinTexture(names []string, suit, texture string, tone Tone) (string, []string) {
	byLower := make(map[string]string, len(names))
	var bmps []string
	for _, n := range names {
		if strings.EqualFold(path.Ext(n), ".bmp") {
			l := strings.ToLower(n)
			if _, dup := byLower[l]; !dup {
				byLower[l] = n
				bmps = append(bmps, l)
			}
		}
	}
	slices.Sort(bmps)
	code := tone.Code()
	var tried []string
	try := func(base string) (string, bool) {
		want := strings.ToLower(base) + ".bmp"
		tried = append(tried, base+".bmp")
		n, ok := byLower[want]
		return n, ok
	}
	// 1. The skin's texture, its tone swapped.
	texture = strings.TrimSpace(texture)
	outfit := ""
	if texture != "" && !strings.EqualFold(texture, "x") {
		base := texture
		if i := toneAt(texture); i >= 0 {
			base = texture[:i] + code + texture[i+3:]
			if j := strings.IndexByte(texture[i:], '_'); j >= 0 {
				outfit = strings.ToLower(texture[i+j+1:])
			}
		}
		if n, ok := try(base); ok {
			return n, nil
		}
	}
	// 2. The suit's name, the tone and an outfit.
	suit = strings.ToLower(strings.TrimSpace(suit))
	if suit == "" {
		return "", tried
	}
	prefix, tail := suit, ""
	if i := strings.LastIndexByte(suit, '_'); i > 0 {
		prefix, tail = suit[:i], suit[i+1:]
	}
	// A unisex suit (b001ucchd_01: u where the sex letter goes) wears the
	// textures of either sex: the male's first, then the female's.
	prefixes := []string{prefix}
	if len(prefix) > 4 && (prefix[0] == 'b' || prefix[0] == 'c') && prefix[4] == 'u' {
		prefixes = append(prefixes, prefix[:4]+"m"+prefix[5:], prefix[:4]+"f"+prefix[5:])
	}
	for _, prefix := range prefixes {
		stem := prefix + code
		tried = append(tried, stem+".bmp", stem+"_*.bmp")
		var found []string
		for _, l := range bmps {
			base := strings.TrimSuffix(l, ".bmp")
			if base == stem || strings.HasPrefix(base, stem+"_") {
				found = append(found, l)
			}
		}
		for _, want := range []string{tail, outfit} {
			if want == "" {
				continue
			}
			for _, l := range found {
				if strings.TrimSuffix(l, ".bmp") == stem+"_"+want {
					return byLower[l], nil
				}
			}
		}
		if len(found) > 0 {
			return byLower[found[0]], nil
		}
	}
	// 3. A hand: the unisex adult hand of its pose.
	if len(suit) == 4 && suit[0] == 'h' && strings.ContainsRune("fmu", rune(suit[1])) &&
		strings.ContainsRune("lr", rune(suit[2])) && strings.ContainsRune("ocp", rune(suit[3])) {
		if n, ok := try("hua" + suit[3:] + code); ok {
			return n, nil
		}
	}
	return "", tried
}

// skinSuit is the suit a skin belongs to by its name, xskin-SUIT-BONE-PART
// (xskin-b003mafit_01-PELVIS-BODY → b003mafit_01), or "".
func skinSuit(skin string) string {
	parts := strings.Split(skin, "-")
	if len(parts) >= 3 && strings.EqualFold(parts[0], "xskin") {
		return parts[1]
	}
	return ""
}

// textures reads and decodes the skin textures of one dressing, each file
// once (a suit's skins, and two hands, may share one).
type textures struct {
	siblings formats.Resolver
	names    []string
	tone     Tone
	got      map[string]*formats.Texture
}

// newTextures lists the files beside a suit for choosing its textures.
func newTextures(siblings formats.Resolver, tone Tone) *textures {
	t := &textures{siblings: siblings, tone: tone, got: map[string]*formats.Texture{}}
	if siblings != nil {
		t.names, _ = siblings.List()
	}
	return t
}

// anyBMP reports whether any `.bmp` is beside the suit.
func (t *textures) anyBMP() bool {
	for _, n := range t.names {
		if strings.EqualFold(path.Ext(n), ".bmp") {
			return true
		}
	}
	return false
}

// dress gives mesh m (one skin, bound) the texture SkinTexture chooses
// for it: its material's texture, in white so that the texture shows its
// own colours. A texture not found or not decoded is a warning that names
// what was tried (unless the skin names none, "x", and no `.bmp` at all
// is beside it); the skin then draws in its grey.
func (t *textures) dress(m *formats.Mesh, suit string, skin *Skin) string {
	if suit == "" {
		suit = skinSuit(skin.Name)
	}
	name, tried := SkinTexture(t.names, suit, skin.Texture, t.tone)
	if name == "" && !t.anyBMP() && (skin.Texture == "" || strings.EqualFold(skin.Texture, "x")) {
		// A skin that names no texture, beside no texture at all (a suit
		// made without any): grey, and nothing to warn of.
		return ""
	}
	if name == "" {
		return fmt.Sprintf("skin %q: no %s texture beside it (tried %s); drawn without one", skin.Name, t.tone, strings.Join(tried, ", "))
	}
	tex, ok := t.got[name]
	if !ok {
		data, err := t.siblings.Open(name)
		if err == nil {
			tex, err = imagefile.Decode(name, data)
		}
		if err != nil {
			t.got[name] = nil
			return fmt.Sprintf("skin %q: texture %s: %v; drawn without one", skin.Name, name, err)
		}
		t.got[name] = tex
	}
	if tex == nil {
		return fmt.Sprintf("skin %q: texture %s did not decode; drawn without one", skin.Name, name)
	}
	for i := range m.Materials {
		m.Materials[i].Name = strings.TrimSuffix(name, path.Ext(name))
		m.Materials[i].Texture = tex
		m.Materials[i].Diffuse = [4]float32{1, 1, 1, 1}
	}
	return ""
}

// textureFacts says, for info, the texture each material of a mesh draws
// with: its file, format and size, or "none".
func textureFacts(m *formats.Mesh) string {
	var out []string
	for _, mat := range m.Materials {
		t := mat.Texture
		if img := t.Image(); img != nil {
			out = append(out, fmt.Sprintf("%s (%s, %dx%d)", t.Name, t.Format, img.Rect.Dx(), img.Rect.Dy()))
		} else {
			out = append(out, "none")
		}
	}
	return strings.Join(out, ", ")
}

// Retone returns a copy of mesh m whose skin textures are those of tone:
// each material's texture whose file name holds a tone's letters
// (toneAt) is swapped for the file beside it (in siblings) that differs
// only in them, decoded once per file in got (which Retone fills). A
// file not found or not decoded keeps the texture it had and is a
// warning; materials without a toned texture are left as they are. m is
// not changed.
func Retone(m *formats.Mesh, siblings formats.Resolver, tone Tone, got map[string]*formats.Texture) (*formats.Mesh, []string) {
	out := *m
	out.Materials = slices.Clone(m.Materials)
	var warns []string
	for i := range out.Materials {
		mat := &out.Materials[i]
		if mat.Texture == nil {
			continue
		}
		name := mat.Texture.Name
		base := strings.TrimSuffix(name, path.Ext(name))
		at := toneAt(base)
		if at < 0 {
			continue
		}
		want := base[:at] + tone.Code() + base[at+3:] + path.Ext(name)
		file, ok := formats.FindSibling(siblings, want)
		if !ok {
			warns = append(warns, fmt.Sprintf("skin texture %s: no %s texture beside it (tried %s); it keeps %s", base, tone, want, name))
			continue
		}
		tex, seen := got[strings.ToLower(file)]
		if !seen {
			data, err := siblings.Open(file)
			if err == nil {
				tex, err = imagefile.Decode(file, data)
			}
			if err != nil {
				warns = append(warns, fmt.Sprintf("skin texture %s: %v; it keeps %s", file, err, name))
			}
			got[strings.ToLower(file)] = tex
		}
		if tex != nil {
			mat.Texture = tex
			mat.Name = strings.TrimSuffix(file, path.Ext(file))
		}
	}
	return &out, warns
}
