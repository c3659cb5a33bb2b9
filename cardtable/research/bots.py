"""Bots across the border: OpenSpiel's ISMCTS as a cardtable bot (``openspiel-ismcts:N`` in
``cardtable tournament --bots``), and any cardtable bot as an OpenSpiel bot.

The ISMCTS bot gets what every cardtable bot gets, a seat's view and the legal actions. It
deals the hidden cards at random (``GameBots.determinize``) into an OpenSpiel state of the hand,
which shows the seat the same information state, and lets OpenSpiel's ``ISMCTSBot`` choose
token by token, ``N`` simulations per token (random rollouts, ``EngineRollout``); every
simulation starts from ``resample_from_infostate``, so the real hidden cards are never used.
Its exploration constant is 2 × ``SCALE`` of the game: the spread (standard deviation) of a
hand's return under random play, measured once, so that UCT weighs points as it weighs ±1
elsewhere.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from cardtable.bots import Bot, make_bot
from cardtable.bots.catalog import bots_for
from cardtable.bots.knowledge import random_policy
from cardtable.bots.search import rules_for
from cardtable.core.game import Action
from cardtable.core.views import View
from cardtable.research.openspiel import (
    CardtableState,
    Held,
    hand_returns,
    register,
    short_name,
)

SCALE = {"royal-casino": 6.1, "buck-euchre": 3.7, "rummy-500": 82.5, "queen-city-rum": 36.8}
"""Standard deviation of a hand's return (OpenSpiel's) under random play, 400 hands each."""

DEFAULT_SIMULATIONS = 300  # as many as search:medium's playouts


def state_from_view(view: Mapping[str, Any], rng: random.Random) -> CardtableState:
    """An OpenSpiel state of the hand in ``view`` (a ``Match.view``), the cards hidden from
    its seat dealt at random; its information state for that seat is the view's."""
    register()
    rules = rules_for(view)
    game = pyspiel.load_game(short_name(rules.game_id), {"players": rules.players, **rules.options})
    state: CardtableState = game.new_initial_state()
    state.dealer = view["state"]["dealer"]
    state.dealt = list(rules.deck())
    knows = bots_for(rules.game_id)
    state.held = Held(knows.determinize(rules, view["state"], view["seat"], rng))
    return state


class EngineRollout(mcts.Evaluator):  # type: ignore[misc]
    """OpenSpiel's random-rollout evaluation, played on the engine: from the state's hand,
    uniformly random legal actions (whole actions, not tokens) until the hand ends. The same
    hands as ``mcts.RandomRolloutEvaluator`` reaches through the OpenSpiel game, without a
    Python call per token; a rollout from a half-chosen action finishes it at random first."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def evaluate(self, state: CardtableState) -> np.ndarray[Any, np.dtype[np.float64]]:
        rules, hand, rng = state.rules, state.hand, self.rng
        started = finish_action(state, rng)
        if started is not None:
            hand = rules.apply(hand, started)
        while rules.to_move(hand) is not None:
            hand = rules.apply(hand, random_policy(rules, hand, rng))
        return np.array(hand_returns(rules, hand))

    def prior(self, state: CardtableState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(token, 1.0 / len(legal)) for token in legal]


def finish_action(state: CardtableState, rng: random.Random) -> Action | None:
    """A uniformly random legal action among those the tokens chosen so far begin (None when
    no token is chosen yet)."""
    pending = state.pending
    if pending is None or not pending.prefix:
        return None
    prefix, n = pending.prefix, len(pending.prefix)
    return rng.choice([a for seq, a in pending.options.items() if seq[:n] == prefix])


class ISMCTSBot:
    """OpenSpiel's information-set MCTS as a cardtable bot (see the module docstring)."""

    def __init__(
        self, game: str, simulations: int = DEFAULT_SIMULATIONS, seed: int | None = None
    ) -> None:
        register()
        self.game = game
        self.simulations = simulations
        self.rng = random.Random(seed)
        self._bots: dict[tuple[int, tuple[tuple[str, Any], ...]], ismcts.ISMCTSBot] = {}

    def _bot(self, view: View) -> ismcts.ISMCTSBot:
        key = (view["players"], tuple(sorted(view["options"].items())))
        bot = self._bots.get(key)
        if bot is None:
            game = pyspiel.load_game(
                short_name(self.game), {"players": view["players"], **view["options"]}
            )
            dice = np.random.RandomState(self.rng.randrange(2**31))
            bot = ismcts.ISMCTSBot(
                game,
                EngineRollout(random.Random(self.rng.randrange(2**31))),
                2.0 * SCALE[self.game],
                self.simulations,
                random_state=dice,
            )
            # OpenSpiel's own resampling draws from an unseeded sampler of its C++ side; ours
            # is seeded, so a seeded bot plays the same moves every time (tournaments replay)
            worlds = random.Random(self.rng.randrange(2**31))
            bot.set_resampler(
                lambda state, player: state.resample_from_infostate(player, worlds.random)
            )
            self._bots[key] = bot
        return bot

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        state = state_from_view(view, self.rng)
        bot = self._bot(view)
        while True:
            pending = state._pending()
            token = int(bot.step(state))
            chosen = pending.options.get((*pending.prefix, token))
            if chosen is not None:
                return next(a for a in legal if str(a) == str(chosen))
            state.apply_action(token)


class CardtableSpielBot(pyspiel.Bot):  # type: ignore[misc]
    """A cardtable bot level (``heuristic``, ``search:medium`` …) playing an OpenSpiel game of
    ``cardtable.research.openspiel``: it sees the seat's view, chooses a whole action, and
    gives its tokens one per step."""

    def __init__(self, game: str, level: str, player: int, seed: int | None = None) -> None:
        pyspiel.Bot.__init__(self)
        self.bot: Bot = make_bot(game, level, seed)
        self.player = player
        self.tokens: list[int] = []

    def restart_at(self, state: CardtableState) -> None:
        self.tokens = []

    def step(self, state: CardtableState) -> int:
        if not self.tokens:
            view = full_view(state, self.player)
            rules = state.rules
            legal = rules.legal_actions(state.hand)
            action = self.bot.choose(view, legal)
            self.tokens = list(state.shared.codec.tokens(action, view["state"]))
            self.tokens = self.tokens[len(state.chosen(self.player)) :]
        return self.tokens.pop(0)


def full_view(state: CardtableState, seat: int) -> View:
    """``Match.view(seat)`` of the hand in ``state`` as its first hand: the match made from
    the state's deal would show these keys (a bot may read any of them)."""
    rules = state.rules
    hand = state.hand
    legal = rules.legal_actions(hand) if rules.to_move(hand) == seat else []
    return {
        "game": rules.game_id,
        "players": rules.players,
        "options": dict(rules.options),
        "seat": seat,
        "side": rules.side_of(seat),
        "sides": [rules.side_of(s) for s in range(rules.players)],
        "hand_number": 1,
        "dealer": state.dealer,  # type: ignore[typeddict-item]  # dealt: a seat is to move
        "to_move": rules.to_move(hand),
        "scores": list(rules.initial_scores()),
        "hand_scores": None,
        "history": [],
        "is_over": False,
        "winner": None,
        "legal_actions": [str(a) for a in legal],
        "state": rules.view(hand, seat),
        "last_hand": None,
    }


def level_bot(game: str, level: str, seed: int | None) -> ISMCTSBot:
    """The bot of an ``openspiel-ismcts[:N]`` level (what ``cardtable.bots.make_bot`` asks)."""
    base, _, count = level.partition(":")
    if base != "openspiel-ismcts" or not (count == "" or count.isdigit()):
        raise ValueError(f"unknown OpenSpiel bot level {level!r} (openspiel-ismcts:N)")
    return ISMCTSBot(game, int(count) if count else DEFAULT_SIMULATIONS, seed)
