package state

// Curves is the curves panel: whether it shows, and whether it plots
// rotation as quaternion components or as Euler angles.
type Curves struct {
	shown, euler bool
}

// Shown reports whether the curves panel shows.
func (c *Curves) Shown() bool { return c.shown }

// Toggle shows or hides the curves panel.
func (c *Curves) Toggle() { c.shown = !c.shown }

// Euler reports whether rotation is plotted as Euler angles (else as
// quaternion components).
func (c *Curves) Euler() bool { return c.euler }

// ToggleEuler switches rotation between Euler angles and quaternion
// components.
func (c *Curves) ToggleEuler() { c.euler = !c.euler }
