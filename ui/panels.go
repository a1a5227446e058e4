package ui

import (
	"bytes"
	"fmt"
	"image"
	"math"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/ui/state"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"
)

func newKit() (kit, error) {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		return kit{}, fmt.Errorf("built-in font: %w", err)
	}
	k := kit{face: &text.GoTextFace{Source: src, Size: 14}, small: &text.GoTextFace{Source: src, Size: 13}}
	k.off, k.on = k.buttonImage(), k.onImage()
	return k, nil
}

// list entries are pointers so ebitenui can tell them apart and refresh one.
type clipEntry struct{ index int }
type groupEntry struct{ group state.ClipGroup }
type containerEntry struct{ name string }
type boneEntry struct{ index, depth int }
type eventEntry struct{ index int }

type widgets struct {
	root                 *widget.Container
	view                 *widget.Container
	timeline             *widget.Container
	title, info          *widget.Text
	clips, bones, events *widget.List
	inspector            *widget.Text
	status               *widget.Text
	play                 *widget.Button
	toggles              []toggle
	warnings             *widget.Button
	frameBox             *frameBox
	speed                *widget.Text
	boneEntries          []*boneEntry
	eventEntries         []*eventEntry
	// setBone and setClip are entries the viewer itself selected in the
	// lists: ebitenui delivers that selection to the handler a tick later,
	// like a click, and the handler must not take it for one.
	setBone, setClip any
	// inspected is what the inspector text shows, to format it only when
	// it changes.
	inspected   state.BoneInfo
	inspectedOK bool
	warnCount   int
	frameShown  int
	titleWidth  int
	// tree is the character set's tree panel (characters.go).
	tree treeWidgets
}

// statusKey is what the status line shows, to format it only on change.
type statusKey struct {
	asset         *formats.Asset
	clip          int
	time, speed   float64
	playing, loop bool
	fps           float64
}

// toggle is a button that shows an on/off state by its colour.
type toggle struct {
	b   *widget.Button
	get func() bool
	on  bool
}

// inspectorLines is the inspector's fixed height in lines: it always
// shows every line, so the panel does not reflow as values change.
const inspectorLines = 16

func (a *App) buildWidgets() *widgets {
	k := &a.kit
	w := &widgets{frameShown: -1}
	col := func(rows []bool) *widget.Container {
		return k.panel(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(1),
			widget.GridLayoutOpts.Stretch([]bool{true}, rows),
			widget.GridLayoutOpts.Padding(widget.NewInsetsSimple(panelMargin)),
			widget.GridLayoutOpts.Spacing(0, 4),
		))
	}
	row := func(children ...widget.PreferredSizeLocateableWidget) *widget.Container {
		c := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(4))))
		c.AddChild(children...)
		return c
	}
	tog := func(label string, get func() bool, flip func()) *widget.Button {
		b := k.button(label, 0, flip)
		w.toggles = append(w.toggles, toggle{b: b, get: get})
		return b
	}
	st := func() *state.State { return a.st }

	// Left: file, clips, bones.
	left := col([]bool{false, false, false, false, false, false, true, false})
	w.title = k.label("", colText)
	w.info = k.label("", colDim)
	w.clips = k.list(112, a.clipLabel, a.onClipSelected)
	w.bones = k.list(80, a.boneLabel, a.onBoneSelected)
	left.AddChild(w.title, w.info, k.heading("Clips  ([ ] PgUp PgDn)"), w.clips,
		k.heading("Bones  (● animated)"), k.smallLabel("[x] hide · shift+click: subtree", colDim), w.bones,
		row(
			k.button("Show all", 0, func() { a.st.ShowAllBones(); a.refreshBoneLabels() }),
			tog("Helpers", func() bool { return !st().HideHelpers }, func() { a.st.ToggleHelpers() }),
		))

	// Right: events, warnings and the inspector.
	right := col([]bool{false, true, false, false, false, false})
	w.events = k.list(60, a.eventLabel, a.onEventSelected)
	w.warnings = k.button("Warnings: none", 0, func() { a.st.ToggleWarnings() })
	w.inspector = widget.NewText(
		widget.TextOpts.Text("", &k.small, colText),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, inspectorLines*k.lineHeight(k.small))),
	)
	right.AddChild(k.heading("Events  (click: mute)"), w.events, w.warnings,
		k.heading("Selected bone"), w.inspector,
		row(k.button("Copy JSON", 0, a.copyInspector),
			tog("Axes", func() bool { return st().Axes }, func() { a.st.ToggleAxes() }),
			k.button("Zoom", 0, a.zoomToSelected)))

	w.view = widget.NewContainer()

	// Bottom: the timeline, the transport and the status line.
	bottom := k.panel(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(1),
		widget.GridLayoutOpts.Stretch([]bool{true}, []bool{false, false, false}),
		widget.GridLayoutOpts.Padding(&widget.Insets{Left: 10, Right: 10, Top: 4, Bottom: 4}),
		widget.GridLayoutOpts.Spacing(0, 4),
	))
	w.timeline = widget.NewContainer(widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, timelineH)))
	w.play = k.button("Pause", 56, func() { a.st.TogglePlay() })
	w.speed = widget.NewText(widget.TextOpts.Text("1×", &k.small, colText),
		widget.TextOpts.Position(widget.TextPositionCenter, widget.TextPositionCenter),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.MinSize(36, 24)))
	w.frameBox = newFrameBox(52)
	w.status = widget.NewText(widget.TextOpts.Text("", &k.small, colText),
		widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionCenter),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, 18)))
	bottom.AddChild(w.timeline, row(
		k.button("|<", 0, func() { a.st.Home() }),
		k.button("<", 0, func() { a.st.Step(-1) }),
		w.play,
		k.button(">", 0, func() { a.st.Step(1) }),
		k.button(">|", 0, func() { a.st.End() }),
		w.frameBox.slot,
		k.button("-", 0, func() { a.st.ChangeSpeed(-1) }),
		w.speed,
		k.button("+", 0, func() { a.st.ChangeSpeed(1) }),
		tog("Loop", func() bool { return st().Loop }, func() { a.st.Loop = !a.st.Loop }),
		tog("Names", func() bool { return st().Labels }, func() { a.st.Labels = !a.st.Labels }),
		tog("Bind", func() bool { return st().BindPose }, func() { a.st.BindPose = !a.st.BindPose }),
		tog("Follow", func() bool { return st().Follow }, func() { a.st.Follow = !a.st.Follow; a.frameAll() }),
		tog("In place", func() bool { return st().InPlace }, func() { a.st.ToggleInPlace() }),
		tog("Onion", func() bool { return st().Onion }, func() { a.st.ToggleOnion() }),
		tog("Ortho", func() bool { return st().Camera.Ortho }, func() { a.st.ToggleOrtho() }),
		k.button("Open", 0, a.openDialog),
	), w.status)

	w.root = widget.NewContainer(widget.ContainerOpts.Layout(windowLayout{}))
	w.root.AddChild(left, w.view, right, bottom, a.buildTreePanel(w))
	return w
}

// submitFrame is Enter in the frame box: go to the typed frame (text that
// is not a number changes nothing) and give the keys back to the view.
func (a *App) submitFrame(s string) {
	if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
		a.st.SeekFrame(n)
	}
	a.w.frameShown = -1
	a.w.frameBox.focused = false
}

func (a *App) clipLabel(e any) string {
	switch v := e.(type) {
	case *clipEntry:
		c := a.st.Asset.Clips[v.index]
		indent := ""
		if c.Group != "" {
			indent = "   "
		}
		return a.fitList(fmt.Sprintf("%s%s  (%.2f s)", indent, a.st.ClipLabel(v.index), c.Duration))
	case *groupEntry:
		return a.fitList("▾ " + v.group.Name)
	case *containerEntry:
		mark := "  "
		if v.name == a.st.Asset.Entry {
			mark = "> "
		}
		return a.fitList(mark + "[" + v.name + "]")
	case *animEntry:
		return a.animLabel(v)
	}
	return ""
}

// listWidth is the text width of a side panel's list: entries wider than
// it would make the list scroll sideways to show them.
func (a *App) listWidth() int {
	w, h := a.width, a.height
	if w == 0 {
		w, h = a.opt.Width, a.opt.Height
	}
	l, _, _, _ := panelRects(image.Rect(0, 0, w, h))
	return l.Dx() - 2*panelMargin - listChrome
}

// listChrome is a list's scroll bar and entry padding.
const listChrome = 30

// fitList cuts a list entry at the right to the list's width.
func (a *App) fitList(s string) string {
	w := a.listWidth()
	if wd, _ := text.Measure(s, a.kit.small, 0); int(wd) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		t := string(r) + "…"
		if wd, _ := text.Measure(t, a.kit.small, 0); int(wd) <= w {
			return t
		}
	}
	return s
}

func (a *App) boneLabel(e any) string {
	b := e.(*boneEntry)
	st := a.st
	bone := st.Asset.Skeleton.Bones[b.index]
	mark := "[x] "
	if st.HiddenBones[b.index] {
		mark = "[  ] "
	}
	anim := "   "
	if b.index < len(st.Animated) && st.Animated[b.index] {
		anim = "● "
	}
	name := bone.Name
	if name == "" {
		name = fmt.Sprintf("#%d", bone.ID)
	}
	return a.fitList(mark + strings.Repeat("  ", min(b.depth, 12)) + anim + name)
}

func (a *App) eventLabel(e any) string {
	ev := e.(*eventEntry)
	c := a.st.CurrentClip()
	if c == nil || ev.index >= len(c.Events) {
		return ""
	}
	x := c.Events[ev.index]
	mark := "[x] "
	if a.st.HiddenEvents[ev.index] {
		mark = "[  ] "
	}
	return a.fitList(fmt.Sprintf("%s%.2f  %s  (%s)", mark, x.Time, x.Name, x.Kind))
}

func (a *App) onClipSelected(e, _ any) {
	if e == a.w.setClip {
		a.w.setClip = nil
		return
	}
	switch v := e.(type) {
	case *clipEntry:
		if v.index != a.st.Clip {
			a.st.SelectClip(v.index)
			a.clipChanged()
		}
	case *groupEntry:
		if len(v.group.Clips) > 0 && a.st.Clip != v.group.Clips[0] {
			a.st.SelectClip(v.group.Clips[0])
			a.clipChanged()
		}
	case *containerEntry:
		if v.name != a.st.Asset.Entry {
			a.openEntry(v.name)
		}
	case *animEntry:
		a.onAnimSelected(v)
	}
}

// boxWidth is how far from the list's left edge a click counts as one on
// the check box rather than on the name.
func (a *App) boxWidth() int {
	wd, _ := text.Measure("[x] ", a.kit.small, 0)
	return int(wd) + 8
}

// onBoneSelected: a click on "[x]" hides or shows the bone (Shift: the
// subtree) and leaves the selection as it was; a click on the name
// selects the bone.
func (a *App) onBoneSelected(e, prev any) {
	if e == nil || e == a.w.setBone {
		a.w.setBone = nil
		return
	}
	x, _ := ebiten.CursorPosition()
	a.boneClicked(e.(*boneEntry), prev, x, ebiten.IsKeyPressed(ebiten.KeyShift))
}

// boneClicked is a click at screen x on bone entry b of the list, whose
// selection was prev before the click.
func (a *App) boneClicked(b *boneEntry, prev any, x int, shift bool) {
	r := a.w.bones.GetWidget().Rect
	if x >= r.Min.X && x < r.Min.X+a.boxWidth() {
		a.st.ClickBoneBox(b.index, shift)
		a.refreshBoneLabels()
		if a.w.bones.SelectedEntry() != prev {
			a.w.setBone = prev
			a.w.bones.SetSelectedEntry(prev) // nil clears it
		}
		return
	}
	a.st.SelectBone(b.index)
}

func (a *App) onEventSelected(e, _ any) {
	ev := e.(*eventEntry)
	a.st.ToggleEvent(ev.index)
	a.w.events.UpdateEntry(ev)
}

func (a *App) toggleSelectedBone() {
	if a.st.Selected < 0 {
		return
	}
	a.st.ToggleBone(a.st.Selected)
	a.refreshBoneLabels()
}

func (a *App) refreshBoneLabels() {
	for _, b := range a.w.boneEntries {
		a.w.bones.UpdateEntry(b)
	}
}

// clipChanged refreshes what depends on the open clip.
func (a *App) clipChanged() {
	a.refreshEvents()
	a.refreshBoneLabels()
	a.selectClipEntry()
	a.frameAll()
}

func (a *App) selectClipEntry() {
	for _, e := range a.w.clips.Entries() {
		if ce, ok := e.(*clipEntry); ok && ce.index == a.st.Clip {
			if a.w.clips.SelectedEntry() != e {
				a.w.setClip = e
				a.w.clips.SetSelectedEntry(e)
			}
		}
	}
}

// refreshLists refills the lists for a newly opened asset.
func (a *App) refreshLists() {
	st := a.st
	var clips []any
	for _, e := range st.Asset.Entries {
		clips = append(clips, &containerEntry{name: e.Name})
	}
	var sel any
	for _, g := range st.ClipGroups() {
		if g.Name != "" {
			clips = append(clips, &groupEntry{group: g})
		}
		for _, i := range g.Clips {
			ce := &clipEntry{index: i}
			if i == st.Clip {
				sel = ce
			}
			clips = append(clips, ce)
		}
	}
	a.w.clips.SetEntries(clips)
	if sel != nil {
		a.w.clips.SetSelectedEntry(sel)
	}
	sk := st.Asset.Skeleton
	depth := make([]int, len(sk.Bones))
	a.w.boneEntries = a.w.boneEntries[:0]
	var bones []any
	for i, b := range sk.Bones {
		if b.Parent >= 0 {
			depth[i] = depth[b.Parent] + 1
		}
		be := &boneEntry{index: i, depth: depth[i]}
		a.w.boneEntries = append(a.w.boneEntries, be)
		bones = append(bones, be)
	}
	a.w.bones.SetEntries(bones)
	a.refreshEvents()
	a.w.titleWidth = -1
	a.w.inspectedOK = false
	a.w.warnCount = -1
	a.refreshAnimEntries()
}

// fitTitle cuts the file name and summary to the left panel's width,
// when that width changed.
func (a *App) fitTitle() {
	w := a.w.title.GetWidget().Rect.Dx()
	if w <= 0 || w == a.w.titleWidth {
		return
	}
	a.w.titleWidth = w
	a.w.title.Label = a.fitText(a.fileLabel(), a.kit.face, w)
	a.w.info.Label = a.fitText(assetSummary(a.st.Asset), a.kit.face, w)
	// The lists' entries were cut for the old width.
	for _, l := range []*widget.List{a.w.clips, a.w.bones, a.w.events} {
		for _, e := range l.Entries() {
			l.UpdateEntry(e)
		}
	}
}

func (a *App) refreshEvents() {
	a.w.eventEntries = a.w.eventEntries[:0]
	var evs []any
	if c := a.st.CurrentClip(); c != nil {
		for i := range c.Events {
			e := &eventEntry{index: i}
			a.w.eventEntries = append(a.w.eventEntries, e)
			evs = append(evs, e)
		}
	}
	a.w.events.SetEntries(evs)
}

func (a *App) fileLabel() string {
	p := a.st.Path
	if p == "" || p == "demo:" {
		return "built-in demo"
	}
	return p
}

// fitText cuts s from the left, with an ellipsis, until it fits w pixels.
func (a *App) fitText(s string, face text.Face, w int) string {
	if wd, _ := text.Measure(s, face, 0); int(wd) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[1:]
		t := "…" + string(r)
		if wd, _ := text.Measure(t, face, 0); int(wd) <= w {
			return t
		}
	}
	return string(r)
}

func assetSummary(a *formats.Asset) string {
	parts := []string{a.Format}
	if a.Game != "" {
		parts = append(parts, a.Game)
	}
	if a.Version != "" {
		parts = append(parts, "v"+a.Version)
	}
	return fmt.Sprintf("%s · %d bones", strings.Join(parts, " "), len(a.Skeleton.Bones))
}

// syncWidgets copies state into the widgets once per tick. Labels are
// only rebuilt when what they show changed, so a paused window does not
// format text every tick.
func (a *App) syncWidgets() {
	st, w := a.st, a.w
	a.fitTitle()
	a.syncTree()
	if k := (statusKey{st.Asset, st.Clip, st.Time, st.Speed, st.Playing, st.Loop, math.Round(st.FPS)}); k != a.status || w.status.Label == "" {
		a.status = k
		w.status.Label = st.Status()
	}
	if st.Speed != a.shownSpeed {
		a.shownSpeed = st.Speed
		w.speed.Label = fmt.Sprintf("%g×", st.Speed)
	}
	if st.Playing {
		setButtonText(w.play, "Pause")
	} else {
		setButtonText(w.play, "Play")
	}
	for i := range w.toggles {
		t := &w.toggles[i]
		if on := t.get(); on != t.on || t.b.Image() == nil {
			t.on = on
			if on {
				t.b.SetImage(a.kit.on)
			} else {
				t.b.SetImage(a.kit.off)
			}
		}
	}
	if f, _ := st.Frame(); f != w.frameShown && !w.frameBox.IsFocused() {
		w.frameShown = f
		w.frameBox.SetText(strconv.Itoa(f))
	}
	if n := len(st.Warnings); n != w.warnCount {
		w.warnCount = n
		if n == 0 {
			setButtonText(w.warnings, "Warnings: none")
		} else {
			setButtonText(w.warnings, fmt.Sprintf("Warnings: %d  (W)", n))
		}
	}
	info, ok := st.Inspect(a.pose, a.world)
	if ok != w.inspectedOK || info != w.inspected {
		w.inspected, w.inspectedOK = info, ok
		if ok {
			w.inspector.Label = info.Text()
		} else {
			w.inspector.Label = "none: click a joint\nor a bone's name"
		}
	}
}

func setButtonText(b *widget.Button, s string) {
	if t := b.Text(); t != nil && t.Label != s {
		t.Label = s
	}
}

// inspectorText is the inspector's text for the selected bone.
func (a *App) inspectorText() string {
	info, ok := a.st.Inspect(a.pose, a.world)
	if !ok {
		return "none: click a joint or a bone in the list"
	}
	return info.Text()
}
