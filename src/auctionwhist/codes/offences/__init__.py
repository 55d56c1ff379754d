"""Offences and their remedies, declared as data.

An ``Offence`` says, for one code, who may exact the penalty, when the right
lapses, what the law says and which ``Option`` s it offers. Each code's table
is declared in its own module here (``daw``, ``whist_club``, ``royalton``,
``awl``) and handed to its ``Code`` (``Code.offences``); the machinery that
reads them, ``offence(code, key)`` and the rulings, is in ``auctionwhist.laws``.

Options share one vocabulary, so the table carries them out the same way for
every code (``Option.key``):

auction   ``ignore`` ``pass_stand`` ``stand`` ``correct`` ``condone`` ``seven``
          ``final`` ``void`` ``debar_partner`` ``seven_side``
          ``stand_debar_side`` ``void_debar_side``
play      ``accept`` ``retract`` ``exposed`` ``call_card`` ``call_suit`` ``call_lead``
          ``forbid_lead``
          ``forbid_suit`` ``highest`` ``lowest`` ``highest_of_suit`` ``win`` ``lose`` ``trump``
          ``no_trump`` ``play`` ``not_play`` ``highest_trump`` ``lowest_trump``
end       ``revoke_points`` ``revoke_tricks``
any       ``new_deal`` ``points`` ``waive`` ``none`` ``rectify`` ``average``
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ...errors import LawError

__all__ = [
    "CONDITIONS",
    "Decided",
    "LawsError",
    "Offence",
    "Option",
    "Phase",
    "UnknownOffenceError",
    "Who",
]

# Who may choose the remedy:
#   declarant         the declarant (whist: see ``rho``)
#   either_adversary  either adversary of the offender; the first word is final
#   rho / lha         the adversary on the offender's right / left
#   last_to_play      the adversary last to play to the trick (AWL XI §1)
#   leader_rho        the adversary on the right of the one of the offender's side
#                     who next has the lead (AWL VIII §1); see ``Offence.decided``
#   none              no choice: the law takes its course (``Option`` "none")
#   director          a matter for the director or the players together
Who = Literal[
    "declarant", "either_adversary", "rho", "lha", "last_to_play", "leader_rho", "none", "director"
]

Phase = Literal["deal", "auction", "play", "end"]

# When the right to the penalty is put to the chooser:
#   at_once           as soon as the irregularity is named
#   side_wins_trick   when the offender or his partner next wins a trick, before it
#                     is quitted (AWL VIII §1: the suit is called from the one who
#                     then has the lead)
#   side_to_lead      as soon as it is the turn of the offender or his partner to
#                     lead (daw 89, Whist Club 76, Royalton 59), at once if it is
#   partner_wins      when the trick is complete, if the offender's partner won it
#                     (daw 85: "should he do so"); else the right never arises
Decided = Literal["at_once", "side_wins_trick", "side_to_lead", "partner_wins"]

# The conditions an ``Option`` may carry (``Option.when``), as the laws word them;
# the table says which hold when it puts the irregularity before the chooser.
CONDITIONS = {
    "second_or_third_lha_played": "if he be the second or third hand player and his left "
    "hand adversary has played to the trick before attention has been called to the renounce",
    "second_hand_void": "if the second hand be void of the suit led",
    "called_highest_trump": "if the highest trump was the call first made; a call cannot be "
    "changed, AWL IV §6",
    "called_lowest_trump": "if the lowest trump was the call first made; a call cannot be "
    "changed, AWL IV §6",
}


class LawsError(LawError):
    """An irregularity or ruling the laws do not allow, with the law cited."""


class UnknownOffenceError(LawsError):
    pass


@dataclass(frozen=True, slots=True)
class Option:
    """One remedy: ``key`` is what the table does (see the module docstring),
    ``text`` what it means at the table, ``points`` the penalty points it adds to
    the adversaries' honor (penalty) column, ``arg`` what it names."""

    key: str
    text: str
    points: int = 0
    arg: Literal["", "suit", "card"] = ""
    topic: str = ""  # the law of this option, when not the offence's own
    # Remedies carried out with this one, where the law says "and" (AWL X §3:
    # the card is liable to be called, and he may be made to play his highest).
    also: tuple[str, ...] = ()
    # A key of ``CONDITIONS``: offered only when it holds.
    when: str = ""
    # An offence of the same code whose choice this one leaves for later: it is
    # put to the chooser at the moment its ``decided`` names (daw 89: the suit
    # is called "as soon as it is the turn of either adversary to lead").
    then: str = ""


@dataclass(frozen=True, slots=True)
class Offence:
    key: str
    name: str
    topic: str  # key of the code's ``laws``: ``code.cite(topic)``
    who: Who
    lapses: str  # when the right to the penalty is lost
    quote: str  # the law's words (abridged), for rulings
    options: tuple[Option, ...]
    phase: Phase = "play"
    # Laws that bear on it as well (topics), cited with the offence.
    see: tuple[str, ...] = field(default=())
    decided: Decided = "at_once"
    # The option carried out when the wrong adversary demands the penalty:
    # "none can be enforced" (AWL XI §4, daw 109). Empty: the demand is refused.
    forfeit: str = ""
    # The chooser in the law's own words, where it names him by his place at the
    # trick rather than beside the offender ("the third hand", AWL IX §2).
    chooser: str = ""
    # Who chooses when the offender is the declarant or dummy, where the law
    # names another (Royalton 42: either adversary, when dummy informs); "none"
    # where the penalty is not for the declaring side, ``declaring_why`` saying why.
    declaring_who: Who | None = None
    declaring_why: str = ""

    def option(self, key: str) -> Option:
        for o in self.options:
            if o.key == key:
                return o
        keys = ", ".join(o.key for o in self.options)
        raise LawsError(f"{self.name}: no option {key!r}; the law offers {keys}")


# -- building blocks shared by the codes' tables ------------------------------

NEW_DEAL = Option("new_deal", "a new deal; nothing is scored for this one")
WAIVE = Option("waive", "the penalty is not exacted; the play goes on")
NONE = Option("none", "no choice: the law takes its course as stated")
VOID = Option("void", "the call is void and the player calls again in turn; no penalty")
ACCEPT = Option("accept", "the lead (or play) is accepted and the trick goes on from it")
EXPOSED = Option(
    "exposed", "the card is taken back into the hand and left face up, liable to be called"
)
CALL_SUIT = Option(
    "call_suit",
    "the card is taken back (not liable); a suit is called from the offender's side "
    "the next time either of them has the lead",
    arg="suit",
)
CALL_LEAD = Option(
    "call_lead",
    "the card is taken back (not liable); the declarant will call a suit as soon as it is "
    "the turn of either adversary to lead",
    then="lead_out_of_turn_call",
)
SUIT_NAMED = Option(
    "call_suit",
    "the declarant names the suit; the adversary to lead must lead it if he can",
    arg="suit",
)
HIGHEST = Option("highest", "the player must play his highest card of the suit led")
LOWEST = Option("lowest", "the player must play his lowest card of the suit led")
WIN = Option("win", "the player must win the trick if he can")
LOSE = Option("lose", "the player must lose the trick if he can")
TRUMP = Option("trump", "having none of the suit led, the player must trump the trick")
NO_TRUMP = Option("no_trump", "having none of the suit led, the player must not trump")
CALL_CARD = Option(
    "call_card",
    "the exposed card is called: it must be led or played now if that is no revoke",
    arg="card",
)
FORBID_SUIT = Option(
    "forbid_suit",
    "instead of calling the card, the leader is required not to lead its suit",
    arg="suit",
)
RETRACT = Option("retract", "the card goes back into the hand; no penalty")
PLAY = Option("play", "the declarant must play the card dummy suggested", arg="card")
NOT_PLAY = Option("not_play", "the declarant must not play the card dummy suggested", arg="card")
NEW_DEAL_OR_AVERAGE = (
    Option("new_deal", "a new deal"),
    Option(
        "rectify",
        "the tray goes back to the table it came from and the error is rectified there",
    ),
    Option(
        "average",
        "the hands are rectified and passed on; this table does not overplay the deal "
        "and each team takes the average score for it",
    ),
)


def revoke_choice(points: int, tricks: int) -> tuple[Option, ...]:
    return (
        Option(
            "revoke_points",
            f"the declarant adds {points} points to his honor column",
            topic="revoke_adversary",
        ),
        Option(
            "revoke_tricks",
            f"the declarant takes {tricks} tricks from the adversaries",
            topic="revoke_adversary",
        ),
    )
