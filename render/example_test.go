package render_test

import (
	"bytes"
	"fmt"
	"image/png"

	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/games/thatslife"
	"github.com/lifebot/lifebot/render"
)

func ExampleRenderer_ThatsLife() {
	r := render.NewRenderer() // one per bot: it caches card faces and fonts
	v := thatslife.View{
		Spots: []thatslife.Spot{
			{Card: thatslife.Card{ID: "start", Kind: thatslife.Start}, Figures: []int{2, 3}},
			{Card: thatslife.Card{ID: "A-1", Kind: thatslife.Minus, Value: -1}, Figures: []int{1, 0}},
			{Card: thatslife.Card{ID: "F1", Kind: thatslife.Fortune}, Figures: []int{0, 0}, Guards: 1},
			{Card: thatslife.Card{ID: "finish", Kind: thatslife.Finish}, Figures: []int{0, 0}},
		},
		Players: []thatslife.PlayerView{
			{Colour: thatslife.Red, Figures: 3},
			{Colour: thatslife.Blue, Figures: 3},
		},
		Turn: 1,
		Roll: 5,
	}
	data, err := r.ThatsLife(v, []string{"Ada", "Grace"}, i18n.English)
	if err != nil {
		fmt.Println(err)
		return
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%dx%d PNG\n", cfg.Width, cfg.Height)
	// Output: 600x819 PNG
}
