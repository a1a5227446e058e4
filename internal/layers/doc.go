// Package layers holds no code: its test reads the table of layers in
// docs/dev.md and fails on an import of the tree against it.
package layers
