package render

import (
	"bytes"
	"image"
	"runtime"
	"sync"
)

// Width and Height are the size of every board image: 16:9, which Discord
// shows whole in a channel on desktop and on phones.
const (
	Width  = 1280
	Height = 720
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
// zero value is not usable: call NewRenderer.
type Renderer struct {
	thatsLife func() *thatsLifeKit
	life      func() *lifeKit
	lagom     func() *lagomKit
	yodo      func() *yodoKit
	alife     func() *alifeKit

	// busy holds a token for each render running, at most GOMAXPROCS.
	busy chan struct{}
	// idle keeps the working memory of finished renders for the next, the
	// most recent last: renders one at a time reuse one workspace, and
	// there are never more workspaces than renders that ran at once.
	mu   sync.Mutex
	idle []*workspace
}

// NewRenderer returns a Renderer. It is cheap: each game's parts are drawn
// on its first board.
func NewRenderer() *Renderer {
	return &Renderer{
		thatsLife: sync.OnceValue(newThatsLifeKit),
		life:      sync.OnceValue(newLifeKit),
		lagom:     sync.OnceValue(newLagomKit),
		yodo:      sync.OnceValue(newYodoKit),
		alife:     sync.OnceValue(newAlifeKit),
		busy:      make(chan struct{}, runtime.GOMAXPROCS(0)),
	}
}

// render draws one image once a render may start: a copy of background
// with paint applied, encoded as PNG. It takes what a paint function
// returns, so that a refusal passes straight through.
func (r *Renderer) render(background *image.RGBA, paint func(*image.RGBA), err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	r.busy <- struct{}{}
	defer func() { <-r.busy }()
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

func (ws *workspace) render(background *image.RGBA, paint func(*image.RGBA)) []byte {
	im := &ws.frame
	im.Pix = resize(im.Pix, len(background.Pix))
	copy(im.Pix, background.Pix)
	im.Stride, im.Rect = background.Stride, background.Rect
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
