package sims

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/animview/animview/formats"
)

// demoNames are file names as The Sims' demo content has them beside its
// suits (SimHacker/MicropolisCore content/vitamoo/sims-demo; names only,
// retyped): bodies B###GAType{tone}_OUTFIT.bmp, heads C###GA{tone}_NAME.bmp,
// hands H???{tone}.bmp, an accessory without a tone, and files that are
// not textures (docs/formats/sims.md#skin-textures).
var demoNames = []string{
	"B002MAFit_01.cmx", "xskin-b002mafit_01-PELVIS-BODY.skn",
	"B002MAFitdrk_ROTC.bmp", "B002MAFitdrk_Ross01.bmp", "B002MAFitlgt_ROTC.bmp", "B002MAFitlgt_Ross.bmp",
	"B002MAFitlgt_casual.bmp", "B002MAFitmed_ROTC.bmp", "B002MAFitmed_casual.bmp",
	"B003MAFitdrk_BMOC.bmp", "B003MAFitdrk_Dad01.bmp", "B003MAFitlgt_Dad01.bmp", "B003MAFitmed_dad01.bmp",
	"C001MAdrk_Ross.bmp", "C001MAlgt_Ross.bmp", "C001MAmed_Ross.bmp",
	"C003MAdrk_RnB01.bmp", "C003MAlgt_Dad02.bmp", "C003MAlgt_alt.bmp", "C003MAmed_Dad01.bmp",
	"C005MA_HipSpecs.bmp", "C005MAlgt_Hipster.bmp",
	"HMLOdrk.bmp", "HMLOlgt.bmp", "HMLOmed.bmp", "HUAOdrk.bmp", "HUAOlgt.bmp", "HUAOmed.bmp",
	"B009FASknlgt_Libr.bmp", "B009FASknmed_Libr.bmp",
	"B001FCChddrk_girl01.bmp", "B001MCChdlgt_boy01.bmp",
	"notes.txt",
}

// TestSkinTexture: the three rules, each tone, case ignored, and what is
// tried when nothing is found.
func TestSkinTexture(t *testing.T) {
	for _, tc := range []struct {
		name, suit, texture string
		tone                Tone
		want                string
		tried               []string
	}{
		// Rule 1: the skin's texture line with its tone swapped.
		{"own texture, light", "b002mafit_01", "b002mafitlgt_ross", ToneLight, "B002MAFitlgt_Ross.bmp", nil},
		{"own texture not in this tone: rule 2, first by name", "b002mafit_01", "b002mafitlgt_ross", ToneDark, "B002MAFitdrk_Ross01.bmp", nil},
		{"own texture without a tone", "c005ma_hipster", "c005ma_hipspecs", ToneDark, "C005MA_HipSpecs.bmp", nil},
		{"hand texture with its tone at the end", "hmlo", "hmlolgt", ToneMedium, "HMLOmed.bmp", nil},
		// Rule 2: the suit's name, the tone, an outfit.
		{"body, first outfit by name", "b003mafit_01", "x", ToneDark, "B003MAFitdrk_BMOC.bmp", nil},
		{"body, the only outfit of the tone", "b003mafit_01", "x", ToneMedium, "B003MAFitmed_dad01.bmp", nil},
		{"head, the suit's own outfit", "c001ma_ross", "x", ToneMedium, "C001MAmed_Ross.bmp", nil},
		{"head, another outfit", "c003ma_romancrew", "x", ToneDark, "C003MAdrk_RnB01.bmp", nil},
		{"hand by its name", "HMLO", "x", ToneDark, "HMLOdrk.bmp", nil},
		{"unisex child body, the male's", "b001ucchd_01", "x", ToneLight, "B001MCChdlgt_boy01.bmp", nil},
		{"unisex child body, the female's", "b001ucchd_01", "x", ToneDark, "B001FCChddrk_girl01.bmp", nil},
		// Rule 3: a unisex hand takes the adult hand of its pose.
		{"unisex hand", "hulo", "x", ToneLight, "HUAOlgt.bmp", nil},
		// Nothing: what was tried.
		{"no dark texture", "b009faskn_01", "SciMidFlgt_01", ToneDark, "",
			[]string{"SciMidFdrk_01.bmp", "b009faskndrk.bmp", "b009faskndrk_*.bmp"}},
		{"no suit", "", "x", ToneDark, "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, tried := SkinTexture(demoNames, tc.suit, tc.texture, tc.tone)
			if got != tc.want {
				t.Errorf("SkinTexture(%q, %q, %s) = %q (tried %q), want %q", tc.suit, tc.texture, tc.tone, got, tried, tc.want)
			}
			if got == "" && tc.tried != nil && !slices.Equal(tried[:len(tc.tried)], tc.tried) {
				t.Errorf("tried %q, want it to begin %q", tried, tc.tried)
			}
		})
	}
}

// TestParseTone: the words and the three letters, any case; "" is light;
// anything else is an error that lists the words.
func TestParseTone(t *testing.T) {
	for s, want := range map[string]Tone{"": ToneLight, "light": ToneLight, "LGT": ToneLight, "Medium": ToneMedium,
		"med": ToneMedium, "dark": ToneDark, "drk": ToneDark} {
		if got, err := ParseTone(s); err != nil || got != want {
			t.Errorf("ParseTone(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	if _, err := ParseTone("tan"); err == nil || !strings.Contains(err.Error(), "light, medium or dark") {
		t.Errorf("ParseTone(tan): %v", err)
	}
	if ToneDark.Next() != ToneLight || ToneLight.Next() != ToneMedium {
		t.Error("Next does not go round light, medium, dark")
	}
}

// TestTextureWarnings: a skin whose texture is not found is a warning that
// names what was tried, except a skin that names none ("x") beside no
// .bmp at all (a suit made without textures: grey, nothing to say).
func TestTextureWarnings(t *testing.T) {
	for _, tc := range []struct {
		name, texture string
		files         []string
		warn          string
	}{
		{"names one, none beside", "b001mafitlgt_x", nil, "tried b001mafitdrk_x.bmp"},
		{"names none, none beside", "x", nil, ""},
		{"names none, others beside", "x", []string{"c001madrk_y.bmp"}, "tried b001mafitdrk.bmp, b001mafitdrk_*.bmp"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for _, f := range tc.files {
				fsys[f] = &fstest.MapFile{Data: []byte("BM")}
			}
			m := &formats.Mesh{Materials: []formats.Material{{Name: tc.texture}}}
			w := newTextures(formats.FSResolver{FS: fsys}, ToneDark).dress(m, "b001mafit_01", &Skin{Name: "xskin-b001mafit_01-PELVIS-BODY", Texture: tc.texture})
			if (tc.warn == "") != (w == "") || !strings.Contains(w, tc.warn) || m.Materials[0].Texture != nil {
				t.Errorf("warning %q, want one with %q", w, tc.warn)
			}
		})
	}
}
