// Package batch runs many glTF exports at once (`animview export DIR -o
// OUTDIR --all`): Export plans a batch (every animation open.Batch finds
// in a folder or container, each to its own file, named by
// safefile.Namer), Run exports the jobs in parallel on the cores (a
// container's entries join as they are opened), and Summary says what was
// written, skipped, refused and failed.
package batch
