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
    },
    # No auction: the suit of the turned card is trump for the deal.
    trick_values={"C": 1, "D": 1, "H": 1, "S": 1},
    auction=False,
    columns=("tricks", "tricks"),
    counts="all",
)
