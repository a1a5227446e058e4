package state

// Curves is the curves panel: whether it shows, and whether it plots
// rotation as quaternion components or as Euler angles.
type Curves struct {
	shown, euler bool
}

// Curves is the curves panel (a copy: changes go through State).
func (s *State) Curves() Curves { return s.curves }

// Shown reports whether the curves panel shows.
func (c Curves) Shown() bool { return c.shown }

// Euler reports whether rotation is plotted as Euler angles.
func (c Curves) Euler() bool { return c.euler }

// ToggleEuler plots rotation as Euler angles or as quaternion components.
func (s *State) ToggleEuler() { s.curves.euler = !s.curves.euler }
