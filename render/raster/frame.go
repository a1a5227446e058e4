package raster

import (
	"errors"
	"fmt"
	"image"
	"math"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/player"
	"github.com/animview/animview/render"
	"golang.org/x/image/font"
)

// Image size defaults: a small window's (the maximum is MaxSize).
const (
	defaultWidth  = 640
	defaultHeight = 480
	// maxBoundsSamples caps the poses sampled to frame a long clip.
	maxBoundsSamples = 1000
)

// FrameOptions describe a headless rendering.
type FrameOptions struct {
	// Width and Height are the image size in pixels (640×480 when zero).
	Width, Height int
	// Yaw and Pitch set the orbit camera's direction in degrees (see
	// render.Camera); the distance and target frame the clip.
	Yaw, Pitch float64
	// Options choose what is drawn. The zero Options means
	// render.DefaultOptions(), and a zero Theme the default theme.
	Options render.Options
	// FPS is the GIF frame rate (30 when zero; at most 50, the finest rate
	// GIF's centisecond delays play reliably).
	FPS float64
	// Follow chooses whether the camera follows the figures as they travel
	// (FollowAuto, the zero value, follows clips that travel far compared
	// with the figures' size, as the viewer does).
	Follow Follow
	// Dither makes a GIF's frames dithered (Floyd–Steinberg) against its
	// palette rather than each pixel mapped to its nearest entry.
	Dither bool
}

// Follow is a follow-camera choice.
type Follow uint8

// Follow choices.
const (
	// FollowAuto follows when render.Framing.Travels says so.
	FollowAuto Follow = iota
	// FollowOn always keeps the camera on the figures.
	FollowOn
	// FollowOff frames the whole clip from a fixed camera.
	FollowOff
)

// ParseFollow reads "auto", "on" or "off".
func ParseFollow(s string) (Follow, error) {
	switch s {
	case "auto", "":
		return FollowAuto, nil
	case "on":
		return FollowOn, nil
	case "off":
		return FollowOff, nil
	}
	return FollowAuto, fmt.Errorf("follow %q: want on, off or auto", s)
}

// ErrNoSkeleton is returned for an asset without a skeleton to draw.
var ErrNoSkeleton = errors.New("raster: asset has no skeleton")

// renderer holds everything needed to draw one clip (or the bind pose) of an
// asset frame after frame.
type renderer struct {
	sk      *formats.Skeleton
	clip    *formats.Clip // nil for the bind pose and for a sampler's recording
	sampler player.Sampler
	pose    *player.Pose
	scene   render.Scene
	cam     render.Camera
	vp      render.Viewport
	opt     render.Options
	dl      render.DrawList
	face    font.Face
	w, h    int
	framing render.Framing
	follow  bool
}

func newRenderer(a *formats.Asset, clip int, fo FrameOptions) (*renderer, error) {
	r, err := newBareRenderer(a, fo)
	if err != nil {
		return nil, err
	}
	sk := r.sk
	switch {
	case clip == -1:
	case clip < -1 || clip >= len(a.Clips):
		return nil, fmt.Errorf("raster: clip %d out of range (the asset has %d clips; -1 is the bind pose)", clip, len(a.Clips))
	case a.Clips[clip] == nil:
		return nil, fmt.Errorf("raster: clip %d is missing", clip)
	default:
		c := a.Clips[clip]
		if err := c.Validate(len(sk.Bones)); err != nil {
			return nil, fmt.Errorf("raster: clip %d (%q): %w", clip, c.Name, err)
		}
		r.clip, r.sampler = c, player.NewClipSampler(sk, c)
	}
	r.setup(a, fo)
	return r, nil
}

// newSamplerRenderer draws whatever src plays (an animation tree), one pass
// of it from time 0. src must pose a's skeleton.
func newSamplerRenderer(a *formats.Asset, src player.Sampler, fo FrameOptions) (*renderer, error) {
	if src == nil {
		return nil, errors.New("raster: no sampler to record")
	}
	if d := src.Duration(); math.IsNaN(d) || math.IsInf(d, 0) || d < 0 {
		return nil, fmt.Errorf("raster: sampler's duration %v is not a length", d)
	}
	r, err := newBareRenderer(a, fo)
	if err != nil {
		return nil, err
	}
	r.sampler = src
	r.setup(a, fo)
	return r, nil
}

// newBareRenderer checks the skeleton and the size; the caller chooses
// what plays and calls setup.
func newBareRenderer(a *formats.Asset, fo FrameOptions) (*renderer, error) {
	if a == nil || a.Skeleton == nil {
		return nil, ErrNoSkeleton
	}
	sk := a.Skeleton
	if err := sk.Validate(); err != nil {
		return nil, fmt.Errorf("raster: skeleton: %w", err)
	}
	w, h := fo.Width, fo.Height
	if w == 0 && h == 0 {
		w, h = defaultWidth, defaultHeight
	}
	if w <= 0 || h <= 0 || w > MaxSize || h > MaxSize {
		return nil, fmt.Errorf("raster: image size %d×%d outside 1×1 to %d×%d", w, h, MaxSize, MaxSize)
	}
	return &renderer{sk: sk, pose: player.NewPose(sk), w: w, h: h, opt: fo.Options}, nil
}

// setup frames the camera on what r plays.
func (r *renderer) setup(a *formats.Asset, fo FrameOptions) {
	sk, w, h := r.sk, r.w, r.h
	if r.opt == (render.Options{}) {
		r.opt = render.DefaultOptions()
	}
	if r.opt.Theme == (render.Theme{}) {
		r.opt.Theme = render.DefaultTheme()
	}
	r.scene = render.Scene{
		Skeleton: sk,
		World:    player.NewWorldPose(sk),
		Selected: -1,
		Root:     render.SceneRoot(a.Coords),
		Meshes:   a.Meshes,
	}
	r.vp = render.Viewport{W: float32(w), H: float32(h)}
	r.cam = render.DefaultCamera()
	r.cam.Yaw, r.cam.Pitch = 0, 0
	r.cam.Orbit(fo.Yaw, fo.Pitch)
	r.framing = r.frameClip()
	if r.opt.Show != render.ShowBones {
		r.framing.AddMeshes(sk, a.Meshes, r.scene.Root)
	}
	r.scene.Links = r.framing.Link
	r.scene.Helper = render.HelperBones(sk, a.Clips)
	if r.clip != nil && r.clip.Drives != nil {
		r.scene.Dim = make([]bool, len(sk.Bones))
		for i := range r.scene.Dim {
			r.scene.Dim[i] = i < len(r.clip.Drives) && !r.clip.Drives[i]
		}
	}
	switch fo.Follow {
	case FollowOn:
		r.follow = true
	case FollowAuto:
		r.follow = r.framing.Travels
	}
	r.framing.Aim(&r.cam, float64(w)/float64(h), r.follow)
	r.face = DefaultFace()
}

// frameClip samples the whole clip so the figures fit at every time.
func (r *renderer) frameClip() render.Framing {
	if r.sampler == nil {
		return render.ClipFraming(r.sk, nil, r.scene.Root, 2)
	}
	n := maxBoundsSamples
	if d := r.duration(); d*60 < float64(n) {
		// At least 60 samples a second: finer than any game's key rate.
		n = int(d*60) + 2
	}
	return render.ClipFraming(r.sk, r.sampler, r.scene.Root, n)
}

// duration is the length of one pass (0 for the bind pose).
func (r *renderer) duration() float64 {
	if r.sampler == nil {
		return 0
	}
	return r.sampler.Duration()
}

// frame draws the pose at playback time t into img.
func (r *renderer) frame(img *image.RGBA, t float64) {
	switch {
	case r.clip != nil:
		r.sampler.Sample(player.ClipTime(t, r.clip.Duration, r.clip.Loop), r.pose)
	case r.sampler != nil:
		r.sampler.Sample(math.Max(0, math.Min(t, r.sampler.Duration())), r.pose)
	}
	player.ToWorld(r.sk, r.pose, r.scene.World)
	r.scene.Visible = r.pose.Visible
	if r.follow {
		r.cam.Target = r.framing.Track(r.scene.World, r.scene.Root)
	}
	render.Build(&r.dl, &r.scene, r.cam, r.vp, r.opt)
	Draw(img, &r.dl, r.face)
}

// RenderFrame draws an asset's clip at time t (seconds; wrapped or clamped
// to the clip as playback would) into a new image. The camera looks from
// fo's yaw and pitch and is framed on the whole clip, so frames of one clip
// line up (unless fo.Follow keeps it on travelling figures). clip -1 draws
// the bind pose.
func RenderFrame(a *formats.Asset, clip int, t float64, fo FrameOptions) (*image.RGBA, error) {
	r, err := newRenderer(a, clip, fo)
	if err != nil {
		return nil, err
	}
	if math.IsInf(t, 0) {
		t = 0
	}
	img := image.NewRGBA(image.Rect(0, 0, r.w, r.h))
	r.frame(img, t)
	return img, nil
}

// RenderFrameSampler is RenderFrame for whatever src plays (a clip of
// another file played on a's skeleton, a tree): the pose at t, clamped to
// one pass, framed on the whole pass. src must pose a's skeleton.
func RenderFrameSampler(a *formats.Asset, src player.Sampler, t float64, fo FrameOptions) (*image.RGBA, error) {
	r, err := newSamplerRenderer(a, src, fo)
	if err != nil {
		return nil, err
	}
	if math.IsInf(t, 0) || math.IsNaN(t) {
		t = 0
	}
	img := image.NewRGBA(image.Rect(0, 0, r.w, r.h))
	r.frame(img, t)
	return img, nil
}

// Image sizes ParseSize accepts. MaxSize bounds every rendering too: it
// keeps a mistyped size from asking for gigabytes.
const (
	MinSize = 16
	MaxSize = 8192
)

// ParseSize reads an image size "WxH", each side between MinSize and
// MaxSize.
func ParseSize(s string) (w, h int, err error) {
	if _, err := fmt.Sscanf(s, "%dx%d", &w, &h); err != nil || w < MinSize || h < MinSize || w > MaxSize || h > MaxSize {
		return 0, 0, fmt.Errorf("size %q: want WxH between %dx%d and %dx%d", s, MinSize, MinSize, MaxSize, MaxSize)
	}
	return w, h, nil
}
