package ui

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"
)

func newKit() (kit, error) {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		return kit{}, fmt.Errorf("built-in font: %w", err)
	}
	return kit{face: &text.GoTextFace{Source: src, Size: 14}, small: &text.GoTextFace{Source: src, Size: 13}}, nil
}

// list entries are pointers so ebitenui can tell them apart and refresh one.
type clipEntry struct{ index int }
type containerEntry struct{ name string }
type boneEntry struct{ index, depth int }
type eventEntry struct{ index int }

type widgets struct {
	root                     *widget.Container
	view                     *widget.Container
	title, info              *widget.Text
	clips, bones, events     *widget.List
	inspector                *widget.Text
	status                   *widget.Text
	timeline                 *widget.Slider
	play, loop, labels, bind *widget.Button
	follow                   *widget.Button
	speed                    *widget.Text
	boneEntries              []*boneEntry
	eventEntries             []*eventEntry
	sliderSet                int
}

const sliderSteps = 10000

func (a *App) buildWidgets() *widgets {
	k := &a.kit
	w := &widgets{}
	col := func(minW int) *widget.Container {
		return k.panel(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(1),
			widget.GridLayoutOpts.Stretch([]bool{true}, []bool{false, false, false, false, false, true, false}),
			widget.GridLayoutOpts.Padding(widget.NewInsetsSimple(8)),
			widget.GridLayoutOpts.Spacing(0, 6),
		), widget.WidgetOpts.MinSize(minW, 0))
	}

	// Left: file, clips, bones.
	left := col(270)
	w.title = k.label("", colText)
	w.info = k.label("", colDim)
	left.AddChild(w.title, w.info, k.heading("Clips"))
	w.clips = k.list(150, a.clipLabel, a.onClipSelected)
	left.AddChild(w.clips, k.heading("Bones  (click: select, H: hide)"))
	w.bones = k.list(200, a.boneLabel, a.onBoneSelected)
	left.AddChild(w.bones)
	boneButtons := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(6))))
	boneButtons.AddChild(
		k.button("Hide / show", 0, func() { a.toggleSelectedBone() }),
		k.button("Show all", 0, func() { a.st.ShowAllBones(); a.refreshBoneLabels() }),
	)
	left.AddChild(boneButtons)

	// Right: events and the inspector.
	right := k.panel(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(1),
		widget.GridLayoutOpts.Stretch([]bool{true}, []bool{false, true, false, false, false}),
		widget.GridLayoutOpts.Padding(widget.NewInsetsSimple(8)),
		widget.GridLayoutOpts.Spacing(0, 6),
	), widget.WidgetOpts.MinSize(290, 0))
	right.AddChild(k.heading("Events  (click: mute / unmute)"))
	w.events = k.list(160, a.eventLabel, a.onEventSelected)
	right.AddChild(w.events, k.heading("Selected bone"))
	w.inspector = widget.NewText(widget.TextOpts.Text("", &k.small, colText))
	right.AddChild(w.inspector)
	right.AddChild(k.label("", colDim))

	w.view = widget.NewContainer()

	main := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(3),
		widget.GridLayoutOpts.Stretch([]bool{false, true, false}, []bool{true}),
	)))
	main.AddChild(left, w.view, right)

	// Bottom: transport and the full-width timeline.
	bottom := k.panel(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(1),
		widget.GridLayoutOpts.Stretch([]bool{true}, []bool{false, false}),
		widget.GridLayoutOpts.Padding(&widget.Insets{Left: 10, Right: 10, Top: 14, Bottom: 8}),
		widget.GridLayoutOpts.Spacing(0, 8),
	))
	handle := k.buttonImage()
	track := &widget.SliderTrackImage{Idle: nineColor(colButtonLo), Hover: nineColor(colButtonLo)}
	w.timeline = widget.NewSlider(
		widget.SliderOpts.Orientation(widget.DirectionHorizontal),
		widget.SliderOpts.MinMax(0, sliderSteps),
		widget.SliderOpts.Images(track, handle),
		widget.SliderOpts.FixedHandleSize(10),
		widget.SliderOpts.TrackOffset(0),
		widget.SliderOpts.DisableDefaultKeys(true),
		widget.SliderOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, 18)),
		widget.SliderOpts.ChangedHandler(func(args *widget.SliderChangedEventArgs) {
			if args.Current == w.sliderSet {
				return // our own update from playback
			}
			a.st.Seek(float64(args.Current) / sliderSteps * a.st.Duration())
		}),
	)
	bottom.AddChild(w.timeline)
	row := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(6))))
	w.play = k.button("Pause", 80, func() { a.st.TogglePlay() })
	w.loop = k.button("Loop", 0, func() { a.st.Loop = !a.st.Loop })
	w.labels = k.button("Names", 0, func() { a.st.Labels = !a.st.Labels })
	w.bind = k.button("Bind pose", 0, func() { a.st.BindPose = !a.st.BindPose })
	w.follow = k.button("Follow", 0, func() { a.st.Follow = !a.st.Follow; a.frameAll() })
	w.speed = widget.NewText(widget.TextOpts.Text("1×", &k.face, colText),
		widget.TextOpts.Position(widget.TextPositionCenter, widget.TextPositionCenter),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.MinSize(48, 26)))
	w.status = widget.NewText(widget.TextOpts.Text("", &k.face, colText),
		widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionCenter),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, 26)))
	row.AddChild(
		k.button("|<", 0, func() { a.st.Home() }),
		k.button("<", 0, func() { a.st.Step(-1) }),
		w.play,
		k.button(">", 0, func() { a.st.Step(1) }),
		k.button(">|", 0, func() { a.st.End() }),
		k.button("-", 0, func() { a.st.ChangeSpeed(-1) }),
		w.speed,
		k.button("+", 0, func() { a.st.ChangeSpeed(1) }),
		w.loop, w.labels, w.bind, w.follow,
		k.button("Frame", 0, func() { a.frameAll() }),
		w.status,
	)
	bottom.AddChild(row)

	w.root = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(1),
		widget.GridLayoutOpts.Stretch([]bool{true}, []bool{true, false}),
	)))
	w.root.AddChild(main, bottom)
	return w
}

func (a *App) clipLabel(e any) string {
	switch v := e.(type) {
	case *clipEntry:
		c := a.st.Asset.Clips[v.index]
		return fmt.Sprintf("%s  (%.2f s)", c.Name, c.Duration)
	case *containerEntry:
		mark := "  "
		if v.name == a.st.Asset.Entry {
			mark = "> "
		}
		return mark + "[" + v.name + "]"
	}
	return ""
}

func (a *App) boneLabel(e any) string {
	b := e.(*boneEntry)
	bone := a.st.Asset.Skeleton.Bones[b.index]
	mark := "[x] "
	if a.st.HiddenBones[b.index] {
		mark = "[ ] "
	}
	name := bone.Name
	if name == "" {
		name = fmt.Sprintf("#%d", bone.ID)
	}
	return mark + strings.Repeat("  ", min(b.depth, 12)) + name
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
		mark = "[ ] "
	}
	return fmt.Sprintf("%s%.3f s  %s  (%s)", mark, x.Time, x.Name, x.Kind)
}

func (a *App) onClipSelected(e any) {
	switch v := e.(type) {
	case *clipEntry:
		if v.index != a.st.Clip {
			a.st.SelectClip(v.index)
			a.refreshEvents()
			a.frameAll()
		}
	case *containerEntry:
		if v.name != a.st.Asset.Entry {
			a.openEntry(v.name)
		}
	}
}

func (a *App) onBoneSelected(e any) {
	a.st.SelectBone(e.(*boneEntry).index)
}

func (a *App) onEventSelected(e any) {
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

// refreshLists refills the lists for a newly opened asset.
func (a *App) refreshLists() {
	st := a.st
	var clips []any
	for _, e := range st.Asset.Entries {
		clips = append(clips, &containerEntry{name: e.Name})
	}
	var sel any
	for i := range st.Asset.Clips {
		ce := &clipEntry{index: i}
		if i == st.Clip {
			sel = ce
		}
		clips = append(clips, ce)
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
	a.w.title.Label = a.fileLabel()
	a.w.info.Label = assetSummary(st.Asset)
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
	return shorten(p, 34)
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return "…" + string(r[len(r)-n+1:])
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

// syncWidgets copies state into the widgets once per tick.
func (a *App) syncWidgets() {
	st, w := a.st, a.w
	w.status.Label = st.Status()
	w.speed.Label = fmt.Sprintf("%g×", st.Speed)
	if st.Playing {
		setButtonText(w.play, "Pause")
	} else {
		setButtonText(w.play, "Play")
	}
	setButtonText(w.loop, onOff("Loop", st.Loop))
	setButtonText(w.labels, onOff("Names", st.Labels))
	setButtonText(w.bind, onOff("Bind pose", st.BindPose))
	setButtonText(w.follow, onOff("Follow", st.Follow))
	if d := st.Duration(); d > 0 {
		v := int(st.Time / d * sliderSteps)
		if v != w.timeline.Current {
			w.sliderSet = v
			w.timeline.Current = v
		}
	}
	w.inspector.Label = a.inspectorText()
}

func onOff(s string, on bool) string {
	if on {
		return s + ": on"
	}
	return s + ": off"
}

func setButtonText(b *widget.Button, s string) {
	if t := b.Text(); t != nil && t.Label != s {
		t.Label = s
	}
}

// inspectorText shows the selected bone's local and world transform.
func (a *App) inspectorText() string {
	st := a.st
	i := st.Selected
	sk := st.Asset.Skeleton
	if i < 0 || i >= len(sk.Bones) {
		return "none: click a joint or a bone in the list"
	}
	b := sk.Bones[i]
	parent := "none (root)"
	if b.Parent >= 0 {
		parent = sk.Bones[b.Parent].Name
	}
	l := a.pose.Local[i]
	p := a.world.Position(i)
	vis := "visible"
	if !a.pose.Visible[i] {
		vis = "hidden by the animation"
	}
	if st.HiddenBones[i] {
		vis += ", hidden by you"
	}
	return fmt.Sprintf("%s\nindex %d   id %d\nparent %s\n%s\n\nlocal\n t  %7.3f %7.3f %7.3f\n r  %6.3f %6.3f %6.3f %6.3f\n s  %6.3f %6.3f %6.3f\nworld position\n    %7.3f %7.3f %7.3f",
		b.Name, i, b.ID, parent, vis,
		l.Translation[0], l.Translation[1], l.Translation[2],
		l.Rotation.V[0], l.Rotation.V[1], l.Rotation.V[2], l.Rotation.W,
		l.Scale[0], l.Scale[1], l.Scale[2],
		p[0], p[1], p[2])
}
