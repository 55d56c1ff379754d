"""Score-cards: Goodfellow's card (seed 000, "Score-cards" and the sample card),
the whist trick card, the law 4 check, laws 12 and 19 corrections, HTML and JSON."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from auctionwhist.codes import find_code
from auctionwhist.duplicate.scorecard import (
    CARD_DEALS,
    CardEntry,
    HonorCount,
    ScoreCard,
    ScoreCheckError,
    goodfellow_sample,
    honor_schedule,
    reconcile,
)
from auctionwhist.duplicate.trays import make_trays
from auctionwhist.robots import play_random_deal
from auctionwhist.table import Table


def test_goodfellow_sample_card_totals_daw() -> None:
    """docs/spec.md §2.2.10: N-S 222 + 950 = 1172, gains 1090; E-W 252 + 828 = 1080,
    gains 998; N-S win by 92."""
    card = goodfellow_sample()
    s = card.summary
    assert s.trick == (222, 252) and s.honor == (950, 828)
    assert s.total == (1172, 1080)
    assert s.gains == (1090, 998)
    assert s.winner == 0 and s.margin == 92 == s.total[0] - s.total[1]
    assert len(card.entries) == CARD_DEALS


def test_goodfellow_sample_card_lines_daw() -> None:
    card = goodfellow_sample()
    e = {x.number: x for x in card.entries}
    # Deal 2: N-S declare 2 No-T., E-W double; honors, game and bonus in separate counts.
    assert e[2].declaration == (("2 No-T.",), ("Doub.",))
    assert [h.points for h in e[2].honors[0]] == [30, 100, 50]
    assert e[2].gain == (0, 228)
    # Deal 4: four honor counts on one deal, the ruled lines of the honor column.
    assert [h.points for h in e[4].honors[1]] == [32, 20, 100, 200]
    assert e[4].declaration == (("Doub.",), ("3 H.",)) and e[4].gain_of(1) == 448
    # Deal 7's gain is 166 (the card misprints 186, docs/spec.md §2.2.10).
    assert e[7].gain == (1, 166)
    # Deal 8: E-W declare 3 D., N-S double, E-W re-double.
    assert e[8].declaration == (("Doub.",), ("3 D.", "Re-D."))
    assert e[8].honor(0) == 200 and e[8].trick == (0, 0)
    assert [x.partners for x in card.ordered][::4] == [
        ("1 & 2", "5 & 6"), ("1 & 3", "5 & 7"), ("1 & 4", "6 & 7")
    ]  # fmt: skip
    assert all(h.law.endswith("(daw)") for x in card.entries for s in (0, 1) for h in x.honors[s])


def test_honor_schedule_on_the_card_is_law_17_daw() -> None:
    heads, rows = honor_schedule(find_code("daw"))
    assert heads == ("S", "C", "D", "H", "N.T.")
    table = dict(rows)
    assert table["3 honors"] == ["4", "8", "12", "16", "30"]
    assert table["4 honors in one hand"] == ["16", "32", "48", "64", "100"]
    assert table["4 in 1 hand, 5th in partner's"] == ["18", "36", "54", "72", ""]
    assert table["5 honors in one hand"] == ["20", "40", "60", "80", ""]
    assert table["Chicane"] == ["4", "8", "12", "16", ""]
    assert table["Little slam"] == ["20"] * 5 and table["Game"] == ["100"] * 5


def test_sample_card_html_and_json_daw() -> None:
    card = goodfellow_sample()
    html = card.to_html()
    assert html.count('class="deal"') == 12
    for figure in ("1172", "1080", "1090", "998", "North and South win by 92 points"):
        assert figure in html
    assert "Honor credits" in html and "Original Play" in html
    data = json.loads(json.dumps(card.to_json()))
    assert data["summary"] == {
        "ns": {"trick": 222, "honor": 950, "total": 1172, "gains": 1090},
        "ew": {"trick": 252, "honor": 828, "total": 1080, "gains": 998},
        "winner": "ns",
        "by": 92,
    }
    assert data["deals"][9]["ew"]["declaration"] == ["4 D.", "Re-D."]


def _pair(card: ScoreCard) -> tuple[ScoreCard, ScoreCard]:
    ns = ScoreCard(card.code, keeper=0, entries=list(card.entries))
    ew = ScoreCard(card.code, keeper=1, entries=list(card.entries))
    return ns, ew


def test_law_4_unchecked_east_west_record_is_taken_daw() -> None:
    ns, ew = _pair(goodfellow_sample())
    wrong = replace(ns.entry(3), trick=(20, 0), checked=False)
    ns.entries[ns.entries.index(ns.entry(3))] = wrong
    fixed = reconcile(ns, ew)
    assert fixed.entry(3).trick == (18, 0)
    assert fixed.summary.total == (1172, 1080)


def test_law_4_checked_cards_that_disagree_must_be_corrected_daw() -> None:
    ns, ew = _pair(goodfellow_sample())
    ns.entries[0] = replace(ns.entries[0], trick=(0, 16))
    with pytest.raises(ScoreCheckError, match="Law 4 \\(daw\\)"):
        reconcile(ns, ew)


def test_law_12_trick_score_corrected_only_before_the_deal_is_concluded_daw() -> None:
    card = goodfellow_sample()
    better = replace(card.entry(1), trick=(0, 32))
    with pytest.raises(ScoreCheckError, match="Law 12 \\(daw\\)"):
        card.correct(better, deal_concluded=True)
    card.correct(better, deal_concluded=False)
    assert card.entry(1).trick == (0, 32)


def test_law_19_honor_score_corrected_until_the_match_is_agreed_daw() -> None:
    card = goodfellow_sample()
    e = card.entry(6)
    better = replace(e, honors=((HonorCount(64, "4 honors in one hand"),), ()))
    card.correct(better, deal_concluded=True, match_agreed=False)
    assert card.entry(6).honor(0) == 64
    with pytest.raises(ScoreCheckError, match="Law 19 \\(daw\\)"):
        card.correct(e, match_agreed=True)


def test_a_deal_is_credited_once_to_its_tray_number_daw() -> None:
    card = goodfellow_sample()
    with pytest.raises(ScoreCheckError):
        card.record(card.entries[0])


def test_whist_trick_card_law_a_1894() -> None:
    """1894 law A: every trick taken is scored; the trump turned is noted."""
    rng = random.Random(4)
    card = ScoreCard("whist", table=2, keeper=1)
    for tray in make_trays("whist", 3, seed=8):
        t = Table("whist", tray.deal)
        play_random_deal(t, rng)
        card.record(CardEntry.from_score(tray.number, t.score(), ("1 & 2", "3 & 4"),
                                         trump=tray.deal.turned))  # fmt: skip
    assert card.trick_card
    assert all(sum(e.trick) == 13 and e.honor(0) == e.honor(1) == 0 for e in card.entries)
    html = card.to_html()
    assert "Duplicate Whist" in html and html.count('class="deal"') == 3
    assert card.entries[0].trump_text[-1] in "♠♥♦♣"
    data = card.to_json()
    assert data["card"] == "trick" and data["deals"][0]["trump"]
    assert data["summary"]["ns"]["total"] + data["summary"]["ew"]["total"] == 39


@pytest.mark.parametrize(
    ("code", "trick_law", "honor_law"),
    [
        ("daw", "Law 12 (daw)", "Law 19 (daw)"),
        ("auction", "Law 13 (auction)", "Law 12 (auction)"),
        ("royals", "Law 13 (royals)", "Law 12 (royals)"),
        ("royalton", "Law 92 (royalton)", "Law 91 (royalton)"),
        ("whist", "Law 12 (daw), applied to whist", None),
    ],
)
def test_score_corrections_cite_the_codes_own_law(
    code: str, trick_law: str, honor_law: str | None
) -> None:
    """Goodfellow 12 and 19, Whist Club 13 and 12, Royalton 92 and 91 (the
    penalty and bonus score): each code's own law for correcting the trick and
    the honor score. The League has none; Goodfellow's is applied."""
    card = goodfellow_sample()
    card.code = find_code(code)
    e = card.entry(1)
    with pytest.raises(ScoreCheckError) as trick:
        card.correct(replace(e, trick=(0, 32)), deal_concluded=True)
    assert str(trick.value).startswith(f"{trick_law}: the trick score of deal 1")
    other = replace(e, honors=((HonorCount(64, "4 honors in one hand"),), ()))
    with pytest.raises(ScoreCheckError) as honor:
        card.correct(other, match_agreed=True)
    assert str(honor.value).startswith(f"{honor_law or '(whist)'}: the honor score of deal 1")


@pytest.mark.parametrize(
    ("code", "law"),
    [
        ("daw", "Law 4 (daw)"),
        ("auction", "Law 4 (daw), applied to auction"),
        ("royalton", "Law 4 (daw), applied to royalton"),
        ("whist", "Law A (1894) (whist)"),
    ],
)
def test_law_4_cards_compared_cite_the_codes_match_law(code: str, law: str) -> None:
    """Goodfellow law 4 and 1894 law A: the N-S players compare the cards. The
    auction codes have no duplicate laws and apply Goodfellow's (docs/spec.md §2.2.8)."""
    ns, ew = _pair(goodfellow_sample())
    ns.code = ew.code = find_code(code)
    ns.entries[0] = replace(ns.entries[0], trick=(0, 16))
    with pytest.raises(ScoreCheckError) as err:
        reconcile(ns, ew)
    assert str(err.value).startswith(f"{law}: the cards disagree on deal 1")
