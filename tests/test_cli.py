"""The ``whist`` command: deal, score (docs/spec.md §5), play, rubber, bench, and bad input."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
import typer
from typer.core import TyperGroup
from typer.testing import CliRunner

from auctionwhist.cards import Deal
from auctionwhist.cli import app
from auctionwhist.cli import deal as cli_deal
from auctionwhist.codes import CODES
from auctionwhist.errors import LawError

runner = CliRunner()


def whist(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def score_json(*args: str) -> dict[str, object]:
    code, out, err = whist("score", *args, "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert isinstance(doc, dict)
    return doc


# -- whist score: Goodfellow's sample score card (seed 000), deal by deal ------------

# (deal, arguments, N-S trick, N-S honor, E-W trick, E-W honor)
SAMPLE_CARD = [
    (1, "--contract 2H --declarer E --tricks 9 --honors E=2,W=1", 0, 0, 24, 16),
    (2, "--contract 2NTX --declarer N --tricks 8 --honors N=2,S=1", 48, 180, 0, 0),
    (3, "--contract 3D --declarer N --tricks 9 --honors E=2,W=1", 18, 0, 0, 12),
    (4, "--contract 3HX --declarer E --tricks 12 --honors E=2,W=2,N=1,S=0", 0, 0, 96, 352),
    (5, "--contract 2NT --declarer N --tricks 9 --honors N=2,S=2", 36, 140, 0, 0),
    (6, "--contract 3H --declarer N --tricks 9 --honors N=5", 24, 80, 0, 0),
    (7, "--contract 3NT --declarer E --tricks 9 --honors E=2,W=1", 0, 0, 36, 130),
    (8, "--contract 3DXX --declarer E --tricks 8 --honors E=2,W=2", 0, 200, 0, 24),
    (9, "--contract 2NT --declarer N --tricks 8 --honors N=4", 24, 100, 0, 0),
    (10, "--contract 4DXX --declarer E --tricks 10 --honors E=4", 0, 0, 96, 248),
    (11, "--contract 3NTX --declarer N --tricks 9 --honors E=2,W=1", 72, 150, 0, 30),
    (12, "--contract 3H --declarer E --tricks 7 --honors E=2,W=1", 0, 100, 0, 16),
]


@pytest.mark.parametrize(("deal", "args", "nst", "nsh", "ewt", "ewh"), SAMPLE_CARD)
def test_goodfellow_sample_card_deal_by_deal(
    deal: int, args: str, nst: int, nsh: int, ewt: int, ewh: int
) -> None:
    doc = score_json("--code", "daw", *args.split())
    assert doc["ns"] == {"trick": nst, "honor": nsh, "total": nst + nsh}, deal
    assert doc["ew"] == {"trick": ewt, "honor": ewh, "total": ewt + ewh}, deal


def test_goodfellow_sample_card_totals_and_gains() -> None:
    """docs/spec.md §2.2.10: N-S 222 + 950 = 1172, gains 1090; E-W 252 + 828 = 1080, gains 998."""
    totals = {"ns": [0, 0], "ew": [0, 0]}
    gains = {"ns": 0, "ew": 0}
    for _, args, *_ in SAMPLE_CARD:
        doc = score_json("--code", "daw", *args.split())
        for side in ("ns", "ew"):
            part = doc[side]
            assert isinstance(part, dict)
            totals[side][0] += part["trick"]
            totals[side][1] += part["honor"]
        ns, ew = doc["ns"]["total"], doc["ew"]["total"]  # type: ignore[index]
        if ns > ew:
            gains["ns"] += ns - ew
        else:
            gains["ew"] += ew - ns
    assert totals == {"ns": [222, 950], "ew": [252, 828]}
    assert gains == {"ns": 1090, "ew": 998}


def test_score_json_shape_spec_5() -> None:
    doc = score_json(
        "--code", "daw", "--contract", "3HX", "--declarer", "E", "--tricks", "12",
        "--honors", "E=2,W=2,N=1,S=0",
    )  # fmt: skip
    assert set(doc) == {"ns", "ew", "items"}
    items = doc["items"]
    assert isinstance(items, list) and items
    for item in items:
        assert set(item) == {"side", "column", "points", "reason", "law"}
        assert item["side"] in ("ns", "ew")
        assert item["column"] in ("trick", "honor")
        assert isinstance(item["points"], int)
    laws = {item["law"] for item in items}
    assert "Law 17 (daw)" in laws  # honors
    assert "Law 14 (daw)" in laws  # little slam


def test_score_human_output_is_itemised_with_laws() -> None:
    code, out, _ = whist(
        "score", "--code", "daw", "--contract", "2NTX", "--declarer", "N", "--tricks", "8",
        "--honors", "N=2,S=1",
    )  # fmt: skip
    assert code == 0
    for text in ("side", "column", "points", "reason", "law", "3 aces", "Law 7 (daw)", "228"):
        assert text in out


def test_score_honors_from_the_deal() -> None:
    # North holds A K Q J of hearts, South the ten: five honors, four in one hand.
    pbn = "N:AKQJ.32.AKQ2.432 987.T54.J543.765 T65.K76.T987.AKQ 432.AQJ98.6.JT98"
    doc = score_json("--code", "daw", "--contract", "1S", "--declarer", "N", "--tricks", "7",
                     "--deal", pbn)  # fmt: skip
    reasons = [i["reason"] for i in doc["items"]]  # type: ignore[union-attr]
    assert any("4 honors in one hand, 5th" in r for r in reasons)


def test_score_chicane_with_void() -> None:
    doc = score_json("--code", "auction", "--contract", "1H", "--declarer", "S", "--tricks",
                     "7", "--honors", "S=3", "--void", "N")  # fmt: skip
    reasons = [i["reason"] for i in doc["items"]]  # type: ignore[union-attr]
    assert any("chicane" in r for r in reasons)


def test_score_revoke_penalty_points_or_tricks() -> None:
    base = shlex.split("--code daw --contract 2H --declarer S --tricks 7 --revoke W")
    points = score_json(*base, "--revoke-penalty", "points")
    tricks = score_json(*base, "--revoke-penalty", "tricks")
    assert points["ns"]["honor"] == 150  # type: ignore[index]  # Law 101B (daw)
    assert tricks["ns"]["trick"] == 32  # type: ignore[index]  # 7 + 3 = 10 tricks: 4 odd x 8


def test_score_duplicate_game_for_auction_spec_2_2_8() -> None:
    args = ("--code", "auction", "--contract", "4H", "--declarer", "S", "--tricks", "10")
    assert score_json(*args)["ns"]["honor"] == 0  # type: ignore[index]
    assert score_json(*args, "--duplicate")["ns"]["honor"] == 100  # type: ignore[index]


def test_score_whist_counts_every_trick() -> None:
    doc = score_json("--code", "whist", "--contract", "H", "--tricks", "8")
    assert doc["ns"]["trick"] == 8 and doc["ew"]["trick"] == 5  # type: ignore[index]


def test_score_royalton_column_name() -> None:
    code, out, _ = whist("score", "--code", "royalton", "--contract", "2SR", "--declarer", "S",
                         "--tricks", "6")  # fmt: skip
    assert code == 0
    assert "penalty and bonus" in out
    assert "200" in out or "100" in out


# -- bad input: one line, exit status 2, no traceback --------------------------------

SCORE = "score --code daw --contract 3H --declarer E --tricks 9"
BAD = [
    ("score --code daw --contract 3Q --declarer E --tricks 9", "--contract"),
    ("score --code bridge --contract 3H --declarer E --tricks 9", "--code"),
    ("score --code daw --contract 3H --declarer Q --tricks 9", "--declarer"),
    ("score --code daw --contract 3H --declarer E --tricks 14", "--tricks"),
    ("score --code daw --contract 3H --declarer E --tricks x", "--tricks"),
    ("score --code daw --contract 3H --declarer E", "--tricks"),
    ("score --code daw --contract 3H --tricks 9", "--declarer"),
    ("score --code daw --contract 3RS --declarer E --tricks 9", "Law 9"),
    (f"{SCORE} --honors N=4,S=3", "--honors"),
    (f"{SCORE} --honors N:4", "--honors"),
    (f"{SCORE} --deal N:AKQ", "--deal"),
    (f"{SCORE} --revoke-penalty money", "--revoke-penalty"),
    (f"{SCORE} --bogus", "--bogus"),
    ("score --code daw --contract 1S --declarer N --tricks 9 --revoke S", "dummy"),
    ("score --code whist --contract 3H --tricks 9", "--contract"),
    ("deal --code nope", "--code"),
    ("deal --dealer X", "--dealer"),
    ("deal --number 0", "--number"),
    ("play --code nope", "--code"),
    ("rubber --code daw --deal '1H S 8'", "Law 7 (daw)"),
    ("rubber --code auction --deal '1H S'", "--deal"),
    ("rubber --code auction --deal '1H S 8 zz'", "zz"),
    ("rubber --code auction --deal pass", "Law 44 (auction)"),
    ("rubber --code auction", "--deal"),
    ("bench engine --seconds -1", "--seconds"),
]


@pytest.mark.parametrize(("args", "names"), BAD)
def test_bad_input_one_line_exit_2(args: str, names: str) -> None:
    code, out, err = whist(*shlex.split(args))
    assert code == 2
    assert "Traceback" not in out + err
    assert err.startswith("error: ")
    assert err.count("\n") == 1, err
    assert names in err


def test_rubber_file_not_found_is_one_line(tmp_path: Path) -> None:
    code, _, err = whist("rubber", "--file", str(tmp_path / "missing.txt"))
    assert code == 2 and err.count("\n") == 1 and "--file" in err


def test_a_law_error_from_the_library_is_one_line_exit_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """The surface catches the error root (WhistError) and shows the law it cites."""

    def refuse(*_: object, **__: object) -> None:
        raise LawError("a player cannot double his partner's declaration", "Law 73 (daw)")

    monkeypatch.setattr(cli_deal, "deal_cards", refuse)
    code, _, err = whist("deal", "--seed", "7")
    assert code == 2
    assert err == "error: Law 73 (daw): a player cannot double his partner's declaration\n"


def test_a_plain_value_error_is_a_bug_not_bad_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the library's own errors (WhistError) are bad input; anything else is
    reported as an internal error, exit status 1."""

    def broken(*_: object, **__: object) -> None:
        raise ValueError("not a WhistError")

    monkeypatch.delenv("WHIST_DEBUG", raising=False)
    monkeypatch.setattr(cli_deal, "deal_cards", broken)
    code, _, err = whist("deal", "--seed", "7")
    assert code == 1
    assert err.startswith("error: internal error: ValueError: not a WhistError")


def test_every_command_is_attached_in_the_cli_package() -> None:
    """The command tree is built statically from ``auctionwhist.cli``'s modules."""
    found: dict[str, str] = {}
    for name, command in typer.main.get_command(app).commands.items():
        subs = command.commands if isinstance(command, TyperGroup) else {"": command}
        for sub, c in subs.items():
            found[f"{name} {sub}".strip()] = c.callback.__module__
    assert sorted(found) == sorted(COMMANDS)
    assert all(module.startswith("auctionwhist.cli.") for module in found.values()), found


COMMANDS = [
    "deal", "score", "play", "bid", "rubber", "ruling", "cut", "match", "movement", "analyse",
    "review", "study", "serve", "bench engine", "bench solver", "bench server",
    "bench robots", "bench bidding", "bench anytime", "club cut-out", "club new-table",
    "club broken", "club laws", "solver verify",
]  # fmt: skip


# -- whist deal -----------------------------------------------------------------------


def test_deal_reproducible_from_seed() -> None:
    a = whist("deal", "--seed", "7", "--pbn")
    b = whist("deal", "--seed", "7", "--pbn")
    c = whist("deal", "--seed", "8", "--pbn")
    assert a[0] == 0 and a == b and a[1] != c[1]
    deal = Deal.from_pbn(a[1].strip())
    assert all(h.bit_count() == 13 for h in deal.hands)


def test_deal_drawn_table_and_whist_turned_trump() -> None:
    code, out, _ = whist("deal", "--seed", "7")
    assert code == 0
    for seat in ("North", "East", "South", "West", "PBN: N:"):
        assert seat in out
    code, out, _ = whist("deal", "--code", "whist", "--seed", "7")
    assert code == 0 and "Turned trump" in out and "West (dealer)" in out


def test_deal_dealer_and_number() -> None:
    code, out, _ = whist("deal", "--seed", "1", "--dealer", "S", "--pbn")
    assert code == 0 and out.startswith("S:")
    code, out, _ = whist("deal", "--seed", "1", "--number", "2", "--pbn")
    assert code == 0 and out.startswith("E:")  # the deal passes to the left


# -- whist play -----------------------------------------------------------------------


@pytest.mark.slow  # a whole deal against the Monte Carlo robot
def test_play_non_interactive_completes_with_a_score(code_key: str) -> None:
    code, out, err = whist("play", "--code", code_key, "--seed", "3", input="")
    assert code == 0, err
    assert "end of input" in out
    assert "Result:" in out or "no bid" in out.lower()
    assert "side" in out  # the score's totals table


@pytest.mark.slow  # a whole deal at the terminal
def test_play_reproducible_and_tolerates_bad_lines() -> None:
    # The heuristic robots are deterministic; the Monte Carlo robot's samples
    # are sized to a time budget, so its play may differ on a slower machine.
    first = whist("play", "--code", "daw", "--seed", "11", "--robot", "heuristic", input="")
    again = whist("play", "--code", "daw", "--seed", "11", "--robot", "heuristic", input="")
    assert first == again
    code, out, _ = whist("play", "--code", "daw", "--seed", "11", input="zzz\n")
    assert code == 0 and "not a" in out and "Trick 13" in out


@pytest.mark.slow  # whole deals at the terminal
def test_play_auto_and_quit() -> None:
    code, out, _ = whist("play", "--code", "royals", "--seed", "2", "--auto")
    assert code == 0 and "Trick 13" in out
    code, out, _ = whist("play", "--code", "whist", "--seed", "2", input="quit\n")
    assert code == 1 and "leaves the table" in out


# -- whist rubber ---------------------------------------------------------------------


def test_rubber_won_with_bonus() -> None:
    code, out, err = whist(
        "rubber", "--code", "auction", "--json",
        "--deal", "2NT N 9", "--deal", "1NT E 7", "--deal", "3NT S 9 N=2,S=1",
    )  # fmt: skip
    assert code == 0, err
    doc = json.loads(out)
    r = doc["rubbers"][0]
    assert r["finished"] and r["winner"] == "ns"
    assert r["games"] == {"ns": 2, "ew": 0}
    assert [b["points"] for b in r["bonuses"]] == [250]
    assert r["totals"]["ns"] == 36 + 36 + 30 + 250


def test_rubber_human_output_and_file(tmp_path: Path) -> None:
    f = tmp_path / "deals.txt"
    f.write_text("# a royalton rubber\n2H S 9\n1NT W 8  # made one over\npass\n", encoding="utf-8")
    code, out, err = whist("rubber", "--code", "royalton", "--file", str(f), "--unfinished")
    assert code == 0, err
    assert "Rubber 1: unfinished" in out and "made +1" in out and "void" in out


def test_rubber_next_rubber_after_one_is_won() -> None:
    deals = ["2NT N 9", "2NT N 9", "3NT E 9", "3NT E 9"]
    args = [x for d in deals for x in ("--deal", d)]
    code, out, _ = whist("rubber", "--code", "auction", "--json", *args)
    assert code == 0
    rubbers = json.loads(out)["rubbers"]
    assert [r["winner"] for r in rubbers] == ["ns", "ew"]


# -- help that teaches, and the benchmark ----------------------------------------------


@pytest.mark.parametrize("command", ["deal", "score", "play", "rubber", "bench engine"])
def test_help_has_examples(command: str) -> None:
    code, out, _ = whist(*command.split(), "--help")
    assert code == 0 and "Examples" in out and "whist " in out


def test_bench_engine_runs_briefly() -> None:
    code, out, err = whist("bench", "engine", "--seconds", "0.3", "--repeats", "1", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert {"ours", "endplay", "ratio", "deals"} <= set(doc)
    assert {"actions_per_s", "deals_per_s", "per_code"} <= set(doc["ours"])
    assert set(doc["ours"]["per_code"]) == set(CODES)
    assert doc["endplay"]["actions_per_s"] > 0
    assert doc["ratio"] > 0


# -- the README: its examples run, and CI runs its test command -----------------------

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = text.split("```sh\n")[1:]
    return [line for b in blocks for line in b.split("```")[0].splitlines() if line.strip()]


def test_readme_quick_start_has_two_commands_and_ci_runs_the_test_one() -> None:
    setup = [c for c in _readme_commands() if "pip install" in c]
    assert len(setup) == 2
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    test_command = next(c for c in setup if "pytest" in c)
    assert test_command in ci


# Commands that play or solve whole deals: a second or more each.
SLOW_COMMANDS = ("whist play", "whist match", "whist analyse")


@pytest.mark.parametrize(
    "line",
    [
        pytest.param(c, marks=pytest.mark.slow) if c.startswith(SLOW_COMMANDS) else c
        for c in _readme_commands()
        if c.startswith("whist ") and not c.startswith("whist bench")
    ],
)
def test_readme_example_runs(line: str) -> None:
    args = shlex.split(line.replace("< /dev/null", ""))[1:]
    code, out, err = whist(*args, input="")
    assert code == 0, err
    assert out
