package clipboard

import (
	"errors"
	"fmt"
	"runtime"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// The Win32 clipboard (user32's OpenClipboard, SetClipboardData with
// CF_UNICODETEXT in movable global memory, GetClipboardData), as
// Microsoft's "Using the Clipboard" describes it. No helper process runs,
// so no console window flashes and the text keeps every character.
var (
	user32           = windows.NewLazySystemDLL("user32.dll")
	kernel32         = windows.NewLazySystemDLL("kernel32.dll")
	openClipboard    = user32.NewProc("OpenClipboard")
	closeClipboard   = user32.NewProc("CloseClipboard")
	emptyClipboard   = user32.NewProc("EmptyClipboard")
	setClipboardData = user32.NewProc("SetClipboardData")
	getClipboardData = user32.NewProc("GetClipboardData")
	globalAlloc      = kernel32.NewProc("GlobalAlloc")
	globalFree       = kernel32.NewProc("GlobalFree")
	globalLock       = kernel32.NewProc("GlobalLock")
	globalUnlock     = kernel32.NewProc("GlobalUnlock")
	moveMemory       = kernel32.NewProc("RtlMoveMemory")
	lstrlenW         = kernel32.NewProc("lstrlenW")
)

const (
	cfUnicodeText = 13
	gmemMoveable  = 0x0002
)

// open opens the clipboard for this thread, retrying for a moment while
// another program holds it.
func open() error {
	runtime.LockOSThread()
	var err error
	for i := 0; i < 20; i++ {
		var r uintptr
		if r, _, err = openClipboard.Call(0); r != 0 {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	runtime.UnlockOSThread()
	return fmt.Errorf("clipboard: OpenClipboard: %w", err)
}

func closeIt() {
	closeClipboard.Call()
	runtime.UnlockOSThread()
}

func copyText(text string) error {
	u, err := windows.UTF16FromString(text)
	if err != nil {
		return fmt.Errorf("clipboard: %w", err)
	}
	if err := open(); err != nil {
		return err
	}
	defer closeIt()
	if r, _, err := emptyClipboard.Call(); r == 0 {
		return fmt.Errorf("clipboard: EmptyClipboard: %w", err)
	}
	size := uintptr(len(u)) * 2
	h, _, err := globalAlloc.Call(gmemMoveable, size)
	if h == 0 {
		return fmt.Errorf("clipboard: GlobalAlloc: %w", err)
	}
	p, _, err := globalLock.Call(h)
	if p == 0 {
		globalFree.Call(h)
		return fmt.Errorf("clipboard: GlobalLock: %w", err)
	}
	// The global memory is reached through the system's own copy, so Go
	// never turns an address it did not allocate into a pointer.
	moveMemory.Call(p, uintptr(unsafe.Pointer(&u[0])), size)
	globalUnlock.Call(h)
	if r, _, err := setClipboardData.Call(cfUnicodeText, h); r == 0 {
		globalFree.Call(h)
		return fmt.Errorf("clipboard: SetClipboardData: %w", err)
	}
	// The clipboard owns the memory now.
	return nil
}

func pasteText() (string, error) {
	if err := open(); err != nil {
		return "", err
	}
	defer closeIt()
	h, _, _ := getClipboardData.Call(cfUnicodeText)
	if h == 0 {
		return "", errors.New("clipboard: no text on the clipboard")
	}
	p, _, err := globalLock.Call(h)
	if p == 0 {
		return "", fmt.Errorf("clipboard: GlobalLock: %w", err)
	}
	defer globalUnlock.Call(h)
	n, _, _ := lstrlenW.Call(p)
	if n == 0 {
		return "", nil
	}
	u := make([]uint16, n)
	moveMemory.Call(uintptr(unsafe.Pointer(&u[0])), p, n*2)
	return windows.UTF16ToString(u), nil
}
