package bot

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/lifebot/lifebot/games"
	"github.com/lifebot/lifebot/storage"
)

// errDMClosed means Discord refused to deliver a DM (code 50007): the
// player allows no DMs from this server or from bots.
var errDMClosed = errors.New("the player's DMs are closed")

// sendDM opens (or reuses) the DM channel with user and sends m there.
func sendDM(s *discordgo.Session, user string, m *discordgo.MessageSend) error {
	ch, err := s.UserChannelCreate(user)
	if err == nil {
		_, err = s.ChannelMessageSendComplex(ch.ID, m)
	}
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser {
		return errDMClosed
	}
	return err
}

// privateMessage draws what one seat alone may see, with the buttons for
// that seat's own decisions. It is sent by DM, or as an ephemeral reply to
// "Show my hand".
func (b *Bot) privateMessage(rec storage.Record, t *table, st games.State, seat games.Seat) (*discordgo.InteractionResponseData, error) {
	png, err := b.cfg.Renderer.Board(st.View(seat), t.names())
	if err != nil {
		return nil, fmt.Errorf("drawing seat %d of game %s: %w", seat, rec.ID, err)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**%s** · game `%s` in <#%s> · your view, %s · [board](%s)\n", b.gameName(rec.Game), rec.ID, rec.Channel, t.Seats[seat].Name, jumpLink(rec.Guild, t.Board))
	for _, note := range t.Notes[int(seat)] {
		fmt.Fprintf(&sb, "🔒 %s\n", note)
	}
	var components []discordgo.MessageComponent
	switch {
	case t.Outcome != "":
		sb.WriteString("The game is over.")
	case games.IsActive(st, seat):
		fmt.Fprintf(&sb, "➡️ %s", games.FormatSeats(st.Prompt(), t.names()))
		components = b.choiceComponents(rec, t, seat, st.Legal(seat))
	default:
		fmt.Fprintf(&sb, "Waiting for %s.", b.waitingNames(t, st))
	}
	return imageMessage(sb.String(), components, fmt.Sprintf("%s-%s-%d-you.png", rec.Game, rec.ID, t.moves()), png), nil
}

// privateKey fingerprints what a seat was last sent: its view, and the move
// number when it has to act, since its buttons carry that number.
func privateKey(st games.State, seat games.Seat, asked int) (string, error) {
	v, err := json.Marshal(st.View(seat))
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(v)
	key := hex.EncodeToString(sum[:8])
	if games.IsActive(st, seat) {
		key += ":" + strconv.Itoa(asked)
	}
	return key, nil
}

// sendPrivateViews DMs every person whose private view changed. A person
// whose DMs are closed is told once, in the channel, to use the board's
// "Show my hand" button instead; nothing private is ever said there.
// inPlace is the seat whose private message was just updated by the click
// itself, if any. It reports whether t changed.
func (b *Bot) sendPrivateViews(s *discordgo.Session, rec storage.Record, t *table, st games.State, inPlace games.Seat) bool {
	changed := false
	if t.Sent == nil {
		t.Sent = map[string]string{}
	}
	for i, p := range t.Seats {
		seat := games.Seat(i)
		if p.AI {
			continue
		}
		key, err := privateKey(st, seat, t.asked(seat))
		if err != nil {
			b.log.Error("fingerprinting a private view", "game", rec.ID, "seat", i, "err", err)
			continue
		}
		if t.Sent[p.User] == key {
			continue
		}
		if seat == inPlace || slices.Contains(t.DMClosed, p.User) {
			t.Sent[p.User], changed = key, true
			continue
		}
		msg, err := b.privateMessage(rec, t, st, seat)
		if err != nil {
			b.log.Error("building a private view", "game", rec.ID, "seat", i, "err", err)
			continue
		}
		err = sendDM(s, p.User, &discordgo.MessageSend{
			Content: msg.Content, Components: msg.Components, Files: msg.Files, AllowedMentions: msg.AllowedMentions,
		})
		switch {
		case errors.Is(err, errDMClosed):
			t.DMClosed = append(t.DMClosed, p.User)
			t.Sent[p.User], changed = key, true
			b.tellDMClosed(s, rec, p.User)
		case err != nil:
			// Left unrecorded, so the next move tries again.
			b.log.Warn("sending a private view", "game", rec.ID, "seat", i, "err", err)
		default:
			t.Sent[p.User], changed = key, true
		}
	}
	return changed
}

func (b *Bot) tellDMClosed(s *discordgo.Session, rec storage.Record, user string) {
	_, err := s.ChannelMessageSendComplex(rec.Channel, &discordgo.MessageSend{
		Content: fmt.Sprintf("<@%s>, I can't send you DMs, so your cards for game `%s` stay with me: click **Show my hand** on the board whenever you need them.",
			user, rec.ID),
		AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{user}},
	})
	if err != nil {
		b.log.Warn("telling a player their DMs are closed", "game", rec.ID, "err", err)
	}
}

// onHand answers "Show my hand" with the player's private view, visible to
// them alone.
func (b *Bot) onHand(i *discordgo.Interaction, r *reply, rec storage.Record, t *table) {
	if rec.Status == storage.Lobby {
		r.private("The game hasn't started yet.")
		return
	}
	seat, ok := t.seatOf(userOf(i).ID)
	if !ok {
		r.private("You're not in this game, so there is nothing to show you.")
		return
	}
	st, err := b.decodeState(rec.Game, t)
	if err != nil {
		r.private(b.playerError(err, rec.ID))
		return
	}
	msg, err := b.privateMessage(rec, t, st, seat)
	if err != nil {
		r.private(b.playerError(err, rec.ID))
		return
	}
	r.privateData(msg)
}

// editBoard redraws the board message outside of a click on it (the click
// came from a DM or an ephemeral hand).
func (b *Bot) editBoard(ctx context.Context, s *discordgo.Session, rec storage.Record, t *table, st games.State) {
	if t.Board.ID == "" {
		return
	}
	msg, err := b.boardMessage(rec, t, st)
	if err != nil {
		b.log.Error("drawing the board", "game", rec.ID, "err", err)
		return
	}
	_, err = s.ChannelMessageEditComplex(&discordgo.MessageEdit{
		ID: t.Board.ID, Channel: t.Board.Channel, Content: &msg.Content, Components: &msg.Components,
		Files: msg.Files, Attachments: msg.Attachments, AllowedMentions: msg.AllowedMentions,
	}, discordgo.WithContext(ctx))
	if err != nil {
		b.log.Warn("editing the board", "game", rec.ID, "err", err)
	}
}
