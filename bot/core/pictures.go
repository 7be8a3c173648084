package core

import (
	"crypto/sha256"
	"encoding/json"

	"github.com/lifebot/lifebot/games/i18n"
)

// Images are drawn only when what they show changed. Drawing one takes
// milliseconds of a core; a decision changes some of a game's images and
// leaves others as they were: a DM edited for its words or buttons alone,
// "Show my hand" asked for the hand the DM shows, a board edited again
// for the same view. Each game this process delivers keeps, for each place
// it draws, the last image drawn there and a fingerprint of the view,
// names and language it was drawn from; the same view, names and language
// give the same image, since the renderer is deterministic.

// Places a game draws images for: the board, and per seat its private
// view and its own board as anyone may see it (games.Inspector).
const (
	placeBoard = "board"
	placeSeat  = "seat:"
	placeLook  = "look:"
)

// picture is an image a place showed last, with the fingerprint of what it
// was drawn from.
type picture struct {
	key [sha256.Size]byte
	png []byte
}

// viewKey fingerprints what an image is drawn from; ok is false when the
// view cannot be marshalled, and the image is then drawn every time.
func viewKey(view any, names []string, lang i18n.Lang) (key [sha256.Size]byte, ok bool) {
	v, err := json.Marshal(struct {
		View  any
		Names []string
		Lang  i18n.Lang
	}{view, names, lang})
	if err != nil {
		return key, false
	}
	return sha256.Sum256(v), true
}

// draw returns the image of view for one place of a game, in lang: the
// one drawn last for that place when view, names and language are the
// same, else a new one. A game this process is not delivering keeps
// nothing.
func (s *Service) draw(game, place string, view any, names []string, lang i18n.Lang) ([]byte, error) {
	key, ok := viewKey(view, names, lang)
	s.liveMu.Lock()
	lg := s.live[game]
	s.liveMu.Unlock()
	ok = ok && lg != nil
	if ok {
		lg.mu.Lock()
		p, found := lg.pictures[place]
		lg.mu.Unlock()
		if found && p.key == key {
			return p.png, nil
		}
	}
	png, err := s.cfg.Renderer.Board(view, names, lang)
	if err == nil && ok {
		lg.mu.Lock()
		if lg.pictures == nil {
			lg.pictures = map[string]picture{}
		}
		lg.pictures[place] = picture{key: key, png: png}
		lg.mu.Unlock()
	}
	return png, err
}
