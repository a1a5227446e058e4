package state

import (
	"encoding/hex"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/animview/animview/formats/sims"
	"github.com/animview/animview/render"
	"github.com/go-gl/mathgl/mgl32"
)

// A view link is what the web page keeps in its address's fragment (the
// part after #, which a browser never sends to a server), so that a user
// can send the view they look at: the files by name, size and SHA-256
// (never the files themselves), the clip, the frame, the camera and the
// drawing toggles. The README's web section describes it for users; the
// fragment is user input, so ParseLink bounds and checks all of it.
//
// Version 1 is a list of key=value pairs joined by &, in this order:
//
//	v=1                     the schema's version (required, first)
//	file=NAME:SIZE:SHA256   each file of the set the user opened, the file
//	                        the viewer opened first, then the others by name;
//	                        SIZE in bytes, SHA256 64 lowercase hex digits
//	entry=NAME              the entry of a container (a PAK, an SI, a folder)
//	clip=NAME               the clip (or a character's animation)
//	frame=N                 paused at frame N (absent: playing from the start)
//	speed=X                 playback speed (absent: 1×)
//	cam=YAW,PITCH,DIST,X,Y,Z the orbit camera: degrees, distance, target
//	show=mesh|mesh+bones|bones  what of a figure with a mesh is drawn
//	on=NAME,...             the toggles that are on (LinkToggleNames); the
//	                        others are off (absent: the viewer's defaults)
//	bone=NAME               the selected bone
//	suit=NAME,...           the Sims suits worn, by slot (body, head, more;
//	                        "none" an empty slot), their file names without
//	                        the extension
//	tone=light|medium|dark  the skin tone of the suits worn
//
// Values are percent-encoded (RFC 3986) where they hold a character
// outside the unreserved set and !$'()*+;@/ (a colon and a comma always
// are). Every
// field but v is optional: an absent one leaves the viewer's own choice.

// linkVersion is the view link's schema version that LinkString writes
// and ParseLink reads.
const linkVersion = 1

// Bounds of a view link: ParseLink refuses a fragment or a part over
// them before reading further.
const (
	// maxLinkLen is the longest fragment read, in bytes.
	maxLinkLen = 8192
	// maxLinkFiles is the most files a link names.
	maxLinkFiles = 32
	// maxLinkName is the longest name (of a file, clip or bone), in bytes.
	maxLinkName = 255
	// maxLinkFrame is the largest frame number.
	maxLinkFrame = 10_000_000
	// maxLinkCoord bounds the camera's distance and target.
	maxLinkCoord = 1e9
	// MaxLinkSuits is the most suit slots a link records.
	MaxLinkSuits = 4
)

// LinkFile is a file a view link names.
type LinkFile struct {
	Name   string
	Size   int64
	SHA256 [32]byte
}

// LinkCamera is the orbit camera a view link records: render.Camera's
// Yaw, Pitch, Distance and Target.
type LinkCamera struct {
	Yaw, Pitch, Distance float64
	Target               [3]float64
}

// LinkToggles is a set of the view's on/off toggles, a bit per entry of
// LinkToggleNames.
type LinkToggles uint32

// linkToggleNames name the toggles a view link records, each the verb of
// its command (ui/commands.go), bit i for entry i.
var linkToggleNames = [...]string{"grid", "labels", "bind-pose", "textures", "helpers", "axes", "onion",
	"in-place", "follow", "ortho", "clip-camera", "curves", "curves-euler", "loop", "dope-sheet", "root-path"}

// The toggles, by their bits.
const (
	ToggleGrid LinkToggles = 1 << iota
	ToggleLabels
	ToggleBindPose
	ToggleTextures
	ToggleHelpers
	ToggleAxes
	ToggleOnion
	ToggleInPlace
	ToggleFollow
	ToggleOrtho
	ToggleClipCamera
	ToggleCurves
	ToggleCurvesEuler
	ToggleLoop
	ToggleDopeSheet
	ToggleRootPath
)

// LinkView is what a view link records of the window. It is comparable,
// so that the page is told of a change only.
type LinkView struct {
	// Entry is the open entry of a container with several ("" the
	// first).
	Entry string
	// Clip is the clip's or animation's name ("" leaves the default).
	Clip string
	// Frame is the frame shown, paused; -1 plays from the start.
	Frame int
	// Speed is the playback speed when it is not 1 (0: 1×).
	Speed float64
	// Camera, when HasCamera, is the orbit camera.
	Camera    LinkCamera
	HasCamera bool
	// Show, when HasShow, is what of a mesh's figure is drawn.
	Show    render.Show
	HasShow bool
	// Toggles, when HasToggles, are the toggles that are on; the others
	// are off.
	Toggles    LinkToggles
	HasToggles bool
	// Bone is the selected bone's name ("" none).
	Bone string
	// Suits are the names of the Sims suits worn by slot (Wardrobe),
	// "none" for an empty slot, up to the first "" ; Tone, when HasTone,
	// their skin tone.
	Suits   [MaxLinkSuits]string
	Tone    sims.Tone
	HasTone bool
}

// Link is a view link: the files and the view.
type Link struct {
	Files []LinkFile
	View  LinkView
}

// linkErr is a view link's error at byte off of the fragment, in field.
func linkErr(off int, field, format string, args ...any) error {
	return fmt.Errorf("view link: byte %d, field %q: %s", off, field, fmt.Sprintf(format, args...))
}

// ParseLink reads a view link from a page address's fragment (with or
// without its #). Bad input gives an error that names the field and its
// byte offset; nothing it reads is allocated beyond MaxLinkLen's share.
func ParseLink(frag string) (Link, error) {
	var l Link
	frag = strings.TrimPrefix(frag, "#")
	if len(frag) > maxLinkLen {
		return l, fmt.Errorf("view link: %d bytes, more than the %d read", len(frag), maxLinkLen)
	}
	if frag == "" {
		return l, fmt.Errorf("view link: empty: the link must begin with v=%d", linkVersion)
	}
	l.View.Frame = -1
	seen := map[string]bool{}
	off := 0
	for i, part := range strings.Split(frag, "&") {
		at := off
		off += len(part) + 1
		key, raw, ok := strings.Cut(part, "=")
		if !ok {
			return Link{}, linkErr(at, key, "no = in %q", clipText(part))
		}
		if i == 0 {
			if key != "v" {
				return Link{}, linkErr(at, key, "the link must begin with v=%d", linkVersion)
			}
		} else if key == "v" {
			return Link{}, linkErr(at, key, "v again: it comes once, first")
		}
		if key != "file" && seen[key] {
			return Link{}, linkErr(at, key, "given twice")
		}
		seen[key] = true
		val, err := url.PathUnescape(raw)
		if err != nil {
			return Link{}, linkErr(at, key, "%v", err)
		}
		if !utf8.ValidString(val) {
			return Link{}, linkErr(at, key, "not UTF-8")
		}
		if err := l.setField(key, val, raw); err != nil {
			return Link{}, linkErr(at, key, "%v", err)
		}
	}
	return l, nil
}

// setField reads one field's value: val unescaped, raw as written.
func (l *Link) setField(key, val, raw string) error {
	v := &l.View
	switch key {
	case "v":
		n, err := strconv.Atoi(val)
		if err != nil {
			return fmt.Errorf("version %q is not a number", clipText(val))
		}
		if n != linkVersion {
			return fmt.Errorf("version %d: this page reads version %d", n, linkVersion)
		}
	case "file":
		if len(l.Files) == maxLinkFiles {
			return fmt.Errorf("more than %d files", maxLinkFiles)
		}
		f, err := parseLinkFile(raw)
		if err != nil {
			return err
		}
		l.Files = append(l.Files, f)
	case "entry":
		if err := checkName(val); err != nil {
			return err
		}
		v.Entry = val
	case "clip":
		if err := checkName(val); err != nil {
			return err
		}
		v.Clip = val
	case "bone":
		if err := checkName(val); err != nil {
			return err
		}
		v.Bone = val
	case "frame":
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 || n > maxLinkFrame {
			return fmt.Errorf("%q is not a frame number from 0 to %d", clipText(val), maxLinkFrame)
		}
		v.Frame = n
	case "speed":
		x, err := strconv.ParseFloat(val, 64)
		if err != nil || math.IsNaN(x) || x == 0 || math.Abs(x) > 100 {
			return fmt.Errorf("%q is not a speed (a number from -100 to 100, not 0)", clipText(val))
		}
		if x = roundLink(x); x == 1 {
			x = 0 // 1× is written as no speed
		}
		v.Speed = x
	case "cam":
		c, err := parseLinkCamera(val)
		if err != nil {
			return err
		}
		v.Camera, v.HasCamera = c, true
	case "show":
		s, ok := render.ParseShow(val)
		if !ok {
			return fmt.Errorf("%q is not mesh, mesh+bones or bones", clipText(val))
		}
		v.Show, v.HasShow = s, true
	case "suit":
		parts := strings.Split(raw, ",")
		if len(parts) > MaxLinkSuits {
			return fmt.Errorf("more than %d suits", MaxLinkSuits)
		}
		for i, p := range parts {
			name, err := url.PathUnescape(p)
			if err != nil {
				return err
			}
			if err := checkName(name); err != nil {
				return err
			}
			if name == "" {
				return fmt.Errorf("an empty suit name (none is an empty slot)")
			}
			v.Suits[i] = name
		}
	case "tone":
		t, err := sims.ParseTone(val)
		if err != nil || val == "" {
			return fmt.Errorf("%q is not light, medium or dark", clipText(val))
		}
		v.Tone, v.HasTone = t, true
	case "on":
		t, err := parseLinkToggles(val)
		if err != nil {
			return err
		}
		v.Toggles, v.HasToggles = t, true
	default:
		return fmt.Errorf("not a field of version %d", linkVersion)
	}
	return nil
}

// parseLinkFile reads NAME:SIZE:SHA256, each part escaped (raw: a
// name's colon is always escaped, so the colons split it).
func parseLinkFile(raw string) (LinkFile, error) {
	var f LinkFile
	parts := strings.Split(raw, ":")
	if len(parts) != 3 {
		return f, fmt.Errorf("%q is not NAME:SIZE:SHA256", clipText(raw))
	}
	name, err := url.PathUnescape(parts[0])
	if err != nil {
		return f, err
	}
	if err := checkName(name); err != nil {
		return f, err
	}
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) {
		return f, fmt.Errorf("%q is not a file name", clipText(name))
	}
	size, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil || size < 0 || size > 1<<40 {
		return f, fmt.Errorf("size %q is not a number of bytes", clipText(parts[1]))
	}
	if len(parts[2]) != 64 || strings.ToLower(parts[2]) != parts[2] {
		return f, fmt.Errorf("SHA-256 %q is not 64 lowercase hex digits", clipText(parts[2]))
	}
	if _, err := hex.Decode(f.SHA256[:], []byte(parts[2])); err != nil {
		return f, fmt.Errorf("SHA-256 %q is not 64 lowercase hex digits", clipText(parts[2]))
	}
	f.Name, f.Size = name, size
	return f, nil
}

// parseLinkCamera reads YAW,PITCH,DIST,X,Y,Z.
func parseLinkCamera(val string) (LinkCamera, error) {
	var c LinkCamera
	parts := strings.Split(val, ",")
	if len(parts) != 6 {
		return c, fmt.Errorf("%q is not YAW,PITCH,DISTANCE,X,Y,Z", clipText(val))
	}
	var x [6]float64
	for i, p := range parts {
		f, err := strconv.ParseFloat(p, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > maxLinkCoord {
			return c, fmt.Errorf("%q is not a finite number up to %g", clipText(p), maxLinkCoord)
		}
		x[i] = roundLink(f) // as String writes it back
	}
	if x[1] < -90 || x[1] > 90 {
		return c, fmt.Errorf("pitch %g is not from -90 to 90 degrees", x[1])
	}
	if !(x[2] > 0) {
		return c, fmt.Errorf("distance %g is not positive", x[2])
	}
	c = LinkCamera{Yaw: x[0], Pitch: x[1], Distance: x[2], Target: [3]float64{x[3], x[4], x[5]}}
	return c, nil
}

// parseLinkToggles reads a list of toggle names ("" none).
func parseLinkToggles(val string) (LinkToggles, error) {
	var t LinkToggles
	if val == "" {
		return 0, nil
	}
	for _, name := range strings.Split(val, ",") {
		bit := LinkToggles(0)
		for i, n := range linkToggleNames {
			if n == name {
				bit = 1 << i
			}
		}
		if bit == 0 {
			return 0, fmt.Errorf("%q is not a toggle (%s)", clipText(name), strings.Join(linkToggleNames[:], ", "))
		}
		t |= bit
	}
	return t, nil
}

// checkName checks a name's length and that it has no control characters.
func checkName(s string) error {
	if len(s) > maxLinkName {
		return fmt.Errorf("a name of %d bytes, more than %d", len(s), maxLinkName)
	}
	if strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return fmt.Errorf("%q has a control character", clipText(s))
	}
	return nil
}

// clipText shortens s for an error message.
func clipText(s string) string {
	if len(s) > 40 {
		cut := 40
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		return s[:cut] + "…"
	}
	return s
}

// String is the link as a fragment, without its #: the fields in the
// order ParseLink reads, then as many files as keep it within
// MaxLinkLen and MaxLinkFiles (the opened file first: a set of hundreds of
// files records its first ones).
func (l Link) String() string {
	var b strings.Builder
	b.WriteString("v=" + strconv.Itoa(linkVersion))
	var view strings.Builder
	v := &l.View
	if v.Entry != "" {
		view.WriteString("&entry=" + escapeLink(v.Entry))
	}
	if v.Clip != "" {
		view.WriteString("&clip=" + escapeLink(v.Clip))
	}
	if v.Frame >= 0 {
		view.WriteString("&frame=" + strconv.Itoa(v.Frame))
	}
	if v.Speed != 0 {
		view.WriteString("&speed=" + linkNum(v.Speed))
	}
	if v.HasCamera {
		c := v.Camera
		view.WriteString("&cam=" + strings.Join([]string{linkNum(c.Yaw), linkNum(c.Pitch), linkNum(c.Distance),
			linkNum(c.Target[0]), linkNum(c.Target[1]), linkNum(c.Target[2])}, ","))
	}
	if v.HasShow {
		view.WriteString("&show=" + v.Show.String())
	}
	if v.HasToggles {
		view.WriteString("&on=")
		sep := ""
		for i, n := range linkToggleNames {
			if v.Toggles&(1<<i) != 0 {
				view.WriteString(sep + n)
				sep = ","
			}
		}
	}
	if v.Bone != "" {
		view.WriteString("&bone=" + escapeLink(v.Bone))
	}
	for i, name := range v.Suits {
		if name == "" {
			break
		}
		if i == 0 {
			view.WriteString("&suit=")
		} else {
			view.WriteString(",")
		}
		view.WriteString(escapeLink(name))
	}
	if v.HasTone {
		view.WriteString("&tone=" + v.Tone.String())
	}
	for i, f := range l.Files {
		e := "&file=" + escapeLink(f.Name) + ":" + strconv.FormatInt(f.Size, 10) + ":" + hex.EncodeToString(f.SHA256[:])
		if i == maxLinkFiles || b.Len()+len(e)+view.Len() > maxLinkLen {
			break
		}
		b.WriteString(e)
	}
	b.WriteString(view.String())
	return b.String()
}

// escapeLink percent-encodes s for a link's value: every byte but the
// unreserved ones and !$'()*+;@/ (a colon and a comma always, so that a
// file's parts and a list split at theirs).
func escapeLink(s string) string {
	const keep = "-._~!$'()*+;@/"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte(keep, c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// linkNum writes a number of a link: 6 significant digits, which the
// view's camera needs no more of.
func linkNum(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

// roundLink rounds x as linkNum writes it, so that a view read back from
// its link compares equal.
func roundLink(x float64) float64 {
	var buf [32]byte
	r, err := strconv.ParseFloat(string(strconv.AppendFloat(buf[:0], x, 'g', 6, 64)), 64)
	if err != nil {
		return x
	}
	return r
}

// LinkView is the view a link records now: the clip, the frame while
// paused, the camera, what is drawn and the selected bone.
func (s *State) LinkView() LinkView {
	v := LinkView{Frame: -1}
	if s.asset != nil && len(s.asset.Entries) > 1 {
		v.Entry = s.asset.Entry
	}
	if sp := roundLink(s.play.speed); sp != 1 {
		v.Speed = sp
	}
	if c := s.CurrentClip(); c != nil {
		v.Clip = c.Name
		if !s.play.playing {
			v.Frame, _ = s.Frame()
		}
	}
	c := s.view.camera
	v.Camera = LinkCamera{Yaw: roundLink(c.Yaw), Pitch: roundLink(c.Pitch), Distance: roundLink(c.Distance),
		Target: [3]float64{roundLink(float64(c.Target[0])), roundLink(float64(c.Target[1])), roundLink(float64(c.Target[2]))}}
	v.HasCamera = v.Camera.Distance > 0 && v.Camera.Pitch >= -90 && v.Camera.Pitch <= 90
	v.Show, v.HasShow = s.vis.show, true
	vis := &s.vis
	for _, t := range []struct {
		on  bool
		bit LinkToggles
	}{{vis.grid, ToggleGrid}, {vis.labels, ToggleLabels}, {vis.bindPose, ToggleBindPose}, {!vis.flat, ToggleTextures},
		{!vis.hideHelpers, ToggleHelpers}, {vis.axes, ToggleAxes}, {vis.onion, ToggleOnion}, {vis.inPlace, ToggleInPlace},
		{s.view.follow, ToggleFollow}, {c.Ortho, ToggleOrtho}, {s.view.through, ToggleClipCamera},
		{s.curves.shown, ToggleCurves}, {s.curves.euler, ToggleCurvesEuler}, {s.play.loop, ToggleLoop},
		{s.dope.shown, ToggleDopeSheet}, {s.root.on, ToggleRootPath}} {
		if t.on {
			v.Toggles |= t.bit
		}
	}
	v.HasToggles = true
	if i := vis.selected; s.asset != nil && i >= 0 && i < len(s.asset.Skeleton.Bones) {
		v.Bone = s.asset.Skeleton.Bones[i].Name
	}
	// The suits worn, without allocating: the page asks each frame.
	w := &s.suits
	last := -1
	for slot, i := range w.worn {
		if slot == MaxLinkSuits {
			break
		}
		v.Suits[slot] = "none"
		if i >= 0 && i < len(w.names) {
			v.Suits[slot], last = trimExt(w.names[i]), slot
		}
	}
	clear(v.Suits[last+1:])
	if last >= 0 {
		v.Tone, v.HasTone = w.tone, true
	}
	return v
}

// ApplyLink shows the view a link records on the open asset (its entry
// the window opens first, reading the file): the clip
// (a character's animation first, as --clip), the frame (paused) or
// playing from the start, the speed, the toggles, what is drawn, the
// camera and the selected bone. What the asset does not have (a clip, a
// bone, a clip's camera) is left and said in the notes returned. The
// suits are the window's to wear, which reads their files.
func (s *State) ApplyLink(v LinkView) (notes []string) {
	if v.Clip != "" {
		if i := s.tree.AnimByName(v.Clip); i >= 0 {
			if err := s.SelectAnim(i); err != nil {
				notes = append(notes, fmt.Sprintf("the link's animation %q: %v", v.Clip, err))
			}
		} else if i := s.ClipByName(v.Clip); i >= 0 {
			s.SelectClip(i)
		} else {
			notes = append(notes, fmt.Sprintf("the link's clip %q is not in this file", v.Clip))
		}
	}
	s.play.speed = 1
	if v.Speed != 0 {
		s.play.speed = v.Speed
	}
	if v.HasToggles {
		on := func(b LinkToggles) bool { return v.Toggles&b != 0 }
		vis := &s.vis
		vis.grid, vis.labels, vis.bindPose, vis.flat = on(ToggleGrid), on(ToggleLabels), on(ToggleBindPose), !on(ToggleTextures)
		vis.hideHelpers, vis.axes, vis.onion, vis.inPlace = !on(ToggleHelpers), on(ToggleAxes), on(ToggleOnion), on(ToggleInPlace)
		s.view.follow = on(ToggleFollow)
		s.view.camera.Ortho = on(ToggleOrtho)
		s.curves.shown, s.curves.euler = on(ToggleCurves), on(ToggleCurvesEuler)
		// One of the curves panel and the dope sheet shows at a time.
		s.dope.shown = on(ToggleDopeSheet) && !s.curves.shown
		s.root.on = on(ToggleRootPath)
		s.play.loop = on(ToggleLoop)
		if s.view.through != on(ToggleClipCamera) && !s.ToggleThrough() {
			notes = append(notes, "the link looks through the clip's camera, and this clip has none")
		}
	}
	if v.HasShow {
		s.vis.show = v.Show
	}
	if v.HasCamera {
		c := &s.view.camera
		c.Yaw, c.Pitch, c.Distance = v.Camera.Yaw, v.Camera.Pitch, v.Camera.Distance
		c.Target = mgl32.Vec3{float32(v.Camera.Target[0]), float32(v.Camera.Target[1]), float32(v.Camera.Target[2])}
	}
	if v.Bone != "" {
		if i := s.BoneByName(v.Bone); i >= 0 {
			s.SelectBone(i)
		} else {
			notes = append(notes, fmt.Sprintf("the link's bone %q is not in this file", v.Bone))
		}
	}
	if s.CurrentClip() != nil {
		if v.Frame >= 0 {
			s.SeekFrame(v.Frame)
		} else {
			s.play.time = 0
			s.play.playing = true
		}
	}
	return notes
}

// CompareLinkFiles says how the files opened, got (the viewer's hashes of
// them), differ from those a link names, want, matched by name (or by
// hash: a file renamed): one note for each file whose SHA-256 differs and
// each that is missing.
// Files opened that the link does not name are no concern.
func CompareLinkFiles(want, got []LinkFile) []string {
	by := map[string]LinkFile{}
	hashes := map[[32]byte]bool{}
	for _, f := range got {
		by[f.Name] = f
		hashes[f.SHA256] = true
	}
	var notes []string
	for _, w := range want {
		g, ok := by[w.Name]
		switch {
		case !ok && hashes[w.SHA256]:
			// The same file under another name: a user renamed it.
		case !ok:
			notes = append(notes, fmt.Sprintf("the link names %s (%d bytes), which was not opened with the others", w.Name, w.Size))
		case g.SHA256 != w.SHA256:
			notes = append(notes, fmt.Sprintf("%s differs from the link's file: SHA-256 %x… (%d bytes), the link's %x… (%d bytes); "+
				"the view is restored on this file, and may show something else", w.Name, g.SHA256[:6], g.Size, w.SHA256[:6], w.Size))
		}
	}
	return notes
}
