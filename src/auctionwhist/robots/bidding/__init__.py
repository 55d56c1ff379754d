"""Bidding robots in the manner of the period: hand evaluation, named rules
citing their passages, a family per code (the old and new counts; Royalton),
and Hopson's "personal equation" as a style."""

from .robot import (
    Advice,
    BiddingRobot,
    Credit,
    Explanation,
    advise,
    decide,
    family_for,
    view_of_auction,
)
from .royalton import ROYALTON
from .rules import COUNTS
from .situation import CONSERVATIVE, SANGUINE, SOUND, Decision, Rule, Situation, style_from

__all__ = [
    "CONSERVATIVE",
    "COUNTS",
    "ROYALTON",
    "SANGUINE",
    "SOUND",
    "Advice",
    "BiddingRobot",
    "Credit",
    "Decision",
    "Explanation",
    "Rule",
    "Situation",
    "advise",
    "decide",
    "family_for",
    "style_from",
    "view_of_auction",
]
