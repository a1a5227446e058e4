package prime

import (
	"fmt"
	"strings"

	"github.com/animview/animview/formats"
)

// Game says which game's layout a file follows.
type Game uint8

const (
	// GameAuto asks the decoder to detect the game from the data.
	GameAuto Game = iota
	// MP1 is Metroid Prime (GameCube).
	MP1
	// MP2 is Metroid Prime 2: Echoes (GameCube).
	MP2
)

// String returns "mp1", "mp2" or "auto", the spelling of the game option.
func (g Game) String() string {
	switch g {
	case MP1:
		return "mp1"
	case MP2:
		return "mp2"
	}
	return "auto"
}

// Title returns the game's full name.
func (g Game) Title() string {
	switch g {
	case MP1:
		return "Metroid Prime"
	case MP2:
		return "Metroid Prime 2: Echoes"
	}
	return "Metroid Prime (unknown game)"
}

// Interp returns the interpolation flavour of the game's engine: the two
// games' CAnimMathUtils::Slerp differ (formats.InterpPrime for MP1,
// formats.InterpPrime2 for MP2). The flavour follows the file's layout:
// an MP1-layout ANIM among the Echoes demo's files is evaluated as MP1's,
// though Echoes' engine would play it with its own.
func (g Game) Interp() formats.Interp {
	if g == MP2 {
		return formats.InterpPrime2
	}
	return formats.InterpPrime
}

// ParseGame reads the "game" loader option: "mp1", "mp2", or "" and "auto"
// for detection from the data.
func ParseGame(s string) (Game, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "auto":
		return GameAuto, nil
	case "mp1", "prime", "prime1":
		return MP1, nil
	case "mp2", "echoes", "prime2":
		return MP2, nil
	}
	return GameAuto, fmt.Errorf("game option %q: want mp1 or mp2", s)
}

// other returns the other game, for the second attempt of a detection.
func (g Game) other() Game {
	if g == MP1 {
		return MP2
	}
	return MP1
}
