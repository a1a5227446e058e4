// Package licenses holds the licences of everything linked into animview
// besides its own code: each Go module's licence and NOTICE, and Go's own
// (THIRD_PARTY_LICENSES, made from the module graph by
// `go run ./internal/licenses/gen`, never by hand; a test fails when it no
// longer matches go.mod). `animview licenses` prints it and every release
// archive carries it.
package licenses

import (
	_ "embed"
)

//go:embed THIRD_PARTY_LICENSES
var text string

// Text returns the licences of the modules linked into animview and Go's.
func Text() string { return text }
