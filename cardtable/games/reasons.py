"""Why an action is refused, as a keyed message (C-5): a key and parameters that a client says
in its own language (``server/static/i18n/*.json`` holds the same keys), and the English
sentence the library keeps in ``IllegalActionError.reason``.

Parameters: ``card`` is one card and ``cards`` several, in notation (``7h``, ``Th 9h``);
``seat`` is a seat counted from 0 as in the protocol (people read it plus one); ``suit`` is a
suit letter; ``n`` a count, which picks the ``_one`` or ``_other`` form of a key; names ending
in ``_en`` are English words used by the English sentence only.
"""

from __future__ import annotations

from cardtable.core.errors import IllegalActionError

Param = str | int

ENGLISH: dict[str, str] = {
    # -- every game ---------------------------------------------------------------------------
    "refusal.match_over": "The match is over",
    "refusal.hand_over": "The hand is over",
    "refusal.not_in_hand": "{card} is not in your hand",
    # -- Royal Casino -------------------------------------------------------------------------
    "refusal.rc.not_a_play": "That is not a Royal Casino play",
    "refusal.rc.not_allowed": "That play is not allowed now",
    "refusal.rc.owner_may_not_trail": "You own a build, so you may not trail",
    "refusal.rc.trail_rank_loose_one": (
        "You may not trail {card} while {cards} of its rank lies loose: capture with it or build "
        "with it"
    ),
    "refusal.rc.trail_rank_loose_other": (
        "You may not trail {card} while {cards} of its rank lie loose: capture with it (taking at "
        "least one of them) or build with it"
    ),
    "refusal.rc.swept_must_trail": "The table was swept, so you must trail",
    "refusal.rc.not_on_table_one": "{cards} is not on the table",
    "refusal.rc.not_on_table_other": "{cards} are not on the table",
    "refusal.rc.build_used_whole": "The build {cards} is used whole: name all of its cards",
    "refusal.rc.keep_to_build": (
        "To build {value} you must keep another card of value {value} ({value_en}) in hand"
    ),
    "refusal.rc.keep_for_owned_build": (
        "You own the build {cards} worth {value}, so you must keep {value_en} in hand until it is "
        "captured"
    ),
    "refusal.rc.build_captured_by_value": (
        "The build {cards} is worth {value}: only a card of that value captures it"
    ),
    "refusal.rc.capture_sums": (
        "{card} cannot take {cards}: loose cards are taken as single cards or sums worth {value}"
    ),
    "refusal.rc.capture_one_of_rank": (
        "Capturing with {card}, you must take a loose card of its rank: one of {cards}"
    ),
    "refusal.rc.build_range": "A build is worth from 2 to 14",
    "refusal.rc.never_merged": "Two builds are never merged",
    "refusal.rc.no_build_group": (
        "{card} and {cards} do not make a build worth {value}: the played card must be in a group "
        "worth {value} and every other loose card too"
    ),
    "refusal.rc.partner_no_add": "You may not add to your partner's build",
    "refusal.rc.add_groups": (
        "To add to the build worth {value}, {card} alone or with loose cards must be worth "
        "{value}, and any other loose cards must make groups worth {value}"
    ),
    "refusal.rc.multiple_fixed": "A multiple build's value never changes",
    "refusal.rc.raise_higher": "Raising makes a build worth more than {old}, not {value}",
    "refusal.rc.raise_own": "You may not raise your own build",
    "refusal.rc.raise_partner": "You may not raise your partner's build",
    "refusal.rc.raise_makes": "Raising the build worth {old} with {card} makes it worth {value}",
    "refusal.rc.raise_above": (
        "Raising the build worth {old} with {card} would take it above {value}"
    ),
    "refusal.rc.raise_alone": "A build is raised by the played card alone: no loose cards join it",
    # -- Buck Euchre --------------------------------------------------------------------------
    "refusal.be.not_an_action": "That is not a Buck Euchre action",
    "refusal.be.not_in_deck": "{card} is not in the Buck Euchre deck (9 to ace of each suit)",
    "refusal.be.clubs_turned": (
        "Clubs were turned up, so clubs are trump: nobody orders, names, discards or drops"
    ),
    "refusal.be.turned_down": "{suit_en} were turned down: name another suit or pass",
    "refusal.be.discard_first": "The dealer must first discard a card",
    "refusal.be.order_when": "You may order only while the upcard is face up, in the first round",
    "refusal.be.pass_when": "Passing is only for the two rounds of bidding, which are over",
    "refusal.be.discard_when": "Only the dealer discards, once, right after picking up the upcard",
    "refusal.be.trump_when": (
        "Trump is named only in the second round, after all four pass the upcard"
    ),
    "refusal.be.stay_when": (
        "Players stay or drop once, after trump is settled and before the play"
    ),
    "refusal.be.play_when": (
        "Cards are played once trump is settled and everyone has stayed or dropped"
    ),
    "refusal.be.follow_trump": "You must follow suit: you have a trump",
    "refusal.be.follow_suit": "You must follow suit: you have a {suit_en}",
    "refusal.be.follow_trump_bower": (
        "You must follow suit: you have a trump ({card}, the left bower, is a trump)"
    ),
    "refusal.be.follow_suit_bower": (
        "You must follow suit: you have a {suit_en} ({card}, the left bower, is a trump)"
    ),
    # -- Rummy 500 and Queen City Rum ---------------------------------------------------------
    "refusal.rummy.answer_call": (
        "Seat {seat} has just discarded: answer 'rummy <card>' to call Rummy or 'pass'"
    ),
    "refusal.rummy.no_calls": "There are no Rummy calls in this game",
    "refusal.rummy.call_when_asked": "Rummy is called just after a discard, when you are asked",
    "refusal.rummy.stock_empty": (
        "The stock is empty: take from the discard pile to meld or lay off at once, or end the hand"
    ),
    "refusal.rummy.end_when_empty": "The hand may be ended only when the stock is empty",
    "refusal.rummy.draw_first": (
        "First draw: take the top card of the stock or from the discard pile"
    ),
    "refusal.rummy.drawn_already": "You have already drawn this turn",
    "refusal.rummy.not_now": "That is not possible now",
    "refusal.rummy.dead_end_required": (
        "After that you could not finish your turn: {cards} must still be melded or laid off"
    ),
    "refusal.rummy.dead_end": "After that you could not finish your turn with a legal discard",
    "refusal.rummy.not_in_pile": "There is no {card} in the discard pile",
    "refusal.rummy.copies_not_in_pile": "There is no {n} copies of {card} in the discard pile",
    "refusal.rummy.top_only": "Only the top card of the discard pile may be taken ({card})",
    "refusal.rummy.take_dead_end": "After taking {card} you could not finish your turn",
    "refusal.rummy.dig_must_use": (
        "You may dig down to {card} only if you can meld or lay it off this turn"
    ),
    "refusal.rummy.empty_take_must_use": (
        "The stock is empty: you may take {card} only to meld or lay it off at once"
    ),
    "refusal.rummy.use_dead_end": (
        "You could use {card}, but then you could not finish your turn legally"
    ),
    "refusal.rummy.no_such_in_pile": "There is no such {card} in the discard pile",
    "refusal.rummy.call_must_use": (
        "To call Rummy down to {card} you must be able to meld or lay off {cards} at once"
    ),
    "refusal.rummy.call_dead_end": "After that call you could not finish your turn legally",
    "refusal.rummy.use_taken_first": ("First meld or lay off {cards}, taken from the discard pile"),
    "refusal.rummy.not_back": (
        "You may not discard {card}: you have just taken it from the discard pile"
    ),
    "refusal.rummy.out_needs_meld": "You may not go out without a meld of your own this hand",
    "refusal.rummy.dead_last": (
        "The discard that empties your hand must be a card that cannot be melded or laid off, "
        "and {card} can be laid off"
    ),
    "refusal.rummy.discard_not_now": "That discard is not possible now",
    "refusal.rummy.meld_needs_natural": "A meld needs at least one natural card",
    "refusal.rummy.meld_needs_three": "A meld needs at least three cards",
    "refusal.rummy.ace_high_or_low": "An ace is high or low, never both: K A 2 is not a run",
    "refusal.rummy.not_in_sequence": (
        "{ranks} of one suit are not in sequence, so they are not a run"
    ),
    "refusal.rummy.set_at_most_four": "A set has at most four cards, all of one rank",
    "refusal.rummy.not_a_meld": (
        "That is neither a run (one suit in sequence) nor a set (one rank, different suits)"
    ),
    "refusal.rummy.no_jokers": "This game is played without jokers",
    "refusal.rummy.hold_only": "You hold only {n} {card}",
    "refusal.rummy.jokers_held": "You hold {n} joker(s), not {want}",
    "refusal.rummy.meld_each_once": (
        "A meld holds each card once: a set's cards are all of different suits"
    ),
    "refusal.rummy.joker_for_held": (
        "The meld already holds {card}: a joker cannot stand for it too"
    ),
    "refusal.rummy.joker_not_in_hand": "A joker is not in your hand",
    "refusal.rummy.no_such_meld": (
        "There is no meld {meld} on the table (melds are numbered 1 to {n})"
    ),
    "refusal.rummy.no_meld_yet": "There is no meld {meld} on the table (no meld yet)",
    "refusal.rummy.not_extend": "{card} does not extend meld {meld} ({cards})",
    "refusal.rummy.joker_not_extend": "a joker as {card} does not extend meld {meld} ({cards})",
    "refusal.rummy.layoff_to_last_card": (
        "Without a meld of your own you may not lay off down to one card: discarding it would "
        "go out"
    ),
}


def english(key: str, params: dict[str, Param]) -> str:
    """The English sentence of ``key`` (its ``_one``/``_other`` form when it has them)."""
    if key not in ENGLISH:
        key = f"{key}_one" if params.get("n") == 1 else f"{key}_other"
    return ENGLISH[key].format(**params)


def refusal(key: str, rule: str, action: str | None = None, **params: Param) -> IllegalActionError:
    """The error for an action refused by ``rule``, said by ``key`` with ``params``."""
    return IllegalActionError(english(key, params), rule, action, key=key, params=params)
