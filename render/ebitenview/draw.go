// Package ebitenview draws render.DrawLists onto ebiten images: the window
// backend. It is the only part of the renderer that imports ebiten, and it
// stays thin: the draw list already holds every decision.
package ebitenview

import (
	"bytes"
	"image/color"
	"math"

	"github.com/animview/animview/render"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/font/gofont/goregular"
)

// DefaultFace returns Go Regular at size pixels. The font is bundled, so
// this cannot fail in practice; if it ever did, the fixed 7×13 face stands
// in. Build the face once and keep it: each call parses the font.
func DefaultFace(size float64) text.Face {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		return text.NewGoXFace(basicfont.Face7x13)
	}
	return &text.GoTextFace{Source: src, Size: size}
}

// labelSize is the label size DefaultFace gets when Draw is given no face.
const labelSize = 13

// Draw fills dst with the list's background and draws its lines, dots and
// labels, in the list's order, anti-aliased. A nil face draws labels with
// DefaultFace (parsed afresh: pass a face when drawing every frame). Draw
// makes a new Drawer each call; a window that draws every frame keeps one.
//
// The list's coordinates are dst's own. To confine the view to a panel of
// the window, pass screen.SubImage(panel) and a Viewport covering the same
// rectangle; the background then fills only the panel.
func Draw(dst *ebiten.Image, dl *render.DrawList, face text.Face) {
	var d Drawer
	d.Draw(dst, dl, face)
	d.Dispose()
}

// Drawer draws draw lists as anti-aliased triangles, reusing its vertex
// buffers from frame to frame. The zero value is ready to use.
//
// Strokes and discs are plain triangles with a one-pixel alpha fringe, all
// sent in one DrawTriangles32 call. Ebiten's vector package is not used on
// purpose: in v2.10 it renders every path into a stencil atlas the size of
// the path's bounding box (twice as wide when anti-aliased), so a frame of
// long grid lines across the view grew ebiten's texture atlas to 16384×8192
// pixels, and with a software GL driver (llvmpipe, Xvfb) each such texture
// is host memory: 64, 256 and 512 MiB buffers, about 1 GB resident.
type Drawer struct {
	white *ebiten.Image
	// mesh holds the draw list's mesh layer on the GPU.
	mesh   *ebiten.Image
	meshOp ebiten.DrawImageOptions
	vs     []ebiten.Vertex
	is     []uint32
	op     ebiten.DrawTrianglesOptions
	top    text.DrawOptions
}

// maxBatch bounds the vertices of one DrawTriangles32 call.
const maxBatch = 1 << 16

// Dispose releases the Drawer's GPU image. The Drawer stays usable.
func (d *Drawer) Dispose() {
	if d.white != nil {
		d.white.Deallocate()
		d.white = nil
	}
	if d.mesh != nil {
		d.mesh.Deallocate()
		d.mesh = nil
	}
}

// Draw is the package's Draw with the Drawer's reused buffers.
func (d *Drawer) Draw(dst *ebiten.Image, dl *render.DrawList, face text.Face) {
	if dst == nil || dl == nil {
		return
	}
	d.prepare()
	dst.Fill(dl.Background)
	d.vs, d.is = d.vs[:0], d.is[:0]
	at := min(max(dl.MeshAt, 0), len(dl.Lines))
	for i := range dl.Lines {
		if i == at {
			d.drawMesh(dst, dl)
		}
		l := &dl.Lines[i]
		d.stroke(dst, l.A[0], l.A[1], l.B[0], l.B[1], l.Width, l.Color)
		if l.Kind == render.KindBone {
			// Round caps, so a chain of sticks meets without notches.
			d.disc(dst, l.A[0], l.A[1], l.Width/2, l.Color)
			d.disc(dst, l.B[0], l.B[1], l.Width/2, l.Color)
		}
	}
	if at == len(dl.Lines) {
		d.drawMesh(dst, dl)
	}
	for i := range dl.Dots {
		p := &dl.Dots[i]
		d.disc(dst, p.P[0], p.P[1], p.Radius, p.Color)
	}
	d.flush(dst)
	if len(dl.Labels) == 0 {
		return
	}
	if face == nil {
		face = DefaultFace(labelSize)
	}
	// Label.P is the start of the baseline; text/v2 places the top of the
	// line box at the origin, so lift the text by the ascent.
	ascent := face.Metrics().HAscent
	op := &d.top
	for _, l := range dl.Labels {
		op.GeoM.Reset()
		op.GeoM.Translate(float64(l.P[0]), float64(l.P[1])-ascent)
		op.ColorScale.Reset()
		op.ColorScale.ScaleWithColor(l.Color)
		text.Draw(dst, l.Text, face, op)
	}
}

// drawMesh flushes the lines so far and draws the list's mesh layer (the
// triangles rasterised with a depth test in pure Go, render.MeshLayer):
// ebiten has no depth buffer, and no sort order can promise that a
// triangle is never drawn over a nearer one.
func (d *Drawer) drawMesh(dst *ebiten.Image, dl *render.DrawList) {
	ml := dl.MeshLayer()
	if ml == nil || ml.Dirty.Empty() {
		return
	}
	d.flush(dst)
	size := ml.Size()
	if d.mesh == nil || d.mesh.Bounds().Size() != size {
		if d.mesh != nil {
			d.mesh.Deallocate()
		}
		d.mesh = ebiten.NewImage(size.X, size.Y)
	}
	// Only the drawn part goes to the texture and onto the view: the
	// rest of the layer is transparent.
	part := d.mesh.SubImage(ml.Dirty).(*ebiten.Image)
	part.WritePixels(ml.Image.Pix)
	vp := dl.Viewport()
	d.meshOp.GeoM.Reset()
	d.meshOp.GeoM.Translate(float64(vp.X)+float64(ml.Dirty.Min.X), float64(vp.Y)+float64(ml.Dirty.Min.Y))
	dst.DrawImage(part, &d.meshOp)
}

// flush sends the batched triangles.
func (d *Drawer) flush(dst *ebiten.Image) {
	if len(d.is) > 0 {
		dst.DrawTriangles32(d.vs, d.is, d.white, &d.op)
	}
	d.vs, d.is = d.vs[:0], d.is[:0]
}

// room flushes first when n more vertices would overfill the batch.
func (d *Drawer) room(dst *ebiten.Image, n int) {
	if len(d.vs)+n > maxBatch {
		d.flush(dst)
	}
}

// vertex appends a vertex of colour c (straight alpha) scaled by alpha.
func (d *Drawer) vertex(x, y float32, c color.RGBA, alpha float32) uint32 {
	d.vs = append(d.vs, ebiten.Vertex{
		DstX: x, DstY: y, SrcX: 1.5, SrcY: 1.5,
		ColorR: float32(c.R) / 255, ColorG: float32(c.G) / 255, ColorB: float32(c.B) / 255,
		ColorA: float32(c.A) / 255 * alpha,
	})
	return uint32(len(d.vs) - 1)
}

// quad appends the triangles a-b-c and a-c-d.
func (d *Drawer) quad(a, b, c, e uint32) {
	d.is = append(d.is, a, b, c, a, c, e)
}

// stroke draws a line of the given width as a solid core with a one-pixel
// fringe fading to transparent on each side. Strokes thinner than a pixel
// keep the one-pixel footprint and fade instead.
func (d *Drawer) stroke(dst *ebiten.Image, x0, y0, x1, y1, width float32, c color.RGBA) {
	dx, dy := x1-x0, y1-y0
	n := float32(math.Hypot(float64(dx), float64(dy)))
	if !(n > 1e-4) || !(width > 0) {
		return
	}
	alpha := float32(1)
	if width < 1 {
		alpha, width = width, 1
	}
	nx, ny := -dy/n, dx/n
	in, out := width/2-0.5, width/2+0.5
	d.room(dst, 8)
	var v [8]uint32
	for k, off := range [4]float32{-out, -in, in, out} {
		a := alpha
		if k == 0 || k == 3 {
			a = 0
		}
		v[k] = d.vertex(x0+nx*off, y0+ny*off, c, a)
		v[k+4] = d.vertex(x1+nx*off, y1+ny*off, c, a)
	}
	for k := 0; k < 3; k++ {
		d.quad(v[k], v[k+1], v[k+5], v[k+4])
	}
}

// disc draws a filled circle with a one-pixel fringe.
func (d *Drawer) disc(dst *ebiten.Image, cx, cy, r float32, c color.RGBA) {
	if !(r > 0) {
		return
	}
	segs := int(math.Ceil(2 * math.Pi * float64(r) / 2))
	segs = max(8, min(segs, 64))
	d.room(dst, 2*segs+1)
	in, out := max(r-0.5, 0), r+0.5
	centre := d.vertex(cx, cy, c, 1)
	first := uint32(len(d.vs))
	for k := 0; k < segs; k++ {
		s, co := math.Sincos(2 * math.Pi * float64(k) / float64(segs))
		sx, sy := float32(co), float32(s)
		d.vertex(cx+sx*in, cy+sy*in, c, 1)
		d.vertex(cx+sx*out, cy+sy*out, c, 0)
	}
	for k := 0; k < segs; k++ {
		i0 := first + uint32(2*k)
		i1 := first + uint32(2*((k+1)%segs))
		d.is = append(d.is, centre, i0, i1)
		d.quad(i0, i0+1, i1+1, i1)
	}
}

// StrokeLine queues an anti-aliased line for the next Flush (or Draw) onto
// dst. For overlays drawn every frame (ticks, rulers), it costs no offscreen
// memory, unlike ebiten's vector package (see Drawer).
func (d *Drawer) StrokeLine(dst *ebiten.Image, x0, y0, x1, y1, width float32, c color.RGBA) {
	d.prepare()
	d.stroke(dst, x0, y0, x1, y1, width, c)
}

// FillCircle queues an anti-aliased disc for the next Flush onto dst.
func (d *Drawer) FillCircle(dst *ebiten.Image, cx, cy, r float32, c color.RGBA) {
	d.prepare()
	d.disc(dst, cx, cy, r, c)
}

// Flush draws what StrokeLine and FillCircle queued onto dst. Queue and
// flush onto the same image.
func (d *Drawer) Flush(dst *ebiten.Image) {
	if dst == nil {
		d.vs, d.is = d.vs[:0], d.is[:0]
		return
	}
	d.prepare()
	d.flush(dst)
}

// prepare makes the white source image.
func (d *Drawer) prepare() {
	if d.white == nil {
		// A 3×3 white image sampled at its centre pixel: no filtering can
		// reach a neighbouring texel of the atlas.
		d.white = ebiten.NewImage(3, 3)
		d.white.Fill(color.White)
	}
}
