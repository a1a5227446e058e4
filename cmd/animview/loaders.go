package main

import (
	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/anm"
	"github.com/animview/animview/formats/lego"
	"github.com/animview/animview/formats/ms3d"
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/pak"
	"github.com/animview/animview/formats/sims"
)

// formatLoaders lists every format family's loaders, in detection order.
// Metroid Prime ANIM and The Sims .anim share an extension; each sniffs its
// content strictly, so the order only matters for files that fail both.
func formatLoaders() []formats.Loader {
	var ls []formats.Loader
	ls = append(ls, prime.Loaders()...)
	ls = append(ls, pak.Loaders()...)
	ls = append(ls, lego.Loaders()...)
	ls = append(ls, sims.Loaders()...)
	ls = append(ls, ms3d.Loaders()...)
	ls = append(ls, anm.Loader())
	return ls
}
