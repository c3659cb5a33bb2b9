"""The four games registered with OpenSpiel as Python games.

``register()`` adds ``cardtable_royal_casino``, ``cardtable_buck_euchre``,
``cardtable_rummy_500`` and ``cardtable_queen_city_rum``; their parameters are ``players`` and
the game's options by their rule-book names (``pyspiel.load_game("cardtable_rummy_500",
{"players": 3, "target": 300})``). A game is one hand (a deal), as in the tournament's deals
mode: chance picks the dealer, then the deck card by card, top first; the players then move
one token at a time (``cardtable.research.actions``). Returns are ``points_ahead``
(``cardtable.bots.knowledge``): a side's points against the others' mean, more is better (Buck
Euchre's count-down points are negated; its search's match-win bonus is left out), so they sum
to zero.

Information states and observations are the seat's view (``Rules.view``, what
``Match.view(seat)["state"]`` holds) with the tokens chosen so far, as canonical JSON or as
``view_tensor`` plus the chosen tokens. Views keep what a player may remember (tricks played,
Royal Casino's captures as they were made even while its piles lie face down, melds, cards seen
taken), so the string serves as the information state.
``resample_from_infostate`` deals the hidden cards anew as the bots do (``GameBots.determinize``:
``Rules.determinize``, or for Buck Euchre a deal weighed by the bids).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import numpy as np
import pyspiel

from cardtable.bots.catalog import bots_for
from cardtable.bots.knowledge import points_ahead
from cardtable.core.cards import CARD_NAMES
from cardtable.core.game import JSON, Action, Rules
from cardtable.core.registry import rules_class
from cardtable.research.actions import Pending, codec_for
from cardtable.research.observations import layout, view_tensor

GAMES = ("royal-casino", "buck-euchre", "rummy-500", "queen-city-rum")
CARD_OUTCOMES = 53


def short_name(game: str) -> str:
    """``rummy-500`` → ``cardtable_rummy_500``."""
    return "cardtable_" + game.replace("-", "_")


class Shared:
    """What every state of a game shares. OpenSpiel clones a Python state by deep-copying its
    attributes: this one, like the immutable engine state in ``Held``, is shared instead."""

    def __init__(self, rules: Rules[Any]) -> None:
        self.rules = rules
        self.codec = codec_for(rules)
        self.layout = layout(rules.game_id, rules.players, **rules.options)

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self


class Held:
    """An immutable engine state, shared by clones (see ``Shared``)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return self


def _game_type(game: str) -> pyspiel.GameType:
    cls = rules_class(game)
    params: dict[str, Any] = {"players": cls.default_players}
    params.update({s.name: s.default for s in cls.option_specs})
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"cardtable {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(cls.player_counts),
        min_num_players=min(cls.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class CardtableGame(pyspiel.Game):  # type: ignore[misc]
    """One game with its players and options; ``rules`` and ``codec`` are shared by its
    states. A subclass per game (below) sets ``game_id``."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.game_id
        params = dict(params or {})
        players = int(params.pop("players", rules_class(game).default_players))
        rules: Rules[Any] = rules_class(game).create(players, params)
        self.shared = Shared(rules)
        deck = len(rules.deck())
        low, high = utility_bounds(rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.shared.codec.num_actions,
            max_chance_outcomes=max(CARD_OUTCOMES, players),
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=60 * deck,
        )
        given = {"players": players, **rules.options}
        super().__init__(_game_type(game), info, given)

    def new_initial_state(self) -> CardtableState:
        return CardtableState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ViewObserver:
        return ViewObserver(self)


def utility_bounds(rules: Rules[Any]) -> tuple[float, float]:
    """The least and the greatest return of one hand (``hand_returns``: a side's points less
    the other sides' mean, more is better), from the game, its players and options.

    - Buck Euchre (BE-11, BE-9): a seat's points are -1 a trick, +5 when euchred, 0 when
      dropped. Best: -5 for all five tricks while the three others, still in, are euchred
      (+5 each): 10. Worst: euchred (+5) while the others took all five tricks: -(5 + 5/3).
    - Royal Casino (RC-20, RC-18): the items are worth 11 together, and a side can sweep at
      most once per card it plays (52 / sides): ``11 + S`` for one side and nothing for the
      others, or the reverse shared among the others.
    - The rummies (R5-12, QC-7): the values of every card in the deck, V, bound what one
      player melds and what the others are left holding (Queen City Rum adds the 25 of going
      out and never subtracts).
    """
    sides = rules.sides
    game = rules.game_id
    if game == "buck-euchre":
        return -(5.0 + 5.0 / 3.0), 10.0
    if game == "royal-casino":
        best = 11.0 + (52 // sides if rules.options.get("sweeps", True) else 0)
        return -best / (sides - 1), best
    values = rules.variant.values  # type: ignore[attr-defined]
    worth = float(sum(values[c] for c in rules.deck()))
    if game == "queen-city-rum":
        worth += 25.0  # QC-7: going out
    return -worth, worth


def hand_returns(rules: Rules[Any], hand: Any) -> list[float]:
    """Each player's return from a finished hand: points against the others' mean, without a
    game's own additions (Buck Euchre's match-win bonus), so that the returns sum to zero."""
    settled = rules.settle(hand, rules.initial_scores())
    return [points_ahead(rules, settled, rules.side_of(s)) for s in range(rules.players)]


class CardtableState(pyspiel.State):  # type: ignore[misc]
    """Dealing (chance), then a hand of the game on the immutable ``Rules`` state."""

    def __init__(self, game: CardtableGame) -> None:
        super().__init__(game)
        self.shared: Shared = game.shared
        self.dealer: int | None = None
        self.dealt: list[int] = []
        self.held: Held | None = None  # the engine's state once dealt
        self.pending: Pending | None = None

    @property
    def rules(self) -> Rules[Any]:
        return self.shared.rules

    @property
    def hand(self) -> Any:
        """The engine's state of the hand (None while dealing)."""
        return None if self.held is None else self.held.value

    # -- the OpenSpiel contract ------------------------------------------------------------------
    def current_player(self) -> int:
        if self.held is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.rules.to_move(self.held.value)
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else int(seat)

    def is_terminal(self) -> bool:
        return self.held is not None and self.rules.to_move(self.held.value) is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealer is None:
            n = self.rules.players
            return [(s, 1.0 / n) for s in range(n)]
        left = Counter(self.rules.deck())
        left.subtract(self.dealt)
        total = sum(left.values())
        return [(c, k / total) for c, k in sorted(left.items()) if k > 0]

    def _legal_actions(self, player: int) -> list[int]:
        return self._pending().next_tokens()

    def _apply_action(self, action: int) -> None:
        rules = self.rules
        if self.held is None:
            if self.dealer is None:
                self.dealer = int(action)
            else:
                self.dealt.append(int(action))
                if len(self.dealt) == len(rules.deck()):
                    deal = rules.deal(self.dealt, self.dealer, rules.initial_scores())
                    self.held = Held(deal)
            return
        done: Action | None = self._pending().push(int(action))
        if done is not None:
            self.held = Held(rules.apply(self.held.value, done))
            self.pending = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"dealer {action}" if self.dealer is None else f"deal {CARD_NAMES[action]}"
        return self.shared.codec.names[action]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.rules.players
        return hand_returns(self.rules, self.hand)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardtableState:
        """A state showing ``player_id`` the same information, the cards hidden from it dealt
        anew (``GameBots.determinize``, seeded from the sampler)."""
        if self.held is None:
            raise ValueError("nothing to resample before the deal is complete")
        rules = self.rules
        rng = random.Random(int(probability_sampler() * 2**52))
        other: CardtableState = self.clone()
        view = rules.view(self.hand, player_id)
        other.held = Held(bots_for(rules.game_id).determinize(rules, view, player_id, rng))
        other.pending = None
        if self.pending is not None:
            other._pending().follow(self.pending.prefix)
        return other

    def __str__(self) -> str:
        if self.held is None:
            return f"dealing: dealer {self.dealer}, {len(self.dealt)} cards"
        zones = self.rules.zones(self.hand)
        return "; ".join(f"{k}: {' '.join(CARD_NAMES[c] for c in v)}" for k, v in zones.items())

    # -- views -----------------------------------------------------------------------------------
    def _pending(self) -> Pending:
        if self.pending is None:
            rules, hand = self.rules, self.hand
            seat = rules.to_move(hand)
            assert seat is not None, "no decision is owed"
            legal = rules.legal_actions(hand)
            self.pending = Pending(self.shared.codec, legal, lambda: rules.view(hand, seat))
        return self.pending

    def seat_view(self, player: int) -> JSON:
        """The keys of ``Match.view(player)`` that observations read, at the hand's start
        scores (a game here is one hand)."""
        rules = self.rules
        return {
            "game": rules.game_id,
            "players": rules.players,
            "options": rules.options,
            "seat": player,
            "scores": list(rules.initial_scores()),
            "state": rules.view(self.hand, player),
        }

    def chosen(self, player: int) -> tuple[int, ...]:
        """The tokens ``player`` has chosen for the action it is building."""
        if self.pending is None or self.current_player() != player:
            return ()
        return self.pending.prefix


class ViewObserver:
    """OpenSpiel's observer: the seat's view as a tensor (``view_tensor`` then the chosen
    tokens) and as JSON; the same for information states and observations."""

    def __init__(self, game: CardtableGame) -> None:
        size = game.shared.layout.size
        self.tensor = np.zeros(size + game.shared.codec.num_actions, np.float32)
        self.dict = {
            "view": self.tensor[:size],
            "chosen": self.tensor[size:],
        }

    def set_from(self, state: CardtableState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.held is None:
            return
        self.dict["view"][:] = view_tensor(state.seat_view(player), state.rules)
        self.dict["chosen"][list(state.chosen(player))] = 1.0

    def string_from(self, state: CardtableState, player: int) -> str:
        if state.held is None:
            return f"seat {player}: dealing"
        view = {"seat": player, "state": state.rules.view(state.hand, player)}
        view["chosen"] = list(state.chosen(player))
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


_GAME_CLASSES: dict[str, type[CardtableGame]] = {
    game: type(f"{rules_class(game).__name__}Game", (CardtableGame,), {"game_id": game})
    for game in GAMES
}


def register() -> list[str]:
    """Register the four games with OpenSpiel (again is harmless); their short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game in GAMES:
        name = short_name(game)
        if name not in registered:
            pyspiel.register_game(_game_type(game), _GAME_CLASSES[game])
        names.append(name)
    return names
