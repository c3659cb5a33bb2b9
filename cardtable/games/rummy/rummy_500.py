"""Rummy 500 (RULES.md R5-1 ... R5-15) as a preset of the rummy engine: its options, its
variant data, and how a hand scores.

Two options depend on the number of players, which an option's static default cannot express:
``decks`` and ``hand_size`` default to 0, meaning automatic (R5-1: one deck for 2-4 players,
two for 5-8; R5-3: 13 cards each for 2 players, 7 for 3 or more). The resolved number is what
the rules object, its views and match records carry.
"""

from __future__ import annotations

from cardtable.core.game import OptionSpec, Settlement
from cardtable.core.registry import register
from cardtable.games.rummy.engine import RummyRules
from cardtable.games.rummy.scoring import winner
from cardtable.games.rummy.state import RummyState
from cardtable.games.rummy.variant import RuleIds, Variant

RULES = RuleIds(
    deck="R5-1",
    turn="R5-6",
    meld="R5-4",
    joker="R5-5",
    dig="R5-7",
    back="R5-8",
    layoff="R5-9",
    call="R5-10",
    end="R5-11",
    going_out="R5-11",
    dead_last="R5-15",
)

# R5-2: 2-10 pips, J Q K 10, ace 15 (1 at the low end of a run), joker 15.
STANDARD = (*(15 if r == 0 else min(r + 1, 10) for _ in range(4) for r in range(13)), 15)
# R5-2 option: 2-9 are 5, T-K 10, ace and joker 15, a low ace 5.
FIVE_TEN_FIFTEEN = (
    *(15 if r == 0 else 5 if r < 9 else 10 for _ in range(4) for r in range(13)),
    15,
)


class Rummy500(RummyRules):
    game_id = "rummy-500"
    title = "Rummy 500"
    rule_prefix = "R5"
    player_counts = (2, 3, 4, 5, 6, 7, 8)
    default_players = 2
    option_specs = (
        OptionSpec("decks", 0, "0 = automatic: 1 deck for 2-4 players, 2 for 5-8", low=0, high=2),
        OptionSpec("jokers", 2, "jokers per deck (0 plays without)", low=0, high=2),
        OptionSpec("hand_size", 0, "cards dealt each: 0 = automatic (13 for 2, 7 for 3+)",
                   low=0, high=52),
        OptionSpec("scoring", "standard", "card values", choices=("standard", "5-10-15")),
        OptionSpec("rummy_calls", True, "other players may call Rummy on a playable discard"),
        OptionSpec("floating", False, "a player who melds out without a discard floats"),
        OptionSpec("dead_last_discard", False, "the last discard must be unplayable"),
        OptionSpec("target", 500, "points that end the game (R5-13)", low=1, high=5000),
    )  # fmt: skip

    def make_variant(self) -> Variant:
        o = self.settings
        if not o["decks"]:
            o["decks"] = 1 if self.players <= 4 else 2  # R5-1
        if not o["hand_size"]:
            o["hand_size"] = 13 if self.players == 2 else 7  # R5-3
        five = o["scoring"] == "5-10-15"
        return Variant(
            rules=RULES,
            decks=o["decks"],
            jokers=o["jokers"],
            hand_size=o["hand_size"],
            values=FIVE_TEN_FIFTEEN if five else STANDARD,
            low_ace=5 if five else 1,
            dig=True,
            rummy_calls=o["rummy_calls"],
            floating=o["floating"],
            dead_last_discard=o["dead_last_discard"],
            out_needs_meld=False,
        )

    def settle(self, state: RummyState, scores: tuple[int, ...]) -> Settlement:
        """R5-12: cards melded and laid off, minus the cards left in hand; R5-13: the game."""
        melded, laid = self.placed_points(state)
        left = self.hand_points(state)
        points = tuple(m + x - h for m, x, h in zip(melded, laid, left, strict=True))
        after = tuple(s + p for s, p in zip(scores, points, strict=True))
        return Settlement(
            points=points,
            scores=after,
            breakdown={
                "melded": melded,
                "laid off": laid,
                "left in hand": [-h for h in left],
                "total": list(points),
            },
            winner=winner(after, self.settings["target"]),
        )


# Registered by a call, not a decorator: mypyc compiles this module (setup.py), and it
# cannot compile a decorated class.
register(Rummy500)
