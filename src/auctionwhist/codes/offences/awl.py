"""The American Whist League's laws of irregularities (seed 002, laws II-XI;
seed 003, the 1894 laws C-G where the later laws are silent)."""

from __future__ import annotations

from . import (
    CALL_CARD,
    HIGHEST,
    LOWEST,
    NEW_DEAL,
    NEW_DEAL_OR_AVERAGE,
    NO_TRUMP,
    NONE,
    TRUMP,
    WAIVE,
    Offence,
    Option,
)

AWL_CALL_SUIT = Option(
    "call_suit",
    "the cards played to the false lead go back into the hands, not liable (VIII §4); a suit "
    "is called from the offender's side the first time either of them has the lead",
    arg="suit",
)

AWL_OFFENCES = {
    o.key: o
    for o in (
        Offence(
            "exposed_card",
            "a card liable to be called (exposed, held so as to be seen, or named)",
            "exposed",
            "rho",
            "when the adversary on the holder's right plays without calling it (VII §4)",
            "The holder of a card liable to be called can be required to play it only by the "
            "adversary on his right. If such adversary plays without calling it, the holder may "
            "play to that trick as he pleases",
            (CALL_CARD, WAIVE),
            see=("called_card", "called_by_rho"),
            forfeit="waive",
        ),
        Offence(
            "claim_by_adversary",
            '"I can win the rest" (or playing out his cards before his partner has played)',
            "claim",
            "none",
            "—",
            "his partner's cards must be laid face up on the table and are liable to be called",
            (
                Option(
                    "partner_exposed", "the partner's cards are laid face up, liable to be called"
                ),
            ),
        ),
        Offence(
            "lead_out_of_turn",
            "a lead when it is an adversary's (or the partner's) turn to lead",
            "lead_out_of_turn",
            "leader_rho",
            "unless the suit is called before the first trick won by the offender or his partner "
            "after the offence is turned and quitted (VIII §1)",
            "a suit may be called from him or from his partner, as the case may be, the first "
            "time thereafter it is the right of either of them to lead. The penalty can be "
            "enforced only by the adversary on the right of the one from whom a lead can "
            "lawfully be called, and the right thereto is lost unless such adversary calls the "
            "suit he desires led before the first trick won by the offender or his partner "
            "subsequent to the offence is turned and quitted (VIII §1); the cards go back into "
            "the hands, not liable (VIII §4)",
            (AWL_CALL_SUIT, WAIVE),
            see=("false_lead_followed", "no_suit_called"),
            decided="side_wins_trick",
            forfeit="waive",
        ),
        Offence(
            "lead_in_partners_turn",
            "a lead when it is the partner's turn to lead",
            "lead_partners_turn",
            "lha",
            "when the proper leader has led",
            "a suit may at once be called from the proper leader by his right-hand adversary. "
            "Until the penalty has been exacted, waived or forfeited, the proper leader must not "
            "lead (VIII §2); if he has none of the suit he may lead as he pleases (VIII §3)",
            (
                Option(
                    "call_suit",
                    "the card led in error goes back into the hand, not liable (VIII §4); the "
                    "proper leader must lead the suit called",
                    arg="suit",
                ),
                WAIVE,
            ),
            see=("no_suit_called", "false_lead_followed"),
            forfeit="waive",
        ),
        Offence(
            "two_cards",
            "two or more cards played together",
            "exposed",
            "none",
            "—",
            "Every card so placed upon the table as to expose any of the printing on its face ... "
            "is liable to be called (VII §1)",
            (
                Option(
                    "exposed",
                    "the card played first stands; the other is liable to be called",
                ),
            ),
        ),
        Offence(
            "winning_cards_exposed",
            "leading or playing a card and then, before the partner has played, leading or "
            "playing other winning cards",
            "winning_cards_exposed",
            "either_adversary",
            "when the offender's partner has played to the trick",
            "his partner may be called upon by either adversary to win the first or any "
            "subsequent trick to which any of said cards are played, and the remaining cards so "
            "played are liable to be called",
            (
                Option(
                    "win",
                    "the offender's partner must win the trick if he can; the other cards are "
                    "liable to be called",
                ),
                Option("exposed", "no call on the partner; the other cards are liable"),
            ),
        ),
        Offence(
            "play_out_of_turn",
            "the fourth hand playing before the second",
            "play_out_of_turn",
            "rho",  # the third hand: the fourth hand's right-hand adversary
            "when the third hand has played to the trick",
            "the latter may be called upon by the third hand to play his highest or lowest card "
            "of the suit led, and, if he has none of that suit, to trump or not trump the trick",
            (HIGHEST, LOWEST, TRUMP, NO_TRUMP, WAIVE),
            see=("third_before_second",),
            forfeit="waive",
            chooser="the third hand",
        ),
        Offence(
            "renounce_corrected",
            "a renounce in error lawfully corrected",
            "renounce_corrected",
            "lha",
            "when the left-hand adversary has inflicted or waived it",
            "the card improperly played by him is liable to be called, and, if he be the second "
            "or third hand player and his left hand adversary has played to the trick before "
            "attention has been called to the renounce, he may be required by such adversary to "
            "play his highest or his lowest card to the trick in which he has renounced, and "
            "shall not play to that trick until such adversary has inflicted or waived the "
            "penalty",
            (
                Option(
                    "exposed",
                    "the renounced card is liable to be called; no more is required of him",
                ),
                Option(
                    "highest",
                    "the renounced card is liable to be called, and he must play his highest "
                    "card of the suit to the trick",
                    also=("exposed",),
                    when="second_or_third_lha_played",
                ),
                Option(
                    "lowest",
                    "the renounced card is liable to be called, and he must play his lowest "
                    "card of the suit to the trick",
                    also=("exposed",),
                    when="second_or_third_lha_played",
                ),
            ),
            # The card is liable by the law itself, whoever asks (X §3).
            forfeit="exposed",
        ),
        Offence(
            "revoke",
            "an established revoke",
            "revoke",
            "none",
            "cannot be claimed once the claimant or his partner has played to the following "
            "deal (X §5)",
            "The penalty for a revoke is the transfer of two tricks from the revoking side to "
            "their adversaries ... after the first, ... one trick only. The revoking players "
            "cannot score more, nor their adversaries less than the average on the deal ... If "
            "the revoke is discovered in season, the penalty must be enforced and cannot be "
            "waived",
            (
                Option(
                    "none",
                    "two tricks move to the adversaries, one for each later revoke, "
                    "within the average limits",
                ),
            ),
            phase="end",
            see=("revoke_established", "revoke_claim", "revoke_search", "revoke_claim_1894"),
        ),
        Offence(
            "failure_to_comply",
            "failing to comply with a lawful call",
            "failure_to_comply",
            "none",
            "—",
            "he is liable to the same penalty as if he had revoked",
            (NONE,),
        ),
        Offence(
            "quitted_trick",
            "naming or looking at a card of a trick turned and quitted",
            "quitted_trick",
            "leader_rho",
            "as for a lead out of turn (VIII §1)",
            "he is liable to the same penalty as if he had led out of turn",
            (AWL_CALL_SUIT, WAIVE),
            see=("lead_out_of_turn",),
            decided="side_wins_trick",
            forfeit="waive",
        ),
        Offence(
            "attention_to_trick",
            "calling attention to the trick before the partner has played",
            "attention_to_trick",
            "last_to_play",
            "when the partner has played",
            "the adversary last to play to the trick may require the offender's partner to play "
            "his highest or lowest of the suit led, and, if he has none of that suit, to trump "
            "or not to trump the trick",
            (HIGHEST, LOWEST, TRUMP, NO_TRUMP, WAIVE),
            forfeit="waive",
        ),
        Offence(
            "trump_slip_looked",
            "looking at the trump slip unlawfully",
            "trump_slip_penalty",
            "either_adversary",
            "when the offender has played to the current trick (IV §6)",
            "If a player unlawfully looks at the trump slip, his highest or lowest trump may be "
            "called",
            (
                Option("highest_trump", "the offender must play his highest trump"),
                Option("lowest_trump", "the offender must play his lowest trump"),
                WAIVE,
            ),
            see=("trump_slip", "trump_not_named", "trump_penalty_when"),
        ),
        Offence(
            "trump_named",
            "naming the trump card, or showing the trump slip to the partner",
            "trump_slip_penalty",
            "either_adversary",
            "when the partner has played to the current trick (IV §6)",
            "if a player unlawfully names the trump card, or unlawfully shows the trump slip to "
            "his partner, his partner's highest or lowest trump may be called",
            (
                Option("highest_trump", "the offender's partner must play his highest trump"),
                Option("lowest_trump", "the offender's partner must play his lowest trump"),
                WAIVE,
            ),
            see=("trump_not_named", "trump_penalty_when"),
        ),
        Offence(
            "trump_call_repeated",
            "the call of the highest or lowest trump repeated",
            "trump_penalty_when",
            "either_adversary",
            "when the player called upon has played the card called, or to the current trick",
            "the call may be repeated at each or any trick until the card is played, but cannot "
            "be changed",
            (
                Option(
                    "highest_trump",
                    "the player called upon must play his highest trump",
                    when="called_highest_trump",
                ),
                Option(
                    "lowest_trump",
                    "the player called upon must play his lowest trump",
                    when="called_lowest_trump",
                ),
                WAIVE,
            ),
            see=("trump_slip_penalty",),
        ),
        Offence(
            "trump_card_error",
            "on the overplay, a trump turned other than the one recorded",
            "trump_card_error",
            "director",
            "—",
            "corrected before the play: the card turned in error is liable to be called (IV §8); "
            "not corrected until after the overplay has begun: more than two tables, the average "
            "score; fewer than three, a new deal (IV §9); a wrong trump recorded: IV §10",
            (
                Option(
                    "exposed",
                    "corrected before the play: the card turned in error is liable to be called",
                ),
                Option("average", "the players at that table take the average score"),
                NEW_DEAL,
            ),
            phase="deal",
            see=("trump_card_late", "trump_recorded_wrong"),
        ),
        Offence(
            "wrong_number_of_cards",
            "a hand with more or fewer than thirteen cards",
            "wrong_cards",
            "director",
            "—",
            "more than two tables: the hands are rectified and passed on, this table takes the "
            "average; otherwise a new deal (V §1; 1894 law E: before or during the original play "
            "a new deal, on taking up for overplay sent back and rectified)",
            (
                *NEW_DEAL_OR_AVERAGE,
                Option(
                    "stand",
                    "fewer cards found after the first trick of the overplay: the deal stands; "
                    "the short hand answers for the missing card and any revoke (V §2)",
                    topic="short_hand",
                ),
            ),
            phase="deal",
            see=("hands_1894", "short_hand"),
        ),
        Offence(
            "misdeal",
            "a misdeal, or a card exposed in dealing",
            "misdeal",
            "none",
            "—",
            "The deal is never lost in case of a misdeal or of exposure of a card during the "
            "deal; the cards must be redealt by the same player (1894 law C; III §2)",
            (NEW_DEAL,),
            phase="deal",
            see=("redeal",),
        ),
    )
}
