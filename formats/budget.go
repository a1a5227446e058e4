package formats

import (
	"errors"
	"fmt"
	"strconv"
	"sync/atomic"
)

// ErrBudget is the cause of an error for an archive that would decompress
// more than its budget (docs/formats/README.md#limits).
var ErrBudget = errors.New("archive budget exceeded")

// DefaultBudget is the decompressed bytes an opened archive may produce in
// all: far more than any game archive's animation resources, far less than
// a decompression bomb of aliased entries would take.
const DefaultBudget = 512 << 20

// OptionBudget is the Input.Options key that sets an archive's budget, in
// MiB (the --archive-budget flag).
const OptionBudget = "archive-budget"

// Budget counts the bytes an opened archive decompresses and refuses any
// beyond its limit, so that aliased entries or a decompression bomb end in
// an error naming the archive and the budget instead of exhausting memory.
// It is safe for concurrent use.
type Budget struct {
	name  string
	limit int64
	used  atomic.Int64
}

// NewBudget returns the budget of the archive name; a limit <= 0 is
// DefaultBudget.
func NewBudget(name string, limit int64) *Budget {
	if limit <= 0 {
		limit = DefaultBudget
	}
	return &Budget{name: name, limit: limit}
}

// BudgetFromOptions returns the budget that options set for the archive
// name (OptionBudget, in MiB), or the default one.
func BudgetFromOptions(name string, options map[string]string) (*Budget, error) {
	s, ok := options[OptionBudget]
	if !ok || s == "" {
		return NewBudget(name, 0), nil
	}
	mib, err := strconv.ParseInt(s, 10, 64)
	if err != nil || mib < 1 || mib > 1<<23 {
		return nil, fmt.Errorf("--%s %q: want a whole number of MiB from 1 to %d", OptionBudget, s, 1<<23)
	}
	return NewBudget(name, mib<<20), nil
}

// Take counts n more bytes for what (the entry about to be decompressed),
// or returns an error wrapping ErrBudget, without counting them, when they
// would pass the limit.
func (b *Budget) Take(what string, n int64) error {
	for {
		used := b.used.Load()
		if used+n > b.limit {
			return fmt.Errorf("%s: decompressing its %d bytes would pass the budget of %s for archive %s (%d bytes decompressed so far; --%s MiB raises it): %w",
				what, n, mib(b.limit), b.name, used, OptionBudget, ErrBudget)
		}
		if b.used.CompareAndSwap(used, used+n) {
			return nil
		}
	}
}

// Used returns the bytes counted so far.
func (b *Budget) Used() int64 { return b.used.Load() }

// Limit returns the budget in bytes.
func (b *Budget) Limit() int64 { return b.limit }

func mib(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
