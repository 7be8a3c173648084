package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// aiNames are given to AI seats in turn; the robot makes them obvious.
var aiNames = []string{"Robin", "Sasha", "Kit", "Noor", "Juno", "Milo", "Wren", "Ezra"}

func (b *Bot) lobbyMessage(rec storage.Record, t *table, info games.Info) *discordgo.InteractionResponseData {
	var sb strings.Builder
	fmt.Fprintf(&sb, "## %s\nNew game `%s`, hosted by <@%s> · %d–%d players\n", info.Name, rec.ID, t.Host, info.MinSeats, info.MaxSeats)
	if d := games.Describe(info.Options, t.Options); d != "" {
		fmt.Fprintf(&sb, "Options: %s\n", d)
	}
	fmt.Fprintf(&sb, "**Players (%d/%d)**\n", len(t.Seats), info.MaxSeats)
	for n, s := range t.Seats {
		fmt.Fprintf(&sb, "%d. %s\n", n+1, s.Name)
	}
	sb.WriteString("Click **Join** to play. The host starts the game; empty seats can be AI players.")
	id := func(verb string) string { return customID{Verb: verb, Game: rec.ID}.String() }
	full := len(t.Seats) >= info.MaxSeats
	return &discordgo.InteractionResponseData{
		Content:         sb.String(),
		AllowedMentions: &discordgo.MessageAllowedMentions{},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Join", Style: discordgo.SuccessButton, CustomID: id(verbJoin), Disabled: full},
			discordgo.Button{Label: "Leave", Style: discordgo.SecondaryButton, CustomID: id(verbLeave)},
			discordgo.Button{Label: "Add AI player", Style: discordgo.SecondaryButton, CustomID: id(verbAddAI), Disabled: full},
			discordgo.Button{Label: "Start", Style: discordgo.PrimaryButton, CustomID: id(verbStart)},
			discordgo.Button{Label: "Cancel", Style: discordgo.DangerButton, CustomID: id(verbCancel)},
		}}},
	}
}

// onLobby serves the lobby's buttons. The caller holds the game's lock.
func (b *Bot) onLobby(ctx context.Context, s *discordgo.Session, i *discordgo.Interaction, r *reply, rec storage.Record, t *table, cid customID) {
	g, ok := b.games.Get(rec.Game)
	if !ok {
		r.private(b.playerError(fmt.Errorf("lobby %s: game %q not registered", rec.ID, rec.Game), rec.ID))
		return
	}
	info := g.Info()
	user := userOf(i)
	_, seated := t.seatOf(user.ID)
	isHost := user.ID == t.Host
	switch cid.Verb {
	case verbJoin:
		if seated {
			r.private("You're already in this game.")
			return
		}
		if len(t.Seats) >= info.MaxSeats {
			r.private("This game is full.")
			return
		}
		t.Seats = append(t.Seats, seat{User: user.ID, Name: displayName(i)})
	case verbLeave:
		if isHost {
			r.private("You're the host: use **Cancel** to close the lobby.")
			return
		}
		if !seated {
			r.private("You're not in this game.")
			return
		}
		gone, _ := t.seatOf(user.ID)
		t.Seats = append(t.Seats[:gone], t.Seats[gone+1:]...)
	case verbAddAI:
		if !isHost {
			r.private("Only the host can add AI players.")
			return
		}
		if len(t.Seats) >= info.MaxSeats {
			r.private("This game is full.")
			return
		}
		t.Seats = append(t.Seats, seat{AI: true, Name: "🤖 " + aiNames[t.aiCount()%len(aiNames)]})
	case verbCancel:
		if !isHost {
			r.private("Only the host can cancel this game.")
			return
		}
		rec.Status = storage.Cancelled
		if _, err := b.save(ctx, rec, t); err != nil {
			r.private(b.playerError(err, rec.ID))
			return
		}
		r.update(&discordgo.InteractionResponseData{
			Content:         fmt.Sprintf("~~%s lobby `%s`~~ cancelled by the host.", info.Name, rec.ID),
			Components:      []discordgo.MessageComponent{},
			AllowedMentions: &discordgo.MessageAllowedMentions{},
		})
		return
	case verbStart:
		if !isHost {
			r.private("Only the host can start the game.")
			return
		}
		if len(t.Seats) < info.MinSeats {
			r.private(fmt.Sprintf("%s needs at least %d players: wait for friends to join or add an AI player.", info.Name, info.MinSeats))
			return
		}
		b.start(ctx, s, i, r, rec, t, g)
		return
	}
	rec, err := b.save(ctx, rec, t)
	if err != nil {
		r.private(b.playerError(err, rec.ID))
		return
	}
	r.update(b.lobbyMessage(rec, t, info))
}

func (t *table) aiCount() int {
	n := 0
	for _, s := range t.Seats {
		if s.AI {
			n++
		}
	}
	return n
}
