package ui

import (
	"bytes"
	"cmp"
	"fmt"
	"github.com/animview/animview/render"
	"image"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/ui/state"
	"github.com/ebitenui/ebitenui/event"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"
)

func newKit() (kit, error) {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		return kit{}, fmt.Errorf("built-in font: %w", err)
	}
	own, small := &text.GoTextFace{Source: src, Size: 14}, &text.GoTextFace{Source: src, Size: 13}
	k := kit{face: own, small: small, own: own, ownSmall: small}
	k.off, k.on = k.buttonImage(), k.onImage()
	return k, nil
}

// list entries are pointers so ebitenui can tell them apart and refresh one.
type clipEntry struct{ index int }
type groupEntry struct{ group state.ClipGroup }
type containerEntry struct {
	name   string
	broken bool
}
type boneEntry struct {
	index, depth int
	// shown is the label the list last made for the entry (listBoneLabel).
	shown string
}
type eventEntry struct{ index int }

// widgets are the panels around the 3D view: the clip, bone and event
// lists, the inspector, the status line and the command buttons, which
// they keep in step with the state once per tick (sync). They hold no
// state: the App gives it to each call, and the lists' selections,
// which ebitenui reports inside ui.Update, wait as picks for the App to
// apply with it (applyPicks).
type widgets struct {
	tools
	hooks
	// labelSt is the state the lists' label functions read. ebitenui
	// makes an entry's label when it builds the entry's button: in
	// SetEntries and UpdateEntry, which the methods given the state call
	// (setEntries, updateEntry), or at a list's first layout, in ui.Update
	// and ui.Draw, before which the App gives it the state (useState).
	labelSt *state.State
	// picks are the lists' selections ebitenui reported in ui.Update,
	// applied to the state after it returns (applyPicks).
	picks []pick
	// cmds are the commands the buttons run; in is the tick's input (a
	// list's click, the window's size); scene the view whose pose the
	// inspector shows; cmp the compare view the status line tells of.
	cmds  *commandSet
	in    *tickInput
	scene *scene
	cmp   *comparer
	// isOn says whether a toggle's command is on (command.on).
	isOn func(c *command) bool
	places
	// left is the left panel, laid out again when the title changes.
	left                 *widget.Container
	title, info          *widget.Text
	clips, bones, events *widget.List
	inspector            *widget.Text
	status               *widget.Text
	// buttons are the command buttons by verb; toggles those that show
	// an on/off state.
	buttons     map[string]*widget.Button
	toggles     []toggle
	frameBox    *frameBox
	speed       *widget.Text
	boneEntries []*boneEntry
	// boneUpdates counts the bone entries refreshBoneLabels remade.
	boneUpdates  int
	eventEntries []*eventEntry
	// setBone and setClip are entries the viewer itself selected in the
	// lists: ebitenui delivers that selection to the handler a tick later,
	// like a click, and the handler must not take it for one.
	setBone, setClip any
	// inspected is what the inspector text shows, to format it only when
	// it changes.
	inspected   state.BoneInfo
	inspectedOK bool
	warnCount   int
	// suitShown and suitRoom are the suit picker's label as shown and the
	// width it was cut to.
	suitShown string
	suitRoom  int
	// boneRow is the row of buttons under the bone tree, laid out again
	// when the suit picker's label changes.
	boneRow    *widget.Container
	frameShown int
	titleWidth int
	// clipsRect is the clip list's place when showSelectedClip last
	// scrolled it.
	clipsRect  image.Rectangle
	shownSpeed float64
	status0    statusKey
	// tree is the character set's tree panel (characters.go).
	tree treeWidgets
}

// places are the containers the window's own drawing goes in: the
// layout that the view, the timeline, the curves panel and the dope
// sheet take their rectangles from.
type places struct {
	root     *widget.Container
	view     *widget.Container
	timeline *widget.Container
	// curves is the curves panel's place (curves.go draws it), dope
	// the dope sheet's (dopesheet.go).
	curves, dope *widget.Container
	// winW and winH are the window's size (App.Layout).
	winW, winH int
}

// viewport is the screen area between the panels (the whole window
// before they are laid out).
func (p *places) viewport() render.Viewport {
	r := p.view.GetWidget().Rect
	if r.Dx() <= 0 || r.Dy() <= 0 {
		return render.Viewport{W: float32(p.winW), H: float32(p.winH)}
	}
	return render.Viewport{X: float32(r.Min.X), Y: float32(r.Min.Y), W: float32(r.Dx()), H: float32(r.Dy())}
}

// inView reports whether (x, y) is on the 3D view.
func (p *places) inView(x, y int) bool {
	return image.Pt(x, y).In(p.view.GetWidget().Rect)
}

// statusKey is what the status line shows, to format it only on change.
type statusKey struct {
	asset         *formats.Asset
	clip          int
	time, speed   float64
	playing, loop bool
	fps           float64
	// rootPath is whether the root's path (and its distance) shows.
	rootPath bool
	// level is the mip level an image opened alone shows.
	level int
	// compare is the compare view's part of the line.
	compare string
}

// toggle is a command button that shows an on/off state by its colour.
type toggle struct {
	b   *widget.Button
	cmd *command
	on  bool
}

// inspectorLines is the inspector's fixed height in lines: it always
// shows every line, so the panel does not reflow as values change.
const inspectorLines = 16

// placed is a widget of a button row that is not a command's button, at
// its position among them.
type placed struct {
	pos int
	w   widget.PreferredSizeLocateableWidget
}

// rowSpacing is the gap between a row's buttons, and buttonPad a
// button's text padding on either side (kit.button).
const (
	rowSpacing = 4
	buttonPad  = 6
)

// buttonMinW is a command button's least width, for buttons whose label
// changes (Play and Pause, the transition picker's names).
func buttonMinW(verb string) int {
	switch verb {
	case "play-pause":
		return 56
	case "toggle-pin":
		return 44
	case "pick-from", "pick-to":
		// The picker's names are cut to pickNameW: a button that fits
		// the widest keeps its width as the names change (ebitenui lays
		// a row out again only when asked, and a wider name was drawn
		// over its neighbours).
		return pickNameW + 2*buttonPad
	}
	return 0
}

// pickNameW is the widest the transition picker's names are drawn.
const pickNameW = 90

// buttonRow makes a row of the buttons of the commands at panel p with
// the row's other widgets.
func (w *widgets) buttonRow(p panel, others ...placed) *widget.Container {
	row := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(rowSpacing))))
	row.AddChild(w.placeButtons(p, others...)...)
	return row
}

// placeButtons makes the buttons of the commands at panel p and puts
// them with the other widgets of their row, in the order of their
// positions.
func (w *widgets) placeButtons(p panel, others ...placed) []widget.PreferredSizeLocateableWidget {
	items := others
	for i := range w.cmds.list {
		c := &w.cmds.list[i]
		if c.button == "" || c.at.panel != p {
			continue
		}
		b := w.kit.button(c.button, buttonMinW(c.verb), func() { w.runVerb(c.verb) })
		w.buttons[c.verb] = b
		if c.on != nil {
			w.toggles = append(w.toggles, toggle{b: b, cmd: c})
		}
		items = append(items, placed{c.at.pos, b})
	}
	slices.SortStableFunc(items, func(x, y placed) int { return cmp.Compare(x.pos, y.pos) })
	out := make([]widget.PreferredSizeLocateableWidget, len(items))
	for i, it := range items {
		out[i] = it.w
	}
	return out
}

func (a *App) buildWidgets() *widgets {
	k := a.kit
	w := &widgets{tools: a.tools, hooks: a.hooks(), cmds: &a.cmds, in: &a.inp, scene: &a.scene, cmp: &a.cmp,
		isOn:       func(c *command) bool { return c.on(a) },
		frameShown: -1, buttons: map[string]*widget.Button{}}
	col := func(rows []bool) *widget.Container {
		return k.panel(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(1),
			widget.GridLayoutOpts.Stretch([]bool{true}, rows),
			widget.GridLayoutOpts.Padding(widget.NewInsetsSimple(panelMargin)),
			widget.GridLayoutOpts.Spacing(0, 4),
		))
	}

	// Left: file, clips, bones, their buttons and the cut buttons; the clip list takes at most a share of
	// the panel (leftLayout).
	ll := &leftLayout{grid: widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(1),
		widget.GridLayoutOpts.Stretch([]bool{true}, []bool{false, false, false, false, false, false, true, false, false}),
		widget.GridLayoutOpts.Padding(widget.NewInsetsSimple(panelMargin)),
		widget.GridLayoutOpts.Spacing(0, leftRowSpacing),
	)}
	if a.opt.Trace {
		ll.log = a.opt.Log
	}
	left := k.panel(ll)
	w.title = k.label("", colText)
	w.info = k.label("", colDim)
	w.left = left
	w.clips = k.list(112, func(e any) string { return w.clipLabel(w.labelSt, e) }, w.queue(pickClip))
	w.bones = k.list(80, func(e any) string { return w.listBoneLabel(w.labelSt, e) }, w.queue(pickBone))
	w.boneRow = w.buttonRow(boneButtons)
	// The cut buttons sit at the foot, so that the bone list's rows stay
	// where they were.
	left.AddChild(w.title, w.info, k.heading("Clips  ("+a.cmds.keysOf("prev-clip")+")"), w.clips,
		k.heading("Bones  (● animated)"), k.smallLabel("[x] hide · shift+click: subtree", colDim), w.bones,
		w.boneRow, w.buttonRow(clipButtons))

	// Right: events, warnings and the inspector.
	right := col([]bool{false, true, false, false, false, false, false})
	w.events = k.list(60, func(e any) string { return w.eventLabel(w.labelSt, e) }, w.queue(pickEvent))
	w.inspector = widget.NewText(
		widget.TextOpts.Text("", &k.small, colText),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, inspectorLines*k.lineHeight(k.small))),
	)
	right.AddChild(k.heading("Events  (click: mute)"), w.events)
	right.AddChild(w.buttonRow(warningButtons)) // the warnings, and the curves panel's toggle
	right.AddChild(w.buttonRow(compareButtons))
	right.AddChild(k.heading("Selected bone"), w.inspector, w.buttonRow(inspectButtons))

	w.view = widget.NewContainer()

	// Bottom: the timeline, the transport and the status line.
	bottom := k.panel(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(1),
		widget.GridLayoutOpts.Stretch([]bool{true}, []bool{false, false, false}),
		widget.GridLayoutOpts.Padding(&widget.Insets{Left: 10, Right: 10, Top: 4, Bottom: 4}),
		widget.GridLayoutOpts.Spacing(0, 4),
	))
	w.timeline = widget.NewContainer(widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, timelineH)))
	w.speed = widget.NewText(widget.TextOpts.Text("1×", &k.small, colText),
		widget.TextOpts.Position(widget.TextPositionCenter, widget.TextPositionCenter),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.MinSize(36, 24)))
	w.frameBox = newFrameBox(52)
	w.status = widget.NewText(widget.TextOpts.Text("", &k.small, colText),
		widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionCenter),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, 18)))
	bottom.AddChild(w.timeline, w.buttonRow(transport, placed{55, w.frameBox.slot}, placed{65, w.speed}), w.status)

	w.root = widget.NewContainer(widget.ContainerOpts.Layout(windowLayout{}))
	w.curves = k.panel(widget.NewRowLayout())
	w.curves.GetWidget().SetVisibility(widget.Visibility_Hide)
	w.dope = k.panel(widget.NewRowLayout())
	w.dope.GetWidget().SetVisibility(widget.Visibility_Hide)
	w.root.AddChild(left, w.view, right, bottom, w.buildTreePanel(), w.curves, w.dope)
	return w
}

// pickList is the list a pick was made in.
type pickList int

const (
	pickClip pickList = iota
	pickBone
	pickEvent
	pickTree
)

// pick is a selection in a list, as ebitenui reported it: the entry
// chosen and the one selected before.
type pick struct {
	list    pickList
	e, prev any
}

// queue is list l's selection handler: it records the pick, for the App
// to apply with the tick's state once ui.Update returns.
func (w *widgets) queue(l pickList) func(e, prev any) {
	return func(e, prev any) { w.picks = append(w.picks, pick{l, e, prev}) }
}

// applyPicks applies the picks ui.Update recorded to st. A pick's
// handler may select an entry itself, whose event ebitenui delivered in
// the same ui.Update: running the events it queued here keeps that so.
func (w *widgets) applyPicks(st *state.State) {
	for len(w.picks) > 0 {
		ps := w.picks
		w.picks = nil
		for _, p := range ps {
			switch p.list {
			case pickClip:
				w.onClipSelected(st, p.e, p.prev)
			case pickBone:
				w.onBoneSelected(st, p.e, p.prev)
			case pickEvent:
				w.onEventSelected(st, p.e, p.prev)
			case pickTree:
				w.onTreeLine(st, p.e, p.prev)
			}
		}
		w.useState(st)
		event.ExecuteDeferred()
	}
}

// useState gives the lists' label functions st, for entries ebitenui
// builds outside setEntries and updateEntry (a list's first layout).
func (w *widgets) useState(st *state.State) { w.labelSt = st }

// setEntries fills list l with es, whose labels are made of st.
func (w *widgets) setEntries(st *state.State, l *widget.List, es []any) {
	w.labelSt = st
	l.SetEntries(es)
}

// updateEntry remakes list l's entry e, whose label is made of st.
func (w *widgets) updateEntry(st *state.State, l *widget.List, e any) {
	w.labelSt = st
	l.UpdateEntry(e)
}

// submitFrame is Enter in the frame box: go to the typed frame (text that
// is not a number changes nothing) and give the keys back to the view.
func (w *widgets) submitFrame(st *state.State, s string) {
	if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
		st.SeekFrame(n)
	}
	w.frameShown = -1
	w.frameBox.focused = false
}

func (w *widgets) clipLabel(st *state.State, e any) string {
	switch v := e.(type) {
	case *clipEntry:
		c := st.Asset().Clips[v.index]
		indent := ""
		if c.Group != "" {
			indent = "   "
		}
		if !c.HasKeys() {
			// A Sims skill without its .cfp: listed, marked (first, so
			// that a narrow list keeps the mark), not opened first
			// (Asset.DefaultClip).
			return w.fitList(fmt.Sprintf("%sno keys: %s", indent, st.ClipLabel(v.index)))
		}
		return w.fitList(fmt.Sprintf("%s%s  (%.2f s)", indent, st.ClipLabel(v.index), c.Duration))
	case *groupEntry:
		return w.fitList("▾ " + v.group.Name)
	case *containerEntry:
		mark := "  "
		if v.name == st.Asset().Entry {
			mark = "> "
		}
		if v.broken {
			// An entry that does not open (formats.Entry.Err): marked,
			// and passed over by PgUp / PgDn (State.StepAnimation).
			return w.fitList(mark + "× [" + v.name + "] (error)")
		}
		return w.fitList(mark + "[" + v.name + "]")
	case *animEntry:
		return w.animLabel(st, v)
	}
	return ""
}

// listWidth is the text width of a side panel's list: entries wider than
// it would make the list scroll sideways to show them.
func (w *widgets) listWidth() int {
	ww, h := w.in.w, w.in.h
	if ww == 0 {
		ww, h = w.opt.Width, w.opt.Height
	}
	l, _, _, _ := panelRects(image.Rect(0, 0, ww, h))
	return l.Dx() - 2*panelMargin - listChrome
}

// listChrome is a list's scroll bar and entry padding.
const listChrome = 30

// fitList cuts a list entry at the right to the list's width.
func (w *widgets) fitList(s string) string { return w.kit.fitRight(s, w.listWidth()) }

// listBoneLabel is the bone list's label function: boneLabel, remembered
// as the label shown.
func (w *widgets) listBoneLabel(st *state.State, e any) string {
	l := w.boneLabel(st, e)
	e.(*boneEntry).shown = l
	return l
}

func (w *widgets) boneLabel(st *state.State, e any) string {
	b := e.(*boneEntry)
	bone := st.Asset().Skeleton.Bones[b.index]
	mark := "[x] "
	if st.Visibility().BoneHidden(b.index) {
		mark = "[  ] "
	}
	anim := "   "
	if st.Visibility().Animated(b.index) {
		anim = "● "
	}
	name := bone.Name
	if name == "" {
		name = fmt.Sprintf("#%d", bone.ID)
	}
	return w.fitList(mark + strings.Repeat("  ", min(b.depth, 12)) + anim + name)
}

func (w *widgets) eventLabel(st *state.State, e any) string {
	ev := e.(*eventEntry)
	c := st.CurrentClip()
	if c == nil || ev.index >= len(c.Events) {
		return ""
	}
	x := c.Events[ev.index]
	mark := "[x] "
	if st.Visibility().EventMuted(ev.index) {
		mark = "[  ] "
	}
	return w.fitList(fmt.Sprintf("%s%.2f  %s  (%s)", mark, x.Time, x.Name, x.Kind))
}

func (w *widgets) onClipSelected(st *state.State, e, _ any) {
	if e == w.setClip {
		w.setClip = nil
		return
	}
	if !slices.Contains(w.clips.Entries(), e) {
		// An entry of a list refilled since (a file opened twice in one
		// tick, as saving two cuts does): selecting it would send the
		// list and the clip back and forth for ever.
		return
	}
	switch v := e.(type) {
	case *clipEntry:
		if v.index != st.Playback().Clip() {
			w.selectClip(st, v.index)
		}
	case *groupEntry:
		if len(v.group.Clips) > 0 && st.Playback().Clip() != v.group.Clips[0] {
			w.selectClip(st, v.group.Clips[0])
		}
	case *containerEntry:
		if v.name != st.Asset().Entry {
			w.openEntry(v.name)
		}
	case *animEntry:
		w.onAnimSelected(st, v)
	}
}

// selectClip opens clip i and the lists follow.
func (w *widgets) selectClip(st *state.State, i int) {
	st.SelectClip(i)
	w.clipChanged(st)
}

// boxWidth is how far from the list's left edge a click counts as one on
// the check box rather than on the name.
func (w *widgets) boxWidth() int {
	wd, _ := text.Measure("[x] ", w.kit.small, 0)
	return int(wd) + 8
}

// onBoneSelected: a click on "[x]" hides or shows the bone (Shift: the
// subtree) and leaves the selection as it was; a click on the name
// selects the bone.
func (w *widgets) onBoneSelected(st *state.State, e, prev any) {
	if e == nil || e == w.setBone {
		w.setBone = nil
		return
	}
	in := w.in
	w.boneClicked(st, e.(*boneEntry), prev, in.x, in.mods&modShift != 0)
}

// boneClicked is a click at screen x on bone entry b of the list, whose
// selection was prev before the click. The box flips the bone, and with
// shift sets the bone's whole subtree to the bone's new state.
func (w *widgets) boneClicked(st *state.State, b *boneEntry, prev any, x int, shift bool) {
	r := w.bones.GetWidget().Rect
	if x >= r.Min.X && x < r.Min.X+w.boxWidth() {
		w.setBoneHidden(st, b.index, !st.Visibility().BoneHidden(b.index), shift)
		if w.bones.SelectedEntry() != prev {
			w.setBone = prev
			w.bones.SetSelectedEntry(prev) // nil clears it
		}
		return
	}
	st.SelectBone(b.index)
}

// setBoneHidden hides or shows bone i (with subtree, every bone below it)
// and the list follows.
func (w *widgets) setBoneHidden(st *state.State, i int, hidden, subtree bool) {
	st.SetBoneHidden(i, hidden, subtree)
	w.refreshBoneLabels(st)
}

// selectBone selects bone i and scrolls the list to it.
func (w *widgets) selectBone(st *state.State, i int) {
	st.SelectBone(i)
	w.scrollToBone(i)
}

func (w *widgets) scrollToBone(i int) {
	if i >= 0 && i < len(w.boneEntries) {
		if e := w.boneEntries[i]; w.bones.SelectedEntry() != e {
			w.setBone = e
			w.bones.SetSelectedEntry(e)
		}
	}
}

// onEventSelected mutes or unmutes the event clicked.
func (w *widgets) onEventSelected(st *state.State, e, _ any) {
	ev := e.(*eventEntry)
	w.muteEvent(st, ev.index, !st.Visibility().EventMuted(ev.index))
}

// muteEvent mutes or unmutes event i and the list follows.
func (w *widgets) muteEvent(st *state.State, i int, muted bool) {
	st.SetEventMuted(i, muted)
	if i < len(w.eventEntries) {
		w.updateEntry(st, w.events, w.eventEntries[i])
	}
}

// refreshBoneLabels remakes the entries whose label changed. ebitenui's
// List.UpdateEntry looks for the entry among all of them: remaking every
// entry cost the square of the bones on each clip change (issue 35).
func (w *widgets) refreshBoneLabels(st *state.State) {
	for _, b := range w.boneEntries {
		if w.boneLabel(st, b) != b.shown {
			w.boneUpdates++
			w.updateEntry(st, w.bones, b)
		}
	}
}

// clipChanged refreshes what depends on the open clip.
func (w *widgets) clipChanged(st *state.State) {
	w.refreshEvents(st)
	w.refreshBoneLabels(st)
	w.selectClipEntry(st)
	w.frameAll(st)
}

func (w *widgets) selectClipEntry(st *state.State) {
	for _, e := range w.clips.Entries() {
		if ce, ok := e.(*clipEntry); ok && ce.index == st.Playback().Clip() {
			if w.clips.SelectedEntry() != e {
				w.setClip = e
				w.clips.SetSelectedEntry(e)
			}
		}
	}
}

// refreshLists refills the lists for a newly opened asset.
func (w *widgets) refreshLists(st *state.State) {
	var clips []any
	for _, e := range st.Asset().Entries {
		clips = append(clips, &containerEntry{name: e.Name, broken: e.Err != ""})
	}
	var sel any
	for _, g := range st.ClipGroups() {
		if g.Name != "" {
			clips = append(clips, &groupEntry{group: g})
		}
		for _, i := range g.Clips {
			ce := &clipEntry{index: i}
			if i == st.Playback().Clip() {
				sel = ce
			}
			clips = append(clips, ce)
		}
	}
	w.setEntries(st, w.clips, clips)
	if sel != nil {
		w.clips.SetSelectedEntry(sel)
	}
	if w.opt.Trace {
		// For tests that drive the window: the list as it reads.
		labels := make([]string, len(clips))
		for i, e := range clips {
			labels[i] = strings.TrimSpace(w.clipLabel(st, e))
		}
		w.opt.Log("clip list: " + strings.Join(labels, " | "))
	}
	sk := st.Asset().Skeleton
	depth := make([]int, len(sk.Bones))
	w.boneEntries = w.boneEntries[:0]
	var bones []any
	for i, b := range sk.Bones {
		if b.Parent >= 0 {
			depth[i] = depth[b.Parent] + 1
		}
		be := &boneEntry{index: i, depth: depth[i]}
		w.boneEntries = append(w.boneEntries, be)
		bones = append(bones, be)
	}
	w.setEntries(st, w.bones, bones)
	w.refreshEvents(st)
	w.titleWidth = -1
	w.inspectedOK = false
	w.warnCount = -1
	w.refreshAnimEntries(st)
}

// showSelectedClip scrolls the clip list to its selected row when the
// list's size changed: ebitenui scrolls to a selection only when it is
// made, and one made before the list was laid out (the clip of the 50th
// entry of a folder, listed after the folder's entries) stayed below
// the list's capped height (leftLayout). Selecting nothing and then the
// row again makes ebitenui scroll to it.
func (w *widgets) showSelectedClip() {
	r := w.clips.GetWidget().Rect
	if r == w.clipsRect || r.Dy() <= 0 {
		return
	}
	w.clipsRect = r
	if sel := w.clips.SelectedEntry(); sel != nil {
		w.setClip = sel
		w.clips.SetSelectedEntry(nil)
		w.clips.SetSelectedEntry(sel)
	}
}

// fitTitle cuts the file name and summary to the left panel's width,
// when that width changed.
func (w *widgets) fitTitle(st *state.State) {
	wd := w.title.GetWidget().Rect.Dx()
	if wd <= 0 || wd == w.titleWidth {
		return
	}
	k := w.kit
	w.titleWidth = wd
	w.title.Label = k.fitLeft(w.fileLabel(st), k.face, wd)
	w.info.Label = k.fitLeft(assetSummary(st.Asset()), k.face, wd)
	// The labels were empty, of no height, at the first layout, which
	// ebitenui does not repeat for a new label: without this a failed
	// first file's path was drawn over the Clips heading.
	w.left.RequestRelayout()
	// The lists' entries were cut for the old width; of the bones', which
	// may be thousands, those whose label changed (refreshBoneLabels).
	for _, l := range []*widget.List{w.clips, w.events} {
		for _, e := range l.Entries() {
			w.updateEntry(st, l, e)
		}
	}
	w.refreshBoneLabels(st)
}

func (w *widgets) refreshEvents(st *state.State) {
	w.eventEntries = w.eventEntries[:0]
	var evs []any
	if c := st.CurrentClip(); c != nil {
		for i := range c.Events {
			e := &eventEntry{index: i}
			w.eventEntries = append(w.eventEntries, e)
			evs = append(evs, e)
		}
	}
	w.setEntries(st, w.events, evs)
}

func (w *widgets) fileLabel(st *state.State) string {
	p := st.Path()
	if p == "" || p == "demo:" {
		return "built-in demo"
	}
	return p
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

// sync copies state into the widgets once per tick. Labels are only
// rebuilt when what they show changed, so a paused window does not format
// text every tick.
func (w *widgets) sync(st *state.State) {
	p := st.Playback()
	w.fitTitle(st)
	w.showSelectedClip()
	w.syncTree(st)
	if k := (statusKey{st.Asset(), p.Clip(), p.Time(), p.Speed(), p.Playing(), p.Loop(), math.Round(p.FPS()), st.RootPathShown(), st.Image().Level(), w.cmp.status(st)}); k != w.status0 || w.status.Label == "" {
		w.status0 = k
		w.status.Label = st.Status() + k.compare
	}
	if p.Speed() != w.shownSpeed {
		w.shownSpeed = p.Speed()
		w.speed.Label = fmt.Sprintf("%g×", p.Speed())
	}
	if p.Playing() {
		setButtonText(w.buttons["play-pause"], "Pause")
	} else {
		setButtonText(w.buttons["play-pause"], "Play")
	}
	for i := range w.toggles {
		t := &w.toggles[i]
		if on := w.isOn(t.cmd); on != t.on || t.b.Image() == nil {
			t.on = on
			if on {
				t.b.SetImage(w.kit.on)
			} else {
				t.b.SetImage(w.kit.off)
			}
		}
	}
	if f, _ := st.Frame(); f != w.frameShown && !w.frameBox.IsFocused() {
		w.frameShown = f
		w.frameBox.SetText(strconv.Itoa(f))
	}
	if n := st.Messages().WarningCount(); n != w.warnCount {
		w.warnCount = n
		if n == 0 {
			setButtonText(w.buttons["warnings"], "Warnings: none")
		} else {
			setButtonText(w.buttons["warnings"], fmt.Sprintf("Warnings: %d  (%s)", n, w.cmds.keysOf("warnings")))
		}
	}
	w.fitSuit(st)
	info, ok := st.Inspect(w.scene.pose, w.scene.world)
	if ok != w.inspectedOK || info != w.inspected {
		w.inspected, w.inspectedOK = info, ok
		if ok {
			w.inspector.Label = info.Text()
		} else {
			w.inspector.Label = "none: click a joint\nor a bone's name"
		}
	}
}

// fitSuit shows the suit picker's button for a file that wears suits
// only, and labels it with the suit worn, cut to
// the room its row leaves it (the left panel's width less the row's
// other buttons), when either changed.
func (w *widgets) fitSuit(st *state.State) {
	b := w.buttons["suit-list"]
	// Only a Sims file wears suits: for another, no button.
	vis := widget.Visibility_Hide
	if st.SuitsOffered() {
		vis = widget.Visibility_Show
	}
	if b.GetWidget().GetVisibility() != vis {
		b.GetWidget().SetVisibility(vis)
		w.boneRow.RequestRelayout()
	}
	l := st.Wardrobe().Label()
	room := w.title.GetWidget().Rect.Dx() - 2*buttonPad
	for _, other := range []string{"show-all", "helpers"} {
		room -= w.buttons[other].GetWidget().Rect.Dx() + rowSpacing
	}
	if l == w.suitShown && room == w.suitRoom {
		return
	}
	w.suitShown, w.suitRoom = l, room
	// Where "Suit: NAME" does not fit, the name alone, cut.
	label := w.kit.fitRight("Suit: "+l, max(room, 0))
	if !strings.HasSuffix(label, l) {
		label = w.kit.fitRight(l, max(room, 0))
	}
	setButtonText(b, label)
	w.boneRow.RequestRelayout()
}

func setButtonText(b *widget.Button, s string) {
	if t := b.Text(); t != nil && t.Label != s {
		t.Label = s
	}
}

// inspectorText is the inspector's text for the selected bone.
func (w *widgets) inspectorText(st *state.State) string {
	info, ok := st.Inspect(w.scene.pose, w.scene.world)
	if !ok {
		return "none: click a joint or a bone in the list"
	}
	return info.Text()
}
