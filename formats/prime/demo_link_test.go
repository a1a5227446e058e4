package prime_test

import (
	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/primetest"
)

// init gives the internal tests the demo (demo_test.go) before any test
// runs.
func init() {
	prime.DemoFiles = primetest.Files
	prime.DemoCINF = primetest.CINF
	prime.DemoKeys = primetest.Keys
	prime.DemoEVNT = primetest.EVNT
	prime.DemoANCS = primetest.ANCS
	prime.DemoCMDL = primetest.CMDL
	prime.DemoTexturedCMDL = primetest.TexturedCMDL
	prime.DemoCSKR = primetest.CSKR
	prime.DemoTextures = primetest.Textures
	prime.DemoSetFiles = primetest.SetFiles
	prime.DemoModelFiles = primetest.ModelFiles
	prime.DemoSkinnedSetFiles = primetest.SkinnedSetFiles
	prime.DemoTexturedSetFiles = primetest.TexturedSetFiles
	prime.DemoBonePositions = primetest.BonePositions
	prime.DemoBoxes = func() []prime.DemoBox {
		var out []prime.DemoBox
		for _, b := range primetest.Boxes() {
			out = append(out, prime.DemoBox{A: b.A, B: b.B, Corners: b.Corners})
		}
		return out
	}
	prime.DemoANIMName, prime.DemoCINFName, prime.DemoEVNTName, prime.DemoANCSName = primetest.ANIMName, primetest.CINFName, primetest.EVNTName, primetest.ANCSName
	prime.DemoCINFID, prime.DemoEVNTID, prime.DemoIdleID, prime.DemoWalkID = primetest.CINFID, primetest.EVNTID, primetest.IdleID, primetest.WalkID
}
