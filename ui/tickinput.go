package ui

import (
	"io/fs"
	"slices"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// tickInput is what the mouse and the keyboard did since the last tick,
// read from ebiten once at the start of each update (readInput). Every
// part of the window reads it rather than ebiten's globals, so that a test
// drives the parts with a value of its own, without a display. (ebitenui's
// widgets still read ebiten themselves, in ui.Update.)
type tickInput struct {
	// x and y are the cursor's position.
	x, y int
	// down, pressed and released are the buttons of mouseButtons (left,
	// right, middle) held now, pressed and released since the last tick.
	down, pressed, released [3]bool
	// anyButton: a mouse button (any ebiten knows) is held or was just
	// released.
	anyButton bool
	// wheelX and wheelY are how far the wheel turned (up: wheelY > 0).
	wheelX, wheelY float64
	// keys are the keys pressed since the last tick, held those held now
	// (a key pressed and released within the tick too), up those released
	// since the last tick.
	keys, held, up []ebiten.Key
	// still says, for each of keys, that it is still down (its press
	// duration is above 0; one pressed and released within the tick has 0).
	still []bool
	// names are, for each of keys, the character it types on the
	// keyboard's layout (ebiten.KeyName), 0 for a key that types none.
	names []rune
	// typed is the text typed since the last tick.
	typed []rune
	// mods are the modifiers held now.
	mods modifier
	// dropped are the files dropped on the window (nil: none).
	dropped fs.FS
	// w and h are the window's size (App.Layout sets them).
	w, h int
}

// readInput fills in with this tick's input from ebiten, reusing its
// slices so that a tick does not allocate; the window's size is Layout's.
func readInput(in *tickInput) {
	in.x, in.y = ebiten.CursorPosition()
	for i, b := range mouseButtons {
		in.down[i] = ebiten.IsMouseButtonPressed(b)
		in.pressed[i] = inpututil.IsMouseButtonJustPressed(b)
		in.released[i] = inpututil.IsMouseButtonJustReleased(b)
	}
	in.anyButton = false
	for b := ebiten.MouseButton0; b <= ebiten.MouseButtonMax; b++ {
		if ebiten.IsMouseButtonPressed(b) || inpututil.IsMouseButtonJustReleased(b) {
			in.anyButton = true
		}
	}
	in.wheelX, in.wheelY = ebiten.Wheel()
	in.keys = inpututil.AppendJustPressedKeys(in.keys[:0])
	in.still, in.names = in.still[:0], in.names[:0]
	for _, k := range in.keys {
		in.still = append(in.still, inpututil.KeyPressDuration(k) > 0)
		in.names = append(in.names, keyChar(ebiten.KeyName(k)))
	}
	in.held = inpututil.AppendPressedKeys(in.held[:0])
	in.up = inpututil.AppendJustReleasedKeys(in.up[:0])
	in.typed = ebiten.AppendInputChars(in.typed[:0])
	in.mods = 0
	if ebiten.IsKeyPressed(ebiten.KeyShift) {
		in.mods |= modShift
	}
	if ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta) {
		in.mods |= modCtrl
	}
	in.dropped = ebiten.DroppedFiles()
}

// button indexes mouseButtons.
func buttonIndex(b ebiten.MouseButton) int {
	for i, m := range mouseButtons {
		if m == b {
			return i
		}
	}
	return -1
}

// justPressed reports whether k was pressed since the last tick.
func (in *tickInput) justPressed(k ebiten.Key) bool { return slices.Contains(in.keys, k) }

// stillDown reports whether k, pressed since the last tick, is still down.
func (in *tickInput) stillDown(k ebiten.Key) bool {
	i := slices.Index(in.keys, k)
	return i >= 0 && i < len(in.still) && in.still[i]
}

// keyChar is the character a key named name types, 0 for none.
func keyChar(name string) rune {
	r, n := utf8.DecodeRuneInString(name)
	if n == 0 || n != len(name) {
		return 0
	}
	return r
}

// typesChar is the character k, pressed since the last tick, types (0:
// none).
func (in *tickInput) typesChar(k ebiten.Key) rune {
	i := slices.Index(in.keys, k)
	if i < 0 || i >= len(in.names) {
		return 0
	}
	return in.names[i]
}

// isHeld reports whether k is held now.
func (in *tickInput) isHeld(k ebiten.Key) bool { return slices.Contains(in.held, k) }

// active reports whether the user is doing anything this tick: a key or
// button held or just released, the wheel turning or text typed (the
// cursor's motion is paintState's to tell).
func (in *tickInput) active() bool {
	return in.wheelX != 0 || in.wheelY != 0 || len(in.held) > 0 || len(in.up) > 0 || in.anyButton || len(in.typed) > 0
}
