"""Forming tables, cutting and rights of entry: a club night.

Goodfellow laws 20-34 (daw), Whist Club laws 14-27 (auction, royals),
Royalton laws 1-14, and the American Whist League's 1894 law B (whist).
The cut is virtual: each player draws a card from one shuffled pack, ranked
as the laws rank them (ace lowest; heart < diamond < club < spade); the
lowest cut has the preference.

Each law is a small function here; ``ClubTable`` keeps one table's players,
candidates and the log of what the laws decided. Players are named by
strings. Where a code is silent (Duplicate Whist has only law B of 1894 on
forming tables), Goodfellow's duplicate laws are applied and cited as such
(docs/decisions.md, "Club night").
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .cards import Seat, card_str, cut_rank
from .codes import ClubLaws, Code, find_code
from .dealing import DealingError, cutting, rank_cuts
from .errors import WhistError

__all__ = [
    "ClubError",
    "ClubEvent",
    "ClubTable",
    "CutOut",
    "CuttingError",
    "EntryError",
    "Formation",
    "Partnership",
    "SubstituteError",
    "TwoTables",
    "broken_table_priority",
    "club_laws",
    "cut_cards",
    "cut_order",
    "cutting_out",
    "exposed_cut",
    "form_table",
    "form_two_tables",
    "keeps_right_at_own_table",
    "new_table_order",
    "partners",
    "preference",
    "seat_table",
    "succession_order",
]

TABLE = 4  # players at a table


class ClubError(WhistError):
    """Something the laws of forming tables, cutting or entry do not allow."""


class CuttingError(ClubError):
    """A cut the laws of cutting do not allow."""


class EntryError(ClubError):
    """A claim to play, enter or remain that the rights of entry do not give."""


class SubstituteError(ClubError):
    """A substitute appointed against the law (daw 33, Whist Club 26, Royalton 10)."""


def club_laws(code: Code | str) -> ClubLaws:
    """The laws of the club room ``code`` declares (``Code.club``)."""
    return _club(code)[1]


def _club(code: Code | str) -> tuple[Code, ClubLaws]:
    c = find_code(code)
    if c.club is None:
        raise ClubError(f"({c.key}): no laws of the club room are declared for this code")
    return c, c.club


# -- cutting ----------------------------------------------------------------------


def cut_cards(code: Code | str, rng: random.Random, who: Iterable[str]) -> dict[str, int]:
    """Each of ``who`` draws a card from one shuffled pack (daw 21, 23)."""
    players = list(who)
    c, _ = _club(code)
    if len(set(players)) != len(players):
        raise CuttingError(f"{c.cite('same_pack')}: a player cuts once, not twice")
    try:
        return cutting(rng, players)
    except DealingError as e:
        raise CuttingError(f"{c.cite('same_pack')}: {e}") from None


def cut_order(code: Code | str, cuts: Mapping[str, int]) -> list[str]:
    """Who cut what, lowest (the preference) first.

    daw 20, Whist Club 14, Royalton 12: ace lowest; between equal ranks heart <
    diamond < club < spade. Every player cuts from the same pack (daw 21), so
    no two cuts are the same card.
    """
    c, _ = _club(code)
    try:
        return rank_cuts(cuts)
    except DealingError as e:
        raise CuttingError(f"{c.cite('same_pack')}: {e}") from None


def exposed_cut(code: Code | str, exposed: Sequence[int]) -> int | None:
    """The cut of a player who exposed ``exposed`` in cutting.

    daw 22, Whist Club 16: the highest card exposed is his cut. Royalton 14:
    the cut is void (None) and the cards must be cut again.
    """
    c, laws = _club(code)
    if not exposed:
        raise CuttingError(f"{c.cite('several_exposed')}: no card was cut")
    if len(set(exposed)) != len(exposed) or not all(0 <= c < 52 for c in exposed):
        raise CuttingError(f"{c.cite('same_pack')}: cards cut from one pack differ")
    if len(exposed) == 1:
        return exposed[0]
    if laws.several_exposed == "recut":
        return None
    return max(exposed, key=cut_rank)


def _describe(cuts: Mapping[str, int]) -> str:
    return ", ".join(f"{who} {card_str(c)}" for who, c in cuts.items())


# -- who plays --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Preference:
    order: tuple[str, ...]  # preference first
    cuts: Mapping[str, int]  # the cuts made among those of equal standing


def preference(
    code: Code | str,
    arrivals: Sequence[Sequence[str]],
    places: int,
    rng: random.Random,
) -> Preference:
    """The order of preference for ``places`` places at a table.

    ``arrivals`` lists the players in groups, in the order they came into the
    room; a group came at the same time. Those first in the room have the
    preference (daw 25, Whist Club 17, Royalton 1); players of a group that
    cannot all be taken cut, and the lowest cuts have the preference. A group
    wholly taken, or wholly left out, does not cut (daw 25: "both or all such
    late arrivals not be needed").
    """
    c, _ = _club(code)
    seen: set[str] = set()
    for group in arrivals:
        for who in group:
            if who in seen:
                raise EntryError(f"{c.cite('preference')}: {who} came into the room twice")
            seen.add(who)
    order: list[str] = []
    cuts: dict[str, int] = {}
    for group in arrivals:
        free = places - len(order)
        if 0 < free < len(group):
            drawn = cut_cards(c, rng, group)
            cuts.update(drawn)
            order.extend(cut_order(c, drawn))
        else:
            order.extend(group)
    return Preference(tuple(order), cuts)


@dataclass(frozen=True, slots=True)
class Formation:
    """A table formed: four play, the next two wait their turn, the rest go on."""

    players: tuple[str, ...]
    waiting: tuple[str, ...]  # in their order of entry (daw 29)
    others: tuple[str, ...]  # beyond a complete table: to form another
    cuts: Mapping[str, int]


def form_table(
    code: Code | str,
    arrivals: Sequence[Sequence[str]],
    rng: random.Random,
) -> Formation:
    """Form one table from the players in the room.

    The four having the preference play (daw 26, Whist Club 17, Royalton 1); a
    complete table is six (daw 26, Whist Club 19, Royalton 2), so two more wait
    with the first rights of entry. Of those who cut to play and lost, the
    lowest cut has the first right (daw 29).
    """
    c, _ = _club(code)
    total = sum(len(g) for g in arrivals)
    if total < TABLE:
        raise ClubError(
            f"{c.cite('complete_table')}: a table needs four players, the room has {total}"
        )
    pref = preference(c, arrivals, TABLE, rng)
    order = pref.order
    return Formation(order[:TABLE], order[TABLE:6], order[6:], pref.cuts)


@dataclass(frozen=True, slots=True)
class Partnership:
    """The partners as cut: the two lowest against the two highest."""

    low: tuple[str, str]  # the lower cut first
    high: tuple[str, str]
    chooser: str  # the lowest cut: choice of seats (and of cards)
    dealer: str | None  # the first dealer, or None when the tray names him (daw 46)
    cuts: Mapping[str, int]


def partners(code: Code | str, cuts: Mapping[str, int]) -> Partnership:
    """Partners from the four players' cuts.

    daw 26: the highest two play against the lowest two; the lowest has the
    choice of seats. Whist Club 18, Royalton 3: the lower two against the
    higher two; the lowest is the dealer, with his choice of cards and seats.
    """
    rules, laws = _club(code)
    if len(cuts) != TABLE:
        raise ClubError(f"{rules.cite('partners')}: four cut for partners, not {len(cuts)}")
    a, b, c, d = cut_order(rules, cuts)
    return Partnership((a, b), (c, d), a, a if laws.lowest_deals else None, dict(cuts))


def seat_table(
    code: Code | str, p: Partnership, chooser_seat: Seat = Seat.SOUTH
) -> dict[Seat, str]:
    """Seat the four: the lowest cut takes the seat he chooses, his partner opposite.

    daw 26, Whist Club 18, Royalton 3 give the lowest the choice of seats; the
    laws are silent on the other pair, so the lower of it sits at his left.
    """
    club_laws(code)  # the code must have laws of the club room
    return {
        chooser_seat: p.low[0],
        chooser_seat.partner: p.low[1],
        chooser_seat.left: p.high[0],
        chooser_seat.right: p.high[1],
    }


@dataclass(frozen=True, slots=True)
class TwoTables:
    """Two-table duplicate: two teams, each with a pair at each table."""

    tables: tuple[Mapping[Seat, str], Mapping[Seat, str]]
    teams: tuple[tuple[str, ...], tuple[str, ...]]
    waiting: tuple[str, ...]
    cuts: Mapping[str, int]


def form_two_tables(code: Code | str, cuts: Mapping[str, int], eight: int = 8) -> TwoTables:
    """Form two tables of duplicate from the players' cuts.

    daw 27, AWL 1894 law B: the four lowest cuts play at one table, the four
    next lowest at the other. The highest two at one table are partners of the
    lowest two at the other; the highest two at each table sit North and
    South, the lowest two East and West. The laws do not say who of a pair
    takes North (East); the lower cut does.
    """
    c, _ = _club(code)
    if len(cuts) < eight:
        raise ClubError(f"{c.cite('two_tables')}: two tables need eight, {len(cuts)} cut")
    order = cut_order(c, cuts)
    first, second = order[:4], order[4:8]

    def seats(four: list[str]) -> dict[Seat, str]:
        lo1, lo2, hi1, hi2 = four
        return {Seat.NORTH: hi1, Seat.SOUTH: hi2, Seat.EAST: lo1, Seat.WEST: lo2}

    t1, t2 = seats(first), seats(second)
    team_a = (t1[Seat.NORTH], t1[Seat.SOUTH], t2[Seat.EAST], t2[Seat.WEST])
    team_b = (t2[Seat.NORTH], t2[Seat.SOUTH], t1[Seat.EAST], t1[Seat.WEST])
    return TwoTables((t1, t2), (team_a, team_b), tuple(order[8:]), dict(cuts))


# -- cutting out and rights of entry -------------------------------------------------


@dataclass(frozen=True, slots=True)
class CutOut:
    out: tuple[str, ...]
    remain: tuple[str, ...]
    cuts: Mapping[str, int]


def cutting_out(
    code: Code | str,
    consecutive: Mapping[str, int],
    candidates: int,
    rng: random.Random,
    helpers: Collection[str] = (),
) -> CutOut:
    """Who goes out at the end of a rubber (match) when candidates claim admission.

    daw 28: those who have played the least number of consecutive matches
    remain in; Whist Club 21, Royalton 5: those who have played the greatest
    number of consecutive rubbers withdraw. When that does not decide (all
    have played as many), they cut: the highest are out (Whist Club 21,
    Royalton 5; daw 20, the lowest has the preference). Players of another
    table who helped make up this one are the last to go out (daw 32, Whist
    Club 24, Royalton 8).
    """
    c, laws = _club(code)
    if candidates < 1:
        raise EntryError(f"{c.cite('cutting_out')}: nobody claims admission, nobody goes out")
    if laws.most_candidates is not None and candidates > laws.most_candidates:
        raise EntryError(
            f"{c.cite('cutting_out')}: admission is claimed by one or two candidates "
            f"(a complete table is six), not {candidates}"
        )
    if candidates > len(consecutive):
        raise EntryError(
            f"{c.cite('cutting_out')}: {candidates} candidates for {len(consecutive)} places"
        )
    if any(n < 0 for n in consecutive.values()):
        raise ClubError(f"{c.cite('cutting_out')}: a count of rubbers is never negative")
    helper_set = set(helpers)

    # Sort the outgoers first: new players before helpers, most consecutive first.
    def key(who: str) -> tuple[int, int]:
        return (who in helper_set, -consecutive[who])

    ranked = sorted(consecutive, key=key)
    boundary = key(ranked[candidates - 1])
    sure = [w for w in ranked if key(w) < boundary]
    tied = [w for w in ranked if key(w) == boundary]
    need = candidates - len(sure)
    cuts: dict[str, int] = {}
    if need < len(tied):
        cuts = cut_cards(c, rng, tied)
        tied = cut_order(c, cuts)[::-1]  # the highest are out
    out = (*sure, *tied[:need])
    remain = tuple(w for w in consecutive if w not in out)
    return CutOut(tuple(out), remain, cuts)


def succession_order(
    code: Code | str,
    announced: Sequence[str],
    lost_cut: Mapping[str, int] | None = None,
) -> list[str]:
    """The order in which candidates fill vacancies.

    The right to succeed a player who retires is acquired by announcing it, and
    announcements give the right in the order made (daw 29, Whist Club 20,
    Royalton 4); except that those who cut to form the match and lost enter in
    the order of their cuts, lowest first (daw 29), ahead of later announcements.
    """
    c, _ = _club(code)
    if len(set(announced)) != len(announced):
        raise EntryError(f"{c.cite('succession')}: a candidate announces once")
    losers = cut_order(c, lost_cut) if lost_cut else []
    return [*losers, *(w for w in announced if w not in losers)]


def new_table_order(
    code: Code | str,
    candidates: Sequence[str],
    played_elsewhere: Collection[str],
    rng: random.Random,
) -> Preference:
    """The order of entry to a new table.

    Candidates who have not played at any other table have the preference;
    those who have already played decide theirs by cutting (daw 31, Whist
    Club 23, Royalton 7).
    """
    c, _ = _club(code)
    fresh = [w for w in candidates if w not in played_elsewhere]
    played = [w for w in candidates if w in played_elsewhere]
    cuts = cut_cards(c, rng, played) if len(played) > 1 else {}
    return Preference((*fresh, *(cut_order(c, cuts) if cuts else played)), cuts)


def broken_table_priority(
    code: Code | str,
    players: Sequence[str],
    breaker: str | None,
    candidates: Sequence[str],
    continuing: Collection[str] | None = None,
) -> tuple[str, ...]:
    """The players of a broken-up table who have a prior right at other tables.

    daw 34: those who desire to continue play, unless there are candidates
    sufficient to re-form their table (then none: the table is re-formed).
    Whist Club 27, Royalton 11: the remaining players, not the one who broke
    it up. ``candidates`` waits for this table; ``continuing`` (all by
    default) wish to play on.
    """
    c, laws = _club(code)
    if breaker is not None and breaker not in players:
        raise ClubError(f"{c.cite('broken_up')}: {breaker} is not of this table")
    wish = set(players if continuing is None else continuing)
    if laws.reform_if_candidates and len(candidates) + len(wish) >= TABLE:
        return ()  # the table re-forms with its candidates
    return tuple(w for w in players if w in wish and (w != breaker or laws.breaker_keeps_right))


# -- one table through the night -------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClubEvent:
    """One line of a table's log: what happened, to whom, under which law."""

    kind: str
    who: tuple[str, ...]
    law: str
    note: str = ""


@dataclass
class ClubTable:
    """One table of a club night: its four, its candidates and its log.

    The table plays rubbers (matches); between them candidates may claim
    admission, and the laws decide who goes out; players retire and
    candidates succeed them; a substitute sits in with the others' consent.
    """

    code: Code | str
    players: list[str]
    rng: random.Random
    candidates: list[str] = field(default_factory=list)
    consecutive: dict[str, int] = field(default_factory=dict)
    helpers: set[str] = field(default_factory=set)
    returning: set[str] = field(default_factory=set)  # helpers who will go back
    substitutes: dict[str, str] = field(default_factory=dict)  # absent -> substitute
    cutting: bool = False  # a card has been cut for a new rubber or for cutting out
    playing: bool = False  # a rubber (match) is in progress
    log: list[ClubEvent] = field(default_factory=list)

    def __post_init__(self) -> None:
        if len(self.players) != TABLE or len(set(self.players)) != TABLE:
            raise ClubError(f"{self._cite('complete_table')}: a table is four different players")
        for who in self.players:
            self.consecutive.setdefault(who, 0)

    @property
    def laws(self) -> ClubLaws:
        return club_laws(self.code)

    def _cite(self, topic: str) -> str:
        return find_code(self.code).cite(topic)

    def _note(self, kind: str, who: Iterable[str], topic: str, note: str = "") -> None:
        self.log.append(ClubEvent(kind, tuple(who), self._cite(topic), note))

    def _check_member(self, who: str, topic: str) -> None:
        if who not in self.players:
            raise EntryError(f"{self._cite(topic)}: {who} is not playing at this table")

    # verify / can / act, as for calls and cards
    def verify_announce(self, who: str) -> None:
        laws = self.laws
        if who in self.players or who in self.candidates:
            raise EntryError(f"{self._cite('announce')}: {who} is already at this table")
        if self.cutting:
            raise EntryError(
                f"{self._cite('announce')}: a candidate must announce before any player at the "
                f"table cuts a card for a new {laws.unit} or for cutting out"
            )
        if len(self.candidates) >= 2 and laws.most_candidates is not None:
            raise EntryError(f"{self._cite('complete_table')}: six players make a complete table")

    def can_announce(self, who: str) -> bool:
        try:
            self.verify_announce(who)
        except ClubError:
            return False
        return True

    def announce(self, who: str) -> None:
        """A candidate announces his wish to play (daw 29-30, Whist Club 20, 22)."""
        self.verify_announce(who)
        self.candidates.append(who)
        self._note("announce", [who], "succession", f"candidate {len(self.candidates)}")

    def cut_for_partners(self) -> Partnership:
        """The four cut for partners (daw 26, Whist Club 18, Royalton 3).

        From the first card cut no candidate may announce for this rubber
        (match) (daw 30, Whist Club 22, Royalton 6).
        """
        if self.playing:
            raise ClubError(f"{self._cite('partners')}: the {self.laws.unit} is on")
        self.cutting = True
        cuts = cut_cards(self.code, self.rng, self.players)
        p = partners(self.code, cuts)
        self._note("partners", [*p.low, *p.high], "partners", _describe(cuts))
        return p

    def begin(self) -> None:
        """A rubber (match) begins; announcements for it are closed."""
        if self.playing:
            raise ClubError(f"{self._cite('cutting_out')}: the {self.laws.unit} is on")
        self.cutting = False
        self.playing = True
        self._note("begin", self.players, "announce")

    def end(self) -> None:
        """The rubber (match) ends; a substitute's appointment ends with it.

        daw 33, Whist Club 26, Royalton 10: the absent player takes his place
        again. Candidates may still announce until a card is cut.
        """
        laws = self.laws
        if not self.playing:
            raise ClubError(f"{self._cite('cutting_out')}: no {laws.unit} is in progress")
        self.playing = False
        for absent, sub in list(self.substitutes.items()):
            self.players[self.players.index(sub)] = absent
            del self.substitutes[absent]
            self._note("substitute ends", [sub, absent], "substitute")
        for who in self.players:
            self.consecutive[who] += 1
        self._note("end", self.players, "cutting_out", f"end of the {laws.unit}")

    def cut_out(self) -> CutOut | None:
        """Candidates come in at the end of a rubber (match).

        Helpers who said they would return to their own table leave first when
        a candidate can fill their place (daw 32, Whist Club 25, Royalton 9);
        then the laws of cutting out decide (daw 28, Whist Club 21, Royalton
        5). Returns None when nobody claims admission.
        """
        laws = self.laws
        if self.playing:
            raise EntryError(f"{self._cite('cutting_out')}: the {laws.unit} is not over")
        for who in [w for w in self.players if w in self.returning]:
            if not self.candidates:
                break
            self._replace(who, "return")
            self.returning.discard(who)
            self.helpers.discard(who)
        if not self.candidates:
            self.helpers.clear()
            return None
        self.cutting = True
        n = min(len(self.candidates), laws.most_candidates or len(self.candidates))
        result = cutting_out(
            self.code, {w: self.consecutive[w] for w in self.players}, n, self.rng, self.helpers
        )
        plural = {"match": "matches", "rubber": "rubbers"}[laws.unit]
        note = _describe(result.cuts) if result.cuts else f"by consecutive {plural}"
        self._note("cut out", result.out, "cutting_out", note)
        for who in result.out:
            self._replace(who, "cutting_out")
        self.helpers.clear()  # after the first rubber (match) they are players like the rest
        return result

    def _replace(self, who: str, topic: str) -> None:
        new = self.candidates.pop(0)
        self.players[self.players.index(who)] = new
        del self.consecutive[who]
        self.consecutive[new] = 0
        self._note("enter", [new, who], topic, f"{new} takes the place of {who}")

    def retire(self, who: str) -> str | None:
        """A player retires; the first candidate succeeds him (daw 29, Whist Club 20).

        Returns the successor, or None when nobody waits (the table breaks up).
        """
        self._check_member(who, "succession")
        if self.playing:
            raise EntryError(
                f"{self._cite('substitute')}: a player who quits during a "
                f"{self.laws.unit} may appoint a substitute with the others' consent"
            )
        if not self.candidates:
            return None
        new = self.candidates[0]
        self._replace(who, "succession")
        return new

    def substitute(self, absent: str, sub: str, consenting: Collection[str]) -> None:
        """``absent`` quits during a rubber (match) and appoints ``sub``.

        daw 33, Whist Club 26, Royalton 10: with the consent of the other three;
        for that rubber (match) only; the substitute's own rights are untouched
        (a candidate keeps his place among the candidates).
        """
        laws = self.laws
        self._check_member(absent, "substitute")
        if not self.playing:
            raise SubstituteError(
                f"{self._cite('substitute')}: a substitute plays during the progress of a "
                f"{laws.unit}; between them the player retires"
            )
        others = {w for w in self.players if w != absent}
        missing = others - set(consenting)
        if missing:
            raise SubstituteError(
                f"{self._cite('substitute')}: the other three must consent; "
                f"{', '.join(sorted(missing))} did not"
            )
        if sub in self.players:
            raise SubstituteError(f"{self._cite('substitute')}: {sub} already plays here")
        self.players[self.players.index(absent)] = sub
        # A substitute who quits in turn: the new one also plays for the original player.
        original = next((a for a, s in self.substitutes.items() if s == absent), absent)
        self.substitutes[original] = sub
        self._note("substitute", [sub, absent], "substitute", f"{sub} plays for {absent}")

    def helped_form(self, who: str, will_return: bool = False, needed: bool = True) -> None:
        """``who`` belongs to another table and helps make up this one.

        He is the last to go out at the end of the first rubber (match) (daw 32,
        Whist Club 24, Royalton 8; Royalton: only if the table could not be
        formed without him). Saying he will return keeps his right at his own
        table (daw 32, Whist Club 25, Royalton 9).
        """
        self._check_member(who, "helpers")
        if needed or not self.laws.helpers_only_if_needed:
            self.helpers.add(who)
        if will_return:
            self.returning.add(who)
        self._note("helper", [who], "helpers", "will return" if will_return else "")


def keeps_right_at_own_table(
    code: Code | str, helped_new_table: bool, announced_return: bool
) -> bool:
    """Does a player who cut into another table keep his right at his own?

    daw 32, Whist Club 25, Royalton 9: he forfeits it, unless he helped form a
    new table and signified his intention to return when his place there can
    be filled.
    """
    club_laws(code)
    return helped_new_table and announced_return
