"""Duplicate Whist under the American Whist League laws, 1910, with the 1894
code where the later laws are silent (seeds 002 and 003)."""

from ..cards import Seat
from .base import Borrowed, ClubLaws, Code, MatchLaws, RevokeTransfer, borrow
from .daw import DAW_CLUB
from .league import LEAGUE_MOVEMENT_LAWS
from .offences.awl import AWL_OFFENCES

# The 1894 code's law B forms two tables; the rest of the club room is
# Goodfellow's, whose duplicate laws follow the League's.
WHIST_CLUB = ClubLaws(
    unit="match",
    laws={
        **borrow("daw", DAW_CLUB.laws),
        "two_tables": "Law B of 1894",
        "agreement": "Law B of 1894",
        "cut_order": "SPEC §3",
    },
    most_candidates=None,
    lowest_deals=False,
    reform_if_candidates=True,
    breaker_keeps_right=True,
)

# 1894 law A: every trick scored; two teams by the tricks over one-half the
# total, more by the average, odd pairs by the average opposite; the north
# and south cards made to agree with the east and west.
WHIST_MATCH = MatchLaws(
    laws={
        **LEAGUE_MOVEMENT_LAWS,
        "match_average": "Law A (1894)",
        "teams": "Law A (1894)",
        "odd_pairs": "Law A (1894)",
        "two_teams": "Law A (1894)",
        "score_check": "Law A (1894)",
        "deal_average": "Law V §1",
        "lowest_score": "Law E III (1894)",
    },
    two_teams="half_total",
    score_card="trick",
)

WHIST = Code(
    key="whist",
    title="Duplicate Whist (American Whist League, 1910)",
    seed="002_b90458e60dfd54a6.txt",
    laws={
        "deal": "Law III §1",
        "cut": "Law II §1",
        "trump": "Law III §1",
        "declared_trump": "Law IV §11",
        "trump_slip": "Law IV §1",
        "lead": "Duplicate Whist: Position of the players",
        "first_dealer": "Duplicate Whist: Position of the players",
        "follow": "Definitions (g)",
        "turn": "Law VI §1",
        "claim": "Law VII §2",
        "trick_score": "Law A (1894)",
        # No law of its own for correcting the score: Goodfellow's.
        "trick_score_error": Borrowed("daw", "12"),
        "revoke": "Law X §4",
        # Irregularities (laws II-XI; 1894 laws C-G).
        "misdeal": "Law C (1894)",
        "redeal": "Law III §2",
        "trump_slip_penalty": "Law IV §5",
        "trump_card_error": "Law IV §8",
        "wrong_cards": "Law V §1",
        "quitted_trick": "Law VI §5",
        "exposed": "Law VII §1",
        "called_card": "Law VII §3",
        "lead_out_of_turn": "Law VIII §1",
        "false_lead_followed": "Law VIII §4",
        "third_before_second": "Law IX §1",
        "play_out_of_turn": "Law IX §2",
        "revoke_established": "Law X §1",
        "renounce_corrected": "Law X §3",
        "revoke_claim": "Law X §5",
        "revoke_search": "Law X §6",
        "attention_to_trick": "Law XI §1",
        "penalty_decision": "Law XI §4",
        "failure_to_comply": "Law XI §5",
        "winning_cards_exposed": "Law XI §6",
        "trump_not_named": "Law IV §4",
        "trump_penalty_when": "Law IV §6",
        "trump_card_late": "Law IV §9",
        "trump_recorded_wrong": "Law IV §10",
        "called_by_rho": "Law VII §4",
        "lead_partners_turn": "Law VIII §2",
        "no_suit_called": "Law VIII §3",
        "renounce_question": "Law X §2",
        "hands_1894": "Law E (1894)",
        "revoke_claim_1894": "Law G (1894)",
        "short_hand": "Law V §2",
    },
    # No auction: the suit of the turned card is trump for the deal.
    trick_values={"C": 1, "D": 1, "H": 1, "S": 1},
    auction=False,
    turns_trump=True,  # Law III §1
    # "West should always be the dealer in the first hand" (Position of the players).
    first_dealer=Seat.WEST,
    # Law X §4: two tricks transferred, one for each later revoke.
    revoke=RevokeTransfer(tricks=2, later=1),
    columns=("tricks", "tricks"),
    counts="all",
    offences=AWL_OFFENCES,
    club=WHIST_CLUB,
    match=WHIST_MATCH,
)
