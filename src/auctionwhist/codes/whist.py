"""Duplicate Whist under the American Whist League laws, 1910, with the 1894
code where the later laws are silent (seeds 002 and 003)."""

from .base import Code

WHIST = Code(
    key="whist",
    title="Duplicate Whist (American Whist League, 1910)",
    seed="002_b90458e60dfd54a6.txt",
    laws={
        "deal": "Law III §1",
        "cut": "Law II §1",
        "trump": "Law III §1",
        "trump_slip": "Law IV §1",
        "lead": "Duplicate Whist: Position of the players",
        "follow": "Definitions (g)",
        "turn": "Law VI §1",
        "claim": "Law VII §2",
        "trick_score": "Law A (1894)",
        "revoke": "Law X §4",
    },
    # No auction: the suit of the turned card is trump for the deal.
    trick_values={"C": 1, "D": 1, "H": 1, "S": 1},
    auction=False,
    columns=("tricks", "tricks"),
    counts="all",
)
