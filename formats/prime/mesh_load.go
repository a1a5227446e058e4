package prime

import (
	"fmt"
	"strings"

	"github.com/animview/animview/formats"
)

// noResource reports whether a resource id names nothing.
func noResource(id uint32) bool { return id == 0xFFFFFFFF || id == 0 }

// attachMesh reads the character's model (CMDL) and skin (CSKR) by id from
// the same folder or PAK and puts the mesh on the asset
// (docs/formats/metroid-prime.md#models-cmdl-and-cskr). Every problem is a
// warning that names the resource: the skeleton plays without the mesh.
// c is the character's CINF (nil when it was not found), sk the skeleton
// built from it.
func (l *library) attachMesh(asset *formats.Asset, ch *ANCSCharacter, c *CINF, sk *formats.Skeleton, warn func(string, ...any)) {
	if l.r == nil || noResource(ch.Model) {
		return
	}
	info := func(k, v string) { asset.Info = append(asset.Info, formats.KV{Key: k, Value: v}) }
	without := "; the skeleton plays without its model"
	data, name, err := l.open(ch.Model, "CMDL")
	if err != nil {
		warn("%v (the model of %q)%s", err, ch.Name, without)
		info("model", fmt.Sprintf("%08X.CMDL (missing)", ch.Model))
		return
	}
	m, err := ParseCMDL(data)
	if err != nil {
		warn("CMDL %08X: %v%s", ch.Model, err, without)
		info("model", name+" (unreadable)")
		return
	}
	for _, w := range m.Warnings {
		warn("CMDL %08X: %s", ch.Model, w)
	}
	var skin *CSKR
	skinName := ""
	if !noResource(ch.Skin) {
		sdata, sn, err := l.open(ch.Skin, "CSKR")
		if err != nil {
			warn("%v (the skin of %q)%s", err, ch.Name, without)
			info("model", name+" (its skin is missing)")
			return
		}
		if skin, err = ParseCSKR(sdata, m.Game); err != nil {
			warn("CSKR %08X: %v%s", ch.Skin, err, without)
			info("model", name+" (its skin is unreadable)")
			return
		}
		skinName = sn
		if !trailing(skin.Trailing) {
			warn("CSKR %08X: %s", ch.Skin, trailingWarning(skin.Trailing))
		}
	} else if m.Flags&CMDLSkinned != 0 {
		warn("CMDL %08X is flagged skinned but %q names no skin%s", ch.Model, ch.Name, without)
		info("model", name+" (no skin)")
		return
	}
	if skin != nil && c == nil {
		warn("CMDL %08X: a skinned model needs the character's CINF%s", ch.Model, without)
		info("model", name+" (no skeleton to bind it to)")
		return
	}
	mesh, ws, err := BuildMesh(m, skin, c, sk, name)
	if err != nil {
		if skin != nil {
			name += " with " + skinName
		}
		warn("%s: %v%s", name, err, without)
		info("model", name+" (unusable)")
		return
	}
	for _, w := range ws {
		// A warning about the skin names the CSKR (issue 35: the weights'
		// warning named the CMDL).
		if rest, ok := strings.CutPrefix(w, SkinWarning); ok {
			warn("CSKR %08X: %s", ch.Skin, rest)
		} else {
			warn("CMDL %08X: %s", ch.Model, w)
		}
	}
	textures := l.attachTextures(m, mesh, warn)
	if skin != nil && skin.Game == MP1 && (uint64(skin.Points.Count) != skin.Vertices() || uint64(skin.Normals.Count) != skin.Vertices()) {
		warn("CSKR %08X: its footer counts %d points and %d normals, its groups %d vertices (the game sizes its skinning buffers by the footer)",
			ch.Skin, skin.Points.Count, skin.Normals.Count, skin.Vertices())
	}
	asset.Meshes = append(asset.Meshes, mesh)
	info("model", fmt.Sprintf("%s: %d surfaces, %d vertices, %d triangles, %d materials, %d of %d textures found",
		name, len(m.Surfaces), len(mesh.Positions), mesh.Triangles(), len(mesh.Materials), textures, len(m.MaterialSets[0].Textures)))
	if skin != nil {
		info("skin", fmt.Sprintf("%s: %d weight groups over %d vertices", skinName, len(skin.Groups), skin.Vertices()))
	}
}
