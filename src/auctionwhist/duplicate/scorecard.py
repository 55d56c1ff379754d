"""Score-cards: Goodfellow's card for the auction codes, the trick card for whist.

Goodfellow, "Requisites for play: Score-cards": "a central column showing the
numbers of the deals, flanked on either side by a column for the notation of
the final declaration, with any double or re-double made. To the right and
left, respectively, of the declaration columns is provision for the record
of the trick score, honor score, gain, and partners ... The honor score
column is specially ruled to permit of the recording of four separate honor
counts on any one deal, and there is provision on the score-card for the
record of twelve deals. At the bottom is a special form for the summary."

Each side keeps a complete score (law 4, "Trays, score-cards, etc."); the
North and South players compare the two cards, and if they do not, "the
east and west scores are taken as correct". Errors in the trick score may be
corrected until the deal is concluded (law 12), in the honor score until
the match score is agreed (law 19).

Duplicate Whist's card records every trick each side takes, the trump
turned, the gain on each hand when the cards are laid side by side, a check
mark when the N-S players compared it, and the partners (seed 002).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

import jinja2

from ..calls import Contract
from ..cards import Side, card_face, card_suit
from ..codes import Code, find_code
from ..errors import WhistError
from ..scoring import DealScore, side_ahead

__all__ = [
    "CARD_DEALS",
    "CardEntry",
    "HonorCount",
    "ScoreCard",
    "ScoreCheckError",
    "Summary",
    "card_pages",
    "cards_json",
    "declaration_text",
    "environment",
    "honor_schedule",
    "partners_text",
    "reconcile",
    "render_cards",
]

# "provision on the score-card for the record of twelve deals"
CARD_DEALS = 12
# "specially ruled to permit of the recording of four separate honor counts"
HONOR_LINES = 4
SIDE_NAMES = ("North and South", "East and West")

_DENOM_TEXT = {
    "S": "S.",
    "C": "C.",
    "D": "D.",
    "H": "H.",
    "NT": "No-T.",
    "RS": "R. S.",
    "NL": "Nul.",
}


class ScoreCheckError(WhistError):
    """Two cards that disagree where the law does not settle which stands."""


def declaration_text(contract: Contract) -> str:
    """The card's notation of a declaration: ``2 H.``, ``3 No-T.``, ``2 S. R``."""
    text = f"{contract.level} {_DENOM_TEXT[contract.bid.denomination]}"
    return text + (" R" if contract.royal else "")


@dataclass(frozen=True, slots=True)
class HonorCount:
    """One count in the honor column: points and what they are for."""

    points: int
    reason: str
    law: str = ""


@dataclass(frozen=True, slots=True)
class CardEntry:
    """One deal on a card, for both sides (each side keeps a complete score).

    ``declaration`` is what each side's declaration column shows (the final
    declaration, ``Doub.``, ``Re-D.``); ``trick`` each side's trick score
    (whist: the tricks it took); ``honors`` each side's honor counts;
    ``partners`` who were partners each way; ``trump`` the turned card
    (whist); ``gain`` a whist gain on comparison with the other table.
    """

    number: int
    trick: tuple[int, int]
    honors: tuple[tuple[HonorCount, ...], tuple[HonorCount, ...]] = ((), ())
    declaration: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    partners: tuple[str, str] = ("", "")
    trump: int | None = None
    gain_on_comparison: int | None = None
    checked: bool = True

    @classmethod
    def from_score(
        cls,
        number: int,
        score: DealScore,
        partners: tuple[str, str] = ("", ""),
        checked: bool = True,
        trump: int | None = None,
    ) -> CardEntry:
        """The line for a scored deal, credited to ``number`` (the tray's);
        ``trump`` is the card turned (whist)."""
        r = score.result
        honors: tuple[list[HonorCount], list[HonorCount]] = ([], [])
        for item in score.items:
            if item.column != "trick":
                honors[item.side].append(HonorCount(item.points, item.reason, item.law))
        decl: tuple[list[str], list[str]] = ([], [])
        if r.contract is not None and r.declarer is not None:
            side = r.declarer.side
            decl[side].append(declaration_text(r.contract))
            if r.contract.doubled:
                decl[1 - side].append("Doub.")
            if r.contract.doubled == 2:
                decl[side].append("Re-D.")
        return cls(
            number,
            (score.trick(0), score.trick(1)),
            (tuple(honors[0]), tuple(honors[1])),
            (tuple(decl[0]), tuple(decl[1])),
            partners,
            trump,
            None,
            checked,
        )

    def honor(self, side: int) -> int:
        return sum(h.points for h in self.honors[side])

    def total(self, side: int) -> int:
        return self.trick[side] + self.honor(side)

    @property
    def gain(self) -> tuple[Side | None, int]:
        """Goodfellow's gain: the side ahead on the deal and by how much."""
        return side_ahead(self.total(0), self.total(1))

    def gain_of(self, side: int) -> int | None:
        s, points = self.gain
        return points if s == side else None

    @property
    def trump_text(self) -> str:
        if self.trump is None:
            return ""
        return card_face(self.trump)

    @property
    def trump_red(self) -> bool:
        return self.trump is not None and card_suit(self.trump).red

    def honor_lines(self, side: int) -> list[HonorCount | None]:
        """The honor counts padded to the four ruled lines (more if need be)."""
        counts: list[HonorCount | None] = list(self.honors[side])
        return counts + [None] * (HONOR_LINES - len(counts))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"deal": self.number}
        for side in Side:
            gain = self.gain_of(side)
            out[side.key] = {
                "declaration": list(self.declaration[side]),
                "trick": self.trick[side],
                "honor": [
                    {"points": h.points, "reason": h.reason, "law": h.law}
                    for h in self.honors[side]
                ],
                "honor_total": self.honor(side),
                "total": self.total(side),
                "gain": gain,
                "partners": self.partners[side],
            }
        if self.trump is not None:
            out["trump"] = self.trump_text
        if self.gain_on_comparison is not None:
            out["gain_on_comparison"] = self.gain_on_comparison
        out["checked"] = self.checked
        return out


@dataclass(frozen=True, slots=True)
class Summary:
    """The summary at the foot of the card: each side's trick and honor totals,
    its gains, and who wins by how much (the gains differ as the totals do)."""

    trick: tuple[int, int]
    honor: tuple[int, int]
    gains: tuple[int, int]

    @classmethod
    def of(cls, entries: Iterable[CardEntry]) -> Summary:
        es = list(entries)
        gains = [0, 0]
        for e in es:
            side, points = e.gain
            if side is not None:
                gains[side] += points
        return cls(
            (sum(e.trick[0] for e in es), sum(e.trick[1] for e in es)),
            (sum(e.honor(0) for e in es), sum(e.honor(1) for e in es)),
            (gains[0], gains[1]),
        )

    @property
    def total(self) -> tuple[int, int]:
        return self.trick[0] + self.honor[0], self.trick[1] + self.honor[1]

    @property
    def winner(self) -> int | None:
        ns, ew = self.total
        return None if ns == ew else (0 if ns > ew else 1)

    @property
    def margin(self) -> int:
        return abs(self.gains[0] - self.gains[1])

    def to_json(self) -> dict[str, Any]:
        return {
            "ns": {"trick": self.trick[0], "honor": self.honor[0], "total": self.total[0],
                   "gains": self.gains[0]},
            "ew": {"trick": self.trick[1], "honor": self.honor[1], "total": self.total[1],
                   "gains": self.gains[1]},
            "winner": None if self.winner is None else Side(self.winner).key,
            "by": self.margin,
        }  # fmt: skip


def honor_schedule(code: Code) -> tuple[tuple[str, ...], list[tuple[str, list[str]]]]:
    """The schedule of honor values printed on the card (law 17): the
    declarations as columns, one row per holding, and slams and game."""
    table = code.honors
    denoms = list(code.trick_values)
    heads = tuple("N.T." if d == "NT" else ("R.S." if d == "RS" else d) for d in denoms)
    rows: list[tuple[str, list[str]]] = []
    if table is not None:

        def suit_row(label: str, mult: int, nt: int | None) -> None:
            rows.append(
                (
                    label,
                    [
                        (str(nt) if nt is not None else "")
                        if d == "NT"
                        else str(mult * code.trick_values[d])
                        for d in denoms
                    ],
                )
            )

        suit_row("3 honors", table.three, table.aces_three)
        suit_row("4 honors", table.four, table.aces_four)
        suit_row("4 honors in one hand", table.four_in_one, table.aces_four_in_one)
        suit_row("4 in 1 hand, 5th in partner's", table.four_in_one_fifth_in_partners, None)
        suit_row("5 honors", table.five, None)
        suit_row("5 honors in one hand", table.five_in_one, None)
        suit_row("Chicane", table.chicane, None)
    if code.slams is not None and not code.slams.only_when_bid:
        rows.append(("Little slam", [str(code.slams.little)] * len(denoms)))
        rows.append(("Grand slam", [str(code.slams.grand)] * len(denoms)))
    if code.game is not None:
        rows.append(("Game", [str(code.game.deal_bonus)] * len(denoms)))
    return heads, rows


@dataclass
class ScoreCard:
    """One side's card at one table for the original play or the overplay.

    ``keeper`` is the side keeping it (0 N-S, 1 E-W): each keeps a complete
    score of both sides. ``teams`` names the side's team each way (Home,
    Visiting); ``players`` are the numbered names at the head of the card.
    """

    code: Code
    table: int = 1
    keeper: int = 1
    overplay: bool = False
    teams: tuple[str, str] = ("", "")
    players: tuple[str, ...] = ()
    entries: list[CardEntry] = field(default_factory=list)
    title: str = ""

    def __post_init__(self) -> None:
        self.code = find_code(self.code)

    @property
    def trick_card(self) -> bool:
        """Duplicate Whist keeps tricks only (1894 law A)."""
        return self.code.match.score_card == "trick"

    def record(self, entry: CardEntry) -> None:
        """Credit a deal to its tray number (Goodfellow, "Trays, score-cards":
        "crediting the points to the deal corresponding in number to the tray")."""
        if any(e.number == entry.number for e in self.entries):
            raise ScoreCheckError(
                f"{self.code.cite('trick_score')}: deal {entry.number} is already on this card"
            )
        self.entries.append(entry)

    def entry(self, number: int) -> CardEntry:
        for e in self.entries:
            if e.number == number:
                return e
        raise KeyError(f"deal {number} is not on this card")

    def correct(
        self, entry: CardEntry, *, deal_concluded: bool = False, match_agreed: bool = False
    ) -> None:
        """Correct a deal's record, as the code allows. Law 12 (daw): an error in
        the trick score may be corrected "before the conclusion of the deal";
        law 19: in the honor score, "at any time before the score of the match
        has been made up and agreed upon" (Whist Club 13 and 12, Royalton 92
        and 91, of the game and the rubber)."""
        old = self.entry(entry.number)
        if old.trick != entry.trick and deal_concluded:
            raise ScoreCheckError(
                f"{self.code.cite('trick_score_error')}: the trick score of deal {entry.number} "
                "can no longer be corrected; the deal is concluded"
            )
        if [old.honor(0), old.honor(1)] != [entry.honor(0), entry.honor(1)] and match_agreed:
            raise ScoreCheckError(
                f"{self.code.cite('honor_score_error')}: the honor score of deal {entry.number} "
                "can no longer be corrected; the score of the match is agreed"
            )
        self.entries[self.entries.index(old)] = entry

    @property
    def ordered(self) -> list[CardEntry]:
        return sorted(self.entries, key=lambda e: e.number)

    def pages(self, per_page: int = CARD_DEALS) -> list[list[CardEntry]]:
        """The entries in cards of twelve deals."""
        rows = self.ordered
        return [rows[i : i + per_page] for i in range(0, len(rows), per_page)] or [[]]

    @property
    def summary(self) -> Summary:
        return Summary.of(self.entries)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code.key,
            "card": "trick" if self.trick_card else "goodfellow",
            "title": self.title,
            "table": self.table,
            "kept_by": Side(self.keeper).key,
            "play": "overplay" if self.overplay else "original",
            "teams": {"ns": self.teams[0], "ew": self.teams[1]},
            "players": list(self.players),
            "deals": [e.to_json() for e in self.ordered],
            "summary": self.summary.to_json(),
        }

    def to_html(self) -> str:
        return render_cards([self], self.title or "Score card")


def reconcile(ns_card: ScoreCard, ew_card: ScoreCard) -> ScoreCard:
    """The score of a table from the two sides' cards (daw law 4; 1894 law A).

    Where the cards agree, that is the score. Where they differ on a deal the
    N-S players did not check, "the east and west scores are taken as correct,
    and the north and south scores made to correspond thereto". Where they
    differ on a deal marked checked, the law cannot choose: the error must be
    found and corrected (laws 12 and 19).
    """
    code = ns_card.code
    law = code.cite("score_check")
    errors = ("trick_score_error", "honor_score_error")
    corrections = ", ".join(code.cite(t) for t in errors if t in code.all_laws)
    if ns_card.keeper != 0 or ew_card.keeper != 1:
        raise ScoreCheckError(f"{law}: compare the N-S card with the E-W card")
    ew_by = {e.number: e for e in ew_card.entries}
    if set(ew_by) != {e.number for e in ns_card.entries}:
        missing = sorted(set(ew_by) ^ {e.number for e in ns_card.entries})
        raise ScoreCheckError(f"{law}: deals {missing} are on one card only")
    fixed: list[CardEntry] = []
    for e in ns_card.ordered:
        theirs = ew_by[e.number]
        if _same(e, theirs):
            fixed.append(e)
        elif e.checked and theirs.checked:
            raise ScoreCheckError(
                f"{law}: the cards disagree on deal {e.number} though it was checked; correct "
                f"the error ({corrections})"
            )
        else:
            fixed.append(replace(theirs, checked=False))
    ns_card.entries = fixed
    return ns_card


def _same(a: CardEntry, b: CardEntry) -> bool:
    return (a.trick, a.honor(0), a.honor(1)) == (b.trick, b.honor(0), b.honor(1))


def cards_json(cards: Iterable[ScoreCard]) -> list[dict[str, Any]]:
    return [c.to_json() for c in cards]


def partners_text(numbers: Sequence[int]) -> str:
    """``1 & 2``, as the card writes the partners."""
    return " & ".join(str(n) for n in numbers)


# -- HTML ----------------------------------------------------------------------


@cache
def environment() -> jinja2.Environment:
    """The Jinja2 environment for the cards, travellers and results."""
    return jinja2.Environment(
        loader=jinja2.PackageLoader("auctionwhist.duplicate", "templates"),
        autoescape=jinja2.select_autoescape(("html", "j2")),
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )


def card_pages(cards: Iterable[ScoreCard]) -> list[dict[str, Any]]:
    """What ``cards.html.j2`` prints: each card's sheets, with its code's honor
    schedule and each sheet's summary."""
    pages = []
    for card in cards:
        heads, rows = honor_schedule(card.code)
        sheets = card.pages()
        for i, entries in enumerate(sheets):
            pages.append(
                {
                    "card": card,
                    "entries": entries,
                    "sheet": i + 1,
                    "sheets": len(sheets),
                    "schedule_heads": heads,
                    "schedule_rows": rows,
                    "summary": Summary.of(entries),
                }
            )
    return pages


def render_cards(cards: Sequence[ScoreCard], title: str = "Score cards") -> str:
    """One HTML page with the cards, each printed on a page of its own."""
    return (
        environment()
        .get_template("cards.html.j2")
        .render(title=title, pages=card_pages(cards), side_names=SIDE_NAMES)
    )


# -- Goodfellow's sample score card ------------------------------------------------

# The twelve deals of the sample card (seed 000, "Explanation of sample score
# card"): declaration, declarant, tricks won by the declarant's side, and one
# holding of honors (N, E, S, W) that fits each description.
_SAMPLE: tuple[tuple[str, str, int, tuple[int, int, int, int]], ...] = (
    ("2H", "E", 9, (1, 2, 1, 1)),
    ("2NTX", "N", 8, (2, 1, 1, 0)),
    ("3D", "S", 9, (1, 1, 1, 2)),
    ("3HX", "W", 12, (1, 2, 0, 2)),
    ("2NT", "N", 9, (2, 0, 2, 0)),
    ("3H", "S", 9, (0, 0, 5, 0)),
    ("3NT", "E", 9, (1, 2, 0, 1)),
    ("3DXX", "W", 8, (1, 2, 0, 2)),
    ("2NT", "N", 8, (4, 0, 0, 0)),
    ("4DXX", "E", 10, (1, 4, 0, 0)),
    ("3NTX", "S", 9, (0, 2, 1, 1)),
    ("3H", "W", 7, (1, 1, 1, 2)),
)
_SAMPLE_PARTNERS = (("1 & 2", "5 & 6"), ("1 & 3", "5 & 7"), ("1 & 4", "6 & 7"))


def goodfellow_sample() -> ScoreCard:
    """Goodfellow's sample score card, scored deal by deal by the library:
    N-S 222 + 950 = 1172, gains 1090; E-W 252 + 828 = 1080, gains 998; N-S
    win by 92 (docs/spec.md §2.2.10)."""
    from ..calls import parse_contract
    from ..cards import Seat
    from ..scoring import DealResult, Holdings, score_deal

    code = find_code("daw")
    card = ScoreCard(
        code,
        table=1,
        keeper=0,
        teams=("Home Team", "Visiting Team"),
        players=("Smith", "", "", "", "", "", "", ""),
        title="the sample card",
    )
    for i, (contract, declarer, tricks, honors) in enumerate(_SAMPLE):
        result = DealResult(
            code, parse_contract(contract), Seat.from_char(declarer), tricks, Holdings(honors)
        )
        card.record(CardEntry.from_score(i + 1, score_deal(result), _SAMPLE_PARTNERS[i // 4]))
    return card
