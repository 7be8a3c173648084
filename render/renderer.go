package render

import (
	"bytes"
	"image"
	"runtime"
	"sync"
)

// Renderer draws game boards as PNG images. It keeps what never changes
// between boards — backgrounds, card faces, tokens, dice and glyphs — drawn
// once per game on first use, so a board costs little more than compositing
// and encoding.
//
// A Renderer is safe for concurrent use; a bot needs only one. It runs at
// most runtime.GOMAXPROCS(0) renders at once, as many as there were when
// NewRenderer was called: further calls wait for one to finish. A render
// keeps the CPU busy throughout, so more at once would finish none sooner,
// and each holds a few megabytes of working memory, so a burst of boards
// from many games costs a fixed amount of memory however large it is. The
// zero value is not usable: call NewRenderer or NewRendererWith.
type Renderer struct {
	fonts *fontSet

	thatsLife func() *thatsLifeKit
	life      func() *lifeKit
	lagom     func() *lagomKit
	yodo      func() *yodoKit
	alife     func() *alifeKit

	// busy holds a token for each render running, at most GOMAXPROCS;
	// waiting counts the boards waiting for one, and turnFreed tells the
	// frames of animations waiting for one that a turn ended or a board
	// took one (see turns.go).
	busy    chan struct{}
	turnMu  sync.Mutex
	waiting int
	// boardTurns counts the turns boards took, for the frames' patience.
	boardTurns int
	turnFreed  *sync.Cond
	// idle keeps the working memory of finished renders for the next, the
	// most recent last: renders one at a time reuse one workspace, and
	// there are never more workspaces than renders that ran at once.
	mu   sync.Mutex
	idle []*workspace
}

// Options configure a Renderer. The zero value gives the defaults.
type Options struct {
	// FallbackFonts are font files tried in order for runes the embedded
	// fonts lack, after them: TrueType (.ttf), or the first font of a
	// TrueType collection (.ttc). Files that are missing or cannot be
	// parsed are passed over, and runes no font has are drawn as a
	// substitute box. Nil means DefaultFallbackFonts(), which is none: the
	// embedded fonts draw the scripts names are written in.
	FallbackFonts []string
}

// NewRenderer returns a Renderer with the default Options.
func NewRenderer() *Renderer { return NewRendererWith(Options{}) }

// NewRendererWith returns a Renderer configured by o. It is cheap: each
// game's parts are drawn on its first board, and fallback fonts are read
// when a board first needs one.
func NewRendererWith(o Options) *Renderer {
	fonts := defaultFonts
	if o.FallbackFonts != nil {
		fonts = newFontSet(o.FallbackFonts)
	}
	return newRenderer(fonts)
}

// newRenderer returns a Renderer drawing with fonts.
func newRenderer(fonts *fontSet) *Renderer {
	r := &Renderer{
		fonts:     fonts,
		thatsLife: kit(fonts, newThatsLifeKit),
		life:      kit(fonts, newLifeKit),
		lagom:     kit(fonts, newLagomKit),
		yodo:      kit(fonts, newYodoKit),
		alife:     kit(fonts, newAlifeKit),
		busy:      make(chan struct{}, runtime.GOMAXPROCS(0)),
	}
	r.turnFreed = sync.NewCond(&r.turnMu)
	return r
}

// kit returns a game's kit, built with fonts on first use.
func kit[K any](fonts *fontSet, newKit func(*fontSet) K) func() K {
	return sync.OnceValue(func() K { return newKit(fonts) })
}

// FallbackFonts returns the fallback font files r draws with, in the order
// they are tried: those of its Options that could be read and parsed. It
// reads them if no board has yet, so a bot can report at start whether
// names in CJK will be drawn or boxed.
func (r *Renderer) FallbackFonts() []string { return r.fonts.paths() }

// render draws one image once a render may start: a copy of background
// with paint applied, encoded as PNG. It takes what a paint function
// returns, so that a refusal passes straight through.
func (r *Renderer) render(background *backdrop, paint func(*image.RGBA), err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	r.take()
	defer r.give()
	var ws *workspace
	r.mu.Lock()
	if n := len(r.idle); n > 0 {
		ws, r.idle = r.idle[n-1], r.idle[:n-1]
	}
	r.mu.Unlock()
	if ws == nil {
		ws = new(workspace)
	}
	defer func() {
		r.mu.Lock()
		r.idle = append(r.idle, ws)
		r.mu.Unlock()
	}()
	return ws.render(background, paint), nil
}

// workspace is the working memory of one render at a time, kept for the
// next: the frame drawn on, its palette indices as PNG scanlines, the
// compressor's buffers and the PNG before it is copied out.
type workspace struct {
	frame image.RGBA
	scan  []byte
	out   []byte
	deflater
}

func (ws *workspace) render(background *backdrop, paint func(*image.RGBA)) []byte {
	im := &ws.frame
	im.Stride, im.Rect = 4*background.rect.Dx(), background.rect
	im.Pix = resize(im.Pix, im.Stride*background.rect.Dy())
	background.paint(im)
	paint(im)
	ws.out = ws.encodeBoard(ws.out[:0], im)
	return bytes.Clone(ws.out)
}

// resize returns p with length n, reusing its memory when it has room.
func resize(p []uint8, n int) []uint8 {
	if cap(p) < n {
		return make([]uint8, n)
	}
	return p[:n]
}
