"""A deal's event log as JSON, written and read back without loss.

::

    {"format": "auction-whist events", "version": 1,
     "events": [
       {"type": "dealt", "code": "daw",
        "deal": {"pbn": "N:AKQ2.J95.T84.763 ...", "dealer": "N", "number": 1, "turned": null}},
       {"type": "call_made", "seat": "N", "call": "1H"},
       {"type": "card_played", "seat": "E", "card": "SA"},
       {"type": "claimed", "seat": "S", "tricks": 3},
       {"type": "claim_answered", "seat": "W", "accepted": true}]}

Each record of ``records.Event`` is an object whose ``type`` is the record's
name in snake case and whose other keys are its fields: seats as ``"N"``,
cards as ``"SA"``, calls as ``"1H"``, ``"3SR"``, ``"4RS"``, ``"2NL"``,
``"pass"``, ``"X"``, ``"XX"``, ``"no bid"``. A new record needs no change
here as long as its fields are of these kinds.
"""

from __future__ import annotations

import enum
import json
import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

from .. import records
from ..calls import Call, CallError, call_str, parse_call
from ..cards import Deal, DealError, Seat, card_from_str, card_str
from ..errors import WhistError
from ..records import Event

if TYPE_CHECKING:
    from ..scoring import DealScore

__all__ = [
    "FORMAT",
    "VERSION",
    "JsonLogError",
    "call_from_str",
    "call_str",
    "dumps",
    "event_from_json",
    "event_to_json",
    "events_from_json",
    "events_to_json",
    "loads",
]

FORMAT = "auction-whist events"
VERSION = 1


class JsonLogError(WhistError):
    """JSON that is not an event log, naming the field at fault."""


def call_from_str(text: str) -> Call:
    return parse_call(text)


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


_RECORDS: dict[str, type[Any]] = {_snake(cls.__name__): cls for cls in typing.get_args(Event)}
_NAMES: dict[type[Any], str] = {cls: name for name, cls in _RECORDS.items()}


# -- one codec per kind of field: (to JSON, from JSON) -------------------------

Encode = Callable[[Any], Any]
_T = TypeVar("_T")
Decode = Callable[[Any, str], Any]


def _want(kind: type | tuple[type, ...], value: Any, where: str, what: str) -> None:
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise JsonLogError(f"{where}: expected {what}, got {value!r}")


def _dec_seat(value: Any, where: str) -> Seat:
    _want(str, value, where, "a seat (N, E, S or W)")
    if value not in ("N", "E", "S", "W"):
        raise JsonLogError(f"{where}: not a seat: {value!r} (N, E, S or W)")
    return Seat.from_char(value)


def _parsed(parse: Callable[[str], _T], value: Any, where: str, what: str) -> _T:
    """A string field read by its own parser, whose error names the field."""
    _want(str, value, where, what)
    try:
        return parse(value)
    except (DealError, CallError) as e:
        raise JsonLogError(f"{where}: {e}") from None


def _dec_card(value: Any, where: str) -> int:
    return _parsed(card_from_str, value, where, 'a card such as "SA"')


def _dec_call(value: Any, where: str) -> Call:
    return _parsed(parse_call, value, where, 'a call such as "1H", "pass", "X", "no bid"')


def _dec_int(value: Any, where: str) -> int:
    _want(int, value, where, "a whole number")
    return int(value)


def _dec_bool(value: Any, where: str) -> bool:
    _want(bool, value, where, "true or false")
    return bool(value)


def _dec_str(value: Any, where: str) -> str:
    _want(str, value, where, "a string")
    return str(value)


def _enc_deal(deal: Deal) -> dict[str, Any]:
    return {
        "pbn": deal.to_pbn(),
        "dealer": deal.dealer.char,
        "number": deal.number,
        "turned": None if deal.turned is None else card_str(deal.turned),
    }


def _dec_deal(value: Any, where: str) -> Deal:
    _want(dict, value, where, "a deal object (pbn, dealer, number, turned)")
    _check_keys(value, ("pbn", "dealer", "number", "turned"), where)
    pbn = _dec_str(value["pbn"], f"{where}.pbn")
    dealer = _dec_seat(value["dealer"], f"{where}.dealer")
    number = _dec_int(value["number"], f"{where}.number")
    turned = None if value["turned"] is None else _dec_card(value["turned"], f"{where}.turned")
    try:
        deal = Deal.from_pbn(pbn, dealer, number, turned)
    except DealError as e:
        raise JsonLogError(f"{where}: {e}") from None
    if len(pbn.split()) != 4:
        raise JsonLogError(f"{where}.pbn: write all four hands")
    return deal


def _codec(name: str, hint: Any, where: str) -> tuple[Encode, Decode]:
    """How to write a record's field, chosen by its type (and, for ints, name)."""
    args = typing.get_args(hint)
    if isinstance(hint, types.UnionType) and type(None) in args and len(args) == 2:
        enc, dec = _codec(name, args[0] if args[1] is type(None) else args[1], where)
        return (
            lambda v: None if v is None else enc(v),
            lambda v, w: None if v is None else dec(v, w),
        )
    if hint == Call:
        return call_str, _dec_call
    if hint is Deal:
        return _enc_deal, _dec_deal
    if hint is Seat:
        return (lambda v: v.char), _dec_seat
    if hint is bool:
        return (lambda v: v), _dec_bool
    if hint is int:
        if name == "card" or name.endswith("_card"):
            return card_str, _dec_card
        return (lambda v: v), _dec_int
    if hint is str:
        return (lambda v: v), _dec_str
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        members = {m.value: m for m in hint}

        def dec_enum(v: Any, w: str) -> Any:
            if v not in members:
                raise JsonLogError(f"{w}: not one of {sorted(map(str, members))}: {v!r}")
            return members[v]

        return (lambda v: v.value), dec_enum
    if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
        enc1, dec1 = _codec(name.removesuffix("s"), args[0], where)
        return (
            lambda v: [enc1(x) for x in v],
            lambda v, w: _dec_tuple(v, w, dec1),
        )
    raise JsonLogError(f"{where}: no JSON form for a field of type {hint!r}")


def _dec_tuple(value: Any, where: str, dec: Decode) -> tuple[Any, ...]:
    _want(list, value, where, "a list")
    return tuple(dec(x, f"{where}[{i}]") for i, x in enumerate(value))


_FIELDS: dict[type[Any], tuple[tuple[str, Encode, Decode], ...]] = {}


def _fields_of(cls: type[Any]) -> tuple[tuple[str, Encode, Decode], ...]:
    if cls not in _FIELDS:
        hints = typing.get_type_hints(cls, vars(records))
        _FIELDS[cls] = tuple(
            (f.name, *_codec(f.name, hints[f.name], f"{cls.__name__}.{f.name}"))
            for f in fields(cls)
        )
    return _FIELDS[cls]


def _check_keys(obj: Mapping[str, Any], names: Iterable[str], where: str) -> None:
    expected = set(names)
    for key in expected - obj.keys():
        raise JsonLogError(f"{where}.{key}: missing")
    for key in obj.keys() - expected:
        raise JsonLogError(f"{where}.{key}: not a field of this record")


# -- events --------------------------------------------------------------------


def event_to_json(event: Event) -> dict[str, Any]:
    name = _NAMES.get(type(event))
    if name is None:
        raise JsonLogError(f"not an event record: {event!r}")
    out: dict[str, Any] = {"type": name}
    for fname, enc, _ in _fields_of(type(event)):
        out[fname] = enc(getattr(event, fname))
    return out


def event_from_json(obj: Any, where: str = "event") -> Event:
    _want(dict, obj, where, "an event object")
    kind = obj.get("type")
    cls = _RECORDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise JsonLogError(
            f"{where}.type: not an event type: {kind!r} (one of {', '.join(_RECORDS)})"
        )
    codecs = _fields_of(cls)
    _check_keys(obj, ["type", *(f for f, _, _ in codecs)], where)
    event: Event = cls(**{f: dec(obj[f], f"{where}.{f}") for f, _, dec in codecs})
    return event


def events_to_json(
    events: Iterable[Event],
    score: DealScore | None = None,
    result: Mapping[str, Any] | None = None,
    players: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The log as a JSON-ready ``dict`` with its format and version; with
    ``score``, the finished deal's score as its game kept it (``Table.score``,
    or a director's entry), with ``result`` what it stands on (contract,
    declarer, tricks, whether entered), with ``players`` who sat where
    (``{"N": name, ...}``): for the reader only, reading takes the log, the
    record of truth."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "events": [event_to_json(e) for e in events],
    }
    if score is not None:
        out["score"] = {**score.to_json(), "void": score.void, "note": score.note}
    if result is not None:
        out["result"] = dict(result)
    if players is not None:
        out["players"] = dict(players)
    return out


def events_from_json(obj: Any) -> tuple[Event, ...]:
    """Read what ``events_to_json`` wrote (a ``dict``, or its JSON text)."""
    if isinstance(obj, str | bytes):
        return loads(obj)
    _want(dict, obj, "log", "an object with format, version and events")
    if obj.get("format") != FORMAT:
        raise JsonLogError(f"format: expected {FORMAT!r}, got {obj.get('format')!r}")
    version = obj.get("version")
    if version != VERSION:
        raise JsonLogError(f"version: this program reads version {VERSION}, not {version!r}")
    # A score, result and players written beside the log are for the reader,
    # not read back.
    extra = tuple(k for k in ("score", "result", "players") if k in obj)
    _check_keys(obj, ("format", "version", "events", *extra), "log")
    events = obj["events"]
    _want(list, events, "events", "a list of events")
    return tuple(event_from_json(e, f"events[{i}]") for i, e in enumerate(events))


def dumps(events: Iterable[Event], indent: int | None = None) -> str:
    return json.dumps(events_to_json(events), indent=indent)


def loads(text: str | bytes) -> tuple[Event, ...]:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise JsonLogError(f"not JSON: {e}") from None
    return events_from_json(obj)
