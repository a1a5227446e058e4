package open

import (
	"fmt"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/sims"
)

// dress has the asset a load gave wear o.Suit, when the user chose one;
// it passes a load's error on.
func (o Options) dress(a *formats.Asset, err error) (*formats.Asset, error) {
	if err != nil || o.Suit == "" {
		return a, err
	}
	if err := wearSuit(a, o.Suit); err != nil {
		return nil, err
	}
	return a, nil
}

// wearSuit replaces an asset's meshes with the skins of the suits in a
// Sims character file (.cmx or .bcf), bound to the asset's skeleton and
// found beside the suit file (formats/sims.SuitMeshes).
func wearSuit(a *formats.Asset, path string) error {
	in, err := Read(path)
	if err != nil {
		return fmt.Errorf("suit: %w", err)
	}
	decode := sims.DecodeCMX
	if sims.SniffBCF(in.Data) {
		decode = sims.DecodeBCF
	}
	cf, err := decode(in.Data)
	if err != nil {
		return fmt.Errorf("suit %s: %w", path, err)
	}
	if len(cf.Suits) == 0 {
		return fmt.Errorf("suit %s: the file has no suit", path)
	}
	if a.Skeleton == nil || len(a.Skeleton.Bones) == 0 {
		return fmt.Errorf("suit %s: %s has no skeleton to wear it", path, in.Name)
	}
	a.Meshes = nil
	for i := range cf.Suits {
		m, warns := sims.SuitMeshes(&cf.Suits[i], a.Skeleton, in.Siblings)
		a.Warnings = append(a.Warnings, warns...)
		if m != nil {
			a.Meshes = append(a.Meshes, m)
		}
	}
	if len(a.Meshes) == 0 {
		return fmt.Errorf("suit %s: none of its skins could be bound (see the warnings)", path)
	}
	return a.Validate()
}
