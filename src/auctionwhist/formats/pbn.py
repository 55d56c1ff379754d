"""A deal's event log as PBN 2.1, written and read back without loss.

What goes where (docs/spec.md §3):

- The standard tags, in export order: Event, Site, Date, Board (the deal
  number), West, North, East, South, Dealer, Vulnerable ("None": these
  games have no vulnerability), Deal, Scoring, Declarer, Contract, Result.
- ``[Scoring "AuctionWhist-<code>"]`` names the code (``AuctionWhist-daw``,
  ``AuctionWhist-royalton``, ...).
- ``Contract`` is what a bridge reader can use: the level, the trump suit (or
  NT) and X/XX. Where our contract says more it is approximated and the
  exact contract is in ``[AuctionWhistContract "3SRX"]``: a royal bid is
  written as the plain bid, Royal Spades as spades, a nullo as no-trump
  (both are played without a trump, so the tricks fall alike).
- ``Declarer`` is the player of the combined hands (after a bridged nullo,
  the declarant's partner); ``Result`` is the tricks of his side, "?" while
  the deal is unfinished. Duplicate Whist has no contract: Contract is "1"
  and the turned suit, Declarer the dealer (AWL definition (d)), so that a
  bridge reader knows the trump and the opening leader (the dealer's left);
  the turned card is in ``[AuctionWhistTurned "H7"]`` and there is no
  Auction section.
- The Auction section uses PBN calls (``1H``, ``2NT``, ``Pass``, ``X``,
  ``XX``); a call PBN lacks is written as its nearest PBN call followed by a
  note: ``3S =1=`` with ``[Note "1:royal"]``; likewise ``nullo``, ``nullo
  royal``, ``Royal Spades`` and ``no bid`` (the Royalton dealer's, written
  ``Pass``). ``*`` ends an auction still open.
- The Play section: one row per trick, one column per seat from the opening
  leader round to the left, ``-`` for a card not yet played; ``*`` ends the
  play after an accepted claim. Reading takes each trick's leader to be the
  winner of the one before, as the Table requires.
- ``[AuctionWhistEvents "5 bridged seat=S; 40 claimed seat=E tricks=3"]``:
  every record that is neither the deal, a call nor a card, with its place
  in the log, fields as in ``jsonlog``.
- ``[AuctionWhistLog "{...}"]``: for a deal played under the laws (a log
  with irregular calls or cards and rulings), the whole log as ``jsonlog``
  JSON; the Auction and Play sections then show what stood, as the table
  derived it, and reading takes the log from this tag.
- ``[AuctionWhistHonors "N:AK E:- S:QJ W:T"]``: the honors of the trump suit
  (aces at no-trump, as suits: ``N:SH``) each seat holds, for codes that
  score honors; ``[AuctionWhistScore "NS trick=24 honor=16 total=40; EW
  ..."]``: the deal's score under its code (honor: the honor column, or
  Royalton's penalty-and-bonus column). Both are for the reader only; reading
  derives them again from the log.

Reading uses the tags above; a PBN file written by another program can be
read too if ``code=`` is given.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..calls import Bid, Call, CallError, Contract, Other, parse_call, parse_contract
from ..cards import (
    Deal,
    DealError,
    Seat,
    Side,
    Suit,
    card_from_str,
    card_str,
    card_suit,
)
from ..codes import Code, UnknownCodeError, find_code
from ..errors import WhistError
from ..play import trick_winner
from ..records import CallMade, CardPlayed, Dealt, Event, TableMode, TrumpDeclared
from ..scoring import DealScore
from ..table import Table
from .jsonlog import JsonLogError, event_from_json, event_to_json, events_from_json, events_to_json

__all__ = [
    "SCORING_PREFIX",
    "PbnError",
    "PbnGame",
    "auction_rows",
    "call_from_pbn",
    "call_to_pbn",
    "dumps",
    "export_pbn",
    "import_game",
    "import_pbn",
    "join",
    "loads",
    "parse_games",
    "play_rows",
]

SCORING_PREFIX = "AuctionWhist-"
_SEAT_TAGS = ("West", "North", "East", "South")


class PbnError(WhistError):
    """PBN that cannot be read as a deal's log, or a log PBN cannot hold."""


# -- calls ---------------------------------------------------------------------

# Notes for the calls PBN lacks; the text is the note, and its key for reading.
_NOTE_ROYAL = "royal"
_NOTE_NULLO = "nullo"
_NOTE_NULLO_ROYAL = "nullo royal"
_NOTE_ROYAL_SPADES = "Royal Spades"
_NOTE_NO_BID = "no bid"


def call_to_pbn(call: Call) -> tuple[str, str | None]:
    """The PBN call and, for a call PBN lacks, the note that makes it exact."""
    if isinstance(call, Other):
        return {
            Other.PASS: ("Pass", None),
            Other.DOUBLE: ("X", None),
            Other.REDOUBLE: ("XX", None),
            Other.NO_BID: ("Pass", _NOTE_NO_BID),
        }[call]
    d = call.denomination
    if d == "RS":
        return f"{call.level}S", _NOTE_ROYAL_SPADES
    if d == "NL":
        return f"{call.level}NT", _NOTE_NULLO_ROYAL if call.royal else _NOTE_NULLO
    return f"{call.level}{d}", _NOTE_ROYAL if call.royal else None


def call_from_pbn(text: str, note: str | None = None) -> Call:
    """Read a PBN call, made exact by our note if it has one."""
    t = text.strip().upper()
    try:
        call = parse_call({"PASS": "pass", "X": "X", "XX": "XX"}.get(t, t))
    except CallError as e:
        raise PbnError(f"Auction: {e}") from None
    if note is None:
        return call
    if note == _NOTE_NO_BID and call is Other.PASS:
        return Other.NO_BID
    if isinstance(call, Bid) and not call.royal:
        if note == _NOTE_ROYAL and call.denomination in ("C", "D", "H", "S", "NT"):
            return Bid(call.level, call.denomination, True)
        if note == _NOTE_ROYAL_SPADES and call.denomination == "S":
            return Bid(call.level, "RS")
        if note in (_NOTE_NULLO, _NOTE_NULLO_ROYAL) and call.denomination == "NT":
            return Bid(call.level, "NL", note == _NOTE_NULLO_ROYAL)
    return call  # a note of another program's: not ours to read


def auction_rows(calls: Sequence[Call], complete: bool) -> tuple[list[list[str]], list[str]]:
    """Rows of four PBN calls with note references, and the notes (``"1:royal"``)."""
    tokens: list[str] = []
    notes: list[str] = []
    for call in calls:
        text, note = call_to_pbn(call)
        tokens.append(text)
        if note is not None:
            if note not in notes:
                notes.append(note)
            tokens[-1] += f" ={notes.index(note) + 1}="
    if not complete:
        tokens.append("*")
    rows = [tokens[i : i + 4] for i in range(0, len(tokens), 4)]
    return rows, [f"{i + 1}:{n}" for i, n in enumerate(notes)]


def play_rows(first: Seat, tricks: Sequence[Sequence[tuple[Seat, int]]]) -> list[list[str]]:
    """PBN Play rows: per trick, the cards of ``first``, his left, ... ("-" unplayed)."""
    rows = []
    for n, trick in enumerate(tricks, 1):
        row = ["-"] * 4
        for seat, c in trick:
            col = (seat - first) % 4
            if row[col] != "-":
                raise PbnError(f"trick {n}: {seat.name.title()} plays twice; PBN cannot say so")
            row[col] = card_str(c)
        rows.append(row)
    return rows


def _tricks(cards: Sequence[CardPlayed]) -> list[list[tuple[Seat, int]]]:
    return [[(e.seat, e.card) for e in cards[i : i + 4]] for i in range(0, len(cards), 4)]


# -- writing -------------------------------------------------------------------


def _escape(value: str) -> str:
    """A tag's value as PBN writes it: a backslash and a quote escaped, and
    every control character (a newline above all, which would end the tag
    and let the rest of a name be read as tags of its own) made a space:
    a tag is one line, and PBN has no escape for them."""
    value = value.replace("\\", "\\\\").replace('"', '\\"')
    if value.isprintable():
        return value
    return "".join(c if c.isprintable() else " " for c in value)


def _tag(name: str, value: str) -> str:
    return f'[{name} "{_escape(value)}"]'


def _pbn_contract(contract: Contract) -> tuple[str, bool]:
    """The bridge reader's contract, and whether it is exact."""
    d = contract.bid.denomination
    strain = {"RS": "S", "NL": "NT"}.get(d, d)
    text = f"{contract.level}{strain}{('', 'X', 'XX')[contract.doubled]}"
    return text, not contract.royal and strain == d


def _honors(deal: Deal, contract: Contract) -> str | None:
    trump = contract.denom.trump
    if contract.denom.nullo:
        return None
    parts = []
    for seat in Seat:
        held = deal.hands[seat]
        if trump is None:
            text = "".join(s.char for s in reversed(Suit) if held >> (13 * s + 12) & 1)
        else:
            text = "".join(
                "AKQJT"[14 - r] for r in range(14, 9, -1) if held >> (13 * trump + r - 2) & 1
            )
        parts.append(f"{seat.char}:{text or '-'}")
    return " ".join(parts)


def _extra_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return re.sub(r'[\s;=%"\\]', lambda m: f"%{ord(m[0]):02X}", value)
    raise PbnError(f"cannot write {value!r} in AuctionWhistEvents")


def export_pbn(
    events: Iterable[Event],
    *,
    event: str = "",
    site: str = "",
    date: str = "????.??.??",
    players: Mapping[Seat, str] | None = None,
    duplicate: bool = False,
    average: float | None = None,
    entered: DealScore | None = None,
) -> str:
    """One game of PBN for a deal's log (its contract and result from the Table).

    ``[AuctionWhistScore]`` is the table's score (``Table.score``): with
    ``duplicate`` as a deal of a match scores alone (daw law 7), with
    ``average`` for a Duplicate Whist revoke (AWL X §4). ``entered`` is a
    result a director entered in place of the play (the web's score-card
    entry): its contract, declarer, tricks and score stand in Declarer,
    Contract, Result and AuctionWhistScore, and the log goes whole in
    AuctionWhistLog, so that reading still takes the log."""
    log = tuple(events)
    if not log or not isinstance(log[0], Dealt):
        raise PbnError("an event log starts with the deal (a Dealt record)")
    dealt = log[0]
    deal, code = dealt.deal, find_code(dealt.code)
    table = Table.from_events(log)  # the laws say what the log means

    calls: list[CallMade] = []
    cards: list[CardPlayed] = []
    extras: list[str] = []
    # A log played under the laws (irregular calls and cards, rulings) cannot be
    # told by PBN's sections alone: they show what stood, as the table derived
    # it, and the whole log goes in [AuctionWhistLog] to be read back exactly.
    irregular = any(isinstance(ev, TableMode) for ev in log)
    if irregular:
        if table.auction is not None:
            calls = [CallMade(seat, call) for seat, call in table.auction.calls]
        if table.play is not None:
            cards = [
                CardPlayed(leader.after(i), c)
                for leader, trick in table.play.tricks
                for i, c in enumerate(trick)
            ]
            cards += [
                CardPlayed(Seat(table.play.leader).after(i), c)
                for i, c in enumerate(table.play.trick)
            ]
    for i, ev in enumerate(() if irregular else log[1:], 1):
        if isinstance(ev, CallMade):
            calls.append(ev)
        elif isinstance(ev, CardPlayed):
            cards.append(ev)
        else:
            try:
                obj = event_to_json(ev)
            except JsonLogError as e:
                raise PbnError(f"event {i}: {e}") from None
            kind = obj.pop("type")
            fields = " ".join(f"{k}={_extra_value(v)}" for k, v in obj.items())
            extras.append(f"{i} {kind} {fields}".rstrip())

    contract = table.contract
    declarer = table.declarer
    if entered is not None:
        contract, declarer = entered.result.contract, entered.result.declarer
    if not code.auction:
        declarer = deal.dealer
    lines = [
        _tag("Event", event),
        _tag("Site", site),
        _tag("Date", date),
        _tag("Board", str(deal.number)),
    ]
    names = players or {}
    lines += [_tag(name, names.get(Seat.from_char(name), "")) for name in _SEAT_TAGS]
    lines += [
        _tag("Dealer", deal.dealer.char),
        _tag("Vulnerable", "None"),
        _tag("Deal", deal.to_pbn()),
        _tag("Scoring", SCORING_PREFIX + code.key),
        _tag("Declarer", declarer.char if declarer is not None else ""),
    ]
    exact_contract: str | None = None
    if not code.auction:
        trump = table.trump_suit
        assert trump is not None
        lines.append(_tag("Contract", f"1{trump.char}"))
    elif contract is not None:
        text, exact = _pbn_contract(contract)
        lines.append(_tag("Contract", text))
        if not exact:
            exact_contract = str(contract)
    else:
        auction_over = table.auction is not None and table.auction.is_over
        lines.append(_tag("Contract", "Pass" if auction_over else ""))
    result = "?"
    if table.is_over and declarer is not None and table.play is not None:
        result = str(table.tricks_won()[declarer.side])
    if entered is not None and declarer is not None:
        r = entered.result  # tricks: the declarer's side's; whist: North-South's
        flip = r.declarer is None and declarer.side == 1
        result = str(13 - r.tricks if flip else r.tricks)
    lines.append(_tag("Result", result if declarer is not None else ""))

    if code.auction:
        lines.append(_tag("Auction", deal.dealer.char))
        over = table.auction is not None and table.auction.is_over
        rows, notes = auction_rows([c.call for c in calls], over)
        lines += [" ".join(r) for r in rows]
        lines += [_tag("Note", n) for n in notes]

    if cards:
        first = cards[0].seat
        tricks = _tricks(cards)
        lines.append(_tag("Play", first.char))
        lines += [" ".join(r) for r in play_rows(first, tricks)]
        if table.is_over and table.play is not None and not table.play.is_over:
            lines.append("*")  # the rest was claimed

    if deal.turned is not None:
        lines.append(_tag("AuctionWhistTurned", card_str(deal.turned)))
    if exact_contract is not None:
        lines.append(_tag("AuctionWhistContract", exact_contract))
    if extras:
        lines.append(_tag("AuctionWhistEvents", "; ".join(extras)))
    if irregular or entered is not None:
        lines.append(
            _tag("AuctionWhistLog", json.dumps(events_to_json(log), separators=(",", ":")))
        )
    if code.has_honors and contract is not None:
        honors = _honors(deal, contract)
        if honors is not None:
            lines.append(_tag("AuctionWhistHonors", honors))
    if table.is_over or entered is not None:
        score = entered if entered is not None else table.score(average, duplicate)
        lines.append(
            _tag(
                "AuctionWhistScore",
                "; ".join(
                    f"{s.pbn} trick={score.trick(s)} honor={score.honor(s)} total={score.total(s)}"
                    for s in Side
                ),
            )
        )
    return "\n".join(lines) + "\n"


def dumps(logs: Iterable[Iterable[Event]], **tags: Any) -> str:
    """A PBN file of one game per log."""
    return join(export_pbn(log, **tags) for log in logs)


def join(games: Iterable[str]) -> str:
    """A PBN file of games each written by ``export_pbn``."""
    return "% PBN 2.1\n% EXPORT\n% Creator: auction-whist\n\n" + "\n".join(games)


# -- reading -------------------------------------------------------------------


@dataclass
class PbnGame:
    """One game of a PBN file: its tags, section data and notes, as written."""

    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)
    # Notes by the section they follow ("Auction", "Play"): number -> text.
    notes: dict[str, dict[str, str]] = field(default_factory=dict)
    line: int = 0


_TAG_RE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_TOKEN_RE = re.compile(r'[^\s;{\["]+')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def parse_games(text: str) -> list[PbnGame]:
    """The games of a PBN file (tags, section tokens, notes); ``#`` repeats a
    tag's value from the game before (PBN 2.1 §3.5)."""
    games: list[PbnGame] = []
    game = PbnGame()
    section: str | None = None
    in_comment = False
    previous: dict[str, str] = {}

    def close() -> None:
        nonlocal game, section, previous
        if game.tags or game.sections:
            for k, v in game.tags.items():
                if v == "#" and k in previous:
                    game.tags[k] = previous[k]
            games.append(game)
            previous = game.tags
        game, section = PbnGame(), None

    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        pos = 0
        if in_comment:
            end = line.find("}")
            if end < 0:
                continue
            in_comment, pos = False, end + 1
        elif line.startswith("%"):
            continue
        if not line.strip():
            close()
            continue
        while pos < len(line):
            ch = line[pos]
            if ch.isspace():
                pos += 1
            elif ch == ";":
                break
            elif ch == "{":
                end = line.find("}", pos)
                if end < 0:
                    in_comment = True
                    break
                pos = end + 1
            elif ch == "[":
                m = _TAG_RE.match(line, pos)
                if not m:
                    raise PbnError(f"line {n}: not a PBN tag: {line[pos:]!r}")
                name, value = m[1], _unescape(m[2])
                if not game.line:
                    game.line = n
                if name == "Note":
                    num, _, note = value.partition(":")
                    game.notes.setdefault(section or "", {})[num.strip()] = note
                else:
                    game.tags.setdefault(name, value)
                    section = name
                    game.sections.setdefault(name, [])
                pos = m.end()
            else:
                m = _TOKEN_RE.match(line, pos)
                if not m or section is None:
                    raise PbnError(f"line {n}: {line[pos:]!r} is neither a tag nor section data")
                game.sections[section].append(m[0])
                pos = m.end()
    close()
    return games


def _seat(value: str, tag: str) -> Seat:
    if value.strip().upper()[:1] not in ("N", "E", "S", "W"):
        raise PbnError(f"{tag}: not a seat: {value!r}")
    return Seat.from_char(value)


def _code_of(game: PbnGame, code: Code | str | None) -> Code:
    if code is not None:
        return find_code(code)
    scoring = game.tags.get("Scoring", "")
    if not scoring.startswith(SCORING_PREFIX):
        raise PbnError(
            f"Scoring: {scoring!r} does not name a code ({SCORING_PREFIX}daw, ...); "
            "give the code to read it under"
        )
    try:
        return find_code(scoring.removeprefix(SCORING_PREFIX))
    except UnknownCodeError as e:
        raise PbnError(f"Scoring: {e}") from None


def _read_calls(game: PbnGame, dealer: Seat) -> list[CallMade]:
    tokens = game.sections.get("Auction", [])
    if tokens and "Auction" in game.tags:
        dealer = _seat(game.tags["Auction"], "Auction")
    notes = game.notes.get("Auction", {})
    calls: list[tuple[str, str | None]] = []
    for tok in tokens:
        if tok.startswith("=") and tok.endswith("=") and len(tok) > 2:
            if not calls:
                raise PbnError(f"Auction: note {tok} before any call")
            num = tok[1:-1]
            if num not in notes:
                raise PbnError(f"Auction: note {tok} has no [Note] tag")
            calls[-1] = (calls[-1][0], notes[num])
        elif tok.upper() == "AP":
            calls += [("Pass", None)] * 3
        elif tok in ("*", "+", "-") or tok.startswith("$") or tok[:1] in "!?":
            continue  # unfinished auction, suffix annotations
        else:
            calls.append((tok, None))
    return [CallMade(dealer.after(i), call_from_pbn(t, note)) for i, (t, note) in enumerate(calls)]


def _read_cards(game: PbnGame, trump: int) -> list[CardPlayed]:
    tokens = [
        t
        for t in game.sections.get("Play", [])
        if not (t.startswith("=") and t.endswith("=")) and not t.startswith("$")
    ]
    if not tokens:
        return []
    first = _seat(game.tags["Play"], "Play")
    if "*" in tokens:
        tokens = tokens[: tokens.index("*")]
    if len(tokens) % 4:
        raise PbnError(f"Play: {len(tokens)} entries do not make rows of four")
    rows: list[list[int | None]] = []
    for i in range(0, len(tokens), 4):
        row: list[int | None] = []
        for tok in tokens[i : i + 4]:
            try:
                row.append(None if tok in ("-", "+") else card_from_str(tok.rstrip("!?")))
            except DealError as e:
                raise PbnError(f"Play, trick {i // 4 + 1}: {e}") from None
        rows.append(row)
    out: list[CardPlayed] = []
    leader = first
    for row in rows:
        trick: list[tuple[Seat, int]] = []
        for k in range(4):
            seat = leader.after(k)
            c = row[(seat - first) % 4]
            if c is not None:
                trick.append((seat, c))
        out += [CardPlayed(s, c) for s, c in trick]
        if len(trick) == 4:
            leader = trick[trick_winner([c for _, c in trick], trump)][0]
    return out


def _read_extras(game: PbnGame) -> list[tuple[int, Event]]:
    text = game.tags.get("AuctionWhistEvents", "").strip()
    out: list[tuple[int, Event]] = []
    for item in filter(None, (s.strip() for s in text.split(";"))):
        index, kind, *pairs = item.split()
        obj: dict[str, Any] = {"type": kind}
        raw: dict[str, Any] = {"type": kind}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep:
                raise PbnError(f"AuctionWhistEvents: {pair!r} is not field=value in {item!r}")
            text_value = re.sub(r"%([0-9A-F]{2})", lambda m: chr(int(m[1], 16)), value)
            raw[key] = text_value
            if re.fullmatch(r"-?\d+", value):
                obj[key] = int(value)
            else:
                obj[key] = {"true": True, "false": False, "null": None}.get(value, text_value)
        try:
            try:
                ev = event_from_json(obj, "AuctionWhistEvents")
            except JsonLogError:
                ev = event_from_json(raw, "AuctionWhistEvents")
        except JsonLogError as e:
            raise PbnError(f"{e} (in {item!r})") from None
        if not index.isdigit():
            raise PbnError(f"AuctionWhistEvents: {index!r} is not a place in the log")
        out.append((int(index), ev))
    return out


def import_game(game: PbnGame, code: Code | str | None = None) -> tuple[Event, ...]:
    """The event log of one parsed PBN game."""
    c = _code_of(game, code)
    tags = game.tags
    if tags.get("AuctionWhistLog"):
        try:
            return events_from_json(tags["AuctionWhistLog"])
        except JsonLogError as e:
            raise PbnError(f"AuctionWhistLog: {e}") from None
    if "Deal" not in tags:
        raise PbnError("Deal: missing")
    dealer = _seat(tags["Dealer"], "Dealer") if tags.get("Dealer") else None
    board = tags.get("Board", "1").strip() or "1"
    if not board.isdigit():
        raise PbnError(f"Board: not a deal number: {board!r}")
    turned = None
    if tags.get("AuctionWhistTurned"):
        try:
            turned = card_from_str(tags["AuctionWhistTurned"])
        except DealError as e:
            raise PbnError(f"AuctionWhistTurned: {e}") from None
    try:
        deal = Deal.from_pbn(tags["Deal"], dealer, int(board), turned)
    except DealError as e:
        raise PbnError(f"Deal: {e}") from None

    calls = _read_calls(game, deal.dealer) if c.auction else []
    extras = _read_extras(game)
    if not c.auction:
        declared = [ev.suit for _, ev in extras if isinstance(ev, TrumpDeclared)]
        if turned is None and not declared:
            raise PbnError(f"AuctionWhistTurned: missing; {c.cite('trump')}: a card is turned")
        trump = int(declared[0] if declared else card_suit(turned or 0))
    else:
        text = tags.get("AuctionWhistContract") or tags.get("Contract", "")
        trump = -1
        if text and text.upper() not in ("PASS", "?"):
            try:
                contract = parse_contract(text)
            except CallError as e:
                raise PbnError(f"Contract: {e}") from None
            trump = -1 if contract.denom.trump is None else int(contract.denom.trump)
    cards = _read_cards(game, trump)

    log: list[Event] = [Dealt(deal, c.key)]
    rest: list[Event] = [*calls, *cards]
    total = 1 + len(rest) + len(extras)
    placed = dict(extras)
    if len(placed) != len(extras) or any(not 1 <= i < total for i in placed):
        raise PbnError("AuctionWhistEvents: places in the log clash or lie outside it")
    it = iter(rest)
    for i in range(1, total):
        log.append(placed[i] if i in placed else next(it))
    return tuple(log)


def import_pbn(text: str, code: Code | str | None = None) -> tuple[Event, ...]:
    """The event log of a PBN text holding one game."""
    games = parse_games(text)
    if len(games) != 1:
        raise PbnError(f"expected one game, found {len(games)}; use loads() for a file")
    return import_game(games[0], code)


def loads(text: str, code: Code | str | None = None) -> list[tuple[Event, ...]]:
    """The event logs of every game in a PBN file."""
    return [import_game(g, code) for g in parse_games(text)]
