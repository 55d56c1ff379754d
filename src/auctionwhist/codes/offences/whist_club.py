"""The Whist Club of New York's laws of irregularities, 1911 (seed 001, laws
32-43, 51-53, 58, 60-98), for ``auction`` and ``royals`` alike."""

from __future__ import annotations

from dataclasses import replace

from . import (
    ACCEPT,
    CALL_LEAD,
    EXPOSED,
    HIGHEST,
    LOSE,
    LOWEST,
    NEW_DEAL,
    NONE,
    VOID,
    WAIVE,
    WIN,
    Option,
    revoke_choice,
)
from .daw import DAW_OFFENCES

D = DAW_OFFENCES
TWO_CARDS_STAND = Option(
    "exposed", "the card played first stands; the other card is exposed, liable to be called"
)
TWO_CARDS_EXCHANGE = Option(
    "exchange",
    "the declarer calls the other card to the trick; the card played first goes back to the "
    "hand, exposed, liable to be called",
)
STAND = Option("stand", "the call stands and the bidding continues as if it had been in order")

# Law 97 names only a wrong penalty, not the wrong adversary (daw 109): a demand
# by an adversary the law does not entitle is refused, not a forfeit.
WC_OFFENCES = {
    o.key: replace(o, forfeit="")
    for o in (
        replace(
            D["call_out_of_turn"],
            who="either_adversary",
            lapses="when either adversary calls without demanding a new deal",
            quote="either adversary may demand a new deal, or may allow the declaration so made "
            "to stand, when the bidding shall continue as if the declaration had been in order "
            "(law 51); if a player double out of turn, either adversary may demand a new deal "
            "(law 58)",
            options=(NEW_DEAL, STAND),
        ),
        replace(
            D["pass_out_of_turn"],
            who="none",
            lapses="—",
            quote="(law 51 names a declaration other than passing; a pass out of turn carries "
            "no penalty and is void)",
            options=(VOID,),
        ),
        replace(
            D["call_out_of_turn"],
            key="double_out_of_turn",
            name="a double or redouble out of turn",
            topic="double_out_of_turn",
            who="either_adversary",
            lapses="when either adversary calls without demanding a new deal",
            quote="If a player double out of turn, either adversary may demand a new deal",
            options=(
                NEW_DEAL,
                Option(
                    "ignore",
                    "no new deal is demanded: the double is disregarded and the player on turn "
                    "calls",
                ),
            ),
        ),
        replace(
            D["insufficient_bid"],
            quote="he shall be considered to have declared the requisite number of tricks ..., "
            "provided either adversary call attention to the insufficient bid; but if either of "
            "them pass, double, or make a higher declaration, the offence is condoned",
        ),
        replace(
            D["impossible_bid"],
            who="either_adversary",
            lapses="when either adversary calls over it",
            quote="If a player make an impossible declaration, it is equivalent to a bid of all "
            "the tricks, in which case neither the offending player nor his partner can make any "
            "further declaration during that hand, unless either adversary double. The opponents "
            "... may demand a new deal, or may treat their own declaration as a final bid",
            options=(
                Option(
                    "seven_side",
                    "a bid of all the tricks (seven); neither the offender nor his partner may "
                    "declare again unless an adversary doubles",
                ),
                NEW_DEAL,
                Option("final", "the adversaries' own last declaration is the final one"),
            ),
        ),
        replace(
            D["double_partner"],
            quote="a player cannot double his partner's declaration, "
            "nor re-double his partner's double",
        ),
        replace(
            D["redouble_twice"],
            quote="Any declaration can be doubled and re-doubled once, but not more",
        ),
        replace(
            D["debarred_call"],
            quote="the partner of the declarer shall be debarred from "
            "making any further declaration (law 52; no penalty is named: the call is void)",
        ),
        replace(
            D["exposed_in_auction"],
            who="either_adversary",
            lapses="when the final declaration is made",
            quote="either adversary may demand a new deal. If the deal be allowed to stand, the "
            "exposed card may be picked up, and cannot be called",
            options=(
                NEW_DEAL,
                Option("stand", "the deal stands; the card is picked up, not liable to be called"),
            ),
        ),
        replace(
            D["information"],
            quote="a player is not entitled to give his partner any information as to a previous "
            "declaration (law 53); the declarer may call a suit from the adversary whose turn it "
            "is next to lead (law 96)",
            declaring_why="the penalty (law 96) is for the declarer's adversaries only",
        ),
        replace(
            D["exposed_before_lead"],
            quote="the declarer may, instead of calling the card, require the leader not to lead "
            "the suit of the exposed card; if so exposed by the leader it is subject to call",
        ),
        replace(
            D["exposed_card"],
            quote="All cards exposed after the original lead by the declarer's adversaries are "
            "liable to be called, and such cards must be left face upward on the table",
            lapses="when the holder gets rid of it in the course of play (law 80)",
            see=("exposed_cards", "called_card"),
        ),
        replace(
            D["declarant_exposed"],
            quote="Cards exposed by the declarer are not liable to be called (law 74)",
        ),
        replace(
            D["two_cards"],
            name="two or more cards played at once",
            topic="two_cards",
            who="declarant",
            lapses="when the next card is played to the trick",
            quote="If two or more cards be played at once by either of the declarer's "
            "adversaries, the declarer shall have the right to call any one of such cards to "
            "the current trick, and the other card or cards are exposed",
            options=(TWO_CARDS_STAND, TWO_CARDS_EXCHANGE),
            see=("exposed_cards",),
        ),
        replace(
            D["winning_cards_exposed"],
            quote="the declarer may demand that the partner of the player in fault win, if he "
            "can, the first or any other of these tricks, and the other cards thus improperly "
            "played are exposed cards",
            options=(
                Option(
                    "win",
                    "the offender's partner must win the trick if he can; the other cards are "
                    "exposed, liable to be called",
                ),
                Option("exposed", "no call on the partner; the other cards are exposed"),
            ),
        ),
        replace(
            D["lead_out_of_turn"],
            quote="the declarer may either treat the card so led as an exposed card, or may call "
            "a suit as soon as it is the turn of either adversary to lead (law 76)",
            lapses="when the other three have played to the false lead (law 78)",
            options=(ACCEPT, EXPOSED, CALL_LEAD),
        ),
        replace(
            D["lead_out_of_turn_call"],
            quote="the declarer may ... call a suit as soon as it is the turn of either "
            "adversary to lead (law 76)",
        ),
        replace(
            D["declarant_lead_out_of_turn"],
            # Law 77 leaves the rectifying to the declarer himself, until the
            # second hand plays (Goodfellow's 90 asks the second hand's consent).
            who="declarant",
            lapses="when the second hand has played",
            quote="he incurs no penalty; but he may not rectify the error after the second hand "
            "has played",
            options=(
                Option("accept", "the declarer lets the lead stand; the trick goes on from it"),
                Option("retract", "the declarer rectifies it: the card goes back, not liable"),
            ),
            forfeit="",
        ),
        replace(
            D["play_out_of_turn"],
            name="the fourth hand, not being dummy or declarer, playing before the second",
            quote="the latter may be called upon to play his highest or lowest card of the suit "
            "played, or to win or lose the trick",
            options=(HIGHEST, LOWEST, WIN, LOSE, WAIVE),
            declaring_who="none",
            declaring_why="law 82 names the fourth hand not being dummy or declarer",
        ),
        replace(
            D["renounce_corrected"],
            quote="the card played in error is exposed and the declarer may call it whenever he "
            "pleases; or he may require the offender to play his highest or lowest card of the "
            "suit to the trick",
        ),
        replace(
            D["declarant_renounce_corrected"],
            who="none",
            quote="this penalty cannot be exacted from the declarer",
            options=(NONE,),
        ),
        replace(
            D["revoke"],
            quote="When the declarer revokes, his adversaries add 150 points ... If either of the "
            "adversaries revoke, the declarer may either add 150 points to his score in the honor "
            "column, or may take three tricks ... A revoking side cannot score, except for honors "
            "in trumps or chicane",
            lapses="when the cards have been cut for the following deal (law 90)",
            options=revoke_choice(150, 3),
        ),
        replace(
            D["failure_to_comply"],
            quote="he is liable to the penalty for revoke, unless "
            "such play be corrected before the trick is turned and quitted",
            options=(
                Option("none", "not corrected: the penalty for a revoke (law 86)"),
                Option(
                    "corrected",
                    "corrected before the trick is turned and quitted: he plays again as "
                    "called; the law names no penalty for the card played in error",
                ),
            ),
        ),
        replace(
            D["dummy_suggestion"],
            quote="either adversary may, without consultation, call "
            "upon the declarer to play or not to play the card suggested",
        ),
        replace(D["dummy_incident"], quote="the declarer is precluded from exacting such penalty"),
        replace(
            D["claim_by_adversary"],
            quote="If either or both of the declarer's adversaries throw his or their cards on "
            "the table face upward, such cards are exposed and are liable to be called",
            options=(Option("none", "the cards thrown face up are liable to be called"),),
        ),
        replace(
            D["claim_by_declarant"],
            quote='If the declarer say, "I have the rest," ... he may be required to place his '
            "cards face upward on the table. His adversaries are not liable to have any of their "
            "cards called should they thereupon expose them",
        ),
        replace(
            D["quitted_trick"],
            who="none",
            declaring_who=None,
            declaring_why="",
            quote="Once a trick is complete, turned and quitted, it must not be looked at (except "
            "under Law 84) until the end of the hand (no penalty is named)",
            lapses="—",
            options=(NONE,),
        ),
        replace(
            D["unauthorized_reference"],
            quote="the declarer may call a suit from the adversary whose turn it is next to lead",
            declaring_why="law 96 names only the declarer's adversaries",
        ),
        replace(
            D["attention_to_trick"],
            quote="the declarer may require such partner to play his highest or lowest card of "
            "the suit led, or to win or lose the trick",
            options=(HIGHEST, LOWEST, WIN, LOSE, WAIVE),
            declaring_why="law 95 names only the declarer's adversaries",
        ),
        replace(
            D["wrong_number_of_cards"],
            who="none",
            quote="There must be a new deal ... if any player have dealt to him a greater number "
            "of cards than thirteen (law 37d); three with the right number and the fourth less: "
            "the deal stands (law 40); one more and another equally less: the hand is void "
            "(law 41)",
            options=(
                NEW_DEAL,
                Option("stand", "the deal stands; the short hand answers for any revoke (law 40)"),
            ),
            see=("short_hand", "pack_incorrect"),
        ),
        replace(
            D["misdeal"],
            quote="There is no penalty for a misdeal. The cards must be dealt again (laws 36, 37)",
        ),
    )
}
