package formats

import (
	"fmt"
	"strconv"
)

// String names the axis as reports do: "y" or "z".
func (a Axis) String() string {
	switch a {
	case AxisY:
		return "y"
	case AxisZ:
		return "z"
	}
	return "axis " + strconv.Itoa(int(a))
}

// metaKinds are the node kinds MarshalText names.
const metaKinds = MetaSequence + 1

// text is the kind's name in machine-readable reports, "" for an unknown
// kind.
func (k MetaKind) text() string {
	switch k {
	case MetaPlay:
		return "play"
	case MetaBlend:
		return "blend"
	case MetaPhaseBlend:
		return "phase-blend"
	case MetaRandom:
		return "random"
	case MetaSequence:
		return "sequence"
	}
	return ""
}

// MarshalText names the node kind in machine-readable reports: "play",
// "blend", "phase-blend", "random", "sequence" (String gives the ANCS
// documents' "PhaseBlend" for people), "unknown (N)" for another value.
func (k MetaKind) MarshalText() ([]byte, error) {
	if t := k.text(); t != "" {
		return []byte(t), nil
	}
	return []byte(fmt.Sprintf("unknown (%d)", k)), nil
}

// UnmarshalText reads a name MarshalText gives for a known kind.
func (k *MetaKind) UnmarshalText(b []byte) error {
	for m := MetaKind(0); m < metaKinds; m++ {
		if m.text() == string(b) {
			*k = m
			return nil
		}
	}
	return fmt.Errorf("meta-animation kind %q: want play, blend, phase-blend, random or sequence", b)
}
