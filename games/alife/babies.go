package alife

// babyCards are the twelve baby cards, each three scoring symbols written
// as an area (see rawCard): two of one type and one of another.
var babyCards = []string{
	"2SP ED",
	"2SP CR",
	"2ED AR",
	"2ED JO",
	"2AR FA",
	"2AR CO",
	"2FA EX",
	"2FA CR",
	"2EX SP",
	"2EX JO",
	"2ST CO",
	"2KN ST",
}

// lifeBoard holds, per phase, the friendship cost (written as a cost) and
// the three resource spaces (written as areas).
var lifeBoard = [5]phaseSpaces{
	{friendship: "d1", spaces: [3]string{"jo", "$1", "+1"}},
	{friendship: "$1", spaces: [3]string{"kn SP", "cr $1", "+1"}},
	{friendship: "$2", spaces: [3]string{"st ED", "co $1", "AR +1"}},
	{friendship: "$2 d1", spaces: [3]string{"jo FA EX", "kn $2", "cr +1"}},
	{friendship: "$3", spaces: [3]string{"ED EX co -h", "st AR $1 -h", "SP FA +1 -h"}},
}

type phaseSpaces struct {
	friendship string
	spaces     [3]string
}
