package pak

import (
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/animview/animview/formats/prime"
	"github.com/animview/animview/formats/prime/primetest"
	"github.com/animview/animview/internal/lzo/lzotest"
)

// TestWriteBigPAK writes, when ANIMVIEW_BIG_PAK names a file, a PAK for
// measuring a batch's peak memory (README, "What you can rely on"): the
// MP1 demo character set, ANIMVIEW_BIG_PAK_ANIMS (4) loose copies of its
// walk each padded with zeros to ANIMVIEW_BIG_PAK_MIB (120) MiB and zlib
// compressed (ANIMVIEW_BIG_PAK_STORE plain or lzo stores them so), the character set padded to ANIMVIEW_BIG_PAK_ANCS_MIB (0)
// MiB, and a plain entry of ANIMVIEW_BIG_PAK_FILL_MIB (0) MiB that
// only makes the file large.
func TestWriteBigPAK(t *testing.T) {
	out := os.Getenv("ANIMVIEW_BIG_PAK")
	if out == "" {
		t.Skip("ANIMVIEW_BIG_PAK names the file to write")
	}
	num := func(name string, def int) int {
		if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
			return n
		}
		return def
	}
	files, err := primetest.SetFiles(prime.MP1)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var entries []WriteEntry
	var walk []byte
	for _, n := range names {
		id, err := strconv.ParseUint(n[:8], 16, 32)
		if err != nil {
			t.Fatal(err)
		}
		typ := n[9:]
		if pad := num("ANIMVIEW_BIG_PAK_ANCS_MIB", 0) << 20; typ == "ANCS" && pad > len(files[n]) {
			files[n] = append(files[n], make([]byte, pad-len(files[n]))...)
		}
		entries = append(entries, WriteEntry{Type: Type4(typ), ID: uint32(id), Data: files[n], Compression: Zlib})
		if typ == "ANIM" && walk == nil && !strings.EqualFold(n, primetest.ANCSName) {
			walk = files[n]
		}
	}
	size := num("ANIMVIEW_BIG_PAK_MIB", 120) << 20
	for i := 0; i < num("ANIMVIEW_BIG_PAK_ANIMS", 4); i++ {
		d := append(append([]byte(nil), walk...), make([]byte, size-len(walk))...)
		comp := Zlib
		switch os.Getenv("ANIMVIEW_BIG_PAK_STORE") {
		case "plain":
			comp = Plain
		case "lzo":
			comp = LZO
		}
		entries = append(entries, WriteEntry{Type: Type4("ANIM"), ID: 0xB0000000 + uint32(i), Data: d, Compression: comp})
	}
	if fill := num("ANIMVIEW_BIG_PAK_FILL_MIB", 0) << 20; fill > 0 {
		entries = append(entries, WriteEntry{Type: Type4("DUMB"), ID: 0xC0000000, Data: make([]byte, fill)})
	}
	b, err := Write(nil, entries, WriteOptions{CompressLZO: lzotest.Compress})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
