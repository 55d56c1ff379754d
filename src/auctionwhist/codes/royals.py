"""Hopson's "new count" with Royal Spades, under the Whist Club laws (seed 001)."""

from dataclasses import replace

from .auction import AUCTION, WHIST_CLUB_LAWS

# The new count: spades 2, clubs 6, diamonds 7, hearts 8, royal spades 9,
# no-trump 10. Honors stay multiples of the trick value (docs/spec.md §2.1).
ROYALS = replace(
    AUCTION,
    key="royals",
    title="Auction Bridge, Hopson's new count with Royal Spades (1912)",
    laws={**WHIST_CLUB_LAWS, "trick_score": "The New Count"},
    trick_values={"S": 2, "C": 6, "D": 7, "H": 8, "RS": 9, "NT": 10},
)
