package render

import "sync"

// sight keeps the smallest label and the smallest meaningful icon drawn
// since it was last reset, and the texts that did not fit, so that a test
// can hold an image to what a phone shows: Discord draws an image in chat
// about 400 px wide. Its methods do nothing on a nil sight, which is what
// every Renderer outside those tests has.
type sight struct {
	mu       sync.Mutex
	text     float64 // font size of the smallest label, 0 for none
	label    string
	icon     float64 // size of the smallest icon, 0 for none
	iconWhat string
	cut      map[string]bool // texts cut short or drawn past an edge
	drawn    map[string]bool // every text drawn
}

// sawText records a label drawn at size pixels.
func (s *sight) sawText(label string, size float64) {
	if s == nil || label == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.drawn == nil {
		s.drawn = map[string]bool{}
	}
	s.drawn[label] = true
	if s.text == 0 || size < s.text {
		s.text, s.label = size, label
	}
}

// sawCut records a text that did not fit: cut short with an ellipsis,
// drawn past the edge of the image it was drawn on, or left out.
func (s *sight) sawCut(text string) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cut == nil {
		s.cut = map[string]bool{}
	}
	s.cut[text] = true
}

// sawIcon records an icon that carries meaning, what it stands for, drawn
// size pixels across at its smaller side.
func (s *sight) sawIcon(what string, size float64) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.icon == 0 || size < s.icon {
		s.icon, s.iconWhat = size, what
	}
}

// icon tells the set's sight, if it has one, of a meaningful icon drawn
// size pixels across. Boards call it for every symbol a player must make
// out: a suit, a fate, a cost, a player's mark.
func (fs *fontSet) icon(what string, size float64) { fs.sight.sawIcon(what, size) }
