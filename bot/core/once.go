package core

import (
	"context"
	"strconv"
	"time"
)

// interactionMemory is how long an interaction's id is remembered. It is
// well past the five minutes a signed request stays fresh: a copy sent
// later is refused by its timestamp before it gets here.
const interactionMemory = 15 * time.Minute

// FirstDelivery reports whether the interaction with id reaches the
// processes sharing the store for the first time. A signed request can be
// sent again while it is fresh (a load balancer retrying a POST does so by
// itself); the copy must change nothing, so it is answered without being
// served. When the store cannot say, the interaction is served: the store
// is then down for its move too, and the player gets the apology rather
// than silence.
func (s *Service) FirstDelivery(ctx context.Context, id string) bool {
	me := s.replica + "/" + strconv.FormatUint(s.delivered.Add(1), 36)
	now := s.cfg.Clock.Now().UTC()
	holder, err := s.store.Mark(ctx, "interaction:"+id, me, now, now.Add(interactionMemory))
	if err != nil {
		s.log.Warn("recording an interaction", "interaction", id, "err", err)
		return true
	}
	if holder != me {
		s.log.Info("an interaction came again and was not served again", "interaction", id)
		return false
	}
	return true
}
