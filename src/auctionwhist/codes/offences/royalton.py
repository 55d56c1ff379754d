"""Royalton's laws of irregularities (seed 004, laws 19-29, 37-81, 94-99),
with its penalty points (laws 45, 54-56, 94, 99)."""

from __future__ import annotations

from dataclasses import replace

from . import (
    EXPOSED,
    NEW_DEAL,
    NOT_PLAY,
    PLAY,
    RETRACT,
    Offence,
    Option,
)
from .whist_club import STAND, WC_OFFENCES

W = WC_OFFENCES


def _points(n: int, what: str) -> Option:
    return Option("points", f"{n} points to the adversaries' penalty score{what}", points=n)


# Law 98 has no forfeit for a wrong demand (daw 109): it is refused.
ROYALTON_OFFENCES = {
    o.key: replace(o, forfeit="")
    for o in (
        replace(
            W["call_out_of_turn"],
            lapses="when either adversary passes, doubles or declares before demanding it (law 40)",
            quote="either adversary may demand a new deal, or may allow such declaration to "
            "stand, in which case the bidding shall continue as if the declaration had been in "
            "turn (law 37; a double or redouble is a declaration, law 48); a declaration or "
            "pass changed before the next turn is a bid out of turn (law 43)",
            see=("changed_call", "penalty_lapses"),
        ),
        replace(
            W["call_out_of_turn"],
            key="double_out_of_turn",
            name="a double or redouble out of turn",
            topic="double_out_of_turn",
            lapses="when either adversary passes, doubles or declares before demanding it (law 40)",
            quote="A double or redouble is a declaration, and a player who doubles or redoubles "
            "out of turn is subject to the penalty provided by Law 37",
            options=(NEW_DEAL, STAND),
            see=("call_out_of_turn", "penalty_lapses"),
        ),
        replace(
            W["call_out_of_turn"],
            key="pass_out_of_turn",
            name="a pass out of turn",
            quote="If a player pass out of turn, it shall be considered as a bid out of turn",
            options=(NEW_DEAL, STAND),
        ),
        replace(
            W["insufficient_bid"],
            lapses="when either adversary passes, doubles or declares before demanding it (law 40)",
            quote="the bid is made sufficient in the declaration named and the partner of the "
            "declarer may not further declare unless an adversary subsequently bid or double "
            "(law 38); when not demanded, the bid over which it was made may be repeated (law 40)",
            see=("penalty_lapses",),
        ),
        replace(
            W["impossible_bid"],
            quote="the bid is made seven in the suit named and the partner of the declarer may "
            "not further declare unless an adversary subsequently bid or double. Either "
            "adversary ... may demand a new deal, or that the last declaration made on behalf of "
            "his partnership become the final declaration",
            options=(
                Option(
                    "seven",
                    "the bid is made seven in the suit named; the partner may not declare "
                    "unless an adversary bids or doubles",
                ),
                NEW_DEAL,
                Option("final", "the adversaries' own last declaration becomes the final one"),
            ),
        ),
        replace(
            W["double_partner"],
            quote="for doubling a partner's declaration or redoubling a partner's double 50 "
            "points shall be added in the adverse penalty score",
            options=(_points(50, "; the call is void"),),
        ),
        replace(
            W["redouble_twice"],
            who="either_adversary",
            lapses="when either adversary passes, doubles or declares (law 40)",
            quote="The penalty for redoubling more than once is 100 points in the adverse "
            "penalty score, or a new deal, as a bid out of turn",
            options=(_points(100, "; the redouble is void"), NEW_DEAL),
        ),
        replace(
            W["debarred_call"],
            who="either_adversary",
            lapses="when either adversary passes, doubles or declares (law 40)",
            quote="either adversary may decide whether such declaration stand, and neither the "
            "offending player nor his partner may further participate in the bidding even if "
            "the adversaries double or declare",
            see=("penalty_lapses",),
            options=(
                Option(
                    "stand_debar_side",
                    "the declaration stands; neither the offender nor his partner may call again",
                ),
                Option(
                    "void_debar_side",
                    "the declaration is void; neither the offender nor his partner may call again",
                ),
            ),
        ),
        replace(
            W["exposed_in_auction"],
            who="none",
            quote="After the deal and before the declaration has been finally determined, if any "
            "player lead or expose a card, there must be a new deal",
            options=(NEW_DEAL,),
        ),
        replace(
            W["information"],
            quote="if an adversary of the declarer inform his partner regarding any previous "
            "declaration, the declarer may call a lead from the adversary whose next turn it is "
            "to lead. If the dummy give such information to the declarer, either adversary of "
            "the declarer may call a lead",
            declaring_who="either_adversary",
            declaring_why="",
        ),
        replace(
            W["exposed_before_lead"],
            quote="if the partner of the proper leader expose or lead a card, the declarer may "
            "treat it as exposed, and may also call a suit lead from the proper leader",
            options=(
                EXPOSED,
                Option(
                    "call_suit",
                    "the card is exposed and a suit is called from the leader",
                    arg="suit",
                ),
            ),
        ),
        replace(
            W["exposed_card"],
            quote="all cards exposed by the declarer's adversaries are "
            "liable to be called and must be left face upward on the table; each failure to "
            "play a called card is subject to the penalty of a revoke (laws 63, 72)",
            lapses="when the holder has played it (law 72)",
        ),
        replace(
            W["two_cards"],
            quote="Two or more cards played simultaneously by either of the declarer's "
            "adversaries give the declarer the right to call any one of such cards to the "
            "current trick and to treat the other card or cards as exposed",
        ),
        replace(
            W["winning_cards_exposed"],
            quote="the declarer may demand that the partner of the player in fault win, if he "
            "can, the first or any other of these tricks. The other cards thus improperly "
            "played are exposed",
        ),
        Offence(
            "last_card_exposed",
            "an adversary exposing his last card before his partner plays to the twelfth trick",
            "last_card_exposed",
            "none",
            "—",
            "Should an adversary of the declarer expose his last card before his partner play to "
            "the twelfth trick, the two cards in his partner's hand become exposed, must be laid "
            "face upward on the table, and are subject to call",
            (
                Option(
                    "partner_exposed",
                    "the partner's two cards are laid face up, liable to be called",
                ),
            ),
            see=("exposed",),
        ),
        replace(
            W["declarant_exposed"],
            quote="Cards exposed by the declarer are not liable to be called (law 69)",
        ),
        replace(
            W["lead_out_of_turn"],
            quote="the declarer may either treat the card so led as exposed or may call a suit as "
            "soon as it is the turn of either adversary to lead (law 59); if the declarer follow, "
            "the trick stands (law 61)",
            lapses="when the declarer follows to the false lead, from his own hand or dummy's "
            "(law 61)",
        ),
        replace(
            W["lead_out_of_turn_call"],
            quote="the declarer may ... call a suit as soon as it is the turn of either "
            "adversary to lead (law 59)",
        ),
        replace(
            W["declarant_lead_out_of_turn"],
            who="either_adversary",
            quote="he incures no penalty, but he may not rectify the error unless directed to do "
            "so by an adversary ... If the second hand play, the lead is accepted",
            options=(Option("accept", "the lead stands"), RETRACT),
        ),
        replace(
            W["play_out_of_turn"],
            quote="the latter may be required to play his highest or lowest card of the suit led, "
            "or to win or lose the trick. In such case, if the second hand be void of the suit "
            "led, the declarer in lieu of any other penalty may call upon the second hand to play "
            "the highest card of any designated suit. If he name a suit of which the second hand "
            "is void, the penalty is paid",
            options=(
                *W["play_out_of_turn"].options[:-1],
                Option(
                    "highest_of_suit",
                    "the second hand, void of the suit led, must play his highest card of the "
                    "suit named, in lieu of any other penalty; if he has none of it, the penalty "
                    "is paid",
                    arg="suit",
                    when="second_hand_void",
                ),
                W["play_out_of_turn"].options[-1],
            ),
            declaring_why="law 73 names the fourth hand not being dummy or declarer",
        ),
        replace(
            W["renounce_corrected"],
            quote="the card played in error is exposed, and the "
            "declarer may call it whenever he pleases, or he may require the offender to play "
            "his highest or lowest card of the suit to the trick",
        ),
        replace(
            W["revoke"],
            quote="When the declarer revokes, he cannot score for tricks and his adversaries add "
            "100 points ... the declarer may either add 100 points to his score in the penalty "
            "column or take three tricks ... Such tricks may assist the declarer to make good his "
            "declaration and to score a slam",
            lapses="when the cards have been cut for the following deal (law 80)",
            options=(
                Option(
                    "revoke_points",
                    "the declarer adds 100 points to his penalty column",
                    topic="revoke_adversary",
                ),
                Option(
                    "revoke_tricks",
                    "the declarer takes three tricks from the adversaries",
                    topic="revoke_adversary",
                ),
            ),
        ),
        replace(
            W["failure_to_comply"],
            quote="he is liable to the penalty for revoke (Law 77) "
            "unless such play be corrected before the trick be turned and quitted",
            options=(
                Option("none", "not corrected: the penalty for a revoke (law 77)"),
                Option(
                    "corrected",
                    "corrected before the trick be turned and quitted: he plays again as "
                    "called; the law names no penalty for the card played in error",
                ),
            ),
        ),
        replace(
            W["dummy_suggestion"],
            quote="either adversary may require the declarer to play or not to play such card ... "
            "Or, if either adversary prefer, he may elect to add 50 points to his penalty score",
            options=(PLAY, NOT_PLAY, _points(50, "")),
        ),
        replace(
            W["dummy_incident"],
            quote="the declarer may not exact such penalty. If such incident ... no penalty "
            "might have been exacted, the opponents shall score 50 points in the penalty score",
            who="none",
            options=(
                Option(
                    "waive",
                    "a penalty was due: the declarer may not exact it (the call of the card "
                    "named, of every liable card if none is named, and a suit still to call lapse)",
                ),
                _points(50, ": no penalty was due for the incident"),
            ),
        ),
        Offence(
            "dummy_warns_wrong_hand",
            "dummy warning the declarer that he is about to lead from the wrong hand",
            "dummy_warns_wrong_hand",
            "either_adversary",
            "when the declarer has led",
            "either adversary may require that the lead be made from that hand, or may elect to "
            "add 50 points to his penalty score",
            (
                Option("lead_wrong_hand", "the declarer must lead from the wrong hand"),
                _points(50, ""),
            ),
        ),
        replace(
            W["claim_by_adversary"],
            quote="such cards are exposed and liable to be called; "
            "but if either adversary retain his hand, he cannot be forced to abandon it",
        ),
        replace(
            W["claim_by_declarant"],
            quote="He is not then allowed to call any cards his "
            "adversaries may have exposed, as a result of his statement, nor to take any "
            "finesse not previously proven a winner",
        ),
        replace(
            W["quitted_trick"],
            who="either_adversary",
            declaring_who=None,  # law 94: any player's fine
            quote="A trick turned and quitted may not be looked at ... The penalty for the "
            "violation of this law is 25 points in the adverse penalty score",
            lapses="the law names no time (law 94)",
            options=(_points(25, ""),),
        ),
        replace(
            W["unauthorized_reference"],
            quote="the declarer may call a suit from the adversary whose next turn it is to lead",
            declaring_why="law 97 names only an adversary of the declarer",
        ),
        replace(
            W["attention_to_trick"],
            quote="the declarer may require such partner to play his "
            "highest or lowest card of the suit led, or to win or lose the trick",
            declaring_why="law 96 names only an adversary of the declarer",
        ),
        Offence(
            "infraction",
            "an infraction of a rule with no specific penalty",
            "infraction",
            "either_adversary",
            "—",
            "The infraction of any rule where a specific penalty is not provided therein, is a "
            "penalty of twenty-five points",
            (_points(25, ""),),
        ),
        replace(
            W["wrong_number_of_cards"],
            quote="There must be a new deal ... if any player have dealt to him a greater number "
            "of cards than thirteen (law 24d); one player more and another less: the deal is void "
            "(law 28)",
            see=("short_hand",),
        ),
        replace(
            W["misdeal"],
            quote="In the event of a misdeal, the same pack must be dealt again "
            "by the same player (laws 23, 24)",
        ),
    )
}
# Royalton 70-72: called cards and "not to play a suit" as for the Whist Club.
ROYALTON_OFFENCES["declarant_renounce_corrected"] = replace(
    W["declarant_renounce_corrected"], quote="this penalty cannot be exacted from the declarer"
)
