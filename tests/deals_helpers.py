"""Deals that several test modules share, each described once."""

from __future__ import annotations

from auctionwhist.cards import Deal

# Each seat holds the top of one suit (North spades, East hearts, South
# diamonds, West clubs) and runs of the others: every card is easy to name.
PBN = "N:AKQJ.T98.765.432 T987.AKQ.432.765 6543.765.AKQ.T98 2.J432.JT98.AKQJ"

# North holds the top of spades and hearts, South the top of diamonds and
# clubs: North-South win every trick at no-trump whoever leads.
TOPS_PBN = "N:AKQJT98.AKQJT9.. 765432.8765432.. ..AKQJT98.AKQJT9 ..765432.8765432"
TOPS = Deal.from_pbn(TOPS_PBN)
