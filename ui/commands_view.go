package ui

import (
	"fmt"
	"strconv"
	"time"

	"github.com/animview/animview/ui/state"
	"github.com/hajimehoshi/ebiten/v2"
)

// cameraCommands are the camera's, from the mouse in the view: a drag
// there orbits (left) or pans, a click picks a joint, the wheel zooms.
func cameraCommands() []command {
	return []command{
		{verb: "orbit", args: "YAW PITCH", mouse: "left drag in the view", mouseHelp: "left drag", help: "orbit",
			doc: "turn the camera YAW degrees about the vertical and PITCH degrees up", keyDoc: "orbit",
			regions: []mouseRegion{region(atView, false, true, func(a *App, x, y int) bool { return a.w.inView(x, y) }, viewDrag)},
			run: func(c *call) error {
				if p := c.ptr; p != nil {
					c.a.st.Orbit(-float64(p.dx)*0.4, float64(p.dy)*0.4)
					return nil
				}
				return c.nums(func(v []float64) { c.a.st.Orbit(v[0], v[1]) })
			}},
		{verb: "pan", args: "DX DY", mouse: "right drag, shift + left drag", mouseHelp: "right/shift drag", help: "pan",
			doc: "move the camera's target DX, DY pixels across the view", keyDoc: "pan",
			run: func(c *call) error {
				if p := c.ptr; p != nil {
					c.a.scene.pan(c.a.st, float64(p.dx), float64(p.dy))
					return nil
				}
				return c.nums(func(v []float64) { c.a.scene.pan(c.a.st, v[0], v[1]) })
			}},
		{verb: "zoom", args: "FACTOR", mouse: "wheel", help: "zoom",
			doc: "bring the camera FACTOR times closer (0.5: twice as far)", keyDoc: "zoom",
			regions: []mouseRegion{wheelRegion(wheelInView, func(a *App, x, y int) bool { return a.w.inView(x, y) }, nil)},
			run: func(c *call) error {
				if p := c.ptr; p != nil {
					c.a.st.Zoom(wheelFactor(p.wheel))
					return nil
				}
				if f, err := strconv.ParseFloat(c.args[0], 64); err == nil && f <= 0 {
					return fmt.Errorf("zoom: the factor %s is not above 0", c.args[0])
				}
				return c.nums(func(v []float64) { c.a.st.Zoom(1 / v[0]) })
			}},
		{verb: "select-bone", args: "B", mouse: "click a joint", mouseHelp: "click joint", help: "select",
			doc: "select bone B (a name, any case, or an index)", keyDoc: "select the bone",
			run: func(c *call) error {
				if p := c.ptr; p != nil {
					if i := c.a.scene.dl.Pick(float32(p.x), float32(p.y), 10); i >= 0 {
						c.a.w.selectBone(c.a.st, i)
					}
					return nil
				}
				i, err := c.bone(0)
				if err == nil {
					c.a.w.selectBone(c.a.st, i)
				}
				return err
			}},
	}
}

// viewDrag is a drag in the view: each tick it orbits (the left button)
// or pans (another, or Shift held) by the motion; a left click without
// motion selects the joint under the pointer.
func viewDrag(c *call) error {
	p := c.ptr
	if p.button != ebiten.MouseButtonLeft || p.mods&modShift != 0 {
		c.a.runPointer("pan", p)
	} else {
		c.a.runPointer("orbit", p)
	}
	if p.release && p.moved < 4 && p.button == ebiten.MouseButtonLeft {
		c.a.runPointer("select-bone", p)
	}
	return nil
}

// drawCommands say what is drawn.
func drawCommands() []command {
	return []command{
		{verb: "labels", keys: keys(key(ebiten.KeyN)), button: "Names", at: slot{transport, 90},
			on: func(a *App) bool { return a.st.Visibility().Labels() }, help: "names",
			doc: "bone names, each placed beside its joint where it overlaps no other (one that finds no room in " +
				"the view is left out; the selected bone's always shows)",
			run: do(func(a *App) { a.st.ToggleLabels() })},
		{verb: "grid", keys: keys(key(ebiten.KeyG)), help: "grid", doc: "grid",
			run: do(func(a *App) { a.st.ToggleGrid() })},
		{verb: "bind-pose", keys: keys(key(ebiten.KeyB)), button: "Bind", at: slot{transport, 100},
			on: func(a *App) bool { return a.st.Visibility().BindPose() }, help: "bind pose", doc: "bind pose",
			run: do(func(a *App) { a.st.ToggleBindPose() })},
		{verb: "mesh", keys: keys(key(ebiten.KeyM)), help: "mesh / +bones / bones",
			doc: "cycle mesh, mesh with bones (the default) and bones, for a figure with a mesh",
			run: do(func(a *App) { a.st.CycleShow() })},
		{verb: "textures", args: "[on|off]", keys: keys(shift(ebiten.KeyM)), help: "textures",
			doc: "draw meshes with their textures (the default) or in their materials' flat colours, which show the " +
				"shape better (on, true or 1 turns textures on, another word off; without one it switches)",
			keyDoc: "textures on / off: textured mesh or flat colours",
			run: func(c *call) error {
				if len(c.args) == 0 {
					c.a.st.SetTextures(!c.a.st.Visibility().Textures())
				} else {
					c.a.st.SetTextures(c.args[0] == "on" || c.args[0] == "true" || c.args[0] == "1")
				}
				return nil
			}},
	}
}

// figureCommands follow, hold and frame the figure, show its bones and
// aim the camera.
func figureCommands() []command {
	return []command{
		{verb: "follow", keys: keys(key(ebiten.KeyT)), button: "Follow", at: slot{transport, 110},
			on: func(a *App) bool { return a.st.View().Follow() }, help: "follow root",
			doc: "follow the root (turned on by itself when a clip travels far)",
			run: do(func(a *App) {
				a.st.SetFollow(!a.st.View().Follow())
				a.scene.frameAll(a.st)
			})},
		{verb: "in-place", keys: keys(shift(ebiten.KeyI)), button: "In place", at: slot{transport, 120},
			on: func(a *App) bool { return a.st.Visibility().InPlace() }, help: "in place",
			doc: "in place: hold the moving root's horizontal motion at its start",
			run: do(func(a *App) { a.st.ToggleInPlace() })},
		{verb: "root-path", keys: keys(shift(ebiten.KeyR)), help: "root path",
			doc: "the root's path over the clip on the ground, with a ring where the root is now, and on the status " +
				"line how far it has come of the path's length (in place: the path slides under the held figure)",
			keyDoc: "the root's path on the ground over the clip, and on the status line how far it has come",
			run:    do(func(a *App) { a.st.ToggleRootPath() })},
		{verb: "onion", keys: keys(shift(ebiten.KeyO)), button: "Onion", at: slot{transport, 130},
			on: func(a *App) bool { return a.st.Visibility().Onion() }, help: "onion skin",
			doc: "onion skin: the poses a few frames before and after, faint",
			run: do(func(a *App) { a.st.ToggleOnion() })},
		{verb: "axes", keys: keys(key(ebiten.KeyX)), button: "Axes", at: slot{inspectButtons, 20},
			on: func(a *App) bool { return a.st.Visibility().Axes() }, help: "bone axes",
			doc: "the selected bone's local axes", run: do(func(a *App) { a.st.ToggleAxes() })},
		{verb: "zoom-bone", keys: keys(key(ebiten.KeyZ)), button: "Zoom", at: slot{inspectButtons, 30}, help: "zoom to bone",
			doc: "zoom to the selected bone", run: do(func(a *App) { a.scene.zoomToSelected(a.st) })},
		{verb: "toggle-bone", args: "[B]", keys: keys(key(ebiten.KeyH)), help: "hide bone",
			doc: "hide / show bone B, or the selected bone", keyDoc: "hide / show the selected bone",
			run: func(c *call) error {
				i := c.a.st.Visibility().Selected()
				if len(c.args) > 0 {
					var err error
					if i, err = c.bone(0); err != nil {
						return err
					}
				}
				if i >= 0 {
					c.a.st.ToggleBone(i)
					c.a.w.refreshBoneLabels(c.a.st)
				}
				return nil
			}},
		{verb: "helpers", keys: keys(shift(ebiten.KeyH)), button: "Helpers", at: slot{boneButtons, 20},
			on: func(a *App) bool { return !a.st.Visibility().HideHelpers() }, help: "helpers",
			doc: "hide / show all helper bones", run: do(func(a *App) { a.st.ToggleHelpers() })},
		{verb: "clip-camera", keys: keys(key(ebiten.KeyC)), help: "clip's camera",
			doc: "view through the animation's camera (LEGO Island clips with a camera)",
			run: do(func(a *App) {
				if !a.st.ToggleThrough() {
					a.st.Notify("this clip has no camera", time.Now())
				}
			})},
		{verb: "frame-all", keys: keys(key(ebiten.KeyF)), help: "frame all", doc: "frame the whole clip",
			run: do(func(a *App) { a.scene.frameAll(a.st) })},
		{verb: "view", args: "front|side|top",
			keys: keys(key(ebiten.KeyDigit1, "front"), key(ebiten.KeyNumpad1, "front"),
				key(ebiten.KeyDigit3, "side"), key(ebiten.KeyNumpad3, "side"),
				key(ebiten.KeyDigit7, "top"), key(ebiten.KeyNumpad7, "top")),
			help: "front side top", doc: "front / side / top view",
			run: func(c *call) error {
				d, ok := map[string]state.Direction{"front": state.ViewFront, "side": state.ViewSide, "top": state.ViewTop}[c.args[0]]
				if !ok {
					return fmt.Errorf("view: %q is not front, side or top", c.args[0])
				}
				c.a.st.SetDirection(d)
				return nil
			}},
		{verb: "ortho", keys: keys(key(ebiten.KeyDigit5), key(ebiten.KeyNumpad5)), button: "Ortho", at: slot{transport, 140},
			on: func(a *App) bool { return a.st.View().Camera().Ortho }, help: "orthographic",
			doc: "orthographic / perspective", run: do(func(a *App) { a.st.ToggleOrtho() })},
	}
}
