package raster

import (
	"image"
	"image/color"
	"slices"
)

// paletteSamples is how many frames, spread over the pass, a GIF's palette
// is built from: enough to see every colour a figure turns through, few
// enough that drawing them costs a small share of the GIF.
const paletteSamples = 8

// colourHistogram counts an image's colours in bins of 5 bits a channel,
// keeping each bin's sum so that a palette entry is the mean of what it
// stands for, not the bin's corner.
type colourHistogram struct {
	bins map[uint16]*colourBin
	// exact holds the distinct colours seen, until there are more than
	// a palette holds: a frame of few colours gets them exactly.
	exact map[color.RGBA]bool
}

type colourBin struct {
	n       int
	r, g, b int // sums
}

func newColourHistogram() *colourHistogram {
	return &colourHistogram{bins: make(map[uint16]*colourBin), exact: make(map[color.RGBA]bool)}
}

// add counts every pixel of img.
func (h *colourHistogram) add(img *image.RGBA) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):]
		for x := 0; x < b.Dx(); x++ {
			r, g, bl := int(row[4*x]), int(row[4*x+1]), int(row[4*x+2])
			if h.exact != nil {
				h.exact[color.RGBA{row[4*x], row[4*x+1], row[4*x+2], 255}] = true
				if len(h.exact) > 256 {
					h.exact = nil
				}
			}
			key := uint16(r>>3)<<10 | uint16(g>>3)<<5 | uint16(bl>>3)
			c := h.bins[key]
			if c == nil {
				c = &colourBin{}
				h.bins[key] = c
			}
			c.n++
			c.r += r
			c.g += g
			c.b += bl
		}
	}
}

// medianCut returns a palette of at most n colours for the histogram's
// pixels, after the colours in fixed, which are kept exactly (the
// background, so that the largest area of every frame is exact). Boxes of
// bins are split at the median pixel along their widest channel, the box
// with the most pixels times width first (Heckbert's median cut, weighted
// by the pixels each box holds, so the figure's shading gets entries
// rather than the background's few stray bins).
func (h *colourHistogram) medianCut(fixed []color.RGBA, n int) color.Palette {
	pal := make(color.Palette, 0, n)
	seen := map[color.RGBA]bool{}
	for _, c := range fixed {
		if !seen[c] && len(pal) < n {
			seen[c] = true
			pal = append(pal, c)
		}
	}
	if h.exact != nil && len(h.exact)+len(pal) <= n {
		exact := make([]color.RGBA, 0, len(h.exact))
		for c := range h.exact {
			if !seen[c] {
				exact = append(exact, c)
			}
		}
		slices.SortFunc(exact, func(a, b color.RGBA) int {
			return int(a.R)<<16 | int(a.G)<<8 | int(a.B) - (int(b.R)<<16 | int(b.G)<<8 | int(b.B))
		})
		for _, c := range exact {
			pal = append(pal, c)
		}
		return pal
	}
	type entry struct {
		rgb [3]int // the bin's mean
		bin *colourBin
	}
	all := make([]entry, 0, len(h.bins))
	for _, c := range h.bins {
		all = append(all, entry{[3]int{c.r / c.n, c.g / c.n, c.b / c.n}, c})
	}
	// A fixed order makes the palette the same on every run.
	slices.SortFunc(all, func(a, b entry) int {
		for k := 0; k < 3; k++ {
			if a.rgb[k] != b.rgb[k] {
				return a.rgb[k] - b.rgb[k]
			}
		}
		return 0
	})
	type box struct {
		e            []entry
		pixels       int
		axis, extent int
	}
	measure := func(e []entry) box {
		bx := box{e: e}
		lo, hi := [3]int{255, 255, 255}, [3]int{}
		for _, x := range e {
			bx.pixels += x.bin.n
			for k := 0; k < 3; k++ {
				lo[k] = min(lo[k], x.rgb[k])
				hi[k] = max(hi[k], x.rgb[k])
			}
		}
		for k := 0; k < 3; k++ {
			if d := hi[k] - lo[k]; d > bx.extent {
				bx.axis, bx.extent = k, d
			}
		}
		return bx
	}
	boxes := []box{}
	if len(all) > 0 {
		boxes = append(boxes, measure(all))
	}
	for len(boxes)+len(pal) < n {
		best, score := -1, 0
		for i, bx := range boxes {
			if s := bx.pixels * bx.extent; len(bx.e) > 1 && bx.extent > 0 && s > score {
				best, score = i, s
			}
		}
		if best < 0 {
			break
		}
		bx := boxes[best]
		axis := bx.axis
		slices.SortStableFunc(bx.e, func(a, b entry) int { return a.rgb[axis] - b.rgb[axis] })
		// The median pixel, kept off the ends so both halves hold a bin.
		half, acc, cut := bx.pixels/2, 0, 1
		for i, x := range bx.e {
			acc += x.bin.n
			if acc >= half {
				cut = i + 1
				break
			}
		}
		cut = min(max(cut, 1), len(bx.e)-1)
		boxes[best] = measure(bx.e[:cut])
		boxes = append(boxes, measure(bx.e[cut:]))
	}
	for _, bx := range boxes {
		var n, r, g, b int
		for _, x := range bx.e {
			n += x.bin.n
			r += x.bin.r
			g += x.bin.g
			b += x.bin.b
		}
		c := color.RGBA{uint8((r + n/2) / n), uint8((g + n/2) / n), uint8((b + n/2) / n), 255}
		if !seen[c] {
			seen[c] = true
			pal = append(pal, c)
		}
	}
	return pal
}
