package alife

import "slices"

// deck is every life card, numbered in phase order.
var deck = parseCards(slices.Concat(phase1Cards, phase2Cards, phase3Cards, phase4Cards, phase5Cards))
