"""Each audience's copy of a table's events and state: the secrecy filter.

The database holds every event whole (the deal with all four hands); what
goes to a seat is built here and nowhere else (issue 7 §4). A seat sees its
own hand; dummy's after the opening lead (daw 46, Whist Club 40, Royalton
31: dummy's hand is laid face upward after the lead); every card played,
exposed or played irregularly; the cards a law lays face up on the table
(``face_up``: an adversary's claim lays his partner's hand face up, daw 86),
from the moment the law lays them there; all four hands once the deal is
over. The director (audience ``None``) sees everything.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..calls import call_str
from ..cards import Deal, Seat, card_str
from ..codes import Code
from ..laws.offences import offence, offences_for
from ..records import Claimed, Event, RenounceCorrected, Ruling
from ..table import Table
from ..table.irregularities import NAMED_BY_ACTION

__all__ = [
    "Audience",
    "cards_of",
    "event_view",
    "face_up",
    "face_up_law",
    "penalty_json",
    "renounced",
    "reportable",
    "rulings_json",
    "state_view",
    "turn_view",
]

# A seat, or None for the director.
Audience = Seat | None
SEATS = "NESW"


_CARD_STR = tuple(card_str(c) for c in range(52))


def cards_of(hand: int) -> list[str]:
    """A 52-bit hand as card strings, spades first and high cards first: a
    card is suit*13 + rank, so that is the bits from the highest down."""
    out = []
    while hand:
        c = hand.bit_length() - 1
        out.append(_CARD_STR[c])
        hand ^= 1 << c
    return out


def face_up(t: Table) -> dict[Seat, int]:
    """The cards each seat has face up on the table and still holds: the cards
    liable to be called, which the laws lay face upward until played (daw 80
    and 86, Whist Club 69 and 74, Royalton 63 and 67, AWL VII §1-2): the whole
    table may see them. Empty outside laws mode, where no card is liable."""
    return t.face_up


def face_up_law(t: Table, new: Iterable[Event]) -> str:
    """The law that laid cards face up with the records ``new``: an
    adversary's claim (daw 86, AWL VII §2), a ruling laying the partner's
    hand face up (Royalton 67), else the law of exposed cards."""
    for ev in new:
        if isinstance(ev, Claimed):
            o = offences_for(t.code).get("claim_by_adversary")
            if o is not None:
                return t.code.cite(o.topic)
        if isinstance(ev, Ruling) and ev.option == "partner_exposed":
            return t.code.cite(offence(t.code, ev.offence).topic)
    return t.code.cite("exposed")


def _deal_from(data: dict[str, Any]) -> Deal:
    d = data["deal"]
    return Deal.from_pbn(d["pbn"], dealer=Seat.from_char(d["dealer"]), number=d["number"])


def event_view(
    n: int, deal: int, kind: str, data: dict[str, Any], audience: Audience
) -> dict[str, Any]:
    """Event ``n`` as ``audience`` may see it."""
    if kind == "dealt":
        d = data["deal"]
        out: dict[str, Any] = {
            "type": "deal",
            "deal": deal,
            "number": d["number"],
            "dealer": d["dealer"],
            "code": data["code"],
            "turned": d.get("turned"),
            "tray": data.get("tray"),
        }
        hands = _deal_from(data).hands
        if audience is None:
            out["hands"] = {s: cards_of(hands[i]) for i, s in enumerate(SEATS)}
        else:
            out["hand"] = cards_of(hands[audience])
        return out
    # Every other event is the whole table's: calls, cards played or exposed,
    # dummy after the lead, rulings, the hands once the deal is over.
    out = {k: v for k, v in data.items() if k != "tray"}
    out["type"] = kind
    out["deal"] = deal
    return out


def state_view(
    table: Table,
    audience: Audience,
    *,
    dummy_shown: bool,
    extra: dict[str, Any],
) -> dict[str, Any]:
    """A snapshot of the deal in progress for ``audience`` (the resync)."""
    t = table
    play = t.play
    auction = t.auction
    to_act = t.to_act
    hands = play.hands if play is not None else t.deal.hands
    done = t.phase == "done"
    my_turn = audience is not None and to_act == audience
    out: dict[str, Any] = dict(extra)
    out.update(
        phase=t.phase,
        to_act=None if to_act is None else SEATS[to_act],
        my_turn=my_turn,
        dealer=SEATS[t.deal.dealer],
        turned=None if t.deal.turned is None else card_str(t.deal.turned),
        calls=[[SEATS[s], call_str(c)] for s, c in auction.calls] if auction else [],
        contract=None if t.contract is None else str(t.contract),
        declarer=None if t.declarer is None else SEATS[t.declarer],
        trick=[],
        last_trick=None,
        tricks=list(t.tricks_won()),
        claim=None,
        penalty=None,
        legal_calls=[],
        legal_cards=[],
        dummy=None,
        face_up={},
    )
    if done:  # the hands as dealt, as the deal_over event shows them
        out["hands"] = {s: cards_of(t.deal.hands[i]) for i, s in enumerate(SEATS)}
    elif audience is None:
        out["hands"] = {s: cards_of(hands[i]) for i, s in enumerate(SEATS)}
    if audience is not None:
        out["hand"] = cards_of(hands[audience])
    if play is not None:
        leader = Seat(play.leader)
        out["trick"] = [[SEATS[leader.after(i)], card_str(c)] for i, c in enumerate(play.trick)]
        if play.tricks:
            first, cards = play.tricks[-1]
            out["last_trick"] = [[SEATS[first.after(i)], card_str(c)] for i, c in enumerate(cards)]
        if play.dummy is not None and dummy_shown:
            out["dummy"] = {"seat": SEATS[play.dummy], "cards": cards_of(hands[play.dummy])}
        if not done:
            out["face_up"] = {SEATS[s]: cards_of(bits) for s, bits in face_up(t).items()}
    claim = t.claim_pending
    if claim is not None:
        out["claim"] = {"seat": SEATS[claim.seat], "tricks": claim.tricks}
    pending = t.pending
    if pending is not None:
        out["penalty"] = penalty_json(t)
    if my_turn:
        if t.phase == "auction":
            out["legal_calls"] = [call_str(c) for c in t.legal_calls()]
        elif t.phase == "play":
            out["legal_cards"] = [card_str(c) for c in t.legal_cards()]
    if t.laws:
        out["rulings"] = rulings_json(t)
        if audience is not None and t.phase == "play":
            out["renounce"] = _own_renounce(t, audience)
            out["ask"] = _may_ask(t, audience)
    return out


def renounced(t: Table, seat: Seat) -> bool:
    """Whether ``seat`` played a card not of the suit led to the trick in
    progress, or to the trick just won while no card of the next is played
    (it is not yet quitted): the renounce a player may ask about (daw 102)."""
    play = t.play
    if play is None:
        return False
    if play.trick:
        leader, cards = Seat(play.leader), tuple(play.trick)
    elif play.tricks:
        leader, cards = play.tricks[-1]
    else:
        return False
    i = (seat - leader) % 4
    return i < len(cards) and cards[i] // 13 != cards[0] // 13


def _may_ask(t: Table, seat: Seat) -> list[dict[str, str]]:
    """Whom ``seat`` may ask "having none?" now, each with the law: a player
    who has just failed to follow suit, partner or adversary (daw 102, Whist
    Club 87, AWL X §2). Dummy asks only the declarant, where the code lets
    him (daw 74A; not Royalton 53); no one asks dummy, whose cards are face
    up. The cards on the table say it, so this tells no one's secret."""
    play, law = t.play, "renounce_question"
    if play is None or law not in t.code.all_laws:
        return []
    if seat == play.dummy:
        whom = [play.declarer] if "dummy_asks" in t.code.all_laws else []
    else:
        whom = [s for s in Seat if s != seat and s != play.dummy]
    cite = t.code.cite(law)
    return [{"seat": SEATS[s], "law": cite} for s in whom if s is not None and renounced(t, s)]


def _own_renounce(t: Table, seat: Seat) -> str | None:
    """The card of ``seat``'s renounce in error not yet established, which he
    may still correct (daw 103): his own secret (his partner and the
    adversaries do not know he holds the suit), so it goes to him alone, and
    dummy's to the declarant, who holds both hands."""
    play = t.play
    holders = [seat]
    if play is not None and play.dummy is not None and seat == play.declarer:
        holders.append(play.dummy)
    for s in holders:
        r = t.penalties.open_renounce(s)
        # The table says what may be corrected: a renounce (daw 103), and a
        # failure to comply where the code allows it (daw 104, Whist Club 75,
        # Royalton 70; not AWL XI §5).
        if r is not None and t.can(RenounceCorrected(s, r.card)):
            return card_str(r.card)
    return None


def rulings_json(t: Table) -> list[dict[str, str]]:
    """Each ruling of the deal so far, as the table heard it: the offence,
    its law, who chose and what (the whole table's to see)."""
    out = []
    for ev in t.events:
        if isinstance(ev, Ruling):
            o = offence(t.code, ev.offence)
            opt = next((x for x in o.options if x.key == ev.option), None)
            out.append(
                {
                    "offence": o.name,
                    "law": t.code.cite(opt.topic if opt is not None and opt.topic else o.topic),
                    "seat": SEATS[ev.seat],
                    "option": ev.option,
                    "text": ev.option if opt is None else opt.text,
                    "arg": ev.arg,
                }
            )
    return out


# What a player is not asked to report: the table names these itself, from
# the cards (a revoke, a failure to comply) or a claim; and a deal dealt by
# the program is never misdealt.
_FOUND_BY_TABLE = frozenset(
    {"revoke", "failure_to_comply", "claim_by_adversary", "claim_by_declarant"}
)


def reportable(code: Code) -> list[dict[str, str]]:
    """The offences a player may call attention to at a table under ``code``
    (``Irregularity``), with the phase each fits: those the table does not
    name itself when the call or card is made."""
    try:
        table = offences_for(code)
    except ValueError:
        return []
    return [
        {"key": o.key, "name": o.name, "law": code.cite(o.topic), "phase": o.phase}
        for o in table.values()
        if o.key not in NAMED_BY_ACTION and o.key not in _FOUND_BY_TABLE and o.phase != "deal"
    ]


def penalty_json(t: Table) -> dict[str, Any] | None:
    p = t.pending
    if p is None:
        return None
    o = p.offence
    return {
        "offence": o.key,
        "name": o.name,
        "law": t.code.cite(o.topic),
        "offender": SEATS[p.seat],
        "choosers": [SEATS[s] for s in p.choosers],
        "options": [{"key": opt.key, "text": opt.text, "arg": opt.arg} for opt in p.options],
    }


def turn_view(t: Table, audience: Seat, finished: bool) -> dict[str, Any]:
    """Who acts now, sent with the last event of each batch; the legal calls
    or cards only to the seat that must act (for dummy: the declarer)."""
    to_act = t.to_act
    out: dict[str, Any] = {
        "phase": "finished" if finished else t.phase,
        "to_act": None if to_act is None else SEATS[to_act],
        "my_turn": to_act == audience,
    }
    if to_act == audience:
        if t.phase == "auction":
            out["legal_calls"] = [call_str(c) for c in t.legal_calls()]
        elif t.phase == "play":
            out["legal_cards"] = [card_str(c) for c in t.legal_cards()]
    return out
