package yodo

// Philip's life, as the six fates tell it. The people in it stay the same
// whichever fate tells a memory: his mother and father, Annie at the fair,
// Meg from the office upstairs, their daughter Clara and her son Sam. He
// set type at a printing works for forty years. Every line is a whole
// sentence that stands alone, so any two or three of them can be joined by
// the templates below.

// fates are the six outlooks, in deck order. Colours are six of the board
// palette's player colours, chosen after Okabe–Ito to stay apart for
// colour-blind viewers: on boards the token of the seat serving a fate
// wears its colour, in the palette's shape for it, and the fate itself is
// drawn as its emoji, as on the buttons.
var fates = [6]fateText{
	{
		Name:     "Mirth",
		Emoji:    "🎈",
		Colour:   "#ee7b10",
		Voice:    "Found the comedy in every memory: the pratfall, the absurd detail, the joke Philip could share at his own expense, never a cruel one.",
		Epilogue: "At the very end Philip saw the joke of it: he had spent eighty years worrying about a story this funny. He went out smiling at the punchline.",
	},
	{
		Name:     "Regret",
		Emoji:    "🍂",
		Colour:   "#c9ced6",
		Voice:    "Dwelt on the road not taken and the word left unsaid, wistful rather than bitter, as if turning over a letter never sent.",
		Epilogue: "Philip understood at last that every road he had not taken had still brought him home, and one by one he forgave himself for them all.",
	},
	{
		Name:     "Duty",
		Emoji:    "⚓",
		Colour:   "#009e73",
		Voice:    "Measured each day by what Philip owed and what he carried for others, told plainly and steadily, never asking for thanks.",
		Epilogue: "What Philip finally understood was that he had been needed, and that being needed had been enough. He set his load down without a sound.",
	},
	{
		Name:     "Wonder",
		Emoji:    "🔭",
		Colour:   "#f7e04a",
		Voice:    "Looked at everything with wide eyes, marvelling at the strangeness of ordinary things and the great size of small moments.",
		Epilogue: "Philip left the world as he had entered it, astonished. A whole life had happened to him, and not one day of it had been ordinary.",
	},
	{
		Name:     "Pride",
		Emoji:    "👑",
		Colour:   "#d7263d",
		Voice:    "Counted the small triumphs, what Philip achieved and how others saw him, with an affectionate wink at his vanity.",
		Epilogue: "In the end Philip decided he had made something of himself after all: not much, perhaps, but all his own, and he wore it out of the world like a good coat.",
	},
	{
		Name:     "Love",
		Emoji:    "💞",
		Colour:   "#b05fc4",
		Voice:    "Saw every memory through the people in it, the hands held and the faces close by, warmly and without embarrassment.",
		Epilogue: "His life, Philip understood, had never really been about him. It had been about his mother, Meg, Clara and Sam, and that was the best news of all.",
	},
}

// events are Philip's memories from birth (0) to death (11). Lines follow
// the order of fates: Mirth, Regret, Duty, Wonder, Pride, Love.
var events = [12]eventText{
	{
		Title: "A first word",
		Lines: [6]string{
			"His father had bet a shilling it would be 'Dad'. The baby pointed at the window, said 'moon', and the family had its first running joke.",
			"Nobody wrote down the day he said 'moon'. Years later he longed to ask his mother what it had sounded like, and there was no one left to ask.",
			"Even the first word came because it was asked for: his mother pointed at the window night after night until, to oblige her, he said 'moon'.",
			"Of everything he could see from the kitchen, the first thing worth a name was the great pale moon in the window, and he named it with both arms up.",
			"At ten months, well ahead of his cousins, Philip said 'moon' clearly and was told he was a clever boy, which he believed ever after.",
			"Every night his mother held him up to the window to see it, so his first word was 'moon', and it was really a word for her arms.",
		},
		Forgotten: "Someone said he had a first word, and someone else swore to a different one; whatever it was, it was gone before he could keep it.",
	},
	{
		Title: "Learning to swim",
		Lines: [6]string{
			"Swimming was learned in a freezing lake, mostly by swallowing it. He came out blue and coughing and announced that he was now a fish.",
			"When his father let go, he swam. He never told his father how frightened he had been, nor thanked him for the letting go.",
			"Told to kick, he kicked; told to breathe, he breathed. By August he could cross the lake, because he had been told that he must.",
			"Under the surface the lake was green and hushed and full of light, and the boy who came up for air was not quite the one who went down.",
			"By the end of the summer he could swim to the jetty and back, and he made sure every child on the shore had watched him do it twice.",
			"His father's hands stayed under him long after they were needed, and Philip knew it, and let them.",
		},
		Forgotten: "Somewhere there had been water and cold and a voice from the shore, but the rest of it sank without a ripple.",
	},
	{
		Title: "The school play",
		Lines: [6]string{
			"Cast as a tree with one line, he delivered it to an empty stage three minutes early, and it got the biggest laugh of the night.",
			"He had hoped to be the king and was made the tree. For years he wondered what might have happened if only he had put his hand up.",
			"Nobody wanted to be the tree, so Philip took it, and stood still in cardboard bark for forty minutes without a word of complaint.",
			"From behind the curtain he watched the dark hall fill with faces and felt, for the first time, how a story could hold a room still.",
			"Afterwards the teacher said he was the best tree she had ever seen, and that remark was repeated at family dinners for fifty years.",
			"In the third row his mother mouthed his single line along with him, and on the bus home told everyone that her son had been the tree.",
		},
		Forgotten: "A stage, a costume, a hall full of coughing; which part he played, and how it went, had long since left the building.",
	},
	{
		Title: "A first kiss",
		Lines: [6]string{
			"At the top of the Ferris wheel he leaned in to kiss Annie and got her ear, and she laughed so hard that the whole car rocked.",
			"Annie kissed him at the top of the wheel and moved away in September. The letter he drafted eleven times was never sent.",
			"Having promised her father to walk Annie home by nine, he did exactly that, kiss and all, because a promise was a promise.",
			"The wheel stopped at the top, the fair spread out in lights below, and Annie kissed him. The world had a secret door after all.",
			"Philip walked home from the fair two inches taller and told nobody about the kiss, in a way that made sure everybody knew.",
			"Annie's hand stayed in his all the way down the wheel, sticky with candyfloss, and for one whole evening he belonged to somebody.",
		},
		Forgotten: "Maybe it was a girl at a fair, maybe someone else entirely; the first kiss had faded to a warm blur without a name.",
	},
	{
		Title: "Leaving home",
		Lines: [6]string{
			"His mother packed enough sandwiches for a siege, and a week after reaching the city he was still eating them, slightly curled.",
			"On the platform his father shook his hand instead of hugging him, and Philip let the train pull out before either of them could mend it.",
			"So there would be one less mouth at the table, he left, and he sent half of his first wages home before he bought himself a coat.",
			"The train ran all night, and he woke to a city of a million windows, each one, he was sure, holding a life as large as his own.",
			"Eighteen, with a cardboard suitcase and a new tie, Philip stepped off the train as though the city had been expecting him personally.",
			"Folded under the sandwiches was a note in his mother's hand, and he kept it in his wallet until the paper wore through.",
		},
		Forgotten: "Who stood on the platform, and what anyone said as the train pulled out, had gone; only the idea of a goodbye remained.",
	},
	{
		Title: "The printing works",
		Lines: [6]string{
			"His first week at the printing works left him ink-black to the elbows, and his landlady kept asking whether he had taken up coal mining.",
			"The job at the printing works was only meant to last a year, just to save up. Forty years went by before he noticed he had never left.",
			"Night after night he set type, letter by backward letter, and not once was the morning paper late on his account.",
			"Every night the great presses turned blank paper into news, and the thrill of holding tomorrow in his hands, still warm, never wore off.",
			"Within a year the foreman let him set the front page, and he bought the first copy off the street himself, just to admire his own work.",
			"It was at the printing works that Meg, from the office upstairs, first brought him a cup of tea he had not asked for.",
		},
		Forgotten: "The first job blurred into all the jobs that came after it, until not even the smell of the place was left.",
	},
	{
		Title: "A wedding",
		Lines: [6]string{
			"It rained so hard on the wedding day that the cake leaned, the vicar sneezed through the vows, and Meg said yes between giggles.",
			"Philip promised Meg a honeymoon by the sea and gave her a wet weekend in his aunt's spare room; he meant to make it up to her for forty years.",
			"In a borrowed suit at the altar he made Meg a list of promises, and spent the rest of his life keeping them one at a time.",
			"Rain drummed on the church roof, and he could not get over it: of all the people in the world, Meg had chosen him, on purpose.",
			"Having saved for two years to pay for it all himself, he made a point of settling the bill in cash, right in front of Meg's father.",
			"Meg came up the aisle with rain in her hair, and everything he had been waiting for, without knowing it, was walking towards him.",
		},
		Forgotten: "Of the wedding nothing stayed but a vague sense of cake; the day itself had dissolved like sugar in the rain.",
	},
	{
		Title: "A daughter born",
		Lines: [6]string{
			"Clara arrived at four in the morning, and Philip, who had sworn to stay calm, fainted gently into a trolley of clean towels.",
			"Stuck in a corridor with a vending machine and the wrong form, he missed Clara's first hour, and always felt she had started without him.",
			"The moment the nurse put Clara in his arms he knew what he was for, and he got up for every night feed to prove it.",
			"Tiny as she was, Clara already had fingernails and opinions, and he stared at her for an hour, trying to work out where she had come from.",
			"Showing Clara to strangers all round the ward as though he had invented babies, he insisted to every one of them that she had his chin.",
			"Clara closed her whole hand around his little finger, and that was the end of him. From that moment on he was hers.",
		},
		Forgotten: "A child was born, that much was certain; the night itself, the waiting and the first look, had slipped through his fingers.",
	},
	{
		Title: "A father's funeral",
		Lines: [6]string{
			"At the wake his uncle told the one about the ladder and the chimney, and for a minute the whole room laughed just the way his father used to.",
			"There were things he had meant to say to his father, and he had always thought there would be time. At the graveside he said them to the grass.",
			"Philip carried the coffin, read the lesson, paid the undertaker and shook every hand, and only later, alone in the car, let himself stop.",
			"In his father's coat pockets he found bus tickets, a pencil stub and a poem, and he had never known that his father wrote poems.",
			"Without a single note, and without his voice breaking once, he gave the eulogy, which he felt was what his father would have wanted.",
			"For the rest of his life his father's old hat hung on the peg by the door, and he touched the brim every time he went out.",
		},
		Forgotten: "Hymns were sung and someone was buried; even the grief had gone soft at the edges, until nothing of the day was sharp.",
	},
	{
		Title: "The last shift",
		Lines: [6]string{
			"After forty years they gave him a clock, which Meg said was an odd present for a man who would never again need to be anywhere on time.",
			"On his last shift the new machines were already humming next door, and he wondered whether he had spent his one life on something out of date.",
			"To the final minute of his last shift he worked, then cleaned his station, oiled the press and left his keys on the foreman's desk.",
			"Walking out into the daylight after his last shift, he realised he had no idea what an ordinary Tuesday afternoon looked like.",
			"The whole floor stood and clapped as he walked out, and he pretended not to notice, and noticed every single clap.",
			"Meg was waiting at the gate with two train tickets to the sea: the honeymoon, forty years late, and worth every year of the wait.",
		},
		Forgotten: "Work ended, as work does, with a speech and a card; what was said, and by whom, had gone the way of old newsprint.",
	},
	{
		Title: "A grandson",
		Lines: [6]string{
			"Having promised Sam the kite would fly, he spent the afternoon running up and down the hill while it bumped along behind him like a dog.",
			"Teaching Sam to fly a kite, he realised he had never once done it with Clara; there had always been another shift.",
			"The kite snapped at the second gust, so he sat down on the hill and mended it with string and patience, because he had said it would fly.",
			"Sam asked why the sky was blue, and Philip realised, at seventy, that he did not know, and that it was a marvellous question.",
			"Sam told his whole class that his grandad knew everything, and Philip spent the following week quietly reading up to make it true.",
			"Sam fell asleep against his shoulder on the bus home from the hill, and Philip rode past their stop twice rather than wake him.",
		},
		Forgotten: "Perhaps there was a small boy, and an afternoon, and a kite; the details blew off somewhere and never came back down.",
	},
	{
		Title: "A last morning",
		Lines: [6]string{
			"The toast burned on his last morning, as it had on most mornings for sixty years, and he ate it anyway, having long since decided that was the best part.",
			"That last morning he meant to ring Clara, and put it off until after lunch, as he had put off so many small and easy things.",
			"Even on the last morning he wound the clock, fed the sparrows and put the kettle on for Meg, because those things did not do themselves.",
			"Light came through the kitchen window that last morning, and he watched it like a man who had never seen light before.",
			"Every clue of the crossword was done in ink that last morning, and he left it folded on the table where someone would be sure to see it.",
			"Meg hummed at the sink, the radio played a song they both knew, and on that last morning he had nothing left to wish for.",
		},
		Forgotten: "The last morning came and went like any other; if there was light at the window, or a song, he had no hold on it now.",
	},
}

// story frames the events. Templates hold whole fate lines ({A} {B} {C})
// where a sentence can stand, and fate names ({a} {b} {c}) where a name
// can, so that any lines of any event read naturally in them.
var story = storyText{
	Opening: "As Philip's heart slowed, his life came back to him one memory at a time, starting from the very beginning.",
	Closing: "Then the last memory settled into place, and Philip's heart, having carried every one of them, was allowed to rest.",
	Pairs: []string{
		"{A} That was how {a} told it; {b} remembered it otherwise. {B}",
		"Two versions of this survived, {a}'s and {b}'s. {A} {B}",
		"{a} and {b} held on to this memory together. {A} {B}",
		"{A} Beneath {a}'s telling, in {b}'s quieter hand, another ran on. {B}",
		"{a} told it first. {A} Then {b} cleared its throat. {B}",
		"{A} {B} Somehow {a} and {b} were both right.",
		"{A} For all {a}'s certainty, {b} had kept a copy of its own. {B}",
	},
	Triples: []string{
		"{a}, {b} and {c} each kept a piece of this memory. {A} {B} {C}",
		"{A} So said {a}. {B} So said {b}. {C} And so, just as firmly, said {c}.",
		"{A} {b} would not leave it at {a}'s version. {B} Nor would {c}. {C}",
		"This one came back in three voices at once, {a}'s, {b}'s and {c}'s. {A} {B} {C}",
		"{A} {B} {C} Between them, {a}, {b} and {c} made the memory whole.",
	},
}
