package prime

import (
	"image"

	"github.com/go-gl/mathgl/mgl32"
)

// The demo files and structures the tests read come from
// formats/prime/primetest, which imports this package and so cannot be
// imported by its internal tests: demo_link_test.go (package prime_test,
// built into the same test binary) sets these from primetest before any
// test runs.
var (
	DemoFiles            func() (anim, cinf, evnt []byte, err error)
	DemoCINF             func() *CINF
	DemoKeys             func() *Keys
	DemoEVNT             func() *EVNT
	DemoANCS             func(Game) *ANCS
	DemoCMDL             func(Game, uint32) *CMDL
	DemoTexturedCMDL     func(Game, uint32) *CMDL
	DemoCSKR             func(Game) *CSKR
	DemoTextures         func() (body, legs []*image.NRGBA)
	DemoSetFiles         func(Game) (map[string][]byte, error)
	DemoModelFiles       func(Game) (map[string][]byte, error)
	DemoSkinnedSetFiles  func(Game) (map[string][]byte, error)
	DemoTexturedSetFiles func(Game) (map[string][]byte, error)
	DemoBonePositions    func() []mgl32.Vec3
	DemoBoxes            func() []DemoBox

	DemoANIMName, DemoCINFName, DemoEVNTName, DemoANCSName string
	DemoCINFID, DemoEVNTID, DemoIdleID, DemoWalkID         uint32
)

// DemoBox is primetest.Box: a box of the demo model, from A to B, and its
// corners.
type DemoBox struct {
	A, B    mgl32.Vec3
	Corners [8]mgl32.Vec3
}
