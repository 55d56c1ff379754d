"""The codes: every piece of a code's law data reached from its ``Code``, one
``cite`` for all of it, what differs between codes declared on it, and no
code's key (nor its ``auction`` as a stand-in for another fact) tested outside
``codes/``."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pytest

from auctionwhist.auction import Auction, IllegalCallError
from auctionwhist.calls import Bid, Contract
from auctionwhist.cards import Seat
from auctionwhist.codes import (
    CODES,
    Borrowed,
    ClubLaws,
    Code,
    DeclarationError,
    MatchLaws,
    RevokeLaw,
    RevokeTransfer,
    all_codes,
    find_code,
)
from auctionwhist.errors import LawError, WhistError
from auctionwhist.laws import offence, offences_for
from auctionwhist.scoring import DealResult, ScoringError, score_deal

KEYS = tuple(CODES)
AUCTION_KEYS = tuple(k for k in KEYS if CODES[k].auction)
PACKAGE = Path(__file__).resolve().parents[1] / "src" / "auctionwhist"


def test_the_registry_lists_every_code_in_order() -> None:
    assert [c.key for c in all_codes()] == ["daw", "auction", "royals", "royalton", "whist"]
    assert all(find_code(c.key) is c for c in all_codes())


@pytest.mark.parametrize("key", KEYS)
def test_offences_are_the_codes_own(key: str) -> None:
    """``offence(code, key)`` reads the table the code declares; every offence
    and option cites a law of that code."""
    code = find_code(key)
    assert offences_for(code) is code.offences and code.offences
    for name, o in code.offences.items():
        assert offence(key, name) is o
        for topic in (o.topic, *o.see, *(opt.topic for opt in o.options if opt.topic)):
            assert code.cite(topic) != f"({key})", (name, topic)


def test_offence_tables_follow_the_laws_they_come_from() -> None:
    """Goodfellow law 58 and Whist Club law 52 make an insufficient bid good;
    Royalton law 38 names the same remedy; the League has no auction."""
    daw, auction, royals, royalton, whist = (find_code(k) for k in KEYS)
    assert daw.cite(daw.offences["insufficient_bid"].topic) == "Law 58 (daw)"
    assert auction.cite(auction.offences["insufficient_bid"].topic) == "Law 52 (auction)"
    assert royals.offences is auction.offences  # the same Whist Club laws
    assert royalton.cite(royalton.offences["insufficient_bid"].topic) == "Law 38 (royalton)"
    assert "insufficient_bid" not in whist.offences
    assert whist.cite(whist.offences["revoke"].topic) == "Law X §4 (whist)"


@pytest.mark.parametrize(
    ("key", "cutting_out", "two_tables"),
    [
        ("daw", "Law 28 (daw)", "Law 27 (daw)"),
        ("auction", "Law 21 (auction)", "Law 27 (daw), applied to auction"),
        ("royals", "Law 21 (royals)", "Law 27 (daw), applied to royals"),
        ("royalton", "Law 5 (royalton)", "Law 27 (daw), applied to royalton"),
        ("whist", "Law 28 (daw), applied to whist", "Law B of 1894 (whist)"),
    ],
)
def test_club_laws_are_declared_with_the_code(key: str, cutting_out: str, two_tables: str) -> None:
    """Goodfellow 27-28, Whist Club 21, Royalton 5, 1894 law B; where a code is
    silent on two tables, Goodfellow's law is applied and cited as his."""
    code = find_code(key)
    assert isinstance(code.club, ClubLaws)
    assert code.cite("cutting_out") == cutting_out
    assert code.cite("two_tables") == two_tables


@pytest.mark.parametrize(
    ("key", "average", "two_teams", "card"),
    [
        ("daw", "Laws 5 and 6 (daw)", "average", "goodfellow"),
        ("auction", "Laws 5 and 6 (daw), applied to auction", "average", "goodfellow"),
        ("royals", "Laws 5 and 6 (daw), applied to royals", "average", "goodfellow"),
        ("royalton", "Laws 5 and 6 (daw), applied to royalton", "average", "goodfellow"),
        ("whist", "Law A (1894) (whist)", "half_total", "trick"),
    ],
)
def test_match_laws_are_declared_with_the_code(
    key: str, average: str, two_teams: str, card: str
) -> None:
    """Goodfellow laws 5-6 and 1894 law A; the auction codes have no duplicate
    laws and apply Goodfellow's (docs/spec.md §2.2.8)."""
    code = find_code(key)
    assert isinstance(code.match, MatchLaws)
    assert code.cite("match_average") == average
    assert code.match.two_teams == two_teams
    assert code.match.score_card == card
    assert code.cite("compass").startswith("Duplicate Whist: Compass Whist (whist)")


def test_one_cite_for_the_play_the_club_room_and_the_match() -> None:
    daw = find_code("daw")
    assert daw.cite("double_partner") == "Law 73 (daw)"  # the play
    assert daw.cite("dealer") == "Law 46 (daw)"  # the club room
    assert daw.cite("odd_pairs") == "Law 3 (daw)"  # the match
    assert daw.cite("no_such_topic") == "(daw)"
    assert find_code("whist").cite("revoke") == "Law X §4 (whist)"


def test_a_topic_declared_twice_is_refused() -> None:
    daw = find_code("daw")
    clash = MatchLaws(laws={"dealer": "47"})
    with pytest.raises(WhistError, match="dealer"):
        replace(daw, key="daw-clash", match=clash)
    same = replace(daw, key="daw-same", match=MatchLaws(laws={"dealer": "46"}))
    assert same.cite("dealer") == "Law 46 (daw-same)"


def test_a_new_code_needs_no_edit_outside_its_declaration() -> None:
    """A code declared with borrowed laws cites them as the lender's."""
    code = Code(
        key="test-code",
        title="a test",
        seed="",
        laws={"trick_score": Borrowed("daw", "9")},
        trick_values={"S": 1},
    )
    assert code.cite("trick_score") == "Law 9 (daw), applied to test-code"
    assert code.club is None and not code.offences
    with pytest.raises(WhistError, match="declares no offences"):
        offences_for(code)


# -- what differs is declared ---------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "turns", "first", "first_law"),
    [
        ("daw", False, Seat.NORTH, "(daw)"),
        ("auction", False, Seat.NORTH, "(auction)"),
        ("royals", False, Seat.NORTH, "(royals)"),
        ("royalton", False, Seat.NORTH, "(royalton)"),
        ("whist", True, Seat.WEST, "Duplicate Whist: Position of the players (whist)"),
    ],
)
def test_each_code_declares_its_trump_card_and_first_dealer(
    key: str, turns: bool, first: Seat, first_law: str
) -> None:
    """AWL III §1: the dealer's last card is turned for trump, where there is
    no auction to name it; "West should always be the dealer in the first
    hand" (Duplicate Whist); the auction codes' trays start with North."""
    code = find_code(key)
    assert code.turns_trump is turns is not code.auction
    assert code.first_dealer is first
    assert code.cite("first_dealer") == first_law
    if turns:
        assert code.cite("trump") == "Law III §1 (whist)"


@pytest.mark.parametrize(
    ("key", "law"),
    [
        ("daw", "Law 101 (daw)"),
        ("auction", "Law 86 (auction)"),
        ("royals", "Law 86 (royals)"),
        ("royalton", "Law 77 (royalton)"),
        ("whist", "Law X §4 (whist)"),
    ],
)
def test_each_code_declares_its_revoke_penalty(key: str, law: str) -> None:
    """Goodfellow 101, Whist Club 86, Royalton 77: points or tricks at the
    declarant's choice; AWL X §4: two tricks transferred, one for each later revoke."""
    code = find_code(key)
    assert code.cite("revoke") == law
    if code.counts == "all":
        assert code.revoke == RevokeTransfer(tricks=2, later=1)
    else:
        assert isinstance(code.revoke, RevokeLaw)


@pytest.mark.parametrize(
    ("key", "rubbers", "law"),
    [
        ("daw", False, "Law 7 (daw)"),
        ("auction", True, "Law 1 (auction)"),
        ("royals", True, "Law 1 (royals)"),
        ("royalton", True, "Law 93 (royalton)"),
        ("whist", False, "(whist)"),
    ],
)
def test_each_code_declares_whether_it_plays_rubbers(key: str, rubbers: bool, law: str) -> None:
    """Whist Club 1, Royalton 93: two games a rubber; daw 7: a game in one deal."""
    code = find_code(key)
    assert code.rubbers is rubbers
    assert code.cite("rubber" if rubbers else "game") == law


def test_a_code_refuses_a_revoke_law_its_scoring_cannot_carry_out() -> None:
    daw, whist = find_code("daw"), find_code("whist")
    assert isinstance(daw.revoke, RevokeLaw)
    with pytest.raises(WhistError, match="RevokeLaw, not a RevokeTransfer"):
        replace(daw, key="daw-transfer", revoke=RevokeTransfer())
    with pytest.raises(WhistError, match="RevokeTransfer, not a RevokeLaw"):
        replace(whist, key="whist-points", revoke=daw.revoke)
    with pytest.raises(WhistError, match="trump card is turned"):
        replace(whist, key="whist-no-trump", turns_trump=False)


# -- no code's key tested outside codes/ ---------------------------------------------


def _code_keys(node: ast.AST) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in KEYS:
        return {node.value}
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return set().union(*(_code_keys(e) for e in node.elts if isinstance(e, ast.Constant)))
    return set()


def _names_a_code(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr == "key" or "code" in node.attr
    return isinstance(node, ast.Name) and ("code" in node.id or node.id == "key")


def key_tests(source: str) -> list[str]:
    """Comparisons of a code's key and registries keyed by codes' keys.

    ``"auction"`` is also the name of a phase: it counts only when compared
    with something that names a code or a key. ``find_code("daw")`` is the
    registry lookup, allowed.
    """
    found = []
    for n in ast.walk(ast.parse(source)):
        if isinstance(n, ast.Compare):
            sides = [n.left, *n.comparators]
            keys = set().union(*(_code_keys(s) for s in sides))
            if keys - {"auction"} or (keys and any(_names_a_code(s) for s in sides)):
                found.append(f"{n.lineno}: {ast.unparse(n)}")
        elif isinstance(n, ast.MatchValue) and _code_keys(n.value) - {"auction"}:
            found.append(f"{n.lineno}: case {ast.unparse(n.value)}")
        elif isinstance(n, ast.Dict | ast.Tuple | ast.List | ast.Set):
            items = n.keys if isinstance(n, ast.Dict) else n.elts
            keys = set().union(*(_code_keys(k) for k in items if k is not None))
            if len(keys) >= 2:
                found.append(f"{n.lineno}: {ast.unparse(n)[:60]}")
    return found


# A study names the codes it compares: the study's data, not the codes' laws.
ALLOWED = {"analysis/studies/hawley.py", "analysis/studies/par_frequency.py"}


def test_no_module_outside_codes_tests_a_codes_key() -> None:
    """The machinery never branches on a code's name; it asks the code
    (docs/decisions.md, "Codes are declared")."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("codes/") or rel in ALLOWED:
            continue
        hits = key_tests(path.read_text(encoding="utf-8"))
        if hits:
            found[rel] = hits
    assert found == {}


@pytest.mark.parametrize(
    "source",
    [
        'if code.key == "daw": pass',
        'x = 1 if c.key in ("daw", "whist") else 2',
        'if code == "royalton": pass',
        'if self.code.key != "auction": pass',
        'LAW = {"daw": "Laws 5 and 6", "whist": "Law A (1894)"}',
        'ORDER = ("daw", "auction", "royals")',
        'match code.key:\n    case "whist": pass',
    ],
)
def test_the_key_test_finds_what_it_forbids(source: str) -> None:
    assert key_tests(source)


@pytest.mark.parametrize(
    "source",
    [
        'c = find_code("daw")',
        'if t.phase == "auction": pass',
        'if phase in ("auction", "play"): pass',
        'if o.key == "revoke": pass',
    ],
)
def test_the_key_test_allows_the_registry_and_phases(source: str) -> None:
    assert key_tests(source) == []


# -- code.auction only where it is about the auction ----------------------------------

# Functions where "has the code an auction?" is the question: the table's
# Auction, the bid grid, PBN's Auction section and contract, par (the result
# of a perfect auction), the bidding's bench and adviser.
ABOUT_THE_AUCTION = {
    "Table.__init__",
    "code_facts",
    "seat_page",
    "export_pbn",
    "import_game",
    "analyse",
    "par",
    "_par_gap",
    "bench_bidding",
    "bench_bidding_command",
    "bid_command",
}
# Stand-ins left in modules other engineers hold (issue 16), with the fact each
# should read instead.
PROXIES_LEFT: dict[str, str] = {}


def auction_tests(source: str) -> list[str]:
    """``code.auction`` (or ``c.auction``) read: the function reading it, as
    ``Class.method`` inside a class."""
    found = []

    def visit(node: ast.AST, where: str, cls: str) -> None:
        if isinstance(node, ast.ClassDef):
            cls = node.name
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            where, cls = (f"{cls}.{node.name}" if cls else node.name), ""
        elif isinstance(node, ast.Attribute) and node.attr == "auction":
            v = node.value
            if _names_a_code(v) or (isinstance(v, ast.Name) and v.id == "c"):
                found.append(where)
        for child in ast.iter_child_nodes(node):
            visit(child, where, cls)

    visit(ast.parse(source), "<module>", "")
    return found


def test_code_auction_is_read_only_where_it_is_about_the_auction() -> None:
    """What differs between codes is declared: ``auction`` says whether a code
    has an auction, not whether it turns a trump, deals from West or scores
    every trick (``turns_trump``, ``first_dealer``, ``counts``;
    docs/decisions.md, "Codes are declared")."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("codes/"):
            continue
        hits = set(auction_tests(path.read_text(encoding="utf-8")))
        hits -= ABOUT_THE_AUCTION | set(PROXIES_LEFT)
        if hits:
            found[rel] = sorted(hits)
    assert found == {}


def test_the_auction_test_finds_what_it_forbids() -> None:
    src = (
        "def deal(code):\n    return not code.auction\n"
        "class Table:\n    def score(self):\n        return self.code.auction\n"
        "def strains_of(c):\n    return c.auction\n"
    )
    assert auction_tests(src) == ["deal", "Table.score", "strains_of"]
    assert (
        auction_tests("def f(table, t):\n    return table.auction, t.auction, self.auction\n") == []
    )


# -- the code's declarations: one check for the auction, the scorer and the command --


@pytest.mark.parametrize("key", AUCTION_KEYS)
def test_every_bid_the_code_lists_is_one_of_its_declarations(key: str) -> None:
    code = find_code(key)
    for bid in code.all_bids:
        code.verify_declaration(bid)


@pytest.mark.parametrize(
    ("key", "lacks", "law"),
    [
        ("daw", "NL", "Law 9 (daw)"),
        ("auction", "RS", "Law 4 (auction)"),
        ("royals", "NL", "The New Count (royals)"),
        ("royalton", "RS", "Law 83 (royalton)"),
    ],
)
def test_a_declaration_the_code_lacks_cites_its_trick_score(key: str, lacks: str, law: str) -> None:
    code = find_code(key)
    bid = Bid(2, lacks)
    with pytest.raises(DeclarationError) as e:
        code.verify_declaration(bid)
    assert isinstance(e.value, LawError) and e.value.law == law
    names = ", ".join(code.trick_values)
    royal = "each plain or royal" if code.royal_bids else "without royal bids"
    assert str(e.value) == (
        f"{law}: 2{lacks}: {bid.denom.name} is not a declaration of this code; "
        f"its declarations are {names}, {royal}"
    )


@pytest.mark.parametrize(
    ("key", "law"),
    [("daw", "Law 9 (daw)"), ("auction", "Law 4 (auction)"), ("royals", "The New Count (royals)")],
)
def test_a_royal_bid_where_the_code_has_none_cites_its_trick_score(key: str, law: str) -> None:
    code = find_code(key)
    with pytest.raises(DeclarationError) as e:
        code.verify_declaration(Bid(3, "H", royal=True))
    assert e.value.law == law
    assert str(e.value).startswith(f"{law}: 3HR: this code has no royal bids; its declarations are")


def test_royalton_has_a_royal_bid_in_each_of_its_declarations() -> None:
    """Royalton 32: a royal of any declaration, over a declaration made."""
    code = find_code("royalton")
    for d in code.trick_values:
        code.verify_declaration(Bid(3, d, royal=True))


@pytest.mark.parametrize(
    ("key", "law"),
    [
        ("daw", "Law 53 (daw)"),
        ("auction", "Law 45 (auction)"),
        ("royals", "Law 45 (royals)"),
        ("royalton", "Law 31 (royalton)"),
    ],
)
@pytest.mark.parametrize("level", [0, 8])
def test_a_level_outside_one_to_seven_cites_the_overbid_law(key: str, law: str, level: int) -> None:
    with pytest.raises(DeclarationError) as e:
        find_code(key).verify_declaration(Bid(level, "H"))
    assert str(e.value) == f"{law}: {level}H: a bid is of one to seven odd tricks"


@pytest.mark.parametrize(
    ("key", "bid"),
    [("daw", Bid(3, "S", royal=True)), ("royalton", Bid(1, "RS")), ("daw", Bid(8, "H"))],
)
def test_the_auction_the_scorer_and_the_command_say_the_same(key: str, bid: Bid) -> None:
    """One owner of the check: each caller carries the code's own words and law."""
    from typer.testing import CliRunner

    from auctionwhist.cli import app

    code = find_code(key)
    with pytest.raises(DeclarationError) as own:
        code.verify_declaration(bid)
    auction = Auction(code, Seat.NORTH)
    if bid.royal:
        auction.call(Bid(1, "S"))  # a royal is made over a declaration
    with pytest.raises(IllegalCallError) as called:
        auction.verify_call(bid)
    assert (called.value.message, called.value.law) == (own.value.message, own.value.law)
    assert called.value.irregularity == ("impossible_bid" if bid.level > 7 else None)
    with pytest.raises(ScoringError) as scored:
        score_deal(DealResult(code, Contract(bid), Seat.NORTH, 9))
    assert str(scored.value) == str(own.value)
    if bid.level > 7:
        return  # the command's notation reads levels 1-7 only
    result = CliRunner().invoke(
        app, ["score", "--code", key, "--contract", str(bid), "--declarer", "N", "--tricks", "9"]
    )
    assert result.exit_code != 0
    assert str(own.value) in result.stderr
