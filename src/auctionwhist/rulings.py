"""Rulings: the options the law offers for an irregularity, with the law
cited and the effect of each on the deal and the score; and applying one.

For a table played in laws mode, ``ruling_for(table)`` reads the irregularity
pending in its event log; for a physical table, ``ruling(code, offence, ...)``
takes the facts from the director.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .calls import Contract
from .cards import Seat, Side
from .codes import Code, RevokeLaw, find_code
from .laws.offences import CONDITIONS, LawsError, Offence, offence
from .records import Ruling
from .scoring import DealResult, DealScore, Revoke, ScoreItem, score_deal
from .table import Table

__all__ = ["Facts", "RulingOption", "RulingReport", "apply_ruling", "ruling", "ruling_for"]


@dataclass(frozen=True, slots=True)
class Facts:
    """What a director knows of the deal, for the effect on the score."""

    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None  # won by the declarer's side (whist: by North-South)
    revokes: tuple[Revoke, ...] = ()
    average: float | None = None  # whist: North-South's average on the deal
    tricks_before_revoke: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class RulingOption:
    key: str
    text: str
    law: str
    effect: str  # on the deal and the score
    score: DealScore | None = None


@dataclass(frozen=True, slots=True)
class RulingReport:
    code: Code
    offence: Offence
    offender: Seat | None
    law: str
    quote: str
    who: str  # who may choose
    lapses: str
    options: tuple[RulingOption, ...]
    see: tuple[str, ...] = ()
    forfeit: str = ""  # what a demand by the wrong adversary does, with the law

    def lines(self) -> list[str]:
        by = f" by {self.offender.name.title()}" if self.offender is not None else ""
        out = [
            f"{self.law}: {self.offence.name}{by}",
            f'  "{self.quote}"',
            f"  Who chooses: {self.who}",
            f"  The right lapses: {self.lapses}",
        ]
        if self.forfeit:
            out.append(f"  The wrong adversary demanding it: {self.forfeit}")
        if self.see:
            out.append(f"  See also: {', '.join(self.see)}")
        for o in self.options:
            out.append(f"  [{o.key}] {o.text} ({o.law})")
            out.append(f"      effect: {o.effect}")
        return out


def _who(o: Offence, offender: Seat | None, declarer: Seat | None) -> str:
    if o.declaring_who == "none":
        # The penalty is not for the declaring side (daw 92, Whist Club 96, ...).
        nobody = f"nobody: {o.declaring_why}"
        if offender is not None and declarer is not None and offender.side == declarer.side:
            return nobody
        plain = _who(replace(o, declaring_who=None), offender, declarer)
        return f"{plain}; when the declarer or dummy offends, {nobody}"
    if o.declaring_who is not None:
        other = replace(o, who=o.declaring_who, declaring_who=None)
        if offender is not None and declarer is not None and offender.side == declarer.side:
            return _who(other, offender, declarer)
    said = _who_by_place(o, offender, declarer)
    if o.chooser:
        said = f"{o.chooser}, {said}"
    if o.decided in ("side_to_lead", "partner_wins"):
        said += f", {_LATER[o.decided]}"
    if o.declaring_who is not None:
        said += f"; when the declarer or dummy offends, {_who(other, offender, declarer)}"
    return said


# When a choice left for later is put to the chooser (``Offence.decided``).
_LATER = {
    "side_to_lead": "as soon as it is the turn of the offender or his partner to lead",
    "side_wins_trick": "when the offender or his partner next wins a trick",
    "partner_wins": "should the offender's partner win the trick, when it is complete",
}


def _who_by_place(o: Offence, offender: Seat | None, declarer: Seat | None) -> str:
    def name(s: Seat) -> str:
        return s.name.title()

    if o.who == "declarant":
        return f"the declarant{f' ({name(declarer)})' if declarer is not None else ''}"
    if offender is None:
        return {
            "either_adversary": "either adversary of the offender",
            "rho": "the adversary on the offender's right",
            "lha": "the adversary on the offender's left",
            "last_to_play": "the adversary last to play to the trick",
            "leader_rho": "when the offender's side next wins a trick, the adversary on the "
            "right of the one of them who then has the lead",
            "none": "nobody: the law takes its course",
            "director": "the director",
        }.get(o.who, o.who)
    partner = offender.partner
    return {
        "either_adversary": f"either adversary ({name(offender.left)} or {name(offender.right)})",
        "rho": f"the adversary on the offender's right ({name(offender.right)})",
        "lha": f"the adversary on the offender's left ({name(offender.left)})",
        "last_to_play": "the adversary last to play to the trick",
        "leader_rho": f"when {name(offender)} or {name(partner)} next wins a trick, the "
        f"adversary on the right of the one who then has the lead ({name(offender.right)} "
        f"if {name(offender)} leads, {name(partner.right)} if {name(partner)} does)",
        "none": "nobody: the law takes its course",
        "director": "the director",
    }.get(o.who, o.who)


def _score_text(score: DealScore) -> str:
    if score.void:
        return score.note or "no score"
    return "; ".join(
        f"{s.title} {score.trick(s)} trick + {score.honor(s)} honor = {score.total(s)}"
        for s in Side
    )


def _effect(
    code: Code, o: Offence, key: str, points: int, offender: Seat | None, facts: Facts
) -> tuple[str, DealScore | None]:
    side = None if offender is None else 1 - offender.side
    if key in ("revoke_points", "revoke_tricks", "none") and o.key == "revoke":
        if facts.tricks is None or (code.counts == "odd" and facts.contract is None):
            return "give --contract, --declarer and --tricks to see the score", None
        revokes = facts.revokes or ((Revoke(offender),) if offender is not None else ())
        result = DealResult(
            code,
            facts.contract,
            facts.declarer,
            facts.tricks,
            revokes=revokes,
            revoke_penalty="points" if key == "revoke_points" else "tricks",
            tricks_before_revoke=facts.tricks_before_revoke,
            average=facts.average,
            trump=None,
        )
        score = score_deal(result)
        law = code.revoke
        if isinstance(law, RevokeLaw) and facts.declarer is not None:
            theirs = sum(1 for r in revokes if r.seat.side != facts.declarer.side)
            ours = len(revokes) - theirs
            if theirs and not ours and not law.has_choice(theirs):
                # Royalton 77c: more than one revoke, so both options score alike.
                return (
                    f"no choice ({code.cite('revoke_later')}: {theirs} revokes, "
                    f"{law.later} each): {_score_text(score)}",
                    score,
                )
        return _score_text(score), score
    if key == "none" and o.key == "failure_to_comply":
        return "scored as an established revoke (whist ruling --offence revoke)", None
    if key in ("new_deal",):
        return "the deal is void and dealt again; nothing is scored for it", None
    if key == "average":
        return "this table does not play the deal; each side takes the average score", None
    if key == "rectify":
        return "the deal is rectified and played; no change to the score", None
    if points and side is not None:
        extra = ScoreItem(Side(side), "honor", points, o.name, code.cite(o.topic))
        text = f"+{points} to {Side(side).title}'s honor (penalty) column"
        if facts.tricks is not None and facts.contract is not None:
            base = score_deal(DealResult(code, facts.contract, facts.declarer, facts.tricks))
            score = replace(base, items=(*base.items, extra))
            return f"{text}: {_score_text(score)}", score
        return text, None
    if key in ("waive", "none", "ignore", "void", "condone", "retract", "accept"):
        return "no penalty on the score; the deal goes on", None
    return "no points change hands; the play of the deal is constrained as stated", None


def ruling(
    code: Code | str,
    key: str,
    offender: Seat | None = None,
    facts: Facts | None = None,
) -> RulingReport:
    """The options for ``key`` (an offence of ``code``) committed by ``offender``."""
    c = find_code(code)
    o = offence(c, key)
    f = facts or Facts()
    options = []
    for opt in o.options:
        effect, score = _effect(c, o, opt.key, opt.points, offender, f)
        text = f"{opt.text} (only {CONDITIONS[opt.when]})" if opt.when else opt.text
        if opt.then:
            later = offence(c, opt.then)
            effect = (
                f"nothing is named now; {_LATER[later.decided]}, {later.name} "
                f"({c.cite(later.topic)}: --offence {later.key})"
            )
        options.append(RulingOption(opt.key, text, c.cite(opt.topic or o.topic), effect, score))
    return RulingReport(
        c,
        o,
        offender,
        c.cite(o.topic),
        o.quote,
        _who(o, offender, f.declarer),
        o.lapses,
        tuple(options),
        tuple(c.cite(t) for t in o.see),
        _forfeit(c, o),
    )


def _forfeit(c: Code, o: Offence) -> str:
    if not o.forfeit:
        return ""
    then = o.option(o.forfeit).text
    return f"none can be enforced ({c.cite('penalty_decision')}): {then}"


def ruling_for(table: Table, average: float | None = None) -> RulingReport:
    """The ruling on the irregularity pending at ``table`` (laws mode)."""
    p = table.pending
    if p is None:
        raise LawsError("no irregularity awaits a ruling at this table")
    facts = Facts(declarer=table.declarer, contract=table.contract, average=average)
    if p.offence.key == "revoke" and table.play is not None:
        declarer = table.declarer
        assert declarer is not None
        facts = replace(
            facts,
            tricks=table.tricks_won()[declarer.side],
            revokes=table.revokes(),
        )
    return ruling(table.code, p.offence.key, p.seat, facts)


def apply_ruling(table: Table, option: str, seat: Seat | None = None, arg: str = "") -> Ruling:
    """Apply ``option`` to the irregularity pending at ``table``, chosen by
    ``seat`` (by default the first player the law entitles)."""
    p = table.pending
    if p is None:
        raise LawsError("no irregularity awaits a ruling at this table")
    return table.rule(seat if seat is not None else p.choosers[0], option, arg)
