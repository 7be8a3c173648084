package games

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// ErrVersion means saved data was written in a format version this build
// does not read.
var ErrVersion = errors.New("saved state has a format version this build does not read")

// DecodeStrict reads a game's saved JSON into v, which must have a "v"
// field holding version. Unknown fields and trailing data are refused,
// since saved states come back from disk and must describe exactly what
// was written; data of another version gives ErrVersion rather than a
// confusing shape error.
func DecodeStrict(data []byte, version int, v any) error {
	var head struct {
		V *int `json:"v"`
	}
	if err := json.Unmarshal(data, &head); err == nil && (head.V == nil || *head.V != version) {
		return ErrVersion
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, end := dec.Token(); end != io.EOF {
			err = errors.New("trailing data")
		}
	}
	if err != nil {
		return fmt.Errorf("malformed saved state: %w", err)
	}
	return nil
}

// DecodeState is the whole of a game's Decode: it reads data with
// DecodeStrict into the game's saved form W, then build checks it and
// makes the state. Errors are prefixed with the game's id; data of another
// version says so and wraps ErrVersion.
func DecodeState[W any](game string, data []byte, version int, build func(W) (State, error)) (State, error) {
	var w W
	if err := DecodeStrict(data, version, &w); err != nil {
		if errors.Is(err, ErrVersion) {
			return nil, fmt.Errorf("%s: unsupported state version: %w", game, err)
		}
		return nil, fmt.Errorf("%s: %w", game, err)
	}
	s, err := build(w)
	if err != nil {
		return nil, fmt.Errorf("%s: invalid state: %w", game, err)
	}
	return s, nil
}
