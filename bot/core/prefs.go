package core

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	// Zone names must load on hosts without a zoneinfo database, such as
	// the distroless image.
	_ "time/tzdata"

	"github.com/lifebot/lifebot/games/i18n"
	"github.com/lifebot/lifebot/storage"
)

// prefs is how one player wants to be told of their turns (/notify). The
// zero value is how the bot tells everyone by default: a DM for games
// with hidden hands, a mention in the channel for the others, at any
// hour. It is stored with the player (storage.Player), so every process
// sharing the store honours it.
type prefs struct {
	// Pings is where turn pings go: pingsAuto, pingsDM or pingsChannel.
	Pings string `json:"pings,omitempty"`
	// Zone is the IANA time zone quiet hours and the digest are read in;
	// "" is UTC.
	Zone string `json:"zone,omitempty"`
	// QuietFrom and QuietTo are the hours (0–23, in Zone) between which
	// pings wait; equal hours mean no quiet hours.
	QuietFrom int `json:"quiet_from,omitempty"`
	QuietTo   int `json:"quiet_to,omitempty"`
	// Digest replaces turn pings with one DM a day, at DigestHour in Zone.
	Digest     bool `json:"digest,omitempty"`
	DigestHour int  `json:"digest_hour,omitempty"`
	// Muted are games the player hears nothing from.
	Muted []string `json:"muted,omitempty"`
	// Lang is the language the player chose to read the bot in (an
	// i18n.Lang); "" follows their Discord client.
	Lang string `json:"lang,omitempty"`
	// Seen is their Discord client's language when they last used the
	// bot, for the DMs sent without an interaction.
	Seen string `json:"seen,omitempty"`
}

// Where turn pings go.
const (
	pingsAuto    = ""
	pingsDM      = "dm"
	pingsChannel = "channel"
)

// PingChoices are what /notify pings offers.
var PingChoices = []Choice{
	{Name: "As each game decides: DMs for hidden hands, the channel otherwise", Value: "auto"},
	{Name: "Always a DM", Value: pingsDM},
	{Name: "Always a mention in the game's channel", Value: pingsChannel},
}

// defaultDigestHour is when a digest goes when the player named no hour.
const defaultDigestHour = 9

func (p prefs) location() *time.Location {
	if loc, err := time.LoadLocation(p.Zone); err == nil && p.Zone != "" {
		return loc
	}
	return time.UTC
}

// quietUntil reports whether now falls in p's quiet hours, and when they
// end.
func (p prefs) quietUntil(now time.Time) (time.Time, bool) {
	if p.QuietFrom == p.QuietTo {
		return time.Time{}, false
	}
	local := now.In(p.location())
	h := local.Hour()
	in := h >= p.QuietFrom && h < p.QuietTo
	if p.QuietFrom > p.QuietTo {
		in = h >= p.QuietFrom || h < p.QuietTo
	}
	if !in {
		return time.Time{}, false
	}
	return nextHour(local, p.QuietTo), true
}

// nextDigest is the first digest time after now.
func (p prefs) nextDigest(now time.Time) time.Time {
	return nextHour(now.In(p.location()), p.DigestHour)
}

// nextHour is the first time after local, in its zone, at hour o'clock.
// Built from the date, it stays at that hour across a change of
// daylight saving time.
func nextHour(local time.Time, hour int) time.Time {
	y, m, d := local.Date()
	at := time.Date(y, m, d, hour, 0, 0, 0, local.Location())
	if !at.After(local) {
		at = time.Date(y, m, d+1, hour, 0, 0, 0, local.Location())
	}
	return at.UTC()
}

// muted reports whether the player hears nothing from game.
func (p prefs) muted(game string) bool { return slices.Contains(p.Muted, game) }

// when decides a notification to the player about game at now: send it
// now, hold it until wake, or drop it (neither). A reminder of a turn
// clock is useful until latest (zero: always), the last time it leaves
// the player time to act: it waits for the end of quiet hours, or is left
// to the digest, only when that comes before latest.
func (p prefs) when(now time.Time, game string, reminder bool, latest time.Time) (send bool, wake time.Time) {
	switch {
	case p.muted(game):
		return false, time.Time{}
	case p.Digest && (!reminder || latest.IsZero() || !latest.Before(p.nextDigest(now))):
		return false, time.Time{}
	}
	end, quiet := p.quietUntil(now)
	if !quiet || reminder && !latest.IsZero() && latest.Before(end) {
		return true, time.Time{}
	}
	return false, end
}

// playerPrefs reads a player's settings; a player who never chose any,
// or whose record cannot be read, is told as everyone is by default.
func (s *Service) playerPrefs(ctx context.Context, user string) prefs {
	p, _, err := s.readPrefs(ctx, user)
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		s.log.Warn("reading a player's settings", "err", err)
	}
	return p
}

func (s *Service) readPrefs(ctx context.Context, user string) (prefs, storage.Player, error) {
	rec, err := s.store.GetPlayer(ctx, user)
	if err != nil {
		return prefs{}, storage.Player{ID: user}, err
	}
	var p prefs
	if err := json.Unmarshal(rec.Data, &p); err != nil {
		return prefs{}, rec, fmt.Errorf("player %s: %w", user, err)
	}
	return p, rec, nil
}

// changePrefs applies change to a player's settings and stores them,
// with the time of their next digest, trying again when another process
// wrote the record meanwhile. It returns the settings as stored.
func (s *Service) changePrefs(ctx context.Context, user string, change func(*prefs)) (prefs, error) {
	for {
		p, rec, err := s.readPrefs(ctx, user)
		if err != nil && !errors.Is(err, storage.ErrNotFound) {
			return prefs{}, err
		}
		change(&p)
		rec.Data, err = json.Marshal(p)
		if err != nil {
			return prefs{}, err
		}
		rec.Due = time.Time{}
		if p.Digest {
			rec.Due = p.nextDigest(s.cfg.Clock.Now())
		}
		_, err = s.store.PutPlayer(ctx, rec)
		if !errors.Is(err, storage.ErrConflict) {
			return p, err
		}
	}
}

// NotifyChange is one /notify: the fields set are the ones to change.
type NotifyChange struct {
	Pings string // "auto", pingsDM or pingsChannel
	// Quiet sets quiet hours from QuietFrom to QuietTo (equal: none),
	// read in Zone when given.
	Quiet              bool
	QuietFrom, QuietTo int
	Zone               string
	// Digest turns the daily digest on or off, at DigestHour when set.
	Digest     *bool
	DigestHour *int
	Mute       string // a game id
	Unmute     string
	// Language is a LanguageChoices value.
	Language string
}

// Notify answers /notify: it changes what the player asked and shows
// their settings. With nothing to change it only shows them.
func (s *Service) Notify(ctx context.Context, a Actor, c NotifyChange) *Message {
	say := s.say(ctx, a)
	if c.Zone != "" {
		if _, err := time.LoadLocation(c.Zone); err != nil || strings.EqualFold(c.Zone, "local") {
			return Text(say.T("notify.zone_unknown", "zone", strconv.Quote(c.Zone)))
		}
	}
	if c.Pings != "" && !offers(PingChoices, c.Pings) {
		return Text(say.T("notify.pings_unknown"))
	}
	if c.Language != "" && !offers(LanguageChoices, c.Language) {
		return Text(say.T("notify.language_unknown"))
	}
	for _, h := range []int{c.QuietFrom, c.QuietTo} {
		if h < 0 || h > 23 {
			return Text(say.T("notify.hours_range"))
		}
	}
	game := cmp.Or(c.Mute, c.Unmute)
	if game != "" {
		rec, err := s.store.Get(ctx, game)
		if err != nil || !slices.Contains(rec.Users, a.User) {
			return Text(say.T("notify.not_in_game", "game", game))
		}
	}
	open := func(id string) bool {
		rec, err := s.store.Get(ctx, id)
		return err == nil && rec.Status.Open()
	}
	p, err := s.changePrefs(ctx, a.User, func(p *prefs) {
		switch c.Pings {
		case "":
		case "auto":
			p.Pings = pingsAuto
		default:
			p.Pings = c.Pings
		}
		switch c.Language {
		case "":
		case "auto":
			p.Lang = ""
		default:
			p.Lang = c.Language
		}
		if c.Zone != "" {
			p.Zone = c.Zone
		}
		if c.Quiet {
			p.QuietFrom, p.QuietTo = c.QuietFrom, c.QuietTo
		}
		if c.Digest != nil {
			p.Digest = *c.Digest
			p.DigestHour = defaultDigestHour
		}
		if c.DigestHour != nil {
			p.DigestHour = *c.DigestHour
		}
		// Finished games need no muting; the list keeps only open ones.
		p.Muted = slices.DeleteFunc(p.Muted, func(id string) bool { return id == c.Unmute || !open(id) })
		if c.Mute != "" && !p.muted(c.Mute) {
			p.Muted = append(p.Muted, c.Mute)
		}
	})
	if err != nil {
		return Text(s.playerError(say, err, ""))
	}
	return Text(p.describe(s.words.In(p.langOf(a)), s.cfg.Clock.Now()))
}

// offers reports whether one of choices has value: what a command only
// offers as choices may still come forged.
func offers(choices []Choice, value string) bool {
	return slices.ContainsFunc(choices, func(ch Choice) bool { return ch.Value == value })
}

// describe says, in a /notify answer, how the player is told.
func (p prefs) describe(say i18n.Printer, now time.Time) string {
	lines := []string{say.T("notify.show.head")}
	switch p.Pings {
	case pingsDM:
		lines = append(lines, say.T("notify.show.pings_dm"))
	case pingsChannel:
		lines = append(lines, say.T("notify.show.pings_channel"))
	default:
		lines = append(lines, say.T("notify.show.pings_auto"))
	}
	zone := p.Zone
	if zone == "" {
		zone = "UTC"
	}
	hour := func(h int) string { return fmt.Sprintf("%02d", h) }
	if p.QuietFrom == p.QuietTo {
		lines = append(lines, say.T("notify.show.quiet_none", "zone", zone))
	} else {
		lines = append(lines, say.T("notify.show.quiet", "from", hour(p.QuietFrom), "to", hour(p.QuietTo), "zone", zone))
	}
	if p.Digest {
		lines = append(lines, say.T("notify.show.digest", "hour", hour(p.DigestHour), "zone", zone, "next", fmt.Sprintf("<t:%d:R>", p.nextDigest(now).Unix())))
	} else {
		lines = append(lines, say.T("notify.show.digest_off"))
	}
	if len(p.Muted) > 0 {
		lines = append(lines, say.T("notify.show.muted", "games", "`"+strings.Join(p.Muted, "`, `")+"`"))
	}
	language := say.T("lang." + string(say.Lang()))
	if p.Lang == "" {
		lines = append(lines, say.T("notify.show.language_auto", "language", language))
	} else {
		lines = append(lines, say.T("notify.show.language", "language", language))
	}
	lines = append(lines, say.T("notify.show.foot"))
	return strings.Join(lines, "\n")
}

// ZoneChoices suggests time zones for what the player typed: any zone
// name that loads, then common ones that contain it.
func ZoneChoices(typed string) []Choice {
	typed = strings.TrimSpace(typed)
	var out []Choice
	if _, err := time.LoadLocation(typed); err == nil && typed != "" && !strings.EqualFold(typed, "local") {
		out = append(out, Choice{Name: typed, Value: typed})
	}
	for _, z := range commonZones {
		if len(out) == maxSelectOpt {
			break
		}
		if z != typed && strings.Contains(strings.ToLower(z), strings.ToLower(typed)) {
			out = append(out, Choice{Name: z, Value: z})
		}
	}
	return out
}

// commonZones are the zones suggested before a player types much: one
// for most of the world's players, by region.
var commonZones = []string{
	"UTC",
	"Europe/London", "Europe/Dublin", "Europe/Lisbon", "Europe/Paris", "Europe/Berlin", "Europe/Madrid",
	"Europe/Rome", "Europe/Amsterdam", "Europe/Brussels", "Europe/Vienna", "Europe/Zurich", "Europe/Stockholm",
	"Europe/Oslo", "Europe/Copenhagen", "Europe/Helsinki", "Europe/Warsaw", "Europe/Prague", "Europe/Budapest",
	"Europe/Athens", "Europe/Bucharest", "Europe/Kyiv", "Europe/Istanbul", "Europe/Moscow",
	"America/New_York", "America/Toronto", "America/Chicago", "America/Denver", "America/Phoenix",
	"America/Los_Angeles", "America/Vancouver", "America/Anchorage", "Pacific/Honolulu", "America/Mexico_City",
	"America/Bogota", "America/Lima", "America/Santiago", "America/Argentina/Buenos_Aires", "America/Sao_Paulo",
	"America/Halifax", "America/St_Johns",
	"Africa/Lagos", "Africa/Cairo", "Africa/Johannesburg", "Africa/Nairobi", "Africa/Casablanca",
	"Asia/Dubai", "Asia/Tehran", "Asia/Karachi", "Asia/Kolkata", "Asia/Dhaka", "Asia/Bangkok", "Asia/Jakarta",
	"Asia/Singapore", "Asia/Manila", "Asia/Shanghai", "Asia/Hong_Kong", "Asia/Taipei", "Asia/Seoul", "Asia/Tokyo",
	"Australia/Perth", "Australia/Adelaide", "Australia/Brisbane", "Australia/Sydney", "Australia/Melbourne",
	"Pacific/Auckland",
}
