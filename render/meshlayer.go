package render

import (
	"image"
	"math"
)

// MeshLayer is the draw list's triangles rasterised with a depth buffer,
// in pure Go: a viewport-sized RGBA image, transparent where no triangle
// covers a pixel, that a backend draws over the background and under the
// sticks. Each pixel shows the nearest triangle covering its centre, so a
// triangle is never drawn over a nearer one (where two triangles
// intersect, each shows where it is nearer). The ebiten backend has no
// depth buffer and a sort by depth cannot promise that (long triangles,
// cyclic overlaps), hence the software depth test in both backends.
type MeshLayer struct {
	// Image is the layer; its bounds are the viewport's size, at (0, 0).
	Image *image.RGBA
	// Dirty is the part of Image the last Rasterize touched.
	Dirty image.Rectangle
	depth []float32
}

// Rasterize draws tris, in screen coordinates of vp, into the layer,
// resizing it to the viewport. Only the previously touched part is
// cleared; nothing is allocated once the layer has its size.
func (l *MeshLayer) Rasterize(tris []Tri, vp Viewport) {
	w, h := int(math.Ceil(float64(vp.W))), int(math.Ceil(float64(vp.H)))
	if w < 0 || h < 0 || w > 1<<14 || h > 1<<14 {
		w, h = 0, 0
	}
	if l.Image == nil || l.Image.Rect.Dx() != w || l.Image.Rect.Dy() != h {
		l.Image = image.NewRGBA(image.Rect(0, 0, w, h))
		l.depth = make([]float32, w*h)
		l.Dirty = image.Rectangle{}
	} else {
		l.clear(l.Dirty)
	}
	l.Dirty = image.Rectangle{}
	for i := range tris {
		l.tri(&tris[i], vp.X, vp.Y, w, h)
	}
}

func (l *MeshLayer) clear(r image.Rectangle) {
	w := l.Image.Rect.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := l.Image.Pix[y*l.Image.Stride+4*r.Min.X : y*l.Image.Stride+4*r.Max.X]
		clear(row)
		clear(l.depth[y*w+r.Min.X : y*w+r.Max.X])
	}
}

// tri fills one triangle with the depth test: pixel centres inside it
// (within a thousandth of a pixel of an edge, so that triangles sharing
// an edge leave no crack between them) whose interpolated 1/z exceeds the
// stored one. Each row's run of inside pixels is solved from the three
// edge functions, so the inner loop only tests depth.
func (l *MeshLayer) tri(t *Tri, ox, oy float32, w, h int) {
	x0, y0 := t.P[0][0]-ox, t.P[0][1]-oy
	x1, y1 := t.P[1][0]-ox, t.P[1][1]-oy
	x2, y2 := t.P[2][0]-ox, t.P[2][1]-oy
	area := (x1-x0)*(y2-y0) - (x2-x0)*(y1-y0)
	z0, z1, z2 := t.InvZ[0], t.InvZ[1], t.InvZ[2]
	if area < 0 {
		x1, y1, x2, y2 = x2, y2, x1, y1
		z1, z2 = z2, z1
		area = -area
	}
	if !(area > 1e-12) {
		return
	}
	fx0, fx1 := span3(x0, x1, x2)
	fy0, fy1 := span3(y0, y1, y2)
	if !(fx1 >= 0 && fy1 >= 0 && fx0 < float32(w) && fy0 < float32(h)) {
		return
	}
	minX, maxX := 0, min(int(fx1)+1, w-1)
	if fx0 > 0 {
		minX = int(fx0)
	}
	minY, maxY := 0, min(int(fy1)+1, h-1)
	if fy0 > 0 {
		minY = int(fy0)
	}
	inv := 1 / area
	// Edge k's function is the weight of corner k times the area; at the
	// first pixel centre of the box, and its steps along x and y.
	px, py := float32(minX)+0.5, float32(minY)+0.5
	e := [3]float32{
		(x2-x1)*(py-y1) - (y2-y1)*(px-x1),
		(x0-x2)*(py-y2) - (y0-y2)*(px-x2),
		(x1-x0)*(py-y0) - (y1-y0)*(px-x0),
	}
	dx := [3]float32{y1 - y2, y2 - y0, y0 - y1}
	dy := [3]float32{x2 - x1, x0 - x2, x1 - x0}
	// Each edge bounds the row's run from below (dx > 0), from above
	// (dx < 0), or, parallel to the rows, empties it where it is
	// negative. The slack is a thousandth of the edge's length, taken as
	// |dx| + |dy| (within √2 of it) to spare a square root.
	var lo, hi, flat [3]int
	nlo, nhi, nflat := 0, 0, 0
	var slack, rdx [3]float32
	for k := 0; k < 3; k++ {
		slack[k] = 1e-3 * (absf(dx[k]) + absf(dy[k]))
		switch {
		case dx[k] > 0:
			rdx[k] = -1 / dx[k]
			lo[nlo] = k
			nlo++
		case dx[k] < 0:
			rdx[k] = -1 / dx[k]
			hi[nhi] = k
			nhi++
		default:
			flat[nflat] = k
			nflat++
		}
	}
	zx := (dx[0]*z0 + dx[1]*z1 + dx[2]*z2) * inv
	zy := (dy[0]*z0 + dy[1]*z1 + dy[2]*z2) * inv
	zr := (e[0]*z0 + e[1]*z1 + e[2]*z2) * inv
	c := t.Color
	stride := l.Image.Stride
	pix := l.Image.Pix
	span := float32(maxX - minX)
	x0d, x1d := maxX+1, minX-1
	for y := minY; y <= maxY; y++ {
		// The run [a, b] of steps from minX where every edge is >= -slack.
		// Plain comparisons: the min and max built-ins order NaNs and
		// signed zeros, which costs more here than the rest.
		a, b := float32(0), span
		for _, k := range lo[:nlo] {
			if q := (e[k] + slack[k]) * rdx[k]; q > a {
				a = q
			}
		}
		for _, k := range hi[:nhi] {
			if q := (e[k] + slack[k]) * rdx[k]; q < b {
				b = q
			}
		}
		for _, k := range flat[:nflat] {
			if e[k]+slack[k] < 0 {
				b = -1
			}
		}
		if a <= b {
			// a >= 0: its ceiling by truncation.
			ia := int(a)
			if float32(ia) < a {
				ia++
			}
			xs := minX + ia
			xe := minX + int(b)
			if xs <= xe {
				if xs < x0d {
					x0d = xs
				}
				if xe > x1d {
					x1d = xe
				}
				z := zr + zx*float32(xs-minX)
				drow := l.depth[y*w+xs : y*w+xe+1]
				prow := pix[y*stride+4*xs : y*stride+4*xe+4]
				for i := range drow {
					if z > drow[i] {
						drow[i] = z
						q := prow[4*i : 4*i+4 : 4*i+4]
						q[0], q[1], q[2], q[3] = c.R, c.G, c.B, 255
					}
					z += zx
				}
			}
		}
		e[0] += dy[0]
		e[1] += dy[1]
		e[2] += dy[2]
		zr += zy
	}
	if x0d <= x1d {
		l.Dirty = l.Dirty.Union(image.Rect(x0d, minY, x1d+1, maxY+1))
	}
}

// span3 returns the least and greatest of three finite numbers.
func span3(a, b, c float32) (lo, hi float32) {
	lo, hi = a, a
	if b < lo {
		lo = b
	} else if b > hi {
		hi = b
	}
	if c < lo {
		lo = c
	} else if c > hi {
		hi = c
	}
	return lo, hi
}
