package state

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Action is one step of an action script (--actions): a verb and its
// arguments, "select-bone HEAD" or "seek 0.5".
type Action struct {
	Verb string
	Args []string
}

func (a Action) String() string { return strings.Join(append([]string{a.Verb}, a.Args...), " ") }

// ErrNotState marks a verb that the state does not carry out itself
// (open, key, click): the window does.
var ErrNotState = errors.New("not a state action")

// verbArgs returns how many arguments a verb takes (-1: one or more,
// joined by spaces) and whether the verb exists. Apply carries out the
// state's verbs; open, entry, key, click, wait, frame-all, zoom-bone and
// record-gif are the window's.
func verbArgs(verb string) (int, bool) {
	switch verb {
	case "show-all", "next-clip", "prev-clip", "play", "pause", "reverse",
		"next-key", "prev-key", "next-event", "prev-event", "ortho", "onion", "axes",
		"in-place", "helpers", "labels", "grid", "bind-pose", "warnings", "dismiss", "mesh",
		"frame-all", "zoom-bone", "record-gif":
		return 0, true
	case "select-bone", "hide-bone", "show-bone", "hide-subtree", "seek", "frame",
		"clip", "loop", "speed", "view", "key", "wait":
		return 1, true
	case "click":
		return 2, true
	case "open", "entry":
		return -1, true
	}
	return 0, false
}

// ParseActions splits a script into actions: statements separated by ';'
// or new lines, words by spaces. Unknown verbs and wrong argument counts
// are errors that name the statement.
func ParseActions(script string) ([]Action, error) {
	var out []Action
	for n, stmt := range strings.FieldsFunc(script, func(r rune) bool { return r == ';' || r == '\n' }) {
		f := strings.Fields(stmt)
		if len(f) == 0 {
			continue
		}
		a := Action{Verb: strings.ToLower(f[0]), Args: f[1:]}
		want, ok := verbArgs(a.Verb)
		if !ok {
			want, ok = treeVerbs[a.Verb]
		}
		switch {
		case !ok:
			return nil, fmt.Errorf("action %d %q: unknown verb %q", n+1, stmt, a.Verb)
		case want == -1 && len(a.Args) == 0:
			return nil, fmt.Errorf("action %d %q: %s needs an argument", n+1, stmt, a.Verb)
		case want == -1:
			a.Args = []string{strings.Join(a.Args, " ")}
		case len(a.Args) != want:
			return nil, fmt.Errorf("action %d %q: %s takes %d argument(s)", n+1, stmt, a.Verb, want)
		}
		out = append(out, a)
	}
	return out, nil
}

// Apply carries out a state action. Verbs the window handles return an
// error wrapping ErrNotState.
func (s *State) Apply(a Action) error {
	arg := func() string { return a.Args[0] }
	bone := func() (int, error) {
		i := s.BoneByName(arg())
		if i < 0 {
			if n, err := strconv.Atoi(arg()); err == nil && n >= 0 && n < len(s.HiddenBones) {
				return n, nil
			}
			return -1, fmt.Errorf("%s: no bone %q", a.Verb, arg())
		}
		return i, nil
	}
	num := func() (float64, error) {
		v, err := strconv.ParseFloat(arg(), 64)
		if err != nil {
			return 0, fmt.Errorf("%s: %q is not a number", a.Verb, arg())
		}
		return v, nil
	}
	switch a.Verb {
	case "select-bone", "hide-bone", "show-bone", "hide-subtree":
		i, err := bone()
		if err != nil {
			return err
		}
		switch a.Verb {
		case "select-bone":
			s.SelectBone(i)
		case "hide-bone":
			s.SetBoneHidden(i, true, false)
		case "show-bone":
			s.SetBoneHidden(i, false, false)
		default:
			s.SetBoneHidden(i, true, true)
		}
	case "show-all":
		s.ShowAllBones()
	case "seek":
		v, err := num()
		if err != nil {
			return err
		}
		s.Seek(v)
	case "frame":
		v, err := num()
		if err != nil {
			return err
		}
		s.SeekFrame(int(v))
	case "clip":
		for i, c := range s.Asset.Clips {
			if c.Name == arg() || strconv.Itoa(i) == arg() {
				s.SelectClip(i)
				return nil
			}
		}
		return fmt.Errorf("clip: no clip %q", arg())
	case "next-clip", "prev-clip":
		d := 1
		if a.Verb == "prev-clip" {
			d = -1
		}
		if e := s.StepAnimation(d); e != "" {
			return fmt.Errorf("%s: the next animation is entry %q: %w", a.Verb, e, ErrNotState)
		}
	case "play":
		if !s.Playing {
			s.TogglePlay()
		}
	case "pause":
		s.Playing = false
	case "loop":
		s.Loop = arg() == "on" || arg() == "true" || arg() == "1"
	case "speed":
		v, err := num()
		if err != nil {
			return err
		}
		s.Speed = v
	case "reverse":
		s.Reverse()
	case "next-key", "prev-key":
		s.JumpKey(dirOf(a.Verb))
	case "next-event", "prev-event":
		s.JumpEvent(dirOf(a.Verb))
	case "view":
		switch arg() {
		case "front":
			s.SetView(ViewFront)
		case "side":
			s.SetView(ViewSide)
		case "top":
			s.SetView(ViewTop)
		default:
			return fmt.Errorf("view: %q is not front, side or top", arg())
		}
	case "ortho":
		s.ToggleOrtho()
	case "onion":
		s.ToggleOnion()
	case "axes":
		s.ToggleAxes()
	case "in-place":
		s.ToggleInPlace()
	case "helpers":
		s.ToggleHelpers()
	case "mesh":
		s.CycleShow()
	case "labels":
		s.Labels = !s.Labels
	case "grid":
		s.Grid = !s.Grid
	case "bind-pose":
		s.BindPose = !s.BindPose
	case "warnings":
		s.ToggleWarnings()
	case "dismiss":
		s.DismissWarnings()
	default:
		if ok, err := s.applyTree(a); ok {
			return err
		}
		return fmt.Errorf("%s: %w", a.Verb, ErrNotState)
	}
	return nil
}

func dirOf(verb string) int {
	if strings.HasPrefix(verb, "prev") {
		return -1
	}
	return 1
}
