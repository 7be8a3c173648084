// Command emojipack packs a folder of emoji images named as Twemoji names
// them (code points in hexadecimal joined by hyphens, 1f468-200d-1f469.png)
// into the one file package render embeds, render/fonts/twemoji.pack:
//
//	"EMJ1", entry count (uint32)
//	per entry, sorted by key: key length (uint16), key, offset (uint32), length (uint32)
//	the PNG files, back to back, at those offsets from the end of the index
//
// A key is the sequence's code points as UTF-8 without variation selector
// 16 (U+FE0F), which names are inconsistent about and which adds nothing
// to the lookup. Run it as
//
//	go run ./render/internal/emojipack DIR render/fonts/twemoji.pack
package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: emojipack DIR OUT")
		os.Exit(2)
	}
	if err := pack(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "emojipack:", err)
		os.Exit(1)
	}
}

type entry struct {
	key string
	png []byte
}

func pack(dir, out string) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.png"))
	if err != nil {
		return err
	}
	byKey := map[string][]byte{}
	for _, f := range files {
		key, err := keyOf(strings.TrimSuffix(filepath.Base(f), ".png"))
		if err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if _, err := png.Decode(bytes.NewReader(b)); err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		byKey[key] = b
	}
	entries := make([]entry, 0, len(byKey))
	for k, b := range byKey {
		entries = append(entries, entry{k, b})
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.key, b.key) })

	var index, blob bytes.Buffer
	index.WriteString("EMJ1")
	_ = binary.Write(&index, binary.LittleEndian, uint32(len(entries)))
	for _, e := range entries {
		_ = binary.Write(&index, binary.LittleEndian, uint16(len(e.key)))
		index.WriteString(e.key)
		_ = binary.Write(&index, binary.LittleEndian, uint32(blob.Len()))
		_ = binary.Write(&index, binary.LittleEndian, uint32(len(e.png)))
		blob.Write(e.png)
	}
	return os.WriteFile(out, append(index.Bytes(), blob.Bytes()...), 0o644)
}

// keyOf turns a file name such as 1f3f3-fe0f-200d-1f308 into its key.
func keyOf(name string) (string, error) {
	var b strings.Builder
	for _, h := range strings.Split(name, "-") {
		r, err := strconv.ParseUint(h, 16, 32)
		if err != nil {
			return "", err
		}
		if r != 0xFE0F {
			b.WriteRune(rune(r))
		}
	}
	return b.String(), nil
}
