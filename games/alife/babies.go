package alife

// babyCards are the twelve baby cards, each three scoring symbols written
// as an area (see rawCard): two of one type and one of another.
var babyCards = []string{
	"2SP CO",
	"2SP KN",
	"2ED CO",
	"2ED JO",
	"2AR JO",
	"2AR CO",
	"2FA EX",
	"2FA KN",
	"2EX AR",
	"2EX FA",
	"2ST ED",
	"2CR SP",
}

// lifeBoard holds, per phase, the friendship cost (written as a cost) and
// the three resource spaces (written as areas).
var lifeBoard = [5]phaseSpaces{
	{friendship: "d1", spaces: [3]string{"kn", "$1", "+1"}},
	{friendship: "$1", spaces: [3]string{"kn sp", "cr $1", "+1"}},
	{friendship: "$2", spaces: [3]string{"st ed", "kn $1", "ar +1"}},
	{friendship: "$2 d1", spaces: [3]string{"st fa ex", "kn $2", "cr +1"}},
	{friendship: "$3", spaces: [3]string{"ed ex co -h", "st ar $1 -h", "sp fa +1 -h"}},
}

type phaseSpaces struct {
	friendship string
	spaces     [3]string
}
