"""Queen City Rum (RULES.md QC-1 ... QC-9) as a preset of the rummy engine: two players, ten
cards, only the top discard may be drawn, going out needs a meld of one's own, and the player
who goes out scores a bonus and the opponent's hand.
"""

from __future__ import annotations

from cardtable.core.game import OptionSpec, Settlement
from cardtable.core.registry import register
from cardtable.games.rummy.engine import RummyRules
from cardtable.games.rummy.scoring import winner
from cardtable.games.rummy.state import RummyState
from cardtable.games.rummy.variant import RuleIds, Variant

RULES = RuleIds(
    deck="QC-1",
    turn="QC-4",
    meld="QC-5",
    joker="QC-5",
    dig="QC-4",
    back="QC-4",
    layoff="QC-4",
    call="QC-4",
    end="QC-8",
    going_out="QC-6",
    dead_last="QC-6",
)

# QC-3: ace 15 (low or high), K Q J T 10, 2-9 pips. No jokers (QC-1); index 52 unused.
VALUES = (*(15 if r == 0 else min(r + 1, 10) for _ in range(4) for r in range(13)), 0)
GOING_OUT_BONUS = 25  # QC-7


class QueenCityRum(RummyRules):
    game_id = "queen-city-rum"
    title = "Queen City Rum"
    rule_prefix = "QC"
    player_counts = (2,)
    default_players = 2
    option_specs = (OptionSpec("target", 101, "points that end the game (QC-9)", low=1, high=1000),)

    def make_variant(self) -> Variant:
        return Variant(
            rules=RULES,
            decks=1,
            jokers=0,
            hand_size=10,  # QC-2
            values=VALUES,
            low_ace=VALUES[0],
            dig=False,  # QC-4: the top discard only
            rummy_calls=False,
            floating=False,
            dead_last_discard=False,
            out_needs_meld=True,  # QC-6
        )

    def settle(self, state: RummyState, scores: tuple[int, ...]) -> Settlement:
        """QC-7: cards melded and laid off; going out adds 25 and the opponent's hand. QC-8:
        no bonus when the stock ran out. QC-9: the game."""
        melded, laid = self.placed_points(state)
        left = self.hand_points(state)
        bonus, theirs = [0, 0], [0, 0]
        if state.out >= 0:
            bonus[state.out] = GOING_OUT_BONUS
            theirs[state.out] = left[1 - state.out]
        points = tuple(melded[s] + laid[s] + bonus[s] + theirs[s] for s in range(2))
        after = tuple(s + p for s, p in zip(scores, points, strict=True))
        return Settlement(
            points=points,
            scores=after,
            breakdown={
                "melded": melded,
                "laid off": laid,
                "going out": bonus,
                "opponent's hand": theirs,
                "total": list(points),
            },
            winner=winner(after, self.settings["target"]),
        )

    def next_dealer(self, dealer: int, settlement: Settlement) -> int:
        """QC-2: the winner of the hand (who went out) deals; otherwise the deal alternates."""
        out = settlement.breakdown["going out"]
        return out.index(GOING_OUT_BONUS) if GOING_OUT_BONUS in out else 1 - dealer


# Registered by a call, not a decorator: mypyc compiles this module (setup.py), and it
# cannot compile a decorated class.
register(QueenCityRum)
