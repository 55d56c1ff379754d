"""A finished deal's score under its code, and rubbers.

``score_deal`` reads everything from the ``Code``: trick values, honor table,
slams, undertricks, game, revoke law, what is counted. It never asks which
code it is. Each ``ScoreItem`` cites the law it comes from.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .calls import Contract, Denomination
from .cards import Deal, Seat, Side, Suit, card
from .codes import Code, DeclarationError, HonorTable, RevokeLaw, RevokeTransfer, find_code
from .errors import WhistError

__all__ = [
    "DealResult",
    "DealScore",
    "Holdings",
    "Revoke",
    "Rubber",
    "ScoreItem",
    "ScoringError",
    "score_deal",
    "side_ahead",
]

ACES = sum(1 << card(s, 14) for s in Suit)


def side_ahead(ns: int, ew: int) -> tuple[Side | None, int]:
    """The side with more points and by how much (Goodfellow's "gain" on a
    deal); ``None`` when they are even.

    >>> side_ahead(40, 110)
    (<Side.EAST_WEST: 1>, 70)
    """
    if ns == ew:
        return None, 0
    return (Side.NORTH_SOUTH, ns - ew) if ns > ew else (Side.EAST_WEST, ew - ns)


class ScoringError(WhistError):
    """A result that cannot be scored: impossible tricks, honors or contract."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(frozen=True, slots=True)
class Holdings:
    """The honors each seat (N, E, S, W) held in the final denomination: A K Q
    J T of trump, or the aces at no-trump; and the seats holding no trump."""

    honors: tuple[int, int, int, int]
    voids: frozenset[Seat] = frozenset()

    @classmethod
    def from_deal(cls, deal: Deal, denom: Denomination) -> Holdings:
        if denom.nullo:
            return cls((0, 0, 0, 0))
        if denom.trump is None:
            mask = ACES
        else:
            mask = sum(1 << card(denom.trump, rank) for rank in range(10, 15))
        h = [(deal.hands[seat] & mask).bit_count() for seat in Seat]
        voids = frozenset(
            seat
            for seat in Seat
            if denom.trump is not None and not deal.hands[seat] & denom.trump.mask
        )
        return cls((h[0], h[1], h[2], h[3]), voids)

    def side(self, side: int) -> tuple[int, int]:
        """The honors of the side's two hands."""
        return self.honors[side], self.honors[side + 2]


@dataclass(frozen=True, slots=True)
class Revoke:
    """An established revoke by ``seat`` in trick number ``trick`` (1-13)."""

    seat: Seat
    trick: int = 1


@dataclass(frozen=True, slots=True)
class DealResult:
    """What the score of a finished deal depends on."""

    code: Code
    contract: Contract | None  # None: Royalton all-pass, or the whist code
    declarer: Seat | None
    tricks: int  # won in play by the declarer's side; whist code: by North-South
    holdings: Holdings | None = None  # None: no honors given
    revokes: tuple[Revoke, ...] = ()
    revoke_penalty: Literal["points", "tricks"] = "tricks"
    duplicate: bool = False  # score the deal alone (docs/spec.md §2.2.8); daw always does
    trump: Suit | None = None  # whist code: the turned trump
    # Whist code, law X §4: tricks N-S and E-W had won before the revoking
    # side's first revoke, and N-S's average tricks on this deal elsewhere.
    tricks_before_revoke: tuple[int, int] | None = None
    average: float | None = None


@dataclass(frozen=True, slots=True)
class ScoreItem:
    side: Side
    column: str  # "trick" or "honor" (Royalton's penalty-and-bonus column)
    points: int
    reason: str
    law: str

    def to_json(self) -> dict[str, Any]:
        return {
            "side": Side(self.side).key,
            "column": self.column,
            "points": self.points,
            "reason": self.reason,
            "law": self.law,
        }


@dataclass(frozen=True, slots=True)
class DealScore:
    result: DealResult
    items: tuple[ScoreItem, ...]
    game_points: tuple[int, int] = (0, 0)  # trick points toward game, for rubbers
    void: bool = False  # no score: Royalton all-pass, or equal revokes (law 81)
    note: str = ""  # why the deal is void, with the law

    def _sum(self, side: int, column: str | None = None) -> int:
        return sum(i.points for i in self.items if i.side == side and column in (None, i.column))

    def trick(self, side: int) -> int:
        return self._sum(side, "trick")

    def honor(self, side: int) -> int:
        return self._sum(side, "honor")

    def total(self, side: int) -> int:
        return self._sum(side)

    @property
    def gain(self) -> tuple[Side | None, int]:
        """Goodfellow's "gain": the side ahead on this deal and by how much."""
        return side_ahead(self.total(0), self.total(1))

    def to_json(self) -> dict[str, Any]:
        """The ``whist score --json`` shape (docs/spec.md §5)."""
        out: dict[str, Any] = {
            s.key: {"trick": self.trick(s), "honor": self.honor(s), "total": self.total(s)}
            for s in Side
        }
        out["items"] = [i.to_json() for i in self.items]
        return out


class _Sheet:
    """Collects a deal's items, each with its law."""

    def __init__(self, code: Code) -> None:
        self.code = code
        self.items: list[ScoreItem] = []

    def add(self, side: int, column: str, points: int, reason: str, topic: str) -> None:
        self.items.append(ScoreItem(Side(side), column, points, reason, self.code.cite(topic)))


def score_deal(result: DealResult) -> DealScore:
    """Score a finished deal under its code, item by item with the law.

    Goodfellow's sample score card, deal 2: North two no-trumps doubled, eight
    tricks; aces: North two, East one, South one:

    >>> from auctionwhist.calls import parse_contract
    >>> from auctionwhist.codes import find_code
    >>> result = DealResult(find_code("daw"), parse_contract("2NTX"), Seat.NORTH, 8,
    ...                     holdings=Holdings((2, 1, 1, 0)))
    >>> for item in score_deal(result).items:
    ...     print(item.column, item.points, item.reason, "-", item.law)
    trick 48 2 odd tricks at no-trump, doubled - Law 70A (daw)
    honor 30 3 aces - Law 17 (daw)
    honor 100 game - Law 7 (daw)
    honor 50 bonus, contract, doubled - Law 70C (daw)
    """
    code = result.code
    if not 0 <= result.tricks <= 13:
        raise ScoringError(
            f"{code.cite('trick_score')}: a side wins 0 to 13 tricks, not {result.tricks}"
        )
    _check_revokes(result)
    if code.counts == "all":
        return _score_all_tricks(result)
    if result.contract is None:
        if not code.dealer_may_pass:
            raise ScoringError(
                f"{code.cite('opening')}: the dealer must declare; no contract given"
            )
        # Royalton: dealer's "no bid" and three passes; the deal passes (docs/spec.md §2.2.4).
        return DealScore(
            result, (), void=True, note=f"{code.cite('all_pass')}: no bid was made, no score"
        )
    return _score_contract(result, result.contract)


def _check_revokes(r: DealResult) -> None:
    code = r.code
    if not r.revokes:
        return
    if code.revoke is None:
        raise ScoringError(f"{code.cite('revoke')}: this code has no penalty for a revoke")
    seen = set()
    for rv in r.revokes:
        if not 1 <= rv.trick <= 13:
            raise ScoringError(f"{code.cite('revoke')}: trick {rv.trick} is not one of 1-13")
        if (rv.seat, rv.trick) in seen:
            raise ScoringError(
                f"{code.cite('revoke')}: {rv.seat.name.title()} revoked twice in trick {rv.trick}"
            )
        seen.add((rv.seat, rv.trick))
        if r.declarer is not None and rv.seat == r.declarer.partner:
            raise ScoringError(f"{code.cite('follow')}: dummy cannot revoke")


def _revokes_by_side(revokes: Iterable[Revoke]) -> tuple[list[Revoke], list[Revoke]]:
    by: tuple[list[Revoke], list[Revoke]] = ([], [])
    for rv in sorted(revokes, key=lambda rv: rv.trick):
        by[rv.seat.side].append(rv)
    return by


# -- auction codes -----------------------------------------------------------------


def _check_contract(code: Code, contract: Contract, declarer: Seat | None) -> None:
    try:
        code.verify_declaration(contract.bid)
    except DeclarationError as e:
        raise ScoringError(str(e)) from None
    if contract.doubled not in (0, 1, 2):
        raise ScoringError(f"{code.cite('redouble_twice')}: doubled once, redoubled once")
    if declarer is None:
        raise ScoringError(f"{code.cite('declarant')}: a contract needs its declarant")


def _score_contract(r: DealResult, contract: Contract) -> DealScore:
    code = r.code
    _check_contract(code, contract, r.declarer)
    assert r.declarer is not None
    declarer = r.declarer
    denom = contract.denom
    decl, adv = declarer.side, 1 - declarer.side
    sheet = _Sheet(code)

    played = [0, 0]
    played[decl], played[adv] = r.tricks, 13 - r.tricks
    by_side = _revokes_by_side(r.revokes)
    revoked = (len(by_side[0]), len(by_side[1]))
    law = code.revoke
    assert not isinstance(law, RevokeTransfer)  # odd tricks: a RevokeLaw (Code)

    if law is not None and revoked[0] and revoked[1] and law.both_sides != "each":
        if law.both_sides == "void_if_equal" and revoked[0] == revoked[1]:
            note = f"{code.cite('revoke_both')}: both sides revoked equally; no score, a new deal"
            return DealScore(r, (), void=True, note=note)
        # Whist Club 91 (and Royalton 81 when the numbers differ): honors and
        # chicane only, and 100 for each revoke of a side after its first.
        _score_honors(sheet, r, denom)
        for side in (0, 1):
            extra = revoked[side] - 1
            if extra:
                sheet.add(
                    1 - side,
                    "honor",
                    extra * law.later,
                    f"{_plural(extra, 'extra revoke')} by {Side(side).title}, both sides revoked",
                    "revoke_both",
                )
        return _finish(r, sheet)

    # The declarer's choice of three tricks moves them from the revoking
    # adversaries to him; at nullo it moves three of his own tricks to them
    # (docs/spec.md §2.2.5). There are only as many as the other side has.
    # Royalton 77c: no choice when they revoked more than once.
    with_penalty = list(played)
    penalty_tricks = 0
    points_penalty = False
    if law is not None and law.has_choice(revoked[adv]):
        giver, taker = (decl, adv) if denom.nullo else (adv, decl)
        penalty_tricks = min(law.tricks, played[giver])
        if r.revoke_penalty == "points" or penalty_tricks == 0:
            points_penalty, penalty_tricks = True, 0
        with_penalty[giver] -= penalty_tricks
        with_penalty[taker] += penalty_tricks

    def counted(tricks: Sequence[int]) -> int:
        # At nullo the contract is measured by the adversaries' tricks (Royalton 83).
        return tricks[adv] if denom.nullo else tricks[decl]

    need = 6 + contract.level
    count = counted(with_penalty)
    made = count >= need
    mult = (1, 2, 4)[contract.doubled]
    doubling = ("", ", doubled", ", redoubled")[contract.doubled]
    decl_revoked = revoked[decl] > 0
    # Whist Club 86: a revoking side scores only honors and chicane.
    honors_only = law is not None and law.revoking_side == "honors_only"
    value = code.trick_values[denom.key]
    denom_name = denom.name + (" royal" if contract.royal else "")
    penalty_note = (
        f" (with {_plural(penalty_tricks, 'trick')} taken for a revoke)" if penalty_tricks else ""
    )

    # Tricks: only the declarant, only when his contract is made (daw 8-9);
    # a revoking declarant scores none (daw 101A, Whist Club 86, Royalton 77a).
    trick_points = 0
    if made and not decl_revoked:
        odd = count - 6
        trick_points = odd * value * mult
        topic = ("trick_score", "doubled_tricks", "redoubled_tricks")[contract.doubled]
        sheet.add(
            decl,
            "trick",
            trick_points,
            f"{_plural(odd, 'odd trick')} at {denom_name}{doubling}{penalty_note}",
            topic,
        )

    _score_honors(sheet, r, denom)
    _score_slams(sheet, r, contract, played, with_penalty, revoked, honors_only, counted)

    game = code.game
    if game is not None and (game.per_deal or r.duplicate) and trick_points >= game.points:
        # daw 7 and 11: one game at most, whatever the excess; docs/spec.md §2.2.8 for the others.
        topic = "game" if game.per_deal else "duplicate_game"
        sheet.add(decl, "honor", game.deal_bonus, "game", topic)

    if made and contract.doubled and not decl_revoked:
        # Tricks taken for a revoke make the contract but earn no bonus
        # (daw 101B, Whist Club 86b); under Royalton 77b they do.
        bonus_count = count if law is None or law.tricks_count_for_bonus else counted(played)
        if bonus_count >= need:
            over = bonus_count - need
            unit = code.doubled_bonus * contract.doubled
            what = "contract" + (f" and {_plural(over, 'overtrick')}" if over else "")
            topic = ("", "doubled_bonus", "redoubled_bonus")[contract.doubled]
            sheet.add(decl, "honor", unit * (1 + over), f"bonus, {what}{doubling}", topic)

    if not made and not (honors_only and revoked[adv]):
        short = need - count
        und = code.undertricks
        per = (und.royal if contract.royal else und.plain) * mult
        points = short * per
        reason = f"{_plural(short, 'undertrick')}{doubling}" + (
            ", royal bid" if contract.royal else ""
        )
        topic = (
            "royal"
            if contract.royal and not contract.doubled
            else ("undertricks", "doubled_undertricks", "redoubled_undertricks")[contract.doubled]
        )
        cap = und.one_spade_cap
        is_one_spade = contract.bid.denomination == "S" and contract.level == 1
        if cap is not None and is_one_spade and contract.doubled < 2 and points > cap:
            points, topic = cap, "one_spade"
            reason += f", limited to {cap} at one spade"
        sheet.add(adv, "honor", points, reason + penalty_note, topic)

    if law is not None:
        if revoked[decl] and not law.per_revoke(revoked[decl]):
            sheet.add(
                adv,
                "honor",
                law.declarant,
                f"revoke by the declarant's side ({by_side[decl][0].seat.name.title()})",
                "revoke_declarant",
            )
        if points_penalty:
            sheet.add(
                decl,
                "honor",
                law.adversary,
                f"revoke by {by_side[adv][0].seat.name.title()}, penalty taken in points",
                "revoke_adversary",
            )
        for side in (0, 1):
            if law.per_revoke(revoked[side]):
                sheet.add(
                    1 - side,
                    "honor",
                    revoked[side] * law.later,
                    f"{revoked[side]} revokes by {Side(side).title}, {law.later} each",
                    "revoke_later",
                )
                continue
            extra = revoked[side] - 1
            if extra > 0:
                sheet.add(
                    1 - side,
                    "honor",
                    extra * law.later,
                    f"{_plural(extra, 'later revoke')} by {Side(side).title}",
                    "revoke_later",
                )
    return _finish(r, sheet)


def _score_slams(
    sheet: _Sheet,
    r: DealResult,
    contract: Contract,
    played: Sequence[int],
    with_penalty: Sequence[int],
    revoked: tuple[int, int],
    honors_only: bool,
    counted: Callable[[Sequence[int]], int],
) -> None:
    slams = r.code.slams
    if slams is None:
        return
    assert r.declarer is not None
    decl = r.declarer.side
    tricks = with_penalty if slams.revoke_tricks_count else played

    def add(side: int, taken: int) -> None:
        if taken == 13:
            sheet.add(side, "honor", slams.grand, "grand slam", "grand_slam")
        elif taken == 12:
            sheet.add(side, "honor", slams.little, "little slam", "little_slam")

    if slams.only_when_bid:
        # Royalton 86-87: only when bid and made; a bid slam is a reward of the
        # contract, so a revoking declarant (law 77a) has none.
        taken = counted(tricks)
        if revoked[decl] or taken < 6 + contract.level:
            return
        if contract.level == 7:
            add(decl, 13)
        elif contract.level == 6:
            add(decl, 12)
        return
    # daw 14-15, Whist Club 7-8: to either side; not to a side that revoked
    # under the Whist Club (law 86).
    for side in (0, 1):
        if not (honors_only and revoked[side]):
            add(side, tricks[side])


def _score_honors(sheet: _Sheet, r: DealResult, denom: Denomination) -> None:
    """Honors to their original holders (daw 13, 16-17; Whist Club 6, 9)."""
    code = r.code
    table = code.honors
    h = r.holdings
    if table is None or h is None or denom.nullo:
        return
    at_nt = denom.trump is None
    most = 4 if at_nt else 5
    what = "aces" if at_nt else "honors"
    if any(n < 0 for n in h.honors) or sum(h.honors) > most:
        raise ScoringError(
            f"{code.cite('honors')}: there are {most} {what} at {denom.name}, "
            f"not {sum(h.honors)} ({h.honors})"
        )
    if at_nt:
        voids: frozenset[Seat] = frozenset()
    else:
        voids = h.voids
        if len(voids) == 4:
            raise ScoringError(f"{code.cite('chicane')}: somebody holds the trumps")
        for seat in voids:
            if h.honors[seat]:
                raise ScoringError(
                    f"{code.cite('chicane')}: {seat.name.title()} holds no trump, so holds no honor"
                )

    value = code.trick_values[denom.key]
    honors = [0, 0]
    for side in (0, 1):
        a, b = h.side(side)
        found = _honor_value(table, a + b, max(a, b), at_nt)
        if found is None:
            continue
        points, reason = found
        if not at_nt:
            points *= value  # at a suit, multiples of the trick value (daw 17)
        honors[side] = points
        sheet.add(side, "honor", points, reason, "honors")

    # Chicane (docs/spec.md §2.2.2, daw 16): added to its side's honors when that side
    # scores honors, else deducted from the other side's, never below zero.
    added = [0, 0]
    deducted = [0, 0]
    reasons: list[list[str]] = [[], []]
    for side in (0, 1):
        seats = sorted(s for s in voids if s.side == side)
        if not seats:
            continue
        double = len(seats) == 2
        points = (table.double_chicane if double else table.chicane) * value
        name = (
            f"double chicane ({Side(side).title})"
            if double
            else f"chicane ({seats[0].name.title()})"
        )
        if honors[side]:
            added[side] += points
            sheet.add(side, "honor", points, name, "chicane")
        elif honors[1 - side]:
            deducted[1 - side] += points
            reasons[1 - side].append(name)
    for side in (0, 1):
        if deducted[side]:
            take = min(deducted[side], honors[side] + added[side])
            reason = "less " + " and ".join(reasons[side])
            if take < deducted[side]:
                reason += ", to zero"
            sheet.add(side, "honor", -take, reason, "chicane")


def _honor_value(table: HonorTable, total: int, top: int, at_nt: bool) -> tuple[int, str] | None:
    """The honor table's entry for a side holding ``total`` honors, ``top`` of
    them in one hand: points at no-trump, a multiple of the trick value at a suit."""
    if at_nt:
        if total == 4 and top == 4:
            return table.aces_four_in_one, "4 aces in one hand"
        if total == 4:
            return table.aces_four, "4 aces"
        return (table.aces_three, "3 aces") if total == 3 else None
    if total == 5:
        if top == 5:
            return table.five_in_one, "5 honors in one hand"
        if top == 4:
            return table.four_in_one_fifth_in_partners, "4 honors in one hand, 5th in partner's"
        return table.five, "5 honors"
    if total == 4 and top == 4:
        return table.four_in_one, "4 honors in one hand"
    if total == 4:
        return table.four, "4 honors"
    return (table.three, "3 honors") if total == 3 else None


def _finish(r: DealResult, sheet: _Sheet) -> DealScore:
    items = tuple(sheet.items)
    score = DealScore(r, items)
    if r.code.game is None:
        return score
    return DealScore(r, items, (score.trick(0), score.trick(1)))


# -- Duplicate Whist: every trick counts ---------------------------------------------


def _score_all_tricks(r: DealResult) -> DealScore:
    """Each side scores the tricks it took (1894 law A, docs/spec.md §2.2.9); a revoke
    transfers tricks (AWL law X §4)."""
    code = r.code
    law = code.revoke
    assert not isinstance(law, RevokeLaw)  # every trick: a RevokeTransfer (Code)
    if r.contract is not None:
        raise ScoringError(
            f"{code.cite('trump')}: there is no auction; the turned card names the trump"
        )
    sheet = _Sheet(code)
    taken = (r.tricks, 13 - r.tricks)
    for side in (0, 1):
        sheet.add(side, "trick", taken[side], _plural(taken[side], "trick"), "trick_score")

    by_side = _revokes_by_side(r.revokes)
    revoked = (len(by_side[0]), len(by_side[1]))
    if r.average is not None and not 0 <= r.average <= 13:
        raise ScoringError(f"{code.cite('revoke')}: an average of {r.average} tricks")
    before = r.tricks_before_revoke
    if before is not None:
        firsts = [by_side[s][0].trick for s in (0, 1) if by_side[s]]
        if (
            min(before) < 0
            or before[0] > taken[0]
            or before[1] > taken[1]
            or (firsts and sum(before) > min(firsts) - 1)
        ):
            raise ScoringError(
                f"{code.cite('revoke')}: {before} tricks cannot have been won before the revoke"
            )

    one_side = (revoked[0] > 0) != (revoked[1] > 0)
    for side in (0, 1):
        if not revoked[side]:
            continue
        assert law is not None  # _check_revokes refuses a revoke under a code without a law
        penalty = law.penalty(revoked[side])
        left = max(taken[side] - penalty, 0)
        note = ""
        if one_side and r.average is not None:
            # The revoking side cannot score more than the average; a trick is
            # whole, so "no more than 7.5" is 7.
            own = r.average if side == 0 else 13 - r.average
            cap = math.floor(own)
            if left > cap:
                left, note = cap, ", down to the average"
        if one_side and before is not None and left < before[side]:
            left, note = before[side], ", not below the tricks won before the revoke"
        moved = taken[side] - left
        if moved:
            reason = (
                f"{_plural(revoked[side], 'revoke')} by {Side(side).title}: "
                f"{_plural(moved, 'trick')} transferred{note}"
            )
            sheet.add(side, "trick", -moved, reason, "revoke")
            sheet.add(1 - side, "trick", moved, reason, "revoke")
    return DealScore(r, tuple(sheet.items))


# -- rubbers -----------------------------------------------------------------------


class Rubber:
    """A rubber of the rubber codes: trick points accumulate into games
    (``code.game.points``); two games win it (Whist Club 1, Royalton 93)."""

    def __init__(self, code: Code | str) -> None:
        code = find_code(code)
        if not code.rubbers:
            raise ScoringError(
                f"{code.cite('game')}: {code.title} has no rubbers; each deal is scored alone"
            )
        self.code = code
        self._scores: list[DealScore] = []
        self._games = [0, 0]
        self._below = [0, 0]
        self._bonuses: list[ScoreItem] = []
        self._made_up = False

    @property
    def threshold(self) -> int:
        assert self.code.game is not None
        return self.code.game.points

    def add(self, score: DealScore) -> None:
        """Add a deal's score; a game is won when a side's trick points since
        the last game reach the threshold, the excess counting (Whist Club 3)."""
        if score.result.code != self.code:
            raise ScoringError(
                f"this rubber is played under {self.code.key}; "
                f"the deal was scored under {score.result.code.key}"
            )
        if score.result.duplicate:
            raise ScoringError(
                f"{self.code.cite('duplicate_game')}: a deal scored for duplicate has no place "
                "in a rubber"
            )
        if self._made_up or self.finished:
            raise ScoringError(
                f"{self.code.cite('rubber')}: the rubber is over; the score is made up"
            )
        self._scores.append(score)
        for side in (0, 1):
            self._below[side] += score.game_points[side]
            if self._below[side] >= self.threshold:
                self._games[side] += 1
                self._below = [0, 0]
                break

    @property
    def scores(self) -> tuple[DealScore, ...]:
        return tuple(self._scores)

    @property
    def games(self) -> tuple[int, int]:
        return self._games[0], self._games[1]

    @property
    def below(self) -> tuple[int, int]:
        """Trick points toward the game in progress."""
        return self._below[0], self._below[1]

    @property
    def finished(self) -> bool:
        """Two games won: the third is not played (Whist Club 1, Royalton 93)."""
        return max(self._games) >= 2

    @property
    def winner(self) -> int | None:
        if not self.finished:
            return None
        return 0 if self._games[0] >= 2 else 1

    @property
    def bonuses(self) -> tuple[ScoreItem, ...]:
        return tuple(self._bonuses)

    def finish(self, unfinished: bool = False) -> list[ScoreItem]:
        """Make up the score: the rubber bonus to the winners (Whist Club 11,
        Royalton 89); an unfinished rubber (``unfinished=True``) gives each
        side that won a game the code's bonus for it (Royalton 90)."""
        code = self.code
        game = code.game
        assert game is not None
        if self._made_up:
            raise ScoringError(f"{code.cite('rubber')}: the score is already made up")
        items: list[ScoreItem] = []
        winner = self.winner
        if winner is not None:
            items.append(
                ScoreItem(
                    Side(winner), "honor", game.rubber_bonus, "rubber", code.cite("rubber_bonus")
                )
            )
        elif not unfinished:
            raise ScoringError(
                f"{code.cite('rubber')}: the rubber is not finished (two games win it); "
                "make it up with unfinished=True"
            )
        elif game.unfinished_rubber_bonus:
            items.extend(
                ScoreItem(
                    side,
                    "honor",
                    game.unfinished_rubber_bonus,
                    "a game won in an unfinished rubber",
                    code.cite("unfinished_rubber"),
                )
                for side in Side
                if self._games[side]
            )
        self._bonuses.extend(items)
        self._made_up = True
        return items

    @property
    def made_up(self) -> bool:
        return self._made_up

    @property
    def totals(self) -> tuple[int, int]:
        """Each side's trick and honor points, with the bonuses once made up."""
        t = [sum(s.total(side) for s in self._scores) for side in (0, 1)]
        for item in self._bonuses:
            t[item.side] += item.points
        return t[0], t[1]

    @property
    def result(self) -> tuple[int | None, int]:
        """The side ahead and by how much: the points of the rubber (Whist Club
        11). If the losers of the rubber have more, they win the excess
        (Royalton 89)."""
        ns, ew = self.totals
        if ns == ew:
            return None, 0
        return (0, ns - ew) if ns > ew else (1, ew - ns)
