package alife

// The first content version, which A Life was dealt from before the
// balance run of doc.go, differs from the current one in the baby cards
// and in the cards below. Games dealt from it keep playing with it; new
// games never use it. Never edit it: its content hash names it in saved
// games.

// firstBabyCards are the first version's baby cards.
var firstBabyCards = []string{
	"2SP CO",
	"2SP JO",
	"2ED CO",
	"2ED KN",
	"2AR JO",
	"2AR KN",
	"2FA ST",
	"2FA EX",
	"2EX AR",
	"2EX ED",
	"2ST SP",
	"2CR FA",
}

// firstCards are the first version's cards where they differ from the
// current deck, each in full; the rest of the deck is the same.
var firstCards = []rawCard{
	{1, "Pocket money jar", "Coins counted every night, the plans for them changing each time.", "$1", "st1 / d1", "$1 ED"},
	{1, "Gold star sticker chart", "A row of shining stickers and the teacher's proud little nod.", "ED", "st1", "ED FA $1"},
	{2, "Summer camp counsellor", "Campfire songs, lost canoes and twelve homesick kids to cheer up.", "co jo SP", "jo2 / co2", "$1 EX CO jo"},
	{2, "Coding past midnight", "A blinking cursor at 2 a.m. and a game your friends actually play.", "kn cr", "st2", "ED CR kn $1"},
	{2, "Yearbook editor", "Three hundred faces, three hundred captions, one impossible deadline.", "cr ED", "st2", "fa ED CR"},
	{3, "Wedding in the rain", "Soaked shoes, a borrowed umbrella, and everyone dancing anyway.", "baby JO co", "d1 co2", "2FA fa jo CO"},
	{3, "Contract not renewed", "A cardboard box, a polite email, and a final payment to tide us over.", "EX -jo $3", "d1 kn2", "ED ed kn CR $1"},
	{3, "Mountain rescue volunteer", "The pager goes off mid-dinner; the boots are already by the door.", "st SP co", "co3", "2SP FA st ST"},
	{4, "A Second Wedding", "Smaller guest list, better speeches, no arguments about the cake.", "JO co fa", "co4", "2jo st cr JO fa"},
	{4, "The First Reading Glasses", "Your arms are no longer long enough to read the menu.", "ed KN kn", "kn4", "3ED kn KN ed"},
	{4, "The Affair Comes to Light", "One unlocked phone, and the kitchen goes very quiet.", "2EX -jo -co", "cr4", "jo co cr kn ex"},
	{4, "Selling the Childhood Home", "Forty years of pencil marks on the door frame, painted over.", "$3 EX -co", "cr4", "co jo cr EX ed"},
	{4, "The Market Crash", "Your pension halves overnight; the news calls it a correction.", "EX KN -jo", "cr4", "2kn ED $2"},
	{5, "First Grandchild Comes to Stay", "She sleeps on your chest and the whole afternoon disappears.", "JO co SP", "$1 co1", "kn co JO ex cr"},
	{5, "Marathon Medal at Seventy", "The last finisher gets the loudest cheer of the day.", "2SP st", "st5 / st3 h1", "2SP 2st ST sp FA"},
}

// firstDeck is the first version's deck: the current one with firstCards
// in place of the cards of the same titles.
func firstDeck() []Card {
	old := map[string]Card{}
	for _, c := range parseCards(firstCards) {
		old[c.Title] = c
	}
	out := make([]Card, len(deck))
	for i, c := range deck {
		out[i] = c
		if o, ok := old[c.Title]; ok {
			o.ID = c.ID
			out[i] = o
		}
	}
	return out
}
