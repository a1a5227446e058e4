package cuts

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Schema is the sidecar's schema name and version. A reader refuses any
// other: a later version that changed a field's meaning would otherwise
// be read wrong.
const Schema = "animview.cuts/1"

// SidecarExt is what a file's name takes on for its sidecar.
const SidecarExt = ".animview.json"

// BackupExt is what the sidecar's name takes on for the copy of the
// previous sidecar that Save keeps.
const BackupExt = ".bak"

// maxSidecar bounds what Load reads: a cut is some 80 bytes.
const maxSidecar = 4 << 20

// Sidecar is the JSON of FILE.animview.json.
type Sidecar struct {
	Schema string `json:"schema"`
	Cuts   []Cut  `json:"cuts"`
}

// SidecarPath is the sidecar of the file at path.
func SidecarPath(path string) string { return path + SidecarExt }

// Load reads the cuts kept beside the file at path. No sidecar is no
// cuts and no error. A sidecar that cannot be read or does not parse
// gives an error (a warning to the user: the file still opens), and is
// left as it is.
func Load(path string) ([]Cut, error) {
	p := SidecarPath(path)
	st, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, errors.ErrUnsupported) {
		// No sidecar, or no file system to keep one in (a browser).
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cuts sidecar: %w", err)
	}
	if st.Size() > maxSidecar {
		return nil, fmt.Errorf("cuts sidecar %s: %d bytes is more than the %d-byte limit", p, st.Size(), maxSidecar)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("cuts sidecar: %w", err)
	}
	return Decode(data, p)
}

// Decode parses a sidecar's bytes; name is for errors.
func Decode(data []byte, name string) ([]Cut, error) {
	var sc Sidecar
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&sc); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("cuts sidecar %s: byte %d: %w", name, se.Offset, err)
		}
		return nil, fmt.Errorf("cuts sidecar %s: %w", name, err)
	}
	if sc.Schema != Schema {
		return nil, fmt.Errorf("cuts sidecar %s: schema %q, want %q", name, sc.Schema, Schema)
	}
	seen := map[string]bool{}
	for i, c := range sc.Cuts {
		if err := CheckName(c.Name); err != nil {
			return nil, fmt.Errorf("cuts sidecar %s: cut %d: %w", name, i, err)
		}
		if seen[c.Name] {
			return nil, fmt.Errorf("cuts sidecar %s: cut %d: the name %q is given twice", name, i, c.Name)
		}
		seen[c.Name] = true
	}
	return sc.Cuts, nil
}

// Encode writes the sidecar's JSON for cuts.
func Encode(cs []Cut) ([]byte, error) {
	if cs == nil {
		cs = []Cut{}
	}
	b, err := json.MarshalIndent(Sidecar{Schema: Schema, Cuts: cs}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Save writes cuts to the sidecar of the file at path, atomically: a
// temporary file in the same folder, synced, then renamed over the
// sidecar, so that a crash leaves the old sidecar or the new one, never
// half of one. The sidecar it replaces is kept, written the same way, as
// FILE.animview.json.bak.
func Save(path string, cs []Cut) error {
	data, err := Encode(cs)
	if err != nil {
		return err
	}
	p := SidecarPath(path)
	if old, err := os.ReadFile(p); err == nil {
		if err := writeAtomic(p+BackupExt, old); err != nil {
			return fmt.Errorf("cuts sidecar: keeping the previous one: %w", err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cuts sidecar: %w", err)
	}
	if err := writeAtomic(p, data); err != nil {
		return fmt.Errorf("cuts sidecar: %w", err)
	}
	return nil
}

// writeAtomic writes data to path through a temporary file in its folder
// (fsync, rename, fsync of the folder where the system allows).
func writeAtomic(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, path); err != nil {
		return err
	}
	if d, derr := os.Open(dir); derr == nil {
		d.Sync() // best effort: not every system syncs a folder
		d.Close()
	}
	return nil
}
