"""Goodfellow's laws of irregularities (seed 000, laws 40-61, 74-110, 117)."""

from __future__ import annotations

from . import (
    ACCEPT,
    CALL_CARD,
    CALL_LEAD,
    CALL_SUIT,
    EXPOSED,
    FORBID_SUIT,
    HIGHEST,
    LOWEST,
    NEW_DEAL,
    NEW_DEAL_OR_AVERAGE,
    NO_TRUMP,
    NONE,
    NOT_PLAY,
    PLAY,
    RETRACT,
    SUIT_NAMED,
    TRUMP,
    VOID,
    WAIVE,
    Offence,
    Option,
    revoke_choice,
)

DEBAR_UNTIL = "unless an adversary overbids, doubles or redoubles"

DAW_OFFENCES = {
    o.key: o
    for o in (
        Offence(
            "call_out_of_turn",
            "a declaration, double or redouble out of turn",
            "call_out_of_turn",
            "rho",
            "when the adversary on the offender's right has made his own call",
            "the adversary on his right may ignore such action and make any declaration he "
            "might lawfully have made in regular turn; ... should such adversary pass, the "
            "offender's declaration stands and his partner is debarred from making any "
            "declaration, unless an adversary over-bids, doubles, or re-doubles",
            (
                Option("ignore", "the call is ignored; the offender calls in his regular order"),
                Option(
                    "pass_stand",
                    f"the adversary passes: the call stands and the offender's partner may not "
                    f"declare {DEBAR_UNTIL}",
                ),
            ),
            phase="auction",
            forfeit="ignore",  # law 109: the wrong adversary demanding, none is enforced
        ),
        Offence(
            "pass_out_of_turn",
            "a pass out of turn",
            "call_out_of_turn",
            "rho",
            "when the adversary on the offender's right has made his own call",
            "If a player passes ... out of turn, the adversary on his right may ignore such "
            "action ...; should such adversary pass, the offender's declaration stands and his "
            "partner is debarred",
            (
                Option("ignore", "the pass is ignored; the offender calls in his regular order"),
                Option(
                    "pass_stand",
                    f"the adversary passes: the pass stands and the offender's partner may not "
                    f"declare {DEBAR_UNTIL}",
                ),
            ),
            phase="auction",
            forfeit="ignore",  # law 109: the wrong adversary demanding, none is enforced
        ),
        Offence(
            "insufficient_bid",
            "an insufficient declaration",
            "insufficient_bid",
            "either_adversary",
            "when either adversary makes a higher declaration, doubles or passes the "
            "insufficient declaration",
            "considered to have bid the requisite number of tricks in the bid which he has "
            "made ... the partner of such declarer is debarred from making any further "
            "declaration, unless an adversary makes a higher declaration or doubles",
            (
                Option(
                    "correct",
                    "the bid is made sufficient in the same declaration; the offender's partner "
                    "may not declare unless an adversary bids higher or doubles",
                ),
                Option("condone", "the adversaries condone it: the declaration stands as made"),
            ),
            phase="auction",
        ),
        Offence(
            "impossible_bid",
            "an impossible declaration (more than seven odd tricks)",
            "impossible_bid",
            "none",
            "—",
            "(Goodfellow names no penalty; by law 58, the declaration is made sufficient: "
            "seven, the most that can be declared, and the partner is debarred)",
            (
                Option(
                    "seven",
                    "the declaration is of seven odd tricks in the suit named; the offender's "
                    "partner may not declare unless an adversary bids higher or doubles",
                ),
            ),
            phase="auction",
        ),
        Offence(
            "double_partner",
            "doubling the partner's declaration, or redoubling the partner's double",
            "double_partner",
            "none",
            "—",
            "A player cannot double his partner's declaration, or re-double his partner's double",
            (VOID,),
            phase="auction",
        ),
        Offence(
            "redouble_twice",
            "doubling or redoubling a second time",
            "redouble_twice",
            "none",
            "—",
            "A re-double cannot be re-doubled",
            (VOID,),
            phase="auction",
        ),
        Offence(
            "debarred_call",
            "a declaration by a player debarred from declaring",
            "debarred_call",
            "none",
            "—",
            "the partner ... is debarred from making any declaration (laws 57, 58, 60)",
            (VOID,),
            phase="auction",
        ),
        Offence(
            "exposed_in_auction",
            "a card exposed, or the score mentioned, before the final declaration",
            "exposed_in_auction",
            "none",
            "—",
            "the partner of the player in fault forfeits his right to bid, unless an adversary "
            "over-bids, doubles, or re-doubles",
            (
                Option(
                    "debar_partner",
                    f"the offender's partner may not declare {DEBAR_UNTIL}; the card is "
                    "not liable to be called",
                ),
            ),
            phase="auction",
        ),
        Offence(
            "information",
            "information about a previous declaration given after the final declaration",
            "information",
            "declarant",
            "when the adversary whose turn it is next to lead has led",
            "a player is not entitled to give his partner any information as to a previous "
            "declaration (law 61); the declarant may call a suit from the adversary whose turn "
            "it is next to lead (law 92)",
            (CALL_SUIT, WAIVE),
            see=("unauthorized_reference",),
            declaring_who="none",
            declaring_why="the penalty (law 92) is for the declarant's adversaries only",
        ),
        Offence(
            "exposed_before_lead",
            "a card exposed after the final declaration and before the lead",
            "exposed_before_lead",
            "declarant",
            "when the opening lead is made",
            "the declarant may, instead of treating the card as liable to be called, require the "
            "leader not to open that suit",
            (EXPOSED, FORBID_SUIT),
        ),
        Offence(
            "exposed_card",
            "a card exposed during the play",
            "exposed",
            "declarant",
            "when the holder gets rid of it in the course of play (law 108)",
            "All cards exposed after the original lead are liable to be called, and such cards "
            "must be placed face upward on the table and left thus until played",
            (CALL_CARD, WAIVE),
            see=("exposed_cards", "cards_thrown", "called_card", "liable_card_wait"),
        ),
        Offence(
            "two_cards",
            "a card thrown with the card led or played",
            "card_thrown_with_another",
            "none",
            "—",
            "The following are exposed cards: ... C. Any card thrown with the card led or "
            "played (law 81); all cards exposed after the original lead are liable to be called "
            "(law 80)",
            (
                Option(
                    "exposed",
                    "the card played stands; the card thrown with it is liable to be called",
                ),
            ),
            see=("exposed",),
        ),
        Offence(
            "winning_cards_exposed",
            "an adversary leading a winning card and exposing others before his partner plays",
            "winning_cards_exposed",
            "declarant",
            "when the offender's partner has played to the trick",
            "the latter may be called upon by the declarant to take, if he can, the first trick; "
            "and should he do so, the declarant may either require him not to lead that suit, in "
            "which case no further penalty attaches, or ... treat the exposed card, or cards, as "
            "liable to be called",
            (
                Option(
                    "win",
                    "the offender's partner must win the trick if he can; should he win it, the "
                    "declarant then chooses: he may not lead that suit, or the cards exposed are "
                    "liable; should he not, they are liable (law 80)",
                    then="winning_cards_exposed_won",
                ),
                Option("exposed", "no call on the partner; the cards exposed are liable"),
            ),
            see=("exposed_cards",),
        ),
        Offence(
            # Law 85's second choice, "should he do so" (``Option.then``).
            "winning_cards_exposed_won",
            "the partner called upon has won the trick",
            "winning_cards_exposed",
            "declarant",
            "when the partner has led to the next trick",
            "and should he do so, the declarant may either require him not to lead that suit, in "
            "which case no further penalty attaches, or the declarant may permit him to lead as "
            "he pleases and treat the exposed card, or cards, as liable to be called",
            (
                Option(
                    "forbid_lead",
                    "the partner may not lead the suit of the card exposed; no further penalty: "
                    "the card is not liable",
                ),
                Option(
                    "exposed",
                    "the partner leads as he pleases; the cards exposed are liable to be called",
                ),
            ),
            see=("exposed_cards",),
            decided="partner_wins",
        ),
        Offence(
            "declarant_exposed",
            "a card exposed by the declarant",
            "declarant_exposed",
            "none",
            "—",
            "Cards exposed by the declarant are not liable to be called",
            (NONE,),
        ),
        Offence(
            "lead_out_of_turn",
            "a lead out of turn by an adversary of the declarant",
            "lead_out_of_turn",
            "declarant",
            "when the other three have played to the false lead (law 91)",
            "the declarant may call a suit as soon as it is the turn of either adversary to "
            "lead, or may treat the card so led in error as liable to be called",
            (ACCEPT, EXPOSED, CALL_LEAD),
            see=("false_lead_followed", "no_suit_called"),
        ),
        Offence(
            # The second half of law 89's choice: the suit itself, named only when
            # the adversaries have the lead (``CALL_LEAD.then``).
            "lead_out_of_turn_call",
            "the suit called for a lead out of turn",
            "lead_out_of_turn",
            "declarant",
            "when either adversary has led without a suit called",
            "the declarant may call a suit as soon as it is the turn of either adversary to lead",
            (SUIT_NAMED, WAIVE),
            see=("no_suit_called",),
            decided="side_to_lead",
        ),
        Offence(
            "declarant_lead_out_of_turn",
            "a lead out of turn by the declarant, from his hand or dummy's",
            "declarant_lead_out_of_turn",
            "lha",
            "when the second hand has played to the lead",
            "he incurs no penalty; but he may not rectify the error after the second hand has "
            "played to the trick, except with the consent of such second player",
            (ACCEPT, RETRACT),
            forfeit="retract",  # law 109
        ),
        Offence(
            "play_out_of_turn",
            "the fourth hand playing before the second (third hand being declarant or dummy)",
            "play_out_of_turn",
            "declarant",
            "when the second hand has played",
            "the latter may be called upon by the declarant to play his highest or lowest card "
            "of the suit led, or, if he has none, to trump or not to trump the trick",
            (HIGHEST, LOWEST, TRUMP, NO_TRUMP, WAIVE),
            see=("third_before_second",),
            declaring_who="none",
            declaring_why="law 96 names the third hand being declarant or dummy, so the fourth "
            "an adversary",
        ),
        Offence(
            "renounce_corrected",
            "a renounce in error corrected in time by an adversary of the declarant",
            "renounce_corrected",
            "declarant",
            "when the offender has played to the trick again",
            "the declarant may require the offender to play his highest or lowest of the suit "
            "to the trick, or the declarant may elect to treat the card so exposed as liable to "
            "be called",
            (HIGHEST, LOWEST, EXPOSED),
        ),
        Offence(
            "declarant_renounce_corrected",
            "a renounce in error corrected in time by the declarant",
            "renounce_corrected",
            "lha",
            "when the declarant has played to the trick again",
            "the adversary on his left may require him to play his highest or lowest of the suit "
            "which he has renounced, provided both of the adversaries have played to the "
            "current trick; but this penalty cannot be exacted from the declarant when he is "
            "fourth to play, and it can never be enforced with dummy",
            (HIGHEST, LOWEST, WAIVE),
            forfeit="waive",  # law 109
        ),
        Offence(
            "revoke",
            "an established revoke",
            "revoke",
            "declarant",
            "when the last trick is turned and quitted and the score recorded (law 106)",
            "When the declarant revokes he cannot score any trick points, and the adversaries "
            "add 150 points ... If either of his adversaries revoke the declarant may either add "
            "150 points to his score ... or he may take three tricks from his opponents",
            revoke_choice(150, 3),
            phase="end",
            see=("revoke_established", "revoke_later", "revoke_search", "revoke_claim"),
        ),
        Offence(
            "failure_to_comply",
            "failing to comply with a lawful call (highest, lowest, trump, lead a suit...)",
            "failure_to_comply",
            "none",
            "—",
            "he is liable to the same penalty as if he had revoked, unless such failure is "
            "corrected before the trick is turned and quitted; and then the card played in "
            "error is liable to be called",
            (
                Option("none", "not corrected: the penalty for a revoke (law 101)"),
                Option(
                    "corrected_liable",
                    "corrected before the trick is turned and quitted: he plays again as "
                    "called, and the card played in error is liable to be called (not the "
                    "declarant's, law 84)",
                ),
            ),
        ),
        Offence(
            "dummy_suggestion",
            "dummy suggesting the play of a card from his hand",
            "dummy_suggestion",
            "either_adversary",
            "when the declarant has played from dummy",
            "either adversary may, without consultation, call upon the declarant to play or not "
            "to play the card suggested",
            (PLAY, NOT_PLAY, WAIVE),
        ),
        Offence(
            "dummy_incident",
            "dummy calling attention to an incident of the play",
            "dummy_incident",
            "none",
            "—",
            "such penalty cannot be enforced by the declarant",
            (
                Option(
                    "waive",
                    "the penalty that incident would have earned is lost: the call of the card "
                    "named (of every liable card if none is named) and a suit still to call lapse",
                ),
            ),
        ),
        Offence(
            "claim_by_adversary",
            '"I can win the rest" by an adversary of the declarant',
            "claim_adversary",
            "none",
            "—",
            "his partner's cards must be laid upon the table, face upward, and are liable to "
            "be called",
            (
                Option(
                    "partner_exposed", "the partner's cards are laid face up, liable to be called"
                ),
            ),
        ),
        Offence(
            "claim_by_declarant",
            '"I can win the rest" by the declarant',
            "claim_declarant",
            "none",
            "—",
            "his adversaries are not liable to have any of their cards called should they "
            "thereupon expose them, and the declarant is debarred from making any finesse not "
            "previously announced or established",
            (NONE,),
        ),
        Offence(
            "quitted_trick",
            "looking at a trick turned and quitted",
            "quitted_trick",
            "declarant",
            "when the offender's side next has the lead",
            "A violation of this law subjects the offender's side to the same penalty as in "
            "case of a lead out of turn",
            (CALL_SUIT, WAIVE),
            declaring_who="none",
            declaring_why="the penalty is that of a lead out of turn, and the declarant's own "
            "lead out of turn incurs none (law 90)",
        ),
        Offence(
            "unauthorized_reference",
            "an unauthorized reference to an incident of the play or a bid",
            "unauthorized_reference",
            "declarant",
            "when the adversary next to lead has led",
            "the declarant may call a suit from the adversary whose turn it is next to lead",
            (CALL_SUIT, WAIVE),
            declaring_who="none",
            declaring_why="law 92 names only the declarant's adversaries",
        ),
        Offence(
            "attention_to_trick",
            "an adversary calling attention to the trick before his partner plays",
            "attention_to_trick",
            "declarant",
            "when the partner has played",
            "the declarant may require the offender's partner to play his highest or lowest of "
            "the suit led, or, if he has none, to trump or not to trump the trick",
            (HIGHEST, LOWEST, TRUMP, NO_TRUMP, WAIVE),
            declaring_who="none",
            declaring_why="law 97 names only an adversary of the declarant",
        ),
        Offence(
            "wrong_number_of_cards",
            "a hand with more or fewer than thirteen cards",
            "wrong_cards",
            "director",
            "—",
            "A. before or during the original play, a new deal; B. on taking up for overplay, "
            "sent back and rectified; C. after overplay has begun: two tables, a new deal; more "
            "than two, rectified and passed on, each team taking the average (law 51; single "
            "table: always a new deal, law 117)",
            NEW_DEAL_OR_AVERAGE,
            phase="deal",
            see=("single_table_irregular",),
        ),
        Offence(
            "misdeal",
            "a misdeal",
            "misdeal",
            "none",
            "—",
            "There is no penalty for a misdeal; the cards must be redealt by the same player "
            "(laws 45, 47)",
            (NEW_DEAL,),
            phase="deal",
            see=("redeal",),
        ),
    )
}
